"""A hero hand's showdown equity against k random opponents: exact for k = 1 and 2, else sampled.

Equity is the expected share of a pot that the best hand takes, ties splitting equally.

>>> from oddscalc.core.cards import parse_cards
>>> e = showdown_equity(parse_cards("As Ks"), parse_cards("Ah Kh Qh Jh 2c"), (), 1)
>>> e.exact, e.equity, e.win
(True, Fraction(47, 90), Fraction(103, 198))
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc._native import board as kernel
from oddscalc.core.budget import Limits
from oddscalc.engines.fast_action.odds import SEATS_PER_SECOND, SHARE_SCALE, KernelSpec, sampled_sums, std_error

EXACT_OPPONENTS = (1, 2)
EXACT_LIMIT = 50_000_000        # opponent hands evaluated at most, exactly


@dataclass(frozen=True)
class Equity:
    """Expected pot share (``equity``) and chance of winning alone (``win``) of the hero."""
    opponents: int
    exact: bool
    total: int                  # equally likely deals, or samples
    equity: Fraction
    win: Fraction
    std_error: float | None = None


def exact_work(board: Sequence[int], dead: Sequence[int], hero: Sequence[int]) -> int:
    """Opponent hands the exact count evaluates: board completions times one opponent's hands."""
    left = 52 - len(board) - len(dead) - len(hero)
    missing = 5 - len(board)
    return math.comb(left, missing) * math.comb(left - missing, 2)


def showdown_equity(hero: Sequence[int], board: Sequence[int], dead: Sequence[int], opponents: int,
                    samples: int = 200_000, seed: int = 1, exact_limit: int = EXACT_LIMIT, workers: int = 1,
                    scheduler: str | None = None) -> Equity:
    """Equity of ``hero`` (two cards) given the known ``board`` against ``opponents`` random hands
    (sampled in seeded chunks, on ``workers`` local processes or the Dask cluster at ``scheduler``:
    the same estimate for a seed however the chunks ran)."""
    if opponents == 0:
        return Equity(0, True, 1, Fraction(1), Fraction(1))
    if opponents in EXACT_OPPONENTS and exact_work(board, dead, hero) <= exact_limit:
        total, counts = kernel.equity_counts(list(hero), list(board), list(dead), opponents)
        equity = sum((Fraction(c, t + 1) for t, c in enumerate(counts)), Fraction(0)) / total
        return Equity(opponents, True, total, equity, Fraction(counts[0], total))
    if scheduler is None:       # a cluster's time is not this machine's: its size is unknown here
        Limits.resolve().check(f"sampling {samples:,} showdowns",
                               seconds=samples * (opponents + 1) / SEATS_PER_SECOND / workers, memory=0)
    n = opponents + 1
    spec: KernelSpec = {
        "n": n, "seat_of_rank": [-1] * 13, "action_positions": [], "fallback_button": True,
        "every_player": False, "tie_pass": False, "one_tie_button": False, "no_bettor_best": False,
        "button": 0, "bettor_mask": (1 << n) - 1, "phase_two": False,
        "holes": [tuple(hero)] + [None] * opponents,
        "board": list(board) + [-1] * (5 - len(board)), "dead": list(dead),
    }
    sums = sampled_sums(spec, False, samples, seed, workers, scheduler)
    weight = sums["weight"]
    equity = sum((Fraction(sums["wins"][k][0], k) for k in range(1, 9)), Fraction(0)) / weight
    second = Fraction(sums["share_sq"][0], SHARE_SCALE ** 2 * samples)
    return Equity(opponents, False, samples, equity, Fraction(sums["wins"][1][0], weight),
                  std_error(equity, second, samples))
