"""Fast Action Poker engine: rule checks and the ``analyze`` and ``decide`` game commands.

>>> from oddscalc.tables import load_game
>>> sorted(COMMANDS)
['analyze', 'decide']
>>> validate(load_game("fast-action-poker"))
"""
from __future__ import annotations

from oddscalc.games.fast_action_rules import rules_of_game
from oddscalc.tables import GameTable

COMMANDS: dict = {}


def validate(game: GameTable) -> None:
    """Refuse a table whose rule fields cannot be played (InputError names the field)."""
    rules_of_game(game)
