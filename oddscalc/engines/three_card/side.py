"""Side bets of a three-card game (``[rules] side_bets``), exact over every deal of a deck.

- ``hand = "player"`` or ``"dealer"``: one three-card hand (every hand equally likely either way),
  counted per strength, or hand by hand when a paid class depends on suits;
- ``hand = "player+dealer"``: the best five of the player's three and the dealer's three cards,
  which are six random cards: a census of the deck's six-card sets (Three Card Poker's 6 Card Bonus
  is therefore the same bet as Live Caribbean Stud's 5+1 Bonus with the same pays);
- ``hand = "showdown"``: both hands, by the player's class, the dealer's class and which hand is
  stronger (ext/three.pyx showdown_counts).

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> rules = three_card_rules(load("three-card-poker"))
>>> side_analysis(rules, rules.side[1]).rtp
Fraction(136879, 149695)
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from oddscalc._native import eval5, three
from oddscalc.core.cards import DECK
from oddscalc.core.economics import Analysis
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES, five_card_categories, five_card_map
from oddscalc.engines.sidebets import SideBet, showdown_counts, side_bet_analysis
from oddscalc.engines.three_card.classes import HAND_CLASSES, three_card_classes
from oddscalc.engines.three_card.rules import ThreeCardRules


def hand_counts(rules: ThreeCardRules, bet: SideBet, deck: tuple[int, ...]) -> dict[str, int]:
    """Three-card hands of the deck by the name the bet pays them under."""
    classes = three_card_classes(rules.ranking, rules.game.classes, deck, f"table '{rules.game.name}'")
    out: dict[str, int] = {}
    if classes.by_hand is not None and any(name in classes.suit_classes for name in bet.table.pays):
        cmap = classes.by_hand
        for i, row in enumerate(cmap.rows):
            name = cmap.pay_name(i, bet.table.pays)
            out[name] = out.get(name, 0) + row.weight
        return out
    cmap = classes.by_strength
    for s, row in enumerate(cmap.rows):
        if row.weight:
            name = cmap.pay_name(s, bet.table.pays)
            out[name] = out.get(name, 0) + row.weight
    return out


def six_card_counts(rules: ThreeCardRules, bet: SideBet, deck: tuple[int, ...]) -> dict[str, int]:
    """Six-card sets of the deck by the name the bet pays their best five under (only the classes
    the bet names can be paid, so only they are evaluated)."""
    named = tuple(k for k in rules.game.classes if k.name in bet.table.pays)
    cmap = five_card_map(named, five_card_categories(), f"table '{rules.game.name}'")
    out: dict[str, int] = {}
    for s, sets in enumerate(eval5.strength_census(6, deck)):
        if sets:
            name = cmap.pay_name(s, bet.table.pays)
            out[name] = out.get(name, 0) + sets
    return out


def six_card_class_sizes(rules: ThreeCardRules, deck: tuple[int, ...] = DECK) -> dict[str, int]:
    """Six-card sets of the deck whose best five is in each class of the game."""
    cmap = five_card_map(rules.game.classes, five_card_categories(), f"table '{rules.game.name}'")
    out = dict.fromkeys(cmap.sizes, 0)
    for s, sets in enumerate(eval5.strength_census(6, deck)):
        for name in cmap.chains[s]:
            out[name] += sets
    return out


def showdown(rules: ThreeCardRules, bet: SideBet, deck: tuple[int, ...]) -> dict[str, int]:
    """Deals of the deck by the name a showdown bet pays them under (``""``: it does not pay)."""
    classes = three_card_classes(rules.ranking, rules.game.classes, deck, f"table '{rules.game.name}'")
    cmap = classes.by_strength
    names: list[str] = []
    index: dict[str, int] = {}
    data = bytearray(len(cmap.rows))
    for s in range(len(cmap.rows)):
        name = cmap.pay_name(s, bet.table.pays)
        data[s] = index.setdefault(name, len(names))
        if data[s] == len(names):
            names.append(name)
    counts = three.showdown_counts(rules.ranking.native, deck, bytes(data), bytes(data), len(names))
    n = len(names)
    cells = {(relation, names[mine], names[theirs]): counts[(relation * n + mine) * n + theirs]
             for relation in range(3) for mine in range(n) for theirs in range(n)}
    return showdown_counts(bet, cells)


def side_analysis(rules: ThreeCardRules, bet: SideBet, deck: Iterable[int] = DECK) -> Analysis:
    """The exact outcome table of a side bet, per side-bet stake, over every deal of ``deck``."""
    deck = tuple(sorted(deck))
    n = len(deck)
    order = (*HAND_CLASSES, *FIVE_CARD_CATEGORIES, *(k.name for k in rules.game.classes))
    if bet.hand == "player+dealer":
        counts, total = six_card_counts(rules, bet, deck), math.comb(n, 6)
    elif bet.hand == "showdown":
        counts, total = showdown(rules, bet, deck), math.comb(n, 3) * math.comb(n - 3, 3)
    else:
        counts, total = hand_counts(rules, bet, deck), math.comb(n, 3)
    result = side_bet_analysis(rules.game.name, bet, counts, order, bet.table.name,
                               strongest_first=bet.hand not in ("player", "dealer"))
    assert result.total == total
    return result
