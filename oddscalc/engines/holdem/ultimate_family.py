"""Ultimate Texas Hold'em as a built-in game (engine ``holdem-ultimate``, tables/ultimate-texas-holdem.toml):
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

from . import ultimate_bad_beat as bad_beat
from . import ultimate_decide
from .rules import CATEGORIES, WAGER_LESS, WAGER_MORE
from .staged_report import WORK_INPUTS, strategies_report, work_of
from .ultimate import (
    BAD_BEAT,
    BLIND,
    NAME,
    RULE_SPECS,
    TRIPS,
    UltimateGame,
    charts,
    main_analysis,
    play,
    simulator,
    trips_analysis,
)
from .ultimate_strategies import STRATEGIES

DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your two hole cards", counts=(2,), required=True, metavar="CARDS"),
    Input("board", "cards", "the community cards turned: none (preflop), the flop (3) or all five (the river)",
          counts=(0, 3, 5), metavar="CARDS"),
    Input("seen", "cards", "the dealer's hole cards seen (a flashed card): one or both, at the flop or later",
          counts=(0, 1, 2), metavar="CARDS"),
    Input("reads", "text", "dealer hole cards read by rank class only, '|' between cards ('K Q J' a picture, "
          "'K Q J|A')", metavar="RANKS"),
    Input("dead", "cards", "other cards you can see (other players' cards, a flashed burn card), out of the deck",
          metavar="CARDS"),
))


def game_line(game: UltimateGame) -> str:
    r = game.rules
    sizes = " or ".join(f"{m}x" for m in sorted(r.preflop_multiples))
    return (f"{game.game.title}: Ante and an equal Blind; preflop check or Play {sizes}, at the flop check or "
            f"Play {r.flop_multiple}x, at the river Play {r.river_multiple}x or fold (losing the Ante and the "
            f"Blind); {game.qualifier_text}, for the Ante only (it pushes when he does not); the Blind pays the "
            f"player's winning hand by its table and pushes below it; {trips_line(game)}"
            + (" The Bad Beat pays the round's losing hand (the player's or the dealer's) by its table, compared "
               "even after a fold; a tie loses it." if bad_beat.offered(game.game) else ""))


def trips_line(game: UltimateGame) -> str:
    if not game.trips_survives_fold:
        ratio = game.rules.trips_forfeit
        return ("Trips pays the player's final hand, but a river fold forfeits it; the decisions weigh "
                + (f"{decimal_text(ratio, 6)} Trips staked per Ante (the main wager's figures are those of that "
                   "play)." if ratio else "the main wagers alone (rules.trips_ratio = 0)."))
    if game.trips_requires_win:
        return ("Trips pays the player's final hand only when it beats the dealer's (Florida: a tie pushes it, the "
                "hands are compared even after a fold).")
    return "Trips pays the player's final hand whatever he does."


def tie_note(game: UltimateGame) -> str:
    more = game.rules.wager_more
    return (f"On equal expectations the action that wagers {'more' if more else 'less'} is taken (rules.tie_break "
            f"= {WAGER_MORE if more else WAGER_LESS}): it changes the average wager, never the expected return.")


def paytables_table(game: GameTable) -> Table:
    names = [BLIND, TRIPS, *([BAD_BEAT] if bad_beat.offered(game) else [])]
    tables = [game.paytable(name) for name in names]
    rows = tuple((hand, *(pay_text(t.listed(hand), t.basis) if hand in t.pays else "push" if t.name == BLIND
                          else "loses" for t in tables)) for hand in CATEGORIES)
    caption = "paytables (to one; the Blind only when the player's hand is higher"
    caption += "; the Bad Beat on the losing hand)" if bad_beat.offered(game) else ")"
    return Table(caption, ("hand", *names), tuple(rows))


def analysis_report(game: UltimateGame) -> Report:
    main, trips = main_analysis(game.game), trips_analysis(game.game)
    tables = [paytables_table(game.game),
              outcome_table(trips, f"side bet {TRIPS} outcomes (per {TRIPS} stake; the player's final hand)"),
              metrics_table(trips, f"side bet {TRIPS} metrics")]
    side_bets = {TRIPS: analysis_data(trips)}
    beat = bad_beat.bad_beat_analysis(game.game)
    if beat is not None:
        tables += [outcome_table(beat, f"side bet {BAD_BEAT} outcomes (per {BAD_BEAT} stake; the losing hand, "
                                       "the player's or the dealer's)"),
                   metrics_table(beat, f"side bet {BAD_BEAT} metrics")]
        side_bets[BAD_BEAT] = analysis_data(beat)
    data: dict[str, object] = {
        "preflop_multiples": list(game.rules.preflop_multiples), "flop_multiple": game.rules.flop_multiple,
        "river_multiple": game.rules.river_multiple, "qualifier": game.qualifier_text,
        "tie_break": WAGER_MORE if game.rules.wager_more else WAGER_LESS, "side_bets": side_bets}
    notes = (game_line(game), tie_note(game),
             f"Figures are per Ante (the Blind equals it, so a round starts with 2 Antes at risk); per total wager "
             f"divide by the average wager ({decimal_text(main.average_wager, 6)} Antes).")
    return standard_report(f"{game.game.title}: exact return under optimal play, every stage ({main.total:,} deals)",
                           main, tables, data, notes)


# the dealer's hole cards seen whole, or read by class (a set, or a partition): every case counted
# exactly over its classes, and sampled on request (ultimate_exposure.exposure_chunk)
DEALER_CARD_CASES = frozenset({("dealer_cards",), ("dealer_cards", "sorted_ranks"),
                               ("dealer_cards", "sorted_ranks", "sorted_classes")})


class UltimateHoldemEngine(base.ExposureFromModule, base.FamilyBase):
    """Ultimate Texas Hold'em: exact analysis, decide at every stage, the strategy charts and simple
    strategies, a flop card or the dealer's hole cards seen (exposure)."""

    decide_inputs = DECIDE_INPUTS
    exposure_module = "oddscalc.engines.holdem.ultimate_exposure"
    # the first flop card, the dealer's hole cards; other players' cards: decide --dead
    exposure_prices = frozenset({"board_cards", "dealer_cards", "sorted_ranks", "sorted_classes"})
    # a situation with dealer cards seen is priced in 0.2-0.6 s: small chunks time a run quickly
    exposure_chunk_situations = 8
    # the dealer's hole cards seen whole, or read by class, are counted over every class (nine
    # minutes for one seen, 88 for both, minutes when read): --samples N asks for an estimate instead
    exposure_sampled_on_request = DEALER_CARD_CASES
    # the full-deck solution takes 20-30 s and about 2.3 GB the first time in a process (the counts
    # are kept after that): tests that analyse every built-in game run it in the slow suite
    heavy_analysis = True

    def __init__(self) -> None:
        super().__init__(NAME, RULE_SPECS, analysis_inputs=WORK_INPUTS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        UltimateGame.of(table)

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        return main_analysis(table, self.parse_strategy(table, strategy_name).name)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        """Ante, Blind and Play per Ante; Trips (and the Bad Beat, where the table offers it) per its own stake."""
        beat = bad_beat.bad_beat_analysis(table)
        return (base.Wager("main", f"Ante, Blind and Play, per {table.unit}", self.analyze(table, strategy_name),
                           paytables=(BLIND,)),
                base.Wager(TRIPS, f"side bet {TRIPS}, per {TRIPS} stake", trips_analysis(table), True, (TRIPS,)),
                *(() if beat is None else
                  (base.Wager(BAD_BEAT, f"side bet {BAD_BEAT}, per {BAD_BEAT} stake", beat, True, (BAD_BEAT,)),)))

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        play(table, work_of(situation))
        return analysis_report(UltimateGame.of(table))

    def decide(self, table: GameTable, situation: Situation) -> tuple[base.Decision, ...]:
        return (ultimate_decide.decide(UltimateGame.of(table), situation.cards("hand"), situation.cards("board"),
                                       situation.cards("dead"), situation.cards("seen"),
                                       parse_reads(situation.text("reads"))),)

    def decision_report(self, table: GameTable, situation: Situation,
                        decisions: Sequence[base.Decision]) -> Report:
        game = UltimateGame.of(table)
        wording = Wording(table.unit, "completions (the cards still to come and the dealer's holding)",
                          "if you Play now: outcomes over the cards to come and the dealer holdings (per Ante)",
                          (Fact("stage", "stage"), Fact("outcomes shown are of", "outcomes_of"),
                           Fact("a check means", "check_means")), (game_line(game), tie_note(game)))
        return shared_report(table, self.decide_inputs, situation, decisions, wording)

    def simulator(self, table: GameTable, strategy_name: str, seed: int) -> base.Simulator:
        """The native simulator of a strategy: the analysis' own decisions preflop and at the flop, the
        river priced per round over the dealer holdings (Trips is not simulated)."""
        return simulator(table, self.parse_strategy(table, strategy_name).name, seed)

    def strategy_chart(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> StrategyCharts:
        self.parse_strategy(table, strategy_name)
        return charts(table)

    def strategy_report(self, table: GameTable, compare: bool = False, price: str | None = None) -> Report:
        named = None if price is None else self.parse_strategy(table, price)
        return strategies_report(table, lambda: self.strategy_chart(table), lambda name: main_analysis(table, name),
                                 STRATEGIES, named, compare, "play", "check or fold")


ENGINE = UltimateHoldemEngine()

if TYPE_CHECKING:
    _DECLARED: tuple[base.Family, base.ExactAnalysis, base.Decides, base.Strategies, base.Simulates,
                     base.Exposes] = (ENGINE,) * 6
