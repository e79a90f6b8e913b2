"""A strategy chart as report tables and JSON: the shared layout of every family's ``strategy``
command (a cell's action, or each action's share where the cell's situations differ)."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.engines.charts import StrategyChart
from oddscalc.report.model import Table


def cell_text(actions: Sequence[str], cell: Sequence[int]) -> str:
    """One cell's decision: the option, or each option's share where its card sets differ."""
    total = sum(cell)
    taken = [(action, n) for action, n in zip(actions, cell, strict=True) if n]
    if len(taken) == 1:
        return taken[0][0]
    return ", ".join(f"{action} {float(Fraction(100 * n, total)):.1f}%" for action, n in
                     sorted(taken, key=lambda t: -t[1]))


def chart_table(found: StrategyChart) -> Table:
    """The chart as a table: each cell's option, or every option with its share of the cell's deals
    where its card sets differ."""
    rows = []
    for name, cells in zip(found.rows, found.counts, strict=True):
        rows.append((name, *(cell_text(found.actions, cell) if sum(cell) else "" for cell in cells)))
    return Table(f"{found.note}: the option taken ({found.row_title} by {found.column_title})",
                 (found.row_title, *found.columns), tuple(rows))


def chart_data(found: StrategyChart) -> dict[str, object]:
    """One stage's chart and words for the JSON report."""
    return {"stage": found.decision_point, "rows": found.row_title, "columns": found.column_title,
            "words": [{"where": where, "decision": decision} for where, decision in found.rules],
            "cells": [{"hand": row, "column": column, "options": dict(zip(found.actions, cell, strict=True))}
                      for row, cells in zip(found.rows, found.counts, strict=True)
                      for column, cell in zip(found.columns, cells, strict=True) if sum(cell)]}
