"""The one number parser (core/numbers.py): every shape of text a user may type is read exactly or
refused for what it is — "not a number" with the reason, "out of range" only for a real exponent
beyond ±18 — and the integer readers share its grammar."""
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import EXPECTED, parse_count, parse_exact, parse_int

WHAT = "--pay flush"


@pytest.mark.parametrize("text, value", [
    ("7", 7), ("+3", 3), ("-0", 0), ("0", 0), ("1.5", Fraction(3, 2)), (".5", Fraction(1, 2)), ("5.", 5),
    ("3/2", Fraction(3, 2)), ("+3/2", Fraction(3, 2)), ("6/4", Fraction(3, 2)), ("1e3", 1000),
    ("2.5E-2", Fraction(1, 40)),
    ("1e17", 10 ** 17), ("1e-17", Fraction(1, 10 ** 17)),
    (" 4 ", 4), ("\t4\n", 4), ("0005", 5), ("1e0005", 10 ** 5),
])
def test_numbers_of_the_grammar_are_read_exactly(text, value):
    assert parse_exact(text, WHAT) == value


@pytest.mark.parametrize("text, reason", [
    ("", "nothing is given"), (" ", "nothing is given"),
    ("five", ""), ("True", ""), ("None", ""), ("abc1", ""), ("e", "no digits before the exponent's e"),
    ("1e", "no digits after the exponent's e"), ("1.5E+", "no digits after the exponent's e"),
    ("e5", "no digits before the exponent's e"), (".e5", "no digits before the exponent's e"),
    ("1_000", "no digit separators: write 1000"), ("1,000", "no digit separators: write 1000"),
    ("1 000", "no digit separators: write 1000"),
    ("½", "use the ASCII digits 0-9"), ("١٢", "use the ASCII digits 0-9"), ("３００", "use the ASCII digits 0-9"),
    ("²", "use the ASCII digits 0-9"), ("1٢", "use the ASCII digits 0-9"),
    ("inf", "a finite number is needed"), ("-Infinity", "a finite number is needed"),
    ("nan", "a finite number is needed"),
    ("0x10", "decimal digits only"), ("0b1", "decimal digits only"),
    ("3/2/1", "one '/' at most"), ("3/", "p/q needs both p and q"), ("/2", "p/q needs both p and q"),
    ("1.5/2", "p and q of p/q are whole numbers"), ("3/2.0", "p and q of p/q are whole numbers"),
    ("1.2.3", "one decimal point at most"), (".", "no digits"), ("+", "no digits"), ("-", "no digits"), ("+-3", ""),
    ("\u00a03", "it holds the invisible character U+00A0"), ("3\u200b", "it holds the invisible character U+200B"),
    ("10**400", ""), ("3 / 2", "no spaces in p/q: write 3/2"),
])
def test_a_non_number_is_told_it_is_not_a_number_and_why(text, reason):
    with pytest.raises(InputError) as refused:
        parse_exact(text, WHAT)
    message = str(refused.value)
    assert message.startswith(f"{WHAT}: ") and " is not a number (" in message, message
    assert message.endswith(f"; {EXPECTED})" if reason else f"({EXPECTED})"), message
    assert f"({reason}" in message, message
    assert "out of range" not in message and "exponent" not in message.replace("exponent's e", "")
    assert "\n" not in message


def test_a_word_ending_in_e_is_not_an_exponent():
    for word in ("five", "True", "None", "one", "fee", "Here"):
        with pytest.raises(InputError, match=rf"^--pay flush: '{word}' is not a number \(expected an integer"):
            parse_exact(word, WHAT)


@pytest.mark.parametrize("text", ["1e99", "1e19", "1e-19", "2.5e+100", "1e1000000000", "1E0000000000000000019",
                                  "1e" + "9" * 5000])
def test_a_real_exponent_beyond_18_is_out_of_range(text):
    with pytest.raises(InputError, match=r"is out of range \(exponents up to ±18\)$"):
        parse_exact(text, WHAT)


@pytest.mark.parametrize("text, message", [
    ("1/0", "'1/0' divides by zero"), ("0/0", "'0/0' divides by zero"), ("-3/0", "'-3/0' divides by zero"),
    ("-1", "negative value -1 (it must be 0 or more)"), ("-3/2", "negative value -3/2"),
    ("9" * 40, "has too many digits"), ("1/" + "9" * 40, "has too many digits"),
    ("1e18", "has a numerator of more than 18 digits"), ("1/" + "1" * 19, "has a denominator of more than 18 digits"),
])
def test_other_refusals_name_their_reason(text, message):
    with pytest.raises(InputError, match=re.escape(message)):
        parse_exact(text, WHAT)


def test_values_that_are_not_text():
    assert parse_exact(3, WHAT) == 3 and parse_exact(1.5, WHAT) == Fraction(3, 2)
    assert parse_exact(Fraction(1, 3), WHAT) == Fraction(1, 3)
    assert parse_exact(-2, WHAT, negative=True) == -2
    for value, message in ((True, "'True' is not a number"), (None, "'None' is not a number"),
                           ([1], "'[1]' is not a number"), (float("inf"), "'inf' is not a finite number"),
                           (float("nan"), "'nan' is not a finite number"), (1e300, "out of range"),
                           (10 ** 5000, "an integer of over 4000 digits has a numerator of more than 18 digits"),
                           (-(10 ** 50), "an integer of 51 digits is negative"),
                           (Fraction(1, 10 ** 50), "a fraction of over 40 digits has a denominator")):
        with pytest.raises(InputError, match=re.escape(message)):
            parse_exact(value, WHAT)


def test_echoed_text_is_one_line_and_clipped():
    for text in ("3\n4", "x" * 500, "a\x1bb", "it's"):
        with pytest.raises(InputError) as refused:
            parse_exact(text, WHAT)
        message = str(refused.value)
        assert "\n" not in message and "\x1b" not in message and len(message) < 200
    with pytest.raises(InputError, match=r"'3\\n4' is not a number"):
        parse_exact("3\n4", WHAT)


@pytest.mark.parametrize("text, value", [("3", 3), ("+4", 4), (" 5 ", 5), ("08", 8)])
def test_parse_int_reads_ascii_whole_numbers(text, value):
    assert parse_int(text, "--players", 3, 8) == value


@pytest.mark.parametrize("text, message", [
    ("x", "--players: 'x' is not a whole number (expected a whole number between 3 and 8)"),
    ("", "--players: '' is not a whole number (nothing is given; expected"),
    ("٣", "--players: '٣' is not a whole number (use the ASCII digits 0-9; expected"),
    ("3.0", "'3.0' is not a whole number (no fraction, decimal point or exponent"),
    ("3/1", "'3/1' is not a whole number (no fraction, decimal point or exponent"),
    ("1e3", "'1e3' is not a whole number (no fraction, decimal point or exponent"),
    ("1_0", "'1_0' is not a whole number (no digit separators"),
    ("9", "--players must be between 3 and 8, got 9"), ("-1", "--players must be between 3 and 8, got -1"),
    ("9" * 30, "--players must be between 3 and 8, got 999"),
    ("9" * 5000, "--players: a number of 5000 digits is out of range"),
])
def test_parse_int_refusals(text, message):
    with pytest.raises(InputError, match=re.escape(message)):
        parse_int(text, "--players", 3, 8)


def test_parse_count():
    assert parse_count("12", "count") == 12 and parse_count(7, "count") == 7 and parse_count(" 0 ", "count") == 0
    for value, message in (("²", "'²' is not a whole number (use the ASCII digits 0-9"), ("-1", "-1 is negative"),
                           (-3, "-3 is negative"), (True, "'True' is not a whole number"),
                           ("1.5", "no fraction, decimal point or exponent"), (10 ** 19, "is too large"),
                           (10 ** 50, "an integer of 51 digits is too large"),
                           ("9" * 5000, "a number of 5000 digits is out of range")):
        with pytest.raises(InputError, match=re.escape(message)):
            parse_count(value, "count")


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet="0123456789.+-eE/_, xabcinf½٣３\u00a0\n", max_size=12))
@pytest.mark.slow
def test_any_text_is_read_or_refused_in_one_line(text):
    """A number, or one InputError line that says which of the known refusals it is."""
    try:
        value = parse_exact(text, WHAT, negative=True)
    except InputError as refused:
        message = str(refused)
        assert "\n" not in message and message.startswith(WHAT + ": ")
        assert any(words in message for words in ("is not a number", "is out of range (exponents up to ±18)",
                                                  "divides by zero", "too many digits", "of more than 18 digits"))
        if "out of range" in message:       # only a real exponent is ever out of range
            assert any(char in text for char in "eE")
    else:
        assert isinstance(value, Fraction)
        assert value == Fraction(text.strip(" \t\r\n"))    # Python's own reading of the same grammar
