"""The report of ``check``: a simulator's counts against the exact distribution.

>>> from fractions import Fraction
>>> from oddscalc.engines.base import load
>>> from oddscalc.core.economics import Analysis, Outcome
>>> from oddscalc.tools.check import check_counts
>>> coin = Analysis("coin", "", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))))
>>> check_report(load("five-plus-one-bonus"), check_counts(coin, {"win": 6000, "lose": 4000})).exit_status
1
"""
from __future__ import annotations

from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text
from oddscalc.report.model import Report, Table
from oddscalc.tools.check import POOL_BELOW, CheckResult


def check_report(game: GameTable, r: CheckResult) -> Report:
    """``check``: the verdict, the tests, the return and every outcome; exit status 1 on FAIL."""
    verdict = Table("verdict", ("result",), ((r.verdict,),))
    rows = tuple((row.outcome, row.observed, f"{float(row.expected):.2f}", decimal_text(row.probability, 10),
                  "" if row.z is None else f"{row.z:+.2f}", row.net,
                  "" if row.reported_net is None else row.reported_net) for row in r.rows)
    outcomes = Table(f"outcomes over {r.rounds} rounds", ("outcome", "observed", "expected", "probability",
                                                          "z", "net", "simulator's net"), rows)
    pooled = f" ({len(r.pooled)} rare outcomes pooled)" if r.pooled else ""
    level = f"{float(1 - r.alpha):.4g}"
    tests = Table("tests", ("test", "statistic", "p-value", f"rejects at {float(r.alpha):g}"), (
        (f"chi-square goodness of fit, {r.degrees_of_freedom} degrees of freedom{pooled}",
         "" if r.chi_square is None else f"{r.chi_square:.4f}", "" if r.p_value is None else f"{r.p_value:.4g}",
         "" if r.p_value is None else r.p_value < r.alpha),
        ("return per unit, z against the exact return", f"{r.return_z:+.4f}", f"{r.return_p_value:.4g}",
         r.return_p_value < r.alpha),
    ))
    returns = Table("return per unit", ("", "value"), (
        ("exact", decimal_text(r.exact_return, 8)),
        (f"observed (from {r.return_source})", decimal_text(r.observed_return, 8)),
        (f"confidence interval ({level})", f"{r.confidence_interval[0]:.6f} .. {r.confidence_interval[1]:.6f}"),
    ))
    data = {"game": r.game, "wager": r.wager, "strategy": r.strategy, "rounds": r.rounds, "alpha": r.alpha,
            "passed": r.passed,
            "verdict": r.verdict, "problems": list(r.problems),
            "chi_square": r.chi_square, "degrees_of_freedom": r.degrees_of_freedom, "p_value": r.p_value,
            "pooled": list(r.pooled), "exact_return": r.exact_return, "observed_return": r.observed_return,
            "observed_return_source": r.return_source, "confidence_interval": list(r.confidence_interval),
            "return_z": r.return_z, "return_p_value": r.return_p_value,
            "outcomes": [{"outcome": row.outcome, "observed": row.observed, "expected": row.expected,
                          "probability": row.probability, "z": row.z, "net": row.net,
                          "reported_net": row.reported_net} for row in r.rows]}
    notes = (f"Pooled into one chi-square cell (each expected fewer than {POOL_BELOW} times): "
             f"{', '.join(r.pooled)}.",) if r.pooled else ()
    of = "" if r.wager == "main" else f"wager {r.wager}, "
    return Report(f"{game.title}: simulator counts against the exact distribution ({of}strategy {r.strategy})",
                  (verdict, tests, returns, outcomes), data, notes, exit_status=0 if r.passed else 1)
