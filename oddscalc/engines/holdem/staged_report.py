"""``strategy`` for Hold'em's staged games: every stage's chart, its words, and the action shares of
the exact solution (one report for Ultimate Texas Hold'em and Texas Hold'em Bonus)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.chart_tables import chart_data, chart_table
from oddscalc.engines.charts import StrategyCharts
from oddscalc.engines.holdem_stages import Work
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.report.model import Report, Table

from .starting_hands import RANKS

# how the exact count splits (analyze): chunks of canonical flops, here, on local processes or on Dask
WORK_INPUTS = Inputs((
    Input("chunks", "integer", "chunks of canonical flops the exact count splits into (the same integers for "
          "any number; default 2 in this process, 8 on workers or a cluster)", low=1, high=1755, metavar="N"),
    Input("workers", "integer", "local worker processes that count the chunks (default 1: this process)", low=1,
          high=256, metavar="N"),
    Input("scheduler", "text", "a Dask scheduler's address: count the chunks on that cluster", metavar="ADDRESS"),
))


def work_of(situation: Situation) -> Work:
    """The split of ``analyze``'s options."""
    chunks, workers = situation.integer("chunks"), situation.integer("workers")
    scheduler = situation.text("scheduler")
    return Work.of(chunks, workers, scheduler)


def strategy_report(game: GameTable, found: StrategyCharts, optimal: Analysis) -> Report:
    """Each stage's chart and its rules in words, in the order of play."""
    tables = []
    for chart in found:
        tables.append(chart_table(chart))
        if chart.rules:
            tables.append(Table(f"{chart.decision_point} in words", ("option", "where"), chart.rules))
    data: dict[str, object] = {"game": game.name, "action_probabilities": dict(optimal.action_probabilities),
                               "stages": [chart_data(chart) for chart in found]}
    return Report(f"{game.title}: the optimal strategy at every stage", tuple(tables), data)


def strategies_report(game: GameTable, charts: Callable[[], StrategyCharts], analysis_of: Callable[[str], Analysis],
                      strategies: Sequence[NamedStrategy], price: NamedStrategy | None, compare: bool,
                      action: str, passive: str) -> Report:
    """``strategy`` of a Hold'em game with simple strategies: the optimal charts (``charts``), with
    ``compare`` every strategy of ``strategies`` priced beside them; or ``price``'s cost alone.
    ``analysis_of`` names a strategy's exact analysis; ``action`` is the wager (call, play, bet) and
    ``passive`` what a player does where no rule holds."""
    optimal = analysis_of(OPTIMAL)
    if price is not None:
        return strategy_price_report(game.title, game.unit, replace(price, rules=(price.label,)),
                                     analysis_of(price.name), optimal, action, passive)
    found = strategy_report(game, charts(), optimal)
    if not compare:
        return found
    compared, data = strategies_compared(
        [(s.label if s.name != OPTIMAL else "optimal", analysis_of(s.name)) for s in strategies], game.unit, action)
    return replace(found, tables=(*found.tables, compared), data={**found.data, "compare": data})


def share_text(part: int, whole: int) -> str:
    """A share of a mixed cell in whole percent, never shown as 0 % or 100 %.

    >>> share_text(1, 3), share_text(1, 1000), share_text(999, 1000)
    ('33 %', '<1 %', '>99 %')
    """
    percent = 100 * part / whole
    if percent < 1:
        return "<1 %"
    if percent > 99:
        return ">99 %"
    return f"{round(percent)} %"


def row_words(action: str, cells: Sequence[tuple[int, int]], other: str = "check") -> str:
    """One flop-chart row in words: by highest hole card (A first), where the action is taken in all, in
    some or in none of the situations (the other action: ``other``).

    >>> row_words("play 2x", [(0, 5), (1, 3), (4, 0)] + [(0, 0)] * 10)
    'play 2x: A; mixed: K (75 %); check: Q'
    """
    every, some, never = [], [], []
    for rank, (n_check, n_play) in zip(RANKS, cells, strict=False):
        if not n_check + n_play:
            continue
        if not n_check:
            every.append(rank)
        elif not n_play:
            never.append(rank)
        else:
            some.append(f"{rank} ({share_text(n_play, n_check + n_play)})")
    parts = [f"{action}: {', '.join(every)}" if every else "", f"mixed: {', '.join(some)}" if some else "",
             f"{other}: {', '.join(never)}" if never else ""]
    return "; ".join(p for p in parts if p)
