"""simulate for the three-card engine (ext/simulate3.pyx, engines/three_card/simulate.py) and its check."""
import random

import pytest

from oddscalc.core.errors import InputError
from oddscalc.engines.base import engine_of, load, overlay
from oddscalc.engines.three_card import ENGINE
from oddscalc.engines.three_card.decide import decide
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.simulate import simulator
from oddscalc.tools.check import check_counts
from oddscalc.tools.counts_file import Counts, read_counts
from oddscalc.tools.simulation import simulate

GAMES = ("fast-poker", "caribbean-fast-poker", "three-card-poker")


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_optimal_counts_pass_check_and_use_the_analysis_names(name):
    game = load(name)
    counts = simulate(game, 400_000, seed=11)
    analysis = ENGINE.analyze(game)
    assert counts.rounds == 400_000
    assert list(counts.counts) == [row.outcome for row in analysis.outcomes]
    result = check_counts(analysis, counts)
    assert result.passed, result.verdict


@pytest.mark.parametrize("name, given, strategy", [("fast-poker", (), "always"),
                                                   ("caribbean-fast-poker", ("dealer_upcards=1",), "q64"),
                                                   ("three-card-poker", (), "pair-plus")])
@pytest.mark.slow
def test_threshold_strategies_pass_against_their_own_analysis(name, given, strategy):
    game = load(name, rules=given)
    counts = simulate(game, 300_000, seed=4, strategy=strategy)
    assert check_counts(engine_of(game).analyze(game, strategy), counts).passed
    assert not check_counts(engine_of(game).analyze(game), counts).passed


@pytest.mark.slow
def test_same_seed_same_counts_other_seed_other_counts():
    game = load("caribbean-fast-poker", rules=["dealer_upcards=1"])
    a = simulate(game, 50_000, seed=5)
    assert a.counts == simulate(game, 50_000, seed=5).counts
    assert a.counts != simulate(game, 50_000, seed=6).counts


def test_a_dealer_who_always_qualifies_is_rejected():
    """A wrong settlement (the qualifier ignored) must fail the check from the counts alone."""
    game = load("fast-poker")
    wrong = simulator(three_card_rules(game), "optimal", 3, qualify=0)
    wrong.run(300_000)
    counts = Counts(game.name, wrong.counts())
    assert counts.rounds == 300_000
    result = check_counts(ENGINE.analyze(game), counts)
    assert not result.passed and result.p_value < 1e-10


def test_a_play_paid_1_to_1_on_flushes_is_rejected():
    """Flushes settled at 1:1 land in another outcome than the rules' 3:2 one."""
    game = load("fast-poker")
    wrong = overlay(game, ["flush=1"])
    counts = simulate(wrong, 200_000, seed=8)
    assert "win-play-1-to-1-bonus-win-flush" in counts.counts
    with pytest.raises(InputError, match="win-play-1-to-1-bonus-win-flush"):
        check_counts(ENGINE.analyze(game), counts)


@pytest.mark.slow
def test_optimal_decisions_equal_the_exact_decide():
    """The decision bits (spread from the analysis' groups) against decide(), hand and upcard."""
    game = load("caribbean-fast-poker", rules=["dealer_upcards=1"])
    rules = three_card_rules(game)
    native = simulator(rules, "optimal", 1).native
    rng = random.Random(2)
    plays = folds = 0
    for _ in range(400):
        cards = rng.sample(range(52), 4)
        hand, up = cards[:3], cards[3]
        expected = decide(rules, hand, up).choice == "play"
        assert native.plays(hand, up) == expected, (hand, up)
        plays, folds = plays + expected, folds + (not expected)
    assert plays and folds


@pytest.mark.slow
def test_bonus_ratio_changes_the_names_and_the_decisions():
    game = load("caribbean-fast-poker", rules=["bonus_ratio=0", "dealer_upcards=1"])
    counts = simulate(game, 200_000, seed=3)
    assert "win-play-3-to-2" in counts.counts
    assert check_counts(ENGINE.analyze(game), counts).passed
    with pytest.raises(InputError, match="bonus_ratio: negative value"):
        overlay(game, rules=["bonus_ratio=-1"])


def test_cli_round_trip_with_bonus(cli, tmp_path):
    target = tmp_path / "counts.json"
    result = cli("simulate", "fast-poker", "--rounds", "200000", "--seed", "2", "--bonus", "1/3",
                 "--output", target)
    assert result.status == 0, result.err
    assert "--rule bonus_ratio=1/3" in result.out and "rounds/s" in result.out
    assert read_counts(target).rounds == 200_000
    check = cli("check", "fast-poker", "--counts", target, "--bonus", "1/3")
    assert check.status == 0 and "PASS" in check.out
    assert cli("check", "fast-poker", "--counts", target).status == 1     # priced at ratio 1: nets differ


def test_cli_three_card_strategies_and_bad_bonus(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("simulate", "three-card-poker", "--rounds", "1000", "--strategy", "q64", "--format", "csv")
    assert result.status == 0 and result.out.startswith("game,strategy,seed,outcome,count,net\n")
    for args, message in ((("--bonus", "-1"), "bonus_ratio"), (("--strategy", "akj83"), "unknown strategy 'akj83'")):
        bad = cli("simulate", "fast-poker", "--rounds", "10", "--output", "c.csv", *args)
        assert bad.status == 2 and bad.out == "" and message in bad.err
    assert list(tmp_path.iterdir()) == []
    stud = cli("simulate", "caribbean-stud", "--rounds", "10", "--bonus", "1")
    assert stud.status == 2 and "unrecognized arguments: --bonus 1" in stud.err     # a three-card rule
