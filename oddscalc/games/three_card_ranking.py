"""The three-card ranking a game table asks for (rules.category_order, rules.flush_counts).

>>> from oddscalc.tables import load_game
>>> ranking_of_game(load_game("fast-poker")).order[-1].label
'straight-flush'
"""
from __future__ import annotations

from oddscalc.evaluate import ThreeCardRanking
from oddscalc.hands import DEFAULT_THREE_CARD_ORDER, ThreeCardCategory
from oddscalc.tables import GameTable

DEFAULT_ORDER_LABELS = [c.label for c in reversed(DEFAULT_THREE_CARD_ORDER)]


def ranking_of_game(game: GameTable) -> ThreeCardRanking:
    """Ranking from the table: ``category_order`` lists categories strongest first."""
    labels = game.rules.strings("category_order", DEFAULT_ORDER_LABELS)
    flush_counts = game.rules.flag("flush_counts", True)
    order = tuple(ThreeCardCategory.from_label(label) for label in reversed(labels))
    return ThreeCardRanking(order, flush_counts)
