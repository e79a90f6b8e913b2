"""Ultimate Texas Hold'em before the flop when the player has seen one or both of the dealer's hole
cards (``decide ultimate-texas-holdem --hand .. --seen ..`` with no board): each option's exact value,
the flop and the river decided on the same knowledge, over every board and every dealer card he has
not seen (ext/holdem_informed.pyx; half a second with one card seen, less with both).

The kernel is priced with the analysis' own integer coefficients (holdem_stages.ultimate_coefficients),
so the informed values and the plain game's are one arithmetic.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

from oddscalc._native import holdem_informed
from oddscalc.core.errors import InputError
from oddscalc.engines.holdem_stages import UltimateRules, ultimate_coefficients

from .dealer_seen import cards_left
from .ultimate import CHECK, play_action

INT64 = 2 ** 63
BOARD, HOLE = 5, 2


def preflop_values(rules: UltimateRules, hand: Sequence[int], seen: Sequence[int], dead: Sequence[int]
                   ) -> tuple[dict[str, Fraction], dict[str, Any]]:
    """Every preflop option's exact expected net per Ante (each Play size, and the check: the flop and
    the river optimal), with ``seen`` dealer cards known; and the kernel's counts (deals, flops, flops
    played)."""
    n = len(cards_left(hand, seen, (), dead, "--board"))
    if n < BOARD + HOLE - len(seen):
        raise InputError(f"{n} cards are left for the board and the dealer's hand")
    k = ultimate_coefficients(rules, 52 - len(dead))
    fold = [k.fold_deal + extra for extra in k.fold_extra]
    largest = max(abs(x) for x in (*(x for row in k.preflop for x in row), *k.flop, *k.river, *fold))
    if largest * comb(n, BOARD) * comb(BOARD, 3) * comb(n - BOARD, HOLE - len(seen)) >= INT64:
        # every value is at most the largest coefficient times the deals: past 64 bits it would wrap
        raise InputError("this paytable's pays are too large to count exactly with the dealer's cards seen")
    found: dict[str, Any] = holdem_informed.ultimate_preflop(tuple(hand), tuple(seen), tuple(dead), rules.qualifier,
                                                             k.preflop, k.flop, k.river, fold, rules.wager_more)
    denominator = k.scale * found["deals"]
    values = {play_action(m): Fraction(v, denominator)
              for m, v in zip(rules.preflop_multiples, found["preflop"], strict=True)}
    values[CHECK] = Fraction(found["check"], denominator)
    return values, found
