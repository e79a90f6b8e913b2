"""API results as the page's JSON: every figure exact (``"p/q"``) with its decimal, as the command
line's ``--format json`` writes it, and the report's tables as the command line prints them.

>>> from oddscalc.core.economics import Analysis, Outcome
>>> coin = Analysis("coin", "even", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))))
>>> metric = wager_figures("main", coin)["metrics"][1]
>>> metric["key"], metric["exact"], metric["decimal"], metric["percent"]
('house_edge', '0', '0.0000000000', '0.000000 %')
"""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from oddscalc.core.economics import Analysis
from oddscalc.core.numbers import decimal_text, exact_text
from oddscalc.engines.charts import StrategyChart, StrategyCharts
from oddscalc.report.model import Report
from oddscalc.report.render import cell_text, json_value

DECIMALS = 10           # what the page shows beside each exact figure (the text report prints 8)


def number(value: Fraction | float | int) -> dict[str, str | None]:
    """A figure: exact (None for an irrational one, a float), its decimal and its percentage."""
    if isinstance(value, float):
        return {"exact": None, "decimal": f"{value:.{DECIMALS}f}", "percent": f"{value * 100:.6f} %"}
    return {"exact": exact_text(Fraction(value)), "decimal": decimal_text(Fraction(value), DECIMALS),
            "percent": decimal_text(Fraction(value) * 100, 6) + " %"}


def wager_title(key: str, analysis: Analysis) -> str:
    return f"{'the game' if key == 'main' else key} (per {analysis.unit})"


def wager_figures(key: str, analysis: Analysis) -> dict[str, Any]:
    """One wager's metrics (in the order ``analyze`` prints them), outcomes and net per round."""
    return {"key": key, "title": wager_title(key, analysis), "unit": analysis.unit, "paytable": analysis.table,
            "total": analysis.total,
            "metrics": [{"key": k, "label": label, **number(value)} for k, label, value in analysis.metrics()],
            "outcomes": [{"outcome": row.outcome, "count": row.count,
                          "probability": exact_text(analysis.probability(row)),
                          "probability_decimal": decimal_text(analysis.probability(row), DECIMALS),
                          "net": exact_text(row.net), "contribution": decimal_text(analysis.contribution(row), 8)}
                         for row in analysis.outcomes],
            "net": [{"net": exact_text(row.net), "count": row.count,
                     "probability": exact_text(Fraction(row.count, analysis.total)),
                     "outcomes": list(row.outcomes)} for row in analysis.net_rows()]}


def metric_map(analysis: Analysis) -> dict[str, dict[str, str | None]]:
    """A wager's metrics by key (the shipped table's, beside the figures now)."""
    return {key: number(value) for key, _label, value in analysis.metrics()}


def tables(report: Report) -> list[dict[str, Any]]:
    """The report's tables, each cell as the text report prints it."""
    return [{"title": table.title, "headers": list(table.headers),
             "rows": [[cell_text(cell) for cell in row] for row in table.rows]} for table in report.tables]


def report_json(report: Report) -> Any:
    """The report's JSON, as ``--format json`` prints it (exact numbers as text)."""
    return json_value(report.data)


def _chart(chart: StrategyChart) -> dict[str, Any]:
    cells = []
    for row in chart.counts:
        # a cell's share: of its situations, those that do not take the default action (fold,
        # check), the one shade a chart of any number of actions can be read by
        cells.append([{"counts": list(cell),
                       "share": None if not sum(cell) else exact_text(Fraction(sum(cell) - cell[0], sum(cell))),
                       "share_decimal": None if not sum(cell) else decimal_text(
                           Fraction(sum(cell) - cell[0], sum(cell)), 4)}
                      for cell in row])
    return {"point": chart.decision_point, "actions": list(chart.actions), "rows": list(chart.rows),
            "columns": list(chart.columns), "row_title": chart.row_title, "column_title": chart.column_title,
            "rules": [list(rule) for rule in chart.rules], "note": chart.note, "cells": cells,
            "probabilities": {action: exact_text(p) for action, p in chart.action_probabilities.items()}}


def charts(found: StrategyChart | StrategyCharts | None) -> list[dict[str, Any]]:
    """A strategy's charts (one per decision point), each cell's counts per action."""
    if found is None:
        return []
    listed: Iterable[StrategyChart] = found if isinstance(found, StrategyCharts) else (found,)
    return [_chart(chart) for chart in listed]
