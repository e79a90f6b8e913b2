"""``oddscalc.rank_batch`` against ``oddscalc.rank`` one hand at a time, in the same run.

    python bench/rank_batch.py              # 1,000,000 hands a size (3, 5, 6, 7 cards)
    python bench/rank_batch.py --hands N

The batch is given as a (hands, cards) uint8 buffer of card codes, as NumPy or ``array`` hold it;
the time includes the API's checks (every code below 52, no card twice in a hand) and the report
(hands by category).  Three cards rank under Three Card Poker's ranking (``game="three-card-poker"``,
as ``rank`` ranks them there).  The baseline ranks a sample of the same hands through
``oddscalc.rank``, the call a Python user makes for one hand.  Issue 21 asks at least one million
hands a second.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import oddscalc  # noqa: E402


def hands_buffer(n: int, k: int, seed: int) -> memoryview:
    rng = random.Random(seed)
    deck = list(range(52))
    flat = bytearray()
    for _ in range(n):
        flat += bytes(rng.sample(deck, k))
    return memoryview(bytes(flat)).cast("B", (n, k))


def best(function, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--sample", type=int, default=2_000, help="hands ranked one at a time (default 2000)")
    args = parser.parse_args()
    print(f"{'cards':>5} {'batch hands/s':>15} {'one at a time':>15} {'ratio':>10}")
    ok = True
    for k in (3, 5, 6, 7):
        game = "three-card-poker" if k == 3 else None
        view = hands_buffer(args.hands, k, k)
        batch = args.hands / best(lambda view=view, game=game: oddscalc.rank_batch(view, game=game), 3)
        flat = view.cast("B")
        sample = [list(flat[i * k:(i + 1) * k]) for i in range(args.sample)]
        single = args.sample / best(lambda sample=sample, game=game: [oddscalc.rank(h, game=game) for h in sample], 1)
        ok &= batch >= 1e6
        print(f"{k:5d} {batch:15,.0f} {single:15,.0f} {batch / single:9,.0f}x")
    print("target met: at least 1,000,000 hands/s" if ok else "TARGET NOT MET: at least 1,000,000 hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
