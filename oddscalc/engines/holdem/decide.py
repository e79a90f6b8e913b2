"""One Casino Hold'em decision: fold or call, given the player's two cards, the flop and any cards
seen out of the deck, priced exactly over every turn, river and dealer holding left (about 50 ms on
the full deck: the situation's own counts, no whole table).

The dealer's hole cards may be seen too (``seen``: one or both, a flashed card) or read by rank class
only (``reads``, engines/reads.py): the counts are then over the dealer's cards the player does not
know, each read card any unseen card of its ranks (ext/holdem_seen.pyx, one count per card the read
could be, summed: every such card is equally likely).
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc._native import holdem_seen
from oddscalc.core.errors import InputError
from oddscalc.engines.base import Decision
from oddscalc.engines.holdem_counts import _coefficients, call_and_fold, situation_cell
from oddscalc.engines.reads import Reads, dealer_hands
from oddscalc.engines.solver import takes

from .analysis import CALL, FOLD, call_rows
from .dealer_seen import cards_left
from .exposure import values
from .rules import HoldemGame


def decide(game: HoldemGame, hand: tuple[int, ...], flop: tuple[int, ...], dead: tuple[int, ...],
           seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    """Each action's exact expected net per Ante (the AA Bonus at ``aa_bonus_ratio`` included when
    a fold forfeits it); equal values are broken by ``tie_break``."""
    if len(flop) != 3:
        raise InputError(f"{game.game.name} decides at the flop: give its three cards (--flop), not {len(flop)}")
    rules = game.rules
    holding = (hand[0], hand[1])
    board = (flop[0], flop[1], flop[2])
    if seen or reads:
        v_call, v_fold, cell = _with_dealer_cards(game, (*holding, *board), seen, reads, dead)
    else:
        v_call, v_fold = call_and_fold(holding, board, rules, dead)
        cell = situation_cell(holding, board, rules, dead)
    calls = takes(v_call, v_fold, rules.wager_more)
    return Decision(CALL if calls else FOLD, {FOLD: v_fold, CALL: v_call}, sum(map(sum, cell)),
                    outcomes=tuple(call_rows(rules, cell, every_row=False)),
                    facts={"outcomes_of": CALL, "aa_bonus_ratio": rules.bonus_ratio if rules.bonus_requires_call
                           else 0})


def _with_dealer_cards(game: HoldemGame, shown: tuple[int, ...], seen: Sequence[int], reads: Reads,
                       dead: Sequence[int]) -> tuple[Fraction, Fraction, list[list[int]]]:
    """EV(call), EV(fold) and the summed counts when dealer hole cards are seen or read."""
    rest = cards_left(shown, seen, reads, dead, "--flop")
    qualifier = game.rules.qualifier
    total: list[list[int]] | None = None
    for dealer in dealer_hands(seen, reads, rest, len(seen) + len(reads)):
        try:
            cell = holdem_seen.situation_cell((*shown, *dealer), len(dealer), 0, qualifier, tuple(dead))
        except ValueError as error:
            raise InputError(str(error)) from None
        total = cell if total is None else [[a + b for a, b in zip(x, y, strict=True)] for x, y in zip(total, cell,
                                                                                                    strict=True)]
    assert total is not None              # dealer_hands yields at least one hand or refuses
    v_call, v_fold = values(game.rules, shown, [n for row in total for n in row])
    denominator = _coefficients(game.rules)[0] * sum(map(sum, total))
    return Fraction(v_call, denominator), Fraction(v_fold, denominator), total
