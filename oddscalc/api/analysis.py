"""A game's own figures through its engine: the analysis, one decision, the strategy."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from oddscalc.api.arguments import (
    CheckedBelow,
    Flag,
    Game,
    OptionalFilePath,
    OptionalSamples,
    OptionalStrategy,
    OptionalText,
    OptionalWorkers,
    Pays,
    Rules,
    Seed,
    boundary,
    option_of,
)
from oddscalc.api.inputs import situation_of
from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, load, sampling_of
from oddscalc.core.delegate import Delegated
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import DECIDE, EXACT, OPTIMAL, STRATEGY, Decision, engine_of, is_exact
from oddscalc.engines.charts import StrategyChart, StrategyCharts
from oddscalc.engines.inputs import Inputs


def refuse_sampling(command: str, game: str, inputs: Inputs, samples: int | None, workers: int | None,
                    scheduler: str | None) -> None:
    """Refuse a sampling argument of a command that the family computes exactly."""
    if inputs.samples is None:
        for name, value in (("samples", samples), ("workers", workers), ("scheduler", scheduler)):
            if value is not None:
                raise InputError(f"{command} {game}: {option_of(name)} does not apply to this game (it is exact)")


def input_spec(game: GameLike, command: str) -> Inputs:
    """What a command (``analyze`` or ``decide``) asks of a game beyond its table, as its family
    declares it (a one-line refusal when the game has no such command)."""
    table = load(game)
    return DECIDE.of(table).decide_inputs if command == "decide" else engine_of(table).analysis_inputs


@dataclass(frozen=True)
class Analyzed(Result):
    """A game's analysis: exact (``analysis``, under the optimal strategy) or, for a game with no
    exact analysis (Fast Action Poker), the seeded estimates of the report (``to_dict()``)."""
    game: str
    exact: bool
    table: GameTable = field(repr=False, compare=False)

    @cached_property
    def wagers(self) -> dict[str, Analysis]:
        """Every separately staked wager's exact analysis, per its own stake, by key: ``main`` (the
        wager the game is played for), then such as ``bonus``, ``combined`` or a side bet's
        paytable (empty without an exact analysis); computed when first asked for."""
        if not self.exact:
            return {}
        return {wager.key: wager.analysis for wager in EXACT.of(self.table).wagers(self.table)}

    @property
    def analysis(self) -> Analysis | None:
        """The exact outcome table and metrics of the main wager, the figures ``to_dict()`` and the
        text lead with (None without an exact analysis); the Bonus and side bets are in ``wagers``."""
        return self.wagers.get("main")

    def exact_analysis(self) -> Analysis:
        """The exact analysis, or an InputError for a game that has none."""
        if self.analysis is None:
            raise InputError(f"{self.game} has no exact analysis; its estimates are in to_dict()")
        return self.analysis

    expected_return = Delegated[Fraction](
        "exact_analysis().expected_return",
        "Expected net per unit (the Ante or the Bet); negative when the house is ahead.")
    house_edge = Delegated[Fraction]("exact_analysis().house_edge", "The house's share of each unit.")
    rtp = Delegated[Fraction]("exact_analysis().rtp", "Return to player per unit.")
    element_of_risk = Delegated[Fraction]("exact_analysis().element_of_risk",
                                          "House edge per total amount wagered.")

    @property
    def probabilities(self) -> dict[str, Fraction]:
        """Every outcome's exact probability (they sum to exactly 1)."""
        analysis = self.exact_analysis()
        return {row.outcome: analysis.probability(row) for row in analysis.outcomes}


@boundary
def analyze(game: Game, pays: Pays = None, rules: Rules = None, *, table: OptionalFilePath = None,
            samples: OptionalSamples = None, seed: Seed = 1, workers: OptionalWorkers = None,
            scheduler: OptionalText = None, **inputs: CheckedBelow) -> Analyzed:
    """The exact outcome table and metrics of a game under its optimal strategy; ``inputs`` are
    what the game's family asks beyond the table (``seats`` in Fast Action Poker, whose phase two
    is estimated from ``samples`` with ``seed``, on ``workers`` or at ``scheduler``).

    >>> result = analyze("five-plus-one-bonus")
    >>> result.rtp, sum(result.probabilities.values())
    (Fraction(136879, 149695), Fraction(1, 1))
    """
    loaded = load(game, pays, rules, table)
    family = engine_of(loaded)
    declared = family.analysis_inputs
    if declared.samples is None:
        # an exact count that splits into chunks declares where they run as its own inputs
        for name, value in (("workers", workers), ("scheduler", scheduler)):
            if value is not None and declared.named(name) is not None:
                inputs[name] = value
        workers = None if declared.named("workers") else workers
        scheduler = None if declared.named("scheduler") else scheduler
    refuse_sampling("analyze", loaded.name, declared, samples, workers, scheduler)
    situation = situation_of("analyze", loaded.name, declared, (), inputs,
                             sampling_of(declared, samples, seed, workers, scheduler), ANALYZE_PARAMETERS)
    report = family.analysis_report(loaded, situation)
    return Analyzed(loaded.name, is_exact(family), loaded, report=report)


@dataclass(frozen=True)
class Decided(Result):
    """The best action in one situation: ``choice``, each action's exact expected net per unit
    (``values``) and how much better the choice is (``margin``), of the first decision;
    ``decisions`` holds one per case when the family gives several (Fast Action's numbers of other
    bettors), as the JSON's ``decisions`` lists them."""
    game: str
    decisions: tuple[Decision, ...]

    @property
    def choice(self) -> str:
        return self.decisions[0].choice

    @property
    def values(self) -> Mapping[str, Fraction]:
        return self.decisions[0].values

    @property
    def margin(self) -> Fraction:
        """The chosen action's expected net minus the best other's (never negative)."""
        return self.decisions[0].margin


@boundary
def decide(game: Game, *cards: CheckedBelow, pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None,
           samples: OptionalSamples = None, seed: Seed = 1, workers: OptionalWorkers = None,
           scheduler: OptionalText = None, **inputs: CheckedBelow) -> Decided:
    """The best decision in one situation, with each action's exact value.  The situation is what
    the game's family declares (``input_spec(game, "decide")``), by position or by name: your
    ``hand``, the dealer's ``up`` card and ``dead`` cards seen in the games against a dealer; in
    Fast Action Poker your ``hand``, the ``board``, ``players``, ``others_bet``, ``hero_button``.

    >>> decide("caribbean-stud", "As Kd 9c 5h 2s", "Qd").choice
    'fold'
    >>> decide("caribbean-stud", hand="As Ad 9c 5h 2s", up="Qd").choice
    'call'
    """
    loaded = load(game, pays, rules, table)
    family = DECIDE.of(loaded)
    declared = family.decide_inputs
    refuse_sampling("decide", loaded.name, declared, samples, workers, scheduler)
    situation = situation_of("decide", loaded.name, declared, cards, inputs,
                             sampling_of(declared, samples, seed, workers, scheduler), DECIDE_PARAMETERS)
    decisions = family.decide(loaded, situation)
    return Decided(loaded.name, decisions, report=family.decision_report(loaded, situation, decisions))


# the functions' own parameters, for the nearest name of a misspelt one
ANALYZE_PARAMETERS = ("game", "pays", "rules", "table", "samples", "seed", "workers", "scheduler")
DECIDE_PARAMETERS = ANALYZE_PARAMETERS


@dataclass(frozen=True)
class StrategyResult(Result):
    """The optimal strategy as players use it (``compare``: simple strategies priced beside it;
    ``price``: one strategy priced exactly against the optimal one)."""
    game: str
    table: GameTable = field(repr=False)

    def chart(self, strategy: str = OPTIMAL) -> StrategyChart | StrategyCharts | None:
        """The decisions as hand groups by what the player sees: one chart, or one per decision
        point in a game of several (None where the decisions do not chart)."""
        return STRATEGY.of(self.table).strategy_chart(self.table, strategy)


@boundary
def strategy(game: Game, pays: Pays = None, rules: Rules = None, *, table: OptionalFilePath = None,
             compare: Flag = False, price: OptionalStrategy = None) -> StrategyResult:
    """The optimal strategy, or (``price``: a built-in name, a strategy file or rules such as
    ``"A-K-J-8-3+; A-K if match"``) one strategy priced exactly against it.

    >>> strategy("three-card-poker", price="Q-6-4+").to_dict()["cost"]     # Q-6-4 or better is optimal
    '0'
    """
    if compare and price is not None:
        raise InputError("strategy: --compare and --price do not go together")
    loaded = load(game, pays, rules, table)
    return StrategyResult(loaded.name, loaded, report=STRATEGY.of(loaded).strategy_report(loaded, compare, price))
