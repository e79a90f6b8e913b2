"""The Ultimate Three Card Poker simulator (ext/ultimate_simulate.pyx): a strategy's decisions played
at random, counted under the analysis' outcome names.

Everything about the rules comes from the solver: the ranking and the qualifier, the action of
every situation (the optimal one: the solved rows' actions spread over every (hand, upcard) by
three.spread_decisions, which counts each situation again with the kernel's formulas; a named
strategy: its table per upcard rank and strength), the hand class of every strength, and the
name of every cell of the tally, which is the name of the row the analysis counts it in.

>>> from oddscalc.engines.three_card.ultimate import UltimateRules, solve
>>> from oddscalc.engines.three_card.ultimate_strategy import strategy_table
>>> rules = UltimateRules()
>>> sim = simulator(rules, 7, strategy_table(rules, "always-1x"))
>>> sim.run(1000)
>>> counts = sim.counts()
>>> sum(counts.values()), counts.get("fold", 0)
(1000, 0)
"""
from __future__ import annotations

from dataclasses import dataclass

from oddscalc._native import three
from oddscalc._native.ultimate_simulate import UltimateSimulator
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate import (
    ENDINGS,
    FOLD,
    Solved,
    UltimateRules,
    hand_class,
    outcome_name,
    strategy_index,
)

SEE = 255          # in a strategy table: the situation's own action decides (ext/ultimate_simulate.pyx)


@dataclass(frozen=True)
class OptimalActions:
    """The optimal action of every situation of the full deck as the simulator reads it: a byte per
    (upcard rank, strength) where all their situations take one action, else ``SEE``; and a byte
    per situation (7.3 MB with an upcard), read only there."""
    by_strength: bytes
    by_situation: bytearray


def optimal_actions(solved: Solved) -> OptimalActions:
    """The actions of a solve of the full deck, spread over its situations by three.spread_decisions
    (which counts each situation again with the kernel's formulas and finds its row)."""
    rules, c = solved.rules, solved.columns
    if sum(c["weight"]) != 22100 * (49 if rules.dealer_upcards else 1):
        raise ValueError("the situations of the full deck are needed")
    ranking = ThreeCardRanking()
    n = ranking.native.n_strengths
    keys = three.group_keys(c["up_rank"], c["strength"], c["not_qualify"], c["dealer_wins"], c["tie"])
    splits = [(dw << 16) | tie for dw, tie in zip(c["nq_dealer_wins"], c["nq_tie"], strict=True)]
    order = sorted(range(len(keys)), key=lambda i: (keys[i], splits[i]))
    situations = three.spread_decisions(ranking.native, qualifier_strength(rules.qualifier, ranking),
                                        bool(rules.dealer_upcards), [keys[i] for i in order],
                                        bytes(solved.choices[i] for i in order), [splits[i] for i in order])
    by_strength = bytearray([SEE]) * ((13 if rules.dealer_upcards else 1) * n)
    seen: dict[int, set[int]] = {}
    for up, strength, choice in zip(c["up_rank"], c["strength"], solved.choices, strict=True):
        seen.setdefault(strategy_index(rules, up, strength, n), set()).add(choice)
    for index, choices in seen.items():
        if len(choices) == 1:
            by_strength[index] = choices.pop()
    return OptimalActions(bytes(by_strength), situations)


class NamedUltimateSimulator:
    """The native simulator with its tally named by the analysis' outcome names."""

    def __init__(self, native: UltimateSimulator, names: list[list[list[str]]]):
        self.native, self.names = native, names

    def run(self, rounds: int) -> None:
        self.native.run(rounds)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for per_class, class_names in zip(self.native.counts(), self.names, strict=True):
            for per_action, action_names in zip(per_class, class_names, strict=True):
                for count, name in zip(per_action, action_names, strict=True):
                    if count:
                        out[name] = out.get(name, 0) + count
        return out


def simulator(rules: UltimateRules, seed: int, strategy: bytes | None = None,
              optimal: OptimalActions | None = None, qualify: str | None = None) -> NamedUltimateSimulator:
    """A fresh seeded simulator: of a strategy table (see ``ultimate.strategy_index``), or of the
    ``optimal`` actions.  ``qualify`` overrides the dealer's qualifier (tests use it to build a
    wrong simulator)."""
    if (strategy is None) == (optimal is None):
        raise ValueError("a strategy table or the optimal actions, one of the two")
    ranking = ThreeCardRanking()
    n = ranking.native.n_strengths
    classes = sorted({hand_class(ranking, s, n - 1) for s in range(n)})
    class_of = bytes(classes.index(hand_class(ranking, s, n - 1)) for s in range(n))
    actions = rules.actions.points[0].actions
    native = UltimateSimulator(seed, ranking.native, qualifier_strength(qualify or rules.qualifier, ranking),
                               bool(rules.dealer_upcards), class_of, len(actions),
                               None if optimal is None else optimal.by_situation,
                               strategy if optimal is None else optimal.by_strength)
    names = [[[FOLD, *(outcome_name(action, ending, klass) for ending in ENDINGS)] for action in actions]
             for klass in classes]
    return NamedUltimateSimulator(native, names)
