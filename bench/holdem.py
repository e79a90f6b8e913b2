"""The Hold'em board kernel against plain pairwise enumeration, in the same run.

    python bench/holdem.py [--full]

1. **One board.**  For random boards of the full deck, the kernel's counts for all 1081 player
   holdings (``board_counts``) against the plain count: every player holding against every dealer
   holding disjoint from it, one comparison each (the 7-card strengths looked up once per holding,
   by the same evaluator, so the ratio is counting against enumerating, not one evaluator against
   another).  Both in Python-callable form; the pairwise loop is plain Python.
2. **Every flop decision.**  ``flop_counts`` on reduced, suit-symmetric decks (and with ``--full``
   the full deck) against the plain enumeration of a random sample of the same (flop, holding)
   cells: every turn and river, every dealer holding, one strength comparison each; the sample's
   time per deal times the number of deals is the enumeration's estimated time.  The machine is
   shared, so each kernel time is the best of a few runs and its CPU time is shown beside it.
"""
from __future__ import annotations

import random
import resource
import sys
import time
from itertools import combinations
from math import comb

from oddscalc._native import eval5, holdem
from oddscalc.engines.holdem_counts import pair_qualifier

QUALIFIER = pair_qualifier(2)        # Casino Hold'em: a pair of 4s


def cpu_time() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def best_of(repeats, fn):
    best, cpu, out = float("inf"), 0.0, None
    for _ in range(repeats):
        c0, t0 = cpu_time(), time.perf_counter()
        out = fn()
        wall = time.perf_counter() - t0
        if wall < best:
            best, cpu = wall, cpu_time() - c0
    return best, cpu, out


def pairwise_board(board, rest):
    strengths = {h: eval5.strength([*board, *h]) for h in combinations(rest, 2)}
    out = {}
    for h, mine in strengths.items():
        ends = [0, 0, 0, 0]
        for d, theirs in strengths.items():
            if d[0] in h or d[1] in h:
                continue
            ends[0 if theirs < QUALIFIER else 1 if theirs < mine else 2 if theirs == mine else 3] += 1
        out[h] = ends
    return out


def one_board(boards=3):
    rng = random.Random(1)
    kernel = plain = 0.0
    for _ in range(boards):
        board = rng.sample(range(52), 5)
        rest = [c for c in range(52) if c not in board]
        t0 = time.perf_counter()
        got = holdem.board_counts(board, (), QUALIFIER)
        kernel += time.perf_counter() - t0
        t0 = time.perf_counter()
        check = pairwise_board(board, rest)
        plain += time.perf_counter() - t0
        for i, h in enumerate(got["holdings"]):
            assert check[tuple(h)] == [got["not_qualifying"][i], got["player_wins"][i], got["ties"][i],
                                       got["player_loses"][i]]
    print(f"one board (1081 holdings x 990 dealers), {boards} boards: kernel {kernel / boards * 1e3:.2f} ms, "
          f"pairwise {plain / boards * 1e3:.0f} ms a board: ratio {plain / kernel:,.0f}")


def plain_cell(deck, flop, hold):
    rest = [c for c in deck if c not in flop and c not in hold]
    cell = [[0] * 4 for _ in range(10)]
    for tr in combinations(rest, 2):
        board = [*flop, *tr]
        mine = eval5.strength([*board, *hold])
        category = eval5.category(mine)
        for d in combinations([c for c in rest if c not in tr], 2):
            theirs = eval5.strength([*board, *d])
            cell[category][0 if theirs < QUALIFIER else 1 if theirs < mine else 2 if theirs == mine else 3] += 1
    return cell


def flop_decisions(deck, label, samples, repeats):
    dead = tuple(c for c in range(52) if c not in deck)
    wall, cpu, counts = best_of(repeats, lambda: holdem.flop_counts(dead, QUALIFIER))
    n = len(deck)
    deals = comb(n, 3) * comb(n - 3, 2) * counts.completions
    rng = random.Random(2)
    flops = counts.flops()
    t0 = time.perf_counter()
    for _ in range(samples):
        f = rng.randrange(len(flops))
        h = rng.randrange(counts.n_holdings)
        assert plain_cell(deck, flops[f][0], counts.holdings(f)[h]) == counts.cell(f, h)
    per_deal = (time.perf_counter() - t0) / (samples * counts.completions)
    print(f"{label}: {n} cards, {deals:,} deals, {counts.n_flops} canonical flops (group {counts.group_size}): "
          f"kernel {wall:.2f} s wall ({cpu:.2f} s CPU); pairwise {per_deal * 1e9:.0f} ns a deal, "
          f"{per_deal * deals:,.0f} s estimated: ratio {per_deal * deals / wall:,.0f}")


def main():
    one_board()
    for ranks in (6, 8):
        deck = [c for c in range(52) if c >> 2 >= 13 - ranks]           # the top ranks, all suits
        flop_decisions(deck, f"the {ranks} top ranks", samples=4, repeats=3)
    if "--full" in sys.argv:
        flop_decisions(list(range(52)), "the full deck", samples=1, repeats=1)


if __name__ == "__main__":
    main()
