"""What every API function returns: its figures, and the report the command prints."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from oddscalc.core.errors import InputError
from oddscalc.report.model import Report
from oddscalc.report.render import render


@dataclass(frozen=True)
class Result:
    """The base of every API result: ``report`` is what the command prints, so ``to_json()`` is
    exactly ``--format json`` and ``to_text()`` the default text.

    >>> from oddscalc.report.model import Table
    >>> Result(report=Report("r", (Table("t", ("a",), ((1,),)),), {"a": 1})).to_dict()
    {'a': 1}
    """
    report: Report = field(repr=False, compare=False, kw_only=True)

    def to_json(self) -> str:
        """Exactly what the command prints with ``--format json``."""
        return render(self.report, "json")

    def to_dict(self) -> dict[str, Any]:
        """The JSON as a dict (exact numbers as strings such as ``"-43/1000"``, as printed)."""
        import json  # here: a command imports json only to print --format json (report/render.py)
        data: dict[str, Any] = json.loads(self.to_json())
        return data

    def to_text(self) -> str:
        """The text report the command prints by default."""
        return render(self.report, "text")

    def to_frame(self, table: str | None = None) -> Any:
        """A table of the report as a ``pandas.DataFrame`` (pandas is an optional extra: ``pip install
        'oddscalc[pandas]'``): the one titled ``table``, else the first.  Columns are the table's
        headers; cells keep their exact values (counts as ints, rationals as ``Fraction``: an object
        column; ``.astype(float)`` to plot)."""
        import importlib
        try:
            # imported by name: an optional extra, read only when a frame is asked for
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise InputError("to_frame needs pandas: pip install 'oddscalc[pandas]'") from None
        tables = self.report.tables
        if not tables:
            raise InputError("this result has no table")
        titles = [t.title for t in tables]
        if table is not None and table not in titles:
            raise InputError(f"no table titled {table!r} (the tables: {', '.join(repr(t) for t in titles)})")
        found = tables[titles.index(table)] if table is not None else tables[0]
        return pandas.DataFrame([list(row) for row in found.rows], columns=list(found.headers))

    def _repr_html_(self) -> str:
        """The report as HTML tables, for a notebook (Jupyter shows a result with it)."""
        from html import escape

        from oddscalc.report.html import render_table
        return (f"<div class=\"oddscalc\"><h3>{escape(self.report.title)}</h3>\n"
                + "".join(render_table(table) for table in self.report.tables)
                + "".join(f"<p>{escape(note)}</p>\n" for note in self.report.notes) + "</div>")

    @staticmethod
    def json_default(value: object) -> object:
        """``json.dumps(x, default=Result.json_default)``: a result as its JSON (``to_dict()``), an exact
        number as the JSON output writes it, a string (``"-43/1000"``, ``"3"``).

        >>> import json
        >>> from fractions import Fraction
        >>> json.dumps({"edge": Fraction(-43, 1000), "n": Fraction(3)}, default=Result.json_default)
        '{"edge": "-43/1000", "n": "3"}'
        """
        from fractions import Fraction

        from oddscalc.report.render import json_value
        if isinstance(value, Fraction):
            return json_value(value)
        if isinstance(value, Result):
            return value.to_dict()
        if isinstance(value, (set, frozenset)):
            return sorted(value, key=repr)
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
