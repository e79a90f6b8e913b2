"""The report model: what every command prints, before it is rendered in a format.

A report is a title, tables (headers and rows of cells), a JSON payload and notes.  Cells are
integers, exact ``Fraction``s, floats (irrational figures only) or text.

>>> Report("demo", (Table("t", ("x",), ((1,),)),)).exit_status
0
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Cell = object


@dataclass(frozen=True)
class Table:
    """A titled table: header names and rows of cells."""
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Report:
    """What a command prints: a title, tables, a JSON payload and notes; and its exit status
    (0, or 1 for a verdict that failed, such as ``check`` rejecting a simulator's counts).
    ``csv_table``, when given, is the whole CSV rendering instead of the tables: one plain table
    (a header row, then the rows; no title line), for a report whose CSV is a file format of its
    own that ``pandas.read_csv`` loads as it is (the counts file)."""
    title: str
    tables: tuple[Table, ...]
    data: Mapping[str, object] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    exit_status: int = 0
    csv_table: Table | None = None
