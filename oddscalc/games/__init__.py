"""Game engines: each turns a game table (data) into reports for the CLI's game commands.

An engine module provides:

- ``validate(game)``: refuse rules or paytable categories it cannot play (``InputError``);
- ``COMMANDS``: a mapping from command name (``analyze``, ``decide``, ``strategy``…) to a pair
  ``(add_arguments(parser), run(game, args) -> Report)``.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from oddscalc.errors import InputError

ENGINES = {
    "stud5": "oddscalc.games.stud",
    "stud5-side": "oddscalc.games.stud_side",
    "three-card": "oddscalc.games.three_card",
    "fast-action": "oddscalc.games.fast_action",
}


def engine_module(engine: str) -> ModuleType:
    """The module of an engine named in a game table.

    >>> engine_module("nope")
    Traceback (most recent call last):
    oddscalc.errors.InputError: unknown engine 'nope' (expected one of: stud5, stud5-side, three-card, fast-action)
    """
    if engine not in ENGINES:
        raise InputError(f"unknown engine '{engine}' (expected one of: {', '.join(ENGINES)})")
    try:
        return importlib.import_module(ENGINES[engine])
    except ModuleNotFoundError as error:
        if error.name == ENGINES[engine]:
            raise InputError(f"engine '{engine}' is not available in this version") from None
        raise
