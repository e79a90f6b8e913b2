"""Exact distribution of the net result of one round and of the total after N rounds.

One round: the analysis' outcome rows grouped by net.  N rounds: the N-th power of the round's
generating polynomial, exactly.  Nets are put on an integer grid (``net = (low + step * i) /
scale``) and weights are integers over the common denominator ``D ** N``, where ``D`` is the
round's total number of deals reduced by the common factor of its counts.

Why it is fast enough: the polynomial power is taken by squaring, and each product by Kronecker
substitution: both polynomials are packed into one integer, a fixed number of decimal digits
per coefficient, and multiplied by ``decimal`` (libmpdec multiplies huge integers by number
theoretic transforms, far faster than ``int``), then unpacked.  The work grows as N squared
(support times digits), so N is capped by :data:`MAX_DIGITS`.

>>> d = round_distribution([(Fraction(-1), 1), (Fraction(1), 1)], 2)
>>> three = power(d, 3)
>>> [str(v) for v in three.values()], [int(w) for w in three.weights], three.denominator
(['-3', '-1', '1', '3'], [1, 3, 3, 1], 8)
"""
from __future__ import annotations

import decimal
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError

MAX_DIGITS = 400_000_000      # support x digits per weight of the largest product (about 1 GB of work space)
EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                        traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation, decimal.Overflow])
APPROX = decimal.Context(prec=30)


@dataclass(frozen=True)
class Distribution:
    """Weights of the totals ``(low + step * i) / scale``, i = 0..len(weights)-1, over ``denominator``.

    Weights and denominator are exact integers; the weights sum to the denominator.
    """
    rounds: int
    low: int
    step: int
    scale: int
    weights: list           # int (one round) or integral Decimal (N rounds)
    denominator: int

    def value(self, index: int) -> Fraction:
        """The total net of weight ``index``."""
        return Fraction(self.low + self.step * index, self.scale)

    def values(self) -> list[Fraction]:
        return [self.value(i) for i in range(len(self.weights))]

    def index_below(self, value: Fraction) -> int:
        """How many totals are strictly below ``value``."""
        grid = Fraction(value) * self.scale - self.low
        return min(max(math.ceil(grid / self.step), 0), len(self.weights))

    def mass(self, indices: Iterable[int]) -> Fraction:
        """Exact probability of a set of totals (by index)."""
        with decimal.localcontext(EXACT):
            total = sum((Decimal(self.weights[i]) for i in indices), Decimal(0))
        return Fraction(int(total), self.denominator)

    def probability(self, index: int) -> Fraction:
        return Fraction(int(self.weights[index]), self.denominator)

    def probability_float(self, index: int) -> float:
        """A decimal approximation (the exact value's digits can run to thousands)."""
        with decimal.localcontext(APPROX):
            return float(Decimal(self.weights[index]) / Decimal(self.denominator))

    def below(self, value: Fraction) -> Fraction:
        """P(total < value)."""
        return self.mass(range(self.index_below(value)))

    def above(self, value: Fraction) -> Fraction:
        """P(total > value)."""
        return self.mass(range(self.index_below(Fraction(value) + Fraction(self.step, 2 * self.scale)),
                               len(self.weights)))

    def quantiles(self, levels: Sequence[Fraction]) -> list[Fraction]:
        """For each level q, the smallest total whose cumulative probability is at least q (one pass)."""
        order = sorted(range(len(levels)), key=lambda k: levels[k])
        result: list[Fraction | None] = [None] * len(levels)
        position, running = 0, Decimal(0)
        with decimal.localcontext(EXACT):
            for index, weight in enumerate(self.weights):
                running += Decimal(weight)
                while position < len(order):
                    level = Fraction(levels[order[position]])
                    if running * level.denominator < Decimal(level.numerator) * Decimal(self.denominator):
                        break
                    result[order[position]] = self.value(index)
                    position += 1
                if position == len(order):
                    break
        found = [value for value in result if value is not None]
        assert len(found) == len(levels), "every level is reached: the weights sum to the denominator"
        return found


def round_distribution(rows: Iterable[tuple[Fraction, int]], total: int) -> Distribution:
    """One round from ``(net, count)`` pairs over ``total`` equally likely deals.

    >>> d = round_distribution([(Fraction(3, 2), 2), (Fraction(-1), 6)], 8)
    >>> d.values(), d.weights, d.denominator
    ([Fraction(-1, 1), Fraction(3, 2)], [3, 1], 4)
    """
    counts: dict[Fraction, int] = {}
    for net, count in rows:
        if count:
            counts[Fraction(net)] = counts.get(Fraction(net), 0) + count
    if sum(counts.values()) != total or not counts:
        raise ValueError("counts must sum to the total")
    scale = math.lcm(*(net.denominator for net in counts))
    grid = {int(net * scale): count for net, count in counts.items()}
    low = min(grid)
    step = math.gcd(*(g - low for g in grid)) or 1
    common = math.gcd(total, *grid.values())
    weights = [0] * ((max(grid) - low) // step + 1)
    for g, count in grid.items():
        weights[(g - low) // step] = count // common
    return Distribution(1, low, step, scale, weights, total // common)


def analysis_distribution(analysis: Analysis) -> Distribution:
    """The distribution of one round's net from an exact analysis."""
    return round_distribution(((row.net, row.count) for row in analysis.outcomes), analysis.total)


def _digits(denominator: int, rounds: int) -> int:
    """Decimal digits that hold any weight of ``rounds`` rounds (weights are at most D ** rounds)."""
    return math.floor(rounds * math.log10(denominator)) + 2


def cost(one: Distribution, rounds: int) -> int:
    """Digits of the largest product the N-round power needs (support x digits per weight)."""
    return (len(one.weights) - 1) * rounds * _digits(one.denominator, rounds)


def _pack(weights: Sequence, width: int) -> Decimal:
    return Decimal("".join(str(w).zfill(width) for w in reversed(weights)) or "0")


def _multiply(a: list, b: list, width: int) -> list[str]:
    """Coefficients of the product of two polynomials with non-negative integer coefficients,
    each below ``10 ** width``, by Kronecker substitution."""
    with decimal.localcontext(EXACT):
        product = _pack(a, width) * _pack(b, width)
    count = len(a) + len(b) - 1
    digits = str(product).zfill(count * width)
    end = len(digits)
    return [digits[end - (i + 1) * width:end - i * width] for i in range(count)]


def power(one: Distribution, rounds: int) -> Distribution:
    """The distribution of the total of ``rounds`` independent rounds, exactly."""
    if one.rounds != 1:
        raise ValueError("power() takes a one-round distribution")
    if rounds < 1:
        raise InputError(f"--rounds must be at least 1, got {rounds}")
    if cost(one, rounds) > MAX_DIGITS:
        raise InputError(f"{rounds} rounds are too many to convolve exactly for this game "
                         f"(about {cost(one, rounds):,} digits of work; at most {MAX_DIGITS:,})")
    if rounds == 1:
        return one
    result, have = None, 0
    for bit in bin(rounds)[2:]:
        if result is not None:
            result, have = _multiply(result, result, _digits(one.denominator, 2 * have)), 2 * have
        if bit == "1":
            if result is None:
                result, have = [str(w) for w in one.weights], 1
            else:
                result, have = _multiply(result, one.weights, _digits(one.denominator, have + 1)), have + 1
    assert result is not None          # rounds >= 1, so the first bit set it
    with decimal.localcontext(EXACT):
        weights = [Decimal(w) for w in result]
    return Distribution(rounds, one.low * rounds, one.step, one.scale, weights, one.denominator ** rounds)
