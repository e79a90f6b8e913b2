"""Casino Hold'em's optimal strategy for people: the flop decision by what the hole cards and the flop
make and the highest hole card (each cell's situations that call and fold), and in words.

The decision is exact per (holding, flop), card removal included (``holdem_counts.optimal_choices``
prices it); a chart cell gathers every situation of its kind, so a mixed cell shows each action's
share of its deals.
"""
from __future__ import annotations

from oddscalc._native import holdem_price
from oddscalc.core.gametable import GameTable
from oddscalc.engines.charts import StrategyChart, StrategyCharts
from oddscalc.engines.holdem_counts import _coefficients, flop_counts
from oddscalc.engines.holdem_stages import FLOP_ROWS

from .analysis import CALL, FOLD
from .rules import HoldemGame
from .staged_report import row_words
from .starting_hands import RANKS


def _charts(game: GameTable) -> StrategyCharts:
    rules = HoldemGame.of(game).rules
    counts = flop_counts((), rules.qualifier)
    _, call, fold, call_extra, fold_extra = _coefficients(rules)
    choices = counts.decide(call, fold, call_extra, fold_extra, rules.wager_more)["choices"]
    flat = holdem_price.call_chart(counts, choices)
    n = counts.completions
    cells = tuple(tuple((flat[(r * 13 + c) * 2] * n, flat[(r * 13 + c) * 2 + 1] * n) for c in range(13))
                  for r in range(len(FLOP_ROWS)))
    words = tuple((row, row_words(CALL, cells_of_row, FOLD))
                  for row, cells_of_row in zip(FLOP_ROWS, cells, strict=True) if any(map(sum, cells_of_row)))
    chart = StrategyChart((FOLD, CALL), FLOP_ROWS, tuple(RANKS), cells, "flop",
                          "what the hole cards and the flop make", "highest hole card", words,
                          "counts are deals (holding, flop, turn and river, dealer holding)")
    return StrategyCharts((chart,))


def charts(game: GameTable) -> StrategyCharts:
    """The optimal call or fold at the flop, charted (once per table)."""
    return game.built(_charts)
