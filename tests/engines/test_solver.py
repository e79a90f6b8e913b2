"""The solver's one choice rule: the Python rule (engines/solver.py) and the kernels' (ext/choice.pxd)
choose alike, and both are what the rule says read plainly."""
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oddscalc._native import choice as native
from oddscalc.engines.solver import FOLD_WAGER, best, best_of, takes

values = st.integers(-5, 5)          # few values, so that ties are frequent
options = st.lists(st.tuples(values, st.integers(-3, 4)), min_size=1, max_size=6, unique_by=lambda o: o[1])


def plainly(found: list[tuple[int, int]], wager_more: bool) -> int:
    """The rule read plainly: among the options of the highest value, the largest (or smallest) wager."""
    top = max(v for v, _ in found)
    tied = [w for v, w in found if v == top]
    wanted = max(tied) if wager_more else min(tied)
    return next(i for i, (v, w) in enumerate(found) if v == top and w == wanted)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(found=options, wager_more=st.booleans())
def test_the_python_and_the_native_rule_choose_the_plain_rules_option(found, wager_more):
    vs, ws = [v for v, _ in found], [w for _, w in found]
    expected = plainly(found, wager_more)
    assert best(vs, ws, wager_more) == expected
    assert native.best(vs, ws, wager_more) == expected
    assert best([Fraction(v, 3) for v in vs], ws, wager_more) == expected


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(more=values, less=values, wager_more=st.booleans())
def test_takes_is_the_best_of_two(more, less, wager_more):
    assert takes(more, less, wager_more) == (best([less, more], [0, 1], wager_more) == 1)
    assert native.takes_more(more, less, wager_more) == takes(more, less, wager_more)


def test_a_fold_wagers_least_and_names_keep_their_order():
    wagers = {"fold": FOLD_WAGER, "pull back": -1, "let it ride": 0}
    assert best_of({"fold": 0, "pull back": 0, "let it ride": -1}, wagers, wager_more=False) == "fold"
    assert best_of({"fold": 0, "pull back": 0, "let it ride": -1}, wagers, wager_more=True) == "pull back"
    assert best_of({"a": 1, "b": 1}, {"a": 2, "b": 2}, wager_more=True) == "a"


def test_no_option_is_refused():
    with pytest.raises(ValueError):
        best([], [], True)
    with pytest.raises(ValueError):
        native.best([], [], True)
