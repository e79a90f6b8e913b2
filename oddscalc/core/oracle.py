"""Slow, plainly correct evaluators written straight from the rules; the tests' oracle.

Hands compare by value tuples: (category, tie-break ranks...), higher is better.

>>> from oddscalc.core.cards import parse_cards
>>> five_card_value(parse_cards("5c 4d 3h 2s Ac")) == (F.STRAIGHT, 3)
True
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER
from oddscalc.core.hands import FiveCardCategory as F
from oddscalc.core.hands import ThreeCardCategory as T

# a hand's value: its category, then its tie-break ranks; a higher tuple is a better hand
Value = tuple[int, ...]


def _straight_top(distinct_ranks: set[int]) -> int | None:
    for top in range(12, 3, -1):
        if all(top - i in distinct_ranks for i in range(5)):
            return top
    if {12, 0, 1, 2, 3} <= distinct_ranks:
        return 3
    return None


def five_card_value(cards: Sequence[int]) -> Value:
    """(category, tie-breaks) of exactly five cards under the standard ranking."""
    assert len(cards) == 5
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    top = _straight_top(set(ranks)) if len(set(ranks)) == 5 else None
    if flush and top is not None:
        return (F.ROYAL_FLUSH if top == 12 else F.STRAIGHT_FLUSH, top)
    counts = Counter(ranks)
    # ranks ordered by (count, rank) descending: the order hands are compared in
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape == [4, 1]:
        return (F.FOUR_OF_A_KIND, *grouped)
    if shape == [3, 2]:
        return (F.FULL_HOUSE, *grouped)
    if flush:
        return (F.FLUSH, *grouped)
    if top is not None:
        return (F.STRAIGHT, top)
    if shape == [3, 1, 1]:
        return (F.THREE_OF_A_KIND, *grouped)
    if shape == [2, 2, 1]:
        return (F.TWO_PAIR, *grouped)
    if shape == [2, 1, 1, 1]:
        return (F.PAIR, *grouped)
    return (F.HIGH_CARD, *grouped)


def best_five_value(cards: Sequence[int]) -> Value:
    """Value of the best five of 5, 6 or 7 cards."""
    return max(five_card_value(five) for five in combinations(cards, 5))


def three_card_value(cards: Sequence[int], order: Sequence[T] = DEFAULT_THREE_CARD_ORDER,
                     flush_counts: bool = True) -> Value:
    """(place of category in order, tie-breaks) of three cards (docs/rules.md, Fast Poker)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    suited = flush_counts and len({c & 3 for c in cards}) == 1
    counts = Counter(ranks)
    tiebreak: tuple[int, ...]
    if len(counts) == 1:
        category, tiebreak = T.THREE_OF_A_KIND, (ranks[0],)
    elif len(counts) == 2:
        pair = next(r for r in counts if counts[r] == 2)
        kicker = next(r for r in counts if counts[r] == 1)
        category, tiebreak = T.PAIR, (pair, kicker)
    elif ranks[0] - ranks[2] == 2:
        category, tiebreak = (T.STRAIGHT_FLUSH if suited else T.STRAIGHT), (ranks[0],)
    elif ranks == [12, 1, 0]:                      # A-2-3, the lowest straight
        category, tiebreak = (T.STRAIGHT_FLUSH if suited else T.STRAIGHT), (1,)
    else:
        category, tiebreak = (T.FLUSH if suited else T.HIGH_CARD), tuple(ranks)
    return (list(order).index(category), *tiebreak)
