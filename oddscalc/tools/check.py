"""Compare a simulator's outcome counts with the exact distribution: is the simulator right?

Four checks, each at significance ``alpha`` (default 0.01):

1. every outcome the simulator reports exists in the analysis, and none with probability 0
   occurred;
2. where the simulator states a net per outcome, it equals the exact net (a payout bug);
3. Pearson's chi-square goodness of fit of the counts; outcomes expected fewer than 5 times are
   pooled into one cell (and, while that cell is still below 5, with the next rarest outcome);
   p-value from the chi-square survival function (mpmath's regularized upper incomplete gamma);
4. the observed return per unit (from the simulator's total net when given, else from the counts
   and the nets) against the exact return: z = (observed - exact) / (exact sd / sqrt(n)), two-sided.

Each outcome's z-score ``(observed - expected) / sqrt(n p (1 - p))`` is reported (not a verdict on
its own: with many outcomes some |z| > 2 happen by chance), and the observed return's
confidence interval (level 1 - alpha) uses the sample standard deviation of the nets.

The verdict passes when no check fails.  A simulator's test suite can call :func:`check_counts`.

>>> from oddscalc.core.economics import Analysis, Outcome
>>> coin = Analysis("coin", "", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))))
>>> check_counts(coin, {"win": 5010, "lose": 4990}).passed
True
>>> check_counts(coin, {"win": 6000, "lose": 4000}).passed
False
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import mpmath

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError, nearest
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import parse_exact
from oddscalc.engines.base import EXACT, OPTIMAL
from oddscalc.tools.counts_file import Counts, counts_of, read_counts, shown

MAIN = "main"                        # the wager a game is played for (engines.base.Wager.key)

POOL_BELOW = 5
DEFAULT_ALPHA = Fraction(1, 100)
MIN_ALPHA = Fraction(1, 10 ** 12)


@dataclass(frozen=True)
class OutcomeCheck:
    """One outcome: observed against expected."""
    outcome: str
    observed: int
    expected: Fraction
    probability: Fraction
    z: float | None                # None when the probability is 0 or 1
    net: Fraction
    reported_net: Fraction | None


@dataclass(frozen=True)
class CheckResult:
    """Every statistic of a check and the verdict."""
    game: str
    strategy: str
    rounds: int
    alpha: Fraction
    rows: tuple[OutcomeCheck, ...]
    chi_square: float | None
    degrees_of_freedom: int
    p_value: float | None
    pooled: tuple[str, ...]
    exact_return: Fraction
    observed_return: Fraction
    return_source: str
    confidence_interval: tuple[float, float]
    return_z: float
    return_p_value: float
    problems: tuple[str, ...]
    wager: str = MAIN                # the wager checked: the main one, or a side bet's key

    @property
    def passed(self) -> bool:
        return not self.problems

    @property
    def verdict(self) -> str:
        level = f"{float(self.alpha):g}"
        if self.passed:
            return (f"PASS: the counts are consistent with the exact distribution (no check rejects at "
                    f"significance {level})")
        return "FAIL: " + "; ".join(self.problems)


def _z(observed: int, rounds: int, p: Fraction) -> float | None:
    if p in (0, 1):
        return None
    return (observed - rounds * float(p)) / math.sqrt(rounds * float(p) * (1 - float(p)))


def chi_square_cells(rows: tuple[OutcomeCheck, ...]) -> tuple[list[tuple[int, Fraction]], tuple[str, ...]]:
    """(observed, expected) cells of the test, rare outcomes pooled; and the pooled outcomes' names.

    >>> r = lambda n, o, e: OutcomeCheck(n, o, Fraction(e), Fraction(e, 100), None, Fraction(0), None)
    >>> chi_square_cells((r("a", 50, 48), r("b", 2, 3), r("c", 1, 1), r("d", 40, 41)))
    ([(50, Fraction(48, 1)), (43, Fraction(45, 1))], ('c', 'b', 'd'))
    """
    cells = sorted((row for row in rows if row.probability > 0), key=lambda row: row.expected)
    pooled: list[OutcomeCheck] = []
    while cells and (not pooled or sum(row.expected for row in pooled) < POOL_BELOW) \
            and (cells[0].expected < POOL_BELOW or pooled):
        pooled.append(cells.pop(0))
    result = [(row.observed, row.expected) for row in sorted(cells, key=rows.index)]
    if pooled:
        result.append((sum(row.observed for row in pooled), sum((row.expected for row in pooled), Fraction(0))))
    return result, tuple(row.outcome for row in pooled) if len(pooled) > 1 else ()


def chi_square_p_value(statistic: float, degrees_of_freedom: int) -> float:
    """P(chi-square with ``degrees_of_freedom`` >= statistic), by mpmath.

    >>> round(chi_square_p_value(3.841458820694124, 1), 6)
    0.05
    """
    return float(mpmath.gammainc(mpmath.mpf(degrees_of_freedom) / 2, mpmath.mpf(statistic) / 2, mpmath.inf,
                                 regularized=True))


def normal_quantile(probability: float) -> float:
    """The standard normal quantile, by mpmath.

    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    return float(mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(probability) - 1))


def two_sided_p_value(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z, by mpmath."""
    return float(mpmath.erfc(abs(mpmath.mpf(z)) / mpmath.sqrt(2)))


def parse_alpha(value: object, what: str = "alpha") -> Fraction:
    """The significance level: an exact number in [1e-12, 1).

    >>> parse_alpha("0.05")
    Fraction(1, 20)
    >>> parse_alpha(1, "--alpha")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --alpha must be at least 1e-12 and below 1, got 1
    """
    level = parse_exact(value, what, negative=True)
    if not MIN_ALPHA <= level < 1:
        raise InputError(f"{what} must be at least 1e-12 and below 1, got {float(level):g}")
    return level


def _known(counts: Counts, analysis: Analysis) -> None:
    """Refuse an outcome the analysis does not have, with the nearest name or the list."""
    exact = [row.outcome for row in analysis.outcomes]
    for name in (*counts.counts, *counts.nets):
        if name not in exact:
            close = nearest(name, exact)
            hint = f"did you mean '{close}'?" if close else f"expected one of: {', '.join(exact)}"
            raise InputError(f"{counts.source}: '{name}' is not an outcome of {shown(analysis.game)} ({hint})")


def check_counts(analysis: Analysis, counts: Counts | Mapping[str, int], alpha: Fraction | float = DEFAULT_ALPHA,
                 strategy: str = OPTIMAL, wager: str = MAIN) -> CheckResult:
    """Check outcome counts (a :class:`Counts` or a mapping outcome -> count, each refused in one
    line when malformed) against the exact analysis of the strategy that played them."""
    counts = counts_of(counts)
    alpha = parse_alpha(alpha)
    _known(counts, analysis)
    exact = {row.outcome: row for row in analysis.outcomes}
    n = counts.rounds
    if n < 2:
        raise InputError(f"{counts.source}: {n} round in all; a check needs at least 2")
    problems = []
    rows = []
    for name, row in exact.items():
        p = analysis.probability(row)
        observed = counts.counts.get(name, 0)
        reported = counts.nets.get(name)
        rows.append(OutcomeCheck(name, observed, n * p, p, _z(observed, n, p), row.net, reported))
        if p == 0 and observed:
            problems.append(f"{observed} x '{name}', which cannot happen")
        if reported is not None and reported != row.net:
            problems.append(f"'{name}' is paid {reported} per unit, the rules pay {row.net}")

    cells, pooled = chi_square_cells(tuple(rows))
    chi, df, p_value = None, len(cells) - 1, None
    if df >= 1:
        chi = sum(float((o - e) ** 2 / e) for o, e in cells)
        p_value = chi_square_p_value(chi, df)
        if p_value < alpha:
            problems.append(f"chi-square {chi:.2f} with {df} degrees of freedom, p = {p_value:.3g} < {float(alpha):g}")

    nets = {row.outcome: row.reported_net if row.reported_net is not None else row.net for row in rows}
    if counts.total_net is not None:
        observed_return, source = counts.total_net / n, "the simulator's total net"
    else:
        observed_return = sum((row.observed * nets[row.outcome] for row in rows), Fraction(0)) / n
        source = "the counts and the simulator's nets" if counts.nets else "the counts and the exact nets"
    sample_var = float(sum((row.observed * (nets[row.outcome] - observed_return) ** 2 for row in rows),
                           Fraction(0)) / (n - 1))
    half = normal_quantile(1 - float(alpha) / 2) * math.sqrt(sample_var / n)
    interval = (float(observed_return) - half, float(observed_return) + half)
    sd = analysis.std_dev / math.sqrt(n)
    return_z = float(observed_return - analysis.expected_return) / sd if sd else 0.0
    return_p = two_sided_p_value(return_z)
    if return_p < alpha:
        problems.append(f"observed return {float(observed_return):.6f} per unit is {return_z:+.2f} standard "
                        f"errors from the exact {float(analysis.expected_return):.6f} (p = {return_p:.3g})")
    return CheckResult(analysis.game, strategy, n, alpha, tuple(rows), chi, df, p_value, pooled,
                       analysis.expected_return, observed_return, source, interval, return_z, return_p,
                       tuple(problems), wager)


def check_file(game: GameTable, path: str, strategy: str | None = None,
               alpha: Fraction | float = DEFAULT_ALPHA, wager: str = MAIN) -> CheckResult:
    """Read a counts file and check it against the exact analysis of ``game`` under the strategy
    the counts were played with (``strategy``, else the file's, else the optimal one)."""
    return check_game_counts(game, read_counts(path), strategy, alpha, wager)


def check_game_counts(game: GameTable, counts: Counts | Mapping[str, int], strategy: str | None = None,
                      alpha: Fraction | float = DEFAULT_ALPHA, wager: str = MAIN) -> CheckResult:
    """Check counts against the exact analysis of ``game`` under the strategy they were played with
    (``strategy``, else the counts', else the optimal one), refusing counts of another game; of the
    main wager, or of any other wager the family analyses exactly (``wager``: its key, a side bet's
    paytable such as ``pair-plus``), so a side bet's own simulator is checked too."""
    counts = counts_of(counts)
    alpha = parse_alpha(alpha)
    if counts.game and counts.game != game.name:
        raise InputError(f"{counts.source}: the counts are for '{shown(counts.game)}', not '{game.name}'")
    if strategy is not None and (not isinstance(strategy, str) or not strategy.strip()
                                 or not strategy.isprintable()):
        raise InputError(f"strategy must be a strategy's name, file or rules, got {shown(repr(strategy))}")
    strategy = strategy or counts.strategy or OPTIMAL
    family = EXACT.of(game)
    if wager == MAIN:
        return check_counts(family.analyze(game, strategy), counts, alpha, strategy)
    wagers = {w.key: w.analysis for w in family.wagers(game, strategy)}
    if wager not in wagers:
        raise InputError(f"{game.name} has no wager '{shown(wager)}' (its wagers: {', '.join(wagers)})")
    return check_counts(wagers[wager], counts, alpha, strategy, wager)
