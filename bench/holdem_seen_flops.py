"""Casino Hold'em with dealer hole cards or the turn seen at the flop decision, counted over every deal
(ext/holdem_seen_flops.pyx), against an independent exact count of the same observations in the same
run.

    python bench/holdem_seen_flops.py [--flops N] [--situations N]

Per case: the kernel's time for N flop classes (both cores; three chunks from the start, a third and
two thirds into the list, whose flops differ in their suit symmetries), scaled to the 1,755 of the
full deck;
beside it the independent count: each situation enumerated on its own, every completion's two hands
evaluated (``holdem_seen.situation_cell``, a plain loop in C with its own 7-card evaluations), timed on
a sample of the situations of one flop and scaled to every situation of the full deck; and their
ratio.  Both count the same observations exactly (tests/engines/test_holdem_seen_flops.py checks
them against each other under every kind of seeing); the plain count decides nothing, so the ratio
is a lower bound.  The machine is shared: each kernel time is the best of two runs.
"""
from __future__ import annotations

import argparse
import math
import random
import time

from oddscalc._native import holdem_seen
from oddscalc.engines.base import Seen, load
from oddscalc.engines.holdem.rules import HoldemGame
from oddscalc.engines.holdem.seen_flops import Case, count_chunk, flop_classes

GAME = "casino-holdem"
CASES = [
    ("the turn", Seen(board_cards=4), (0, 1)),
    ("one dealer card", Seen(dealer_cards=1), (1, 0)),
    ("one dealer card read A|K Q J", Seen(dealer_cards=1, sorted_ranks="A|K Q J"), (1, 0)),
    ("both read A|K Q J", Seen(dealer_cards=2, sorted_ranks="A|K Q J"), (2, 0)),
    ("one dealer card and the turn", Seen(dealer_cards=1, board_cards=4), (1, 1)),
    ("both dealer cards", Seen(dealer_cards=2), (2, 0)),
]


def situations(dealer: int, board: int) -> int:
    """Every (holding, flop, what is seen) of the full deck: the plain count's situations."""
    return math.comb(52, 2) * math.comb(50, 3) * math.perm(47, board) * math.comb(47 - board, dealer)


def plain_per_situation(dealer: int, board: int, sample: int, qualifier: int) -> float:
    """Seconds a situation takes the plain count (a sample of one flop's)."""
    rng = random.Random(5)
    flop = (0, 17, 42)
    rest = [c for c in range(52) if c not in flop]
    drawn = []
    for _ in range(sample):
        cards = rng.sample(rest, 2 + dealer + board)
        drawn.append((*cards[:2], *flop, *cards[2:]))
    start = time.perf_counter()
    for cards in drawn:
        holdem_seen.situation_cell(cards, dealer, board, qualifier)
    return (time.perf_counter() - start) / sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flops", type=int, default=12, help="flop classes the kernel counts per case")
    parser.add_argument("--situations", type=int, default=40, help="situations the plain count times per case")
    args = parser.parse_args()
    rules = HoldemGame.of(load(GAME)).rules
    n = len(flop_classes())
    print(f"Casino Hold'em exposure, counted exactly: the kernel ({args.flops} of {n} flop classes, scaled) "
          f"against each situation enumerated on its own ({args.situations} timed, scaled)")
    print(f"  {'what is seen':30} {'kernel s':>9} {'plain s':>12} {'ratio':>9}")
    for name, seen, (dealer, board) in CASES:
        case = Case.of(seen)
        # chunks of flops from three places of the list (its flops differ in their symmetries)
        starts = [0, n // 3, 2 * n // 3]
        size = max(1, args.flops // len(starts))
        wall = 0.0
        for first in starts:
            best = math.inf
            for _ in range(2):
                start = time.perf_counter()
                count_chunk(rules, case, first, first + size)
                best = min(best, time.perf_counter() - start)
            wall += best
        kernel = wall / (size * len(starts)) * n
        plain = plain_per_situation(dealer, board, args.situations, rules.qualifier) * situations(dealer, board)
        print(f"  {name:30} {kernel:9.0f} {plain:12,.0f} {plain / kernel:9,.0f}x")


if __name__ == "__main__":
    main()
