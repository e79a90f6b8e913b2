"""Casino Hold'em's reports: the analysis (the standard tables of the Ante and Call, the Ante
paytable, then the AA Bonus per its own stake) and one decision (the shared decision report)."""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc.core.numbers import decimal_text, pay_text
from oddscalc.engines.base import Decision
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.report.analysis import analysis_data, metrics_table, outcome_table
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

from .analysis import bonus_analysis, main_analysis
from .rules import AA_BONUS, ANTE, BONUS_CLASSES, CATEGORIES, WAGER_MORE, HoldemGame


def game_line(game: HoldemGame) -> str:
    rules = game.rules
    bonus = ("a fold forfeits the AA Bonus" if rules.bonus_requires_call
             else "the AA Bonus is settled whether the player calls or folds")
    return (f"{game.game.title}: the player sees his two cards and the flop, then folds (losing the Ante) or "
            f"calls {rules.call_multiple}x the Ante; {game.qualifier_text} (if not, the Ante is paid by its "
            f"table and the Call pushes); a tie with a qualifying dealer pushes both; {bonus}.")


def tie_note(game: HoldemGame) -> str:
    more = game.rules.wager_more
    return (f"On equal expectations the player {'calls' if more else 'folds'} (rules.tie_break = "
            f"{WAGER_MORE if more else 'wager_less'}): it changes the average wager, never the expected return.")


def bonus_note(game: HoldemGame) -> str:
    rules = game.rules
    if not rules.bonus_requires_call or not rules.bonus_ratio:
        return "The call is decided on the Ante and Call alone; the AA Bonus is priced under that play."
    return (f"The call is decided with {rules.bonus_ratio} AA Bonus per Ante at stake (rules.aa_bonus_ratio): "
            "the Ante-and-Call figures are of that play.")


def paytable_table(game: HoldemGame, name: str, names: tuple[str, ...], missing: str) -> Table:
    paytable = game.game.paytable(name)
    rows = tuple((hand, pay_text(paytable.listed(hand), paytable.basis) if hand in paytable.pays else missing)
                 for hand in names)
    return Table(f"paytable {name} ({paytable.basis} one)", ("hand", "pays"), rows)


def analysis_report(game: HoldemGame) -> Report:
    """``analyze``: the standard outcome, metric and net tables of the Ante and Call, the Ante
    paytable, then the AA Bonus's paytable, outcomes and metrics."""
    main, bonus = main_analysis(game.game), bonus_analysis(game.game)
    rules = game.rules
    tables = [paytable_table(game, ANTE, CATEGORIES, "1 to 1"),
              paytable_table(game, AA_BONUS, BONUS_CLASSES, "loses"),
              outcome_table(bonus, "side bet aa-bonus outcomes (per aa-bonus stake; the player's two cards and "
                                   "the flop)"),
              metrics_table(bonus, "side bet aa-bonus metrics")]
    data: dict[str, object] = {
        "qualifier": game.qualifier_text, "call_multiple": rules.call_multiple,
        "bonus_requires_call": rules.bonus_requires_call, "aa_bonus_ratio": rules.bonus_ratio,
        "tie_break": WAGER_MORE if rules.wager_more else "wager_less",
        "side_bets": {AA_BONUS: analysis_data(bonus)}}
    notes = (game_line(game), tie_note(game), bonus_note(game),
             f"Figures are per Ante; per total wager divide by the average wager "
             f"({decimal_text(main.average_wager, 6)} Antes).")
    return standard_report(f"{game.game.title}: exact return under optimal play ({main.total:,} deals)", main,
                           tables, data, notes)


def decision_report(game: HoldemGame, inputs: Inputs, situation: Situation, decisions: Sequence[Decision]
                    ) -> Report:
    """``decide``: the one decision report every family prints, in this family's words."""
    wording = Wording(game.game.unit, "turn, river and dealer holdings",
                      "if you call: outcomes over the turn, river and dealer holdings (Ante and Call, per Ante)",
                      (Fact("outcomes shown are of", "outcomes_of"),
                       Fact("AA Bonus per Ante in the decision", "aa_bonus_ratio")),
                      (game_line(game), tie_note(game)))
    return shared_report(game.game, inputs, situation, decisions, wording)
