"""The side bets of a staged game (``rules.side_bets``): a paytable on three cards, the player's
or the community cards, ranked as three-card hands (a straight above a flush), settled whatever
the player decides, so each is its own wager over every three cards of the deck.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.rules import StagedRules
>>> rules = StagedRules.of(load("let-it-ride"))
>>> side_analysis(rules, rules.side_bets[0]).total
22100
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc._native import three
from oddscalc.core.cards import DECK
from oddscalc.core.classes import HandRow, class_map
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.sidebets import SideBet, side_bet_analysis
from oddscalc.engines.staged.rules import THREE_CARD_CATEGORIES, StagedRules

RANKING = ThreeCardRanking()       # the Three Card Poker order: a straight beats a flush


def hand_counts(rules: StagedRules, bet: SideBet, deck: Sequence[int] = DECK) -> dict[str, int]:
    """The three-card hands of a deck by the name the bet pays them under."""
    where = f"table '{rules.game.name}'"
    rows = [HandRow(tuple(example), RANKING.category(strength).label, RANKING.category(strength).label, count)
            for strength, count, *example in three.player_hands(RANKING.native, deck)]
    named = tuple(klass for klass in rules.game.classes if klass.name in bet.table.pays)
    cmap = class_map(named, rows, where)
    empty = [klass.name for klass in named if not cmap.sizes[klass.name]]
    if empty and len(deck) == len(DECK):          # a reduced deck may well hold none
        raise InputError(f"{where}: paytables.{bet.table.name} pays class '{empty[0]}', which holds no "
                         "three-card hand")
    counts: dict[str, int] = {}
    for i, row in enumerate(rows):
        name = cmap.pay_name(i, bet.table.pays)
        counts[name] = counts.get(name, 0) + row.weight
    return counts


def side_analysis(rules: StagedRules, bet: SideBet, deck: Sequence[int] = DECK) -> Analysis:
    """The exact outcome table of a side bet over every three cards of a deck, per side-bet stake."""
    order = (*THREE_CARD_CATEGORIES, *(klass.name for klass in rules.game.classes))
    return side_bet_analysis(rules.game.name, bet, hand_counts(rules, bet, deck), order, bet.table.name,
                             strongest_first=False)


def bet_text(bet: SideBet) -> str:
    """What a side bet is settled on, in words."""
    cards = "the player's three cards" if bet.hand == "player" else "the three community cards"
    return f"{cards}, ranked as a three-card hand (a straight above a flush)"
