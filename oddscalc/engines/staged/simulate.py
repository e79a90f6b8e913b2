"""The staged simulator (ext/staged_simulate.pyx): a strategy's decisions played at random.

Everything about the game comes from the engine: the stages and their options from the rules,
the pay class of every five-card strength from the paytable's layout, and every decision from the
exact solution of the strategy (``solve.stage_choices``: the option the kernel's backward
induction takes at each set of cards seen and units in action; a named strategy's solution holds
its fixed option everywhere).  So the simulator plays exactly the strategy that was analysed, and
names each cell of its tally as the analysis names the row it counts in (``solve.fold_name``,
``solve.final_name``), so ``check`` compares the two.  Side bets are not simulated: ``check``
compares the main wager's outcomes.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.solve import analyze
>>> rules = StagedRules.of(load("mississippi-stud"))
>>> sim = simulator(rules, "optimal", 7)
>>> sim.run(1000)
>>> counts = sim.counts()
>>> sum(counts.values()), set(counts) <= {row.outcome for row in analyze(rules).outcomes}
(1000, True)
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc._native.staged_simulate import StagedSimulator
from oddscalc.engines.staged.paytable import pay_layout
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.solve import final_name, fold_name, stage_choices


class NamedStagedSimulator:
    """The native simulator with its tally named by the analysis' outcome names."""

    def __init__(self, rules: StagedRules, native: StagedSimulator):
        self.rules, self.native = rules, native

    def run(self, rounds: int) -> None:
        self.native.run(rounds)

    def counts(self) -> dict[str, int]:
        layout = pay_layout(self.rules.game)
        out = {fold_name(self.rules, stage, units): count for stage, units, count in self.native.folds()}
        out.update((final_name(layout, klass, units), count) for klass, units, count in self.native.outcomes())
        return out


def simulator(rules: StagedRules, strategy_name: str, seed: int, written: Sequence[str] = ()) -> NamedStagedSimulator:
    """A fresh seeded simulator of a strategy (a name the family's ``parse_strategy`` accepted, and
    a written strategy's rules)."""
    layout = pay_layout(rules.game)
    stages = rules.stages
    native = StagedSimulator(seed, [s.seen for s in stages], [[o.delta for o in s.options] for s in stages],
                             [[o.fold for o in s.options] for s in stages], rules.initial_units,
                             stage_choices(rules, strategy_name, written), layout.class_map, len(layout.names))
    return NamedStagedSimulator(rules, native)
