"""The price of a written strategy beside the optimal one, as the stud and three-card engines
report it (``strategy GAME --price FILE|EXPR``): its exact return, house edge, element of risk and
call probability over every deal (a game of several actions: each action's probability), and what
it costs against the optimal strategy per unit.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.numbers import decimal_text, exact_text, percent_text
from oddscalc.engines.base import NamedStrategy
from oddscalc.engines.charts import COMPARED_TITLE
from oddscalc.report.analysis import analysis_data, outcome_table
from oddscalc.report.model import Report, Table


def _probability_columns(analyses: Sequence[Analysis], action: str) -> tuple[tuple[str, ...],
                                                                             list[tuple[str, ...]]]:
    """How often each strategy acts: the ``action`` (call, play) probability of a yes/no game, or
    a column per action of a game that gives its action probabilities (headers, one row each)."""
    keys = tuple(dict.fromkeys(key for a in analyses for key in a.action_probabilities))
    if not keys:
        return (f"{action} probability",), [(percent_text(a.call_probability or 0, 4),) for a in analyses]
    return (tuple(f"{key} probability" for key in keys),
            [tuple(percent_text(a.action_probabilities.get(key, Fraction(0)), 4) for key in keys) for a in analyses])


def strategy_price_report(title: str, unit: str, strategy: NamedStrategy, mine: Analysis, optimal: Analysis,
                          action: str, default: str = "fold") -> Report:
    """The price of a strategy beside the optimal strategy's: return, edge, element of risk, how
    often it calls (each action's probability, where the game gives them), and what it costs per
    unit (shared wording for the engines' price reports); ``default``: what a player does where
    no rule holds."""
    cost = optimal.expected_return - mine.expected_return
    headers, shares = _probability_columns((mine, optimal), action)
    rows = []
    for (label, a), share in zip(((strategy.label, mine), ("optimal", optimal)), shares, strict=True):
        rows.append((label, exact_text(a.expected_return), percent_text(a.house_edge, 4),
                     percent_text(a.element_of_risk, 4), *share))
    summary = Table("exact over every deal", ("strategy", f"expected return per {unit}", f"house edge per {unit}",
                                               "element of risk", *headers), tuple(rows))
    costs = Table("cost against the optimal strategy", ("", "exact", "decimal"), (
        (f"return given up per {unit}", cost, decimal_text(cost, 8)),
        ("in percent of a unit", "", percent_text(cost, 4)),
    ))
    rules = Table(f"rules (first that holds decides; none holds: {default})", ("#", "rule"),
                  tuple((i + 1, rule) for i, rule in enumerate(strategy.rules)) or ((1, "the exact optimum"),))
    data: dict[str, object] = {
        "strategy": strategy.name, "label": strategy.label, "rules": list(strategy.rules),
        "expected_return": mine.expected_return, "house_edge": mine.house_edge,
        "element_of_risk": mine.element_of_risk, "call_probability": mine.call_probability,
        "optimal_expected_return": optimal.expected_return, "cost": cost,
        "outcomes": analysis_data(mine)["outcomes"]}
    if mine.action_probabilities:
        data["action_probabilities"] = dict(mine.action_probabilities)
    return Report(f"{title}: the strategy '{strategy.label}' priced exactly", (summary, costs, rules,
                                                                              outcome_table(mine)), data)


def strategies_compared(rows: list[tuple[str, Analysis]], unit: str, action: str
                        ) -> tuple[Table, list[dict[str, object]]]:
    """Strategies priced exactly over all deals, side by side (``strategy --compare``): the table
    and its JSON rows; ``action`` is the continuing decision (call, play) of a yes/no game (a game
    of several actions gives a column per action)."""
    headers, shares = _probability_columns([a for _label, a in rows], action)
    table = Table(COMPARED_TITLE,
                  ("strategy", f"house edge per {unit}", "element of risk", *headers),
                  tuple((label, percent_text(a.house_edge, 4), percent_text(a.element_of_risk, 4), *share)
                        for (label, a), share in zip(rows, shares, strict=True)))
    data: list[dict[str, object]] = [
        {"strategy": label, "house_edge": a.house_edge, "element_of_risk": a.element_of_risk,
         "call_probability": a.call_probability,
         **({"action_probabilities": dict(a.action_probabilities)} if a.action_probabilities else {})}
        for label, a in rows]
    return table, data
