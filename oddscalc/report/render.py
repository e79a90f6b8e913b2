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
from collections.abc import Iterator, Mapping
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import exact_text, unlimited_int_digits
from oddscalc.report.language import Language, language
from oddscalc.report.model import Report, Table
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
    if isinstance(value, str):
        return value                    # as it is (a Verbatim text stays one)
    return "" if value is None else str(value)


def markdown_cell(text: str) -> str:
    r"""A cell of a Markdown table: ``|`` and ``\`` escaped, a line break as ``<br>``, so the cell
    stays one cell of one row whatever text it shows (a strategy's rules, a file's description).

    >>> markdown_cell("a|b"), markdown_cell("one\ntwo")
    ('a\\|b', 'one<br>two')
    """
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>")


def render(report: Report, fmt: str = "text", lang: str = "en") -> str:
    """The report in one of FORMATS, ending with a newline; text, Markdown and LaTeX in the
    language ``lang`` (:mod:`oddscalc.report.language`; JSON and CSV are data, in English)."""
    words = language(lang)
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
    return _render_tabulated(report, fmt, words)


def _render_csv(report: Report) -> str:
    import csv
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if report.csv_table is not None:        # one plain table: no "# title" line for a reader to trip on
        writer.writerow(report.csv_table.headers)
        writer.writerows([cell_text(cell) for cell in row] for row in report.csv_table.rows)
        return out.getvalue()
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


def _render_tabulated(report: Report, fmt: str, words: Language) -> str:
    title = words.text(report.title)
    heading = title + "\n" + "=" * len(title) if fmt == "text" else _HEADING[fmt].format(title)
    parts = [heading]
    for table in report.tables:
        rows = [[words.text(cell_text(cell)) for cell in row] for row in table.rows]
        headers = [words.text(h) for h in table.headers]
        if fmt == "markdown":
            rows, headers = [[markdown_cell(cell) for cell in row] for row in rows], [markdown_cell(h) for h in headers]
        body = _table(rows, headers, _TABULATE_FORMAT[fmt])
        parts.append(f"{_TABLE_TITLE[fmt].format(words.text(table.title))}\n{body}")
    for note in map(words.text, report.notes):
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


def table_texts(table: Table) -> Iterator[str]:
    """Every text a table prints through its language: title, headers, cells."""
    yield table.title
    yield from table.headers
    for row in table.rows:
        yield from map(cell_text, row)


def report_texts(report: Report) -> Iterator[str]:
    """Every text a report prints through its language in the text formats."""
    yield report.title
    for table in report.tables:
        yield from table_texts(table)
    yield from report.notes
