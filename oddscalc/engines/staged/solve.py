"""A staged game solved over every deal (ext/staged.pyx), and its outcome table.

The kernel takes the stages, each five-card strength's pay class and each class's net as integers
over one denominator; it returns integer counts of the deals: by final class and units in action,
by the stage and units of a fold, by the option each stage takes.  Here they become the exact
:class:`Analysis` (Fractions): one row per fold stage and units lost, one per final pay class and
units wagered, and each option's share of all rounds.

>>> from oddscalc.engines.base import load
>>> rules = StagedRules.of(load("mississippi-stud"))
>>> analysis = analysis_of(rules, solve(rules, deck=range(32, 52)))      # tens to aces: 20 cards
>>> analysis.total, analysis.house_edge
(930240, Fraction(-21640, 969))
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc._native import staged as kernel
from oddscalc.core.budget import Limits
from oddscalc.core.cards import DECK
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.engines.base import OPTIMAL, NamedStrategy, builtin
from oddscalc.engines.charts import action_key
from oddscalc.engines.sidebets import paytable_line
from oddscalc.engines.solver import FOLD_WAGER
from oddscalc.engines.staged.paytable import PayLayout, pay_layout
from oddscalc.engines.staged.rules import HAND_CARDS, Stage, StagedRules
from oddscalc.engines.staged.strategy_rules import parse as parse_strategy

INT64 = 2 ** 63
MOST, LEAST = "wager-most", "wager-least"
STRATEGIES = (
    NamedStrategy(OPTIMAL, "optimal"),
    NamedStrategy(MOST, "at every stage the option that wagers most (never fold, the largest raise)"),
    NamedStrategy(LEAST, "at every stage the option that wagers least (fold if the stage may, else the "
                         "smallest delta)"),
)


def strategies(rules: StagedRules) -> tuple[NamedStrategy, ...]:
    """The named strategies of a game: the optimal one, wager-most and wager-least, then the
    built-in strategy files (tables/strategies/staged/) written for its stages."""
    written = []
    for strategy in builtin("staged")[1:]:
        try:
            parse_strategy(rules, strategy.rules)
        except InputError:
            continue                      # another game's stages
        written.append(strategy)
    return (*STRATEGIES, *written)


class TooLarge(InputError, OverflowError):
    """Pays the 64-bit kernel cannot hold exactly: one line on the command line (an InputError),
    and an OverflowError to a tool that prices such a payout another way (design)."""


def wagered(stage: Stage, index: int) -> int:
    """How much an option wagers, to order options: a fold least, then by the units it adds."""
    option = stage.options[index]
    return FOLD_WAGER if option.fold else option.delta


def fixed_options(rules: StagedRules, strategy_name: str) -> list[int] | None:
    """Each stage's option under a named strategy (None: the optimal one at every set)."""
    if strategy_name == OPTIMAL:
        return None
    sign = 1 if strategy_name == MOST else -1
    picked = []
    for stage in rules.stages:
        amounts = [sign * wagered(stage, o) for o in range(len(stage.options))]
        picked.append(amounts.index(max(amounts)))
    return picked


def check_range(rules: StagedRules, layout: PayLayout, deck: int, known: int) -> None:
    """Refuse pays whose values could overflow the kernel's 64-bit integers: the largest is the
    most units in action times the largest numerator (or the common denominator) times the draws
    that follow the first decision."""
    draws = 1
    drawn = [stage.seen - known for stage in rules.stages if stage.seen >= known] + [HAND_CARDS - known]
    for k, after in zip(drawn, drawn[1:], strict=False):
        draws *= math.comb(deck - k, after - k)
    most = max(hi for _lo, hi in rules.units_reached())
    largest = most * max(layout.scale, *(abs(n) for n in layout.numerators)) * draws
    if largest >= INT64 or math.comb(deck, drawn[0]) * draws >= INT64:
        raise TooLarge(f"table '{rules.game.name}': the pays over their common denominator {layout.scale} are too "
                       "large for exact 64-bit counts (give pays with smaller denominators)")


def check_size(rules: StagedRules, layout: PayLayout, deck: int, known: int, stage: int) -> None:
    """Refuse, before any work, a solve beyond the memory or time limits (a game file's own stages
    can ask for many units over many sets): per stage, a value, an option and a reach count for
    each set and units in action; the last stage's completions by class; a class per final hand."""
    reached = rules.units_reached()[stage:]
    drawn = [s.seen - known for s in rules.stages[stage:]]
    memory = sum(math.comb(deck, k) * (hi - lo + 1) * 17 for k, (lo, hi) in zip(drawn, reached, strict=False))
    memory += math.comb(deck, drawn[-1]) * len(layout.names) * 4 + math.comb(deck, HAND_CARDS - known)
    work = math.comb(deck, drawn[-1]) * math.comb(deck - drawn[-1], HAND_CARDS - known - drawn[-1])
    Limits.resolve().check(f"solving {rules.game.name}", seconds=work * 2e-9 + memory * 1e-9, memory=memory)


def solve(rules: StagedRules, deck: Sequence[int] = DECK, base: Sequence[int] = (), stage: int = 0,
          units: int | None = None, fixed: Sequence[int] | None = None,
          tables: Sequence[bytes | None] | None = None) -> kernel.StagedSolution:
    """The kernel's solution from ``stage`` on, over every deal of ``deck`` beside the ``base``
    cards known, with ``units`` in action there (default: the initial units); ``fixed``: an option
    per stage, ``tables``: a strategy's option per (set, units) of each stage, played instead of
    the optimal one."""
    layout = pay_layout(rules.game)
    stages = rules.stages[stage:]
    check_range(rules, layout, len(deck), len(base))
    check_size(rules, layout, len(deck), len(base), stage)
    return kernel.solve(tuple(deck), tuple(base), [s.seen for s in stages],
                        [[o.delta for o in s.options] for s in stages], [[o.fold for o in s.options] for s in stages],
                        rules.initial_units if units is None else units, layout.class_map, layout.numerators,
                        layout.scale, rules.wager_more, None if fixed is None else list(fixed),
                        None if tables is None else list(tables))


def units_text(units: int) -> str:
    return f"{units}-unit" if units == 1 else f"{units}-units"


def slug(name: str) -> str:
    """A stage's name in an outcome row's name: one word (``3rd-street``)."""
    return "-".join(name.split())


def outcome_rows(rules: StagedRules, solution: kernel.StagedSolution, per: int = 1,
                 first: int = 0) -> tuple[Outcome, ...]:
    """The outcome rows of a solution: a fold at each stage (from ``first`` on) with the units it
    loses, then each final pay class (weakest first) with the units wagered; nets and wagers per
    ``per`` units."""
    layout = pay_layout(rules.game)
    rows = [Outcome(fold_name(rules, first + i, u), count, Fraction(-u, per), Fraction(u, per))
            for i, u, count in solution.folds()]
    finals: dict[int, list[tuple[int, int]]] = {}
    for klass, u, count in solution.outcomes():
        finals.setdefault(klass, []).append((u, count))
    for klass in layout.order():
        rows += [Outcome(final_name(layout, klass, u), count, u * layout.nets[klass] / per, Fraction(u, per))
                 for u, count in finals.get(klass, ())]
    return tuple(rows)


def fold_name(rules: StagedRules, stage: int, units: int) -> str:
    """The outcome name of a fold at a stage with ``units`` lost (the simulator names its tally so)."""
    return f"fold-{slug(rules.stages[stage].name)}-{units_text(units)}"


def final_name(layout: PayLayout, klass: int, units: int) -> str:
    """The outcome name of a final hand of a pay class with ``units`` in action."""
    return f"{layout.names[klass]}-{units_text(units)}"


def action_probabilities(rules: StagedRules, solution: kernel.StagedSolution) -> dict[str, Fraction]:
    """Every option of every stage and the share of all rounds that take it there."""
    several = len(rules.stages) > 1
    return {action_key(stage.name if several else "", option.label): Fraction(count, solution.total)
            for stage, counts in zip(rules.stages, solution.actions(), strict=True)
            for option, count in zip(stage.options, counts, strict=True)}


@dataclass(frozen=True)
class Solved:
    """A strategy's analysis, the deals that end with each final pay class (folds aside), and each
    stage's option at each of its card sets and units in action (``StagedSolution.choices``: sets
    in colex order, see :func:`colex`).  Not the kernel's solution: its arrays are tens of
    megabytes, and a sweep solves many tables."""
    analysis: Analysis
    finals: dict[str, int]
    choices: tuple[bytes, ...]

    @property
    def first_choices(self) -> bytes:
        return self.choices[0]


def solution_of(rules: StagedRules, strategy_name: str = OPTIMAL, written: Sequence[str] = ()
                ) -> kernel.StagedSolution:
    """The kernel's solution over every deal under a strategy (``written``: its rules in the
    staged strategy language, :mod:`strategy_rules`)."""
    if written:
        return solve(rules, tables=parse_strategy(rules, written).tables(DECK))
    return solve(rules, fixed=fixed_options(rules, strategy_name))


def solved(rules: StagedRules, strategy_name: str = OPTIMAL, written: Sequence[str] = ()) -> Solved:
    """The exact analysis of the main wager over every deal under a strategy, made once per table
    and strategy."""
    return rules.game.built_for(solved, (strategy_name, tuple(written)),
                                lambda: _solved(rules, solution_of(rules, strategy_name, written)))


def _solved(rules: StagedRules, solution: kernel.StagedSolution) -> Solved:
    names = pay_layout(rules.game).names
    finals: dict[str, int] = {}
    for klass, _units, count in solution.outcomes():
        finals[names[klass]] = finals.get(names[klass], 0) + count
    return Solved(analysis_of(rules, solution), finals, tuple(solution.choices(i) for i in range(solution.n_stages)))


def analysis_of(rules: StagedRules, solution: kernel.StagedSolution) -> Analysis:
    """The exact analysis of a solution over every deal of its deck, per unit."""
    return Analysis(rules.game.name, paytable_line(rules.game.paytable()), solution.total,
                    outcome_rows(rules, solution), None, rules.game.unit, action_probabilities(rules, solution))


def analyze(rules: StagedRules, strategy_name: str = OPTIMAL, written: Sequence[str] = ()) -> Analysis:
    """The exact analysis of the main wager, per unit, under a strategy (``written``: its rules)."""
    return solved(rules, strategy_name, written).analysis


def final_deals(rules: StagedRules, strategy_name: str = OPTIMAL) -> dict[str, int]:
    """The deals that end with each final pay class under a strategy (folds aside)."""
    return solved(rules, strategy_name).finals


def colex(cards: Sequence[int]) -> int:
    """The index of a set of card codes among the sets of its size of the full deck, as the kernel
    orders them (the sum of C(card, j + 1) over the cards in ascending order)."""
    return sum(math.comb(card, j + 1) for j, card in enumerate(sorted(cards)))


def first_choices(rules: StagedRules, strategy_name: str = OPTIMAL) -> bytes:
    """The first stage's option at every card set of the full deck (by :func:`colex`)."""
    return solved(rules, strategy_name).first_choices


def stage_choices(rules: StagedRules, strategy_name: str = OPTIMAL, written: Sequence[str] = ()
                  ) -> tuple[bytes, ...]:
    """Every stage's option at every card set of the full deck and units in action (the
    simulator's decision tables), under a named or a written strategy."""
    return solved(rules, strategy_name, written).choices
