"""distribution: the exact distribution of one round's net and of the total after N rounds."""
import itertools
import json
import random
import sys
import time
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest

from oddscalc.core.budget import DEFAULT_MEMORY_MB, DEFAULT_SECONDS, Limits
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import unlimited_int_digits
from oddscalc.engines import stud
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.stud import side_bets as stud_side
from oddscalc.tools import distribution
from oddscalc.tools.distribution import (
    Bounded,
    Distribution,
    Figures,
    analysis_distribution,
    digits_of,
    figures_cost,
    fraction_text,
    high_precision_cost,
    integer_text,
    plan_power,
    power,
    power_high_precision,
    round_distribution,
    standard_deviation,
    to_decimal,
    to_int,
)
from oddscalc.tools.distribution_report import distribution_report, report_figures, totals


@pytest.fixture(scope="module")
def stud_analysis():
    return stud.ENGINE.analyze(load("caribbean-stud"))


def _as_dict(dist):
    return {dist.value(i): dist.probability(i) for i in range(len(dist.weights)) if dist.weights[i]}


def test_one_round_is_the_analysis_grouped_by_net(stud_analysis):
    one = analysis_distribution(stud_analysis)
    expected = {}
    for row in stud_analysis.outcomes:
        expected[row.net] = expected.get(row.net, 0) + stud_analysis.probability(row)
    assert _as_dict(one) == expected
    assert sum(one.weights) == one.denominator


def test_n_equals_1_is_the_round_distribution_and_sums_to_exactly_1(stud_analysis):
    one = analysis_distribution(stud_analysis)
    first = power(one, 1)
    assert _as_dict(first) == _as_dict(one)
    assert first.mass(range(len(first.weights))) == 1


def _brute_force(rows, total, rounds):
    """Every sequence of outcomes of ``rounds`` rounds, as Fractions."""
    result = {}
    for combo in itertools.product(rows, repeat=rounds):
        p = Fraction(1)
        for _net, count in combo:
            p *= Fraction(count, total)
        value = sum(net for net, _count in combo)
        result[value] = result.get(value, 0) + p
    return {v: p for v, p in result.items() if p}


@pytest.mark.parametrize("rounds", [2, 3, 4])
def test_power_equals_brute_force_on_a_game_with_fractional_nets(rounds):
    # a made-up round with a 5:2 pay and an outcome that never happens
    rows = [(Fraction(-2), 5), (Fraction(-1), 3), (Fraction(0), 0), (Fraction(1), 4), (Fraction(5, 2), 2),
            (Fraction(7), 1)]
    dist = power(round_distribution(rows, 15), rounds)
    assert _as_dict(dist) == _brute_force(rows, 15, rounds)


def test_n_rounds_mean_and_variance_are_exact(stud_analysis):
    rounds = 7
    dist = power(analysis_distribution(stud_analysis), rounds)
    values = dist.values()
    probabilities = [dist.probability(i) for i in range(len(values))]
    assert sum(probabilities) == 1
    mean = sum(v * p for v, p in zip(values, probabilities, strict=True))
    assert mean == rounds * stud_analysis.expected_return
    variance = sum((v - mean) ** 2 * p for v, p in zip(values, probabilities, strict=True))
    assert variance == rounds * stud_analysis.variance


def test_side_bet_distribution_by_brute_force():
    analysis = stud_side.ENGINE.analyze(load("five-plus-one-bonus"))
    rows = [(row.net, row.count) for row in analysis.outcomes]
    dist = power(analysis_distribution(analysis), 2)
    assert _as_dict(dist) == _brute_force(rows, analysis.total, 2)


def test_coin_flips_ahead_quantiles_and_losses():
    coin = round_distribution([(Fraction(1), 1), (Fraction(-1), 1)], 2)
    five = power(coin, 5)                              # totals -5, -3, ..., 5 with weights 1 5 10 10 5 1
    assert [int(w) for w in five.weights] == [1, 5, 10, 10, 5, 1] and five.denominator == 32
    assert five.above(0) == Fraction(1, 2) and five.below(0) == Fraction(1, 2)
    assert five.below(-3) == Fraction(1, 32)          # losing more than 3
    assert five.below(Fraction(-5, 2)) == Fraction(6, 32)
    assert five.quantiles([Fraction(1, 32), Fraction(1, 2), Fraction(17, 32), Fraction(1, 10 ** 9)]) == [-5, -1, 1, -5]


def test_too_many_rounds_is_refused(stud_analysis):
    with pytest.raises(InputError, match="too many"):
        power(analysis_distribution(stud_analysis), 5000)


def test_cli_distribution_json(cli, stud_analysis):
    result = cli("distribution", "caribbean-stud", "--rounds", "3", "--losing-more-than", "1,8", "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert Fraction(data["ahead"]) + Fraction(data["even"]) + Fraction(data["behind"]) == 1
    assert Fraction(data["expected_total"]) == 3 * stud_analysis.expected_return
    assert data["smallest"] == "-9" and data["largest"] == "603"
    assert Fraction(data["losing_more_than"][1]["probability"]) == \
        Fraction(next(r for r in stud_analysis.outcomes if r.outcome == "lose").count, stud_analysis.total) ** 3
    assert sum(Fraction(r["probability"]) for r in data["round"]) == 1


@pytest.mark.slow
def test_cli_distribution_full_lists_every_total(cli):
    result = cli("distribution", "five-plus-one-bonus", "--rounds", "2", "--full", "--format", "json")
    data = json.loads(result.out)
    assert sum(int(t["weight"]) for t in data["totals"]) == int(data["denominator"])


@pytest.mark.parametrize("args, message", [
    (("--rounds", "0"), "--rounds must be between 1 and"),
    (("--rounds", "100000", "--exact"), "too many"),
    (("--rounds", "3", "--exact", "--digits", "5"), "exclude each other"),
    (("--rounds", "3", "--digits", "0"), "--digits must be"),
    (("--rounds", "3", "--max-memory", "-1"), "negative value"),
    (("--quantiles", "0.5,1.5"), "between 0 and 1"),
    (("--losing-more-than", "x"), "not a number"),
    (("--plot", "d.jpg"), ".png"),
])
def test_cli_distribution_bad_input(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = cli("distribution", "caribbean-stud", *args)
    assert result.status == 2 and result.out == "" and message in result.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_cli_distribution_plot(cli, tmp_path, monkeypatch):
    target = tmp_path / "d.png"
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    missing = cli("distribution", "caribbean-stud", "--rounds", "2", "--plot", target)
    assert missing.status == 2 and "matplotlib" in missing.err and not target.exists()
    monkeypatch.undo()
    pytest.importorskip("matplotlib")
    result = cli("distribution", "caribbean-stud", "--rounds", "2", "--plot", target)
    assert result.status == 0 and target.read_bytes()[:4] == b"\x89PNG"


# --- high precision mode, sizing and refusals ---------------------------------------------

@pytest.fixture(scope="module")
def fast_poker_one():
    game = load("fast-poker")
    return analysis_distribution(engine_of(game).analyze(game))


def _naive_power(weights, rounds):
    result = [1]
    for _ in range(rounds):
        product = [0] * (len(result) + len(weights) - 1)
        for i, a in enumerate(result):
            for j, b in enumerate(weights):
                product[i + j] += a * b
        result = product
    return result


def test_exact_mode_is_the_plain_convolution(fast_poker_one):
    # 37 = 100101 in binary: squarings and multiplications; the weights are the integers, digit for digit
    dist = power(fast_poker_one, 37)
    assert [int(w) for w in dist.weights] == _naive_power(fast_poker_one.weights, 37)
    assert dist.denominator == fast_poker_one.denominator ** 37 and dist.exact


def _check_against_exact(near, exact, digits):
    """Every weight and every cumulative sum of ``near`` within its stated bound of ``exact`` (in
    integers: p <= truth <= p + bound as w * E <= W * Q <= (w + error) * E, E and Q the denominators)."""
    assert 0 < near.error_bound <= Fraction(1, 10 ** digits) and near.guaranteed_digits() >= digits
    weights = [int(w) for w in near.weights]                          # integral Decimals
    assert sum(weights) + near.error == near.denominator              # the probabilities sum to 1 - bound
    assert near.step == exact.step and near.scale == exact.scale and (near.low - exact.low) % exact.step == 0
    offset = (near.low - exact.low) // exact.step
    e, q, error = exact.denominator, near.denominator, near.error
    running_near = running_exact = 0
    for i, weight in enumerate(exact.weights):
        w, truth = weights[i - offset] if 0 <= i - offset < len(weights) else 0, int(weight) * q
        assert w * e <= truth <= (w + error) * e                          # each total
        running_near, running_exact = running_near + w * e, running_exact + truth
        assert running_near <= running_exact <= running_near + error * e  # each cumulative sum


@pytest.mark.parametrize("game, rounds, digits", [("fast-poker", 200, 30), ("fast-poker", 77, 12),
                                                  ("caribbean-stud", 50, 30), ("caribbean-stud", 50, 8)])
@pytest.mark.slow
def test_high_precision_agrees_with_exact_within_the_stated_digits(game, rounds, digits, stud_analysis,
                                                                   fast_poker_one):
    one = analysis_distribution(stud_analysis) if game == "caribbean-stud" else fast_poker_one
    exact, near = power(one, rounds), power_high_precision(one, rounds, digits)
    _check_against_exact(near, exact, digits)
    for b, truth in zip(near.outlook(), exact.outlook(), strict=True):
        assert b.low <= truth.low <= b.high and b.high - b.low <= Fraction(1, 10 ** digits)
        shown = b.text()                        # every digit shown is right, to one unit of the last
        assert abs(Fraction(shown) - truth.low) <= Fraction(1, 10 ** len(shown.split(".")[1]))
    levels = [Fraction(k, 100) for k in (1, 5, 10, 25, 50, 75, 90, 95, 99)]
    for (low, high), truth in zip(near.quantile_bounds(levels), exact.quantiles(levels), strict=True):
        assert low <= truth <= high
    for x in (1, 10, 50, 100):
        assert near.below(-x) <= exact.below(-x) <= near.below(-x) + near.error_bound


def test_high_precision_flags_a_quantile_it_cannot_decide():
    third = round_distribution([(Fraction(1), 1), (Fraction(-1), 2)], 3)
    exact, near = power(third, 5), power_high_precision(third, 5, digits=3)
    level = exact.below(-2)                        # exactly the cumulative probability of -3: 112/243
    assert exact.quantiles([level]) == [-3]
    (low, high), = near.quantile_bounds([level])
    assert low == -3 and high == -1                # the truth is inside, and the doubt is said


@pytest.mark.slow
def test_auto_mode_is_exact_when_cheap_and_high_precision_when_not(stud_analysis):
    one = analysis_distribution(stud_analysis)
    assert plan_power(one, 50).mode == "exact"
    plan = plan_power(one, 1000)
    assert plan.mode == "high precision" and plan.seconds < 10 and plan.memory < 500e6
    dist = plan.run(one)
    assert dist.guaranteed_digits() >= plan.digits and len(dist.weights) < 1000 * 204 + 1   # tails dropped
    ahead, even, behind = dist.outlook()
    assert 1 - dist.error_bound <= ahead.low + even.low + behind.low <= 1


@pytest.mark.slow
def test_hostile_inputs_are_refused_before_the_work(stud_analysis, fast_poker_one):
    rows = [(row.net if row.outcome != "win-flush" else row.net + Fraction(1, 10000019), row.count)
            for row in stud_analysis.outcomes]
    with pytest.raises(InputError, match="one-round grid .* 2,040,003,877 points.*--max-memory"):
        round_distribution(rows, stud_analysis.total)
    with pytest.raises(InputError, match="too many even at 30 digits.*--max-seconds"):
        plan_power(fast_poker_one, 10 ** 15)
    with pytest.raises(InputError, match="too many to convolve exactly.*memory limit of 100 MB"):
        power(analysis_distribution(stud_analysis), 392, Limits(100, 1000))
    with pytest.raises(InputError, match="too many even at 1000 digits"):
        power_high_precision(fast_poker_one, 10 ** 6, 1000, Limits(1000, 1))


def test_cli_refuses_the_fine_grid_of_the_issue(cli):
    result = cli("distribution", "caribbean-stud", "--rounds", "1", "--pay", "flush=1/10000019")
    assert result.status == 2 and result.out == ""
    assert "one-round grid" in result.err and "--max-memory" in result.err and len(result.err.splitlines()) == 1


def test_cli_limits_come_from_the_options_or_the_environment(cli, monkeypatch):
    monkeypatch.setenv("ODDSCALC_MAX_SECONDS", "0.000001")
    refused = cli("distribution", "fast-poker", "--rounds", "100")
    assert refused.status == 2 and "ODDSCALC_MAX_SECONDS" in refused.err
    allowed = cli("distribution", "fast-poker", "--rounds", "100", "--max-seconds", "60")
    assert allowed.status == 0, allowed.err


@pytest.mark.slow
def test_cli_json_states_the_mode_and_the_digits(cli):
    exact = json.loads(cli("distribution", "fast-poker", "--rounds", "20", "--format", "json").out)
    assert exact["mode"] == "exact" and exact["digits_guaranteed"] is None and exact["error_bound"] == "0"
    result = cli("distribution", "fast-poker", "--rounds", "20", "--digits", "15", "--format", "json")
    near = json.loads(result.out)
    assert near["mode"] == "high precision" and near["digits_guaranteed"] >= 15
    bound = Fraction(near["error_bound"])
    assert 0 < bound <= Fraction(1, 10 ** 15)
    for key in ("ahead", "even", "behind"):
        assert Fraction(near[key]) <= Fraction(exact[key]) <= Fraction(near[key]) + bound
    assert [q["total"] for q in near["quantiles"]] == [q["total"] for q in exact["quantiles"]]
    big = cli("distribution", "fast-poker", "--rounds", "1888")
    assert big.status == 0 and "high precision: 30 digits guaranteed" in big.out


def test_standard_deviation_never_overflows():
    assert standard_deviation(Fraction(10 ** 800)) == 10 ** 400
    assert f"{standard_deviation(Fraction(9, 4)):.6f}" == "1.500000"


# --- the whole work sized before it starts: the convolution, then the report's figures (issue 17) --

def test_big_number_conversions_are_exact():
    for value in (0, 1, -1, 10 ** 5000, -(3 ** 40000) + 7, 2 ** 100000 - 1):
        assert to_int(to_decimal(value)) == value
        assert to_decimal(value) == Decimal(value) and to_decimal(value).as_tuple().exponent == 0
        assert integer_text(value) == f"{Decimal(value)}" and to_int(integer_text(value)) == value
    big = Fraction(-(7 ** 9000), 2 * 3 ** 9000)
    assert fraction_text(big) == f"{Decimal(big.numerator)}/{Decimal(big.denominator)}"
    assert fraction_text(Fraction(10 ** 6000)) == "1" + "0" * 6000
    assert [digits_of(v) for v in (10 ** 9999, 10 ** 9999 - 1, -7, 0)] == [10000, 9999, 1, 1]


def test_the_linear_text_of_bounds_is_the_fraction_text():
    # the bounds a high precision distribution keeps as Decimals print as their fractions print
    rng = random.Random(17)
    cases = [(0, 1), (1, 1), (10 ** 29, 1), (10 ** 30 - 5, 5), (12, 10 ** 6), (5 * 10 ** 23, 10 ** 20),
             (10 ** 24 + 10 ** 21 // 2, 10 ** 18)]
    cases += [(rng.randrange(10 ** rng.randrange(1, 31)), rng.randrange(1, 10 ** rng.randrange(1, 12)))
              for _ in range(400)]
    for numerator, error in cases:
        dist = Distribution(2, 0, 1, 1, [Decimal(numerator)], 10 ** 30, error)
        fast = dist._bounded(Decimal(numerator))
        assert fast.decimals is not None
        slow = Bounded(fast.low, fast.high)
        assert (fast.low, fast.high) == (Fraction(numerator, 10 ** 30), min(Fraction(1), fast.low + dist.error_bound))
        assert fast.text() == slow.text() == dist.probability_text(0), (numerator, error)


@pytest.mark.slow
def test_the_estimate_counts_the_products_in_digits(monkeypatch, fast_poker_one, stud_analysis):
    products = []
    real = distribution._multiply

    def counted(a, b, width, cut=0):
        products.append((len(a) + len(a if b is None else b) - 1) * width)
        return real(a, b, width, cut)

    monkeypatch.setattr(distribution, "_multiply", counted)
    plan = plan_power(fast_poker_one, 37, exact=True)
    plan.run(fast_poker_one)
    assert max(products) == plan.largest                                  # exact: digit for digit
    stud_one = analysis_distribution(stud_analysis)
    for rounds, digits in ((200, 30), (10, 3000)):                        # high precision: the pruned
        products.clear()                                                   # support is estimated
        plan = plan_power(stud_one, rounds, digits, shortcut=False)
        plan.run(stud_one)
        assert plan.mode == "high precision" and 0.5 <= max(products) / plan.largest <= 2


def test_the_estimate_counts_every_figure_the_report_makes(monkeypatch, stud_analysis):
    """The sizing's Figures cover what the report computes from the N-round weights: each probability
    made from them (an exact fraction as long as the weights) and each total listed."""
    counts = {"chances": 0, "listed": 0}
    bounded, listed = Distribution._bounded, Distribution.probability_text

    def count_chance(self, total):
        counts["chances"] += 1
        return bounded(self, total)

    def count_listed(self, index):
        counts["listed"] += 1
        return listed(self, index)

    monkeypatch.setattr(Distribution, "_bounded", count_chance)
    monkeypatch.setattr(Distribution, "probability_text", count_listed)
    game = load("caribbean-stud")
    losses, levels = [Fraction(x) for x in (1, 3, 7, 20, 40, 41, 90)], [Fraction(1, 3), Fraction(1, 2)]
    figures = report_figures(losses, len(levels), full=True)
    for digits, exact in ((None, True), (200, False)):
        counts.update(chances=0, listed=0)
        computed = totals(game, 4, digits, exact, figures=figures)
        distribution_report(game, computed, levels, losses, full=True)
        assert 0 < counts["chances"] <= figures.chances - 1                 # and the error bound
        assert counts["listed"] == sum(1 for w in computed.total.weights if w)


def test_the_report_counts_in_the_estimate(stud_analysis, fast_poker_one):
    one = analysis_distribution(stud_analysis)
    bare, report = Figures(0, 0), Figures()
    for rounds, digits in ((10, 3000), (300, 30)):
        assert high_precision_cost(one, rounds, digits, bare)[0] < high_precision_cost(one, rounds, digits, report)[0]
    # a probability's fractions are reduced in quadratic time: ten times the digits, over 20 times the time
    small, large = (figures_cost(1, digits, Figures(16, 0), False)[0] for digits in (10 ** 4, 10 ** 5))
    assert 20 < large / small < 100
    # work whose convolution fits but whose figures do not is refused, naming what to leave out
    listed = Figures(0, 0, every_total=True)
    seconds = [high_precision_cost(fast_poker_one, 2000, 2000, f)[0] for f in (bare, listed)]
    limits = Limits(100_000, sum(seconds) / 2)
    plan_power(fast_poker_one, 2000, 2000, limits=limits, figures=bare)
    with pytest.raises(InputError, match="too many even at 2000 digits.*--max-seconds.*leave out --full"):
        plan_power(fast_poker_one, 2000, 2000, limits=limits, figures=listed)


def test_work_beyond_the_limits_is_refused_before_it_starts(cli, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("the work started")

    monkeypatch.setattr(distribution, "_power_high_precision", never)
    monkeypatch.setattr(distribution, "_power_exact", never)
    for args in (("--rounds", "3000", "--digits", "3000"), ("--rounds", "2000", "--exact"),
                 ("--rounds", "1000", "--digits", "100000")):
        result = cli("distribution", "fast-poker", *args, "--max-seconds", "1")
        assert result.refused("(raise it with --max-seconds S or ODDSCALC_MAX_SECONDS)"), result.err


def test_many_digits_few_rounds_is_done_within_the_limit_or_refused_at_once(cli, stud_analysis):
    """``--rounds 10 --digits 100000`` ran for many minutes (quadratic conversions of the weights
    after the estimated convolution).  The exact weights have 129 digits: the exact run is the
    cheaper and guarantees every digit asked; high precision itself is sized with its figures."""
    one = analysis_distribution(stud_analysis)
    plan = plan_power(one, 10, 100_000)
    assert plan.exactly and plan.digits == 100_000 and plan.seconds < 1
    near = plan_power(one, 10, 100_000, shortcut=False)
    assert plan.seconds < near.seconds < DEFAULT_SECONDS and near.memory < DEFAULT_MEMORY_MB * 1e6
    start = time.perf_counter()
    result = cli("distribution", "caribbean-stud", "--rounds", "10", "--digits", "100000", "--format", "json")
    assert result.status == 0 and time.perf_counter() - start < DEFAULT_SECONDS, result.err
    data = json.loads(result.out)
    assert data["mode"] == "high precision" and data["digits_guaranteed"] == 100_000 and data["error_bound"] == "0"
    assert Fraction(data["ahead"]) + Fraction(data["even"]) + Fraction(data["behind"]) == 1


@pytest.mark.slow
def test_exact_mode_prints_huge_fractions_whole(cli):
    result = cli("distribution", "three-card-poker", "--rounds", "550", "--exact", "--full", "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert len(data["denominator"]) > 4300 and data["mode"] == "exact"
    with unlimited_int_digits():
        assert Fraction(data["ahead"]) + Fraction(data["even"]) + Fraction(data["behind"]) == 1
    with localcontext(distribution.EXACT):                                # Decimal reads digits in linear time
        assert sum(Decimal(t["weight"]) for t in data["totals"]) == Decimal(data["denominator"])
    text = cli("distribution", "three-card-poker", "--rounds", "550", "--exact")
    assert text.status == 0 and "probability of being ahead" in text.out
