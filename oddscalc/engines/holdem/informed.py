"""Hold'em before the flop when the player has seen one or both of the dealer's hole cards, or read
them by rank class (``decide ultimate-texas-holdem --hand .. --seen ..`` or ``--reads ..`` with no
board, and the same for Texas Hold'em Bonus): each option's exact value, every later stage decided
on the same knowledge, over every board and every dealer card he has not seen
(ext/holdem_informed.pyx; about 0.2 s with one card seen, less with both; a read costs one such
count per card of its ranks).

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
from oddscalc.engines.reads import Reads, dealer_hands

from .dealer_seen import cards_left
from .ultimate import CHECK, play_action

INT64 = 2 ** 63
BOARD, HOLE = 5, 2


def _checked(hand: Sequence[int], seen: Sequence[int], reads: Reads, dead: Sequence[int],
             coefficients: Sequence[int], orders: int) -> None:
    """One line for cards that cannot be dealt, a read no unseen card fits, or pays too large to
    count in 64 bits (every value is at most the largest coefficient times the deals, ``orders``
    counts of each board; a read card and the other are ordered, so at most m x m hands a board)."""
    rest = cards_left(hand, seen, reads, dead, "--board")
    n = len(rest)
    if n < BOARD + HOLE - len(seen):
        raise InputError(f"{n} cards are left for the board and the dealer's hand")
    for _ in dealer_hands(seen, reads, rest, HOLE):         # one line if no unseen card fits a read
        break
    largest = max(abs(x) for x in coefficients)
    hands = (n - BOARD) ** 2 if reads else comb(n - BOARD, HOLE - len(seen))
    if largest * comb(n, BOARD) * orders * hands >= INT64:
        raise InputError("this paytable's pays are too large to count exactly with the dealer's cards seen")


def dealer_cards_known(seen: Sequence[int], reads: Reads) -> dict[str, int]:
    """A preflop decision's facts: the dealer cards seen, and those read (when any are)."""
    return {"dealer_cards_seen": len(seen), **({"dealer_cards_read": len(reads)} if reads else {})}


def ultimate_values(rules: UltimateRules, hand: Sequence[int], seen: Sequence[int], dead: Sequence[int],
                    reads: Reads = ()) -> tuple[dict[str, Fraction], dict[str, Any]]:
    """Every Ultimate Texas Hold'em preflop option's exact expected net per Ante (each Play size, and
    the check: the flop and the river optimal), with ``seen`` dealer cards known and ``reads`` read;
    and the kernel's counts (deals, flops, flops played)."""
    k = ultimate_coefficients(rules, 52 - len(dead))
    fold = [k.fold_deal + extra for extra in k.fold_extra]
    # each board is reached from its ten flops
    _checked(hand, seen, reads, dead, [*(x for row in k.preflop for x in row), *k.flop, *k.river, *fold], 10)
    found: dict[str, Any] = holdem_informed.ultimate_preflop(tuple(hand), tuple(seen), tuple(dead), rules.qualifier,
                                                             k.preflop, k.flop, k.river, fold, rules.wager_more,
                                                             reads)
    denominator = k.scale * found["deals"]
    values = {play_action(m): Fraction(v, denominator)
              for m, v in zip(rules.preflop_multiples, found["preflop"], strict=True)}
    values[CHECK] = Fraction(found["check"], denominator)
    return values, found


def bonus_values(rules: BonusRules, hand: Sequence[int], seen: Sequence[int], dead: Sequence[int],
                 reads: Reads = ()) -> tuple[Fraction, dict[str, Any]]:
    """The Texas Hold'em Bonus Flop wager's exact expected net per Ante (the Turn and River wagers
    optimal), with ``seen`` dealer cards known and ``reads`` read; and the kernel's counts (deals,
    flops, Turn wagers)."""
    fm = rules.flop_multiple
    cells = [(c, e) for c in range(N_CATEGORIES) for e in range(SIX)]
    scale, ints = scaled([*(rules.net(fm, 0, 0, c, e) for c, e in cells),
                          *(rules.net(fm, 1, 0, c, e) for c, e in cells),
                          *(rules.net(0, 0, 1, c, e) - rules.net(0, 0, 0, c, e) for c, e in cells)])
    check, bet, river = ints[:60], ints[60:120], ints[120:]
    # each board is two ordered turns and rivers of each of its ten flops
    _checked(hand, seen, reads, dead, ints, 20)
    found: dict[str, Any] = holdem_informed.bonus_preflop(tuple(hand), tuple(seen), tuple(dead), check, bet, river,
                                                          rules.wager_more, reads)
    return Fraction(found["flop_wager"], scale * found["deals"]), found
