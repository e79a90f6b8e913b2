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
from oddscalc.core.classes import ClassMap, HandClass
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import N_FIVE_CARD_STRENGTHS
from oddscalc.core.gametable import GameTable, Paytable
from oddscalc.engines.base import Ties
from oddscalc.engines.handclasses import five_card_categories, five_card_map, pay_map, refuse_suits_on_five
from oddscalc.engines.solver import FOLD_WAGER, one_stage

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


@lru_cache(maxsize=1)
def payout_bases() -> tuple[str, ...]:
    """The payout class name of every strength (the Call's class of a hand)."""
    return tuple(PAYOUT_CLASSES[kernel.payout_class_of(s)] for s in range(N_FIVE_CARD_STRENGTHS))


def call_class_map(classes: tuple[HandClass, ...], game: str) -> ClassMap:
    """A game's classes on the Call's hands (one row per strength, payout classes as bases)."""
    where = f"table '{game}'"
    refuse_suits_on_five(classes, where)
    return five_card_map(classes, payout_bases(), where)


def call_map(game: GameTable) -> ClassMap:
    """The game's classes on the Call's hands, each checked to hold a hand: once per table, when
    first used (a paytable that names a class, a hand ranked), since evaluating every class costs
    a start about 50 ms that most commands do not need."""
    return game.built(_checked_call_map)


def _checked_call_map(game: GameTable) -> ClassMap:
    cmap = call_class_map(game.classes, game.name)
    where = f"table '{game.name}'"
    sizes = cmap.sizes
    paid = [name for name in game.paytable().pays if sizes.get(name) == 0]
    if paid:
        raise InputError(f"{where}: paytables.{game.main_paytable}: class '{paid[0]}' holds no hand the "
                         f"Call pays (categories: {', '.join(PAYABLE)})")
    empty = [k.name for k in game.classes if not sizes[k.name]]
    side_sizes = five_card_map(game.classes, five_card_categories(), where).sizes if empty else {}
    idle = [name for name in empty if not side_sizes[name]]
    if idle:
        raise InputError(f"{where}: class '{idle[0]}' holds no five-card hand")
    return cmap


@dataclass(frozen=True)
class CallLayout:
    """The Call's pay classes: the payout classes, then each class the Call paytable names (with
    ``class_map``, the pay class of every strength; None when no class is named)."""
    names: tuple[str, ...]
    class_map: bytes | None
    bases: tuple[str, ...]              # the payout class each pay class is part of

    def name_of(self, strength: int) -> str:
        """The pay class of a strength."""
        if self.class_map is None:
            return PAYOUT_CLASSES[kernel.payout_class_of(strength)]
        return self.names[self.class_map[strength]]


PLAIN_LAYOUT = CallLayout(PAYOUT_CLASSES, None, PAYOUT_CLASSES)


def call_layout(game: GameTable) -> CallLayout:
    """The pay classes of a game's Call paytable.

    >>> from oddscalc.engines.base import load
    >>> call_layout(load("caribbean-stud", pays=["pair-8-or-better=2"])).names[-1]
    'pair-8-or-better'
    """
    paytable = game.paytable()
    named = [klass.name for klass in game.classes if klass.name in paytable.pays]
    if not named:
        return PLAIN_LAYOUT
    data, names = pay_map(call_map(game), named, PAYOUT_CLASSES)
    category = {klass.name: klass.category for klass in game.classes}
    return CallLayout(names, data, tuple(category.get(name, name) for name in names))


def class_pays(paytable: Paytable, layout: CallLayout = PLAIN_LAYOUT) -> list[Fraction]:
    """The pay of every pay class (0 for below-ace-king and for unlisted classes).

    >>> from oddscalc.engines.base import load
    >>> class_pays(load("caribbean-stud").paytable())[:3]
    [Fraction(0, 1), Fraction(1, 1), Fraction(1, 1)]
    """
    return [paytable.pay(name) if name != PAYOUT_CLASSES[0] else Fraction(0) for name in layout.names]


@dataclass(frozen=True)
class StrategyTotals:
    """Situations and dealer completions of one strategy, summed per pay class."""
    called: tuple[int, ...]          # situations called, per payout class
    folded: tuple[int, ...]
    not_qualify: tuple[int, ...]     # deals (situation x completion) per payout class
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    losses: tuple[int, ...]


def strategy_totals(classes: kernel.StudClasses, calls: bytes | bytearray,
                    layout: CallLayout = PLAIN_LAYOUT) -> StrategyTotals:
    """Sum the counts of a strategy (one 0/1 decision per class), per pay class."""
    rows = classes.aggregate(calls, layout.class_map, len(layout.names))
    return StrategyTotals(*(tuple(row[i] for row in rows) for i in (0, 5, 1, 2, 3, 4)))


def optimal_calls(classes: kernel.StudClasses, paytable: Paytable, call_multiple: int,
                  layout: CallLayout = PLAIN_LAYOUT, ties: Ties = Ties.PUSH) -> bytearray:
    """The optimal decision of every class under a paytable: the solver's one-stage case, fold or
    call valued exactly over the class's dealer completions (an exact tie folds)."""
    pays = class_pays(paytable, layout)
    strength, not_qualify, wins, tied = columns(classes)
    class_of = layout.class_map if layout.class_map is not None else payout_class_map()
    try:
        found = one_stage(strength, class_of, [not_qualify, wins, tied], COMPLETIONS,
                          [call_coefficients(pay, call_multiple, ties) for pay in pays],
                          [FOLD_WAGER, 1 + call_multiple], wager_more=False, tally=False)  # aggregate() sums
    except OverflowError:
        raise InputError("a payout's numerator or denominator is too large for exact 64-bit values") from None
    return bytearray(found.choices)


_COLUMNS: dict[int, tuple[kernel.StudClasses, tuple[memoryview, ...]]] = {}


def columns(classes: kernel.StudClasses) -> tuple[memoryview, ...]:
    """The classes' columns (``StudClasses.columns``), made once per count (each further paytable
    decides on the same columns)."""
    kept = _COLUMNS.get(id(classes))
    if kept is None or kept[0] is not classes:
        kept = _COLUMNS[id(classes)] = (classes, classes.columns())
    return kept[1]


def call_coefficients(pay: Fraction, call_multiple: int, ties: Ties) -> list[list[Fraction]]:
    """Fold and call, per Ante, as the one-stage solver values a class: per column (the dealer
    does not qualify, the player wins, a tie), then the constant per completion.  Calling wins 1
    when the dealer does not qualify, 1 + m x pay on a win, loses 1 + m otherwise; the losses are
    the completions less the columns, so each column carries + (1 + m) and the constant - (1 + m)."""
    m = call_multiple
    back = Fraction(1 + m)
    tie = {Ties.PUSH: back, Ties.PLAYER: 1 + back + m * pay, Ties.DEALER: Fraction(0)}[ties]
    return [[Fraction(0), Fraction(0), Fraction(0), Fraction(-1)],
            [1 + back, 1 + back + m * pay, tie, -back]]


@lru_cache(maxsize=1)
def payout_class_map() -> bytes:
    """The payout class of every five-card strength (the pay classes when no class is named)."""
    return bytes(kernel.payout_class_of(s) for s in range(N_FIVE_CARD_STRENGTHS))
