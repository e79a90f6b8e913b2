"""Exact economics of a settled outcome table: return, edge, wager, element of risk, variance.

Every game's analysis ends as rows ``(outcome, count, net, wager)``: how many of ``total``
equally likely deals end that way, the player's net win per unit and the amount wagered per
unit.  Every metric (named as docs/rules.md lists them) follows from the rows alone.

>>> a = Analysis("coin", "even", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))))
>>> a.expected_return, a.variance, a.hit_frequency
(Fraction(0, 1), Fraction(1, 1), Fraction(1, 2))
>>> round(a.volatility_index(Fraction(95, 100)), 6), [(r.net, r.count) for r in a.net_rows()]
(1.959964, [(Fraction(-1, 1), 1), (Fraction(1, 1), 1)])
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cached_property

from oddscalc.core.numbers import sqrt_decimal


@dataclass(frozen=True)
class Outcome:
    """One row of an outcome table: a count of deals, the net per unit, the amount wagered per unit."""
    outcome: str
    count: int
    net: Fraction
    wager: Fraction = Fraction(1)


@dataclass(frozen=True)
class NetRow:
    """One net amount of a round: the deals that end with it, and the outcome rows it gathers."""
    net: Fraction
    count: int
    outcomes: tuple[str, ...]


# The session ranges that the volatility index is quoted for (two-sided confidence levels).
VOLATILITY_LEVELS = (Fraction(90, 100), Fraction(95, 100))


def normal_quantile(confidence: Fraction) -> float:
    """z such that a standard normal variable lies within ±z with probability ``confidence``:
    the ``(1 + confidence) / 2`` quantile (1.6449 at 90 %, 1.9600 at 95 %).

    >>> round(normal_quantile(Fraction(9, 10)), 6), round(normal_quantile(Fraction(95, 100)), 6)
    (1.644854, 1.959964)
    """
    if not 0 < confidence < 1:
        raise ValueError("a confidence level lies strictly between 0 and 1")
    # imported here: most commands never ask for a quantile
    from statistics import NormalDist
    return NormalDist().inv_cdf(float((1 + Fraction(confidence)) / 2))


def action_metric(key: str) -> tuple[str, str]:
    """The metric key and label of an action's probability, named ``action`` in a game of one
    decision point and ``point: action`` in a game of several.

    >>> action_metric("flop: raise 2x")
    ('action_probability_flop_raise_2x', 'probability of raise 2x (flop, of all rounds)')
    """
    point, _, action = key.rpartition(": ")
    slug = re.sub(r"[^a-z0-9]+", "_", key.lower()).strip("_")
    return f"action_probability_{slug}", f"probability of {action}" + (f" ({point}, of all rounds)" if point else "")


@dataclass(frozen=True)
class Analysis:
    """An outcome table over ``total`` equally likely deals, and its metrics (all exact).

    ``call_probability`` is given by the game when a call/play decision exists: the one yes/no
    decision of today's games.  ``action_probabilities`` is given by a game of several actions or
    decision points (a staged game): for each action at each point (keys ``raise 4x`` in a game of
    one point, ``flop: raise 2x`` in a game of several) the share of all rounds that take it there,
    so a later point's shares sum to the rounds that reach it; each is a metric row of its own.
    The sums over the outcomes (expected return, average wager, variance) are computed once: every
    metric and report reads them again, and Fractions are costly.
    """
    game: str
    table: str
    total: int
    outcomes: tuple[Outcome, ...]
    call_probability: Fraction | None = None
    unit: str = "unit"
    # a dict: not part of the hash (the rest is), copied so the caller's dict is not shared
    action_probabilities: Mapping[str, Fraction] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        counted = sum(row.count for row in self.outcomes)
        if counted != self.total:
            raise AssertionError(f"{self.game}: outcome counts sum to {counted}, not {self.total}")
        shares = dict(self.action_probabilities)
        if any(not 0 <= p <= 1 for p in shares.values()):
            raise AssertionError(f"{self.game}: an action probability outside [0, 1]: {shares}")
        if len({action_metric(key)[0] for key in shares}) != len(shares):
            raise AssertionError(f"{self.game}: two actions share a metric key: {list(shares)}")
        object.__setattr__(self, "action_probabilities", shares)

    def probability(self, row: Outcome) -> Fraction:
        """Exact probability of one outcome row."""
        return Fraction(row.count, self.total)

    def contribution(self, row: Outcome) -> Fraction:
        """The row's share of the expected return: probability times net."""
        return self.probability(row) * row.net

    @cached_property
    def expected_return(self) -> Fraction:
        """Expected net win per unit (negative: the house is ahead)."""
        return sum((Fraction(row.count) * row.net for row in self.outcomes), Fraction(0)) / self.total

    @property
    def house_edge(self) -> Fraction:
        """Minus the expected return: what the house keeps per unit."""
        return -self.expected_return

    @property
    def rtp(self) -> Fraction:
        """Return to player per unit: 1 + expected return."""
        return 1 + self.expected_return

    @cached_property
    def average_wager(self) -> Fraction:
        """Expected total amount wagered per unit."""
        return sum((Fraction(row.count) * row.wager for row in self.outcomes), Fraction(0)) / self.total

    @property
    def element_of_risk(self) -> Fraction:
        """House edge per amount actually wagered."""
        return self.house_edge / self.average_wager

    @property
    def rtp_total(self) -> Fraction:
        """Return to player per total amount wagered: 1 - element of risk."""
        return 1 - self.element_of_risk

    @cached_property
    def variance(self) -> Fraction:
        """Variance of the net win per unit."""
        second = sum((Fraction(row.count) * row.net * row.net for row in self.outcomes), Fraction(0))
        return second / self.total - self.expected_return ** 2

    @property
    def std_dev(self) -> float:
        """Standard deviation of the net win per unit (irrational, so a decimal)."""
        variance = self.variance
        if variance < 10 ** 300:
            return math.sqrt(variance)
        return float(sqrt_decimal(variance, 17))     # beyond a float's range: no OverflowError

    @property
    def hit_frequency(self) -> Fraction:
        """Probability that a round ends with the player ahead: net > 0.  A push (net 0, the
        stakes back) is not a hit, nor is a round that returns part of the stakes (net < 0)."""
        return Fraction(sum(row.count for row in self.outcomes if row.net > 0), self.total)

    def volatility_index(self, confidence: Fraction) -> float:
        """The volatility index at a confidence level: z × std_dev, with z the two-sided normal
        quantile (:func:`normal_quantile`), in units per round.  Over n rounds the net lies within
        n × expected return ± VI × √n with about that confidence (the normal approximation)."""
        z = normal_quantile(confidence)
        if self.variance < 10 ** 300:
            return z * self.std_dev
        return float(Decimal(repr(z)) * sqrt_decimal(self.variance, 17))   # no float overflow

    def net_rows(self) -> tuple[NetRow, ...]:
        """The exact distribution of the net per round: the outcome rows grouped by net, lowest
        net first (nets that no deal ends with are left out)."""
        counts: dict[Fraction, int] = {}
        names: dict[Fraction, list[str]] = {}
        for row in self.outcomes:
            if row.count:
                counts[row.net] = counts.get(row.net, 0) + row.count
                names.setdefault(row.net, []).append(row.outcome)
        return tuple(NetRow(net, counts[net], tuple(names[net])) for net in sorted(counts))

    def metrics(self) -> list[tuple[str, str, Fraction | float]]:
        """(key, label, value) of every metric, in print order."""
        rows: list[tuple[str, str, Fraction | float]] = [
            ("expected_return", f"expected return per {self.unit}", self.expected_return),
            ("house_edge", f"house edge per {self.unit}", self.house_edge),
            ("rtp", f"return to player per {self.unit}", self.rtp),
            ("average_wager", f"average total wager per {self.unit}", self.average_wager),
            ("element_of_risk", "house edge per total amount wagered (element of risk)", self.element_of_risk),
            ("rtp_total", "return to player per total amount wagered", self.rtp_total),
        ]
        if self.call_probability is not None:
            rows.append(("call_probability", "probability of calling (playing)", self.call_probability))
        rows += [(*action_metric(key), p) for key, p in self.action_probabilities.items()]
        rows += [
            ("variance", f"variance of the net per {self.unit}", self.variance),
            ("std_dev", f"standard deviation of the net per {self.unit}", self.std_dev),
            ("hit_frequency", "hit frequency: probability that a round wins (net > 0; a push is no hit)",
             self.hit_frequency),
        ]
        for level in VOLATILITY_LEVELS:
            percent = int(level * 100)
            rows.append((f"volatility_index_{percent}",
                         f"volatility index at {percent} % (z = {normal_quantile(level):.4f} × standard deviation)",
                         self.volatility_index(level)))
        return rows
