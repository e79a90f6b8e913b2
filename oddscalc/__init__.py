"""oddscalc: exact combinatorial odds for banked poker table games.

Cards (oddscalc.core.cards) → evaluators (ext/, oddscalc.core.evaluate) → enumeration kernels (ext/) →
exact integer counts → paytable economics (oddscalc.core.economics, Fractions) → the tools, the
Python API (oddscalc.api, whose functions are here at the top) and the command line (oddscalc.cli).

>>> import oddscalc
>>> oddscalc.analyze("caribbean-stud", pays={"flush": 6}).house_edge
Fraction(249414732953, 4983307629300)
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from oddscalc.core.version import __version__

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
    from oddscalc.core.errors import InputError

__all__ = [
    "Analyzed", "Checked", "CommandResult", "Compared", "DealOdds", "Decided", "Designed", "Distributed", "Exposed",
    "GameInfo", "Games",
    "InputError", "ParSheetResult", "Ranked", "RankedBatch", "Result", "Simulated", "StrategyResult", "Swept",
    "Symbolic",
    "__version__", "analyze", "check", "command", "compare", "decide", "design", "distribution", "exposure",
    "fast_action_odds",
    "games", "load", "par_sheet", "rank", "rank_batch", "simulate", "strategy", "sweep", "symbolic",
]


def __getattr__(name: str) -> Any:
    # the API is imported on first use, so the command line starts without it
    if name in __all__:
        return getattr(importlib.import_module("oddscalc.api"), name)
    raise AttributeError(f"module 'oddscalc' has no attribute '{name}'")


def __dir__() -> list[str]:
    return sorted(__all__)
