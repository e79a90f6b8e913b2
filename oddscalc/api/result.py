"""What every API function returns: its figures, and the report the command prints."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
