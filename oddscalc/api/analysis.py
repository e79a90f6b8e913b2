"""A game's own figures through its engine: the analysis, one decision, the strategy."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path

from oddscalc.api.result import Result
from oddscalc.api.tables import Cards, GameLike, Overlay, cards_of, load, sampling_of
from oddscalc.core.delegate import Delegated
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import OPTIMAL, Decision, Inputs, Situation, StrategyChart, engine_of


def input_spec(game: GameLike, command: str) -> Inputs | None:
    """What a command (``analyze`` or ``decide``) asks of a game beyond its table, as its engine
    declares it (None: the game has no such command)."""
    engine = engine_of(load(game))
    return engine.analysis_inputs if command == "analyze" else engine.decide_inputs


@dataclass(frozen=True)
class Analyzed(Result):
    """A game's analysis: exact (``analysis``, under the optimal strategy) or, for a game with no
    exact analysis (Fast Action Poker), the seeded estimates of the report (``to_dict()``)."""
    game: str
    exact: bool
    table: GameTable = field(repr=False, compare=False)

    @cached_property
    def analysis(self) -> Analysis | None:
        """The exact outcome table and metrics (None without an exact analysis); computed when
        first asked for, since the report already holds what the command prints."""
        return engine_of(self.table).analyze(self.table) if self.exact else None

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


def analyze(game: GameLike, pays: Overlay = None, rules: Overlay = None, *, table: str | Path | None = None,
            seats: str | None = None, samples: int | None = None, seed: int = 1, workers: int | None = None,
            scheduler: str | None = None) -> Analyzed:
    """The exact outcome table and metrics of a game under its optimal strategy (``seats``,
    ``samples``, ``seed``, ``workers`` and ``scheduler`` for Fast Action Poker, whose phase two is
    estimated).

    >>> result = analyze("five-plus-one-bonus")
    >>> result.rtp, sum(result.probabilities.values())
    (Fraction(136879, 149695), Fraction(1, 1))
    """
    loaded = load(game, pays, rules, table)
    engine = engine_of(loaded)
    situation = Situation(seats=seats, sampling=sampling_of(engine.analysis_inputs, samples, seed, workers, scheduler))
    report = engine.analysis_report(loaded, situation)
    return Analyzed(loaded.name, engine.exact, loaded, report=report)


@dataclass(frozen=True)
class Decided(Result):
    """The best action in one situation: ``choice`` and each action's exact expected net per unit
    (``decisions`` holds one per case when the engine gives several, as Fast Action's bettors)."""
    game: str
    decisions: tuple[Decision, ...]

    @property
    def choice(self) -> str:
        return self.decisions[0].choice

    @property
    def values(self) -> Mapping[str, Fraction]:
        return self.decisions[0].values


def decide(game: GameLike, hand: Cards | None, up: Cards | None = None, *, board: Cards | None = None,
           dead: Cards | None = None, players: int | None = None, others_bet: Sequence[int] | None = None,
           hero_button: bool = False, pays: Overlay = None, rules: Overlay = None, table: str | Path | None = None,
           samples: int | None = None, seed: int = 1, workers: int | None = None,
           scheduler: str | None = None) -> Decided:
    """The best decision with your ``hand`` (and the dealer's ``up`` card, other ``dead`` cards
    seen; a ``board`` and ``players`` in Fast Action Poker), with each action's exact value.

    >>> decide("caribbean-stud", "As Kd 9c 5h 2s", "Qd").choice
    'fold'
    >>> decide("caribbean-stud", "As Ad 9c 5h 2s", "Qd").choice
    'call'
    """
    loaded = load(game, pays, rules, table)
    engine = engine_of(loaded)
    inputs = engine.decide_inputs
    if inputs is None:
        raise InputError(f"decide is not available for {loaded.name}: it has no decision to make")
    if inputs.hand and hand is None:
        raise InputError(f"decide {loaded.name} needs {inputs.hand_option} with your {inputs.hand} cards")
    mine = cards_of(hand or "", inputs.hand)
    upcards = cards_of(up, 1, mine) if up is not None else ()
    if inputs.board and board is None:
        raise InputError(f"decide {loaded.name} needs --flop with the community cards")
    community = cards_of(board, (3, 4, 5), mine + upcards) if board is not None else ()
    seen = cards_of(dead, None, mine + upcards + community)
    if players is not None and not 2 <= players <= 8:
        raise InputError(f"--players must be between 2 and 8, got {players}")
    if others_bet is not None and any(not 0 <= j <= 7 for j in others_bet):
        raise InputError("--others-bet must be between 0 and 7")
    situation = Situation(mine, upcards, community, seen, players, None,
                          None if others_bet is None else tuple(others_bet), hero_button,
                          sampling_of(inputs, samples, seed, workers, scheduler))
    decisions = engine.decide(loaded, situation)
    return Decided(loaded.name, decisions, report=engine.decision_report(loaded, situation, decisions))


@dataclass(frozen=True)
class StrategyResult(Result):
    """The optimal strategy as players use it (``compare``: simple strategies priced beside it;
    ``price``: one strategy priced exactly against the optimal one)."""
    game: str
    table: GameTable = field(repr=False)

    def chart(self, strategy: str = OPTIMAL) -> StrategyChart | None:
        """The decisions as hand groups by dealer upcard (None for a game without a decision)."""
        return engine_of(self.table).strategy_chart(self.table, strategy)


def strategy(game: GameLike, pays: Overlay = None, rules: Overlay = None, *, table: str | Path | None = None,
             compare: bool = False, price: str | None = None) -> StrategyResult:
    """The optimal strategy, or (``price``: a built-in name, a strategy file or rules such as
    ``"A-K-J-8-3+; A-K if match"``) one strategy priced exactly against it.

    >>> strategy("three-card-poker", price="Q-6-4+").to_dict()["cost"]     # Q-6-4 or better is optimal
    '0'
    """
    if compare and price is not None:
        raise InputError("strategy: --compare and --price do not go together")
    loaded = load(game, pays, rules, table)
    return StrategyResult(loaded.name, loaded, report=engine_of(loaded).strategy_report(loaded, compare, price))
