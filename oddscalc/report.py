"""One report model for every command, and its formatters: text, JSON, CSV, Markdown, LaTeX.

A report is a title, tables (headers and rows of cells) and a JSON payload.  Cells are
integers, exact ``Fraction``s, floats (irrational figures only) or text; each format renders
them its own way: JSON keeps rationals exact as ``"p/q"`` strings.

>>> r = Report("demo", (Table("t", ("x", "p"), ((1, Fraction(1, 3)),)),), {"p": Fraction(1, 3)})
>>> render(r, "json").splitlines()[1]
'  "p": "1/3"'
"""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.economics import Analysis
from oddscalc.errors import InputError

FORMATS = ("text", "json", "csv", "markdown", "latex")
_TABULATE_FORMAT = {"text": "simple", "markdown": "github", "latex": "latex_booktabs"}


@dataclass(frozen=True)
class Table:
    """A titled table: header names and rows of cells."""
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple, ...]


@dataclass(frozen=True)
class Report:
    """What a command prints: a title, tables, a JSON payload and notes; and its exit status
    (0, or 1 for a verdict that failed, such as ``check`` rejecting a simulator's counts)."""
    title: str
    tables: tuple[Table, ...]
    data: Mapping = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    exit_status: int = 0


def decimal_text(value: Fraction | int, places: int = 6) -> str:
    """Exact rounding of a rational to ``places`` decimals (half away from zero).

    >>> decimal_text(Fraction(-2, 3), 4)
    '-0.6667'
    """
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    scaled = abs(value) * 10 ** places
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    text = str(whole).rjust(places + 1, "0")
    if places == 0:
        return sign + text
    return f"{sign}{text[:-places]}.{text[-places:]}"


def percent_text(value: Fraction, places: int = 4) -> str:
    """A rational as a percentage, exactly rounded.

    >>> percent_text(Fraction(1, 3))
    '33.3333 %'
    """
    return decimal_text(Fraction(value) * 100, places) + " %"


def exact_text(value) -> str:
    """A rational as ``p/q`` (or ``n``), an int as digits, a float as 10 significant digits."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        return f"{value:.10g}"
    return str(value)


def json_value(value):
    """A JSON-ready copy: rationals as ``"p/q"`` strings, counts as integers."""
    if isinstance(value, Fraction):
        return exact_text(value)
    if isinstance(value, Mapping):
        return {str(k): json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    return value


def _cell_text(value, fmt: str) -> str:
    if isinstance(value, Fraction):
        return exact_text(value)
    if isinstance(value, float):
        return f"{value:.10g}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def render(report: Report, fmt: str = "text") -> str:
    """The report in one of FORMATS, ending with a newline."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format '{fmt}' (expected one of: {', '.join(FORMATS)})")
    if fmt == "json":
        return json.dumps(json_value(report.data), indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        return _render_csv(report)
    return _render_tabulated(report, fmt)


def _render_csv(report: Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, table in enumerate(report.tables):
        if i:
            out.write("\n")
        writer.writerow([f"# {table.title}"])
        writer.writerow(table.headers)
        for row in table.rows:
            writer.writerow([_cell_text(cell, "csv") for cell in row])
    return out.getvalue()


def _render_tabulated(report: Report, fmt: str) -> str:
    from tabulate import tabulate    # only here: it costs ~40 ms of start-up that JSON and CSV skip
    style = _TABULATE_FORMAT[fmt]
    parts = []
    heading = {"text": "{}", "markdown": "## {}", "latex": "% {}"}[fmt]
    parts.append(heading.format(report.title) if fmt != "text" else report.title + "\n" + "=" * len(report.title))
    for table in report.tables:
        rows = [[_cell_text(cell, fmt) for cell in row] for row in table.rows]
        body = tabulate(rows, headers=list(table.headers), tablefmt=style, disable_numparse=True)
        title = {"text": "{}", "markdown": "### {}", "latex": "% {}"}[fmt].format(table.title)
        parts.append(f"{title}\n{body}")
    for note in report.notes:
        parts.append(note if fmt != "latex" else f"% {note}")
    return "\n\n".join(parts) + "\n"


# --- the standard analysis report -------------------------------------------------------

def outcome_table(analysis: Analysis, title: str = "outcomes") -> Table:
    """Outcome rows: exact count, probability, net per unit and contribution to the return."""
    rows = tuple(
        (row.outcome, row.count, decimal_text(analysis.probability(row), 10), row.net,
         decimal_text(analysis.contribution(row), 8))
        for row in analysis.outcomes
    )
    return Table(title, ("outcome", "count", "probability", f"net per {analysis.unit}",
                         "contribution"), rows)


def metrics_table(analysis: Analysis, title: str = "metrics") -> Table:
    """Every metric, exact and as a decimal beside it."""
    rows = []
    for key, label, value in analysis.metrics():
        if isinstance(value, float):
            rows.append((label, key, "(irrational)", f"{value:.8f}"))
        else:
            rows.append((label, key, value, decimal_text(value, 8)))
    return Table(title, ("metric", "key", "exact", "decimal"), tuple(rows))


def analysis_data(analysis: Analysis) -> dict:
    """The JSON keys every analysis carries (../shared/conventions.md)."""
    data = {
        "game": analysis.game,
        "table": analysis.table,
        "unit": analysis.unit,
        "total": analysis.total,
        "outcomes": [
            {"outcome": row.outcome, "count": row.count, "probability": analysis.probability(row),
             "net": row.net, "wager": row.wager}
            for row in analysis.outcomes
        ],
    }
    for key, _label, value in analysis.metrics():
        data[key] = value
        if not isinstance(value, float):
            data[key + "_decimal"] = float(value)
    return data


def analysis_report(title: str, analysis: Analysis, extra_tables: Sequence[Table] = (),
                    extra_data: Mapping | None = None, notes: Sequence[str] = ()) -> Report:
    """The standard report of an analysis, with game-specific tables and keys after it."""
    data = analysis_data(analysis)
    data.update(extra_data or {})
    tables = (outcome_table(analysis), metrics_table(analysis), *extra_tables)
    return Report(title, tables, data, tuple(notes))
