"""check: simulator counts against the exact distribution — accepts right simulators, rejects wrong ones."""
import json
import math
import random
from fractions import Fraction

import pytest

from oddscalc._native.stud import payout_class_of
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.stud.counts import PAYOUT_CLASSES
from oddscalc.engines.stud.rules import StudRules
from oddscalc.report.render import render
from oddscalc.tools.check import (
    check_counts,
    check_file,
    chi_square_cells,
    chi_square_p_value,
    normal_quantile,
    two_sided_p_value,
)
from oddscalc.tools.counts_file import Counts, counts_report, parse_counts
from oddscalc.tools.simulation import simulate

STRATEGY = "ace-king"        # call with A-K-4-3-2 or better: simple enough for a Python simulator


@pytest.fixture(scope="module")
def game():
    return load("caribbean-stud")


@pytest.fixture(scope="module")
def reference(game):
    return engine_of(game).analyze(game, STRATEGY)


def python_simulator(game, rounds, seed, ante_paid_when_dealer_wins=False, dealer_always_qualifies=False):
    """An independent, slow simulator: counts per outcome, the net it paid per outcome, and its total net.

    The two flags are deliberate bugs: paying the Ante (not losing it) when a qualifying dealer wins,
    and letting the dealer qualify with any hand."""
    rules = StudRules.of(game)
    threshold = five_card_strength((48, 45, 8, 4, 1))          # A K 4 3 2
    pays = game.paytable()
    rng = random.Random(seed)
    counts, nets, total = {}, {}, Fraction(0)
    for _ in range(rounds):
        cards = rng.sample(range(52), 10)
        player = five_card_strength(cards[:5])
        if player < threshold:
            outcome, net = "fold", Fraction(-1)
        else:
            dealer = five_card_strength(cards[5:])
            if dealer < rules.qualify_strength and not dealer_always_qualifies:
                outcome, net = "dealer-not-qualify", Fraction(1)
            elif dealer > player:
                outcome, net = "lose", Fraction(1 - 2 if ante_paid_when_dealer_wins else -3)
            elif dealer == player:
                outcome, net = "push", Fraction(0)
            else:
                category = PAYOUT_CLASSES[payout_class_of(player)]
                outcome, net = f"win-{category}", 1 + 2 * pays.pay(category)
        counts[outcome] = counts.get(outcome, 0) + 1
        nets[outcome] = net
        total += net
    return Counts(game.name, counts, STRATEGY, seed, nets, None, total)


@pytest.mark.slow
def test_accepts_the_builtin_simulator(game):
    counts = simulate(game, 200_000, seed=77)
    result = check_counts(engine_of(game).analyze(game), counts)
    assert result.passed and result.verdict.startswith("PASS")
    low, high = result.confidence_interval
    assert low < float(result.exact_return) < high


@pytest.mark.slow
def test_accepts_a_correct_independent_simulator(game, reference):
    result = check_counts(reference, python_simulator(game, 40_000, seed=1))
    assert result.passed, result.verdict


@pytest.mark.slow
def test_rejects_a_simulator_that_pays_the_ante_when_a_qualifying_dealer_wins(game, reference):
    counts = python_simulator(game, 40_000, seed=1, ante_paid_when_dealer_wins=True)
    result = check_counts(reference, counts)
    assert not result.passed and result.verdict.startswith("FAIL")
    assert any("'lose' is paid -1 per unit, the rules pay -3" in p for p in result.problems)
    # the same bug seen through the simulator's total net alone (no net per outcome)
    bare = Counts(counts.game, counts.counts, STRATEGY, None, {}, None, counts.total_net)
    result = check_counts(reference, bare)
    assert not result.passed and "observed return" in result.verdict and result.return_z > 10


@pytest.mark.slow
def test_rejects_wrong_frequencies_by_chi_square(game, reference):
    counts = python_simulator(game, 40_000, seed=2, dealer_always_qualifies=True)
    counts = Counts(counts.game, counts.counts, STRATEGY)          # counts only
    result = check_counts(reference, counts)
    assert not result.passed and result.p_value < 1e-10


@pytest.mark.slow
def test_the_optimal_reference_rejects_counts_of_another_strategy(game):
    counts = simulate(game, 200_000, seed=4, strategy="always")
    assert check_counts(engine_of(game).analyze(game, "always"), counts).passed
    assert not check_counts(engine_of(game).analyze(game), counts).passed


def test_impossible_and_unknown_outcomes(game):
    analysis = engine_of(game).analyze(game, "always")             # always calling never folds
    result = check_counts(analysis, {"fold": 1, "lose": 999})
    assert not result.passed and "cannot happen" in result.verdict
    with pytest.raises(InputError, match="not an outcome"):
        check_counts(analysis, {"win-a-lot": 3})


def test_statistics_from_mpmath_match_closed_forms():
    for x in (0.5, 2.0, 7.3):
        assert chi_square_p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
        assert two_sided_p_value(x) == pytest.approx(math.erfc(x / math.sqrt(2)), rel=1e-12)
    assert normal_quantile(0.5) == 0
    assert two_sided_p_value(normal_quantile(0.995)) == pytest.approx(0.01, rel=1e-9)


def test_rare_outcomes_are_pooled(reference):
    counts = {row.outcome: round(1000 * reference.probability(row)) for row in reference.outcomes}
    result = check_counts(reference, counts)
    assert "win-royal-flush" in result.pooled
    cells, _ = chi_square_cells(result.rows)
    assert all(expected >= 5 for _observed, expected in cells)
    assert result.degrees_of_freedom == len(cells) - 1


# --- the counts file ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_counts_file_round_trip_and_check_file(game, tmp_path, fmt):
    counts = simulate(game, 50_000, seed=8, strategy="pair-plus")
    nets = {row.outcome: row.net for row in engine_of(game).analyze(game, "pair-plus").outcomes}
    path = tmp_path / f"counts.{fmt}"
    path.write_text(render(counts_report(counts, nets, "t"), fmt))
    result = check_file(game, path)                       # the strategy comes from the file
    assert result.strategy == "pair-plus" and result.rounds == 50_000 and result.passed


def test_counts_file_formats():
    plain = parse_counts('{"outcomes": {"fold": 3, "lose": 1}, "total_net": "-6"}', "x.json")
    assert plain.counts == {"fold": 3, "lose": 1} and plain.total_net == -6
    text = "# game=caribbean-stud strategy=always seed=3 total_net=7/2\noutcome,count,net\nlose,2,-3\npush,1,\n"
    counts = parse_counts(text, "x.csv")
    assert (counts.game, counts.strategy, counts.seed, counts.total_net) == ("caribbean-stud", "always", 3,
                                                                             Fraction(7, 2))
    assert counts.nets == {"lose": -3}


@pytest.mark.parametrize("text, message", [
    ("outcome,count\nfold,-1\n", "whole number of 0 or more"),
    ("outcome,count\nfold,1\nfold,2\n", "twice"),
    ("outcome,number\nfold,1\n", "header"),
    ("outcome,count\nfold,1,2\n", "fields"),
    ("outcome,count\nfold,0\n", "no rounds"),
    ('{"outcomes": [1, 2]}', "'outcomes' must"),
    ('{"outcomes": {"fold": 2}, "rounds": 3}', "add up to 2"),
    ("{not json", "malformed JSON"),
    ("outcome,count,net\nlose,1,x\n", "not a number"),
])
def test_bad_counts_files(text, message):
    with pytest.raises(InputError, match=message):
        parse_counts(text, "x")


@pytest.mark.slow
def test_cli_check_pass_and_fail(cli, game, tmp_path):
    good = tmp_path / "good.csv"
    assert cli("simulate", "caribbean-stud", "--rounds", "100000", "--seed", "5", "--output", good).status == 0
    result = cli("check", "caribbean-stud", "--counts", good, "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["passed"] and data["strategy"] == "optimal" and data["rounds"] == 100000
    bad = tmp_path / "bad.csv"
    text = good.read_text().splitlines()
    lose = next(i for i, line in enumerate(text) if line.startswith("lose,"))
    count = int(text[lose].split(",")[1])
    text[lose] = f"lose,{count},-1"                          # the simulator paid the Ante on a loss
    bad.write_text("\n".join(text) + "\n")
    result = cli("check", "caribbean-stud", "--counts", bad)
    assert result.status == 1 and "FAIL" in result.out and "the rules pay -3" in result.out


@pytest.mark.parametrize("args, message", [
    (("--counts", "missing.csv"), "--counts: no such file"),
    (("--counts", "c.csv", "--alpha", "2"), "--alpha"),
    ((), "--counts"),
])
def test_cli_check_bad_input(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.csv").write_text("outcome,count\nfold,5\nlose,5\n")
    result = cli("check", "caribbean-stud", *args)
    assert result.status == 2 and result.out == "" and message in result.err


def test_cli_check_refuses_counts_of_another_game(cli, tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("# game=live-caribbean-stud\noutcome,count\nfold,5\n")
    result = cli("check", "caribbean-stud", "--counts", path)
    assert result.status == 2 and "not 'caribbean-stud'" in result.err
