"""A game's own figures through its engine: the analysis, one decision, the strategy."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from oddscalc.api.arguments import (
    Flag,
    Game,
    OptionalCards,
    OptionalFilePath,
    OptionalOthersBet,
    OptionalPlayers,
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
from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, cards_of, load, sampling_of
from oddscalc.core.delegate import Delegated
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import OPTIMAL, Decision, Inputs, Situation, StrategyChart, engine_of


def refuse_unused(command: str, game: str, inputs: Inputs | None, **given: object) -> None:
    """Refuse an argument the game's engine does not read for this command (as the command line
    refuses its option), rather than ignore it."""
    sampled = inputs is not None and inputs.samples is not None
    applies = {"up": inputs is not None and inputs.upcards,
               "board": inputs is not None and inputs.board, "dead": inputs is not None and inputs.dead,
               "players": inputs is not None and inputs.players, "seats": inputs is not None and inputs.seats,
               "others_bet": inputs is not None and inputs.betting,
               "hero_button": inputs is not None and inputs.betting,
               "samples": sampled, "workers": sampled, "scheduler": sampled}
    for name, value in given.items():
        if value is not None and value is not False and not applies[name]:
            raise InputError(f"{command} {game}: {option_of(name)} does not apply to this game")


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
    def wagers(self) -> dict[str, Analysis]:
        """Every separately staked wager's exact analysis, per its own stake, by key: ``main`` (the
        wager the game is played for), then such as ``bonus``, ``combined`` or a side bet's
        paytable (empty without an exact analysis); computed when first asked for."""
        if not self.exact:
            return {}
        return {wager.key: wager.analysis for wager in engine_of(self.table).wagers(self.table)}

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
            seats: OptionalText = None, samples: OptionalSamples = None, seed: Seed = 1,
            workers: OptionalWorkers = None, scheduler: OptionalText = None) -> Analyzed:
    """The exact outcome table and metrics of a game under its optimal strategy (``seats``,
    ``samples``, ``seed``, ``workers`` and ``scheduler`` for Fast Action Poker, whose phase two is
    estimated).

    >>> result = analyze("five-plus-one-bonus")
    >>> result.rtp, sum(result.probabilities.values())
    (Fraction(136879, 149695), Fraction(1, 1))
    """
    loaded = load(game, pays, rules, table)
    engine = engine_of(loaded)
    refuse_unused("analyze", loaded.name, engine.analysis_inputs, seats=seats, samples=samples, workers=workers,
                  scheduler=scheduler)
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


@boundary
def decide(game: Game, hand: OptionalCards, up: OptionalCards = None, *, board: OptionalCards = None,
           dead: OptionalCards = None, players: OptionalPlayers = None, others_bet: OptionalOthersBet = None,
           hero_button: Flag = False, pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None,
           samples: OptionalSamples = None, seed: Seed = 1, workers: OptionalWorkers = None,
           scheduler: OptionalText = None) -> Decided:
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
    refuse_unused("decide", loaded.name, inputs, up=up, board=board, dead=dead, players=players,
                  others_bet=others_bet, hero_button=hero_button, samples=samples, workers=workers,
                  scheduler=scheduler)
    if inputs.hand and hand is None:
        raise InputError(f"decide {loaded.name} needs {inputs.hand_option} with your {inputs.hand} cards")
    mine = cards_of(hand or "", inputs.hand)
    upcards = cards_of(up, 1, mine) if up is not None else ()
    if inputs.board and board is None:
        raise InputError(f"decide {loaded.name} needs --flop with the community cards")
    community = cards_of(board, (3, 4, 5), mine + upcards) if board is not None else ()
    seen = cards_of(dead, None, mine + upcards + community)
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
    return StrategyResult(loaded.name, loaded, report=engine_of(loaded).strategy_report(loaded, compare, price))
