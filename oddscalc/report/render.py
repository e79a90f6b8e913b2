"""Render a report: text, JSON, CSV, Markdown or LaTeX.

JSON keeps rationals exact as ``"p/q"`` strings and counts as integers; the tabulated formats
show exact rationals and exactly rounded decimals.

>>> from fractions import Fraction
>>> from oddscalc.report.model import Report, Table
>>> r = Report("demo", (Table("t", ("x", "p"), ((1, Fraction(1, 3)),)),), {"p": Fraction(1, 3)})
>>> render(r, "json").splitlines()[1]
'  "p": "1/3"'
"""
from __future__ import annotations

import io
from collections.abc import Mapping
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import exact_text, unlimited_int_digits
from oddscalc.report.model import Report
from oddscalc.report.text_table import layout

FORMATS = ("text", "json", "csv", "tidy", "markdown", "latex")
_TABULATE_FORMAT = {"text": "simple", "markdown": "github", "latex": "latex_booktabs"}
_HEADING = {"text": "{}", "markdown": "## {}", "latex": "% {}"}
_TABLE_TITLE = {"text": "{}", "markdown": "### {}", "latex": "% {}"}


def json_value(value: object) -> object:
    """A JSON-ready copy: rationals as ``"p/q"`` strings, counts as integers."""
    if isinstance(value, Fraction):
        return exact_text(value)
    if isinstance(value, Mapping):
        return {str(k): json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    return value


def cell_text(value: object) -> str:
    """A table cell as text: exact rationals, 10 significant digits for floats, yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (Fraction, float, int)):
        return exact_text(value)
    return "" if value is None else str(value)


def markdown_cell(text: str) -> str:
    r"""A cell of a Markdown table: ``|`` and ``\`` escaped, a line break as ``<br>``, so the cell
    stays one cell of one row whatever text it shows (a strategy's rules, a file's description).

    >>> markdown_cell("a|b"), markdown_cell("one\ntwo")
    ('a\\|b', 'one<br>two')
    """
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>")


def render(report: Report, fmt: str = "text") -> str:
    """The report in one of FORMATS, ending with a newline."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format '{fmt}' (expected one of: {', '.join(FORMATS)})")
    if fmt == "json":
        import json  # here, as csv below: a text report starts without them (about 3 ms)
        with unlimited_int_digits():            # a count of any size is a JSON integer
            return json.dumps(json_value(report.data), indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        return _render_csv(report)
    if fmt == "tidy":
        return _render_tidy(report)
    return _render_tabulated(report, fmt)


def _render_csv(report: Report) -> str:
    import csv
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, table in enumerate(report.tables):
        if i:
            out.write("\n")
        writer.writerow([f"# {table.title}"])
        writer.writerow(table.headers)
        for row in table.rows:
            writer.writerow([cell_text(cell) for cell in row])
    return out.getvalue()


def _render_tidy(report: Report) -> str:
    """Every table of the report in one CSV that ``pandas.read_csv`` (or any CSV reader) loads as it
    is: one line per cell, ``table,row,column,value`` (row from 1; the value as the text report writes
    it, exact).  ``df[df.table == T].pivot(index="row", columns="column", values="value")`` is table T."""
    import csv
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["table", "row", "column", "value"])
    for table in report.tables:
        for r, row in enumerate(table.rows, start=1):
            for header, cell in zip(table.headers, row, strict=True):
                writer.writerow([table.title, r, header, cell_text(cell)])
    return out.getvalue()


def _render_tabulated(report: Report, fmt: str) -> str:
    heading = report.title + "\n" + "=" * len(report.title) if fmt == "text" else _HEADING[fmt].format(report.title)
    parts = [heading]
    for table in report.tables:
        rows = [[cell_text(cell) for cell in row] for row in table.rows]
        headers = list(table.headers)
        if fmt == "markdown":
            rows, headers = [[markdown_cell(cell) for cell in row] for row in rows], [markdown_cell(h) for h in headers]
        body = _table(rows, headers, _TABULATE_FORMAT[fmt])
        parts.append(f"{_TABLE_TITLE[fmt].format(table.title)}\n{body}")
    for note in report.notes:
        parts.append(note if fmt != "latex" else f"% {note}")
    return "\n\n".join(parts) + "\n"


def _table(rows: list[list[str]], headers: list[str], style: str) -> str:
    """One table laid out by tabulate's rules: by text_table where it can (every cell one line of
    characters one column wide, the reports' own text), else by tabulate itself, imported only then
    because it costs about 40 ms of start-up (report/text_table.py)."""
    body = layout(rows, headers, style)
    if body is None:
        from tabulate import tabulate
        body = tabulate(rows, headers=headers, tablefmt=style, disable_numparse=True)
    return body
