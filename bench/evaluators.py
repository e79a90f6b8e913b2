"""Benchmark oddscalc's batch hand evaluator against phevaluator, eval7 and treys.

One run:

1. builds every five-card hand (2,598,960 rows) and 1,000,000 random seven-card hands
   (seeded), as flat byte arrays of card codes (card = rank * 4 + suit, rank 0..12 = 2..A,
   suit 0..3 = c d h s) seen through 2-D memoryviews -- no numpy;
2. times ``oddscalc._native.eval5.evaluate_batch`` over each array (best of a few repeats);
3. converts the same hands to each peer library's own card objects (outside the timing) and
   times the peer called once per hand through ``map``/``starmap``, which is the cheapest way
   to call a Python-level function per hand (in chunks of 100,000 hands, each the best of a
   few repeats).  A peer that would take too long over all hands is timed on a fixed-size,
   seeded random sample of the same hands, and the table says so;
4. checks, on every hand a peer evaluated, that the peer orders those hands the same way as
   oddscalc (equal hands equal, stronger hands stronger);
5. prints hands per second per evaluator and hand size, the ratio of oddscalc to each peer,
   and whether the targets of issue 2 hold: oddscalc at least 20x the fastest peer, and at
   least 50 M five-card hands per second.

Per-hand entry points (each library's fastest per-hand call, so the ratios are not flattered):

- phevaluator: the native ``phevaluator._pheval.evaluate_{5,6,7}cards(*ids)`` that the public
  ``evaluate_cards`` wraps (falls back to ``phevaluator.evaluate_cards`` if it moves);
- eval7: ``eval7.evaluate(cards)`` with a list of ``eval7.Card``;
- treys: ``Evaluator().evaluate(hand, board)`` with two hole cards and a 3- or 5-card board.

The peers are the optional extra ``pip install .[bench]``; a peer that is not installed is
skipped with a note.  All timings are single-threaded.  Exit status 1 if a peer orders some
hands differently from oddscalc, else 0 (a missed speed target is reported, not an error).

Run from the repository after ``python setup.py build_ext --inplace``::

    python bench/evaluators.py            # full run, about a minute
    python bench/evaluators.py --quick    # smaller arrays and samples, a few seconds
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from array import array
from itertools import chain, combinations, starmap
from pathlib import Path

try:
    from oddscalc._native import eval5
except ImportError:                                  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from oddscalc._native import eval5

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_NAMES = [rank + suit for rank in RANKS for suit in SUITS]   # index = card code

SEED = 20240502
N_FIVE = 2_598_960
TARGET_RATIO = 20.0
TARGET_FIVE_RATE = 50e6


# --- hands ------------------------------------------------------------------------------

class Hands:
    """A batch of hands: flat card-code bytes viewed as a (rows, size) array."""

    def __init__(self, label: str, size: int, flat: bytes):
        self.label = label
        self.size = size
        self.flat = flat
        self.rows = len(flat) // size
        self.view = memoryview(flat).cast("B", (self.rows, size))

    def row(self, i: int) -> bytes:
        return self.flat[i * self.size:(i + 1) * self.size]


def all_five_card_hands() -> Hands:
    return Hands("5-card (all)", 5, bytes(chain.from_iterable(combinations(range(52), 5))))


def random_hands(size: int, count: int, seed: int) -> Hands:
    rng = random.Random(seed)
    deck = range(52)
    flat = bytes(chain.from_iterable(rng.sample(deck, size) for _ in range(count)))
    return Hands(f"{size}-card (random)", size, flat)


# --- timing -----------------------------------------------------------------------------

def best_time(run, repeats: int) -> tuple[float, object]:
    """Shortest wall time of ``repeats`` calls of run(), with the garbage collector off; and
    the last result."""
    best, result = float("inf"), None
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            start = time.perf_counter()
            result = run()
            best = min(best, time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best, result


def time_oddscalc(hands: Hands, repeats: int) -> tuple[float, array]:
    out = array("H", bytes(2 * hands.rows))
    seconds, _ = best_time(lambda: eval5.evaluate_batch(hands.view, out), repeats)
    return hands.rows / seconds, out


# --- peers ------------------------------------------------------------------------------
# Each peer: name, a note on its entry point, whether higher results are stronger, and
# prepare(rows) -> a zero-argument function evaluating every row once per hand.

def peer_phevaluator():
    try:
        from phevaluator import _pheval
        by_size = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards,
                   7: _pheval.evaluate_7cards}
        entry = "_pheval.evaluate_Ncards(*ids)"
    except ImportError:
        from phevaluator import evaluate_cards
        by_size = {5: evaluate_cards, 6: evaluate_cards, 7: evaluate_cards}
        entry = "evaluate_cards(*ids)"
    from phevaluator.card import Card
    ids = [Card.to_id(name) for name in CARD_NAMES]

    def prepare(rows: list[bytes], size: int):
        converted = [tuple(ids[c] for c in row) for row in rows]
        evaluate = by_size[size]
        return lambda: list(starmap(evaluate, converted))

    return "phevaluator", entry, False, prepare


def peer_eval7():
    import eval7
    cards = [eval7.Card(name) for name in CARD_NAMES]
    evaluate = eval7.evaluate

    def prepare(rows: list[bytes], size: int):
        converted = [[cards[c] for c in row] for row in rows]
        return lambda: list(map(evaluate, converted))

    return "eval7", "evaluate([Card, ...])", True, prepare


def peer_treys():
    from treys import Card, Evaluator
    cards = [Card.new(name) for name in CARD_NAMES]
    evaluate = Evaluator().evaluate

    def prepare(rows: list[bytes], size: int):
        holes = [[cards[c] for c in row[:2]] for row in rows]
        boards = [[cards[c] for c in row[2:]] for row in rows]
        return lambda: list(map(evaluate, holes, boards))

    return "treys", "Evaluator().evaluate(hole, board)", False, prepare


PEERS = {"phevaluator": peer_phevaluator, "eval7": peer_eval7, "treys": peer_treys}


def same_order(ours, theirs, higher_is_stronger: bool) -> str | None:
    """None if ``theirs`` orders the hands exactly as ``ours`` does, else what differs.

    Same order means a strictly increasing map from our strengths to their values (strictly
    decreasing when their lower value is stronger): equal hands stay equal, stronger stays
    stronger, over every pair of hands.
    """
    seen: dict[int, int] = {}
    for mine, other in zip(ours, theirs, strict=True):
        if seen.setdefault(mine, other) != other:
            return f"oddscalc strength {mine} is both {seen[mine]} and {other} in the peer"
    keys = sorted(seen)
    sign = 1 if higher_is_stronger else -1
    for weaker, stronger in zip(keys, keys[1:], strict=False):
        a, b = sign * seen[weaker], sign * seen[stronger]
        if not a < b:
            how = "equal" if a == b else "the other way round"
            return f"oddscalc strengths {weaker} < {stronger} but the peer has them {how}"
    return None


def time_peer(prepare, hands: Hands, sample: list[int] | None, repeats: int,
              chunk: int = 100_000):
    """(hands/s, number of hands timed, the peer's results) of one peer on the sampled rows
    (all rows when sample is None); the conversion to the peer's cards is not timed.

    The rows are timed in chunks of ``chunk`` hands, each the best of ``repeats``, and the
    chunk times are added: a repeat of oddscalc's batch takes milliseconds, so a peer gets
    the same chance to dodge moments when the machine is busy with something else.
    """
    indices = sample if sample is not None else range(hands.rows)
    seconds, results = 0.0, []
    for start in range(0, len(indices), chunk):
        run = prepare([hands.row(i) for i in indices[start:start + chunk]], hands.size)
        chunk_seconds, chunk_results = best_time(run, repeats)
        seconds += chunk_seconds
        results += chunk_results
        del run
    return len(indices) / seconds, len(indices), results


# --- report -----------------------------------------------------------------------------

def rate(hands_per_second: float) -> str:
    return f"{hands_per_second / 1e6:,.2f} M"


def print_table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    print(line.format(*header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line.format(*r))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="200,000 five-card and 100,000 seven-card hands, fewer repeats")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    parser.add_argument("--sample", type=int, default=200_000,
                        help="hands a slow peer is timed on (default 200,000)")
    parser.add_argument("--budget", type=float, default=5.0,
                        help="seconds per repeat above which a peer is timed on the sample "
                             "instead of all hands (default 5)")
    args = parser.parse_args(argv)

    n_seven = 100_000 if args.quick else 1_000_000
    repeats_ours, repeats_peer = (5, 1) if args.quick else (15, 3)
    sample_size = min(args.sample, 20_000) if args.quick else args.sample

    print(f"oddscalc evaluator benchmark (Python {sys.version.split()[0]}, "
          f"seed {args.seed}{', --quick' if args.quick else ''})")
    if hasattr(os, "getloadavg"):
        # other work on the machine slows oddscalc's memory-bound batch more than the peers'
        # call overhead, so the ratios are only as good as the machine is quiet
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    start = time.perf_counter()
    five = all_five_card_hands()
    if args.quick:
        rng = random.Random(args.seed)
        picked = sorted(rng.sample(range(five.rows), 200_000))
        five = Hands("5-card (random subset of all)", 5, b"".join(five.row(i) for i in picked))
    else:
        assert five.rows == N_FIVE
    seven = random_hands(7, n_seven, args.seed)
    print(f"built {five.rows:,} five-card and {seven.rows:,} seven-card hands "
          f"in {time.perf_counter() - start:.1f} s")

    batches = [five, seven]
    ours = {}            # size -> (hands/s, strengths)
    for hands in batches:
        ours[hands.size] = time_oddscalc(hands, repeats_ours)

    peers = []
    for name, factory in PEERS.items():
        try:
            peers.append(factory())
        except ImportError as error:
            print(f"note: {name} is not installed ({error}); skipped -- pip install {name}, "
                  f"or pip install .[bench]")

    results = {}         # (peer, size) -> (hands/s, hands timed)
    checks = []
    notes = []
    for name, entry, higher, prepare in peers:
        for hands in batches:
            # a 20,000-hand probe (best of 3) decides between all hands and the sample
            probe = list(range(0, hands.rows, hands.rows // 20_000))
            probe_rate, _, _ = time_peer(prepare, hands, probe, 3)
            sample = None
            if hands.rows / probe_rate > args.budget and hands.rows > sample_size:
                sample = sorted(random.Random(args.seed + hands.size).sample(range(hands.rows),
                                                                             sample_size))
            speed, timed, values = time_peer(prepare, hands, sample, repeats_peer)
            results[name, hands.size] = speed, timed
            if sample is not None:
                notes.append(f"{name} {hands.size}-card: timed on a seeded random sample of "
                             f"{timed:,} of the {hands.rows:,} hands (all would take about "
                             f"{hands.rows / speed:.0f} s per repeat)")
            strengths = ours[hands.size][1]
            mine = [strengths[i] for i in (sample if sample is not None else range(hands.rows))]
            problem = same_order(mine, values, higher)
            checks.append(f"{name:<12} {hands.size}-card, {timed:>9,} hands, "
                          f"{len(set(mine)):>4} distinct strengths: "
                          + ("same order as oddscalc" if problem is None else f"DIFFERENT: {problem}"))
        print(f"timed {name} via {entry}")

    print()
    header = ["evaluator", "cards", "hands timed", "hands/s", "oddscalc ÷ this"]
    table = []
    for hands in batches:
        table.append(["oddscalc (batch)", hands.size, f"{hands.rows:,}", rate(ours[hands.size][0]), "1.0×"])
    for name, _, _, _ in peers:
        for hands in batches:
            speed, timed = results[name, hands.size]
            table.append([f"{name} (per hand)", hands.size,
                          f"{timed:,}" + (" (sample)" if timed < hands.rows else ""),
                          rate(speed), f"{ours[hands.size][0] / speed:,.1f}×"])
    print_table(header, table)
    for note in notes:
        print(f"note: {note}")

    print("\norder check (every hand each peer evaluated, against oddscalc):")
    for line in checks or ["(no peer installed)"]:
        print("  " + line)

    print("\ntargets:")
    for hands in batches:
        speed = ours[hands.size][0]
        timed_peers = [(results[p[0], hands.size][0], p[0]) for p in peers]
        if not timed_peers:
            print(f"  {hands.size}-card: ≥ {TARGET_RATIO:.0f}× the fastest peer: "
                  f"not checked (no peer installed)")
            continue
        fastest, who = max(timed_peers)
        met = speed / fastest >= TARGET_RATIO
        print(f"  {hands.size}-card: ≥ {TARGET_RATIO:.0f}× the fastest peer ({who}, "
              f"{rate(fastest)}/s): {speed / fastest:,.1f}× -- {'MET' if met else 'NOT MET'}")
    met = ours[5][0] >= TARGET_FIVE_RATE
    print(f"  five-card rate ≥ {TARGET_FIVE_RATE / 1e6:.0f} M hands/s: {rate(ours[5][0])}/s -- "
          f"{'MET' if met else 'NOT MET'}")
    if args.quick:
        print("  (--quick: smaller arrays; run without --quick for the figures of record)")
    order_ok = all("DIFFERENT" not in line for line in checks)
    return 0 if order_ok else 1


if __name__ == "__main__":
    sys.exit(main())
