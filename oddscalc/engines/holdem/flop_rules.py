"""A flop decision as players learn it: by the flop chart's cell (what the hole cards and the flop make,
``holdem_stages.FLOP_ROWS``, and the highest hole card), one byte a cell: 0 the passive action
(check, fold), 1 the wager (Play, call), 2 the optimal choice of each situation.

>>> rule = flop_rule({"two-pair": "*", "pair in the hand": "AK"})
>>> row = FLOP_ROWS.index("pair in the hand") * 13
>>> sum(rule), list(rule[row:row + 3])
(15, [1, 1, 0])
"""
from __future__ import annotations

from oddscalc.engines.holdem_stages import FLOP_ROWS

from .starting_hands import RANKS

HIGH_FIRST = RANKS                       # A K Q ... 2: the chart's columns
PASSIVE, WAGER, OPTIMAL_CELL = 0, 1, 2


def flop_rule(cells: dict[str, str]) -> bytes:
    """A flop rule: for each named chart row, the highest hole cards (``AKQJT``, or ``*`` every one) that
    wager (Play, call); the other cells take the passive action (check, fold)."""
    rule = bytearray(len(FLOP_ROWS) * 13)
    for row, ranks in cells.items():
        r = FLOP_ROWS.index(row)
        for c, rank in enumerate(HIGH_FIRST):
            if ranks == "*" or rank in ranks:
                rule[r * 13 + c] = WAGER
    return bytes(rule)


