"""The report of ``distribution``: the exact distribution of the net after N rounds.

>>> from oddscalc.engines.base import load
>>> report = distribution_report(load("five-plus-one-bonus"), 2, [Fraction(1, 2)])
>>> report.data["rounds"], report.data["quantiles"][0]["total"]
(2, Fraction(-2, 1))
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import big_text, decimal_text, probability_text, short_exact
from oddscalc.report.model import Report, Table
from oddscalc.tools.distribution import MAX_DIGITS, analysis_distribution, cost, power
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


def distribution_report(game: GameTable, rounds: int, levels: Sequence[Fraction],
                        losses: Sequence[Fraction] | None = None, full: bool = False,
                        plot: Path | None = None) -> Report:
    """``distribution``: one round's nets, the total after ``rounds`` rounds, quantiles and losses."""
    if rounds < 1:
        raise InputError(f"--rounds must be at least 1, got {rounds}")
    analysis = analyzer(game)(game)
    one = analysis_distribution(analysis)
    if cost(one, rounds) > MAX_DIGITS:
        raise InputError(f"{rounds} rounds of {game.name} are too many to convolve exactly "
                         f"(about {cost(one, rounds):,} digits of work; at most {MAX_DIGITS:,})")
    dist = power(one, rounds)
    n = rounds
    unit = analysis.unit
    by_net: dict[Fraction, list[str]] = {}
    for row in analysis.outcomes:
        by_net.setdefault(row.net, []).append(row.outcome)
    round_rows = tuple((v, one.probability(i), probability_text(one.probability(i)), ", ".join(by_net.get(v, [])))
                       for i, v in enumerate(one.values()) if one.weights[i])
    tables = [Table(f"one round: net per {unit}", ("net", "probability", "decimal", "outcomes"), round_rows)]
    ahead, behind = dist.above(Fraction(0)), dist.below(Fraction(0))
    even = 1 - ahead - behind
    mean, variance = n * analysis.expected_return, n * analysis.variance
    smallest, largest = dist.value(0), dist.value(len(dist.weights) - 1)
    summary = (("expected total", mean, decimal_text(mean, 6)),
               ("standard deviation of the total", "", f"{math.sqrt(variance):.6f}"),
               ("probability of being ahead (total > 0)", short_exact(ahead), probability_text(ahead)),
               ("probability of breaking even (total = 0)", short_exact(even), probability_text(even)),
               ("probability of being behind (total < 0)", short_exact(behind), probability_text(behind)),
               ("smallest possible total", smallest, ""), ("largest possible total", largest, ""))
    tables.append(Table(f"total net after {n} round{'s' if n > 1 else ''} (in {unit}s)",
                        ("", "exact", "decimal"), summary))
    quantiles = dist.quantiles(levels)
    tables.append(Table("quantiles of the total (smallest total whose cumulative probability reaches the level)",
                        ("level", "total"),
                        tuple((decimal_text(q, 4), v) for q, v in zip(levels, quantiles, strict=True))))
    losses = losses if losses is not None else default_losses(-smallest)
    loss_rows = [(x, dist.below(-x)) for x in losses]
    tables.append(Table(f"chance of losing more than X {unit}s in total", ("X", "probability", "decimal"),
                        tuple((x, short_exact(p), probability_text(p)) for x, p in loss_rows)))
    data = {"game": game.name, "rounds": n, "unit": unit,
            "round": [{"net": v, "probability": p, "outcomes": names.split(", ") if names else []}
                      for v, p, _d, names in round_rows],
            "expected_total": mean, "variance_total": variance,
            "ahead": big_text(ahead), "even": big_text(even), "behind": big_text(behind),
            "ahead_decimal": float(ahead), "even_decimal": float(even), "behind_decimal": float(behind),
            "smallest": smallest, "largest": largest,
            "quantiles": [{"level": q, "total": v} for q, v in zip(levels, quantiles, strict=True)],
            "losing_more_than": [{"x": x, "probability": big_text(p), "probability_decimal": float(p)}
                                 for x, p in loss_rows]}
    if full:
        tables.append(Table("every total", ("total", "probability"),
                            tuple((dist.value(i), f"{dist.probability_float(i):.6e}")
                                  for i in range(len(dist.weights)) if dist.weights[i])))
        data["denominator"] = big_text(Fraction(dist.denominator))
        data["totals"] = [{"total": dist.value(i), "weight": big_text(Fraction(int(dist.weights[i])))}
                          for i in range(len(dist.weights)) if dist.weights[i]]
    notes = ["Exact: the N-round distribution is the N-th convolution power of the round's, in integers."]
    if plot is not None:
        low, high = dist.quantiles([Fraction(1, 10000), Fraction(9999, 10000)])
        shown = [i for i in range(dist.index_below(low), dist.index_below(high) + 1)
                 if i < len(dist.weights) and dist.weights[i]]
        save_bars(plot, f"{game.title}: total net after {n} round{'s' if n > 1 else ''}",
                  f"total net ({unit}s)", "probability", [float(dist.value(i)) for i in shown],
                  [dist.probability_float(i) for i in shown], width=0.8 * dist.step / dist.scale)
        notes.append(f"chart (totals between the 0.01% and 99.99% quantiles) written to {plot}")
        data["plot"] = str(plot)
    return Report(f"{game.title}: distribution of the net result over {n} round{'s' if n > 1 else ''}",
                  tuple(tables), data, tuple(notes))
