"""Three-card games against the dealer (engine ``three-card``): Fast Poker, Caribbean Fast Poker,
Three Card Poker.  Bet (or Ante), see three cards, then play (a Play stake) or fold; the dealer
qualifies with a set hand; an optional Bonus on the player's hand, which a fold forfeits.

Rules (``rules``) → counts per situation (``counts``, ext/three.pyx) → the optimal decisions and
their tallies (``solve``) → outcome tables (``outcomes``); one hand (``decide``); the strategy
as players use it (``strategy``); reports (``report``); the simulator (``simulate``).

>>> from oddscalc.engines.base import load
>>> ENGINE.analyze(load("three-card-poker")).expected_return
Fraction(-686689, 20358520)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import HandRank, ThreeCardRanking, rank_hand
from oddscalc.core.gametable import GameTable
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.reads import parse_reads
from oddscalc.engines.three_card import decide, report, simulate, strategy
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.outcomes import analyses, game_analysis
from oddscalc.engines.three_card.rules import RULE_SPECS, ThreeCardRules, three_card_rules
from oddscalc.engines.three_card.solve import Solution, solve
from oddscalc.report.model import Report

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your three cards", counts=(3,), required=True, metavar="CARDS"),
    Input("up", "cards", "the dealer's face-up card, in games that show one", counts=(1,), metavar="CARD"),
    Input("seen", "cards", "other dealer cards seen (a flashed card): in the dealer's hand", counts=(0, 1, 2, 3),
          metavar="CARDS"),
    Input("reads", "text", "dealer cards read by rank class only, '|' between cards ('K Q J' a picture, "
          "'K Q J|A')", metavar="RANKS"),
    Input("dead", "cards", "other cards you can see (other boxes, a flashed burn card), out of the deck",
          metavar="CARDS"),
))


class ThreeCardEngine(base.FamilyBase, base.ExposureFromModule):
    """The family of three-card games against a qualifying dealer: exact analysis, decide,
    strategies, a simulator, exposure."""

    decide_inputs = DECIDE_INPUTS
    exposure_module = "oddscalc.engines.three_card.exposure"
    # the dealer hand's dimensions, and reads of a partition into more classes ('A|K Q J|*')
    exposure_prices = frozenset({"dealer_cards", "boxes", "sorted_ranks", "sorted_classes"})

    def __init__(self) -> None:
        super().__init__("three-card", RULE_SPECS, strategies=strategy.STRATEGIES)

    def validate(self, table: GameTable) -> None:
        three_card_rules(table)

    def _solved(self, table: GameTable, strategy_name: str) -> tuple[ThreeCardRules, Solution]:
        rules = three_card_rules(table)
        written = strategy.strategy_table(rules, strategy_name)
        return rules, solve(rules, game_counts(rules), written)

    def parse_strategy(self, table: GameTable, text: str) -> base.NamedStrategy:
        return strategy.parse_strategy(three_card_rules(table), text)

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        """The whole wager (Bet + Play, and the Bonus at the table's ratio when one is staked)."""
        return game_analysis(self._solved(table, strategy_name)[1])

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """The Bet (or Ante) and Play; the Bonus and the two together when a Bonus is staked; side bets."""
        rules, solution = self._solved(table, strategy_name)
        unit = table.unit
        side = {t.name for t in rules.side_bets}
        bonus = {rules.bonus.name} if rules.bonus is not None else set()
        main = tuple(t.name for t in table.paytables if t.name not in side | bonus)
        titles = {"main": (f"{unit.capitalize()} and Play, per {unit}", False, main),
                  "bonus": ("Bonus, per Bonus stake", True, tuple(bonus)),
                  "combined": (f"{unit.capitalize()}, Play and Bonus together, per {unit} (the wager includes "
                               "the Bonus)", False, main + tuple(bonus))}
        out = []
        for key, analysis in analyses(solution).items():
            title, is_side, paytables = titles.get(key, (f"side bet {key}, per {key} stake", True, (key,)))
            out.append(base.Wager(key, title, analysis, is_side, paytables))
        return tuple(out)

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyChart:
        rules, solution = self._solved(table, strategy_name)
        return strategy.chart(rules, solution)

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return report.analysis_report_of(three_card_rules(table))

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        upcard = situation.cards("up")[0] if situation.cards("up") else None
        return (decide.decide(three_card_rules(table), situation.cards("hand"), upcard, situation.cards("dead"),
                              situation.cards("seen"), parse_reads(situation.text("reads"))),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        return report.decision_report(three_card_rules(table), self.decide_inputs, situation, decisions)

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        rules = three_card_rules(table)
        if price is not None:
            return report.price_report(rules, strategy.parse_strategy(rules, price))
        return report.strategy_report(rules, compare)

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        return simulate.simulator(three_card_rules(table), strategy_name, seed)

    def three_card_ranking(self, table: GameTable) -> ThreeCardRanking:
        return three_card_rules(table).ranking

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        if len(cards) != 3:
            raise InputError(f"{table.name} ranks three-card hands, not {len(cards)} cards")
        rules = three_card_rules(table)
        hand = rank_hand(cards, self.three_card_ranking(table))
        if not table.classes:
            return hand
        classes = rules.classes
        if classes.by_hand is not None:
            chain = classes.by_hand.chains[classes.hand_row(hand.strength, cards)]
        else:
            chain = classes.by_strength.chains[hand.strength]
        return replace(hand, hand_class=chain[0]) if chain else hand


ENGINE = ThreeCardEngine()

if TYPE_CHECKING:
    # a type checker proves that ENGINE ranks three-card hands as the batch ranking reads them
    _RANKS: base.RanksThreeCards = ENGINE
