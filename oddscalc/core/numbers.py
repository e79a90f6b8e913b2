"""Numbers in and out: the one exact-number parser, and every way a number is printed.

Parsing is strict because a number a user types becomes exact arithmetic: ASCII digits only
(``٦`` is refused), a bounded exponent and a bounded digit count, so no input can make an exact
computation run for minutes.  Printing rounds exact rationals exactly (never through a float
computed along the way); floats appear only for irrational figures such as a standard deviation.

>>> parse_exact("3/2", "--pay flush"), parse_exact("1.5e1", "--pay flush")
(Fraction(3, 2), Fraction(15, 1))
>>> decimal_text(Fraction(-2, 3), 4), percent_text(Fraction(1, 3)), exact_text(Fraction(6, 4))
('-0.6667', '33.3333 %', '3/2')
"""
from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from fractions import Fraction

from oddscalc.core.errors import InputError, quoted

# A numerator or denominator of at most this many digits: payouts and ratios stay within the
# 64-bit integers the kernels compare in (with 128-bit products), and exact sums stay small.
MAX_DIGITS = 18
# Decimal exponents beyond this are refused before anything is computed (``1e1000000000``).
MAX_EXPONENT = 18
# What every refusal of a number says is accepted.
EXPECTED = "expected an integer, a decimal or p/q"

_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?)([0-9]+))?")
_RATIO = re.compile(r"([+-]?)([0-9]+)/([0-9]+)")
_WHOLE = re.compile(r"([+-]?)([0-9]+)")
_NOT_FINITE = ("inf", "infinity", "nan")
_SPACE = " \t\r\n"                # what may surround a number (ASCII white space only)
# computed once: the power, written in the comparison, was computed on every call (every number
# of a game file, about 0.1 ms each)
_FOUR_THOUSAND_DIGITS = 10 ** 4000


def _digits_of(value: int) -> int:
    """Decimal digits of |value| (without building a huge string).

    >>> _digits_of(0), _digits_of(-999), _digits_of(10 ** 20)
    (1, 3, 21)
    """
    value = abs(value)
    return 1 if value == 0 else len(str(value)) if value < _FOUR_THOUSAND_DIGITS else 4001


def _shown(value: object) -> str:
    """A value a refusal echoes: text quoted on one line (:func:`quoted`), a huge int by its size."""
    if isinstance(value, str):
        return quoted(value, 40)
    if isinstance(value, int) and not isinstance(value, bool) and _digits_of(value) > 40:
        digits = _digits_of(value)
        return f"an integer of {digits} digits" if digits <= 4000 else "an integer of over 4000 digits"
    return quoted(repr(value), 40)


def not_a_number(text: str) -> str:
    """Why ``text`` is not a number of the grammar (an integer, a decimal, ``p/q``), in a few words,
    or "" when nothing more specific than "not a number" can be said.

    >>> not_a_number("٣٠٠"), not_a_number("1_000"), not_a_number("1e"), not_a_number("five")
    ('use the ASCII digits 0-9', 'no digit separators: write 1000', "no digits after the exponent's e", '')
    """
    text = text.strip(_SPACE)
    if not text:
        return "nothing is given"
    if any(char.isnumeric() and not char.isascii() for char in text):
        return "use the ASCII digits 0-9"
    hidden = next((char for char in text if not char.isprintable() or char.isspace() and not char.isascii()), None)
    if hidden is not None:
        return f"it holds the invisible character U+{ord(hidden):04X}"
    if text.lstrip("+-").lower() in _NOT_FINITE:
        return "a finite number is needed"
    if re.fullmatch(r"[+-]?[0-9]+(?:[_, '][0-9]+)+(?:\.[0-9]*)?", text):
        return "no digit separators: write " + re.sub(r"[_, ']", "", text)
    if re.fullmatch(r"[+-]?0[xXbBoO][0-9a-fA-F_]*", text):
        return "decimal digits only"
    if text.count("/") > 1:
        return "one '/' at most, as in 3/2"
    if text.count("/") == 1:
        top, bottom = (part.strip(_SPACE) for part in text.split("/"))
        if not top or not bottom:
            return "p/q needs both p and q, as in 3/2"
        if _WHOLE.fullmatch(top) and bottom.isascii() and bottom.isdigit():
            return f"no spaces in p/q: write {top}/{bottom}"
        return "p and q of p/q are whole numbers, as in 3/2"
    if text.count(".") > 1:
        return "one decimal point at most"
    if re.fullmatch(r"[+-]?[0-9]*\.?[0-9]*[eE][+-]?", text) and re.search(r"[0-9]", text):
        return "no digits after the exponent's e"
    if re.fullmatch(r"[+-]?\.?[eE][+-]?[0-9]*", text):
        return "no digits before the exponent's e"
    if re.fullmatch(r"[+-]+", text) or re.fullmatch(r"[+-]?\.", text):
        return "no digits"
    return ""


def _is_number(text: str) -> bool:
    """Whether ``text`` (stripped) is a number of the grammar, whatever its size.

    >>> _is_number("3/2"), _is_number("1.5e3"), _is_number(""), _is_number("."), _is_number("1e")
    (True, True, False, False, False)
    """
    match = _DECIMAL.fullmatch(text.strip(_SPACE))
    return bool(_RATIO.fullmatch(text.strip(_SPACE)) or match and (match.group(2) or match.group(3)))


def _refuse(what: str, value: object, reason: str = "") -> InputError:
    why = f"{reason}; {EXPECTED}" if reason else EXPECTED
    return InputError(f"{what}: {_shown(value)} is not a number ({why})")


def parse_exact(value: object, what: str, negative: bool = False, max_digits: int = MAX_DIGITS) -> Fraction:
    """An exact rational from a TOML number or typed text: ``7``, ``1.5``, ``2.5e3``, ``"3/2"``.

    ``what`` names the input in the one-line error; ``negative`` allows values below zero.  The
    grammar is the same wherever a number is read: an optional sign, ASCII digits with at most one
    decimal point and an exponent of at most ±18, or ``p/q`` of whole numbers.

    >>> parse_exact("97.5", "--target-return"), parse_exact("+3", "x"), parse_exact("-0", "x")
    (Fraction(195, 2), Fraction(3, 1), Fraction(0, 1))
    >>> parse_exact("1e1000000000", "--pay flush")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --pay flush: '1e1000000000' is out of range (exponents up to ±18)
    >>> parse_exact("five", "--pay flush")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --pay flush: 'five' is not a number (expected an integer, a decimal or p/q)
    >>> parse_exact("٦", "--pay flush")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --pay flush: '٦' is not a number (use the ASCII digits 0-9; expected ...)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise _refuse(what, value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"{what}: '{value}' is not a finite number")
        text = repr(value)      # the shortest text that reads back as this float: what was typed
        number = _parse_text(text, what)
    elif isinstance(value, (int, Fraction)):
        number = Fraction(value)
        huge = max(_digits_of(number.numerator), _digits_of(number.denominator)) > 40
        text = ratio_text(number) if not huge else (
            _shown(value) if isinstance(value, int) else "a fraction of over 40 digits")
    else:
        text = value
        number = _parse_text(value, what)
    if not negative and number < 0:
        if text.startswith(("an ", "a fraction")):
            raise InputError(f"{what}: {text} is negative (it must be 0 or more)")
        raise InputError(f"{what}: negative value {_clip(text.strip(_SPACE))} (it must be 0 or more)")
    for part, name in ((number.numerator, "numerator"), (number.denominator, "denominator")):
        if _digits_of(part) > max_digits:
            shown = text if text.startswith(("an ", "a fraction")) else _shown(text.strip(_SPACE))
            raise InputError(f"{what}: {shown} has a {name} of more than {max_digits} digits")
    return number


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _too_long(what: str, text: str, digits: str) -> None:
    if len(digits.lstrip("0")) > MAX_DIGITS * 2:
        raise InputError(f"{what}: {_shown(text)} has too many digits (more than {MAX_DIGITS * 2})")


def _parse_text(text: str, what: str) -> Fraction:
    """The number of the grammar that ``text`` (stripped) writes, or a refusal saying why not."""
    stripped = text.strip(_SPACE)
    ratio = _RATIO.fullmatch(stripped)
    if ratio:
        sign, top, bottom = ratio.groups()
        _too_long(what, stripped, top)
        _too_long(what, stripped, bottom)
        if int(bottom) == 0:
            raise InputError(f"{what}: {_shown(stripped)} divides by zero")
        return Fraction(int(sign + top), int(bottom))
    match = _DECIMAL.fullmatch(stripped)
    if not match or not _is_number(stripped):
        raise _refuse(what, text, not_a_number(text))
    sign, whole, fraction, exponent_sign, exponent = match.groups()
    _too_long(what, stripped, whole + (fraction or ""))
    exponent = (exponent or "0").lstrip("0") or "0"
    if len(exponent) > 2 or int(exponent) > MAX_EXPONENT:
        raise InputError(f"{what}: {_shown(stripped)} is out of range (exponents up to ±{MAX_EXPONENT})")
    power = -int(exponent) if exponent_sign == "-" else int(exponent)
    digits = int((whole or "0") + (fraction or ""))
    scale = len(fraction or "") - power
    number = Fraction(digits, 10 ** scale) if scale >= 0 else Fraction(digits * 10 ** -scale)
    return -number if sign == "-" else number


def _whole(value: object, what: str, expected: str) -> int:
    """An integer from an int or from text of ASCII digits (an optional sign); a refusal saying
    why anything else is not one."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, str):
        raise InputError(f"{what}: {_shown(value)} is not a whole number ({expected})")
    match = _WHOLE.fullmatch(value.strip(_SPACE))
    if match is None:
        reason = "no fraction, decimal point or exponent" if _is_number(value) else not_a_number(value)
        why = f"{reason}; {expected}" if reason else expected
        raise InputError(f"{what}: {_shown(value)} is not a whole number ({why})")
    sign, digits = match.groups()
    digits = digits.lstrip("0") or "0"
    if len(digits) > 4000:          # past what int() reads (and any bound): refused by its size
        raise InputError(f"{what}: a number of {len(digits)} digits is out of range ({expected})")
    return int(sign + digits)


def parse_count(value: object, what: str, limit: int = 10 ** MAX_DIGITS) -> int:
    """A non-negative integer count (ASCII digits, at most ``limit``).

    >>> parse_count("12", "count"), parse_count(7, "count")
    (12, 7)
    >>> parse_count("²", "count")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: count: '²' is not a whole number (use the ASCII digits 0-9; expected a whole \
number of 0 or more)
    """
    expected = "expected a whole number of 0 or more"
    count = _whole(value, what, expected)
    if count < 0:
        raise InputError(f"{what}: {_clip(str(count))} is negative ({expected})")
    if _digits_of(count) > 40:
        raise InputError(f"{what}: {_shown(count)} is too large (at most {limit:.0e})")
    if count > limit:
        raise InputError(f"{what}: {_clip(str(count))} is too large (at most {limit:.0e})")
    return count


def parse_int(text: str, what: str, low: int, high: int) -> int:
    """An integer option in ``[low, high]``, ASCII digits only (argparse's ``int`` takes ``١``).

    >>> parse_int("3", "--players", 3, 8), parse_int(" +7 ", "--players", 3, 8)
    (3, 7)
    >>> parse_int("-1", "--seed", 0, 2 ** 64 - 1)
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --seed must be between 0 and 18446744073709551615, got -1
    >>> parse_int("٣", "--players", 3, 8)
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --players: '٣' is not a whole number (use the ASCII digits 0-9; expected ...)
    """
    bounds = f"between {low} and {high}"
    value = _whole(text, what, f"expected a whole number {bounds}")
    if not low <= value <= high:
        raise InputError(f"{what} must be {bounds}, got {_clip(str(value))}")
    return value


# --- printing ----------------------------------------------------------------------------------

def int_text(value: int) -> str:
    """The digits of an int of any size: ``str(int)`` refuses more than 4300 digits (Python's
    guard against slow parsing of untrusted text), ``Decimal`` prints any integer exactly.

    >>> int_text(-12), len(int_text(10 ** 5000))
    ('-12', 5001)
    """
    try:
        return str(value)
    except ValueError:
        return str(Decimal(value))


@contextmanager
def unlimited_int_digits() -> Iterator[None]:
    """Lift Python's 4300-digit limit on int/str conversions while a block runs (the exact
    distributions of many rounds have integers of up to a hundred thousand digits), restoring it
    afterwards; every number read from a user is bounded by the parsers above first.

    >>> with unlimited_int_digits():
    ...     len(str(10 ** 5000))
    5001
    """
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(previous)


def decimal_text(value: Fraction | int, places: int = 6) -> str:
    """Exact rounding of a rational to ``places`` decimals (half away from zero).

    >>> decimal_text(Fraction(-2, 3), 4), decimal_text(Fraction(1, 2), 0)
    ('-0.6667', '1')
    """
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    scaled = abs(value) * 10 ** places
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    text = int_text(whole).rjust(places + 1, "0")
    if places == 0:
        return sign + text
    return f"{sign}{text[:-places]}.{text[-places:]}"


def percent_text(value: Fraction | int, places: int = 4) -> str:
    """A rational as a percentage, exactly rounded.

    >>> percent_text(Fraction(1, 3))
    '33.3333 %'
    """
    return decimal_text(Fraction(value) * 100, places) + " %"


def share_text(value: Fraction | int, places: int = 2) -> str:
    """A share as a percentage that never rounds a share strictly between 0 and 1 to 0 % or 100 %.

    >>> share_text(Fraction(1, 3)), share_text(Fraction(99999, 100000)), share_text(Fraction(1, 10 ** 6))
    ('33.33 %', '>99.99 %', '<0.01 %')
    """
    value = Fraction(value)
    text = decimal_text(value * 100, places)
    smallest = Fraction(1, 10 ** places)
    if 0 < value < 1 and value * 100 > 100 - smallest and text == decimal_text(Fraction(100), places):
        return f">{decimal_text(100 - smallest, places)} %"
    if 0 < value < 1 and value * 100 < smallest:
        return f"<{decimal_text(smallest, places)} %"
    return text + " %"


def signed_text(value: Fraction | int, places: int = 6) -> str:
    """A decimal with ``+`` on gains (for nets).

    >>> signed_text(Fraction(-1, 3)), signed_text(Fraction(2))
    ('-0.333333', '+2.000000')
    """
    text = decimal_text(value, places)
    return text if text.startswith("-") or value == 0 else "+" + text


def estimate_text(value: Fraction | int, std_error: float | None = None, places: int = 6,
                  signed: bool = False) -> str:
    """A figure as a decimal, followed by ``± standard error`` when it is an estimate.

    >>> estimate_text(Fraction(1, 4)), estimate_text(Fraction(1, 4), 0.001, 4, signed=True)
    ('0.250000', '+0.2500 ± 0.0010')
    """
    text = signed_text(value, places) if signed else decimal_text(value, places)
    return text if std_error is None else f"{text} ± {std_error:.{places}f}"


def exact_text(value: object) -> str:
    """A rational as ``p/q`` (or ``n``), an int as digits, a float as 10 significant digits.

    >>> exact_text(Fraction(3, 2)), exact_text(Fraction(4, 2)), exact_text(0.1 + 0.2)
    ('3/2', '2', '0.3')
    """
    if isinstance(value, Fraction):
        return big_text(value)
    if isinstance(value, float):
        return f"{value:.10g}"
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value)
    return str(value)


def big_text(value: Fraction | int) -> str:
    """``p/q`` of any size (``str(int)`` refuses more than 4300 digits; ``Decimal`` does not).

    >>> big_text(Fraction(10 ** 5000 + 1, 3))[-2:]
    '/3'
    """
    value = Fraction(value)
    if value.denominator == 1:
        return int_text(value.numerator)
    return f"{int_text(value.numerator)}/{int_text(value.denominator)}"


def short_exact(value: Fraction, limit: int = 40) -> Fraction | str:
    """The exact value for a table cell when it is short, else an empty cell.

    >>> short_exact(Fraction(1, 3)), short_exact(Fraction(1, 3 ** 90))
    (Fraction(1, 3), '')
    """
    return value if len(big_text(value)) <= limit else ""


def probability_text(value: Fraction) -> str:
    """A probability as a decimal; in scientific notation when it is below one in a million.

    >>> probability_text(Fraction(1, 4)), probability_text(Fraction(1, 10 ** 9))
    ('0.2500000000', '1.000e-09')
    """
    if value == 0 or value >= Fraction(1, 10 ** 6):
        return decimal_text(value, 10)
    mantissa, exponent = _scientific(value)
    return f"{mantissa}e-{exponent:02d}"


def _scientific(value: Fraction) -> tuple[str, int]:
    """Mantissa (4 significant digits, exactly rounded) and negative exponent of 0 < value < 1."""
    mantissa, exponent = _mantissa(value, 3)
    return mantissa, -exponent


def _mantissa(value: Fraction, places: int) -> tuple[str, int]:
    """``value > 0`` as ``m × 10^e``, 1 <= m < 10 with ``places`` decimals exactly rounded, without
    a float (one in 10^5000 is no 0.0) and without counting the exponent one power at a time.

    >>> _mantissa(Fraction(1, 10 ** 5000), 2), _mantissa(Fraction(9999), 2), _mantissa(Fraction(1234), 2)
    (('1.00', -5000), ('1.00', 4), ('1.23', 3))
    """
    exponent = math.floor((value.numerator.bit_length() - value.denominator.bit_length()) * math.log10(2))
    while value < Fraction(10) ** exponent:
        exponent -= 1
    while value >= Fraction(10) ** (exponent + 1):
        exponent += 1
    mantissa = decimal_text(value / Fraction(10) ** exponent, places)
    if mantissa.startswith("10"):
        exponent += 1
        mantissa = decimal_text(value / Fraction(10) ** exponent, places)
    return mantissa, exponent


def scientific_text(value: Fraction | int, places: int = 2) -> str:
    """A rational in scientific notation as ``format(x, ".2e")`` writes a float, exactly rounded,
    at any size (a float makes one in 10^5000 zero).

    >>> scientific_text(Fraction(1889, 10 ** 5009)), scientific_text(Fraction(-1, 3)), scientific_text(0)
    ('1.89e-5006', '-3.33e-01', '0.00e+00')
    """
    value = Fraction(value)
    if value == 0:
        return f"{0:.{places}e}"
    mantissa, exponent = _mantissa(abs(value), places)
    return f"{'-' if value < 0 else ''}{mantissa}e{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


def ratio_text(value: Fraction) -> str:
    """A ratio as typed: ``1/3``, ``2``.

    >>> ratio_text(Fraction(1, 3)), ratio_text(Fraction(2))
    ('1/3', '2')
    """
    return big_text(value)


def pay_text(pay: Fraction | None, basis: str = "to") -> str:
    """A pay as a paytable table shows it: ``none`` when the table does not list it (no pay), and
    ``(push)`` beside a pay that returns just the stake (0 to one, 1 for one).

    >>> pay_text(None), pay_text(Fraction(0)), pay_text(Fraction(3, 2)), pay_text(Fraction(1), "for")
    ('none', '0 (push)', '3/2', '1 (push)')
    """
    if pay is None:
        return "none"
    text = ratio_text(Fraction(pay))
    return f"{text} (push)" if pay == (1 if basis == "for" else 0) else text


def sqrt_decimal(value: Fraction, places: int = 12) -> Decimal:
    """The square root of a non-negative rational, to ``places`` significant digits, without
    ever making a float (``math.sqrt`` overflows past 1e308).

    >>> sqrt_decimal(Fraction(9, 4)), sqrt_decimal(Fraction(10) ** 400)
    (Decimal('1.5'), Decimal('1.000000E+200'))
    """
    import decimal
    with decimal.localcontext() as context:
        context.prec = places
        return (Decimal(value.numerator) / Decimal(value.denominator)).sqrt()
