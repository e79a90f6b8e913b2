"""``strategy`` for Hold'em's staged games: every stage's chart, its words, and the action shares of
the exact solution (one report for Ultimate Texas Hold'em and Texas Hold'em Bonus)."""
from __future__ import annotations

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.engines.chart_tables import chart_data, chart_table
from oddscalc.engines.charts import StrategyCharts
from oddscalc.engines.holdem_stages import Work
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.report.model import Report, Table

# how the exact count splits (analyze): chunks of canonical flops, here, on local processes or on Dask
WORK_INPUTS = Inputs((
    Input("chunks", "integer", "chunks of canonical flops the exact count splits into (the same integers for "
          "any number; default 8)", low=1, high=1755, metavar="N"),
    Input("workers", "integer", "local worker processes that count the chunks (default 1: this process)", low=1,
          high=256, metavar="N"),
    Input("scheduler", "text", "a Dask scheduler's address: count the chunks on that cluster", metavar="ADDRESS"),
))


def work_of(situation: Situation) -> Work:
    """The split of ``analyze``'s options."""
    chunks, workers = situation.integer("chunks"), situation.integer("workers")
    scheduler = situation.text("scheduler")
    return Work(chunks or Work.chunks, workers or 1, scheduler or None)


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
