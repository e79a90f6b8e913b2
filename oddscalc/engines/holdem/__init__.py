"""Hold'em against the dealer on the board kernel (engine ``holdem``): Casino Hold'em.

The player's two cards, the dealer's two and five community cards; at the flop the player folds
or calls.  The game file's rules and paytables are read once per table (``rules``); the board
kernel (ext/holdem.pyx, through ``engines/holdem_counts``) counts every deal and takes the better
action at every (holding, flop) exactly (``analysis``); one situation is priced by ``decide``; the
reports by ``report``.  docs/casino-holdem.md says what is priced.

>>> base.capabilities(ENGINE)
('exact analysis', 'decide', 'strategy', 'simulate', 'exposure')
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyCharts
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.reads import parse_reads
from oddscalc.report.model import Report

from . import analysis, decide, exposure, report, strategy
from .casino_strategies import STRATEGIES
from .rules import AA_BONUS, ANTE, RULE_SPECS, HoldemGame
from .staged_report import strategies_report

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your two cards", counts=(2,), required=True, metavar="CARDS"),
    Input("flop", "cards", "the three flop cards", counts=(3,), required=True, metavar="CARDS"),
    Input("seen", "cards", "the dealer's hole cards seen (a flashed card): one or both", counts=(0, 1, 2),
          metavar="CARDS"),
    Input("reads", "text", "dealer hole cards read by rank class only, '|' between cards ('K Q J' a picture, "
          "'K Q J|A')", metavar="RANKS"),
    Input("dead", "cards", "other cards you can see (other players' cards, a flashed burn card), out of the deck",
          metavar="CARDS"),
))


class HoldemEngine(base.FamilyBase):
    """Casino Hold'em: exact analysis and decide."""

    decide_inputs = DECIDE_INPUTS
    # the full-deck analysis takes 9-20 s and about 1.5 GB the first time in a process (the flop
    # counts are kept after that): tests that analyse every built-in game run it in the slow suite
    heavy_analysis = True
    # what the player may see beyond the flop at his decision (counted exactly over every deal): the
    # dealer's hole cards, seen whole or read by class, the turn; other players' cards: decide --dead
    exposure_prices = frozenset({"dealer_cards", "board_cards", "sorted_ranks", "sorted_classes"})

    def __init__(self) -> None:
        super().__init__("holdem", RULE_SPECS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        HoldemGame.of(table)                  # reads and checks everything, once per table

    # --- exact analysis -------------------------------------------------------------------------

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        return analysis.main_analysis(table, self.parse_strategy(table, strategy_name).name)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """The Ante and Call per Ante, then the AA Bonus per its own stake."""
        return (base.Wager("main", f"Ante and Call, per {table.unit}", self.analyze(table, strategy_name),
                           paytables=(ANTE,)),
                base.Wager(AA_BONUS, "side bet aa-bonus, per aa-bonus stake", analysis.bonus_analysis(table), True,
                           (AA_BONUS,)))

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return report.analysis_report(HoldemGame.of(table))

    # --- decide ---------------------------------------------------------------------------------

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        return (decide.decide(HoldemGame.of(table), situation.cards("hand"), situation.cards("flop"),
                              situation.cards("dead"), situation.cards("seen"), parse_reads(situation.text("reads"))),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        return report.decision_report(HoldemGame.of(table), self.decide_inputs, situation, decisions)


    # --- exposure ---------------------------------------------------------------------------------

    def exposure(self, table: GameTable, seen: base.Seen, workers: int | None = None,
                 scheduler: str | None = None) -> base.Exposure | None:
        return exposure.exposure(table, seen, workers, scheduler)

    def exposure_chunk(self, table: GameTable, seen: base.Seen, seed: int, chunk: int, size: int) -> base.GainSample:
        return exposure.exposure_chunk(table, seen, seed, chunk, size)

    # --- simulate ---------------------------------------------------------------------------------

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        """The native simulator of the optimal play: the kernel's own call or fold at every flop (the AA
        Bonus is not simulated)."""
        return analysis.simulator(table, seed, self.parse_strategy(table, strategy_name).name)

    # --- strategy ---------------------------------------------------------------------------------

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyCharts:
        self.parse_strategy(table, strategy_name)
        return strategy.charts(table)

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        named = None if price is None else self.parse_strategy(table, price)
        return strategies_report(table, lambda: self.strategy_chart(table),
                                 lambda name: analysis.main_analysis(table, name), STRATEGIES, named, compare,
                                 "call", "fold")


ENGINE = HoldemEngine()

if TYPE_CHECKING:
    # a type checker proves that ENGINE provides, signature by signature, what it declares
    _DECLARED: tuple[base.Family, base.ExactAnalysis, base.Decides, base.Strategies, base.Simulates,
                     base.Exposes] = (ENGINE,) * 6
