"""Cards as users type them, and the integer code every kernel uses.

A card is ``rank * 4 + suit`` with rank 0..12 for 2..A and suit 0..3 for c, d, h, s
(the same encoding as ``ext/cards.pxd``).

>>> parse_cards("As Kd 10h")
(51, 45, 34)
>>> format_cards(parse_cards("ah♠k"))
'Ah Ks'
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from oddscalc.core.errors import InputError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s",
                "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
DECK = tuple(range(52))

# One card: a rank (10 or one character) then a suit letter or symbol, or a symbol then a rank.
_TOKEN = re.compile(r"(10|[^\s,])([^\s,])")


def card_code(rank: int, suit: int) -> int:
    """Code of the card of rank 0..12 (2..A) and suit 0..3 (c d h s).

    >>> card_code(12, 3)
    51
    """
    return rank * 4 + suit


def rank_of(card: int) -> int:
    """Rank 0..12 (2..A) of a card code.

    >>> rank_of(parse_card("Qh"))
    10
    """
    return card >> 2


def suit_of(card: int) -> int:
    """Suit 0..3 (c d h s) of a card code.

    >>> suit_of(parse_card("Qh"))
    2
    """
    return card & 3


def parse_rank(text: str) -> int:
    """Rank 0..12 of a rank character (``2``..``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``).

    >>> parse_rank("t"), parse_rank("10"), parse_rank("A")
    (8, 8, 12)
    """
    text = text.strip().upper()
    if text == "10":
        return 8
    if len(text) == 1 and text in RANKS:
        return RANKS.index(text)
    raise InputError(f"unknown rank '{text}'")


def parse_rank_set(text: str) -> tuple[int, ...]:
    """Ranks 0..12 of a set written ``"A K"``, ``"AK"``, ``"Q,K,A"`` or ``"{T J}"``, ascending, once each.

    >>> parse_rank_set("A K"), parse_rank_set("QKA"), parse_rank_set("10, J")
    ((11, 12), (10, 11, 12), (8, 9))
    """
    tokens: list[str] = []
    for token in text.replace(",", " ").replace("{", " ").replace("}", " ").split():
        tokens.extend([token] if token == "10" else list(token))
    if not tokens:
        raise InputError(f"a set of ranks such as 'A K' is needed, got '{text}'")
    return tuple(sorted({parse_rank(token) for token in tokens}))


def rank_set_text(ranks: Iterable[int]) -> str:
    """A set of ranks as players write it, strongest first.

    >>> rank_set_text([11, 12])
    '{A, K}'
    """
    return "{" + ", ".join(RANKS[r] for r in sorted(set(ranks), reverse=True)) + "}"


def parse_card(text: str) -> int:
    """Code of one card such as ``As``, ``10h``, ``kd`` or ``A♠``.

    >>> parse_card("As")
    51
    """
    cards = parse_cards(text, count=1)
    return cards[0]


def _parse_token(rank: str, suit: str) -> int:
    if rank in SUIT_SYMBOLS and suit not in SUIT_SYMBOLS:   # symbol first: ♠A
        rank, suit = suit, rank
    suit = SUIT_SYMBOLS.get(suit, suit).lower()
    rank = rank.upper()
    if rank == "10":
        rank = "T"
    if rank not in RANKS or suit not in SUITS or not rank:
        raise ValueError
    return card_code(RANKS.index(rank), SUITS.index(suit))


def parse_cards(text: str | Iterable[str], count: int | Iterable[int] | None = None,
                exclude: Iterable[int] = (), repeats: bool = False) -> tuple[int, ...]:
    """Parse cards typed with or without spaces; refuse unknown, duplicate or miscounted cards.

    ``count`` is the required number of cards (or a collection of allowed numbers);
    ``exclude`` are cards already known elsewhere (they count as duplicates); ``repeats``: a card
    may be given more than once (a hand from a shoe of several decks; the caller checks how often).

    >>> parse_cards("AsKdTh")
    (51, 45, 34)
    >>> parse_cards("As As")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: duplicate card As
    """
    if not isinstance(text, str):
        text = " ".join(text)
    cards: list[int] = []
    seen = set(exclude)
    for chunk in text.replace(",", " ").split():
        position = 0
        while position < len(chunk):
            match = _TOKEN.match(chunk, position)
            if match is None:
                raise InputError(f"unknown card '{chunk[position:]}'")
            try:
                card = _parse_token(match.group(1), match.group(2))
            except ValueError:
                raise InputError(f"unknown card '{match.group(0)}'") from None
            if card in seen and not repeats:
                raise InputError(f"duplicate card {format_card(card)}")
            seen.add(card)
            cards.append(card)
            position = match.end()
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in allowed:
            wanted = " or ".join(str(n) for n in allowed)
            if len(allowed) > 2:
                wanted = ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"
            noun = "card" if allowed == (1,) else "cards"
            raise InputError(f"expected {wanted} {noun}, got {len(cards)}")
    return tuple(cards)


def format_card(card: int) -> str:
    """Two-character text of a card code.

    >>> format_card(51)
    'As'
    """
    return RANKS[card >> 2] + SUITS[card & 3]


def format_cards(cards: Iterable[int]) -> str:
    """Cards as space-separated text.

    >>> format_cards((51, 45))
    'As Kd'
    """
    return " ".join(format_card(card) for card in cards)


def sort_cards(cards: Iterable[int]) -> tuple[int, ...]:
    """Cards from the highest rank down (suits c < d < h < s break ties for display only).

    >>> format_cards(sort_cards(parse_cards("2c As Kd")))
    'As Kd 2c'
    """
    return tuple(sorted(cards, reverse=True))
