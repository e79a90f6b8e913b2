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

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

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
