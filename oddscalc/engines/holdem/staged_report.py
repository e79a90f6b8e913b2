"""``strategy`` for Hold'em's staged games: every stage's chart, its words, and the action shares of
the exact solution (one report for Ultimate Texas Hold'em and Texas Hold'em Bonus)."""
from __future__ import annotations

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.engines.chart_tables import chart_data, chart_table
from oddscalc.engines.charts import StrategyCharts
from oddscalc.report.model import Report, Table


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
