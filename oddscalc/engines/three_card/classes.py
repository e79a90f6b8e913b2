"""Hand classes of a three-card game on its three-card hands.

A three-card hand's class (``rules.HAND_CLASSES``: the ranking's category, with ace-high apart) is a
function of its strength, and so is a game class whose conditions are ranks, a rank threshold, or
suitedness of all three cards.  A class asking for part of the hand to be suited (``ranks = "A K"``,
``suited = true``, in a category that is not a flush) splits the hands of one strength: the kernel
groups situations by strength, so such a class is refused on the main wager, a showdown bet and in
a strategy, and paid on side bets settled on one three-card hand (the player's or the dealer's),
which are counted hand by hand.

>>> from oddscalc.core.classes import HandClass
>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import ranking_of_game
>>> cls = three_card_classes(ranking_of_game(load("three-card-poker")), (
...     HandClass("mini-royal", "straight-flush", ranks=(12, 11, 10)),
...     HandClass("ak-suited", "ace-high", ranks=(12, 11), suited=True)))
>>> cls.sizes["mini-royal"], cls.sizes["ak-suited"], sorted(cls.suit_classes)
(4, 120, ['ak-suited'])
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from oddscalc._native import three
from oddscalc.core.cards import DECK
from oddscalc.core.classes import ClassMap, HandClass, HandRow, class_map
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.core.hands import ThreeCardCategory

HAND_CLASSES = ("high-card", "ace-high", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
ACE = 12


def base_class(ranking: ThreeCardRanking, strength: int, cards: Iterable[int]) -> str:
    """The engine's class of a hand: its category, with a high-card hand topped by an ace apart."""
    category = ranking.categories[strength]
    if category == ThreeCardCategory.HIGH_CARD and max(c >> 2 for c in cards) == ACE:
        return "ace-high"
    return category.label


@dataclass(frozen=True)
class ThreeCardClasses:
    """A game's classes on three-card hands: ``by_strength`` (row = strength; the classes that are
    functions of the strength), ``by_hand`` (every kind of hand of the deck, every class; a kind is
    a strength and which of its cards share a suit, ``kind_of`` its row) and the classes that
    depend on suits."""
    by_strength: ClassMap
    by_hand: ClassMap | None
    suit_classes: frozenset[str]
    sizes: dict[str, int]                 # hands of the deck per class
    kind_of: dict[tuple[int, bool, bool, bool], int]

    def hand_row(self, strength: int, cards: Iterable[int]) -> int:
        """The row of ``by_hand`` a hand is counted in."""
        return self.kind_of[(strength, *suit_pattern(cards))]


def suit_pattern(cards: Iterable[int]) -> tuple[bool, bool, bool]:
    """Which of a hand's cards (ordered by code: by rank) share a suit.  With the strength (the
    ranks) it decides every condition of a class, so hands alike in both are in the same classes.

    >>> from oddscalc.core.cards import parse_cards
    >>> suit_pattern(parse_cards("As Ks 2d")) == suit_pattern(parse_cards("Ah Kh 2c"))
    True
    """
    a, b, c = sorted(cards)
    return (a ^ b) & 3 == 0, (a ^ c) & 3 == 0, (b ^ c) & 3 == 0


def _kind_rows(ranking: ThreeCardRanking, deck: tuple[int, ...]
               ) -> tuple[list[tuple[int, HandRow]], dict[tuple[int, bool, bool, bool], int]]:
    """One row per kind of hand of the deck (strength and suit pattern), weighted by its hands."""
    native = ranking.native
    labels = [category.label for category in ranking.categories]
    kinds: dict[tuple[int, bool, bool, bool], tuple[tuple[int, int, int], int]] = {}    # -> (first hand, hands)
    for a, b, c in combinations(sorted(deck), 3):
        key = (native.strength((a, b, c)), (a ^ b) & 3 == 0, (a ^ c) & 3 == 0, (b ^ c) & 3 == 0)
        first, count = kinds.get(key, ((a, b, c), 0))
        kinds[key] = first, count + 1
    rows: list[tuple[int, HandRow]] = []
    index: dict[tuple[int, bool, bool, bool], int] = {}
    for key, (hand, count) in kinds.items():
        label = labels[key[0]]
        base = "ace-high" if label == "high-card" and max(c >> 2 for c in hand) == ACE else label
        index[key] = len(rows)
        rows.append((key[0], HandRow(hand, base, label, count)))
    return rows, index


@lru_cache(maxsize=16)
def hand_classes(ranking: ThreeCardRanking) -> tuple[str, ...]:
    """The hand class (``ace-high``, ``pair`` …) of every strength of a ranking.

    >>> from oddscalc.core.evaluate import DEFAULT_THREE_CARD_ORDER, ThreeCardRanking
    >>> classes = hand_classes(ThreeCardRanking(DEFAULT_THREE_CARD_ORDER))
    >>> classes[0], classes[-1]
    ('high-card', 'straight-flush')
    """
    examples = {strength: tuple(example) for strength, _count, *example in three.player_hands(ranking.native, DECK)}
    return tuple(base_class(ranking, s, examples[s]) for s in range(ranking.native.n_strengths))


@lru_cache(maxsize=16)
def three_card_classes(ranking: ThreeCardRanking, classes: tuple[HandClass, ...], deck: tuple[int, ...] = DECK,
                       where: str = "table") -> ThreeCardClasses:
    """Every class evaluated on the three-card hands of a deck; overlaps refused (core.classes)."""
    # a strength a reduced deck cannot make has a hand of the full deck stand in (weight 0)
    full = three.player_hands(ranking.native, DECK)
    examples = {strength: tuple(example) for strength, _count, *example in full}
    counts: dict[int, int] = {}
    for strength, count, *example in (full if deck == DECK else three.player_hands(ranking.native, deck)):
        examples[strength] = tuple(example)
        counts[strength] = count
    categories = ranking.categories
    strength_rows = []
    for s, category in enumerate(categories):
        cards = examples[s]
        strength_rows.append(HandRow(cards, base_class(ranking, s, cards), category.label, counts.get(s, 0)))
    suited = [k for k in classes if k.uses_suits]
    by_hand = None
    kind_of: dict[tuple[int, bool, bool, bool], int] = {}
    suit_classes: set[str] = set()
    if suited:
        kind_rows, kind_of = _kind_rows(ranking, deck)
        by_hand = class_map(classes, [row for _s, row in kind_rows], where)
        seen: dict[tuple[int, str], bool] = {}
        for (strength, _row), chain in zip(kind_rows, by_hand.chains, strict=True):
            for klass in suited:
                inside = klass.name in chain
                if seen.setdefault((strength, klass.name), inside) != inside:
                    suit_classes.add(klass.name)
    plain = tuple(k for k in classes if k.name not in suit_classes)
    by_strength = class_map(plain, strength_rows, where)
    sizes = dict(by_hand.sizes) if by_hand is not None else dict(by_strength.sizes)
    return ThreeCardClasses(by_strength, by_hand, frozenset(suit_classes), sizes, kind_of)
