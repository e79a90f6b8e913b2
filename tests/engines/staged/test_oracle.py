"""The staged family against the project's brute-force reference, tests/staged_oracle.py (every
ordered deal of a reduced deck, each decision by backward induction over the unseen cards): the
return, the average wager, the distribution of the net, every action's share of the rounds and the
3 Card Bonus, on reduced decks; each option's value of a late decision on the full deck."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.engines.base import load
from oddscalc.engines.staged import decide, side, solve
from oddscalc.engines.staged.rules import StagedRules
from tests import staged_oracle

MS, LIR = "mississippi-stud", "let-it-ride"
# the oracle's names of the stages and actions, and ours
STAGES = {MS: {"3rd-street": "3rd street", "4th-street": "4th street", "5th-street": "5th street"},
          LIR: {"decision-1": "first bet", "decision-2": "second bet"}}
ACTIONS = {MS: {"fold": "fold", "bet1": "raise 1x", "bet2": "raise 2x", "bet3": "raise 3x"},
           LIR: {"pull": "pull back", "ride": "let it ride"}}


def distribution(counts):
    total = sum(counts.values())
    return {net: Fraction(n, total) for net, n in counts.items() if n}


def compare(name, deck, pays=(), rules=(), params=None):
    game = load(name, pays=list(pays), rules=list(rules))
    staged = StagedRules.of(game)
    ours = solve.analysis_of(staged, solve.solve(staged, deck))
    theirs = staged_oracle.analyze(name, deck, params)
    assert ours.expected_return == theirs.expected_return
    assert ours.average_wager == theirs.average_wager
    assert distribution({row.net: row.count for row in ours.net_rows()}) == distribution(theirs.net_counts)
    for stage, actions in theirs.action_probabilities.items():
        for action, share in actions.items():
            if action != "not-reached":
                assert ours.action_probabilities[f"{STAGES[name][stage]}: {ACTIONS[name][action]}"] == share
    (bet,) = staged.side_bets
    bonus = side.side_analysis(staged, bet, deck)
    assert bonus.expected_return == theirs.side_bet_return("3-card-bonus")


def deck_of(size, seed):
    return tuple(sorted(random.Random(seed).sample(range(52), size)))


def test_both_games_on_a_tiny_deck_are_the_oracle():
    compare(MS, deck_of(6, 11))
    compare(LIR, deck_of(6, 12))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mississippi_stud_on_reduced_decks_is_the_oracle(seed):
    compare(MS, deck_of(9, seed))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_let_it_ride_on_reduced_decks_is_the_oracle(seed):
    compare(LIR, deck_of(10, seed))


# a deck of high cards and suits, where the ties and every option turn up
RICH = parse_cards("As Ah Ks Kh Qs Js Ts 9s 6s 6h")


@pytest.mark.slow
@pytest.mark.parametrize(("name", "pays", "rules", "params"), [
    (MS, [], [], None),
    (MS, ["straight=5"], [], {"paytable": "straight5"}),
    (MS, [], ["tie_break=wager_less"], {"tie_break": "wager_less"}),
    (LIR, [], [], None),
    (LIR, ["royal-flush=500"], ["tie_break=wager_less"], {"royal_pay": 500, "tie_break": "wager_less"}),
    (LIR, ["three-card-bonus.flush=4"], [], {"bonus_paytable": "flush-4"}),
])
def test_variants_on_a_rich_deck_are_the_oracle(name, pays, rules, params):
    compare(name, RICH, pays, rules, params)


@pytest.mark.parametrize(("name", "hand", "board", "history"), [
    (MS, "7s 9s", "8s 4h", ("bet1", "bet3")),       # the worked hand of Grochowski's "cutting losses"
    (MS, "Qh Jh", "Th 2c", ("bet3", "bet1")),
    (LIR, "Ts Js 4s", "Qs", ("ride",)),
    (LIR, "2c 7d 9h", "Kd", ("pull",)),
])
def test_the_last_decision_on_the_full_deck_is_the_oracle(name, hand, board, history):
    rules = StagedRules.of(load(name))
    hand, board = parse_cards(hand), parse_cards(board)
    deltas = {"bet1": 1, "bet2": 2, "bet3": 3, "pull": -1, "ride": 0}
    units = rules.initial_units + sum(deltas[a] for a in history)
    found = decide.decide(rules, hand, board, (), units)
    values = staged_oracle.decide(name, range(52), hand + board, history)
    assert {ACTIONS[name][a]: v for a, v in values.items()} == {a: v * units for a, v in found.values.items()}
