"""distribution: the exact distribution of one round's net and of the total after N rounds."""
import itertools
import json
import sys
from fractions import Fraction

import pytest

from oddscalc.core.errors import InputError
from oddscalc.engines import stud
from oddscalc.engines.base import load
from oddscalc.engines.stud import side_bets as stud_side
from oddscalc.tools.distribution import analysis_distribution, power, round_distribution


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


def test_cli_distribution_full_lists_every_total(cli):
    result = cli("distribution", "five-plus-one-bonus", "--rounds", "2", "--full", "--format", "json")
    data = json.loads(result.out)
    assert sum(int(t["weight"]) for t in data["totals"]) == int(data["denominator"])


@pytest.mark.parametrize("args, message", [
    (("--rounds", "0"), "--rounds must be between 1 and"),
    (("--rounds", "100000"), "too many"),
    (("--quantiles", "0.5,1.5"), "between 0 and 1"),
    (("--losing-more-than", "x"), "not a number"),
    (("--plot", "d.jpg"), ".png"),
])
def test_cli_distribution_bad_input(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = cli("distribution", "caribbean-stud", *args)
    assert result.status == 2 and result.out == "" and message in result.err
    assert list(tmp_path.iterdir()) == []


def test_cli_distribution_plot(cli, tmp_path, monkeypatch):
    target = tmp_path / "d.png"
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    missing = cli("distribution", "caribbean-stud", "--rounds", "2", "--plot", target)
    assert missing.status == 2 and "matplotlib" in missing.err and not target.exists()
    monkeypatch.undo()
    pytest.importorskip("matplotlib")
    result = cli("distribution", "caribbean-stud", "--rounds", "2", "--plot", target)
    assert result.status == 0 and target.read_bytes()[:4] == b"\x89PNG"
