"""simulate for the three-card engine (ext/simulate3.pyx, oddscalc/simulate_three.py) and its check."""
import random

import pytest

from oddscalc.check import check_counts
from oddscalc.counts_file import Counts, read_counts
from oddscalc.errors import InputError
from oddscalc.games.three_card import analyze_game, with_bonus
from oddscalc.games.three_card_decide import decide
from oddscalc.games.three_card_rules import three_card_rules
from oddscalc.simulate import new_simulator, reference_analysis, simulate
from oddscalc.simulate_three import prepare
from oddscalc.tables import load_game

GAMES = ("fast-poker", "caribbean-fast-poker", "three-card-poker")


def run(simulator, name_counts, game, rounds):
    simulator.run(rounds)
    return Counts(game.name, name_counts(simulator.counts()))


@pytest.mark.parametrize("name", GAMES)
def test_optimal_counts_pass_check_and_use_the_analysis_names(name):
    game = load_game(name)
    counts = simulate(game, 400_000, seed=11)
    analysis = analyze_game(game)
    assert counts.rounds == 400_000
    assert list(counts.counts) == [row.outcome for row in analysis.outcomes]
    result = check_counts(analysis, counts)
    assert result.passed, result.verdict


@pytest.mark.parametrize("name, strategy", [("fast-poker", "always"), ("caribbean-fast-poker", "q64"),
                                            ("three-card-poker", "pair-plus")])
def test_threshold_strategies_pass_against_their_own_analysis(name, strategy):
    game = load_game(name)
    counts = simulate(game, 300_000, seed=4, strategy=strategy)
    assert check_counts(reference_analysis(game, strategy), counts).passed
    assert not check_counts(reference_analysis(game), counts).passed


def test_same_seed_same_counts_other_seed_other_counts():
    game = load_game("caribbean-fast-poker")
    a = simulate(game, 50_000, seed=5)
    assert a.counts == simulate(game, 50_000, seed=5).counts
    assert a.counts != simulate(game, 50_000, seed=6).counts


def test_a_dealer_who_always_qualifies_is_rejected():
    """A wrong settlement (the qualifier ignored) must fail the check from the counts alone."""
    game = load_game("fast-poker")
    counts = run(*prepare(game, 3, qualify=0), game, 300_000)
    assert counts.rounds == 300_000
    result = check_counts(analyze_game(game), counts)
    assert not result.passed and result.p_value < 1e-10


def test_a_play_paid_1_to_1_on_flushes_is_rejected():
    """Flushes settled at 1:1 land in another outcome than the rules' 3:2 one."""
    game = load_game("fast-poker")
    wrong = game.with_pays(["flush=1"])
    counts = simulate(wrong, 200_000, seed=8)
    assert "win-play-1-to-1-bonus-win-flush" in counts.counts
    with pytest.raises(InputError, match="win-play-1-to-1-bonus-win-flush"):
        check_counts(analyze_game(game), counts)


def test_optimal_decisions_equal_the_exact_decide():
    """The decision bits (spread from the analysis' groups) against decide(), hand and upcard."""
    game = load_game("caribbean-fast-poker")
    rules = three_card_rules(game)
    simulator = new_simulator(game, 1)
    rng = random.Random(2)
    plays = folds = 0
    for _ in range(400):
        cards = rng.sample(range(52), 4)
        hand, up = cards[:3], cards[3]
        expected = decide(rules, hand, up).play
        assert simulator.plays(hand, up) == expected, (hand, up)
        plays, folds = plays + expected, folds + (not expected)
    assert plays and folds


def test_bonus_ratio_changes_the_names_and_the_decisions():
    game = with_bonus(load_game("caribbean-fast-poker"), "0")
    counts = simulate(game, 200_000, seed=3)
    assert "win-play-3-to-2" in counts.counts
    assert check_counts(analyze_game(game), counts).passed
    with pytest.raises(InputError, match="--bonus"):
        with_bonus(game, "-1")


def test_cli_round_trip_with_bonus(cli, tmp_path):
    target = tmp_path / "counts.json"
    result = cli("simulate", "fast-poker", "--rounds", "200000", "--seed", "2", "--bonus", "1/3",
                 "--output", target)
    assert result.status == 0, result.err
    assert "--bonus 1/3" in result.out and "rounds/s" in result.out
    assert read_counts(target).rounds == 200_000
    check = cli("check", "fast-poker", "--counts", target, "--bonus", "1/3")
    assert check.status == 0 and "PASS" in check.out
    assert cli("check", "fast-poker", "--counts", target).status == 1     # priced at ratio 1: nets differ


def test_cli_three_card_strategies_and_bad_bonus(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("simulate", "three-card-poker", "--rounds", "1000", "--strategy", "q64", "--format", "csv")
    assert result.status == 0 and result.out.startswith("# ")
    for args, message in ((("--bonus", "-1"), "--bonus"), (("--strategy", "akj83"), "invalid choice")):
        bad = cli("simulate", "fast-poker", "--rounds", "10", "--output", "c.csv", *args)
        assert bad.status == 2 and bad.out == "" and message in bad.err
    assert list(tmp_path.iterdir()) == []
    stud = cli("simulate", "caribbean-stud", "--rounds", "10", "--bonus", "1")
    assert stud.status == 2 and "--bonus" in stud.err
