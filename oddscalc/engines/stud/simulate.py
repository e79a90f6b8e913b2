"""The Caribbean Stud simulator (ext/simulate.pyx), playing the optimal or a simple strategy.

>>> from oddscalc.engines.base import load
>>> sim = simulator(load("caribbean-stud"), "always", 7)
>>> sim.run(1000)
>>> counts = sim.counts()
>>> sum(counts.values()), counts["fold"]
(1000, 0)
"""
from __future__ import annotations

from oddscalc._native.simulate import StudSimulator
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import OPTIMAL, Ties
from oddscalc.engines.stud.counts import PAYOUT_CLASSES, CallLayout, call_layout, class_counts
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.solve import analyze
from oddscalc.engines.stud.strategy import parse_strategy, strategy_table

OUTCOME_NAMES = ("fold", "dealer-not-qualify", "lose", "push", *(f"win-{name}" for name in PAYOUT_CLASSES))


def outcome_names(layout: CallLayout, ties: Ties) -> tuple[str, ...]:
    """The analysis' name of every simulator slot (a tie that is not a push is never counted as one)."""
    return ("fold", "dealer-not-qualify", "lose", "push" if ties is Ties.PUSH else "-",
            *(f"win-{name}" for name in layout.names))

# (qualifier, decisions) -> the situation look-up table of the last optimal strategy simulated
_DECISIONS: dict[tuple[int, bytes], bytearray] = {}


def _optimal_decisions(game: GameTable) -> tuple[tuple[int, ...], bytearray | None]:
    """Per payout class: 0 always fold, 1 always call, 2 look the situation up; and the look-up
    table when one is needed (kept for the last strategy only: 135 MB, mostly untouched pages)."""
    result = analyze(game)
    t = result.totals
    # per payout class (the simulator's look-up is by payout class): sum its pay classes
    called, folded = [0] * len(PAYOUT_CLASSES), [0] * len(PAYOUT_CLASSES)
    for index, base in enumerate(result.layout.bases):
        called[PAYOUT_CLASSES.index(base)] += t.called[index]
        folded[PAYOUT_CLASSES.index(base)] += t.folded[index]
    rules = tuple(1 if not f else 0 if not c else 2 for c, f in zip(called, folded, strict=True))
    if 2 not in rules:
        return rules, None
    qualify = StudRules.of(game).qualify_strength
    key = (qualify, bytes(result.calls))
    if key not in _DECISIONS:
        _DECISIONS.clear()
        classes = class_counts(qualify)
        table = bytearray(2598960 * 52)
        for klass, rule in enumerate(rules):
            if rule == 2:
                classes.spread_decisions(table, result.calls, klass)
        _DECISIONS[key] = table
    return rules, _DECISIONS[key]


class NamedStudSimulator:
    """The native simulator with its tally named by the analysis' outcome names."""

    def __init__(self, native: StudSimulator, names: tuple[str, ...] = OUTCOME_NAMES):
        self.native, self.names = native, names

    def run(self, rounds: int) -> None:
        self.native.run(rounds)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for name, count in zip(self.names, self.native.counts(), strict=True):
            out[name] = out.get(name, 0) + count
        out.pop("-", None)
        return out


def simulator(game: GameTable, strategy: str, seed: int) -> NamedStudSimulator:
    """A fresh seeded simulator of the game under a strategy: the optimal one (its decisions
    spread per situation), or a written one (its decision per upcard rank and strength)."""
    named = parse_strategy(game, strategy)
    rules_ = StudRules.of(game)
    layout = call_layout(game)
    names = outcome_names(layout, rules_.ties)
    if named.name == OPTIMAL:
        rules, table = _optimal_decisions(game)
        return NamedStudSimulator(StudSimulator(seed, rules_.qualify_strength, -1, rules, table,
                                                class_map=layout.class_map, ties=rules_.ties), names)
    decisions = strategy_table(game, named).data
    return NamedStudSimulator(StudSimulator(seed, rules_.qualify_strength, strategy_table=decisions,
                                            class_map=layout.class_map, ties=rules_.ties), names)
