"""Optional-bet support: exact equity against one and two random hands, and the advice."""
import itertools
from fractions import Fraction

import pytest

from oddscalc._native import board as kernel
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.fast_action.advice import decide_row, decision_rows
from oddscalc.engines.fast_action.equity import showdown_equity
from oddscalc.engines.fast_action.rules import default_rules

# ranks 9-K of three suits out of play keep the brute force small
DEAD = parse_cards(" ".join(r + s for r in "9TJQK" for s in "cdh"))


def brute_equity(hero, board, dead, opponents):
    known = set(hero) | set(board) | set(dead)
    unseen = [c for c in range(52) if c not in known]
    total, share = 0, Fraction(0)
    for extra in itertools.combinations(unseen, 5 - len(board)):
        full = tuple(board) + extra
        mine = five_card_strength(tuple(hero) + full)
        pool = [c for c in unseen if c not in extra]
        strength = {pair: five_card_strength(pair + full) for pair in itertools.combinations(pool, 2)}
        for hands in itertools.permutations(strength, opponents):
            if len(set(itertools.chain(*hands))) < 2 * opponents:
                continue
            total += 1
            others = [strength[h] for h in hands]
            if max(others) <= mine:
                share += Fraction(1, 1 + others.count(mine))
    return total, share / total


@pytest.mark.parametrize("opponents, hero, board", [
    (1, "As Ad", "Ac 7d 2h 3s"), (1, "8s 7s", "6s 5d 4c 2s"), (1, "2c 3d", "4h 5s 6c 7d"),
    # two opponents: inclusion-exclusion on shared cards against every ordered pair of hands
    (2, "As Ad", "Ac 7d 2h 3s 4s"), (2, "5c 6c", "4h 5s 6d 7d 8s"), (2, "2c 2d", "Ah 8s 6c 4d 3s"),
])
@pytest.mark.slow
def test_exact_equity_matches_brute_force(opponents, hero, board):
    hero, board = parse_cards(hero), parse_cards(board)
    total, equity = brute_equity(hero, board, DEAD, opponents)
    got = showdown_equity(hero, board, DEAD, opponents)
    assert got.exact and got.total == total and got.equity == equity


@pytest.mark.slow
def test_two_opponents_against_the_enumerating_kernel():
    """Inclusion-exclusion (equity_counts) against explicit enumeration (count_deals)."""
    hero, board = parse_cards("Ks Qs"), parse_cards("Js Ts 2d 2c")
    exact = showdown_equity(hero, board, DEAD, 2)
    spec = {"n": 3, "seat_of_rank": [-1] * 13, "action_positions": [], "fallback_button": True,
            "every_player": False, "tie_pass": False, "one_tie_button": False, "no_bettor_best": False,
            "button": 0, "bettor_mask": 7, "phase_two": False, "holes": [tuple(hero), None, None],
            "board": list(board) + [-1], "dead": list(DEAD)}
    sums = kernel.count_deals(spec)
    enumerated = sum((Fraction(sums["wins"][k][0], k) for k in range(1, 4)), Fraction(0)) / sums["weight"]
    assert exact.equity == enumerated


@pytest.mark.slow
def test_three_opponents_are_estimated_near_the_exact_answer():
    hero, board = parse_cards("Ah 9h"), parse_cards("Qh 7c 2d 5s 9d")
    dead = parse_cards(" ".join(r + s for r in "3468TJ" for s in "cdhs"))
    spec = {"n": 4, "seat_of_rank": [-1] * 13, "action_positions": [], "fallback_button": True,
            "every_player": False, "tie_pass": False, "one_tie_button": False, "no_bettor_best": False,
            "button": 0, "bettor_mask": 15, "phase_two": False, "holes": [tuple(hero), None, None, None],
            "board": list(board), "dead": list(dead)}
    sums = kernel.count_deals(spec)
    exact = sum((Fraction(sums["wins"][k][0], k) for k in range(1, 5)), Fraction(0)) / sums["weight"]
    estimate = showdown_equity(hero, board, dead, 3, samples=50_000, seed=2)
    assert not estimate.exact and estimate.std_error > 0
    assert abs(float(estimate.equity - exact)) < 5 * estimate.std_error


@pytest.mark.slow
def test_an_estimated_equity_is_the_same_for_a_seed_on_one_process_or_two():
    # 120,000 samples are three seeded chunks: the estimate must not depend on who ran them
    hero, board = parse_cards("As Kd"), parse_cards("Qs Jd 2c")
    alone = showdown_equity(hero, board, (), 3, samples=120_000, seed=5, workers=1)
    shared = showdown_equity(hero, board, (), 3, samples=120_000, seed=5, workers=2)
    assert not alone.exact and alone == shared


def test_break_even_and_advice():
    rules = default_rules()
    hero, flop = parse_cards("7c 2d"), parse_cards("Ah Kh Qh")
    row = decide_row(rules, hero, flop, (), 6, 1)
    assert row.pot == 8 and row.break_even == Fraction(1, 8)
    assert row.gain == row.equity.equity * 8 - 1
    assert row.advice == ("bet" if row.equity.equity > Fraction(1, 8) else "do not bet")
    # alone: betting takes every ante unless the hero holds the button anyway
    assert decide_row(rules, hero, flop, (), 6, 0).gain == 6
    assert decide_row(rules, hero, flop, (), 6, 0, hero_button=True).advice == "either"


def test_decide_refuses_impossible_cases():
    rules = default_rules()
    hero, flop = parse_cards("7c 2d"), parse_cards("Ah Kh Qh")
    with pytest.raises(InputError, match="between 0 and 3"):
        decision_rows(rules, hero, flop, (), 4, [4])
    with pytest.raises(InputError, match="--players"):
        decision_rows(rules, hero, flop, (), 9)


def test_an_exact_equity_is_not_sized_as_a_sample():
    # heads-up on the flop is counted exactly: a huge --samples must not be refused as sampling work
    hero, board = parse_cards("As Kd"), parse_cards("Qs Jd 2c")
    assert showdown_equity(hero, board, (), 1, samples=10**12).exact
