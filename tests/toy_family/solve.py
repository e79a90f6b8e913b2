"""A strategy played over every deal, as an exact outcome table (``core.economics.Analysis``).

A strategy gives each group of situations an action (the antes raised, 0 to fold); the optimal
one takes the best action of each, and two simple named ones show that a family's own strategies
are priced by the same code.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.engines.base import OPTIMAL, NamedStrategy

from .counts import Counts, Group, best, game_counts
from .ranking import CATEGORIES
from .rules import ToyRules

STRATEGIES = (
    NamedStrategy(OPTIMAL, "the optimal strategy"),
    NamedStrategy("always-1x", "raise 1x on every hand"),
    NamedStrategy("qualified", "raise the most with a hand that would qualify the dealer, else fold"),
)
Strategy = Callable[[ToyRules, Group], int]


def _optimal(rules: ToyRules, group: Group) -> int:
    return best(rules, group.counts)[0]


def _always_one(rules: ToyRules, group: Group) -> int:
    return 1


def _qualified(rules: ToyRules, group: Group) -> int:
    return rules.max_raise if group.strength >= rules.qualify else 0


PLAYS: dict[str, Strategy] = {OPTIMAL: _optimal, "always-1x": _always_one, "qualified": _qualified}


def strategy_of(name: str) -> Strategy:
    if name not in PLAYS:
        raise InputError(f"unknown strategy {name!r}")        # the family checks names first
    return PLAYS[name]


def row_prefix(raised: int) -> str:
    """How a raise's outcome rows are named: ``raise-2x-win-pair`` (an outcome's name is one word)."""
    return f"raise-{raised}x"


def outcome_rows(rules: ToyRules, counts: Counts, raised: int, weight: int = 1) -> list[Outcome]:
    """The ways an action ends over the counts (each ``weight`` times), with its net and stake per
    ante; rows no deal reaches are left out."""
    if raised == 0:
        return [Outcome("fold", weight * counts.total, Fraction(-1))]
    losses, pushes, wins = counts.settled(rules.ties)
    stake = Fraction(1 + raised)
    name = row_prefix(raised)
    won = 1 + raised * rules.raise_net[counts.category]
    rows = [Outcome(f"{name}-not-qualify", weight * counts.not_qualify, rules.not_qualify_net, stake),
            Outcome(f"{name}-lose", weight * losses, -stake, stake),
            Outcome(f"{name}-push", weight * pushes, Fraction(0), stake),
            Outcome(f"{name}-win-{CATEGORIES[counts.category]}", weight * wins, won, stake)]
    return [row for row in rows if row.count]


def decisions(rules: ToyRules, strategy_name: str = OPTIMAL) -> tuple[tuple[Group, int], ...]:
    """Every group of situations with the action the strategy takes there."""
    play = strategy_of(strategy_name)
    return tuple((group, play(rules, group)) for group in game_counts(rules.qualify))


def analysis(rules: ToyRules, strategy_name: str = OPTIMAL) -> Analysis:
    """The exact outcome table of a strategy over all 58,140 deals, rows merged by name in a fixed
    order (fold, then each raise's rows), so two payouts under one strategy give the same rows
    (design interpolates between them)."""
    tally: dict[str, Outcome] = {}
    taking = [0] * len(rules.actions)          # deals that take each action
    for group, raised in decisions(rules, strategy_name):
        for row in outcome_rows(rules, group.counts, raised, group.weight):
            before = tally.get(row.outcome)
            tally[row.outcome] = row if before is None else Outcome(row.outcome, before.count + row.count, row.net,
                                                                    row.wager)
        taking[raised] += group.weight * group.counts.total
    order = ["fold"] + [f"{row_prefix(k)}-{end}" for k in rules.raises
                        for end in ("not-qualify", "lose", "push", *(f"win-{c}" for c in CATEGORIES))]
    rows = tuple(tally[name] for name in order if name in tally)
    game = rules.game
    total = sum(taking)
    # call_probability: raising at all (the yes/no figure the tools tell strategies apart by);
    # action_probabilities: each of the actions, one metric row each
    return Analysis(game.name, game.paytables_text(), total, rows, Fraction(total - taking[0], total), game.unit,
                    {action: Fraction(n, total) for action, n in zip(rules.actions, taking, strict=True)})
