"""One Casino Hold'em decision: fold or call, given the player's two cards, the flop and any cards
seen out of the deck, priced exactly over every turn, river and dealer holding left (about 50 ms on
the full deck: the situation's own counts, no whole table)."""
from __future__ import annotations

from oddscalc.core.errors import InputError
from oddscalc.engines.base import Decision
from oddscalc.engines.holdem_counts import call_and_fold, situation_cell

from .analysis import CALL, FOLD, call_rows
from .rules import HoldemGame


def decide(game: HoldemGame, hand: tuple[int, ...], flop: tuple[int, ...], dead: tuple[int, ...]) -> Decision:
    """Each action's exact expected net per Ante (the AA Bonus at ``aa_bonus_ratio`` included when
    a fold forfeits it); equal values are broken by ``tie_break``."""
    if len(flop) != 3:
        raise InputError(f"{game.game.name} decides at the flop: give its three cards (--flop), not {len(flop)}")
    rules = game.rules
    holding = (hand[0], hand[1])
    board = (flop[0], flop[1], flop[2])
    v_call, v_fold = call_and_fold(holding, board, rules, dead)
    cell = situation_cell(holding, board, rules, dead)
    calls = v_call > v_fold or (v_call == v_fold and rules.wager_more)
    return Decision(CALL if calls else FOLD, {FOLD: v_fold, CALL: v_call}, sum(map(sum, cell)),
                    outcomes=tuple(call_rows(rules, cell, every_row=False)),
                    facts={"outcomes_of": CALL, "aa_bonus_ratio": rules.bonus_ratio if rules.bonus_requires_call
                           else 0})
