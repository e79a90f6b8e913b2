"""The one exact solver: the optimal option at every situation of every stage, by backward induction.

Every game oddscalc solves is played in stages.  At a stage the player has seen some cards (a
*situation*) and takes one of the stage's options: fold, check, pull a bet back, or put k more
units in action.  Backward induction over what the player has seen gives every situation's value
and choice, from the last stage to the first:

- an option of the last stage *settles*: its value is linear in the counts of how the deal can end
  from that situation (the counting kernels' counts, which know no paytable), with the paytable's
  pays as integer coefficients over one common denominator;
- an option of an earlier stage that goes on is worth the sum, over the cards that come before the
  next stage, of the next stage's best values with the units it leaves in action;
- a fold is worth the units in action, lost.

Every value is an integer over its stage's common denominator (the pays' denominator times the
deals that follow), so the sums and the comparisons are exact: no tie is ever broken by rounding.
A one-decision game (Caribbean Stud, Three Card Poker and their kin) is the one-stage case: fold
or call, settled at once.  docs/solver.md lists each game's stages and where each gather runs.

**The choice**, one rule for every stage of every game: the option of highest value; of options
of equal value, the one that wagers more if the game's tie-break says so (``wager_more``), else
the one that wagers less, a fold least of all.  The decisions taken in Python use :func:`best`,
:func:`best_of` and :func:`takes`; the kernels that decide inside their loops use the same rule
in ``ext/choice.pxd`` (a test holds the two to each other).

>>> best([Fraction(-1), Fraction(1, 2), Fraction(1, 2)], [FOLD_WAGER, 1, 2], wager_more=True)
2
>>> best_of({"fold": -2, "play 1x": 3, "play 3x": 3}, {"fold": FOLD_WAGER, "play 1x": 1, "play 3x": 3}, False)
'play 1x'
>>> takes(0, 0, wager_more=False), takes(Fraction(1, 3), 0, wager_more=False)
(False, True)
"""
from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any, TypeVar

from oddscalc._native import solver as kernel

Value = int | Fraction
K = TypeVar("K")

# What a fold wagers, for the tie-break: less than any option that keeps units in action (a pull
# back or a check included), whose wagers are the units they add.
FOLD_WAGER = -(2 ** 16)


def best(values: Sequence[Value], wagers: Sequence[int], wager_more: bool) -> int:
    """The index of the best option, each with its exact value and the units it wagers."""
    if not values or len(values) != len(wagers):
        raise ValueError("an option at least, and a wager for each")
    sign = 1 if wager_more else -1
    return max(range(len(values)), key=lambda o: (values[o], sign * wagers[o]))


def best_of(values: Mapping[K, Value], wagers: Mapping[K, int], wager_more: bool) -> K:
    """The best option by name (the first of equal value and wager, in the mapping's order)."""
    names = list(values)
    return names[best([values[name] for name in names], [wagers[name] for name in names], wager_more)]


def takes(more: Value, less: Value, wager_more: bool) -> bool:
    """Whether the option that wagers more, worth ``more``, is taken over one worth ``less``."""
    return more > less or (more == less and wager_more)


# --- the one-stage case --------------------------------------------------------------------------

Coefficients = Sequence[Value]         # per count column, then the constant (times the total)


@dataclass(frozen=True)
class OneStage:
    """Every situation of a one-decision game decided: its option (``choices``, a byte per
    situation), and per class and option the weighted situations that take it, then the weighted
    sum of each count column (``tally[c][o]``)."""
    choices: bytes
    tally: list[list[list[int]]]

    def takes(self, klass: int, option: int) -> list[int]:
        return self.tally[klass][option]


def _int32(values: Sequence[int] | Any) -> Any:
    """A column as the kernel takes it: a buffer of 32-bit integers as it is, else one made."""
    if isinstance(values, memoryview) and values.format == "i" or isinstance(values, array) and values.typecode == "i":
        return values
    return array("i", list(values) if isinstance(values, bytes | bytearray) else values)


def _scaled(rows: Sequence[Coefficients | None]) -> list[list[int] | None]:
    """One class's coefficients over their common denominator (values are compared within a class)."""
    exact = [None if row is None else [Fraction(x) for x in row] for row in rows]
    scale = lcm(1, *(x.denominator for row in exact if row is not None for x in row))
    scaled = [None if row is None else [int(x * scale) for x in row] for row in exact]
    if any(abs(x) >= 2 ** 63 for row in scaled if row is not None for x in row):
        raise OverflowError("a coefficient over its class's denominator needs more than 64 bits")
    return scaled


def one_stage(keys: Sequence[int], class_of: Sequence[int], columns: Sequence[Sequence[int]], total: int,
              coefficients: Sequence[Sequence[Coefficients | None]], wagers: Sequence[int], wager_more: bool,
              weights: Sequence[int] | None = None, fixed: bytes | None = None, tally: bool = True) -> OneStage:
    """The one-stage case of the solver, natively (``ext/solver.pyx``): each situation, of class
    ``class_of[keys[s]]``, takes the best of the options its class may take (``coefficients[c][o]``
    None: not allowed), each valued ``sum of coefficient x column + constant x total``, exactly
    (``fixed``: an option per situation, a strategy's, taken instead; ``tally`` false: the choices
    alone, for a caller whose counting kernel sums the classes itself).

    >>> # two situations of one class: fold (-1 each completion) or call (+2 a win, -3 a loss)
    >>> found = one_stage([0, 0], [0], [[3, 1], [1, 3]], 4, [[[0, 0, -1], [2, -3, 0]]], [FOLD_WAGER, 2], False)
    >>> list(found.choices), found.takes(0, 1), found.takes(0, 0)
    ([1, 0], [1, 3, 1], [1, 1, 3])
    """
    choices, summed = kernel.one_stage(_int32(keys), _int32(class_of), [_int32(c) for c in columns], total,
                                       [_scaled(rows) for rows in coefficients], list(wagers), wager_more,
                                       None if weights is None or isinstance(weights, memoryview)
                                       else array("q", weights), fixed, tally)
    return OneStage(choices, summed)
