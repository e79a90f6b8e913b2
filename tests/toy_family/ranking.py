"""The toy family's own hand ranking: two cards from a 20-card deck of tens to aces, a pair above
any high card, high cards by their higher rank, then their lower one.

No built-in evaluator knows two-card hands, which is the point: a family's ranking is its own, and
it reaches the rest only through ``Family.rank`` (the ``rank`` command) and its own counting.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from oddscalc.core.cards import RANKS, card_code, format_card, parse_rank, rank_of
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import HandRank
from oddscalc.core.hands import ThreeCardCategory

# the deck's ranks in the card codes' numbering (0 is a deuce): T J Q K A, four suits each
DECK_RANKS = tuple(range(RANKS.index("T"), len(RANKS)))
DECK = tuple(card_code(rank, suit) for rank in DECK_RANKS for suit in range(4))
DECK_TEXT = "a 20-card deck of tens to aces"

# categories by code, weakest first: the paytable's names and the row names of the outcomes
CATEGORIES = ("high-card", "pair")
HIGH_CARD, PAIR = 0, 1
# HandRank's category is typed as one of the built-in enums, so the toy borrows the members whose
# labels are its own categories' names (see docs/new-family.md: a family with categories no
# built-in ranking has would need HandRank to take them)
BORROWED = {HIGH_CARD: ThreeCardCategory.HIGH_CARD, PAIR: ThreeCardCategory.PAIR}

# every two-rank hand, weakest first: the high cards by (higher rank, lower rank), then the pairs;
# a hand's strength is its place in this list
_ORDER = (*sorted(combinations(DECK_RANKS, 2), key=lambda pair: (pair[1], pair[0])),
          *((rank, rank) for rank in DECK_RANKS))
STRENGTH = {ranks: strength for strength, ranks in enumerate(_ORDER)}
N_STRENGTHS = len(_ORDER)          # 10 high cards and 5 pairs


def ranks_of_strength(strength: int) -> tuple[int, int]:
    """The (lower, higher) ranks of a strength."""
    return _ORDER[strength]


def strength_of_ranks(a: int, b: int) -> int:
    return STRENGTH[(a, b) if a <= b else (b, a)]


def category_of(strength: int) -> int:
    low, high = _ORDER[strength]
    return PAIR if low == high else HIGH_CARD


def hand_text(strength: int) -> str:
    """A strength as players name it: ``A-K`` (ace-king high), ``Q-Q`` (a pair of queens)."""
    low, high = _ORDER[strength]
    return f"{RANKS[high]}-{RANKS[low]}"


def check_cards(cards: Iterable[int], what: str, game: str) -> None:
    """Refuse a card the deck does not hold (the command line reads any of the 52)."""
    for card in cards:
        if card not in DECK:
            raise InputError(f"{game} deals {DECK_TEXT}: {what} {format_card(card)} is not in it")


def strength(cards: Sequence[int]) -> int:
    """The strength (0 = J-T, the weakest, to 14 = A-A) of two cards of the deck."""
    first, second = cards
    return strength_of_ranks(rank_of(first), rank_of(second))


def rank(cards: tuple[int, ...], game: str) -> HandRank:
    """A hand's category and strength under the toy ranking."""
    if len(cards) != 2:
        raise InputError(f"{game} ranks two-card hands, not {len(cards)} card{'s' if len(cards) != 1 else ''}")
    check_cards(cards, "the card", game)
    found = strength(cards)
    return HandRank(cards, cards, BORROWED[category_of(found)], found, N_STRENGTHS)


def parse_hand(text: str, where: str) -> int:
    """The strength of a hand written as two ranks (``K Q``, ``T T``), as ``rules.dealer_qualifies``
    gives the dealer's weakest qualifying hand."""
    words = text.split()
    if len(words) != 2:
        raise InputError(f"{where} must be two ranks such as 'K Q' or 'T T', got {text!r}")
    try:
        ranks = [parse_rank(word) for word in words]
    except InputError as error:
        raise InputError(f"{where}: {error}") from None
    if any(rank not in DECK_RANKS for rank in ranks):
        raise InputError(f"{where}: the deck holds tens to aces only, got {text!r}")
    return strength_of_ranks(*ranks)
