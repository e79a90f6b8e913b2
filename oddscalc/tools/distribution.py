"""Distribution of the net result of one round and of the total after N rounds: exact, or to a
guaranteed number of decimal digits.

One round: the analysis' outcome rows grouped by net.  N rounds: the N-th power of the round's
generating polynomial.  Nets are put on an integer grid (``net = (low + step * i) / scale``).

**Exact mode** (:func:`power`): weights are integers over the common denominator ``D ** N``, where
``D`` is the round's total number of deals reduced by the common factor of its counts.  The power is
taken by squaring, and each product by Kronecker substitution: both polynomials are packed into one
integer, a fixed number of decimal digits per coefficient, and multiplied by ``decimal`` (libmpdec
multiplies huge integers by number theoretic transforms, far faster than ``int``), then unpacked.
The work grows as N squared (support times digits).

**High precision mode** (:func:`power_high_precision`): weights are integers over ``10 ** P``.  The
round's probabilities and every product are rounded *down* (the product's coefficients are floored,
which is cutting the last P digits of each), and tails whose total is within a budget are dropped.
So every stored weight is at most its true value and the truths sum to 1: the total error is known
exactly, ``error = 10 ** P - sum(weights)``, and the probability of any set of totals lies between
its stored sum and that plus ``error``.  P is D (the digits asked for) plus guard digits chosen so
that ``error <= 10 ** -D`` (the bound is proved in :func:`precision_for`, and checked on the result).
The work grows as N times the digits, and less once the tails are dropped (their width grows as
the square root of N).

**Sizing**: :func:`plan_power` estimates, before any work, the time and peak memory of each mode from
the support length, the digits per weight and the rounds, the report's figures included (each
probability the report gives is an exact fraction as long as the weights, see :class:`Figures`); it
picks exact when that fits a small budget, else high precision, and refuses work beyond
:class:`Limits` with one line naming the limit and how to raise it.  :func:`round_distribution` sizes
the one-round grid before allocating it.

**Big numbers**: CPython 3.11 converts between ``int`` and decimal text (``str``, ``int(str)``,
``Decimal(int)``, ``int(Decimal)``) in quadratic time, about 0.2 s at 100,000 digits, so the weights
travel as decimal text and integral :class:`~decimal.Decimal` (libmpdec: linear conversions, fast
products), and :func:`to_decimal`, :func:`to_int` and :func:`fraction_text` convert by halves, in
about the time of a product.  What stays quadratic (``math.gcd``, behind every huge
:class:`~fractions.Fraction`) is counted once per figure in the estimate.

>>> d = round_distribution([(Fraction(-1), 1), (Fraction(1), 1)], 2)
>>> three = power(d, 3)
>>> [str(v) for v in three.values()], [int(w) for w in three.weights], three.denominator
(['-3', '-1', '1', '3'], [1, 3, 3, 1], 8)
>>> near = power_high_precision(d, 3, digits=5)
>>> near.exact, [int(w) // 10 ** (near.precision - 5) for w in near.weights]
(True, [12500, 37500, 37500, 12500])
"""
from __future__ import annotations

import decimal
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import TypeVar

from oddscalc.core.budget import Limits
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import decimal_text, probability_text, sqrt_decimal
from oddscalc.core.progress_bar import Progress

EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                        traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation, decimal.Overflow])
APPROX = decimal.Context(prec=30)

AUTO_EXACT_SECONDS, AUTO_EXACT_MB = 10, 500   # automatic mode: exact when its estimate fits these
DEFAULT_DIGITS = 30                           # high precision mode's digits when none are asked for
MAX_DIGITS = 100_000                          # the most digits high precision mode is asked for
MAX_ROUNDS = 10 ** 15                         # the estimates' floats stay finite below this
MAX_RUNNING = 100_000                         # running_powers: one product per round

# The cost model: CPU time and peak memory, calibrated with bench/distribution.py on a 2-core x86-64
# machine (estimates within about 30 % there; wall time is longer on a busy machine).
MULTIPLY_NS_PER_DIGIT = 27.0       # libmpdec, per digit of the product at a million digits ...
MULTIPLY_GROWTH = 0.055            # ... and this much more per doubling of the product (n log n)
PYTHON_NS_PER_DIGIT = 8.0          # packing, unpacking, converting: per digit of the product
PYTHON_NS_PER_COEFFICIENT = 700.0  # the same, per coefficient of the product
BYTES_PER_DIGIT = 3.5              # peak memory per digit of the largest product
BYTES_PER_COEFFICIENT = 160        # ... and per coefficient (Python objects)
GRID_BYTES_PER_POINT = 120         # a one-round grid point: its list slot, then the report's passes
GRID_NS_PER_POINT = 3000
# ... and of the figures computed from the N-round distribution (:class:`Figures`), per digit of its
# weights (W of them each): the weights made Decimals once, then each pass over them (sums) ...
CONVERT_NS_PER_DIGIT = 8.0
PASS_NS_PER_DIGIT = 0.3
CHANCE_NS_PER_DIGIT = 800.0        # ... a probability: its fractions made and printed (by halves) ...
CHANCE_NS_PER_DIGIT2 = 0.035       # ... and reduced (math.gcd: quadratic, W squared, two of them)
LEVEL_NS_PER_DIGIT = 5.0           # a quantile level's target
LIST_NS_PER_DIGIT = 12.0           # every total listed (--full): its decimal, its digits, the output ...
LIST_BYTES_PER_DIGIT = 4.0         # ... its digits in the report, then in the output
WEIGHT_BYTES_PER_DIGIT = 0.5       # the N-round weights kept for the report (integral Decimals)


# --- big numbers -------------------------------------------------------------------------

_SHORT_BITS = 4000          # below this many bits (digits), the built-in conversions are the faster
_SHORT_DIGITS = 1200


def to_decimal(value: int) -> Decimal:
    """An int as an integral Decimal (exponent 0), by halves of its bits (``Decimal(int)`` is
    quadratic); the way CPython 3.12's ``_pylong`` prints ints.

    >>> big = -(7 ** 20000) + 5
    >>> to_decimal(big) == Decimal(big), to_decimal(big).as_tuple().exponent, to_decimal(12)
    (True, 0, Decimal('12'))
    """
    powers: dict[int, Decimal] = {}

    def power(bits: int) -> Decimal:
        if bits not in powers:
            powers[bits] = Decimal(2) ** bits if bits <= 2 * _SHORT_BITS else power(bits // 2) * power(bits - bits // 2)
        return powers[bits]

    def convert(number: int, bits: int) -> Decimal:
        if bits <= _SHORT_BITS:
            return Decimal(number)
        half = bits // 2
        high = number >> half
        return convert(high, bits - half) * power(half) + convert(number - (high << half), half)

    with decimal.localcontext(EXACT):
        magnitude = convert(abs(value), abs(value).bit_length())
        return -magnitude if value < 0 else magnitude


def to_int(value: Decimal | int | str) -> int:
    """An integral Decimal (or decimal digits, or an int) as an int, by halves of its digits
    (``int(Decimal)`` and ``int(str)`` are quadratic).

    >>> big = 3 ** 30000 - 1
    >>> to_int(to_decimal(big)) == big, to_int(Decimal("-12")), to_int("007"), to_int(Decimal("1E+3"))
    (True, -12, 7, 1000)
    """
    if isinstance(value, int):
        return value
    text = value if isinstance(value, str) else f"{value:f}"
    sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
    powers: dict[int, int] = {}

    def convert(start: int, end: int) -> int:
        if end - start <= _SHORT_DIGITS:
            return int(text[start:end] or "0")
        low = (end - start) // 2
        if low not in powers:
            powers[low] = 10 ** low
        return convert(start, end - low) * powers[low] + convert(end - low, end)

    number = convert(0, len(text))
    return -number if sign else number


def integer_text(value: int) -> str:
    """The digits of an int of any size, in about the time of a product (``str(int)`` is quadratic
    and refuses more than 4300 digits).

    >>> integer_text(-12), len(integer_text(10 ** 5000))
    ('-12', 5001)
    """
    return str(value) if abs(value).bit_length() <= _SHORT_BITS else f"{to_decimal(value):f}"


def fraction_text(value: Fraction | int) -> str:
    """``p/q`` (``n`` when whole) of any size: what ``big_text`` writes, without quadratic ``str``.

    >>> fraction_text(Fraction(-3, 2)), fraction_text(Fraction(4, 2))
    ('-3/2', '2')
    >>> fraction_text(Fraction(1, 3 ** 5000)) == "1/" + str(Decimal(3 ** 5000))
    True
    """
    value = Fraction(value)
    if value.denominator == 1:
        return integer_text(value.numerator)
    return f"{integer_text(value.numerator)}/{integer_text(value.denominator)}"


def digits_of(value: int) -> int:
    """Decimal digits of ``|value|`` from its bit length (never a string); at least 1.

    >>> digits_of(0), digits_of(999), digits_of(1000), digits_of(-(10 ** 5000))
    (1, 3, 4, 5001)
    """
    value = abs(value)
    guess = max(1, math.floor((value.bit_length() - 1) * math.log10(2)) + 1)
    if value >= 10 ** guess:
        return guess + 1
    return guess - 1 if guess > 1 and value < 10 ** (guess - 1) else guess


# --- the distribution --------------------------------------------------------------------

def _decimal_ceil_log10(value: Decimal) -> int:
    """ceil(log10(value)) of an exact positive Decimal.

    >>> _decimal_ceil_log10(Decimal("0.001")), _decimal_ceil_log10(Decimal("0.0011")), _decimal_ceil_log10(Decimal(5))
    (-3, -2, 1)
    """
    top = value.adjusted()
    return top if value.scaleb(-top) == 1 else top + 1


def _decimal_bounds_text(low: Decimal, high: Decimal) -> str:
    """:meth:`Bounded.text` of ``[low, high]`` given as exact Decimals (bounds over a power of ten):
    the same text, in linear time whatever the digits."""
    with decimal.localcontext(EXACT):
        middle, width = (low + high) / 2, high - low
    if middle >= Decimal("1e-6"):
        places = min(10, -_decimal_ceil_log10(width))
        if places >= 1:
            rounding = decimal.Context(prec=decimal.MAX_PREC, rounding=decimal.ROUND_HALF_UP,
                                       Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
            return f"{middle.quantize(Decimal(1).scaleb(-places), context=rounding):f}"
    elif middle > 0:
        significant = min(4, middle.adjusted() + 1 - _decimal_ceil_log10(width))
        if significant >= 1:
            return f"{float(middle):.{significant - 1}e}"
    with decimal.localcontext(decimal.Context(prec=1, rounding=decimal.ROUND_CEILING, Emax=decimal.MAX_EMAX,
                                              Emin=decimal.MIN_EMIN)):
        return f"< {+high:.0e}"


@dataclass(frozen=True)
class Bounded:
    """A probability known to lie in ``[low, high]`` (exact when they are equal).  ``decimals``: the
    same bounds as exact Decimals when the distribution keeps them (high precision), so that
    :meth:`text` stays linear in their digits."""
    low: Fraction
    high: Fraction
    decimals: tuple[Decimal, Decimal] | None = field(default=None, compare=False, repr=False)

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def text(self) -> str:
        """A decimal; in scientific notation below one in a million.  Not exact: only digits the
        bound guarantees (the truth is within one unit of the last digit shown), or ``< x``.

        >>> Bounded(Fraction(1, 4), Fraction(1, 4)).text(), Bounded(Fraction(1, 10 ** 9), Fraction(1, 10 ** 9)).text()
        ('0.2500000000', '1.000e-09')
        >>> Bounded(Fraction(1, 3), Fraction(1, 3) + Fraction(1, 10 ** 6)).text()
        '0.333334'
        >>> Bounded(Fraction(1, 10 ** 9), Fraction(1002, 10 ** 12)).text()
        '1.00e-09'
        >>> Bounded(Fraction(0), Fraction(1, 10 ** 20)).text()
        '< 1e-20'
        """
        if self.exact:
            return probability_text(self.low)
        if self.decimals is not None:
            return _decimal_bounds_text(*self.decimals)
        middle, width = (self.low + self.high) / 2, self.high - self.low
        if middle >= Fraction(1, 10 ** 6):
            places = min(10, _floor_log10(1 / width))
            if places >= 1:
                return decimal_text(middle, places)
        elif middle > 0:
            significant = min(4, _floor_log10(middle) + 1 - _ceil_log10(width))
            if significant >= 1:
                return f"{float(middle):.{significant - 1}e}"
        with decimal.localcontext(decimal.Context(prec=1, rounding=decimal.ROUND_CEILING)):
            return f"< {+(Decimal(self.high.numerator) / self.high.denominator):.0e}"


def _floor_log10(value: Fraction) -> int:
    """
    >>> _floor_log10(Fraction(999)), _floor_log10(Fraction(1000)), _floor_log10(Fraction(1, 1000))
    (2, 3, -3)
    """
    value = Fraction(value)
    guess = digits_of(value.numerator) - digits_of(value.denominator)
    while Fraction(10) ** guess > value:
        guess -= 1
    while Fraction(10) ** (guess + 1) <= value:
        guess += 1
    return guess


def _ceil_log10(value: Fraction) -> int:
    """
    >>> _ceil_log10(Fraction(1000)), _ceil_log10(Fraction(1001)), _ceil_log10(Fraction(2, 1000))
    (3, 4, -2)
    """
    low = _floor_log10(value)
    return low if Fraction(10) ** low == value else low + 1


@dataclass(frozen=True)
class Distribution:
    """Weights of the totals ``(low + step * i) / scale``, i = 0..len(weights)-1, over ``denominator``.

    Weights are integers: ints for one round, integral Decimals after N rounds (do arithmetic on
    them in an exact context such as :data:`EXACT`; :func:`to_int` converts one quickly); the
    denominator is an int.  Exact (``error == 0``): the weights sum to the denominator.  High
    precision: each weight is at most the truth, totals beyond the list have been dropped, and
    ``error`` (over ``denominator``) is exactly the missing mass, so the probability of any set of
    totals lies between the stored sum and that plus ``error / denominator``.
    """
    rounds: int
    low: int
    step: int
    scale: int
    weights: Sequence[int | Decimal]    # int (one round) or integral Decimal (N rounds)
    denominator: int
    error: int = 0

    @property
    def exact(self) -> bool:
        return self.error == 0

    @property
    def error_bound(self) -> Fraction:
        """The largest error of any probability (of one total or of a set of them)."""
        return Fraction(self.error, self.denominator)

    @property
    def precision(self) -> int:
        """Decimal digits of the denominator (high precision mode: weights are over ``10 ** precision``)."""
        return self._denominator_decimal.adjusted()

    def guaranteed_digits(self) -> int | None:
        """Decimal places every probability is good to (error at most 10 ** -digits); None when exact.

        >>> Distribution(1, 0, 1, 1, [999], 1000, 1).guaranteed_digits()
        3
        """
        return None if self.exact else _floor_log10(1 / self.error_bound)

    def value(self, index: int) -> Fraction:
        """The total net of weight ``index``."""
        return Fraction(self.low + self.step * index, self.scale)

    def values(self) -> list[Fraction]:
        return [self.value(i) for i in range(len(self.weights))]

    def index_below(self, value: Fraction | int) -> int:
        """How many totals are strictly below ``value``."""
        grid = Fraction(value) * self.scale - self.low
        return min(max(math.ceil(grid / self.step), 0), len(self.weights))

    def _total(self, indices: Iterable[int]) -> Decimal:
        """The sum of the weights at ``indices``, exactly."""
        total = Decimal(0)
        with decimal.localcontext(EXACT):
            for i in indices:
                total += self.weights[i]
        return total

    def mass(self, indices: Iterable[int]) -> Fraction:
        """Probability of a set of totals (by index): exact, or the lower end of its bounds."""
        return Fraction(to_int(self._total(indices)), self.denominator)

    def bounded(self, probability: Fraction) -> Bounded:
        """A probability computed by :meth:`mass` (or :meth:`below`, :meth:`above`) with its bounds."""
        return Bounded(probability, min(Fraction(1), probability + self.error_bound))

    def _bounded(self, total: Decimal) -> Bounded:
        """The bounds of a sum of weights (:meth:`_total`): each end one fraction, converted once, and
        kept as exact Decimals too when the denominator is a power of ten."""
        low = Fraction(to_int(total), self.denominator)
        if self.exact:
            return Bounded(low, low)
        with decimal.localcontext(EXACT):
            top = min(total + self.error, self._denominator_decimal)
        high = Fraction(to_int(top), self.denominator)
        places = self._power_of_ten
        return Bounded(low, high, None if places is None else (total.scaleb(-places), top.scaleb(-places)))

    def probability(self, index: int) -> Fraction:
        return Fraction(to_int(self.weights[index]), self.denominator)

    def probability_text(self, index: int) -> str:
        """The decimal of one total's probability (:meth:`Bounded.text`; exact mode: 6 significant
        digits), without making a fraction of the weights' size in high precision mode."""
        if self.exact:
            return f"{self.probability_float(index):.6e}"
        places = self._power_of_ten
        if places is None:
            return self.bounded(self.probability(index)).text()
        weight = Decimal(self.weights[index])
        with decimal.localcontext(EXACT):
            top = min(weight + self.error, self._denominator_decimal)
        return _decimal_bounds_text(weight.scaleb(-places), top.scaleb(-places))

    @cached_property
    def _denominator_decimal(self) -> Decimal:
        """The denominator as a Decimal, converted once (by halves: converting a huge int is quadratic)."""
        return to_decimal(self.denominator)

    @cached_property
    def _power_of_ten(self) -> int | None:
        """P when the denominator is 10 ** P (high precision mode), else None."""
        places = self._denominator_decimal.adjusted()
        return places if self._denominator_decimal.scaleb(-places) == 1 else None

    def probability_float(self, index: int) -> float:
        """A decimal approximation (the exact value's digits can run to thousands)."""
        with decimal.localcontext(APPROX):
            return float(Decimal(self.weights[index]) / self._denominator_decimal)

    def below(self, value: Fraction | int) -> Fraction:
        """P(total < value)."""
        return self.mass(range(self.index_below(value)))

    def above(self, value: Fraction | int) -> Fraction:
        """P(total > value)."""
        return self.mass(range(self._index_above(value), len(self.weights)))

    def _index_above(self, value: Fraction | int) -> int:
        return self.index_below(Fraction(value) + Fraction(self.step, 2 * self.scale))

    def chances_below(self, values: Sequence[Fraction | int]) -> list[Bounded]:
        """P(total < value) with its bounds for each value, in one pass over the weights.

        >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
        >>> [b.low for b in power(coin, 3).chances_below([0, -10, 2, -1])]
        [Fraction(1, 2), Fraction(0, 1), Fraction(7, 8), Fraction(1, 8)]
        """
        ends = [self.index_below(value) for value in values]
        totals: dict[int, Decimal] = {}
        running, position = Decimal(0), 0
        with decimal.localcontext(EXACT):
            for end in sorted(set(ends)):
                for i in range(position, end):
                    running += self.weights[i]
                position, totals[end] = end, running
        return [self._bounded(totals[end]) for end in ends]

    def outlook(self) -> tuple[Bounded, Bounded, Bounded]:
        """P(total > 0), P(total = 0), P(total < 0), each with its bounds (computed once).

        >>> five = power(round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2), 5)
        >>> [(b.low, b.exact) for b in five.outlook()]
        [(Fraction(1, 2), True), (Fraction(0, 1), True), (Fraction(1, 2), True)]
        """
        return self._outlook

    @cached_property
    def _outlook(self) -> tuple[Bounded, Bounded, Bounded]:
        zero, above = self.index_below(0), self._index_above(0)
        behind, even = self._total(range(zero)), self._total(range(zero, above))
        ahead = self._total(range(above, len(self.weights)))
        return self._bounded(ahead), self._bounded(even), self._bounded(behind)

    def quantile_bounds(self, levels: Sequence[Fraction]) -> list[tuple[Fraction | None, Fraction | None]]:
        """For each level q, the totals between which the q-quantile (the smallest total whose cumulative
        probability reaches q) lies: one total when it is certain (always when exact).  None at an end
        means beyond the stored totals (only when the error bound is at least q or 1 - q).

        >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
        >>> power(coin, 3).quantile_bounds([Fraction(1, 2)])
        [(Fraction(-1, 1), Fraction(-1, 1))]
        >>> Distribution(1, 0, 1, 1, [49, 49], 100, 2).quantile_bounds([Fraction(1, 2), Fraction(99, 100)])
        [(Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), None)]
        """
        high = self._first_reaching(levels, 0)
        low = high if self.exact else self._first_reaching(levels, self.error)
        return [(None if a is None else self.value(a), None if b is None else self.value(b))
                for a, b in zip(low, high, strict=True)]

    def quantiles(self, levels: Sequence[Fraction]) -> list[Fraction | None]:
        """For each level q, the smallest total whose cumulative probability is at least q (exact mode;
        high precision: the largest total the q-quantile can be, see :meth:`quantile_bounds`)."""
        return [high for _low, high in self.quantile_bounds(levels)]

    def _first_reaching(self, levels: Sequence[Fraction], extra: int) -> list[int | None]:
        """For each level, the first index whose cumulative weight plus ``extra`` reaches it (one
        pass); None when no index does, or when ``extra`` alone does."""
        order = sorted(range(len(levels)), key=lambda k: levels[k])
        result: list[int | None] = [None] * len(levels)
        position, running = 0, Decimal(extra)
        with decimal.localcontext(EXACT):
            targets = [(Fraction(levels[k]).denominator,
                        Decimal(Fraction(levels[k]).numerator) * self._denominator_decimal)
                       for k in order]

            def reached() -> bool:
                scale, target = targets[position]
                return running * scale >= target

            while position < len(order) and reached():
                position += 1                   # reached by the error alone: no lower end
            for index, weight in enumerate(self.weights):
                if position == len(order):
                    break
                running += weight
                while position < len(order) and reached():
                    result[order[position]] = index
                    position += 1
        return result


# --- one round --------------------------------------------------------------------------

def round_distribution(rows: Iterable[tuple[Fraction, int]], total: int, limits: Limits | None = None) -> Distribution:
    """One round from ``(net, count)`` pairs over ``total`` equally likely deals.

    The grid is sized before it is allocated: too fine a grid (nets with a large common denominator)
    is refused with an :class:`InputError` naming the limit.

    >>> d = round_distribution([(Fraction(3, 2), 2), (Fraction(-1), 6)], 8)
    >>> d.values(), d.weights, d.denominator
    ([Fraction(-1, 1), Fraction(3, 2)], [3, 1], 4)
    >>> round_distribution([(Fraction(-3), 1), (Fraction(1, 10000019), 1), (Fraction(201), 1)], 3, Limits())
    Traceback (most recent call last):
    ...
    oddscalc.core.errors.InputError: the one-round grid (nets from -3 to 201 in steps of 2/10000019: \
1,020,001,939 points) needs about 122 GB and 3,060 s: beyond the memory limit of 2,048 MB (raise it ...
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
    points = (max(grid) - low) // step + 1
    (limits or Limits.resolve()).check(
        f"the one-round grid (nets from {Fraction(low, scale)} to {Fraction(max(grid), scale)} in steps of "
        f"{Fraction(step, scale)}: {points:,} points)", points * GRID_NS_PER_POINT * 1e-9,
        points * GRID_BYTES_PER_POINT)
    common = math.gcd(total, *grid.values())
    weights = [0] * points
    for g, count in grid.items():
        weights[(g - low) // step] = count // common
    return Distribution(1, low, step, scale, weights, total // common)


def analysis_distribution(analysis: Analysis, limits: Limits | None = None) -> Distribution:
    """The distribution of one round's net from an exact analysis."""
    return round_distribution(((row.net, row.count) for row in analysis.outcomes), analysis.total, limits)


# --- sizing -----------------------------------------------------------------------------

def schedule(rounds: int) -> list[tuple[int, int, int]]:
    """The products of the power by squaring, in order: the powers of the two factors, and how many
    times the product enters the final result (2 to the number of squarings after it).

    >>> schedule(5)     # x*x = x^2, x^2*x^2 = x^4, x^4*x = x^5
    [(1, 1, 2), (2, 2, 1), (4, 1, 1)]
    >>> schedule(1)
    []
    """
    bits = bin(rounds)[3:]
    steps, have = [], 1
    for position, bit in enumerate(bits):
        weight = 2 ** (len(bits) - position - 1)
        steps.append((have, have, weight))
        have *= 2
        if bit == "1":
            steps.append((have, 1, weight))
            have += 1
    return steps


def _digits(denominator: int, rounds: int) -> int:
    """Decimal digits that hold any weight of ``rounds`` rounds (weights are at most D ** rounds)."""
    return math.floor(rounds * math.log10(denominator)) + 2


def _estimate(products: Iterable[tuple[int, int]]) -> tuple[float, float, int]:
    """Seconds, peak bytes and largest product (digits) of a run of ``(coefficients, width)`` products."""
    seconds, memory, largest = 0.0, 0.0, 0
    for coefficients, width in products:
        digits = coefficients * width
        growth = 1 + MULTIPLY_GROWTH * max(0.0, math.log2(max(digits, 1) / 1e6))
        seconds += (digits * (MULTIPLY_NS_PER_DIGIT * growth + PYTHON_NS_PER_DIGIT)
                    + coefficients * PYTHON_NS_PER_COEFFICIENT) * 1e-9
        memory = max(memory, digits * BYTES_PER_DIGIT + coefficients * BYTES_PER_COEFFICIENT)
        largest = max(largest, digits)
    return seconds, memory, largest


@dataclass(frozen=True)
class Figures:
    """What is computed from the N-round distribution once it is made, for the sizing:
    ``chances`` probabilities of sets of totals (P(ahead), P(even), P(behind), a loss, the error
    bound: each an exact fraction with as many digits as the weights, reduced and printed),
    ``levels`` quantile levels, and whether ``every_total`` is listed (``--full``).  The default is
    the default report's."""
    chances: int = 16
    levels: int = 9
    every_total: bool = False


def figures_cost(support: int, digits: int, figures: Figures, exact: bool) -> tuple[float, float]:
    """Estimated seconds and peak bytes of ``figures`` from ``support`` weights of ``digits`` digits:
    the passes over the weights (the sums of :meth:`Distribution.outlook`, the losses and the
    quantiles, and the weights' conversion), each probability's fractions (whose reduction is
    quadratic in the digits), the levels' targets and the list of every total.

    >>> figures_cost(21, 10 ** 5, Figures(), False)[0] > 100 * figures_cost(21, 10 ** 3, Figures(), False)[0]
    True
    """
    passes = 3 + (0 if not figures.levels else 1 if exact else 2)
    nanoseconds = (support * digits * (CONVERT_NS_PER_DIGIT + passes * PASS_NS_PER_DIGIT)
                   + figures.chances * (digits * CHANCE_NS_PER_DIGIT + digits ** 2 * CHANCE_NS_PER_DIGIT2)
                   + figures.levels * digits * LEVEL_NS_PER_DIGIT)
    memory = support * digits * WEIGHT_BYTES_PER_DIGIT
    if figures.every_total:
        nanoseconds += support * digits * LIST_NS_PER_DIGIT
        memory += support * digits * LIST_BYTES_PER_DIGIT
    return nanoseconds * 1e-9, memory


def _with_figures(cost: tuple[float, float, int], support: int, digits: int, figures: Figures | None,
                  exact: bool) -> tuple[float, float, int]:
    if figures is None:
        return cost
    seconds, memory = figures_cost(support, digits, figures, exact)
    return cost[0] + seconds, max(cost[1], memory), cost[2]


def exact_cost(one: Distribution, rounds: int, figures: Figures | None = None) -> tuple[float, float, int]:
    """Estimated seconds, peak bytes and largest product (digits) of :func:`power`, and of the
    ``figures`` computed from it when given.

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> exact_cost(coin, 4)[2]      # x^2 * x^2: 5 coefficients of 3 digits
    15
    """
    length = len(one.weights) - 1
    cost = _estimate(((a + b) * length + 1, _digits(one.denominator, a + b)) for a, b, _ in schedule(rounds))
    return _with_figures(cost, rounds * length + 1, _digits(one.denominator, rounds), figures, True)


def _tail_reach(points: Sequence[tuple[int, float]], rounds: int, log_budget: float) -> float:
    """A grid index of the sum of ``rounds`` rounds beyond which the upper tail holds at most ``exp(log_budget)``
    (Chernoff: P(sum >= a) <= exp(rounds * log E[exp(t X)] - t a) for every t > 0).  Only sizes the
    pruned supports (float arithmetic), never decides what is dropped.

    >>> round(_tail_reach([(0, 0.5), (1, 0.5)], 1000, math.log(1e-30)))     # the tail of 1000 coin flips
    684
    """
    top = max(x for x, _ in points)
    spread = max(1, top - min(x for x, _ in points))

    def reach(log_t: float) -> float:
        t = math.exp(log_t) / spread
        log_mgf = t * top + math.log(sum(p * math.exp(t * (x - top)) for x, p in points))
        return (rounds * log_mgf - log_budget) / t

    a, b = -30.0, 12.0                       # golden-section search: the bound is quasi-convex in t
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(100):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if reach(c) < reach(d):
            b = d
        else:
            a = c
    return min(reach(a), float(rounds * top))


def _pruned_length(points: Sequence[tuple[int, float]], rounds: int, log_budget: float | None) -> int:
    """An estimate of the length kept of a ``rounds``-round support when each tail drops at most
    ``exp(log_budget)`` (None: nothing)."""
    top = max(x for x, _ in points)
    full = rounds * top + 1
    if log_budget is None:
        return full
    right = _tail_reach(points, rounds, log_budget)
    left = rounds * top - _tail_reach([(top - x, p) for x, p in points], rounds, log_budget)
    return min(full, max(1, math.floor(right) - math.ceil(left) + 3))


def precision_for(one: Distribution, rounds: int, digits: int) -> int:
    """The digits P of high precision weights (integers over 10 ** P) that guarantee ``digits``.

    Proof of the bound: let m(A) = 1 - sum of the stored A, the missing mass (stored <= truth).  The
    round's floors lose under one unit (10 ** -P) per nonzero weight, n in all.  A product C of A and
    B: sum(A * B) = (1 - m(A)) (1 - m(B)), its floors lose under one unit per coefficient (L of them)
    and the trimmed tails at most 2 b; so m(C) < m(A) + m(B) + L units + 2 b.  Unrolled over
    :func:`schedule`, m(result) < (rounds * n + sum w L) units + sum w 2 b, with w each product's
    weight there.  :func:`power_high_precision` takes b = 10 ** -digits / (4 S w) (S products), so
    the second sum is at most half of 10 ** -digits; P makes the first at most the other half
    (with L the support without trimming, an upper bound).

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> precision_for(coin, 1000, 20)      # 1000 * 2 + sum w L ~ 2e4: 5 guard digits
    25
    """
    length = len(one.weights) - 1
    units = rounds * sum(1 for w in one.weights if w)
    units += sum(weight * ((a + b) * length + 1) for a, b, weight in schedule(rounds))
    return digits + len(str(2 * units))


def _budgets(rounds: int, precision: int, digits: int) -> list[int]:
    """Each product's trimming budget per tail, in units of 10 ** -precision (see :func:`precision_for`)."""
    steps = schedule(rounds)
    return [10 ** (precision - digits) // (4 * len(steps) * weight) for _a, _b, weight in steps]


def high_precision_cost(one: Distribution, rounds: int, digits: int,
                        figures: Figures | None = None) -> tuple[float, float, int]:
    """Estimated seconds, peak bytes and largest product (digits) of :func:`power_high_precision`,
    and of the ``figures`` computed from it when given.

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> exact_cost(coin, 1000)[2] > high_precision_cost(coin, 1000, 20)[2]
    True
    """
    precision = precision_for(one, rounds, digits)
    points = [(i, int(w) / one.denominator) for i, w in enumerate(one.weights) if w]
    lengths = {1: len(one.weights)}
    products = []
    for (a, b, _weight), budget in zip(schedule(rounds), _budgets(rounds, precision, digits), strict=True):
        products.append((lengths[a] + lengths[b] - 1, 2 * precision + 1))
        log_budget = math.log(budget) - precision * math.log(10) if budget else None
        lengths[a + b] = _pruned_length(points, a + b, log_budget)
    return _with_figures(_estimate(products), lengths[rounds], precision + 1, figures, False)


@dataclass(frozen=True)
class Plan:
    """What :func:`plan_power` chose: the mode and the estimated cost (seconds, peak bytes)."""
    rounds: int
    digits: int | None          # None: exact; else the decimal digits guaranteed
    seconds: float
    memory: float
    largest: int                # digits of the largest product
    exactly: bool = False       # high precision asked, but the exact run is the cheaper (error 0)

    @property
    def mode(self) -> str:
        return "exact" if self.digits is None else "high precision"

    def run(self, one: Distribution) -> Distribution:
        """The distribution after ``rounds`` rounds, in the chosen mode (with a progress bar on a
        terminal, in digits of the products, when the run is long)."""
        how = "exact" if self.digits is None or self.exactly else self.mode
        with Progress(f"convolving {self.rounds:,} rounds ({how})", 1, unit="digit") as progress:
            if self.digits is None or self.exactly:
                return _power_exact(one, self.rounds, progress)
            return _power_high_precision(one, self.rounds, self.digits, progress)


def check_request(rounds: int, digits: int | None = None, exact: bool = False) -> None:
    """Refuse a request that makes no sense (before any work).

    >>> check_request(10, 0)
    Traceback (most recent call last):
    ...
    oddscalc.core.errors.InputError: --digits must be between 1 and 100000, got 0
    """
    if rounds < 1:
        raise InputError(f"--rounds must be at least 1, got {rounds}")
    if rounds > MAX_ROUNDS:
        raise InputError(f"--rounds must be at most 10**{len(str(MAX_ROUNDS)) - 1} (beyond any machine), got {rounds}")
    if digits is not None and not 1 <= digits <= MAX_DIGITS:
        raise InputError(f"--digits must be between 1 and {MAX_DIGITS}, got {digits}")
    if exact and digits is not None:
        raise InputError("--exact and --digits exclude each other: exact, or high precision to D digits")


def plan_power(one: Distribution, rounds: int, digits: int | None = None, exact: bool = False,
               limits: Limits | None = None, figures: Figures | None = None, shortcut: bool = True) -> Plan:
    """Size the N-round work before it starts and choose its mode: exact when asked (``exact``), high
    precision to ``digits`` when asked, else exact when its estimate is within
    :data:`AUTO_EXACT_SECONDS` and :data:`AUTO_EXACT_MB` (and the limits), else high precision to
    :data:`DEFAULT_DIGITS`.  High precision asked with more digits than the exact weights have (few
    rounds, many digits): the exact run is what the plan runs when it is the cheaper (``exactly``,
    its ``digits`` still guaranteed), unless ``shortcut`` is False.  The estimate counts the ``figures``
    computed from the result (by default the default report's, :class:`Figures`).  Work beyond the
    limits is refused with one :class:`InputError` line.

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> plan_power(coin, 10).mode, plan_power(coin, 10, digits=12).digits
    ('exact', 12)
    >>> plan_power(coin, 10 ** 7, exact=True)
    Traceback (most recent call last):
    ...
    oddscalc.core.errors.InputError: 10,000,000 rounds are too many to convolve exactly: the work needs about ...
    """
    if one.rounds != 1:
        raise ValueError("plan_power() takes a one-round distribution")
    check_request(rounds, digits, exact)
    limits = limits or Limits.resolve()
    figures = figures or Figures()
    listing = ""
    if figures.every_total:                 # say so when the list alone goes beyond the limits
        unlisted = replace(figures, every_total=False)
        fits = (limits.within(*exact_cost(one, rounds, unlisted)[:2]) if exact
                else limits.within(*high_precision_cost(one, rounds, digits or DEFAULT_DIGITS, unlisted)[:2]))
        listing = ", or leave out --full" if fits else ""
    if digits is None:
        whole = Plan(rounds, None, *exact_cost(one, rounds, figures))
        auto = Limits(min(AUTO_EXACT_MB, limits.memory_mb), min(AUTO_EXACT_SECONDS, limits.seconds))
        if exact or auto.within(whole.seconds, whole.memory):
            limits.check(f"{rounds:,} rounds are too many to convolve exactly: the work", whole.seconds,
                         whole.memory, "; or leave out --exact for high precision" + listing)
            return whole
    near = Plan(rounds, digits or DEFAULT_DIGITS,
                *high_precision_cost(one, rounds, digits or DEFAULT_DIGITS, figures))
    if digits is None and whole.seconds <= near.seconds and limits.within(whole.seconds, whole.memory):
        return whole                        # few rounds on a fine grid: exact is the cheaper
    if digits is not None and shortcut and _digits(one.denominator, rounds) <= precision_for(one, rounds, digits):
        exactly = Plan(rounds, digits, *exact_cost(one, rounds, figures), exactly=True)
        if exactly.seconds <= near.seconds and limits.within(exactly.seconds, exactly.memory):
            return exactly                  # more digits asked than the exact weights have
    limits.check(f"{rounds:,} rounds are too many even at {near.digits} digits: the work",
                 near.seconds, near.memory, "; or ask for fewer --digits" + listing)
    return near


# --- products ---------------------------------------------------------------------------

def weight_text(weight: object) -> str:
    """A weight's decimal digits: digit text as it is, an integral Decimal or an int (linear time)."""
    if isinstance(weight, str):
        return weight
    if isinstance(weight, Decimal):
        return f"{weight:f}"
    if isinstance(weight, int):
        return integer_text(weight)
    raise TypeError(f"a weight is an int, an integral Decimal or digit text, not {type(weight).__name__}")


def _pack(weights: Sequence[object], width: int) -> Decimal:
    return Decimal("".join(weight_text(w).zfill(width) for w in reversed(weights)) or "0")


def _blocks(product: Decimal, count: int, width: int, cut: int = 0) -> list[str]:
    """The ``count`` coefficients of a packed product, ``width`` digits each, lowest first, each
    without its last ``cut`` digits (that is, floored after division by ``10 ** cut``).

    >>> _blocks(Decimal(1002003), 3, 3), _blocks(Decimal(1002003), 3, 3, 2)
    (['003', '002', '1'], ['0', '0', '0'])
    """
    digits = f"{product:f}"
    end = len(digits)
    return [digits[max(0, end - (i + 1) * width):max(0, end - i * width - cut)] or "0" for i in range(count)]


def _multiply(a: Sequence[object], b: Sequence[object] | None, width: int, cut: int = 0) -> list[str]:
    """Coefficients of the product of two polynomials with non-negative integer coefficients (``b``
    None: the square of ``a``), each coefficient of the product below ``10 ** width``, by Kronecker
    substitution; each floored after division by ``10 ** cut``.  Coefficients in and out are decimal
    digits (text, or Decimals or ints in): never a quadratic int conversion."""
    with decimal.localcontext(EXACT):
        packed = _pack(a, width)
        product = packed * packed if b is None else packed * _pack(b, width)
    del packed
    return _blocks(product, len(a) + len(a if b is None else b) - 1, width, cut)


def _decimals(texts: list[str]) -> list[Decimal]:
    """Digit texts as integral Decimals; ``texts`` is emptied, each text freed as it is converted.

    >>> _decimals(["007", "12"])
    [Decimal('7'), Decimal('12')]
    """
    texts.reverse()
    weights: list[Decimal] = []
    with decimal.localcontext(EXACT):
        while texts:
            weights.append(Decimal(texts.pop()))
    return weights


def _power_exact(one: Distribution, rounds: int, progress: Progress | None = None) -> Distribution:
    if rounds == 1:
        return one
    results = {1: [str(w) for w in one.weights]}
    have = 1
    steps = schedule(rounds)
    length = len(one.weights) - 1
    sizes = [((a + b) * length + 1) * _digits(one.denominator, a + b) for a, b, _weight in steps]
    if progress is not None:
        progress.resize(sum(sizes))
    for (a, b, _weight), size in zip(steps, sizes, strict=True):
        results[a + b] = _multiply(results[a], None if a == b else results[b], _digits(one.denominator, a + b))
        if progress is not None:
            progress.step(size)
        if a > 1:
            del results[a]
        have = a + b
    weights = _decimals(list(results.pop(have)))
    return Distribution(rounds, one.low * rounds, one.step, one.scale, weights, one.denominator ** rounds)


def power(one: Distribution, rounds: int, limits: Limits | None = None) -> Distribution:
    """The distribution of the total of ``rounds`` independent rounds, exactly (sized first: refused
    beyond the limits)."""
    if one.rounds != 1:
        raise ValueError("power() takes a one-round distribution")
    return plan_power(one, rounds, exact=True, limits=limits).run(one)


_Weight = TypeVar("_Weight", int, str)


def _small(weight: object, digits: int) -> int | None:
    """A weight (digit text or int) as an int when it has at most ``digits`` digits, else None."""
    if isinstance(weight, int):
        return weight if digits_of(weight) <= digits else None
    text = str(weight).lstrip("0")
    return int(text or "0") if len(text) <= digits else None


def _trim(weights: list[_Weight], budget: int) -> tuple[list[_Weight], int]:
    """Drop weights (digit texts or ints) from each end while each end's dropped total stays within
    ``budget``; the kept weights and how many were dropped on the left.  Only the dropped weights,
    short ones, are ever converted.

    >>> _trim([0, 1, 2, 50, 3, 1], 2), _trim(["000", "001", "1000", "002"], 2)
    (([2, 50, 3], 2), (['1000'], 2))
    """
    limit = digits_of(budget)
    first, dropped = 0, 0
    while first < len(weights) - 1:
        value = _small(weights[first], limit)
        if value is None or dropped + value > budget:
            break
        dropped += value
        first += 1
    last, dropped = len(weights) - 1, 0
    while last > first:
        value = _small(weights[last], limit)
        if value is None or dropped + value > budget:
            break
        dropped += value
        last -= 1
    return weights[first:last + 1], first


def _scaled_round(one: Distribution, precision: int) -> tuple[list[str], int]:
    """The round's weights over ``10 ** precision``, floored, as digit texts; the tails of zeros
    dropped."""
    unit = Decimal("1" + "0" * precision)
    denominator = Decimal(one.denominator)
    with decimal.localcontext(EXACT):
        weights = [f"{Decimal(w) * unit // denominator:f}" for w in one.weights]
    return _trim(weights, 0)


def _near(one: Distribution, rounds: int, weights: list[str], offset: int, precision: int) -> Distribution:
    """A high precision distribution of digit texts over ``10 ** precision`` (``weights`` is emptied)."""
    numbers = _decimals(weights)
    with decimal.localcontext(EXACT):
        missing = to_int(Decimal("1" + "0" * precision) - sum(numbers, Decimal(0)))
    return Distribution(rounds, one.low * rounds + one.step * offset, one.step, one.scale, numbers,
                        10 ** precision, missing)


def _power_high_precision(one: Distribution, rounds: int, digits: int,
                          progress: Progress | None = None) -> Distribution:
    precision = precision_for(one, rounds, digits)
    results: dict[int, tuple[list[str], int]] = {1: _scaled_round(one, precision)}
    steps = schedule(rounds)
    if progress is not None:
        progress.resize(len(steps), "product")
    for (a, b, _weight), budget in zip(steps, _budgets(rounds, precision, digits), strict=True):
        (left, left_offset), (right, right_offset) = results[a], results[b]
        product = _multiply(left, None if a == b else right, 2 * precision + 1, precision)
        if progress is not None:
            progress.step()
        kept, dropped = _trim(product, budget)
        del product
        results[a + b] = (kept, left_offset + right_offset + dropped)
        if a > 1:
            del results[a]
    weights, offset = results[rounds]
    return _near(one, rounds, list(weights), offset, precision)


def power_high_precision(one: Distribution, rounds: int, digits: int = DEFAULT_DIGITS,
                         limits: Limits | None = None) -> Distribution:
    """The distribution of the total of ``rounds`` rounds with every probability (of one total or of
    any set of them) within ``10 ** -digits`` of the truth: see :class:`Distribution` for the bounds.
    Sized first: refused beyond the limits.

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> near = power_high_precision(coin, 200, digits=15)
    >>> near.error_bound <= Fraction(1, 10 ** 15), near.guaranteed_digits() >= 15
    (True, True)
    >>> abs(near.below(0) - power(coin, 200).below(0)) <= near.error_bound
    True
    """
    if one.rounds != 1:
        raise ValueError("power_high_precision() takes a one-round distribution")
    return plan_power(one, rounds, digits=digits, limits=limits, shortcut=False).run(one)


# --- every number of rounds up to N ------------------------------------------------------

def running_precision(one: Distribution, last: int, digits: int) -> int:
    """The digits P of :func:`running_powers`' weights (integers over 10 ** P) that guarantee ``digits``
    for every number of rounds up to ``last``.

    The proof of :func:`precision_for` with one product per round: the distribution after n rounds
    is that after n - 1 times the round's, so m(n) < m(n - 1) + m(1) + L_n units + 2 b, with L_n <=
    n * length + 1 coefficients.  Hence m(n) < (n * k + sum of L_j up to n) units + 2 n b (k: the
    round's nonzero weights), and with b = 10 ** -digits / (4 * last) the trimming costs at most half
    of 10 ** -digits; P makes the floors cost at most the other half.

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> running_precision(coin, 200, 15)      # 400 + sum (2n + 1) ~ 4e4: 5 guard digits
    20
    """
    length = len(one.weights) - 1
    units = last * sum(1 for w in one.weights if w) + length * (last * (last + 1) // 2 - 1) + (last - 1)
    return digits + len(str(2 * units))


def running_cost(one: Distribution, last: int, digits: int) -> tuple[float, float, int]:
    """Estimated seconds, peak bytes and largest product (digits) of :func:`running_powers` (every
    product is sized by the trimmed support of the last one, an upper bound).

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> running_cost(coin, 200, 15)[0] < 1
    True
    """
    precision = running_precision(one, last, digits)
    points = [(i, int(w) / one.denominator) for i, w in enumerate(one.weights) if w]
    budget = 10 ** (precision - digits) // (4 * last)
    log_budget = math.log(budget) - precision * math.log(10) if budget else None
    widest = _pruned_length(points, last, log_budget)
    length = len(one.weights)
    seconds, memory, largest = _estimate((min(n * (length - 1) + 1, widest) + length, 2 * precision + 1)
                                         for n in range(2, last + 1))
    each = figures_cost(min(last * (length - 1) + 1, widest), precision + 1, Figures(3, 5), False)
    return seconds + last * each[0], max(memory, each[1]), largest     # a par sheet's figures each round


def running_powers(one: Distribution, last: int, digits: int = DEFAULT_DIGITS, limits: Limits | None = None,
                   progress: Progress | None = None) -> Iterator[Distribution]:
    """The distributions of the total after 1, 2, ..., ``last`` rounds, each in high precision mode
    (every probability, of one total or of a set of them, within ``10 ** -digits``; the bounds of
    :class:`Distribution` hold with the error each one carries).  Each is the previous one times the
    round's, so all of them cost about what one power of ``last`` rounds costs.  Sized first:
    refused beyond the limits.

    >>> coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    >>> runs = list(running_powers(coin, 20, digits=12))
    >>> [d.rounds for d in runs[:3]], abs(runs[-1].below(0) - power(coin, 20).below(0)) <= runs[-1].error_bound
    ([1, 2, 3], True)
    """
    if one.rounds != 1:
        raise ValueError("running_powers() takes a one-round distribution")
    check_request(last, digits)
    if last > MAX_RUNNING:
        raise InputError(f"the distributions after every number of rounds up to {last:,}: at most "
                         f"{MAX_RUNNING:,} (one product per round); for one number of rounds, see distribution")
    seconds, memory, _largest = running_cost(one, last, digits)
    (limits or Limits.resolve()).check(f"the distributions after 1 to {last:,} rounds at {digits} digits",
                                       seconds, memory, "; or ask for fewer rounds")
    precision = running_precision(one, last, digits)
    budget = 10 ** (precision - digits) // (4 * last)
    base, base_offset = _scaled_round(one, precision)
    current, offset = base, base_offset
    for rounds in range(1, last + 1):
        if rounds > 1:
            current, dropped = _trim(_multiply(current, base, 2 * precision + 1, precision), budget)
            offset += base_offset + dropped
        yield _near(one, rounds, list(current), offset, precision)
        if progress is not None:
            progress.step()


def standard_deviation(variance: Fraction, digits: int = 30) -> Decimal:
    """The square root of an exact variance to ``digits`` significant digits, at any size (no float
    overflow).

    >>> standard_deviation(Fraction(2)), standard_deviation(Fraction(10 ** 700 + 1, 3))
    (Decimal('1.41421356237309504880168872421'), Decimal('5.77350269189625764509148780502E+349'))
    """
    root = sqrt_decimal(Fraction(variance), digits + 5)     # five guard digits, then one rounding
    with decimal.localcontext(decimal.Context(prec=digits, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)):
        return +root
