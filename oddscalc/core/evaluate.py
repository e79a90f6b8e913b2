"""Typed front of the native evaluators (ext/eval5.pyx, ext/eval3.pyx, and ext/batch.pyx for a caller's batch).

>>> from oddscalc.core.cards import parse_cards
>>> rank_hand(parse_cards("As Ks Qs Js Ts 2d 2c")).category.label
'royal-flush'
>>> rank_hand(parse_cards("Qh 6d 4s")).category.label
'high-card'
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Protocol

from oddscalc._native import batch, eval3, eval5
from oddscalc.core.cards import format_card
from oddscalc.core.errors import InputError
from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER, FiveCardCategory, ThreeCardCategory

N_FIVE_CARD_STRENGTHS = 7462
evaluate_batch = eval5.evaluate_batch


def strength_counts(strengths: array[int], n_strengths: int) -> list[int]:
    """How many of a batch's strengths are each of 0..n_strengths-1, counted natively (a batch's
    report costs no Python per hand).

    >>> strength_counts(array("H", [2, 0, 2]), 3)
    [1, 0, 2]
    """
    return batch.strength_counts(strengths, n_strengths)


class Category(Protocol):
    """A hand category of some ranking: what a report names it."""

    @property
    def label(self) -> str: ...


@dataclass(frozen=True)
class HandRank:
    """What a hand is: the cards that make it (its best five of more), category and strength, and
    the most specific hand class of the game that holds it ("" when none does).  The category is
    the ranking's: the five- and three-card ones here, or a family's own (anything with a label)."""
    cards: tuple[int, ...]
    best: tuple[int, ...]
    category: Category
    strength: int
    n_strengths: int
    hand_class: str = ""


def five_card_strength(cards: Sequence[int]) -> int:
    """Strength 0..7461 (higher is stronger) of the best five of 5, 6 or 7 cards.

    >>> from oddscalc.core.cards import parse_cards
    >>> five_card_strength(parse_cards("7c 5d 4h 3s 2c"))
    0
    """
    return eval5.strength(tuple(cards))


def five_card_category(strength: int) -> FiveCardCategory:
    """Category of a five-card strength.

    >>> five_card_category(7461).label
    'royal-flush'
    """
    return FiveCardCategory(eval5.category(strength))


def five_card_category_starts() -> tuple[int, ...]:
    """First strength of each five-card category (weakest first), then 7462.

    >>> five_card_category_starts()[:2]
    (0, 1277)
    """
    return tuple(eval5.category_starts())


@lru_cache(maxsize=1)
def five_card_examples() -> tuple[tuple[int, ...], ...]:
    """One five-card hand of every strength 0..7461 (index = strength): each rank multiset dealt in
    mixed suits, and each set of five ranks in one suit (made by the kernel in one call: 12,000
    evaluations from Python cost about 25 ms, which every command reading a hand class paid).

    >>> from oddscalc.core.cards import format_cards
    >>> examples = five_card_examples()
    >>> len(examples), format_cards(examples[0]), format_cards(examples[-1])
    (7462, '2c 3d 4h 5s 7c', 'Tc Jc Qc Kc Ac')
    """
    return eval5.strength_examples()


@dataclass(frozen=True)
class ThreeCardRanking:
    """A three-card ranking as a rule set gives it: category order (weakest first) and flush switch.

    >>> ThreeCardRanking().native.n_strengths
    741
    """
    order: tuple[ThreeCardCategory, ...] = DEFAULT_THREE_CARD_ORDER
    flush_counts: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(ThreeCardCategory(c) for c in self.order))
        validate_three_card_order(self.order, self.flush_counts)

    @property
    def native(self) -> eval3.ThreeCardRanking:
        """The compiled strength table of this ranking (built once per ranking)."""
        return _native_three_card_ranking(self.order, self.flush_counts)

    def strength(self, cards: Sequence[int]) -> int:
        """Dense strength (0 = weakest) of three cards under this ranking."""
        return self.native.strength(tuple(cards))

    def evaluate_batch(self, hands: memoryview, out: array[int]) -> None:
        """The strength of every row of a (hands, 3) uint8 buffer of card codes, written to ``out``
        natively; a code that is not 0..51 or a card twice in a hand is a ValueError."""
        batch.three_card_batch(self.native, hands, out)

    def category(self, strength: int) -> ThreeCardCategory:
        """Category of a strength under this ranking."""
        return ThreeCardCategory(self.native.category(strength))

    @property
    def categories(self) -> tuple[ThreeCardCategory, ...]:
        """The category of every strength, weakest first (made once per ranking: the loops over
        every strength at start-up would make an enum member per strength each time).

        >>> ThreeCardRanking().categories[-1].label
        'straight-flush'
        """
        return _three_card_categories(self.order, self.flush_counts)


@lru_cache(maxsize=16)
def _native_three_card_ranking(order: tuple[ThreeCardCategory, ...], flush_counts: bool) -> eval3.ThreeCardRanking:
    return eval3.ThreeCardRanking([int(c) for c in order], flush_counts)


@lru_cache(maxsize=16)
def _three_card_categories(order: tuple[ThreeCardCategory, ...], flush_counts: bool) -> tuple[ThreeCardCategory, ...]:
    native = _native_three_card_ranking(order, flush_counts)
    return tuple(ThreeCardCategory(native.category(s)) for s in range(native.n_strengths))


def validate_three_card_order(order: Sequence[ThreeCardCategory], flush_counts: bool) -> None:
    """Refuse a ranking that cannot be played: a missing, repeated or meaningless category.

    >>> validate_three_card_order([ThreeCardCategory.PAIR], True)
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: three-card ranking must list each of high-card, pair, ... exactly once
    """
    C = ThreeCardCategory
    needed = list(C) if flush_counts else [C.HIGH_CARD, C.PAIR, C.STRAIGHT, C.THREE_OF_A_KIND]
    if sorted(order) != sorted(needed):
        names = ", ".join(c.label for c in needed)
        extra = "" if flush_counts else " (flush does not count, so no flush or straight-flush)"
        raise InputError(f"three-card ranking must list each of {names} exactly once{extra}")
    if order[0] != C.HIGH_CARD:
        raise InputError("three-card ranking must put high-card lowest")
    if flush_counts:
        position = {c: i for i, c in enumerate(order)}
        if position[C.STRAIGHT_FLUSH] < max(position[C.STRAIGHT], position[C.FLUSH]):
            raise InputError("three-card ranking puts straight-flush below straight or flush, "
                             "which makes a straight flush worth less than its parts")


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards that make the best hand of 5, 6 or 7 cards.

    >>> from oddscalc.core.cards import parse_cards, format_cards
    >>> format_cards(best_five(parse_cards("As Ad Ac 2h 2d Kc Ks")))
    'As Ad Ac Kc Ks'
    """
    target = five_card_strength(cards)
    return next(five for five in combinations(cards, 5) if five_card_strength(five) == target)


def rank_hand(cards: Sequence[int], ranking: ThreeCardRanking | None = None) -> HandRank:
    """Category and strength of a 3-card hand (under ``ranking``) or of the best five of 5-7 cards,
    from one deck (a card given twice is refused)."""
    cards = tuple(cards)
    repeated = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if repeated is not None:
        raise InputError(f"duplicate card {format_card(repeated)}")
    if len(cards) == 3:
        ranking = ranking or ThreeCardRanking()
        strength = ranking.strength(cards)
        return HandRank(cards, cards, ranking.category(strength), strength, ranking.native.n_strengths)
    if len(cards) in (5, 6, 7):
        strength = five_card_strength(cards)
        return HandRank(cards, best_five(cards), five_card_category(strength), strength,
                        N_FIVE_CARD_STRENGTHS)
    raise InputError(f"expected 3, 5, 6 or 7 cards, got {len(cards)}")
