"""Caribbean Stud and Live Caribbean Stud (engine ``stud5``): five cards, one dealer upcard,
fold or Call; the dealer qualifies with ace-king.

Counts (``counts``, ext/stud.pyx) → a strategy's totals → the analysis (``solve``); one
situation (``decide``); strategies and their rules of thumb (``strategy``; the ace-king rules in
words with their card-removal exceptions, ``ace_king``); reports
(``report``); the simulator (``simulate``).  The side bets on the player's cards are the
``stud5-side`` engine (``side_bets``).

>>> from oddscalc.engines.base import load
>>> ENGINE.analyze(load("caribbean-stud")).total
19933230517200
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from oddscalc.core.classes import check_class_names
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import HandRank
from oddscalc.core.gametable import GameTable
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES, category_map, refuse_suits_on_five
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.reads import parse_reads
from oddscalc.engines.stud import attached, decide, report, simulate, solve, strategy
from oddscalc.engines.stud.ace_king import ace_king_rules
from oddscalc.engines.stud.counts import PAYABLE, PAYOUT_CLASSES, call_layout, call_map, class_counts
from oddscalc.engines.stud.rules import RULE_SPECS, StudRules
from oddscalc.report.model import Report

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your five cards", counts=(5,), required=True, metavar="CARDS"),
    Input("up", "cards", "the dealer's face-up card", counts=(1,), required=True, metavar="CARD"),
    Input("seen", "cards", "dealer cards seen beside the upcard (a flashed hole card): in the dealer's hand",
          counts=(0, 1, 2, 3, 4), metavar="CARDS"),
    Input("reads", "text", "dealer cards read by rank class only, '|' between cards ('K Q J' a picture, "
          "'K Q J|A')", metavar="RANKS"),
    Input("dead", "cards", "other cards you can see (other boxes, a flashed burn card), out of the deck",
          metavar="CARDS"),
))


class StudEngine(base.FamilyBase, base.ExposureFromModule):
    """The family of five-card stud games against a dealer with one upcard: exact analysis,
    decide, strategies, a simulator, exposure."""

    decide_inputs = DECIDE_INPUTS
    exposure_module = "oddscalc.engines.stud.exposure"
    # the dealer hand's dimensions, and sorted cards read in a partition into more classes ('A|K Q J|*')
    exposure_prices = frozenset({"dealer_cards", "boxes", "sorted_ranks", "sorted_classes"})

    def __init__(self) -> None:
        super().__init__("stud5", RULE_SPECS, strategies=strategy.STRATEGIES)

    def validate(self, table: GameTable) -> None:
        side = StudRules.of(table).side_bets
        table.check_paytables([table.main_paytable, *side], side)
        where = f"table '{table.name}'"
        check_class_names(table.classes, (*PAYOUT_CLASSES, *FIVE_CARD_CATEGORIES), where)
        refuse_suits_on_five(table.classes, where)       # cheap: no hand is evaluated
        table.check_categories(table.main_paytable, (*PAYABLE, *(k.name for k in table.classes)))
        if table.paytable().settlement:
            raise InputError(f"{where}: paytables.{table.main_paytable} is the Call's: hand, when and paid_on "
                             "are for side bets")
        attached.side_bets(table)
        call_layout(table)

    def parse_strategy(self, table: GameTable, text: str) -> base.NamedStrategy:
        return strategy.parse_strategy(table, text)

    def _solved(self, table: GameTable, strategy_name: str) -> solve.StudResult:
        named = strategy.parse_strategy(table, strategy_name)
        if named.name == base.OPTIMAL:
            return solve.analyze(table)
        classes = class_counts(StudRules.of(table).qualify_strength)
        return solve.analyze(table, strategy.strategy_calls(table, classes, named))

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        return self._solved(table, strategy_name).analysis

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """The Ante and Call, then each side bet (``[rules] side_bets``) per its own stake."""
        main = base.Wager("main", f"Ante and Call, per {table.unit}", self.analyze(table, strategy_name),
                          paytables=(table.main_paytable,))
        return (main, *(base.Wager(name, f"side bet {name}, per {name} stake", analysis, True, (name,))
                        for name, analysis in attached.analyses(table).items()))

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyChart:
        result = self._solved(table, strategy_name)
        classes = class_counts(StudRules.of(table).qualify_strength)
        return strategy.chart(classes, result.calls, ace_king_rules(classes, result.calls))

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return report.analysis_report(table)

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        (upcard,) = situation.cards("up")
        return (decide.decide(table, situation.cards("hand"), upcard, situation.cards("dead"),
                              situation.cards("seen"), parse_reads(situation.text("reads"))),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        return report.decision_report(table, self.decide_inputs, situation, decisions)

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        if price is not None:
            return report.price_report(table, strategy.parse_strategy(table, price))
        return report.strategy_report(table, compare)

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        return simulate.simulator(table, strategy_name, seed)

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        hand = base.rank_five(table, cards)
        if not table.classes:
            return hand
        chain = call_map(table).chains[hand.strength]
        side = category_map(table).chains[hand.strength]
        return replace(hand, hand_class=(chain or side or ("",))[0])


ENGINE = StudEngine()
