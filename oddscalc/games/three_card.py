"""Three-card games (Fast Poker, Caribbean Fast Poker, Three Card Poker): engine stub.

The full engine (issue 4) adds analysis, strategy and decisions here.
"""
from __future__ import annotations

from oddscalc.games.three_card_ranking import ranking_of_game
from oddscalc.tables import GameTable

COMMANDS: dict = {}


def validate(game: GameTable) -> None:
    """Refuse a game whose ranking cannot be played."""
    ranking_of_game(game)
