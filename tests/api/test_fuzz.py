"""Fuzzing the Python API: every public function, called with one or two of its arguments replaced
by values of any type (ints small, negative and huge, floats with nan and inf, bools, None, text,
bytes, lists, dicts, plain objects, paths, fractions).  The property: the call returns, or raises
``InputError`` — never another exception — and a refusal names no command-line option.

The work is bounded: cheap base calls (fast games, few rounds and samples, one worker), a fixed
number of derandomized examples, and a value pool whose valid integers are small.
"""
import inspect
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oddscalc

FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# each public function's cheap call: the arguments the fuzz replaces some of
BASE = {
    "games": {},
    "load": {"game": "fast-poker"},
    "analyze": {"game": "fast-poker"},
    "decide": {"game": "fast-poker", "hand": "Qh 6d 4s"},
    "strategy": {"game": "fast-poker"},
    "design": {"game": "five-plus-one-bonus", "vary": "flush", "target": "0.9"},
    "sweep": {"game": "five-plus-one-bonus", "vary": "flush", "values": [14]},
    "symbolic": {"game": "five-plus-one-bonus"},
    "compare": {"game": "five-plus-one-bonus", "variants": ["flush=14"]},
    "distribution": {"game": "five-plus-one-bonus", "rounds": 2},
    "simulate": {"game": "fast-poker", "rounds": 100},
    "check": {"game": "five-plus-one-bonus", "counts": {"lose": 900, "win-flush": 100}},
    "exposure": {"game": "three-card-poker", "dealer_cards": 1, "samples": 200, "workers": 1},
    "fast_action_odds": {"seats": "1,2,3", "hole": "1:AsAd 2:KsKd 3:7c2h", "board": "Ah Kh 9c 9d 3s",
                         "exact_limit": 1000, "samples": 200, "workers": 1},
    "rank": {"cards": "Qh 6d 4s"},
    "rank_batch": {"hands": ["Qh 6d 4s 2c 9d"]},
    "command": {"game": "fast-action-poker", "name": "odds", "seats": "1,2,3", "hole": "1:AsAd 2:KsKd 3:7c2h",
                "board": "Ah Kh 9c 9d 3s", "exact_limit": 1000, "samples": 200, "workers": 1},
    "par_sheet": {"game": "five-plus-one-bonus", "output": "sheet.html", "rounds": 2, "sweep_points": 0},
}


class Opaque:
    """An object of no type the API knows."""


SCALARS = st.one_of(
    st.integers(-3, 3),
    st.sampled_from([2 ** 64 - 1, 2 ** 64, -(2 ** 64), 10 ** 30, 10 ** 5000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -0.0, 1.5, 2.0]),
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.sampled_from(["", " ", "--pay", "flush=1", "optimal", "x.toml", "As Kd", "1,2,3", "\0", "0.5", "1/0",
                     "sheet.html", "c.json", "fast-poker", "ante", "total", "Qh 6d 4s", "1:AsAd"]),
    st.binary(max_size=4),
    st.fractions(max_denominator=12),
    st.just(Fraction(10 ** 50, 3)),
    st.builds(object),
    st.builds(Opaque),
    st.just(Path("/nonexistent/x.toml")),
    st.just(Path(".")),
    st.just(3j),
)
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=3),
    st.tuples(SCALARS),
    st.dictionaries(st.one_of(st.text(max_size=6), st.integers(-1, 3), st.sampled_from(["flush", "ties", "lose"])),
                    SCALARS, max_size=2),
    st.frozensets(st.integers(-1, 60), max_size=3),
)


def changes(name):
    """One or two of the function's parameters, each with a value from the pool."""
    parameters = list(inspect.signature(getattr(oddscalc, name)).parameters)
    return st.dictionaries(st.sampled_from(parameters), VALUES, min_size=1, max_size=2)


def call_changed(name, changed):
    arguments = {**BASE[name], **changed}
    try:
        getattr(oddscalc, name)(**arguments)
    except oddscalc.InputError as error:
        message = str(error)
        if not any("--" in text_of(value) for value in changed.values()):   # the caller's own text may hold "--"
            assert "--" not in message, message


def text_of(value):
    """A value's repr, or "" for one too large to write out."""
    try:
        return repr(value)
    except ValueError:                      # an int beyond Python's 4300-digit str() limit
        return ""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BASE))
def test_any_argument_returns_or_is_an_input_error(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    @FUZZ
    @given(changed=changes(name) if name != "games" else st.just({}))
    def fuzz(changed):
        call_changed(name, changed)

    fuzz()


def test_every_public_function_has_a_cheap_base_call():
    assert set(BASE) == {name for name in oddscalc.__all__ if name[0].islower() and name != "__version__"}


# loading a game file costs a tenth of a second, so its examples are in the slow loop only
@pytest.mark.parametrize("name", [pytest.param("load", marks=pytest.mark.slow), "rank", "simulate", "decide"])
def test_a_few_examples_in_the_quick_loop(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    @settings(max_examples=15, deadline=None, derandomize=True, database=None)
    @given(changed=changes(name))
    def fuzz(changed):
        call_changed(name, changed)

    fuzz()
