"""The Engine protocol between tools and engines, the shapes they exchange, and the registry.

A game file names its engine (``engine = "stud5"``); the registry maps that name to the engine
object of one subpackage.  An engine turns a validated :class:`GameTable` into exact results:

- ``validate(table)``: refuse rules, paytables or categories it cannot play (``InputError``);
- ``analyze(table, strategy)``: the exact outcome table and metrics of the whole wager under the
  optimal strategy, or under another: one of its named ``strategies``, a strategy file or a
  strategy expression (``parse_strategy`` reads any of them; engines with ``exact = False`` price
  none: the tools design, sweep, distribution and check attach only to exact engines);
- ``decide(table, situation)``: the best action in one situation, exactly where it can be;
- ``wagers(table, strategy)``: the analysis of every separately staked wager (the main one first,
  as ``analyze`` prints it, then a Bonus, the wagers together, side bets), each per its own stake;
- ``strategy_chart(table, strategy)``: the decisions as a grid of hand groups by dealer upcard;
- ``analysis_report`` / ``decision_report`` / ``strategy_report``: the engine's own reports;
- ``simulator(table, strategy, seed)``: a seeded native simulator, when the engine has one;
- ``rank(table, cards)``: a hand's category and strength under the game's ranking;
- ``exposure(table, seen)`` / ``exposure_chunk(...)``: the return when the player sees more than
  his own cards, exactly where the engine's counting fits, else sampled situations priced exactly.

What each command asks beyond the table is declared as data (:class:`Inputs`), so the command
line and the Python API build a :class:`Situation` the same way for every engine.  A new game
family is one subpackage (an object satisfying :class:`Engine`), one TOML file and one line in
:data:`ENGINES`.

>>> engine("three-card").name
'three-card'
>>> engine("nope")
Traceback (most recent call last):
oddscalc.core.errors.InputError: unknown engine 'nope' (expected one of: stud5, stud5-side, three-card, fast-action)
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError, unknown
from oddscalc.core.evaluate import HandRank, rank_hand
from oddscalc.core.gametable import GameTable, RuleSpec, apply_pays, apply_rules, load_game
from oddscalc.core.strategies import builtin_strategies, is_strategy_path, read_strategy, split_rules
from oddscalc.report.model import Report

OPTIMAL = "optimal"

class Ties(IntEnum):
    """Who takes a tie with a qualifying dealer (``rules.ties``), in the games against a dealer
    that take the rule; the value is the code the kernels are given.

    >>> Ties.read("dealer"), Ties.DEALER.text
    (<Ties.DEALER: 2>, 'dealer')
    """
    PUSH = 0
    PLAYER = 1
    DEALER = 2

    @property
    def text(self) -> str:
        """The rule's value as a game file writes it."""
        return self.name.lower()

    @classmethod
    def read(cls, text: str) -> Ties:
        """The value of ``rules.ties`` (the rule's choices have been checked by the schema)."""
        return cls[text.upper()]


TIES_RULE = RuleSpec("ties", "text", "push", "a tie with a qualifying dealer: push, or won by the player or the "
                     "dealer", choices=tuple(t.text for t in Ties))


def settle_ties(ties: Ties, losses: int, tied: int, wins: int) -> tuple[int, int, int]:
    """(losses, pushes, wins) once the ties with a qualifying dealer are settled by ``ties``.

    >>> [settle_ties(t, 5, 2, 7) for t in Ties]
    [(5, 2, 7), (5, 0, 9), (7, 0, 7)]
    """
    if ties is Ties.PLAYER:
        return losses, 0, wins + tied
    if ties is Ties.DEALER:
        return losses + tied, 0, wins
    return losses, tied, wins

# engine name -> the module whose ENGINE object plays it
ENGINES = {
    "stud5": "oddscalc.engines.stud",
    "stud5-side": "oddscalc.engines.stud.side_bets",
    "three-card": "oddscalc.engines.three_card",
    "fast-action": "oddscalc.engines.fast_action",
}


@dataclass(frozen=True)
class Sampling:
    """A seeded Monte Carlo's size; the same seed always gives the same estimate, on however many
    ``workers`` (local processes; None: one per core) or on the Dask cluster at ``scheduler``."""
    samples: int
    seed: int = 1
    workers: int | None = None
    scheduler: str | None = None


@dataclass(frozen=True)
class Situation:
    """What a player knows when deciding, or what an analysis is asked about.

    ``hand``: the player's own cards; ``upcards``: dealer cards seen; ``board``: community cards;
    ``dead``: other cards seen (other boxes), out of the deck; ``players``/``seats``,
    ``others_bet`` and ``hero_button`` describe a shared table (Fast Action Poker).
    """
    hand: tuple[int, ...] = ()
    upcards: tuple[int, ...] = ()
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    players: int | None = None
    seats: str | None = None
    others_bet: tuple[int, ...] | None = None
    hero_button: bool = False
    sampling: Sampling | None = None


@dataclass(frozen=True)
class Inputs:
    """What a command asks for beyond the game table: the fields of :class:`Situation` it reads.

    ``hand``: how many cards the player's hand has (0: none asked); ``hand_option`` is its
    option name; ``samples``: the default sample count when estimates may be needed (None: exact).
    """
    hand: int = 0
    hand_option: str = "--hand"
    upcards: bool = False
    board: bool = False
    dead: bool = False
    players: bool = False
    seats: bool = False
    betting: bool = False
    samples: int | None = None


@dataclass(frozen=True)
class Decision:
    """The best action in one situation: each action's expected net per unit and what follows.

    ``outcomes`` are the ways the continuing action (call, play, bet) ends, counted over the
    ``total`` equally likely completions; ``facts`` are the engine's further figures.
    """
    choice: str
    values: Mapping[str, Fraction]
    total: int
    exact: bool = True
    outcomes: tuple[Outcome, ...] = ()
    std_error: float | None = None
    facts: Mapping[str, object] = field(default_factory=dict)

    @property
    def margin(self) -> Fraction:
        """How much better the chosen action is than the best other one (0 on a tie, never
        negative): the ``margin`` every decision report prints and writes to JSON."""
        chosen = self.values[self.choice] if self.choice in self.values else max(self.values.values())
        others = [v for k, v in self.values.items() if k != self.choice]
        return chosen - max(others) if others else Fraction(0)


@dataclass(frozen=True)
class Seen:
    """What a player sees beyond his own cards and what the game shows every player.

    ``dealer_cards``: dealer cards seen whole (in Caribbean Stud counting the upcard every player
    sees, so 1 is the plain game); ``boxes``: other boxes' hands seen (open cards, players sharing
    hands, one player's several boxes); ``sorted_ranks``: the seen dealer cards beyond any upcard
    are seen only as in or out of these ranks (cards whose backs tell them apart, edge sorting).

    >>> Seen(dealer_cards=2, sorted_ranks="A K").text()
    '2 dealer cards, sorted by A K'
    """
    dealer_cards: int = 0
    boxes: int = 0
    sorted_ranks: str | None = None

    def text(self) -> str:
        parts = []
        if self.dealer_cards:
            parts.append(f"{self.dealer_cards} dealer card{'s' if self.dealer_cards != 1 else ''}")
        if self.boxes:
            parts.append(f"{self.boxes} other box{'es' if self.boxes != 1 else ''}")
        text = " and ".join(parts) or "nothing more"
        return text + (f", sorted by {self.sorted_ranks}" if self.sorted_ranks else "")


@dataclass(frozen=True)
class Exposure:
    """The informed optimal player's return beside the plain optimal one.

    Exact (``analysis`` is the informed outcome table) or an estimate (``analysis`` None; ``gain``
    is the mean over ``samples`` situations drawn with ``seed``, each priced exactly, with its
    ``std_error``).  ``gain`` is per unit (Ante, Bet): the informed expected return minus the plain
    one.  ``strategy`` rows say, where it is simple, how the informed player decides.
    """
    seen: str
    baseline: Analysis
    gain: Fraction
    analysis: Analysis | None = None
    std_error: float | None = None
    samples: int = 0
    seed: int | None = None
    strategy: tuple[tuple[str, str], ...] = ()

    @property
    def exact(self) -> bool:
        return self.analysis is not None

    @property
    def expected_return(self) -> Fraction:
        """The informed expected return per unit (exact, or the estimate)."""
        return self.baseline.expected_return + self.gain


@dataclass(frozen=True)
class GainSample:
    """The exact gains of one chunk of sampled situations: integer numerators over one denominator.

    Chunk ``chunk`` of seed ``seed`` is the same whoever runs it, so an estimate does not depend on
    how many workers ran its chunks."""
    seed: int
    chunk: int
    numerators: tuple[int, ...]
    denominator: int


@dataclass(frozen=True)
class NamedStrategy:
    """A strategy a simulator plays and an exact analysis prices: ``name`` as typed (a built-in
    name, a file, an expression), ``label`` in reports, ``rules`` in the strategy language
    (oddscalc/engines/handrules.py; none for the optimal strategy), ``source`` its file if any."""
    name: str
    label: str
    rules: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class Wager:
    """One separately staked wager of a game and its exact analysis, per its own stake.

    ``key`` is ``main`` for the wager the game is played for (the first outcome table that
    ``analyze`` prints), else a name such as ``bonus``, ``combined`` or a side bet's paytable;
    ``side``: staked beside the main wager and settled on its own (a Bonus, Pair Plus);
    ``paytables``: the paytables that settle it.
    """
    key: str
    title: str
    analysis: Analysis
    side: bool = False
    paytables: tuple[str, ...] = ()


@dataclass(frozen=True)
class StrategyChart:
    """A strategy's decisions for people: hand groups (rows, strongest first) by dealer upcard
    (columns); each cell counts the (hand, upcard) situations of its group and how many of them
    take the ``action`` (call, play).  ``rules`` are the strategy in words, as (where, rule) pairs.

    >>> chart = StrategyChart("call", ("pair", "high card"), ("2", "3"), ((4, 4), (0, 1)), ((4, 4), (4, 4)))
    >>> chart.share(1, 1), chart.action_probability
    (Fraction(1, 4), Fraction(9, 16))
    """
    action: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    acting: tuple[tuple[int, ...], ...]
    situations: tuple[tuple[int, ...], ...]
    row_title: str = "player's hand"
    column_title: str = "dealer's upcard"
    rules: tuple[tuple[str, str], ...] = ()
    note: str = ""

    def share(self, row: int, column: int) -> Fraction | None:
        """The share of a cell's situations that take the action (None: the cell has none)."""
        total = self.situations[row][column]
        return Fraction(self.acting[row][column], total) if total else None

    @property
    def action_probability(self) -> Fraction:
        """The share of all situations that take the action (the analysis' call probability)."""
        return Fraction(sum(map(sum, self.acting)), sum(map(sum, self.situations)))


class Simulator(Protocol):
    """A seeded native simulator: plays rounds and counts them under the analysis' outcome names."""

    def run(self, rounds: int) -> None: ...

    def counts(self) -> dict[str, int]: ...


@runtime_checkable
class Engine(Protocol):
    """What every game family provides to the tools and the command line."""

    @property
    def name(self) -> str: ...

    @property
    def exact(self) -> bool: ...

    @property
    def rule_specs(self) -> tuple[RuleSpec, ...]: ...

    @property
    def analysis_inputs(self) -> Inputs: ...

    @property
    def decide_inputs(self) -> Inputs | None: ...

    def validate(self, table: GameTable) -> None: ...

    def analyze(self, table: GameTable, strategy_name: str = OPTIMAL) -> Analysis: ...

    def strategies(self, table: GameTable) -> tuple[NamedStrategy, ...]: ...

    def parse_strategy(self, table: GameTable, text: str) -> NamedStrategy: ...

    def wagers(self, table: GameTable, strategy_name: str = OPTIMAL) -> tuple[Wager, ...]: ...

    def strategy_chart(self, table: GameTable, strategy_name: str = OPTIMAL) -> StrategyChart | None: ...

    def analysis_report(self, table: GameTable, situation: Situation) -> Report: ...

    def decide(self, table: GameTable, situation: Situation) -> tuple[Decision, ...]: ...

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[Decision]) -> Report: ...

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report: ...

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> Simulator | None: ...

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank: ...

    def exposure(self, table: GameTable, seen: Seen) -> Exposure | None: ...

    def exposure_chunk(self, table: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample: ...


def rank_five(table: GameTable, cards: tuple[int, ...]) -> HandRank:
    """A hand under the standard five-card ranking (the best five of 5, 6 or 7 cards)."""
    if len(cards) not in (5, 6, 7):
        raise InputError(f"{table.name} ranks five-card hands (the best five of 5, 6 or 7 cards), "
                         f"not {len(cards)} cards")
    return rank_hand(cards)


class EngineBase:
    """What most engines share, so a family writes only what is its own: no decision to make, no
    named strategy but the optimal one, no simulator, the standard five-card ranking.

    An engine that has these overrides them; the :class:`Engine` protocol is the contract either
    way (tests check every registered engine against it).
    """

    def __init__(self, name: str, rule_specs: tuple[RuleSpec, ...], *, exact: bool = True,
                 analysis_inputs: Inputs = Inputs(), decide_inputs: Inputs | None = None,
                 strategies: tuple[NamedStrategy, ...] = (NamedStrategy(OPTIMAL, "the optimal strategy"),),
                 exposure_module: str | None = None):
        self.name, self.rule_specs, self.exact = name, rule_specs, exact
        self.analysis_inputs, self.decide_inputs = analysis_inputs, decide_inputs
        self.strategy_list = strategies
        # the module with the family's exposure(table, seen) and exposure_chunk(...): imported when
        # first used, because it is large and most commands never price information
        self.exposure_module = exposure_module

    def strategies(self, table: GameTable) -> tuple[NamedStrategy, ...]:
        return self.strategy_list

    def parse_strategy(self, table: GameTable, text: str) -> NamedStrategy:
        return find_strategy(self.strategies(table), text, table)     # names only: no strategy language

    def decide(self, table: GameTable, situation: Situation) -> tuple[Decision, ...]:
        raise InputError(f"decide is not available for {table.name}: it has no decision to make")

    def decision_report(self, table: GameTable, situation: Situation, decisions: Sequence[Decision]) -> Report:
        raise InputError(f"decide is not available for {table.name}")

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        raise InputError(f"strategy is not available for {table.name}: it has no strategy to choose")

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> Simulator | None:
        return None

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        return rank_five(table, cards)

    def _exposure_functions(self, table: GameTable) -> Any:
        if self.exposure_module is None:
            raise InputError(f"exposure is not available for {table.name}: no decision depends on what is seen")
        return importlib.import_module(self.exposure_module)

    def exposure(self, table: GameTable, seen: Seen) -> Exposure | None:
        found: Exposure | None = self._exposure_functions(table).exposure(table, seen)
        return found

    def exposure_chunk(self, table: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
        sample: GainSample = self._exposure_functions(table).exposure_chunk(table, seen, seed, chunk, size)
        return sample


def engine(name: str) -> Engine:
    """The engine a game table names."""
    if name not in ENGINES:
        raise unknown("engine", name, ENGINES)
    found = importlib.import_module(ENGINES[name]).ENGINE
    assert isinstance(found, Engine)
    return found


def engine_of(table: GameTable) -> Engine:
    """The engine that plays a game table."""
    return engine(table.engine)


def load(game: str, table: str | Path | None = None, pays: Iterable[str] = (),
         rules: Iterable[str] = ()) -> GameTable:
    """A built-in game (or a game file's path) with its overlays, validated once by its engine.

    >>> load("caribbean-stud", pays=["flush=6"]).paytable().pay("flush")
    Fraction(6, 1)
    >>> load("fast-poker", rules=["bonus_ratio=2"]).rules.number("bonus_ratio")
    Fraction(2, 1)
    """
    return load_game(game, table, pays, rules, schema_of=engine)


def overlay(table: GameTable, pays: Iterable[str] = (), rules: Iterable[str] = ()) -> GameTable:
    """A loaded game with further ``--pay`` and ``--rule`` overlays, validated again by its engine.

    >>> overlay(load("caribbean-stud"), pays=["flush=6"]).paytable().pay("flush")
    Fraction(6, 1)
    """
    engine_ = engine_of(table)
    changed = apply_rules(apply_pays(table, pays), rules, engine_)
    engine_.validate(changed)
    return changed


def strategy_named(strategies: Sequence[NamedStrategy], name: str, game: str) -> NamedStrategy:
    """The strategy called ``name`` among an engine's strategies, or a one-line error.

    >>> strategy_named((NamedStrategy(OPTIMAL, "optimal"),), "optimel", "g")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: g: unknown strategy 'optimel' (did you mean 'optimal'?)
    """
    for strategy in strategies:
        if strategy.name == name:
            return strategy
    raise unknown("strategy", name, [s.name for s in strategies], game)


def builtin(engine_name: str) -> tuple[NamedStrategy, ...]:
    """The optimal strategy and the engine's built-in strategy files (tables/strategies/ENGINE/)."""
    files = builtin_strategies(engine_name)
    return (NamedStrategy(OPTIMAL, "optimal"),
            *(NamedStrategy(f.name, f.label, f.rules, f.source) for f in files))


def find_strategy(strategies: Sequence[NamedStrategy], text: str, table: GameTable,
                  check: Callable[[tuple[str, ...]], object] | None = None) -> NamedStrategy:
    """A strategy as given on a command line: a built-in name, a strategy file (a path, or a name
    ending in .toml) or an expression of rules; ``check`` parses the rules (an engine's language) so
    a rule that does not parse is one error line here.  Engines without a language (``check``
    None) take names only.

    >>> find_strategy(builtin("stud5"), "akj83", load("caribbean-stud")).label
    'call with A-K-J-8-3 or better'
    """
    text = text.strip()
    for strategy in strategies:
        if strategy.name == text:
            return strategy
    if check is None:
        raise unknown("strategy", text, [s.name for s in strategies], table.name)
    if is_strategy_path(text):
        written = read_strategy(text)
        if written.engine and written.engine != table.engine:
            raise InputError(f"strategy file {text} is for engine '{written.engine}', and {table.name} "
                             f"is played by '{table.engine}'")
        found = NamedStrategy(written.name, written.label, written.rules, written.source)
    else:
        found = NamedStrategy(text, text, split_rules(text))
    try:
        check(found.rules)
    except InputError:
        single = len(found.rules) == 1 and " " not in text and not found.source
        if single and not any(c in text for c in "+-"):
            message = str(unknown("strategy", text, [s.name for s in strategies], table.name))
            raise InputError(f"{message}; or write rules such as 'pair+; A-K if match'") from None
        raise
    return found

