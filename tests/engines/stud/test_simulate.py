"""simulate: the seeded Caribbean Stud Monte Carlo (ext/simulate.pyx)."""
import json
import random

import pytest

from oddscalc._native import stud as stud_kernel
from oddscalc.core.errors import InputError
from oddscalc.engines import stud
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.stud.decide import decide
from oddscalc.engines.stud.strategy import STRATEGIES
from oddscalc.tools.check import check_counts
from oddscalc.tools.counts_file import read_counts
from oddscalc.tools.simulation import simulate


@pytest.fixture(scope="module")
def game():
    return load("caribbean-stud")


@pytest.mark.slow
def test_same_seed_same_counts_other_seed_other_counts(game):
    a = simulate(game, 20000, seed=5)
    assert a.counts == simulate(game, 20000, seed=5).counts
    assert a.counts != simulate(game, 20000, seed=6).counts
    assert a.rounds == 20000
    assert list(a.counts) == [row.outcome for row in engine_of(game).analyze(game).outcomes]


@pytest.mark.slow
@pytest.mark.parametrize("strategy", [s.name for s in STRATEGIES])
def test_simulator_matches_the_exact_distribution(game, strategy):
    counts = simulate(game, 200_000, seed=2024, strategy=strategy)
    result = check_counts(engine_of(game).analyze(game, strategy), counts)
    assert result.passed, result.verdict


@pytest.mark.slow
def test_a_strategy_differs_from_the_optimum(game):
    counts = simulate(game, 300_000, seed=3, strategy="always")
    assert counts.counts["fold"] == 0
    assert not check_counts(engine_of(game).analyze(game), counts).passed


@pytest.mark.slow
def test_live_table_matches_too():
    live = load("live-caribbean-stud")
    assert check_counts(engine_of(live).analyze(live), simulate(live, 200_000, seed=9)).passed


@pytest.mark.slow
def test_optimal_decisions_equal_the_exact_decide(game):
    """Situations the decision table answers (ace-king hands) and the others, against decide()."""
    simulator = stud.ENGINE.simulator(game, "optimal", 1).native
    rng = random.Random(1)
    ace_king = 0
    for _ in range(300):
        cards = rng.sample(range(52), 6)
        hand, up = tuple(cards[:5]), cards[5]
        if rng.random() < 0.7:      # make most of them ace-king hands, where the optimum depends on the cards
            ranks = [12, 11] + rng.sample(range(9), 3)
            deck = [r * 4 + rng.randrange(4) for r in ranks]
            if len(set(c >> 2 for c in deck)) == 5 and len(set(c & 3 for c in deck)) > 1 and up not in deck:
                hand, ace_king = tuple(deck), ace_king + 1
        if up in hand:
            continue
        assert simulator.calls(hand, up) == (decide(game, hand, up).choice == "call"), (hand, up)
    assert ace_king > 100


def test_hand_index_numbers_every_hand_once():
    import itertools
    seen = {stud_kernel.hand_index_of(cards) for cards in itertools.combinations(range(0, 52, 2), 5)}
    assert len(seen) == 65780 and max(seen) < 2598960
    assert stud_kernel.hand_index_of((0, 1, 2, 3, 4)) == 0
    assert stud_kernel.hand_index_of((51, 50, 49, 48, 47)) == 2598959


def test_only_stud_games_are_simulated():
    with pytest.raises(InputError, match="simulate is not available for five-plus-one-bonus: it has no simulator"):
        simulate(load("five-plus-one-bonus"), 10, seed=1)


@pytest.mark.slow
def test_cli_simulate_json_is_a_counts_file(cli, tmp_path):
    result = cli("simulate", "caribbean-stud", "--rounds", "5000", "--seed", "3", "--strategy", "ace-king",
                 "--format", "json")
    assert result.status == 0, result.err
    path = tmp_path / "c.json"
    path.write_text(result.out)
    counts = read_counts(path)
    assert counts.rounds == 5000 and counts.strategy == "ace-king" and counts.seed == 3
    assert json.loads(result.out)["outcomes"][2] == {"outcome": "lose", "count": counts.counts["lose"], "net": "-3"}


@pytest.mark.slow
def test_cli_simulate_output_file(cli, tmp_path):
    target = tmp_path / "counts.csv"
    result = cli("simulate", "live-caribbean-stud", "--rounds", "4000", "--output", target)
    assert result.status == 0, result.err
    assert "rounds/s" in result.out
    counts = read_counts(target)
    assert counts.game == "live-caribbean-stud" and counts.rounds == 4000


@pytest.mark.parametrize("args, message", [
    (("--rounds", "0"), "--rounds"),
    (("--rounds", "10", "--seed", "-1"), "--seed"),
    (("--rounds", "10", "--strategy", "sometimes"), "unknown strategy 'sometimes'"),
    (("--rounds", "10", "--output", "c.txt"), ".csv or .json"),
    (("--rounds", "10", "--output", "nowhere/c.csv"), "no such folder"),
    (("--seed", "3"), "--rounds"),
])
def test_cli_simulate_bad_input_writes_nothing(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = cli("simulate", "caribbean-stud", *args)
    assert result.status == 2 and result.out == "" and message in result.err
    assert list(tmp_path.iterdir()) == []


def test_cli_simulate_side_bet_is_refused(cli):
    result = cli("simulate", "five-plus-one-bonus", "--rounds", "10")
    assert result.status == 2 and "has no simulator" in result.err
