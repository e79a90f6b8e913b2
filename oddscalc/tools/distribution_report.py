"""The report of ``distribution``: the exact distribution of the net after N rounds.

>>> from oddscalc.engines.base import load
>>> game = load("five-plus-one-bonus")
>>> report = distribution_report(game, totals(game, 2), [Fraction(1, 2)])
>>> report.data["rounds"], report.data["quantiles"][0]["total"]
(2, Fraction(-2, 1))
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from oddscalc.core.budget import Limits
from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, probability_text, scientific_text
from oddscalc.report.model import Report, Table
from oddscalc.tools.distribution import (
    Bounded,
    Distribution,
    Figures,
    Plan,
    analysis_distribution,
    check_request,
    fraction_text,
    integer_text,
    plan_power,
    standard_deviation,
    weight_text,
)
from oddscalc.tools.payouts import analyzer
from oddscalc.tools.plotting import save_bars


def default_losses(largest_loss: Fraction) -> list[Fraction]:
    """1, 2, 5, 10, 20, 50 … below the largest possible loss (at most twelve)."""
    steps: list[Fraction] = []
    scale = 1
    while len(steps) < 12:
        for base in (1, 2, 5):
            if base * scale < largest_loss:
                steps.append(Fraction(base * scale))
        scale *= 10
        if scale >= largest_loss:
            break
    return steps[:12]


def _short(value: Fraction, limit: int = 40) -> Fraction | str:
    """The exact value for a table cell when it is short, else an empty cell (a huge fraction is
    told by its bit lengths, never printed to be measured).

    >>> _short(Fraction(1, 3)), _short(Fraction(1, 3 ** 90)), _short(Fraction(1, 3 ** 9000))
    (Fraction(1, 3), '', '')
    """
    if value.numerator.bit_length() + value.denominator.bit_length() > 4 * limit:
        return ""
    return value if len(fraction_text(value)) <= limit else ""


def _chance(bounded: Bounded) -> tuple[Fraction | str, str]:
    """A probability's exact cell (when exact and short) and its decimal (only guaranteed digits)."""
    return (_short(bounded.low) if bounded.exact else "", bounded.text())


def report_figures(losses: Sequence[Fraction] | None = None, levels: int = 9, full: bool = False) -> Figures:
    """What :func:`distribution_report` computes from the N-round distribution, for the sizing: P(ahead),
    P(even), P(behind), the error bound and each loss (by default at most twelve), the quantile
    levels, every total when ``full``."""
    return Figures(4 + (12 if losses is None else len(losses)), levels, full)


def _quantile_cell(low: Fraction | None, high: Fraction | None) -> Fraction | str:
    if low == high and low is not None:
        return low
    if low is None:
        return f"at most {high}"
    if high is None:
        return f"at least {low}"
    return f"{low} .. {high} (not decided within the error bound)"


@dataclass(frozen=True)
class Totals:
    """The net of one round and the total after ``rounds`` rounds, in the mode ``plan`` chose."""
    analysis: Analysis
    one: Distribution
    plan: Plan
    total: Distribution
    rounds: int


def totals(game: GameTable, rounds: int, digits: int | None = None, exact: bool = False,
           limits: Limits | None = None, figures: Figures | None = None) -> Totals:
    """The distribution of the total net after ``rounds`` rounds, exact or to ``digits`` guaranteed
    digits (chosen by the work's size unless asked), sized against the limits before it runs, with
    the report's ``figures`` (:func:`report_figures`; by default those of the default report)."""
    check_request(rounds, digits, exact)
    analysis = analyzer(game)(game)
    one = analysis_distribution(analysis, limits)
    plan = plan_power(one, rounds, digits, exact, limits, figures or report_figures())
    return Totals(analysis, one, plan, plan.run(one), rounds)


def distribution_report(game: GameTable, computed: Totals, levels: Sequence[Fraction],
                        losses: Sequence[Fraction] | None = None, full: bool = False,
                        plot: Path | None = None) -> Report:
    """``distribution``: one round's nets, the total after N rounds, quantiles and losses."""
    analysis, one, plan, dist, n = (computed.analysis, computed.one, computed.plan, computed.total,
                                    computed.rounds)
    unit = analysis.unit
    by_net: dict[Fraction, list[str]] = {}
    for row in analysis.outcomes:
        by_net.setdefault(row.net, []).append(row.outcome)
    round_rows = tuple((one.value(i), one.probability(i), probability_text(one.probability(i)),
                        ", ".join(by_net.get(one.value(i), []))) for i, w in enumerate(one.weights) if w)
    tables = [Table(f"one round: net per {unit}", ("net", "probability", "decimal", "outcomes"), round_rows)]
    ahead, even, behind = dist.outlook()
    mean, variance = n * analysis.expected_return, n * analysis.variance
    smallest, largest = n * one.value(0), n * one.value(len(one.weights) - 1)
    guaranteed = None if plan.digits is None else plan.digits if dist.exact else dist.guaranteed_digits()
    mode = "exact" if plan.digits is None else f"high precision: {guaranteed} digits guaranteed"
    summary = (("expected total", mean, decimal_text(mean, 6)),
               ("standard deviation of the total", "", f"{standard_deviation(variance):.6f}"),
               ("probability of being ahead (total > 0)", *_chance(ahead)),
               ("probability of breaking even (total = 0)", *_chance(even)),
               ("probability of being behind (total < 0)", *_chance(behind)),
               ("smallest possible total", smallest, ""), ("largest possible total", largest, ""))
    tables.append(Table(f"total net after {n} round{'s' if n > 1 else ''} (in {unit}s)"
                        + ("" if plan.digits is None else f", {mode}"), ("", "exact", "decimal"), summary))
    quantiles = dist.quantile_bounds(levels)
    tables.append(Table("quantiles of the total (smallest total whose cumulative probability reaches the level)",
                        ("level", "total"), tuple((decimal_text(q, 4), _quantile_cell(*b))
                                                  for q, b in zip(levels, quantiles, strict=True))))
    losses = losses if losses is not None else default_losses(-smallest)
    loss_rows = list(zip(losses, dist.chances_below([-x for x in losses]), strict=True))
    tables.append(Table(f"chance of losing more than X {unit}s in total", ("X", "probability", "decimal"),
                        tuple((x, *_chance(p)) for x, p in loss_rows)))
    data: dict[str, object] = {
        "game": game.name, "rounds": n, "unit": unit, "mode": plan.mode, "digits_guaranteed": guaranteed,
        "error_bound": fraction_text(dist.error_bound), "error_bound_decimal": float(dist.error_bound),
        "round": [{"net": v, "probability": p, "outcomes": names.split(", ") if names else []}
                  for v, p, _d, names in round_rows],
        "expected_total": mean, "variance_total": variance,
        "ahead": fraction_text(ahead.low), "even": fraction_text(even.low), "behind": fraction_text(behind.low),
        "ahead_decimal": float(ahead.low), "even_decimal": float(even.low), "behind_decimal": float(behind.low),
        "smallest": smallest, "largest": largest,
        "quantiles": [{"level": q, "total": low if low == high else None,
                       **({} if plan.digits is None else {"total_low": low, "total_high": high})}
                      for q, (low, high) in zip(levels, quantiles, strict=True)],
        "losing_more_than": [{"x": x, "probability": fraction_text(p.low), "probability_decimal": float(p.low)}
                             for x, p in loss_rows]}
    if full:
        listed = [i for i in range(len(dist.weights)) if dist.weights[i]]
        tables.append(Table("every total", ("total", "probability"),
                            tuple((dist.value(i), dist.probability_text(i)) for i in listed)))
        data["denominator"] = integer_text(dist.denominator)
        data["totals"] = [{"total": dist.value(i), "weight": weight_text(dist.weights[i])} for i in listed]
    if plan.digits is None:
        notes = ["Exact: the N-round distribution is the N-th convolution power of the round's, in integers."]
    elif plan.exactly:
        notes = [f"High precision ({guaranteed} digits guaranteed): the exact distribution has fewer digits than "
                 "that and was the cheaper, so every probability here is exact (the error bound is 0)."]
    else:
        notes = [f"High precision ({guaranteed} digits guaranteed): every probability, of one total or of a set "
                 f"of totals, is within {scientific_text(dist.error_bound)} of the exact value (JSON: each "
                 "probability p given is a lower bound, p + error_bound an upper one); decimals show only digits this "
                 "guarantees. Exact mode: --exact (sized first; refused beyond the limits)."]
    if plot is not None:
        low, high = dist.quantiles([Fraction(1, 10000), Fraction(9999, 10000)])
        low = dist.value(0) if low is None else low
        high = dist.value(len(dist.weights) - 1) if high is None else high
        shown = [i for i in range(dist.index_below(low), dist.index_below(high) + 1)
                 if i < len(dist.weights) and dist.weights[i]]
        save_bars(plot, f"{game.title}: total net after {n} round{'s' if n > 1 else ''}",
                  f"total net ({unit}s)", "probability", [float(dist.value(i)) for i in shown],
                  [dist.probability_float(i) for i in shown], width=0.8 * dist.step / dist.scale)
        notes.append(f"chart (totals between the 0.01% and 99.99% quantiles) written to {plot}")
        data["plot"] = str(plot)
    return Report(f"{game.title}: distribution of the net result over {n} round{'s' if n > 1 else ''}",
                  tuple(tables), data, tuple(notes))
