"""Dealer cards read only by their rank class (``decide --reads "K Q J|A"``): a hole-carder sees that a
card is "a picture" or "an ace", not which one.  Shared by the families whose ``decide`` enumerates the
dealer's completions (Caribbean Stud, the three-card games).

A read card is one particular card of the dealer's hand, so given its class it is equally likely to
be any unseen card of those ranks; the dealer's other unknown cards are equally likely to be any of
the rest.  Every completion below is therefore one equally likely deal.

>>> parse_reads("K Q J|A")
((9, 10, 11), (12,))
>>> from oddscalc.core.cards import parse_cards
>>> hands = list(dealer_hands(parse_cards("Qd"), parse_reads("A"), parse_cards("Ac Ah 2c 3c"), 3))
>>> [len(h) for h in hands][:1], len(hands)
([3], 6)
>>> list(dealer_hands(parse_cards("Qd"), parse_reads("K"), parse_cards("Ac Ah 2c 3c"), 3))
Traceback (most recent call last):
oddscalc.core.errors.InputError: --reads 'K': no unseen card has the ranks read (every such card is seen)
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from oddscalc.core.cards import RANKS, parse_rank_set, rank_of, rank_set_text
from oddscalc.core.errors import InputError

Reads = tuple[tuple[int, ...], ...]


def parse_reads(text: str | None) -> Reads:
    """The rank class of each dealer card read, ``|`` between cards (``"K Q J|A"``)."""
    if text is None or not text.strip():
        return ()
    try:
        return tuple(parse_rank_set(part) for part in text.split("|"))
    except InputError as error:
        raise InputError(f"--reads {text!r}: {error} (a rank class per card read, '|' between cards: 'K Q J|A')") \
            from None


def dealer_hands(known: Sequence[int], reads: Reads, rest: Sequence[int], size: int,
                 required: bool = True) -> Iterator[tuple[int, ...]]:
    """Every dealer hand of ``size`` cards: the ``known`` ones, one card of ``rest`` of each read's
    ranks (each read a different card), and the others from what is left of ``rest``.  Unless
    ``required`` is false, one line when no hand fits (every card a read could be is seen)."""
    def chosen(index: int, taken: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if index == len(reads):
            left = [card for card in rest if card not in taken]
            for more in combinations(left, size - len(known) - len(reads)):
                yield (*known, *taken, *more)
            return
        for card in rest:
            if rank_of(card) in reads[index] and card not in taken:
                yield from chosen(index + 1, (*taken, card))
    if len(known) + len(reads) > size:
        raise InputError(f"the dealer has {size} cards: {len(known)} named and {len(reads)} read are too many")
    return _some(chosen(0, ()), reads) if required else chosen(0, ())


def _some(hands: Iterator[tuple[int, ...]], reads: Reads) -> Iterator[tuple[int, ...]]:
    """The hands, or one line when none fits: every card of a read's ranks is already seen."""
    found = False
    for hand in hands:
        found = True
        yield hand
    if not found:
        classes = "|".join(" ".join(RANKS[r] for r in read) for read in reads)
        raise InputError(f"--reads {classes!r}: no unseen card has the ranks read (every such card is seen)")


def three_card_dealer(hand: Sequence[int], upcard: int | None, seen: Sequence[int], dead: Sequence[int],
                      reads: Reads, what: str) -> tuple[list[int], list[int]]:
    """A three-card game's dealer cards known (the upcard, then those seen) and the cards he may still
    get, the situation checked (``what`` names the decision in the refusal)."""
    dealer = [*([] if upcard is None else [upcard]), *seen]
    known = [*hand, *dealer, *dead]
    if len(hand) != 3 or len(set(known)) != len(known) or not all(0 <= card < 52 for card in known):
        raise InputError(f"{what} needs three cards, distinct from the upcard, seen and dead cards")
    if len(dealer) + len(reads) > 3:
        raise InputError(f"--seen and --reads: the dealer has three cards, {len(dealer) + len(reads)} are named")
    deck = [card for card in range(52) if card not in set(known)]
    if len(deck) < 3 - len(dealer):
        raise InputError(f"only {len(deck)} cards are left for the dealer")
    return dealer, deck


# --- exposure: dealer cards sorted into rank classes ---------------------------------------------

Classes = tuple[tuple[int, ...], ...]
MAX_SORTED_CLASSES = 3         # classes named in a partition read; the ranks in none are one more


def parse_classes(ranks: str) -> Classes:
    """The rank classes of a sorted read written with ``|`` between classes (``"A|K Q J"``, or
    ``"A|K Q J|*"``: the ranks in no class named are one class more, ``*``); without ``|``, one set
    (in it or not).  For exposure's sorted cards, which a family reads class by class.

    >>> parse_classes("A K"), parse_classes("A|K Q J|*")
    (((11, 12),), ((12,), (9, 10, 11)))
    """
    if "|" not in ranks:
        return (parse_rank_set(ranks),)
    parts = [part.strip() for part in ranks.split("|")]
    if parts and parts[-1] == "*":
        parts.pop()
    if not parts or any(not part or part == "*" for part in parts):
        raise InputError(f"sorted classes {ranks!r}: one or more ranks in each class, '|' between classes and "
                         "'*' only last (the other ranks), e.g. 'A|K Q J|*'")
    classes = tuple(parse_rank_set(part) for part in parts)
    named = [r for c in classes for r in c]
    if len(set(named)) != len(named):
        raise InputError(f"sorted classes {ranks!r}: a rank is in two classes")
    if len(classes) > MAX_SORTED_CLASSES:
        raise InputError(f"sorted classes {ranks!r}: at most {MAX_SORTED_CLASSES} classes besides the other ranks")
    return classes


def read_of(classes: Classes, rank: int) -> tuple[int, ...]:
    """The ranks a card of ``rank`` is read as: its class, or the ranks in no class named.

    >>> read_of(((12,), (9, 10, 11)), 10), read_of(((12,),), 3)[:3]
    ((9, 10, 11), (0, 1, 2))
    """
    for ranks in classes:
        if rank in ranks:
            return tuple(ranks)
    named = {r for ranks in classes for r in ranks}
    return tuple(r for r in range(13) if r not in named)


def classes_text(classes: Classes) -> str:
    """``{A} | {K, Q, J} | the other ranks``, or the one set's ``{A, K}``."""
    if len(classes) == 1:
        return rank_set_text(classes[0])
    rest = "" if sum(map(len, classes)) == 13 else " | the other ranks"
    return " | ".join(rank_set_text(c) for c in classes) + rest


def read_name(classes: Classes, read: Sequence[int], k: int) -> str:
    """One read of k sorted cards in words (``read``: cards per class, the other ranks first):
    ``1 of 2 in {A}, 1 in {K, Q, J}``."""
    counts = read[1:]
    first = f"{counts[0]} of {k} in {rank_set_text(classes[0])}"
    return first + "".join(f", {n} in {rank_set_text(c)}" for n, c in zip(counts[1:], classes[1:], strict=True))
