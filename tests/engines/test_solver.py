"""The solver's one choice rule: the Python rule (engines/solver.py) and the kernels' (ext/choice.pxd)
choose alike, and both are what the rule says read plainly."""
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oddscalc._native import choice as native
from oddscalc.engines.solver import FOLD_WAGER, best, best_of, one_stage, takes

values = st.integers(-5, 5)          # few values, so that ties are frequent
options = st.lists(st.tuples(values, st.integers(-3, 4)), min_size=1, max_size=6, unique_by=lambda o: o[1])


def plainly(found: list[tuple[int, int]], wager_more: bool) -> int:
    """The rule read plainly: among the options of the highest value, the largest (or smallest) wager."""
    top = max(v for v, _ in found)
    tied = [w for v, w in found if v == top]
    wanted = max(tied) if wager_more else min(tied)
    return next(i for i, (v, w) in enumerate(found) if v == top and w == wanted)


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(found=options, wager_more=st.booleans())
def test_the_python_and_the_native_rule_choose_the_plain_rules_option(found, wager_more):
    vs, ws = [v for v, _ in found], [w for _, w in found]
    expected = plainly(found, wager_more)
    assert best(vs, ws, wager_more) == expected
    assert native.best(vs, ws, wager_more) == expected
    assert best([Fraction(v, 3) for v in vs], ws, wager_more) == expected


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
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


# ---- the one-stage case ----------------------------------------------------------------------------

@st.composite
def stages(draw):
    """A one-stage problem: situations with counts, classes with coefficients (some options not
    allowed), and now and then a class of wide (over 64-bit) values."""
    n_classes, n_options, n_cols = draw(st.integers(1, 3)), draw(st.integers(1, 4)), draw(st.integers(0, 3))
    total = draw(st.integers(1, 6))
    n = draw(st.integers(0, 12))
    huge = draw(st.booleans())
    coef = st.integers(-2 ** 62, 2 ** 62) if huge else st.integers(-3, 3)
    coefficients = []
    for _ in range(n_classes):
        rows = [draw(st.one_of(st.none(), st.lists(coef, min_size=n_cols + 1, max_size=n_cols + 1)))
                for _ in range(n_options)]
        if all(row is None for row in rows):
            rows[draw(st.integers(0, n_options - 1))] = [0] * (n_cols + 1)
        coefficients.append(rows)
    keys = draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n))
    columns = [draw(st.lists(st.integers(0, total), min_size=n, max_size=n)) for _ in range(n_cols)]
    weights = draw(st.lists(st.integers(1, 5), min_size=n, max_size=n))
    wagers = draw(st.lists(st.integers(-4, 4), min_size=n_options, max_size=n_options, unique=True))
    return keys, columns, total, coefficients, wagers, weights


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(problem=stages(), wager_more=st.booleans())
def test_the_one_stage_case_is_each_situations_best_option_read_plainly(problem, wager_more):
    keys, columns, total, coefficients, wagers, weights = problem
    found = one_stage(keys, range(len(coefficients)), columns, total, coefficients, wagers, wager_more, weights)
    expected_tally = [[[0] * (len(columns) + 1) for _ in wagers] for _ in coefficients]
    for s, c in enumerate(keys):
        allowed = [o for o, row in enumerate(coefficients[c]) if row is not None]
        values = [sum(k * column[s] for k, column in zip(coefficients[c][o][:-1], columns, strict=True))
                  + coefficients[c][o][-1] * total for o in allowed]
        chosen = allowed[best(values, [wagers[o] for o in allowed], wager_more)]
        assert found.choices[s] == chosen
        row = expected_tally[c][chosen]
        row[0] += weights[s]
        for e, column in enumerate(columns):
            row[1 + e] += weights[s] * column[s]
    assert found.tally == expected_tally


def test_the_one_stage_case_takes_a_given_option_and_refuses_what_it_cannot_decide():
    coefficients = [[[0, -1], [1, 0]], [[0, -1], None]]          # class 1 may only fold
    given = one_stage([0, 1], [0, 1], [[2, 2]], 3, coefficients, [FOLD_WAGER, 1], True, fixed=bytes([0, 0]))
    assert list(given.choices) == [0, 0] and given.takes(0, 0) == [1, 2]
    with pytest.raises(ValueError, match="not allowed"):
        one_stage([0, 1], [0, 1], [[2, 2]], 3, coefficients, [FOLD_WAGER, 1], True, fixed=bytes([1, 1]))
    with pytest.raises(ValueError, match="above the total"):
        one_stage([0], [0, 1], [[4]], 3, coefficients, [FOLD_WAGER, 1], True)
    with pytest.raises(ValueError, match="out of range"):
        one_stage([2], [0, 1], [[1]], 3, coefficients, [FOLD_WAGER, 1], True)
    with pytest.raises(OverflowError):
        one_stage([0], [0], [[1]], 3, [[[0, Fraction(1, 3)], [2 ** 63, 0]]], [FOLD_WAGER, 1], True)


def test_many_situations_are_shared_among_the_cores_and_tallied_once():
    """Above 65,536 situations the kernel splits them among threads, each with its own tally."""
    import random
    rng = random.Random(7)
    n, total = 70_001, 9
    keys = [rng.randrange(2) for _ in range(n)]
    columns = [[rng.randrange(total + 1) for _ in range(n)] for _ in range(2)]
    weights = [rng.randrange(1, 4) for _ in range(n)]
    # class 0: call when the first count beats the second; class 1: always its one option
    coefficients = [[[0, 0, 0], [1, -1, 0]], [None, [0, 0, 0]]]
    found = one_stage(keys, [0, 1], columns, total, coefficients, [FOLD_WAGER, 1], False, weights)
    expected = [1 if k == 1 or a > b else 0 for k, a, b in zip(keys, *columns, strict=True)]
    assert list(found.choices) == expected
    for c in (0, 1):
        for o in (0, 1):
            rows = [s for s in range(n) if keys[s] == c and expected[s] == o]
            assert found.takes(c, o) == [sum(weights[s] for s in rows),
                                         *(sum(weights[s] * column[s] for s in rows) for column in columns)]
