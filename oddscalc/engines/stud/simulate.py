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
from oddscalc.engines.base import OPTIMAL, strategy_named
from oddscalc.engines.stud.counts import PAYOUT_CLASSES, class_counts
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.solve import analyze
from oddscalc.engines.stud.strategy import STRATEGIES, threshold_strength

OUTCOME_NAMES = ("fold", "dealer-not-qualify", "lose", "push", *(f"win-{name}" for name in PAYOUT_CLASSES))

# (qualifier, decisions) -> the situation look-up table of the last optimal strategy simulated
_DECISIONS: dict[tuple[int, bytes], bytearray] = {}


def _optimal_decisions(game: GameTable) -> tuple[tuple[int, ...], bytearray | None]:
    """Per payout class: 0 always fold, 1 always call, 2 look the situation up; and the look-up
    table when one is needed (kept for the last strategy only: 135 MB, mostly untouched pages)."""
    result = analyze(game)
    t = result.totals
    rules = tuple(1 if not folded else 0 if not called else 2
                  for called, folded in zip(t.called, t.folded, strict=True))
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

    def __init__(self, native: StudSimulator):
        self.native = native

    def run(self, rounds: int) -> None:
        self.native.run(rounds)

    def counts(self) -> dict[str, int]:
        return dict(zip(OUTCOME_NAMES, self.native.counts(), strict=True))


def simulator(game: GameTable, strategy: str, seed: int) -> NamedStudSimulator:
    """A fresh seeded simulator of the game under a named strategy."""
    named = strategy_named(STRATEGIES, strategy, game.name)
    qualify = StudRules.of(game).qualify_strength
    if named.name == OPTIMAL:
        rules, table = _optimal_decisions(game)
        return NamedStudSimulator(StudSimulator(seed, qualify, -1, rules, table))
    return NamedStudSimulator(StudSimulator(seed, qualify, threshold_strength(named, game.name)))
