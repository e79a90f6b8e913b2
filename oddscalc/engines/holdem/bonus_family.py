"""Texas Hold'em Bonus as a built-in game (engine ``holdem-bonus``, tables/texas-holdem-bonus.toml):
every stage solved exactly over every deal (``engines/holdem_stages``), read and reported here.

>>> base.capabilities(ENGINE)
('exact analysis', 'decide', 'strategy', 'simulate', 'exposure')
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, pay_text
from oddscalc.engines import base
from oddscalc.engines.charts import StrategyCharts
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.inputs import Input, Inputs, Situation
from oddscalc.engines.reads import parse_reads
from oddscalc.report.analysis import analysis_data, metrics_table, outcome_table
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

from . import bonus_decide
from .bonus import (
    ANTE,
    BONUS,
    NAME,
    RULE_SPECS,
    BonusGame,
    bonus_analysis,
    charts,
    main_analysis,
    play,
    simulator,
)
from .bonus_strategies import STRATEGIES
from .rules import CATEGORIES, WAGER_LESS, WAGER_MORE
from .staged_report import WORK_INPUTS, strategies_report, work_of
from .ultimate_family import DEALER_CARD_CASES

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your two hole cards", counts=(2,), required=True, metavar="CARDS"),
    Input("board", "cards", "the community cards turned: none (preflop), the flop (3) or the flop and the turn (4)",
          counts=(0, 3, 4), metavar="CARDS"),
    Input("turn_wager", "flag", "at the turn: you made the Turn wager at the flop"),
    Input("seen", "cards", "the dealer's hole cards seen (a flashed card): one or both, at the flop or later",
          counts=(0, 1, 2), metavar="CARDS"),
    Input("reads", "text", "dealer hole cards read by rank class only, '|' between cards ('K Q J' a picture, "
          "'K Q J|A')", metavar="RANKS"),
    Input("dead", "cards", "other cards you can see (other players' cards, a flashed burn card), out of the deck",
          metavar="CARDS"),
))


def game_line(game: BonusGame) -> str:
    fm = game.rules.flop_multiple
    return (f"{game.game.title}: Ante; preflop fold (losing it) or the Flop wager of {fm}x, at the flop check or "
            f"the Turn wager of 1x, at the turn check or the River wager of 1x; no dealer qualifier; a win pays "
            f"those wagers 1 to 1 and the Ante by its table (it pushes below); a tie pushes; the Bonus is settled "
            f"on the two hole cards whatever the player does.")


def tie_note(game: BonusGame) -> str:
    more = game.rules.wager_more
    return (f"On equal expectations the action that wagers {'more' if more else 'less'} is taken (rules.tie_break "
            f"= {WAGER_MORE if more else WAGER_LESS}): it changes the average wager, never the expected return.")


def paytables_table(game: GameTable) -> Table:
    ante = game.paytable(ANTE)
    rows = tuple((hand, pay_text(ante.listed(hand), ante.basis) if hand in ante.pays else "push")
                 for hand in CATEGORIES)
    return Table("paytable ante (to one, on a win)", ("hand", ANTE), rows)


def bonus_table(game: GameTable) -> Table:
    bonus = game.paytable(BONUS)
    return Table("paytable bonus (to one; unlisted hands lose)", ("hand", BONUS),
                 tuple((hand, pay_text(pay, bonus.basis)) for hand, pay in bonus.pays.items()))


def analysis_report(game: BonusGame) -> Report:
    main, side = main_analysis(game.game), bonus_analysis(game.game)
    tables = [paytables_table(game.game), bonus_table(game.game),
              outcome_table(side, f"side bet {BONUS} outcomes (per {BONUS} stake; the two hole cards)"),
              metrics_table(side, f"side bet {BONUS} metrics")]
    data: dict[str, object] = {"flop_multiple": game.rules.flop_multiple,
                               "tie_break": WAGER_MORE if game.rules.wager_more else WAGER_LESS,
                               "side_bets": {BONUS: analysis_data(side)}}
    notes = (game_line(game), tie_note(game),
             f"Figures are per Ante; per total wager divide by the average wager "
             f"({decimal_text(main.average_wager, 6)} Antes).")
    return standard_report(f"{game.game.title}: exact return under optimal play, every stage ({main.total:,} deals)",
                           main, tables, data, notes)


class BonusHoldemEngine(base.ExposureFromModule, base.FamilyBase):
    """Texas Hold'em Bonus: exact analysis, decide at every stage, the preflop chart and simple strategies,
    the dealer's hole cards seen or read (exposure)."""

    decide_inputs = DECIDE_INPUTS
    # the full-deck solution takes 20-30 s and about 2.2 GB the first time in a process
    heavy_analysis = True
    exposure_module = "oddscalc.engines.holdem.bonus_exposure"
    # the dealer's hole cards seen or read before the preflop decision; other players' cards: decide --dead
    exposure_prices = frozenset({"dealer_cards", "sorted_ranks", "sorted_classes"})
    # a situation with dealer cards seen is priced in about 0.1 s: small chunks time a run quickly
    exposure_chunk_situations = 8
    # counted over every class (minutes for one card seen or read, about an hour and a half for both
    # seen): --samples N asks for an estimate instead
    exposure_sampled_on_request = DEALER_CARD_CASES

    def __init__(self) -> None:
        super().__init__(NAME, RULE_SPECS, analysis_inputs=WORK_INPUTS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        BonusGame.of(table)

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        return main_analysis(table, self.parse_strategy(table, strategy_name).name)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """Ante and the wagers made, per Ante; the Bonus per its own stake."""
        return (base.Wager("main", f"Ante and wagers, per {table.unit}", self.analyze(table, strategy_name),
                           paytables=(ANTE,)),
                base.Wager(BONUS, f"side bet {BONUS}, per {BONUS} stake", bonus_analysis(table), True, (BONUS,)))

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        play(table, work_of(situation))
        return analysis_report(BonusGame.of(table))

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        return (bonus_decide.decide(BonusGame.of(table), situation.cards("hand"), situation.cards("board"),
                                    situation.cards("dead"), situation.flag("turn_wager"), situation.cards("seen"),
                                    parse_reads(situation.text("reads"))),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        game = BonusGame.of(table)
        wording = Wording(table.unit, "completions (the cards still to come and the dealer's holding)",
                          "if you wager now: outcomes over the cards to come and the dealer holdings (per Ante)",
                          (Fact("stage", "stage"), Fact("outcomes shown are of", "outcomes_of"),
                           Fact("the River wager", "river_wager"), Fact("Antes wagered before", "wagers_made")),
                          (game_line(game), tie_note(game)))
        return shared_report(table, self.decide_inputs, situation, decisions, wording)

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        """The native simulator of a strategy: the analysis' own Flop and Turn wagers, the River wager
        by the strategy's rule or decided per round over the river cards and dealer holdings (the
        Bonus is not simulated)."""
        return simulator(table, self.parse_strategy(table, strategy_name).name, seed)

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyCharts:
        self.parse_strategy(table, strategy_name)
        return charts(table)

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        named = None if price is None else self.parse_strategy(table, price)
        return strategies_report(table, lambda: self.strategy_chart(table), lambda name: main_analysis(table, name),
                                 STRATEGIES, named, compare, "bet", "check or fold")


ENGINE = BonusHoldemEngine()

if TYPE_CHECKING:
    _DECLARED: tuple[base.Family, base.ExactAnalysis, base.Decides, base.Strategies, base.Simulates,
                     base.Exposes] = (ENGINE,) * 6
