"""A toy game family kept outside the package (engine ``toy-two-card``): the worked example of
docs/new-family.md, and the tests' proof that a family is added without editing the package.

Two cards each from a 20-card deck (tens to aces); the player sees his two and the dealer's upcard,
then folds (losing the ante) or raises 1 to ``max_raise`` antes; the dealer qualifies with
``dealer_qualifies`` or better; the raise is paid by the ``raise`` paytable (pair, high card).

Rules (``rules``: the typed game, built once per table) → the ranking (``ranking``: the family's
own) → counts of every deal (``counts``) → a strategy's exact outcome table (``solve``) → reports
(``report``).  It declares an exact analysis, decide (with an input no built-in family has,
``--seen-burn``) and strategies; it has no simulator and no exposure, and says why.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from oddscalc.core.economics import Analysis
from oddscalc.core.evaluate import HandRank
from oddscalc.core.gametable import GameTable
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.report.model import Report

from . import report
from .counts import best, situation_counts
from .ranking import check_cards, rank
from .rules import RULE_SPECS, ToyRules, action_name
from .solve import STRATEGIES, analysis, outcome_rows

NAME = "toy-two-card"
DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your two cards", counts=(2,), required=True, metavar="CARDS"),
    Input("up", "cards", "the dealer's face-up card", counts=(1,), required=True, metavar="CARD"),
    # no built-in family has it: the command line gains --seen-burn for this family's games only
    Input("seen_burn", "cards", "a burned card you saw (out of the deck)", counts=(1,), metavar="CARD"),
))


class ToyEngine(base.FamilyBase):
    """Two-card high card against a qualifying dealer: exact analysis, decide, strategies."""

    decide_inputs = DECIDE_INPUTS
    # what the tools say when asked for a capability the family lacks (Capability.of reads it): the
    # default reasons would be untrue here (exposure's says no decision depends on what is seen)
    unavailable = {"simulate": "a toy game is priced exactly over its 58,140 deals and has no simulator",
                   "exposure": "what the player sees beyond his cards is priced by decide (--up, --seen-burn)"}

    def __init__(self) -> None:
        super().__init__(NAME, RULE_SPECS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        ToyRules.of(table)                  # reads and checks everything, once per table

    # --- exact analysis -------------------------------------------------------------------------

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        named = self.parse_strategy(table, strategy_name)
        return analysis(ToyRules.of(table), named.name)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        return (base.Wager("main", f"Ante and raise, per {table.unit}", self.analyze(table, strategy_name),
                           paytables=(table.main_paytable,)),)

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return report.analysis_report(ToyRules.of(table))

    # --- decide ---------------------------------------------------------------------------------

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        rules = ToyRules.of(table)
        hand, (up,), burn = situation.cards("hand"), situation.cards("up"), situation.cards("seen_burn")
        for what, cards in (("your card", hand), ("the upcard", (up,)), ("the burned card", burn)):
            check_cards(cards, what, table.name)
        counts = situation_counts(rules.qualify, hand, up, burn)
        choice, values = best(rules, counts)
        # the outcomes shown are the best raise's (the continuing action), whatever is chosen
        shown = max(rules.raises, key=lambda k: (values[k], -k))
        return (base.Decision(action_name(choice), {action_name(k): v for k, v in values.items()}, counts.total,
                              outcomes=tuple(outcome_rows(rules, counts, shown)),
                              facts={"outcomes_of": action_name(shown)}),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        return report.decision_report(ToyRules.of(table), self.decide_inputs, situation, decisions)

    # --- strategies -----------------------------------------------------------------------------

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyChart:
        return report.chart(ToyRules.of(table), self.parse_strategy(table, strategy_name).name)

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        named = None if price is None else self.parse_strategy(table, price)
        return report.strategy_report(ToyRules.of(table), compare, named)

    # --- the family's ranking -------------------------------------------------------------------

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        return rank(cards, table.name)


ENGINE = ToyEngine()

if TYPE_CHECKING:
    # a type checker run over this package proves that ENGINE provides, signature by signature,
    # every protocol it declares (at run time isinstance checks the names only)
    _DECLARED: tuple[base.Family, base.ExactAnalysis, base.Decides, base.Strategies] = (ENGINE,) * 4
