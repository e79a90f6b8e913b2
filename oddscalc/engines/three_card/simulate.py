"""The three-card simulator (ext/simulate3.pyx): the engine's decisions played at random.

Everything about the rules comes from the engine: the ranking and qualifier, the optimal
decision of every situation (the solution's per-group decisions, spread over the situations by
ext/three.pyx with the counts the analysis uses), the hand class of every strength, and the
outcome name of every (hand class, result) cell of the kernel's tally, which is the name of the
row the analysis counts it in.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> sim = simulator(three_card_rules(load("three-card-poker")), "always", 7)
>>> sim.run(1000)
>>> counts = sim.counts()
>>> sum(counts.values()), counts.get("fold", 0)
(1000, 0)
"""
from __future__ import annotations

from oddscalc._native import three
from oddscalc._native.simulate3 import ThreeCardSimulator
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.outcomes import outcome_name
from oddscalc.engines.three_card.rules import ThreeCardRules
from oddscalc.engines.three_card.solve import RESULTS, Solution, solve
from oddscalc.engines.three_card.strategy import strategy_table

# the look-up table of the last optimal strategy simulated: a strategy is usually simulated often
_DECISIONS: dict[tuple[object, ...], bytearray] = {}


def _decisions(solution: Solution) -> bytearray:
    """The optimal decision of every situation (see three.spread_decisions)."""
    rules, c = solution.rules, solution.counts
    keys = three.group_keys(c.up_rank, c.strength, c.not_qualify, c.dealer_wins, c.tie)
    order = sorted(range(len(keys)), key=keys.__getitem__)
    plays = bytes(solution.play[i] for i in order)
    cache_key = (rules.ranking.native, rules.qualify, bool(rules.upcards), plays)
    if cache_key not in _DECISIONS:
        _DECISIONS.clear()
        _DECISIONS[cache_key] = three.spread_decisions(rules.ranking.native, rules.qualify, bool(rules.upcards),
                                                       [keys[i] for i in order], plays)
    return _DECISIONS[cache_key]


class NamedThreeCardSimulator:
    """The native simulator with its tally named by the analysis' outcome names."""

    def __init__(self, native: ThreeCardSimulator, names: list[list[str]]):
        self.native, self.names = native, names

    def run(self, rounds: int) -> None:
        self.native.run(rounds)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for row, row_names in zip(self.native.counts(), self.names, strict=True):
            for count, name in zip(row, row_names, strict=True):
                if count:
                    out[name] = out.get(name, 0) + count
        return out


def simulator(rules: ThreeCardRules, strategy: str, seed: int, qualify: int | None = None
              ) -> NamedThreeCardSimulator:
    """A fresh seeded simulator of a named strategy.

    ``qualify`` overrides the dealer's qualifier (tests use it to build a wrong simulator)."""
    written = strategy_table(rules, strategy)
    solution = solve(rules, game_counts(rules), written)
    native = rules.ranking.native
    keys = rules.pay_classes
    classes = bytes(keys.index(klass) for klass in rules.pay_class_of)
    simulation = ThreeCardSimulator(seed, native, rules.qualify if qualify is None else qualify,
                                    bool(rules.upcards), classes, -1, _decisions(solution) if written is None else None,
                                    None if written is None else written.data)
    names = [[outcome_name(solution, klass, result) for result in range(len(RESULTS))]
             for klass in keys[:max(classes) + 1]]
    return NamedThreeCardSimulator(simulation, names)
