"""Staged paytable games without a dealer hand (engine ``staged``): Mississippi Stud, Let It Ride.

The player's cards and community cards make one five-card hand, paid by a paytable per unit in
action; at each stage, as the community cards are turned, the player folds, raises or pulls a bet
back.  The game file gives the stages as data (``rules``); the kernel (ext/staged.pyx, ``solve``)
solves every stage exactly by backward induction and counts the deals; one situation is priced
by ``decide``; the side bets on three cards by ``side``; the reports by ``report``; rounds played
at random under a solved strategy by ``simulate``; community cards seen early (whole or sorted) by
``exposure``.

>>> base.capabilities(ENGINE)
('exact analysis', 'decide', 'strategy', 'simulate', 'exposure')
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.core.strategies import is_strategy_path
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyCharts
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.staged import decide, report, side, simulate, solve, strategy, strategy_rules
from oddscalc.engines.staged.rules import MAX_UNITS, RULE_SPECS, StagedRules
from oddscalc.report.model import Report

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your own cards (two in Mississippi Stud, three in Let It Ride)", counts=(1, 2, 3, 4),
          required=True, metavar="CARDS"),
    Input("board", "cards", "the community cards turned so far, in the order turned (they say the stage)",
          metavar="CARDS"),
    Input("dead", "cards", "other cards you can see (other players' cards, a flashed burn card), out of the deck",
          metavar="CARDS"),
    Input("units", "integer", "the units in action now (default: what the optimal play of the earlier stages "
          "put in action)", low=1, high=MAX_UNITS, metavar="N", example="3"),
))


class StagedEngine(base.FamilyBase, base.ExposureFromModule):
    """Staged paytable games: exact analysis, decide at any stage, the strategy at every stage,
    simulation, community cards seen early."""

    decide_inputs = DECIDE_INPUTS
    exposure_module = "oddscalc.engines.staged.exposure"
    # community cards seen whole, sorted by a set or read by classes; other players' cards: decide --dead
    exposure_prices = frozenset({"board_cards", "sorted_ranks", "sorted_classes"})

    def __init__(self) -> None:
        super().__init__("staged", RULE_SPECS, strategies=solve.STRATEGIES)

    def validate(self, table: GameTable) -> None:
        StagedRules.of(table)                 # reads and checks everything, once per table

    # --- exact analysis -------------------------------------------------------------------------

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        named = self.parse_strategy(table, strategy_name)
        return solve.analyze(StagedRules.of(table), named.name, named.rules)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """The wager in action (Ante and raises, or the bets let ride), then each side bet per its
        own stake."""
        rules = StagedRules.of(table)
        main = base.Wager("main", f"the wager in action, per {table.unit}", self.analyze(table, strategy_name),
                          paytables=(table.main_paytable,))
        return (main, *(base.Wager(bet.table.name, f"side bet {bet.table.name}, per {bet.table.name} stake",
                                   side.side_analysis(rules, bet), True, (bet.table.name,))
                        for bet in rules.side_bets))

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return report.analysis_report(StagedRules.of(table))

    # --- decide ---------------------------------------------------------------------------------

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        return (decide.decide(StagedRules.of(table), situation.cards("hand"), situation.cards("board"),
                              situation.cards("dead"), situation.integer("units")),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        return report.decision_report(StagedRules.of(table), self.decide_inputs, situation, decisions)

    # --- strategies -----------------------------------------------------------------------------

    def strategies(self, table: GameTable) -> tuple[base.NamedStrategy, ...]:
        return solve.strategies(StagedRules.of(table))

    def parse_strategy(self, table: GameTable, text: str) -> base.NamedStrategy:
        """A built-in name, a strategy file or rules in the staged strategy language (a rule has
        spaces: one word is a name, and a misspelt one gets the nearest)."""
        rules, named = StagedRules.of(table), self.strategies(table)
        if " " not in text.strip() and not is_strategy_path(text.strip()):
            return base.strategy_named(named, text.strip(), table.name)
        return base.find_strategy(named, text, table,
                                  lambda written: strategy_rules.parse(rules, written))

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyCharts:
        """Every stage's decisions, a chart each."""
        return strategy.charts(StagedRules.of(table), self.parse_strategy(table, strategy_name))

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        named = None if price is None else self.parse_strategy(table, price)
        return strategy.strategy_report(StagedRules.of(table), compare, named)

    # --- simulation -----------------------------------------------------------------------------

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        """Seeded rounds under a strategy's solved decisions, counted under the analysis' names."""
        named = self.parse_strategy(table, strategy_name)
        return simulate.simulator(StagedRules.of(table), named.name, seed, named.rules)


ENGINE = StagedEngine()

if TYPE_CHECKING:
    # a type checker proves that ENGINE provides, signature by signature, what it declares
    _DECLARED: tuple[base.Family, base.ExactAnalysis, base.Decides, base.Strategies, base.Simulates,
                     base.Exposes] = (ENGINE,) * 6
