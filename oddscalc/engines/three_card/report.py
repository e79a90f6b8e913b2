"""Reports of the three-card engine: the analysis, the strategy and one decision.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> report = analysis_report_of(three_card_rules(load("three-card-poker")))
>>> report.data["strategy"][0]["rule"], round(report.data["house_edge_decimal"], 4)
('play Q-6-4 or better', 0.0337)
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import groupby

from oddscalc.core.cards import RANKS, format_cards
from oddscalc.core.economics import Analysis
from oddscalc.core.numbers import decimal_text, ratio_text
from oddscalc.engines.base import OPTIMAL, Decision, NamedStrategy, Ties
from oddscalc.engines.decision_report import Fact, Wording
from oddscalc.engines.decision_report import decision_report as shared_report
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES
from oddscalc.engines.handrules import decision_table
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.engines.sidebets import pay_rows
from oddscalc.engines.three_card.counts import GameCounts, game_counts
from oddscalc.engines.three_card.outcomes import analyses, game_analysis
from oddscalc.engines.three_card.rules import ThreeCardRules, game_line
from oddscalc.engines.three_card.side import six_card_class_sizes
from oddscalc.engines.three_card.solve import Solution, solve
from oddscalc.engines.three_card.strategy import (
    STRATEGIES,
    Breakpoint,
    Threshold,
    exception_groups,
    hand_model,
    hand_text,
    ratio_breakpoints,
    threshold_text,
    thresholds,
    words,
)
from oddscalc.engines.upcard_suit import WHY
from oddscalc.report.analysis import analysis_data, analysis_report, metrics_table, outcome_table
from oddscalc.report.model import Report, Table

NEAR = 3      # strengths shown on each side of a threshold


def _up_label(up_rank: int) -> str:
    return "-" if up_rank < 0 else RANKS[up_rank]


# --- analyze -----------------------------------------------------------------------------------

def strategy_rows(rules: ThreeCardRules, solution: Solution, rules_of: list[Threshold]
                  ) -> tuple[tuple[str, str, int, int], ...]:
    """One row per upcard rank: the rule and how many situations are exceptions to it."""
    weight = solution.counts.weight
    return tuple((_up_label(t.up_rank), threshold_text(rules, solution.counts, t), len(t.exceptions),
                  sum(weight[i] for i in t.exceptions)) for t in rules_of)


def strategy_data(rules: ThreeCardRules, solution: Solution, rules_of: list[Threshold]) -> list[dict[str, object]]:
    """The thresholds as JSON: upcard rank, rule, threshold hand, exceptions."""
    counts = solution.counts
    out: list[dict[str, object]] = []
    for t in rules_of:
        i = t.index
        out.append({
            "upcard_rank": None if t.up_rank < 0 else RANKS[t.up_rank],
            "rule": threshold_text(rules, counts, t),
            "threshold": None if i is None else hand_text(rules, counts.strength[i], counts.examples[i]),
            "exceptions": [_group_data(rules, solution, i) for i in t.exceptions],
        })
    return out


def _group_data(rules: ThreeCardRules, solution: Solution, i: int) -> dict[str, object]:
    g = solution.counts.group(i)
    return {"hand": format_cards(g.example), "upcard": format_cards([g.upcard]) if g.upcard >= 0 else None,
            "situations": g.weight, "decision": "play" if solution.play[i] else "fold",
            "ev_difference": solution.margin(i)}


def _analysis_tables(name: str, analysis: Analysis) -> list[Table]:
    return [outcome_table(analysis, f"{name} outcomes (per {analysis.unit} staked)"),
            metrics_table(analysis, f"{name} metrics")]


def classes_table(rules: ThreeCardRules) -> tuple[Table, list[dict[str, object]]]:
    """Every class of the game with its hands (of 22,100 three-card hands, or of 20,358,520 six-card
    sets for a class of five-card hands) and which paytables pay it."""
    game = rules.game
    sizes = rules.classes.sizes
    five = six_card_class_sizes(rules) if any(not sizes[k.name] for k in game.classes) else {}
    rows, data = [], []
    for klass in game.classes:
        hands, total, kind = sizes[klass.name], 22100, "three cards"
        if not hands and klass.name in five:
            hands, total, kind = five[klass.name], 20358520, "best five of six"
        paid_by = [t.name for t in game.paytables if klass.name in t.pays]
        rows.append((klass.name, klass.text, kind, hands, decimal_text(Fraction(hands, total), 10),
                     ", ".join(paid_by) if paid_by else f"as {klass.category}"))
        data.append({"class": klass.name, "category": klass.category, "definition": klass.text, "hands": hands,
                     "of": total, "probability": Fraction(hands, total), "paid_by": paid_by,
                     "depends_on_suits": klass.name in rules.classes.suit_classes})
    return Table("hand classes", ("class", "definition", "hands of", "count", "probability", "paid by"),
                 tuple(rows)), data


def side_bet_tables(rules: ThreeCardRules, parts: dict[str, Analysis]) -> tuple[list[Table], dict[str, object]]:
    """Each side bet: what it is settled on and its paytable (``none``/``push`` shown), outcomes,
    metrics."""
    tables: list[Table] = []
    side: dict[str, object] = {}
    classes = [(k.name, k.category) for k in rules.game.classes]
    for bet in rules.side:
        table = bet.table
        categories = FIVE_CARD_CATEGORIES if bet.hand == "player+dealer" else rules.possible_classes()
        tables.append(Table(f"side bet {table.name}: {bet.text} ({table.basis} one)", ("pays on", "pays"),
                            pay_rows(bet, categories, classes)))
        tables += _analysis_tables(f"side bet {table.name}", parts[table.name])
        side[table.name] = {**analysis_data(parts[table.name]), "settled_on": bet.text}
    return tables, side


def analysis_report_of(rules: ThreeCardRules) -> Report:
    """``analyze``: outcome table and metrics of the Bet + Play, the Bonus, both together, side bets."""
    solution = solve(rules, game_counts(rules))
    parts = analyses(solution)
    rules_of = thresholds(solution)
    tables = [Table("optimal strategy", ("upcard", "rule", "exception groups", "exception situations"),
                    strategy_rows(rules, solution, rules_of))]
    data: dict[str, object] = {"dealer_upcards": rules.upcards, "qualifier": rules.qualify_text,
            "bonus_ratio": rules.bonus_ratio, "strategy": strategy_data(rules, solution, rules_of)}
    if rules.ties is not Ties.PUSH:
        data["ties"] = rules.ties.text
    if "combined" in parts:
        tables += _analysis_tables("Bonus", parts["bonus"])
        tables.append(metrics_table(parts["combined"], "Bet + Play + Bonus together: metrics per "
                                    f"{rules.game.unit} (wager includes the Bonus)"))
        data["bonus"] = analysis_data(parts["bonus"])
        data["combined"] = analysis_data(parts["combined"])
    side_tables, side = side_bet_tables(rules, parts)
    tables += side_tables
    if side:
        data["side_bets"] = side
    if rules.game.classes:
        table, data["classes"] = classes_table(rules)
        tables.append(table)
    notes = [game_line(rules)]
    if rules.ties is not Ties.PUSH:
        notes.append(f"A tie with a qualifying dealer goes to the {rules.ties.text} (rules.ties).")
    if "combined" in parts:
        notes.append(f"The first outcomes and metrics are the {rules.game.unit} and Play only; the decisions "
                     "are optimal for the whole wager, Bonus included.")
    title = f"{rules.game.title}: exact analysis over {solution.counts.total:,} deals"
    return analysis_report(title, parts["main"], tables, data, notes)


# --- strategy ----------------------------------------------------------------------------------

def _near_rows(rules: ThreeCardRules, solution: Solution, t: Threshold) -> list[tuple[str, str, int, str, str]]:
    """Groups within NEAR strengths of the threshold (no-upcard games): where the rule is decided."""
    counts = solution.counts
    strengths = sorted(set(counts.strength))
    cut = strengths.index(counts.strength[t.index]) if t.index is not None else len(strengths)
    shown = set(strengths[max(0, cut - NEAR):cut + NEAR])
    near = sorted((i for i, s in enumerate(counts.strength) if s in shown),
                  key=lambda i: (counts.strength[i], solution.margin(i)), reverse=True)
    return [(format_cards(counts.examples[i]), hand_text(rules, counts.strength[i], counts.examples[i]),
             counts.weight[i], "play" if solution.play[i] else "fold", decimal_text(solution.margin(i), 6))
            for i in near]


def _breakpoint_data(counts: GameCounts, point: Breakpoint) -> dict[str, object]:
    g = counts.group(point.group)
    return {"ratio": point.ratio, "hand": format_cards(g.example),
            "upcard": format_cards([g.upcard]) if g.upcard >= 0 else None, "situations": g.weight,
            "change": "fold-to-play" if point.to_play else "play-to-fold"}


def _breakpoint_rows(rules: ThreeCardRules, solution: Solution, points: list[Breakpoint]
                     ) -> list[tuple[str, str, int, str, str, str]]:
    """Breakpoints merged per (upcard rank, hand): the ratios over which those hands change."""
    counts = solution.counts

    def key(point: Breakpoint) -> tuple[int, int, bool]:
        return counts.up_rank[point.group], counts.strength[point.group], point.to_play
    rows = []
    for (up_rank, strength, to_play), grouped in groupby(sorted(points, key=key), key=key):
        members = list(grouped)
        example = counts.examples[members[0].group]
        low, high = members[0].ratio, members[-1].ratio
        span = ratio_text(low) if low == high else f"{ratio_text(low)} .. {ratio_text(high)}"
        rows.append((low, up_rank, (_up_label(up_rank), hand_text(rules, strength, example),
                                    sum(counts.weight[b.group] for b in members),
                                    "fold -> play" if to_play else "play -> fold", span, decimal_text(low, 4))))
    return [row for _low, _up, row in sorted(rows)]


def _exception_row(rules: ThreeCardRules, solution: Solution, i: int) -> tuple[str, str, str, int, str, str]:
    g = solution.counts.group(i)
    example = format_cards(g.example) + (f" up {format_cards([g.upcard])}" if g.upcard >= 0 else "")
    return (_up_label(g.up_rank), hand_text(rules, g.strength, g.example), example, g.weight,
            "play" if solution.play[i] else "fold", decimal_text(solution.margin(i), 6))


def price_report(rules: ThreeCardRules, strategy: NamedStrategy) -> Report:
    """``strategy --price``: a strategy priced exactly over every deal, against the optimal one."""
    counts = game_counts(rules)
    optimal = game_analysis(solve(rules, counts))
    mine = optimal if strategy.name == OPTIMAL else game_analysis(
        solve(rules, counts, decision_table(hand_model(rules), strategy.rules)))
    report = strategy_price_report(rules.game.title, rules.game.unit, strategy, mine, optimal, "play")
    return Report(report.title, report.tables, report.data, (game_line(rules),))


def _compare_table(rules: ThreeCardRules, counts: GameCounts, optimal: Analysis
                   ) -> tuple[Table, list[dict[str, object]]]:
    """Every built-in strategy priced exactly over all deals, beside the optimal one."""
    rows: list[tuple[str, Analysis]] = [("optimal", optimal)]
    for named in STRATEGIES:
        if named.name != OPTIMAL:
            rows.append((named.label, game_analysis(solve(rules, counts,
                                                          decision_table(hand_model(rules), named.rules)))))
    return strategies_compared(rows, rules.game.unit, "play")


def strategy_report(rules: ThreeCardRules, compare: bool = False) -> Report:
    """``strategy``: the threshold per upcard rank, its exceptions, and how the Bonus ratio moves it
    (with ``compare``, the built-in strategies priced beside the optimal one)."""
    counts = game_counts(rules)
    solution = solve(rules, counts)
    rules_of = thresholds(solution)
    tables = [Table(f"optimal strategy at Bonus/Bet ratio {ratio_text(rules.bonus_ratio)}",
                    ("upcard", "rule", "exception groups", "exception situations"),
                    strategy_rows(rules, solution, rules_of))]
    exceptions = tuple(_exception_row(rules, solution, i) for t in rules_of for i in t.exceptions)
    groups = exception_groups(rules, solution, rules_of)
    if exceptions:
        tables.append(Table("card-removal exceptions to the rule",
                            ("upcard", "hand", "example", "situations", "decision", "play - fold"), exceptions))
        tables.append(Table("the rule in words, its exceptions grouped (by your cards in the upcard's suit)",
                            ("where", "rule"), words(rules, solution, rules_of, groups)))
    if not rules.upcards:
        tables.append(Table("near the threshold: EV(play) - EV(fold) per " + rules.game.unit,
                            ("example", "hand", "situations", "decision", "play - fold"),
                            tuple(_near_rows(rules, solution, rules_of[0]))))
    data: dict[str, object] = {
        "game": rules.game.name, "dealer_upcards": rules.upcards, "qualifier": rules.qualify_text,
        "bonus_ratio": rules.bonus_ratio, "call_probability": solution.call_probability,
        "strategy": strategy_data(rules, solution, rules_of)}
    if groups:
        data["exception_groups"] = [{"upcard_rank": _up_label(rank), **group.data()}
                                    for rank, listed in groups.items() for group in listed]
    notes = [game_line(rules)]
    if groups and rules.upcards:
        notes.append(WHY)
    if rules.bonus is not None:
        high = rules.bonus_ratio_max
        points = ratio_breakpoints(rules, counts, high)
        data["bonus_ratio_range"] = [Fraction(0), high]
        data["breakpoints"] = [_breakpoint_data(solution.counts, b) for b in points]
        if points:
            first, last = points[0].ratio, points[-1].ratio
            ups = sorted({_up_label(counts.up_rank[b.group]) for b in points})
            notes.append(f"Decisions change at {len({b.ratio for b in points})} ratios from {ratio_text(first)} "
                         f"({decimal_text(first, 4)}) to {ratio_text(last)} ({decimal_text(last, 4)}), "
                         f"upcard {', '.join(ups)}; no decision changes between {ratio_text(last)} and "
                         f"{ratio_text(high)}.")
            tables.append(Table(f"where decisions change as the Bonus/Bet ratio goes from 0 to {ratio_text(high)}",
                                ("upcard", "hand", "situations", "change", "at ratio", "first (decimal)"),
                                tuple(_breakpoint_rows(rules, solution, points))))
        else:
            notes.append(f"No decision changes for any Bonus/Bet ratio from 0 to {ratio_text(high)} (every "
                         "hand's EV(play) - EV(fold) keeps its sign over the whole range): the rule above "
                         "holds with or without a Bonus.")
    if compare:
        table, data["compare"] = _compare_table(rules, counts, game_analysis(solution))
        tables.append(table)
    return Report(f"{rules.game.title}: optimal play/fold strategy", tuple(tables), data, tuple(notes))


# --- decide ------------------------------------------------------------------------------------

def decision_report(rules: ThreeCardRules, inputs: Inputs, situation: Situation, decisions: Sequence[Decision]
                    ) -> Report:
    """``decide``: the EVs of playing and folding one hand and the outcome probabilities if played."""
    unit = rules.game.unit
    notes = [game_line(rules)]
    if rules.bonus_ratio:
        notes.append(f"The EVs include the Bonus ({ratio_text(rules.bonus_ratio)} per {unit}), settled on your hand "
                     f"when you play{'; a fold forfeits it' if rules.fold_forfeits_bonus else ''}.")
    # what the outcome table settles: the Ante and Play, with the Ante Bonus where the game pays one;
    # a separate Bonus wager (Fast Poker's) is in the EVs at its ratio but not in the table
    settled = f"the {unit} and Play" + (", Ante Bonus included" if rules.ante_bonus else "")
    if rules.bonus is not None:
        settled += " (the Bonus wager not included)"
    facts = (Fact("hand class", "hand_class"),
             *((Fact("Bonus/Bet ratio", "bonus_ratio"),) if rules.bonus is not None else ()))
    wording = Wording(unit, "dealer hands", f"if played: {settled}", facts, tuple(notes))
    return shared_report(rules.game, inputs, situation, decisions, wording)
