"""The full 52-card deck: published Three Card Poker figures, counts, invariants, and the
single-hand path (decide, dead cards) against the whole-game analysis and the reference evaluator."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from oddscalc._native import three
from oddscalc.core.cards import parse_cards
from oddscalc.core.numbers import decimal_text
from oddscalc.core.oracle import three_card_value
from oddscalc.engines.base import load
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.decide import decide
from oddscalc.engines.three_card.outcomes import analyses
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.solve import solve
from oddscalc.engines.three_card.strategy import ratio_breakpoints, threshold_text, thresholds

# the games, and the what-if of one exposed dealer card (the upcard path of the engine)
GAMES = {"fast-poker": (), "caribbean-fast-poker": ("dealer_upcards=1",), "three-card-poker": ()}


@pytest.fixture(scope="module")
def solved():
    """name -> (rules, counts, solution, analyses) at each game's default Bonus ratio."""
    out = {}
    for name, given in GAMES.items():
        rules = three_card_rules(load(name, rules=given))
        counts = game_counts(rules)
        solution = solve(rules, counts)
        out[name] = (rules, counts, solution, analyses(solution))
    return out


def test_three_card_poker_published_figures(solved):
    rules, counts, solution, parts = solved["three-card-poker"]
    (rule,) = thresholds(solution)
    assert threshold_text(rules, counts, rule) == "play Q-6-4 or better" and not rule.exceptions
    assert decimal_text(parts["main"].house_edge * 100, 2) == "3.37"          # per ante
    assert decimal_text(parts["main"].element_of_risk * 100, 2) == "2.01"     # per total wagered
    assert decimal_text(parts["pair-plus"].house_edge * 100, 2) == "2.32"


def test_deal_counts_and_hand_distribution(solved):
    assert solved["fast-poker"][3]["main"].total == 22_100 * 18_424 == 407_170_400
    assert solved["caribbean-fast-poker"][3]["main"].total == 22_100 * 49 * 1_128
    hands = {row.outcome: row.count for row in solved["three-card-poker"][3]["pair-plus"].outcomes}
    assert hands == {"lose": 16440, "win-pair": 3744, "win-flush": 1096, "win-straight": 720,
                     "win-three-of-a-kind": 52, "win-straight-flush": 48}


def test_probabilities_sum_to_exactly_one(solved):
    for _rules, _counts, _solution, parts in solved.values():
        for analysis in parts.values():
            assert sum(analysis.probability(row) for row in analysis.outcomes) == 1


def test_combined_return_is_main_plus_ratio_times_bonus(solved):
    for name in ("fast-poker", "caribbean-fast-poker"):
        rules, _counts, _solution, parts = solved[name]
        assert rules.bonus_ratio == 1
        assert parts["combined"].expected_return == (parts["main"].expected_return
                                                     + rules.bonus_ratio * parts["bonus"].expected_return)
        assert parts["combined"].average_wager == parts["main"].average_wager + rules.bonus_ratio


def test_fast_poker_threshold_does_not_move_with_the_bonus(solved):
    rules, counts, solution, _parts = solved["fast-poker"]
    assert ratio_breakpoints(rules, counts, Fraction(6)) == []
    for ratio in (Fraction(0), Fraction(1, 3), Fraction(6)):
        other = solve(rules.at_bonus_ratio(ratio), counts)
        assert other.play == solution.play
    assert threshold_text(rules, counts, thresholds(solution)[0]) == "play Q-6-4 or better"


@pytest.mark.slow
def test_caribbean_breakpoints_are_real_sign_changes(solved):
    """Every breakpoint found is where a group's decision flips: just below it folds, just above plays."""
    rules, counts, _solution, _parts = solved["caribbean-fast-poker"]
    points = ratio_breakpoints(rules, counts, Fraction(6))
    assert points and all(counts.up_rank[p.group] == 12 and p.to_play for p in points)
    for point in (points[0], points[-1]):
        below = solve(rules.at_bonus_ratio(point.ratio - Fraction(1, 10**6)), counts)
        above = solve(rules.at_bonus_ratio(point.ratio + Fraction(1, 10**6)), counts)
        assert not below.play[point.group] and above.play[point.group]
        assert below.margin(point.group) < 0 < above.margin(point.group)


@pytest.mark.parametrize("name", ["fast-poker", "caribbean-fast-poker"])
def test_kernel_groups_agree_with_single_hand_counts(solved, name):
    rules, counts, solution, _parts = solved[name]
    rng = random.Random(4)
    for i in rng.sample(range(len(counts)), 150):
        g = counts.group(i)
        up = None if g.upcard < 0 else g.upcard
        d = decide(rules, g.example, up)
        assert tuple(row.count for row in d.outcomes) == tuple(g[3:7])
        assert (d.choice == "play") == solution.play[i]
        assert d.values["play"] - d.values["fold"] == solution.margin(i)


def test_dead_cards_against_the_reference_evaluator():
    rules = three_card_rules(load("fast-poker"))
    hand, dead = parse_cards("Qh 6d 4s"), parse_cards("Qc 6c 4c 2s 2d")
    d = decide(rules, hand, dead=dead)
    mine = three_card_value(hand)
    qualifier = three_card_value(parse_cards("Qc 3d 2h"))
    tally = [0, 0, 0, 0]
    rest = [c for c in range(52) if c not in hand + dead]
    for dealer in itertools.combinations(rest, 3):
        theirs = three_card_value(dealer)
        tally[0 if theirs < qualifier else 1 if theirs > mine else 2 if theirs == mine else 3] += 1
    assert tuple(row.count for row in d.outcomes) == tuple(tally)
    n = sum(tally)
    assert d.values["play"] == Fraction(tally[0] + 2 * tally[3] - 2 * tally[1], n) + (-1)   # Bonus 1 lost (high card)
    assert d.values["fold"] == -2


def test_hand_counts_refuses_a_deck_holding_the_hand():
    rules = three_card_rules(load("fast-poker"))
    with pytest.raises(ValueError):
        three.hand_counts(rules.ranking.native, range(52), (0, 1, 2), rules.qualify)


def test_kernel_doctests():
    import doctest
    result = doctest.testmod(three)
    assert result.attempted > 0 and result.failed == 0
