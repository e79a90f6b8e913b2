"""Reports of the Caribbean Stud engine: the analysis, one decision, the strategy.

>>> from oddscalc.engines.base import load
>>> analysis_report(load("caribbean-stud")).data["qualifier"]
'A K 4 3 2'
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.cards import format_cards
from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, percent_text
from oddscalc.engines.base import Decision, Situation
from oddscalc.engines.stud.counts import PAYABLE, PAYOUT_CLASSES, class_counts
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.solve import analyze
from oddscalc.engines.stud.strategy import STRATEGIES, ace_king_rules, threshold_strength
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table


def analysis_report(game: GameTable) -> Report:
    """``analyze``: outcomes, metrics, and the Call paytable with its winning deals."""
    result = analyze(game)
    paytable = game.paytable()
    rules = StudRules.of(game)
    wins = {row.outcome: row.count for row in result.analysis.outcomes}
    rows = tuple((name, paytable.pay(name), wins[f"win-{name}"]) for name in PAYABLE)
    pays = Table(f"Call paytable ({paytable.basis} one) and winning deals", ("category", "pays", "wins"),
                 tuple(reversed(rows)))
    call = result.analysis.call_probability
    assert call is not None
    notes = (f"{game.title}: dealer qualifies with {rules.qualifier_text} or better; "
             f"the optimal player calls in {percent_text(call, 4)} of situations.",
             "Per-ante figures divide by the Ante; per-total figures divide by Ante + Call actually wagered "
             "(operators quote either as RTP).")
    data = {"paytable": {name: paytable.pay(name) for name in PAYABLE if name in paytable.pays},
            "qualifier": rules.qualifier_text}
    return standard_report(f"{game.title}: exact return under optimal strategy", result.analysis,
                           (pays,), data, notes)


def decision_report(game: GameTable, situation: Situation, decision: Decision) -> Report:
    """``decide``: the EVs of calling and folding, and each outcome's probability if you call."""
    hand, (upcard,), dead = situation.hand, situation.upcards, situation.dead
    total = decision.total
    table = Table("if you call: outcomes over the dealer's completions",
                  ("outcome", "completions", "probability", "exact", f"net per {game.unit}"),
                  tuple((row.outcome, row.count, decimal_text(Fraction(row.count, total), 8),
                         Fraction(row.count, total), row.net) for row in decision.outcomes))
    ev_call, ev_fold = decision.values["call"], decision.values["fold"]
    qualifies = decision.facts["dealer_qualifies"]
    assert isinstance(qualifies, Fraction)
    summary = Table("decision", ("", "exact", "decimal"), (
        ("EV of calling", ev_call, decimal_text(ev_call, 6)),
        ("EV of folding", ev_fold, decimal_text(ev_fold, 6)),
        (f"margin ({decision.choice} is better by)", abs(ev_call - ev_fold), decimal_text(abs(ev_call - ev_fold), 6)),
        ("probability the dealer qualifies", qualifies, decimal_text(qualifies, 6)),
        ("decision", decision.choice, ""),
    ))
    data = {"game": game.name, "hand": format_cards(hand), "upcard": format_cards([upcard]),
            "dead": format_cards(dead), "completions": total, "ev_call": ev_call,
            "ev_fold": ev_fold, "decision": decision.choice, "margin": ev_call - ev_fold,
            "dealer_qualifies_probability": qualifies,
            "outcomes": [{"outcome": row.outcome, "count": row.count, "probability": Fraction(row.count, total),
                          "net": row.net} for row in decision.outcomes]}
    title = f"{game.title}: {format_cards(hand)} against upcard {format_cards([upcard])}"
    if dead:
        title += f", dead {format_cards(dead)}"
    return Report(title, (summary, table), data)


def _compare_table(game: GameTable, optimal: Analysis) -> tuple[Table, list[dict[str, object]]]:
    """Every named strategy priced exactly over all deals, beside the optimal one."""
    classes = class_counts(StudRules.of(game).qualify_strength)
    rows: list[tuple[str, Analysis]] = [("optimal", optimal)]
    for strategy in STRATEGIES[1:]:
        calls = classes.decide_threshold(threshold_strength(strategy, game.name))
        rows.append((strategy.label, analyze(game, calls).analysis))
    table = Table("strategies compared (exact over all deals)",
                  ("strategy", "house edge per ante", "element of risk", "call probability"),
                  tuple((label, percent_text(a.house_edge, 4), percent_text(a.element_of_risk, 4),
                         percent_text(a.call_probability or 0, 4)) for label, a in rows))
    data: list[dict[str, object]] = [
        {"strategy": label, "house_edge": a.house_edge, "element_of_risk": a.element_of_risk,
         "call_probability": a.call_probability} for label, a in rows]
    return table, data


def strategy_report(game: GameTable, compare: bool = False) -> Report:
    """``strategy``: the decision per hand class, the ace-king thresholds per upcard, a comparison."""
    result = analyze(game)
    classes = class_counts(StudRules.of(game).qualify_strength)
    totals = result.totals
    rows = []
    for index, name in reversed(list(enumerate(PAYOUT_CLASSES))):
        called, folded = totals.called[index], totals.folded[index]
        rule = "always call" if not folded else "always fold" if not called else "depends on the upcard"
        rows.append((name, called + folded, called, folded, rule))
    by_class = Table("optimal decision by hand class ((hand, upcard) situations)",
                     ("hand", "situations", "call", "fold", "rule"), tuple(rows))
    ak = ace_king_rules(classes, result.calls)
    ak_table = Table("ace-king hands: call by upcard (best threshold; 'exceptions' = situations where "
                     "the threshold differs from the exact optimum, from card removal)",
                     ("upcard", "upcard pairs one of your cards", "call with", "call situations",
                      "fold situations", "exceptions"), tuple(ak))
    tables = [by_class, ak_table]
    data: dict[str, object] = {
        "game": game.name, "table": result.analysis.table,
        "classes": [{"hand": r[0], "situations": r[1], "call": r[2], "fold": r[3], "rule": r[4]} for r in rows],
        "ace_king": [{"upcard": r[0], "pairs": r[1] == "yes", "call_with": r[2], "call": r[3], "fold": r[4],
                      "exceptions": r[5]} for r in ak],
        "call_probability": result.analysis.call_probability,
        "house_edge": result.analysis.house_edge}
    if compare:
        table, data["compare"] = _compare_table(game, result.analysis)
        tables.append(table)
    return Report(f"{game.title}: optimal strategy ({result.analysis.table})", tuple(tables), data)
