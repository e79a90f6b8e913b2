"""Reports of a staged game: the analysis (the standard tables, then the paytable with its final
hands, the stages with each option's share, the side bets) and one decision (the shared decision
report).

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.rules import StagedRules
>>> [option_text(option) for option in StagedRules.of(load("let-it-ride")).stages[0].options]
['pull back (-1)', 'let it ride (+0)']
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc.core.numbers import decimal_text, pay_text
from oddscalc.engines.base import Decision
from oddscalc.engines.charts import action_key
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.engines.sidebets import pay_rows
from oddscalc.engines.staged.paytable import pay_layout
from oddscalc.engines.staged.rules import THREE_CARD_CATEGORIES, WAGER_MORE, Option, StagedRules
from oddscalc.engines.staged.side import bet_text, side_analysis
from oddscalc.engines.staged.solve import analyze, final_deals
from oddscalc.report.analysis import analysis_data, metrics_table, outcome_table
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table


def option_text(option: Option) -> str:
    """An option as the stages table shows it: ``raise 2x (+2)``, ``fold``."""
    return option.label if option.fold else f"{option.label} ({option.delta:+d})"


def tie_note(rules: StagedRules) -> str:
    more = rules.tie_break == WAGER_MORE
    return (f"On equal expectations the option that wagers {'more' if more else 'less'} is taken "
            f"(rules.tie_break = {rules.tie_break}): it changes the average wager, never the expected return.")


def game_line(rules: StagedRules) -> str:
    stages = "; ".join(f"{stage.name} ({stage.seen} cards seen): "
                       + ", ".join(option_text(option) for option in stage.options) for stage in rules.stages)
    return (f"{rules.game.title}: {rules.initial_units} {rules.game.unit}{'s' if rules.initial_units != 1 else ''} "
            f"in action when dealt, {rules.player_cards} player cards and {rules.community_cards} community cards; "
            f"{stages}. Every unit in action is paid by the final five-card hand.")


def paytable_table(rules: StagedRules) -> Table:
    """The main paytable, strongest first, and how many deals end with each hand (folds aside)."""
    layout = pay_layout(rules.game)
    paytable = rules.game.paytable()
    reached = final_deals(rules)
    rows = tuple((layout.names[i], pay_text(paytable.listed(layout.names[i]), paytable.basis),
                  reached.get(layout.names[i], 0)) for i in reversed(layout.order()))
    return Table(f"paytable {paytable.name} ({paytable.basis} one, per unit in action; none: the unit loses) "
                 "and the deals that end with each hand", ("hand", "pays", "deals"), rows)


def stages_table(rules: StagedRules) -> tuple[Table, list[dict[str, object]]]:
    """Each stage's options and the share of all rounds that take each."""
    shares = analyze(rules).action_probabilities
    several = len(rules.stages) > 1
    rows, data = [], []
    for stage in rules.stages:
        for option in stage.options:
            share = shares[action_key(stage.name if several else "", option.label)]
            rows.append((stage.name, stage.seen, option_text(option), share, decimal_text(share, 8)))
            data.append({"stage": stage.name, "seen": stage.seen, "option": option.label, "delta": option.delta,
                         "fold": option.fold, "probability": share})
    return Table("stages: each option's share of all rounds (optimal play)",
                 ("stage", "cards seen", "option", "probability", "decimal"), tuple(rows)), data


def side_bet_tables(rules: StagedRules) -> tuple[list[Table], dict[str, object]]:
    """Outcome table and metrics of every side bet, per side-bet stake."""
    tables: list[Table] = []
    data: dict[str, object] = {}
    classes = [(klass.name, klass.category) for klass in rules.game.classes]
    for bet in rules.side_bets:
        analysis = side_analysis(rules, bet)
        name = bet.table.name
        tables.append(Table(f"side bet {name}: {bet_text(bet)} ({bet.table.basis} one)", ("pays on", "pays"),
                            pay_rows(bet, THREE_CARD_CATEGORIES, [c for c in classes if c[0] in bet.table.pays])))
        tables.append(outcome_table(analysis, f"side bet {name} outcomes (per {name} stake)"))
        tables.append(metrics_table(analysis, f"side bet {name} metrics"))
        data[name] = {**analysis_data(analysis), "settled_on": bet_text(bet)}
    return tables, data


def analysis_report(rules: StagedRules) -> Report:
    """``analyze``: the standard outcome, metric and net tables, then the paytable, the stages and
    the side bets."""
    analysis = analyze(rules)
    stages, stage_data = stages_table(rules)
    tables = [paytable_table(rules), stages]
    paytable = rules.game.paytable()
    data: dict[str, object] = {
        "paytable": {name: paytable.pay(name) for name in pay_layout(rules.game).names if name in paytable.pays},
        "initial_units": rules.initial_units, "player_cards": rules.player_cards, "stages": stage_data,
        "tie_break": rules.tie_break}
    side_tables, side_data = side_bet_tables(rules)
    tables += side_tables
    if side_data:
        data["side_bets"] = side_data
    notes = [game_line(rules), tie_note(rules),
             f"Figures are per {rules.game.unit}; per-total figures divide by the average total wager "
             f"({decimal_text(analysis.average_wager, 6)} {rules.game.unit}s)."]
    return standard_report(f"{rules.game.title}: exact return under optimal strategy ({analysis.total:,} deals)",
                           analysis, tables, data, notes)


def decision_report(rules: StagedRules, inputs: Inputs, situation: Situation, decisions: Sequence[Decision]
                    ) -> Report:
    """``decide``: the one decision report every family prints, in this family's words."""
    wording = Wording(f"{rules.game.unit} in action", "completions",
                      "if you continue: outcomes over the rest of the deal, later stages played optimally "
                      f"(net per {rules.game.unit} in action now)",
                      (Fact("stage", "stage"), Fact("units in action", "units_in_action"),
                       Fact("units in action from", "units_from"), Fact("outcomes shown are of", "outcomes_of")),
                      (tie_note(rules),))
    return shared_report(rules.game, inputs, situation, decisions, wording)

