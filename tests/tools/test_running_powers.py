"""The distributions after 1, 2, ..., N rounds, one from the other: within their bounds of the exact ones."""
from fractions import Fraction

import pytest

from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.engines.base import engine_of, load
from oddscalc.tools.distribution import analysis_distribution, power, round_distribution, running_powers

LEVELS = [Fraction(1, 100), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(99, 100)]


def test_every_number_of_rounds_is_within_its_bound_of_the_exact_distribution():
    table = load("three-card-poker")
    one = analysis_distribution(engine_of(table).analyze(table))
    for dist in running_powers(one, 12, digits=12):
        truth = power(one, dist.rounds)
        assert dist.error_bound <= Fraction(1, 10 ** 12)
        assert dist.guaranteed_digits() >= 12
        for value in (-3, 0, 2):
            assert dist.below(value) <= truth.below(value) <= dist.below(value) + dist.error_bound
        assert dist.quantiles(LEVELS) == truth.quantiles(LEVELS)


def test_coin_flips_after_n_rounds():
    coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    runs = list(running_powers(coin, 9, digits=20))
    assert [d.rounds for d in runs] == list(range(1, 10))
    assert runs[8].above(0) <= Fraction(1, 2) <= runs[8].above(0) + runs[8].error_bound


def test_work_beyond_the_limits_is_refused():
    coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    with pytest.raises(InputError, match="at most 100,000"):
        next(running_powers(coin, 10 ** 6, digits=30))
    with pytest.raises(InputError, match="beyond the time limit"):
        next(running_powers(coin, 3000, digits=30, limits=Limits(100, 0.01)))
