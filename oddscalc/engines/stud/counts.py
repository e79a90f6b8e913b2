"""Caribbean Stud: the paytable-free counts, and the totals of a strategy over them.

The kernel (ext/stud.pyx) counts, once per dealer qualifier, how each (hand, upcard) class
fares against every dealer completion.  Everything a paytable changes — which classes call,
and what each outcome pays — is exact integer and Fraction arithmetic over those counts, so a
further paytable costs one pass over the classes.

>>> PAYOUT_CLASSES[1], PAYOUT_CLASSES[-1]
('ace-king', 'royal-flush')
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from oddscalc._native import stud as kernel
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import Paytable

# Payout classes of the player's hand, as the kernel numbers them: a hand below ace-king can
# never beat a qualifying dealer; ace-king is paid apart from the pair.
PAYOUT_CLASSES = ("below-ace-king", "ace-king", "pair", "two-pair", "three-of-a-kind", "straight",
                  "flush", "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
PAYABLE = PAYOUT_CLASSES[1:]
COMPLETIONS = math.comb(46, 4)        # dealer completions of one (hand, upcard) situation
SITUATIONS = math.comb(52, 5) * 47    # (hand, upcard) situations


@lru_cache(maxsize=4)
def class_counts(qualify_strength: int) -> kernel.StudClasses:
    """The kernel's counts for a qualifier (computed once per process, in about a second)."""
    return kernel.count_classes(qualify_strength)


def class_pays(paytable: Paytable) -> list[Fraction]:
    """The pay of every payout class (0 for below-ace-king and for unlisted classes).

    >>> from oddscalc.engines.base import load
    >>> class_pays(load("caribbean-stud").paytable())[:3]
    [Fraction(0, 1), Fraction(1, 1), Fraction(1, 1)]
    """
    return [paytable.pay(name) if name in PAYABLE else Fraction(0) for name in PAYOUT_CLASSES]


@dataclass(frozen=True)
class StrategyTotals:
    """Situations and dealer completions of one strategy, summed per payout class."""
    called: tuple[int, ...]          # situations called, per payout class
    folded: tuple[int, ...]
    not_qualify: tuple[int, ...]     # deals (situation x completion) per payout class
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    losses: tuple[int, ...]


def strategy_totals(classes: kernel.StudClasses, calls: bytes | bytearray) -> StrategyTotals:
    """Sum the counts of a strategy (one 0/1 decision per class)."""
    rows = classes.aggregate(calls)
    return StrategyTotals(*(tuple(row[i] for row in rows) for i in (0, 5, 1, 2, 3, 4)))


def optimal_calls(classes: kernel.StudClasses, paytable: Paytable, call_multiple: int) -> bytearray:
    """The optimal decision of every class under a paytable (exact integer comparison)."""
    pays = class_pays(paytable)
    if any(max(p.numerator, p.denominator) >= 2 ** 63 for p in pays):
        raise InputError("a payout's numerator or denominator is too large (over 2**63)")
    return classes.decide_optimal([p.numerator for p in pays], [p.denominator for p in pays], call_multiple)
