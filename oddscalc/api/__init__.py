"""The public Python API: every command of the ``oddscalc`` tool as a typed function.

Each function takes a game (a built-in name, a game file's path or a loaded ``GameTable``) with
optional overlays and returns a frozen dataclass: the figures as exact ``Fraction`` values, and
``to_dict()`` / ``to_json()`` equal to what the command prints with ``--format json``
(``to_text()``: the text report).  The command line is a thin shell over these functions.

Overlays: ``pays`` maps a category, or ``PAYTABLE.CATEGORY``, to an int, a ``Fraction``, a string
such as ``"3/2"`` or ``None`` (no pay); ``rules`` maps a rule to its value; either may also be a
list of ``"KEY=VALUE"`` lines as ``--pay`` and ``--rule`` take them.  Every argument is checked
at the boundary (``oddscalc.api.arguments``: its type, and the command line's limits) before any
work; bad input raises ``InputError`` (a ``ValueError``), one line naming the parameter as the
caller wrote it (``pays=``, ``samples=``), and a wrong type is one that is also a ``TypeError``.

One module per concern (tables, analysis, payouts, rounds, simulation, visibility, …), each
imported on first use, so that a command starts without the tools it does not run.  (No module
is named like a function: an imported submodule would hide the function of the same name.)

>>> import oddscalc
>>> oddscalc.analyze("caribbean-stud", pays={"flush": 6}).expected_return
Fraction(-249414732953, 4983307629300)
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from oddscalc.core.errors import InputError

if TYPE_CHECKING:
    from oddscalc.api.analysis import Analyzed, Decided, StrategyResult, analyze, decide, strategy
    from oddscalc.api.commands import CommandResult, command
    from oddscalc.api.comparison import Compared, compare
    from oddscalc.api.fast_action import DealOdds, fast_action_odds
    from oddscalc.api.hands import Ranked, RankedBatch, rank, rank_batch
    from oddscalc.api.parsheet import ParSheetResult, par_sheet
    from oddscalc.api.payouts import Designed, Swept, Symbolic, design, sweep, symbolic
    from oddscalc.api.result import Result
    from oddscalc.api.rounds import Distributed, distribution
    from oddscalc.api.simulation import Checked, Simulated, check, simulate
    from oddscalc.api.tables import GameInfo, Games, games, load
    from oddscalc.api.visibility import Exposed, exposure

# name -> the module of oddscalc.api that defines it
WHERE = {
    "Result": "result",
    "GameInfo": "tables",
    "Games": "tables",
    "games": "tables",
    "load": "tables",
    "Analyzed": "analysis",
    "analyze": "analysis",
    "Decided": "analysis",
    "decide": "analysis",
    "StrategyResult": "analysis",
    "strategy": "analysis",
    "CommandResult": "commands",
    "command": "commands",
    "Compared": "comparison",
    "compare": "comparison",
    "Designed": "payouts",
    "design": "payouts",
    "Symbolic": "payouts",
    "symbolic": "payouts",
    "Swept": "payouts",
    "sweep": "payouts",
    "Distributed": "rounds",
    "distribution": "rounds",
    "Simulated": "simulation",
    "simulate": "simulation",
    "Checked": "simulation",
    "check": "simulation",
    "Exposed": "visibility",
    "exposure": "visibility",
    "DealOdds": "fast_action",
    "fast_action_odds": "fast_action",
    "Ranked": "hands",
    "rank": "hands",
    "RankedBatch": "hands",
    "rank_batch": "hands",
    "ParSheetResult": "parsheet",
    "par_sheet": "parsheet",
}

__all__ = [
    "Analyzed", "Checked", "CommandResult", "Compared", "DealOdds", "Decided", "Designed", "Distributed", "Exposed",
    "GameInfo", "Games",
    "InputError", "ParSheetResult", "Ranked", "RankedBatch", "Result", "Simulated", "StrategyResult", "Swept",
    "Symbolic",
    "analyze", "check", "command", "compare", "decide", "design", "distribution", "exposure",
    "fast_action_odds", "games", "load", "rank_batch",
    "par_sheet", "rank", "simulate", "strategy", "sweep", "symbolic",
]


def __getattr__(name: str) -> Any:
    if name in WHERE:
        return getattr(importlib.import_module(f"oddscalc.api.{WHERE[name]}"), name)
    raise AttributeError(f"module 'oddscalc.api' has no attribute '{name}'")


def __dir__() -> list[str]:
    return sorted(__all__)
