"""Hold'em before the flop when the player has seen one or both of the dealer's hole cards
(``decide ultimate-texas-holdem --hand .. --seen ..`` with no board, and the same for Texas Hold'em
Bonus): each option's exact value, every later stage decided on the same knowledge, over every
board and every dealer card he has not seen (ext/holdem_informed.pyx; about half a second with one
card seen, less with both).

The kernel is priced with the analyses' own integer coefficients, so the informed values and the
plain game's are one arithmetic.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

from oddscalc._native import holdem_informed
from oddscalc.core.errors import InputError
from oddscalc.engines.holdem_stages import N_CATEGORIES, SIX, BonusRules, UltimateRules, scaled, ultimate_coefficients

from .dealer_seen import cards_left
from .ultimate import CHECK, play_action

INT64 = 2 ** 63
BOARD, HOLE = 5, 2


def _checked(hand: Sequence[int], seen: Sequence[int], dead: Sequence[int], coefficients: Sequence[int],
             orders: int) -> None:
    """One line for cards that cannot be dealt, or pays too large to count in 64 bits (every value is
    at most the largest coefficient times the deals, ``orders`` counts of each board)."""
    n = len(cards_left(hand, seen, (), dead, "--board"))
    if n < BOARD + HOLE - len(seen):
        raise InputError(f"{n} cards are left for the board and the dealer's hand")
    largest = max(abs(x) for x in coefficients)
    if largest * comb(n, BOARD) * orders * comb(n - BOARD, HOLE - len(seen)) >= INT64:
        raise InputError("this paytable's pays are too large to count exactly with the dealer's cards seen")


def ultimate_values(rules: UltimateRules, hand: Sequence[int], seen: Sequence[int], dead: Sequence[int]
                    ) -> tuple[dict[str, Fraction], dict[str, Any]]:
    """Every Ultimate Texas Hold'em preflop option's exact expected net per Ante (each Play size, and
    the check: the flop and the river optimal), with ``seen`` dealer cards known; and the kernel's
    counts (deals, flops, flops played)."""
    k = ultimate_coefficients(rules, 52 - len(dead))
    fold = [k.fold_deal + extra for extra in k.fold_extra]
    # each board is reached from its ten flops
    _checked(hand, seen, dead, [*(x for row in k.preflop for x in row), *k.flop, *k.river, *fold], 10)
    found: dict[str, Any] = holdem_informed.ultimate_preflop(tuple(hand), tuple(seen), tuple(dead), rules.qualifier,
                                                             k.preflop, k.flop, k.river, fold, rules.wager_more)
    denominator = k.scale * found["deals"]
    values = {play_action(m): Fraction(v, denominator)
              for m, v in zip(rules.preflop_multiples, found["preflop"], strict=True)}
    values[CHECK] = Fraction(found["check"], denominator)
    return values, found


def bonus_values(rules: BonusRules, hand: Sequence[int], seen: Sequence[int], dead: Sequence[int]
                 ) -> tuple[Fraction, dict[str, Any]]:
    """The Texas Hold'em Bonus Flop wager's exact expected net per Ante (the Turn and River wagers
    optimal), with ``seen`` dealer cards known; and the kernel's counts (deals, flops, Turn wagers)."""
    fm = rules.flop_multiple
    cells = [(c, e) for c in range(N_CATEGORIES) for e in range(SIX)]
    scale, ints = scaled([*(rules.net(fm, 0, 0, c, e) for c, e in cells),
                          *(rules.net(fm, 1, 0, c, e) for c, e in cells),
                          *(rules.net(0, 0, 1, c, e) - rules.net(0, 0, 0, c, e) for c, e in cells)])
    check, bet, river = ints[:60], ints[60:120], ints[120:]
    # each board is two ordered turns and rivers of each of its ten flops
    _checked(hand, seen, dead, ints, 20)
    found: dict[str, Any] = holdem_informed.bonus_preflop(tuple(hand), tuple(seen), tuple(dead), check, bet, river,
                                                          rules.wager_more)
    return Fraction(found["flop_wager"], scale * found["deals"]), found
