"""One decision of a staged game: every option's exact EV per unit in action, over every way the
rest of the cards can fall, the later stages played optimally.

The stage is told by the cards seen: the player's cards and the community cards turned so far.
The units in action are given, or else those that the optimal play of the earlier stages put in
action with the cards seen then (each earlier decision solved as it was taken: knowing only the
cards turned by that stage, and the dead cards).

>>> from oddscalc.engines.base import load
>>> from oddscalc.core.cards import parse_cards
>>> game = StagedRules.of(load("mississippi-stud"))
>>> d = decide(game, parse_cards("As Kd"), ())
>>> d.choice, d.total, d.values["fold"]
('raise 1x', 117600, Fraction(-1, 1))
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.cards import DECK, format_cards
from oddscalc.core.errors import InputError
from oddscalc.engines.base import Decision
from oddscalc.engines.solver import best
from oddscalc.engines.staged.rules import HAND_CARDS, StagedRules
from oddscalc.engines.staged.solve import outcome_rows, solve, wagered


def stage_of(rules: StagedRules, hand: Sequence[int], board: Sequence[int]) -> int:
    """The stage the cards seen say (a one-line refusal where no decision is taken)."""
    name = rules.game.name
    if len(hand) != rules.player_cards:
        raise InputError(f"decide {name}: --hand takes your {rules.player_cards} cards, got {len(hand)}")
    seen = len(hand) + len(board)
    for index, stage in enumerate(rules.stages):
        if stage.seen == seen:
            return index
    boards = ", ".join(str(stage.seen - rules.player_cards) for stage in rules.stages)
    raise InputError(f"decide {name}: no decision is taken with {len(board)} community card"
                     f"{'s' if len(board) != 1 else ''} turned (--board holds {boards} cards at the decisions)")


def deck_without(*groups: Sequence[int]) -> tuple[int, ...]:
    known = {card for group in groups for card in group}
    return tuple(card for card in DECK if card not in known)


def replayed_units(rules: StagedRules, hand: Sequence[int], board: Sequence[int], dead: Sequence[int],
                   stage: int) -> int:
    """The units in action at ``stage`` after the optimal play of the stages before it, each
    decided with the cards seen then (a refusal where that play folds)."""
    units = rules.initial_units
    for index in range(stage):
        known = (*hand, *board[:rules.stages[index].seen - rules.player_cards])
        solution = solve(rules, deck_without(known, dead), known, index, units)
        option = rules.stages[index].options[solution.choice(0, (), units)]
        if option.fold:
            raise InputError(f"decide {rules.game.name}: the optimal play folds at {rules.stages[index].name} with "
                             f"{format_cards(known)}: give --units to price {rules.stages[stage].name} anyway")
        units += option.delta
    return units


def decide(rules: StagedRules, hand: Sequence[int], board: Sequence[int], dead: Sequence[int] = (),
           units: int | None = None) -> Decision:
    """The decision at the stage the cards say, with ``units`` in action (default: as replayed)."""
    index = stage_of(rules, hand, board)
    stage = rules.stages[index]
    known = (*hand, *board)
    deck = deck_without(known, dead)
    if len(deck) < HAND_CARDS - len(known):
        raise InputError(f"decide {rules.game.name}: too many dead cards: {len(deck)} are left and the hand needs "
                         f"{HAND_CARDS - len(known)} more")
    given = units is not None
    if units is None:
        units = replayed_units(rules, hand, board, dead, index)
    low, high = rules.units_reached()[index]
    if not low <= units <= high:
        raise InputError(f"decide {rules.game.name}: {stage.name} is reached with {low} to {high} units in "
                         f"action, not {units}")
    solution = solve(rules, deck, known, index, units)
    denominator = solution.denominator(0) * units
    values = [Fraction(value, denominator) for value in solution.values(0, (), units)]
    choice = solution.choice(0, (), units)
    # the outcomes shown are the best continuing option's (the chosen one unless it folds)
    going = [o for o, option in enumerate(stage.options) if not option.fold]
    shown = going[best([values[o] for o in going], [wagered(stage, o) for o in going], rules.wager_more)]
    fixed = [shown] + [-1] * (len(rules.stages) - index - 1)
    continued = outcome_rows(rules, solve(rules, deck, known, index, units, fixed), units, index)
    return Decision(stage.labels[choice], dict(zip(stage.labels, values, strict=True)), solution.total,
                    outcomes=continued,
                    facts={"stage": stage.name, "units_in_action": units,
                           "units_from": "given" if given else "the optimal play of the earlier stages",
                           "outcomes_of": stage.labels[shown]})

