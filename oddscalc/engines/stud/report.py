"""Reports of the Caribbean Stud engine: the analysis, one decision, the strategy.

>>> from oddscalc.engines.base import load
>>> analysis_report(load("caribbean-stud")).data["qualifier"]
'A K 4 3 2'
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, pay_text, percent_text
from oddscalc.engines.base import OPTIMAL, Decision, NamedStrategy, Ties
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.engines.sidebets import pay_rows
from oddscalc.engines.stud.ace_king import WHY, ace_king_rules
from oddscalc.engines.stud.attached import call_sizes, side_bet_result, side_bets, side_sizes
from oddscalc.engines.stud.counts import class_counts
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.solve import StudResult, analyze, win_order
from oddscalc.engines.stud.strategy import STRATEGIES, strategy_calls
from oddscalc.report.analysis import analysis_data, metrics_table, outcome_table
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table


def _paytable_table(game: GameTable, result: StudResult) -> Table:
    """The Call paytable, strongest first, each class it pays after its category; a category the
    table does not list shows ``none`` (the Call is then returned on a win), a listed 0 ``0 (push)``."""
    paytable = game.paytable()
    wins = {row.outcome: row.count for row in result.analysis.outcomes}
    names = [result.layout.names[i] for i in win_order(result.layout)]
    rows = tuple((name, pay_text(paytable.listed(name), paytable.basis), wins[f"win-{name}"]) for name in names)
    title = f"Call paytable ({paytable.basis} one) and winning deals"
    if any(paytable.listed(name) is None for name in names):
        title += " (none: not listed; a win gets the Call back, as a pay of 0 would)"
    return Table(title, ("category", "pays", "wins"), tuple(reversed(rows)))


def classes_table(game: GameTable) -> tuple[Table, list[dict[str, object]]]:
    """Every hand class of the game: its category, the player hands it holds and what it pays."""
    sizes = call_sizes(game)
    side = side_sizes(game, 5)
    paytable = game.paytable()
    rows, data = [], []
    for klass in game.classes:
        hands = sizes[klass.name] or side[klass.name]
        pays = (pay_text(paytable.listed(klass.name), paytable.basis) if klass.name in paytable.pays
                else f"as {klass.category}")
        rows.append((klass.name, klass.text, hands, decimal_text(Fraction(hands, 2598960), 10), pays))
        data.append({"class": klass.name, "category": klass.category, "definition": klass.text,
                     "hands": hands, "probability": Fraction(hands, 2598960),
                     "call_pays": paytable.pay(klass.name) if klass.name in paytable.pays else None})
    return Table("hand classes (player hands of 2,598,960)", ("class", "definition", "hands", "probability",
                                                              "Call pays"), tuple(rows)), data


def side_bet_tables(game: GameTable) -> tuple[list[Table], dict[str, object]]:
    """Outcome table and metrics of every side bet, per side-bet stake."""
    tables: list[Table] = []
    data: dict[str, object] = {}
    classes = [(k.name, k.category) for k in game.classes]
    for bet in side_bets(game):
        analysis = side_bet_result(game, bet)
        table = bet.table
        tables.append(Table(f"side bet {table.name}: {bet.text} ({table.basis} one)", ("pays on", "pays"),
                            pay_rows(bet, FIVE_CARD_CATEGORIES, classes)))
        tables.append(outcome_table(analysis, f"side bet {table.name} outcomes (per {table.name} stake)"))
        tables.append(metrics_table(analysis, f"side bet {table.name} metrics"))
        data[table.name] = {**analysis_data(analysis), "settled_on": bet.text}
    return tables, data


def analysis_report(game: GameTable) -> Report:
    """``analyze``: outcomes, metrics, the Call paytable with its winning deals, the hand classes
    and the side bets."""
    result = analyze(game)
    paytable = game.paytable()
    rules = StudRules.of(game)
    tables = [_paytable_table(game, result)]
    call = result.analysis.call_probability
    assert call is not None
    notes = [f"{game.title}: dealer qualifies with {rules.qualifier_text} or better; "
             f"the optimal player calls in {percent_text(call, 4)} of situations.",
             "Per-ante figures divide by the Ante; per-total figures divide by Ante + Call actually wagered "
             "(operators quote either as RTP)."]
    if rules.ties is not Ties.PUSH:
        notes.append(f"A tie with a qualifying dealer goes to the {rules.ties.text} (rules.ties).")
    data: dict[str, object] = {
        "paytable": {name: paytable.pay(name) for name in result.layout.names if name in paytable.pays},
        "qualifier": rules.qualifier_text, "ties": rules.ties.text}
    if game.classes:
        table, data["classes"] = classes_table(game)
        tables.append(table)
    side_tables, side_data = side_bet_tables(game)
    tables += side_tables
    if side_data:
        data["side_bets"] = side_data
    return standard_report(f"{game.title}: exact return under optimal strategy", result.analysis,
                           tables, data, notes)


def decision_report(game: GameTable, inputs: Inputs, situation: Situation, decisions: Sequence[Decision]) -> Report:
    """``decide``: the EVs of calling and folding, and each outcome's probability if you call."""
    wording = Wording(game.unit, "completions", "if you call: outcomes over the dealer's completions",
                      (Fact("probability the dealer qualifies", "dealer_qualifies_probability"),))
    return shared_report(game, inputs, situation, decisions, wording)


def priced(game: GameTable, strategy: NamedStrategy) -> Analysis:
    """The exact analysis of a written strategy over every deal."""
    classes = class_counts(StudRules.of(game).qualify_strength)
    return analyze(game, strategy_calls(game, classes, strategy)).analysis


def _compare_table(game: GameTable, optimal: Analysis) -> tuple[Table, list[dict[str, object]]]:
    """Every named strategy priced exactly over all deals, beside the optimal one."""
    rows: list[tuple[str, Analysis]] = [("optimal", optimal)]
    for strategy in STRATEGIES:
        if strategy.name != OPTIMAL:
            rows.append((strategy.label, priced(game, strategy)))
    return strategies_compared(rows, game.unit, "call")


def strategy_report(game: GameTable, compare: bool = False) -> Report:
    """``strategy``: the decision per hand class, the ace-king thresholds per upcard, a comparison."""
    result = analyze(game)
    classes = class_counts(StudRules.of(game).qualify_strength)
    totals = result.totals
    rows = []
    layout = result.layout
    for index in reversed([0, *win_order(layout)]):
        name = layout.names[index]
        called, folded = totals.called[index], totals.folded[index]
        rule = "always call" if not folded else "always fold" if not called else "depends on the upcard"
        rows.append((name, called + folded, called, folded, rule))
    by_class = Table("optimal decision by hand class ((hand, upcard) situations)",
                     ("hand", "situations", "call", "fold", "rule"), tuple(rows))
    ak = ace_king_rules(classes, result.calls)
    ak_table = Table("ace-king hands: call by upcard (best threshold; 'exceptions' = situations where "
                     "the threshold differs from the exact optimum, from card removal)",
                     ("upcard", "upcard pairs one of your cards", "call with", "call situations",
                      "fold situations", "exceptions"), tuple(rule.row for rule in ak))
    tables = [by_class, ak_table]
    groups = tuple((rule.upcard, "yes" if rule.pairs else "no", group.action, group.hands_text,
                    group.when or "every suiting", group.situations)
                   for rule in ak for group in rule.groups)
    notes = []
    if groups:
        tables.append(Table("ace-king exceptions to the threshold, every one (by card removal: your cards in "
                            "the upcard's suit)", ("upcard", "upcard pairs one of your cards", "optimal",
                                                    "hands", "when", "situations"), groups))
        exact = all(group.condition.decided for rule in ak for group in rule.groups)
        notes.append(WHY + " 'X to Y' is every ace-king hand from X down to Y" +
                     ("; the thresholds with these exceptions are the exact optimal decision in every situation."
                      if exact else "."))
    data: dict[str, object] = {
        "game": game.name, "table": result.analysis.table,
        "classes": [{"hand": r[0], "situations": r[1], "call": r[2], "fold": r[3], "rule": r[4]} for r in rows],
        "ace_king": [rule.data() for rule in ak],
        "call_probability": result.analysis.call_probability,
        "house_edge": result.analysis.house_edge}
    if compare:
        table, data["compare"] = _compare_table(game, result.analysis)
        tables.append(table)
    return Report(f"{game.title}: optimal strategy ({result.analysis.table})", tuple(tables), data, tuple(notes))


def price_report(game: GameTable, strategy: NamedStrategy) -> Report:
    """``strategy --price``: a strategy priced exactly over every deal, against the optimal one."""
    optimal = analyze(game).analysis
    mine = optimal if strategy.name == OPTIMAL else priced(game, strategy)
    return strategy_price_report(game.title, game.unit, strategy, mine, optimal, "call")

