"""The distribution of the net result over N rounds: exact, or to guaranteed digits."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated

from oddscalc.api.arguments import (
    Flag,
    Game,
    Numbers,
    OptionalFilePath,
    OptionalNumbers,
    Pays,
    Rules,
    Whole,
    boundary,
)
from oddscalc.api.result import Result
from oddscalc.api.tables import load
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_exact, unlimited_int_digits
from oddscalc.tools.distribution import DEFAULT_DIGITS, MAX_DIGITS, MAX_ROUNDS, Distribution, check_request
from oddscalc.tools.distribution_report import distribution_report, report_figures, totals
from oddscalc.tools.plotting import plot_target

__all__ = ["DEFAULT_DIGITS", "MAX_DIGITS", "QUANTILES", "Distributed", "distribution"]

Rounds = Annotated[int, Whole(1, MAX_ROUNDS)]
OptionalDigits = Annotated[int | None, Whole(1, MAX_DIGITS)]
QUANTILES = tuple(Fraction(q) for q in ("0.01", "0.05", "0.1", "0.25", "0.5", "0.75", "0.9", "0.95", "0.99"))


@dataclass(frozen=True)
class Distributed(Result):
    """The distribution of the total net after ``rounds`` rounds: exact, or high precision (then
    each probability given is a lower bound within ``error_bound`` of the exact one)."""
    game: str
    rounds: int
    exact: bool
    expected_total: Fraction
    ahead: Fraction
    even: Fraction
    behind: Fraction
    error_bound: Fraction
    total: Distribution = field(repr=False, compare=False)


@boundary
def distribution(game: Game, rounds: Rounds = 1, *, quantiles: Numbers = QUANTILES,
                 losing_more_than: OptionalNumbers = None, full: Flag = False, digits: OptionalDigits = None,
                 exact: Flag = False, pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None,
                 plot: OptionalFilePath = None) -> Distributed:
    """The distribution of the net after ``rounds`` rounds: exact when that is cheap (or asked
    with ``exact``), else every probability to ``digits`` guaranteed digits.

    >>> result = distribution("five-plus-one-bonus", 10)
    >>> result.exact, result.ahead + result.even + result.behind
    (True, Fraction(1, 1))
    """
    check_request(rounds, digits, exact)                            # before any work, as the plot
    chart = plot_target(None if plot is None else os.fspath(plot))
    loaded = load(game, pays, rules, table)
    levels = [parse_exact(q, "--quantiles") for q in quantiles]
    if not levels or any(not 0 < q < 1 for q in levels):
        raise InputError("--quantiles must be levels between 0 and 1")
    losses = None if losing_more_than is None else [parse_exact(x, "--losing-more-than") for x in losing_more_than]
    with unlimited_int_digits():        # thousands of --digits are integers beyond str()'s 4300 digits
        computed = totals(loaded, rounds, digits, exact, figures=report_figures(losses, len(levels), full))
        ahead, even, behind = computed.total.outlook()
        return Distributed(loaded.name, rounds, computed.total.exact, rounds * computed.analysis.expected_return,
                           ahead.low, even.low, behind.low, Fraction(computed.total.error_bound), computed.total,
                           report=distribution_report(loaded, computed, levels, losses, full, chart))
