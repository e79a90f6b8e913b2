"""The contract between the game families and the rest, the shapes they exchange, the registry.

A game file names its family (``engine = "stud5"``); the registry maps that name to the object
``ENGINE`` of one module.  Every family is a :class:`Family`: its rules, the check of a table
(read once into the family's typed game, ``GameTable.built``), the ``analyze`` report, its hand
ranking.  The rest are capabilities a family declares by providing them, and the tools attach to
what is declared (:class:`Capability`: ``DECIDE.of(table)`` is the family as a :class:`Decides`,
or the one-line refusal):

- :class:`ExactAnalysis`: exact counts of the main wager and every separately staked one, under
  the optimal strategy or a named one (design, sweep, distribution, check, the par sheet);
- :class:`Decides`: the best of any number of actions in one situation (``decide``);
- :class:`Strategies`: the strategy as players use it, compared, priced (``strategy``);
- :class:`Simulates`: a seeded native simulator (``simulate``, ``check``);
- :class:`Exposes`: the return when the player sees more (``exposure``);
- :class:`Commands`: commands of the family's own (``fast-action odds``).

What a command asks beyond the table is declared by the family as data
(:class:`oddscalc.engines.inputs.Inputs`), and the command line's options and the API's keyword
arguments are made from it.  A new family is one module or package defining ``ENGINE``, its game
files, and one line in :data:`ENGINES` (or :func:`register`, or an entry point in the group
``oddscalc.families`` for a family installed as its own package).

>>> engine("three-card").name
'three-card'
>>> engine("nope")
Traceback (most recent call last):
oddscalc.core.errors.InputError: unknown engine 'nope' (expected one of: stud5, stud5-side, three-card, ...)
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError, check_name, unknown
from oddscalc.core.evaluate import HandRank, ThreeCardRanking, rank_hand
from oddscalc.core.gametable import GameTable, RuleSpec, apply_pays, apply_rules, is_game_path, load_game
from oddscalc.core.strategies import builtin_strategies, is_strategy_path, read_strategy, split_rules
from oddscalc.engines.charts import StrategyChart, StrategyCharts
from oddscalc.engines.inputs import NO_INPUTS, Inputs, Situation
from oddscalc.report.model import Report, Table

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
    "three-card-ultimate": "oddscalc.engines.three_card.ultimate_family",
    "fast-action": "oddscalc.engines.fast_action",
    "staged": "oddscalc.engines.staged",
    "holdem": "oddscalc.engines.holdem",
    "holdem-ultimate": "oddscalc.engines.holdem.ultimate_family",
    "holdem-bonus": "oddscalc.engines.holdem.bonus_family",
    "three-card-shoe": "oddscalc.engines.three_card.shoe",
}


@dataclass(frozen=True)
class Decision:
    """The best action in one situation: each action's expected net per unit and what follows.

    ``values`` are every action's expected net per unit, any number of them, in the family's
    order; ``outcomes`` are the ways the continuing action (call, play, bet) ends, counted over the
    ``total`` equally likely completions; ``facts`` are the family's further figures as the decide
    JSON writes them (exact numbers, counts, text); ``case`` is what tells this decision from the
    others of one situation (Fast Action: ``{"others_bet": 1}``), empty for a situation's only one.
    An estimate (``exact`` false) counts ``total`` samples; ``std_error`` is its margin's.
    """
    choice: str
    values: Mapping[str, Fraction]
    total: int
    exact: bool = True
    outcomes: tuple[Outcome, ...] = ()
    std_error: float | None = None
    facts: Mapping[str, object] = field(default_factory=dict)
    case: Mapping[str, object] = field(default_factory=dict)

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
    hands, one player's several boxes); ``board_cards``: the first community cards, in the order
    they are turned, seen before they are turned (the staged games); ``sorted_ranks``: the seen
    dealer cards beyond any upcard, or the seen community cards, are seen only as in or out of
    these ranks (cards whose backs tell them apart, edge sorting).

    A family prices some of these dimensions (:meth:`given` names those asked for); the exposure
    tool refuses the others.

    >>> Seen(dealer_cards=2, sorted_ranks="A K").text()
    '2 dealer cards, sorted by A K'
    >>> Seen(board_cards=2).text(), Seen(board_cards=1, sorted_ranks="J").given()
    ('the first 2 community cards', ('board_cards', 'sorted_ranks'))
    """
    dealer_cards: int = 0
    boxes: int = 0
    sorted_ranks: str | None = None
    board_cards: int = 0

    def given(self) -> tuple[str, ...]:
        """The dimensions asked for, by their parameter names (a zero count is not asked for; sorted
        ranks with ``|`` are a partition into more classes than in or out, ``sorted_classes``)."""
        asked = {"dealer_cards": self.dealer_cards > 0, "boxes": self.boxes > 0, "board_cards": self.board_cards > 0,
                 "sorted_ranks": self.sorted_ranks is not None,
                 "sorted_classes": self.sorted_ranks is not None and "|" in self.sorted_ranks}
        return tuple(name for name, is_asked in asked.items() if is_asked)

    def text(self) -> str:
        parts = []
        if self.dealer_cards:
            parts.append(f"{self.dealer_cards} dealer card{'s' if self.dealer_cards != 1 else ''}")
        if self.boxes:
            parts.append(f"{self.boxes} other box{'es' if self.boxes != 1 else ''}")
        if self.board_cards:
            parts.append("the first community card" if self.board_cards == 1 else
                         f"the first {self.board_cards} community cards")
        text = " and ".join(parts) or "nothing more"
        return text + (f", sorted by {self.sorted_ranks}" if self.sorted_ranks else "")


@dataclass(frozen=True)
class Exposure:
    """The informed optimal player's return beside the plain optimal one: the one result of an
    exposure analysis, whichever family counts it and whether it is counted or sampled.

    Exact (``analysis`` is the informed outcome table; or ``counted``: the gain counted exactly over
    every situation, where the family prices values and not outcome cells) or an estimate
    (``analysis`` None; ``gain`` is the mean over ``samples`` situations drawn with ``seed``, each
    priced exactly, with its ``std_error``).  ``gain`` is per unit (Ante, Bet): the informed expected
    return minus the plain one.  ``strategy`` rows (where, rule) say, where it is simple, how the
    informed player decides; ``facts`` are the family's further figures of an exact count (the
    classes its kernel counted).
    """
    seen: str
    baseline: Analysis
    gain: Fraction
    analysis: Analysis | None = None
    std_error: float | None = None
    samples: int = 0
    seed: int | None = None
    strategy: tuple[tuple[str, str], ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict)
    counted: bool = False

    @property
    def exact(self) -> bool:
        return self.analysis is not None or self.counted

    @property
    def expected_return(self) -> Fraction:
        """The informed expected return per unit (exact, or the estimate)."""
        return self.baseline.expected_return + self.gain

    @property
    def call_probability(self) -> Fraction | None:
        """How often the informed player calls (plays), when counted exactly."""
        return None if self.analysis is None else self.analysis.call_probability


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
    ``paytables``: the paytables that settle it; ``tables``: the family's further figures of it
    that a par sheet shows beside its metrics (a progressive's meter and break-even meter).
    """
    key: str
    title: str
    analysis: Analysis
    side: bool = False
    paytables: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()


class Simulator(Protocol):
    """A seeded native simulator: plays rounds and counts them under the analysis' outcome names."""

    def run(self, rounds: int) -> None: ...

    def counts(self) -> dict[str, int]: ...


# --- the contract: what every family provides, and the capabilities a family may declare ---------

@runtime_checkable
class Family(Protocol):
    """What every game family provides: its name (as a game file's ``engine = "…"`` names it), the
    rules a game file may set, the check of a whole table, the ``analyze`` report, and how a hand
    ranks under the game's ranking.  Everything else is a capability (below) a family has or not."""

    @property
    def name(self) -> str: ...

    @property
    def rule_specs(self) -> tuple[RuleSpec, ...]: ...

    @property
    def analysis_inputs(self) -> Inputs: ...

    def validate(self, table: GameTable) -> None: ...

    def analysis_report(self, table: GameTable, situation: Situation) -> Report: ...

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank: ...


@runtime_checkable
class ExactAnalysis(Protocol):
    """Exact counts over every deal: the analysis of the main wager and of every separately staked
    wager, under the optimal strategy or a named one (design, sweep, distribution, check and the
    par sheet attach to this)."""

    def analyze(self, table: GameTable, strategy_name: str = OPTIMAL) -> Analysis: ...

    def wagers(self, table: GameTable, strategy_name: str = OPTIMAL) -> tuple[Wager, ...]: ...

    def strategies(self, table: GameTable) -> tuple[NamedStrategy, ...]: ...

    def parse_strategy(self, table: GameTable, text: str) -> NamedStrategy: ...


@runtime_checkable
class Decides(Protocol):
    """``decide``: the best of any number of actions in one situation, each priced."""

    @property
    def decide_inputs(self) -> Inputs: ...

    def decide(self, table: GameTable, situation: Situation) -> tuple[Decision, ...]: ...

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[Decision]) -> Report: ...


@runtime_checkable
class Strategies(Protocol):
    """``strategy``: the strategy as players use it (a chart of its decisions), simple strategies
    compared, any strategy priced against the optimal one."""

    def strategy_chart(self, table: GameTable, strategy_name: str = OPTIMAL
                       ) -> StrategyChart | StrategyCharts | None: ...
    # one chart, or one per decision point (a staged game); None: the decisions do not chart

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report: ...


@runtime_checkable
class Simulates(Protocol):
    """``simulate`` and ``check``: a seeded native simulator counting the analysis' outcomes."""

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> Simulator: ...


@runtime_checkable
class Exposes(Protocol):
    """``exposure``: the return when the player sees more than his own cards.  An exact count that
    splits into chunks runs them on ``workers`` local processes or on the Dask cluster at
    ``scheduler`` when given (to the same integers), else here; a family whose counts do not
    split ignores both."""

    def exposure(self, table: GameTable, seen: Seen, workers: int | None = None,
                 scheduler: str | None = None) -> Exposure | None: ...

    def exposure_chunk(self, table: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample: ...


@runtime_checkable
class RanksThreeCards(Protocol):
    """A family whose ``rank`` ranks three-card hands under a :class:`ThreeCardRanking` (the one
    returned here), so that the API ranks a batch of them natively (``oddscalc.rank_batch``).  Not a
    capability of the games list: a way of ranking, not something a player asks for."""

    def three_card_ranking(self, table: GameTable) -> ThreeCardRanking: ...


@dataclass(frozen=True)
class FamilyCommand:
    """A command of a family's own: what it does (``description``), what it asks (``inputs``,
    declared as decide's are, so the command line's options and the API's arguments are made
    from them) and what it runs: ``run(table, situation)`` gives its report."""
    description: str
    inputs: Inputs
    run: Callable[[GameTable, Situation], Report]


@runtime_checkable
class Commands(Protocol):
    """Commands of the family's own (Fast Action Poker's ``odds``), by name: ``oddscalc command
    GAME NAME`` and ``oddscalc.command(game, name, ...)`` run them."""

    @property
    def commands(self) -> Mapping[str, FamilyCommand]: ...


Kind = TypeVar("Kind")


@dataclass(frozen=True)
class Capability(Generic[Kind]):
    """A capability as the tools ask for it: ``command`` names it in messages, ``missing`` says
    why a family without it cannot (a family may say it better: its ``unavailable`` mapping)."""
    command: str
    protocol: type
    missing: str

    def has(self, family: Family) -> bool:
        return isinstance(family, self.protocol)

    def of(self, table: GameTable) -> Kind:
        """The family of a table as this capability, or a one-line refusal."""
        family = engine_of(table)
        if not self.has(family):
            reasons: Mapping[str, str] = getattr(family, "unavailable", {})
            reason = reasons.get(self.command, self.missing)
            raise InputError(f"{self.command} is not available for {table.name}: {reason}")
        return cast(Kind, family)


EXACT = Capability[ExactAnalysis]("exact analysis", ExactAnalysis, "it has no exact analysis")
DECIDE = Capability[Decides]("decide", Decides, "it has no decision to make")
STRATEGY = Capability[Strategies]("strategy", Strategies, "it has no strategy to choose")
SIMULATE = Capability[Simulates]("simulate", Simulates, "it has no simulator")
EXPOSURE = Capability[Exposes]("exposure", Exposes, "its family prices no exposure")
COMMANDS = Capability[Commands]("command", Commands, "it has no commands of its own")
CAPABILITIES: tuple[Capability[Any], ...] = (EXACT, DECIDE, STRATEGY, SIMULATE, EXPOSURE, COMMANDS)


def capabilities(family: Family) -> tuple[str, ...]:
    """What a family declares it can do, by command.

    >>> capabilities(engine("fast-action"))
    ('decide', 'command')
    """
    return tuple(c.command for c in CAPABILITIES if c.has(family))


def is_exact(family: Family) -> bool:
    """Whether the family's analysis is exact (it has the exact analysis capability)."""
    return EXACT.has(family)


def rank_five(table: GameTable, cards: tuple[int, ...]) -> HandRank:
    """A hand under the standard five-card ranking (the best five of 5, 6 or 7 cards)."""
    if len(cards) not in (5, 6, 7):
        raise InputError(f"{table.name} ranks five-card hands (the best five of 5, 6 or 7 cards), "
                         f"not {len(cards)} cards")
    return rank_hand(cards)


class FamilyBase:
    """What most families share, so a family writes only what is its own: the name, rules and
    declared inputs, the optimal strategy as its only named one, the standard five-card ranking.
    A capability is declared by providing its methods (:class:`ExposureFromModule` provides
    exposure from a module); the tests check every registered family against the protocols."""

    # an exact analysis that takes many seconds and gigabytes (Casino Hold'em's full deck): the
    # developer loop leaves it to the slow tests (tests/engines/test_contract.py)
    heavy_analysis: bool = False

    def __init__(self, name: str, rule_specs: tuple[RuleSpec, ...], *, analysis_inputs: Inputs = NO_INPUTS,
                 strategies: tuple[NamedStrategy, ...] = (NamedStrategy(OPTIMAL, "the optimal strategy"),)):
        self.name, self.rule_specs = name, rule_specs
        self.analysis_inputs = analysis_inputs
        self.strategy_list = strategies

    def strategies(self, table: GameTable) -> tuple[NamedStrategy, ...]:
        return self.strategy_list

    def parse_strategy(self, table: GameTable, text: str) -> NamedStrategy:
        return find_strategy(self.strategies(table), text, table)     # names only: no strategy language

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        return rank_five(table, cards)


class ExposureFromModule:
    """The exposure capability, from a module with ``exposure(table, seen)`` and
    ``exposure_chunk(...)``: imported when first used, because it is large and most commands never
    price information."""

    exposure_module: str

    def exposure(self, table: GameTable, seen: Seen, workers: int | None = None,
                 scheduler: str | None = None) -> Exposure | None:
        found: Exposure | None = importlib.import_module(self.exposure_module).exposure(table, seen, workers,
                                                                                         scheduler)
        return found

    def exposure_chunk(self, table: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
        module = importlib.import_module(self.exposure_module)
        sample: GainSample = module.exposure_chunk(table, seen, seed, chunk, size)
        return sample


def register(name: str, module: str) -> None:
    """Let game files name a family kept outside this package: ``module`` defines ``ENGINE``.
    (Installed plug-ins need no call: an entry point in the group ``oddscalc.families``, name →
    module, registers each the first time a game file names it.)"""
    check_name(name, "family", "register")
    ENGINES[name] = module


def _plug_in(name: str) -> str | None:
    from importlib.metadata import entry_points  # only for a name no family here has
    found = [point.value for point in entry_points(group="oddscalc.families") if point.name == name]
    return found[0] if found else None


def engine(name: str) -> Family:
    """The family a game table names (its ``engine``)."""
    if name not in ENGINES:
        module = _plug_in(name)
        if module is None:
            raise unknown("engine", name, ENGINES)
        ENGINES[name] = module
    found = importlib.import_module(ENGINES[name]).ENGINE
    if not isinstance(found, Family):
        raise InputError(f"engine '{name}': {ENGINES[name]}.ENGINE is not a game family (see docs/architecture.md)")
    return found


def engine_of(table: GameTable) -> Family:
    """The engine that plays a game table."""
    return engine(table.engine)


def load(game: str, table: str | Path | None = None, pays: Iterable[str] = (),
         rules: Iterable[str] = ()) -> GameTable:
    """A built-in game (or a game file's path) with its overlays, validated once by its engine.

    >>> load("caribbean-stud", pays=["flush=6"]).paytable().pay("flush")
    Fraction(6, 1)
    >>> load("fast-poker", rules=["bonus_ratio=2"]).rules.number("bonus_ratio")
    Fraction(2, 1)
    >>> load("fast-poker") is load("fast-poker")       # a built-in game as shipped is read once
    True
    """
    pays, rules = tuple(pays), tuple(rules)
    if table is None and not pays and not rules and not is_game_path(game):
        return _shipped(game)
    return load_game(game, table, pays, rules, schema_of=engine)


@lru_cache(maxsize=64)
def _shipped(game: str) -> GameTable:
    # a built-in file does not change while the process runs, and a table is immutable (its typed
    # game too): a command that looks at the game before reading its options loads it once
    return load_game(game, None, (), (), schema_of=engine)


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

