"""The Ultimate Three Card Poker simulator (ext/ultimate_simulate.pyx through
oddscalc/engines/three_card/ultimate_simulate.py): seeded and repeatable, counted under the exact
analysis' outcome names, passing ``check`` under the strategy it played and failing under another,
its optimal actions those ``decide`` prices situation by situation."""
from __future__ import annotations

import random

import pytest

import oddscalc
from oddscalc.core.cards import DECK
from oddscalc.core.errors import InputError
from oddscalc.engines.base import EXACT, SIMULATE, load
from oddscalc.engines.three_card import ultimate
from oddscalc.engines.three_card.ultimate_simulate import simulator
from oddscalc.engines.three_card.ultimate_strategy import strategy_table
from oddscalc.tools.check import check_counts

GAME = "ultimate-three-card-poker"
ROUNDS = 200_000


def _counts(strategy, seed, rounds=ROUNDS, game=GAME):
    return oddscalc.simulate(game, rounds, seed=seed, strategy=strategy).counts


@pytest.mark.slow
def test_same_seed_same_counts_and_another_seed_others():
    first, again, other = _counts("q64", 11, 50_000), _counts("q64", 11, 50_000), _counts("q64", 12, 50_000)
    assert first.counts == again.counts != other.counts
    assert sum(first.counts.values()) == 50_000


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["never-fold", "always-1x", "q64", "how"])
def test_the_named_strategies_pass_check(strategy):
    table = load(GAME)
    counts = _counts(strategy, 3)
    names = {row.outcome for row in EXACT.of(table).analyze(table, strategy).outcomes}
    assert set(counts.counts) <= names
    checked = oddscalc.check(GAME, counts, strategy=strategy)
    assert checked.passed, checked.verdict


@pytest.mark.slow
def test_check_fails_against_another_strategy():
    """Counts of the Q-6-4 rule, checked as if the optimal strategy had played them; and a simulator
    whose dealer qualifies only from king high, checked against the true rules."""
    counts = _counts("q64", 5)
    assert not oddscalc.check(GAME, counts, strategy="optimal").passed
    with pytest.raises(InputError, match="'fold' is not an outcome"):        # never-fold never folds
        oddscalc.check(GAME, counts, strategy="never-fold")
    rules = ultimate.UltimateRules()
    wrong = simulator(rules, 5, strategy_table(rules, "never-fold"), qualify="K 3 2")
    wrong.run(ROUNDS)
    table = load(GAME)
    assert not check_counts(EXACT.of(table).analyze(table, "never-fold"), wrong.counts(), strategy="never-fold").passed


def test_a_strategy_table_plays_its_own_decisions():
    rules = ultimate.UltimateRules()
    written = strategy_table(rules, "how")
    sim = simulator(rules, 1, written)
    actions = rules.actions.points[0].actions
    ranking = ultimate.ThreeCardRanking()
    draw = random.Random(4)
    for _ in range(200):
        hand_up = draw.sample(DECK, 4)
        index = ultimate.strategy_index(rules, hand_up[3] >> 2, ranking.strength(hand_up[:3]), 741)
        assert actions[sim.native.action(hand_up[:3], hand_up[3])] == actions[written[index]]


def test_the_face_down_game_simulates():
    game = load(GAME, rules=["dealer_upcards=0"])
    sim = SIMULATE.of(game).simulator(game, "never-fold", 9)
    sim.run(ROUNDS)
    counts = sim.counts()
    assert sum(counts.values()) == ROUNDS and "fold" not in counts
    assert check_counts(EXACT.of(game).analyze(game, "never-fold"), counts, strategy="never-fold").passed


@pytest.mark.slow
def test_the_optimal_simulator_plays_decides_choice_and_passes_check():
    table = load(GAME)
    sim = SIMULATE.of(table).simulator(table, "optimal", 21)
    rules = ultimate.UltimateRules()
    actions = rules.actions.points[0].actions
    draw = random.Random(8)
    for _ in range(300):
        hand_up = draw.sample(DECK, 4)
        chosen = ultimate.decide(rules, hand_up[:3], hand_up[3]).choice
        assert actions[sim.native.action(hand_up[:3], hand_up[3])] == chosen, hand_up
        # every order of the hand as dealt reads the same action
        assert sim.native.action(hand_up[2::-1], hand_up[3]) == sim.native.action(hand_up[:3], hand_up[3])
    sim.run(500_000)
    checked = check_counts(EXACT.of(table).analyze(table), sim.counts())
    assert checked.passed, checked.verdict
    # How's chart costs 0.008 % of an Ante: its counts still fail as the optimal strategy's
    assert not oddscalc.check(GAME, _counts("how", 2, 3_000_000), strategy="optimal").passed


def test_simulate_and_check_on_the_command_line(cli, tmp_path):
    path = tmp_path / "counts.json"
    assert cli("simulate", GAME, "--rounds", "100000", "--seed", "4", "--strategy", "q64", "--output", path).status == 0
    assert cli("check", GAME, "--counts", path).status == 0            # the file's strategy
    assert cli("check", GAME, "--counts", path, "--strategy", "optimal").status == 1
