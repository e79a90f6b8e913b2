"""Caribbean Stud: the paytable-free counts, and the optimal strategy of a paytable over them.

The kernel (ext/stud.pyx) counts, once per dealer qualifier, how each (hand, upcard) class
fares against every dealer completion.  Everything a paytable changes — which classes call,
and what each outcome pays — is exact integer and Fraction arithmetic here, so a further
paytable costs one pass over the classes.

>>> PAYOUT_CLASSES[1], PAYOUT_CLASSES[-1]
('ace-king', 'royal-flush')
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from oddscalc._native import stud as kernel
from oddscalc.cards import parse_cards
from oddscalc.errors import InputError
from oddscalc.evaluate import five_card_strength
from oddscalc.progress import Progress
from oddscalc.tables import GameTable, Paytable

# Payout classes of the player's hand, as the kernel numbers them: a hand below ace-king can
# never beat a qualifying dealer; ace-king is paid apart from the pair.
PAYOUT_CLASSES = ("below-ace-king", "ace-king", "pair", "two-pair", "three-of-a-kind", "straight",
                  "flush", "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
PAYABLE = PAYOUT_CLASSES[1:]
COMPLETIONS = math.comb(46, 4)        # dealer completions of one (hand, upcard) situation
SITUATIONS = math.comb(52, 5) * 47    # (hand, upcard) situations


@dataclass(frozen=True)
class StudRules:
    """The rule parameters of a five-card stud game table."""
    qualify_strength: int      # weakest dealer hand that qualifies
    qualifier_text: str
    call_multiple: int         # the Call is this many Antes

    @classmethod
    def of(cls, game: GameTable) -> "StudRules":
        """Read and check the rules of a game table.

        >>> from oddscalc.tables import load_game
        >>> StudRules.of(load_game("caribbean-stud")).call_multiple
        2
        """
        text = game.rules.text("dealer_qualifies", "A K 4 3 2")
        ranks = parse_qualifier(text, game.name)
        return cls(qualifier_strength(ranks), text, game.rules.integer("call_multiple", 2, 1, 100))


def parse_qualifier(text: str, game: str) -> tuple[int, ...]:
    """Five ranks of the weakest qualifying dealer hand, e.g. ``"A K 4 3 2"``."""
    from oddscalc.cards import parse_rank
    tokens = text.replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) == 5:
        tokens = list(tokens[0])
    if len(tokens) != 5:
        raise InputError(f"table '{game}': rules.dealer_qualifies must name five ranks, got '{text}'")
    ranks = tuple(parse_rank(token) for token in tokens)
    if max(ranks.count(r) for r in ranks) > 4:
        raise InputError(f"table '{game}': rules.dealer_qualifies '{text}' is not a hand")
    return ranks


def qualifier_strength(ranks: tuple[int, ...]) -> int:
    """Strength of five ranks dealt in mixed suits (a qualifier is never a flush).

    >>> from oddscalc.evaluate import five_card_category
    >>> five_card_category(qualifier_strength((12, 11, 2, 1, 0))).label
    'high-card'
    """
    used: set[int] = set()
    cards = []
    for i, rank in enumerate(ranks):
        suit = next(s for s in ((i + j) % 4 for j in range(4)) if rank * 4 + s not in used)
        used.add(rank * 4 + suit)
        cards.append(rank * 4 + suit)
    return five_card_strength(cards)


@lru_cache(maxsize=4)
def class_counts(qualify_strength: int) -> "kernel.StudClasses":
    """The kernel's counts for a qualifier (computed once per process)."""
    progress = Progress("counting Caribbean Stud deals", 13)
    try:
        return kernel.count_classes(qualify_strength, progress.step)
    finally:
        progress.done()


def class_pays(paytable: Paytable) -> list[Fraction]:
    """The pay of every payout class (0 for below-ace-king and for unlisted classes).

    >>> from oddscalc.tables import load_game
    >>> class_pays(load_game("caribbean-stud").paytable())[:3]
    [Fraction(0, 1), Fraction(1, 1), Fraction(1, 1)]
    """
    return [paytable.pay(name) if name in PAYABLE else Fraction(0) for name in PAYOUT_CLASSES]


@dataclass(frozen=True)
class Settlement:
    """Situations and dealer completions, summed per payout class, for one strategy."""
    called: tuple[int, ...]          # situations called, per payout class
    folded: tuple[int, ...]
    not_qualify: tuple[int, ...]     # deals (situation x completion) per payout class
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    losses: tuple[int, ...]


def settle(classes, calls: bytes | bytearray) -> Settlement:
    """Sum the counts of a strategy (one 0/1 decision per class)."""
    rows = classes.aggregate(calls)
    return Settlement(*(tuple(row[i] for row in rows) for i in (0, 5, 1, 2, 3, 4)))


def optimal_calls(classes, paytable: Paytable, call_multiple: int) -> bytearray:
    """The optimal decision of every class under a paytable (exact integer comparison)."""
    pays = class_pays(paytable)
    if any(max(p.numerator, p.denominator) >= 2 ** 63 for p in pays):
        raise InputError("a payout's numerator or denominator is too large (over 2**63)")
    return classes.decide_optimal([p.numerator for p in pays], [p.denominator for p in pays], call_multiple)


def threshold_calls(classes, hand_text: str | None) -> bytearray:
    """Decisions of 'call with this hand or better' (None: always call)."""
    if hand_text is None:
        return classes.decide_threshold(0)
    return classes.decide_threshold(five_card_strength(parse_cards(hand_text, count=5)))
