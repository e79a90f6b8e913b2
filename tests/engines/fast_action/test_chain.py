"""Phase two, rule by rule (rules.md section 5), and the kernel's chain against the plain one."""
import itertools
import random
from fractions import Fraction

import pytest

from oddscalc._native import board as kernel
from oddscalc.core.cards import parse_card, parse_cards
from oddscalc.engines.fast_action.chain import (
    BEATS,
    LOSES,
    TIES,
    board_action,
    chain_nets,
    draw_probabilities,
    phase_one_nets,
    phase_one_shares,
    phase_two_chain,
)
from oddscalc.engines.fast_action.rules import default_rules

SEATS = (1, 2, 3, 4)


def steps_text(steps):
    return [(s.action, s.result, s.other, s.payer, s.payee) for s in steps]


def test_a_tie_pushes_and_the_comparison_goes_on():
    steps = phase_two_chain((1, 2, 3), {1: 5, 2: 5, 3: 3}, 1)
    assert steps_text(steps) == [(1, TIES, 2, None, None), (1, BEATS, 3, 3, 1)]
    assert chain_nets((1, 2, 3), steps) == {1: 1, 2: 0, 3: -1}


def test_the_beaten_action_hand_pays_one_bet_and_the_beater_continues():
    steps = phase_two_chain((1, 2, 3), {1: 3, 2: 5, 3: 4}, 1)
    assert steps_text(steps) == [(1, LOSES, 2, 1, 2), (2, BEATS, 3, 3, 2)]
    assert chain_nets((1, 2, 3), steps) == {1: -1, 2: 2, 3: -1}


def test_one_revolution_ends_before_the_first_action_hand_comes_round_again():
    values = {1: 9, 2: 1, 3: 2, 4: 3}
    steps = phase_two_chain(SEATS, values, 2)
    assert [(s.action, s.other) for s in steps] == [(2, 3), (3, 4), (4, 1)]
    assert chain_nets(SEATS, steps) == {1: 1, 2: -1, 3: 0, 4: 0}
    # every other player is compared exactly once
    assert sorted(s.other for s in steps) == [1, 3, 4]


def test_every_player_end_goes_on_until_the_action_hand_has_met_everyone():
    values = {1: 9, 2: 1, 3: 2, 4: 3}
    steps = phase_two_chain(SEATS, values, 2, end="every-player")
    assert [(s.action, s.other) for s in steps] == [(2, 3), (3, 4), (4, 1), (1, 2), (1, 3)]
    assert chain_nets(SEATS, steps) == {1: 3, 2: -2, 3: -1, 4: 0}
    pairs = [frozenset((s.action, s.other)) for s in steps]
    assert len(pairs) == len(set(pairs))        # no pair is compared twice


def test_pass_on_tie_hands_the_action_to_the_tied_player():
    values = {1: 5, 2: 5, 3: 7, 4: 1}
    push = phase_two_chain(SEATS, values, 1)
    passed = phase_two_chain(SEATS, values, 1, tie="pass")
    assert [(s.action, s.other) for s in push] == [(1, 2), (1, 3), (3, 4)]
    assert [(s.action, s.other) for s in passed] == [(1, 2), (2, 3), (3, 4)]
    assert chain_nets(SEATS, push) == {1: -1, 2: 0, 3: 2, 4: -1}
    assert chain_nets(SEATS, passed) == {1: 0, 2: -1, 3: 2, 4: -1}


def test_empty_seats_and_nine_to_king_name_no_one():
    rules = default_rules()
    seats = (1, 3, 5)
    # flop 5c Kd Qs, turn Kh, river 2h: the river names empty seat 2, the turn and third flop
    # card name nobody, the second flop card names nobody, the first names seat 5
    board = parse_cards("5c Kd Qs Kh 2h")
    seat, checked = board_action(rules, seats, board)
    assert seat == 5
    assert [(name, s) for name, _card, s in checked] == [
        ("river", None), ("turn", None), ("flop3", None), ("flop2", None), ("flop1", 5)]
    assert board_action(rules, seats, parse_cards("9c Tc Jc Qc Kc"))[0] is None


def test_deck_draws_until_a_card_names_an_occupied_seat():
    rules = default_rules()
    deck = parse_cards("9c 3d Ah")
    # first card 3d or Ah names a seat at once; 9c is turned over and then 3d or Ah decides
    assert draw_probabilities(rules, (1, 3, 5), deck) == {1: Fraction(1, 2), 3: Fraction(1, 2), 5: 0}
    deck = parse_cards("9c Tc 2d Ah Ad 5s")
    got = draw_probabilities(rules, (1, 2, 5), deck)
    # every seat-naming card is equally likely to be the first one turned
    assert got == {1: Fraction(2, 4), 2: Fraction(1, 4), 5: Fraction(1, 4)}


def test_nobody_making_the_optional_bet_gives_the_button_the_antes():
    rules = default_rules()
    values = {1: 100, 2: 5, 3: 7}
    assert phase_one_shares(rules, (1, 2, 3), 2, (), values) == {1: 0, 2: 1, 3: 0}
    assert phase_one_nets(rules, (1, 2, 3), 2, (), values) == {1: -1, 2: 2, 3: -1}
    best = default_rules(no_optional_bet="best-hand")
    assert phase_one_shares(best, (1, 2, 3), 2, (), values) == {1: 1, 2: 0, 3: 0}


def test_phase_one_ties_split_or_go_nearest_the_buttons_left():
    values = {1: 9, 2: 9, 3: 9, 4: 1}
    split = phase_one_shares(default_rules(), SEATS, 2, (1, 2, 4), values)
    assert split == {1: Fraction(1, 2), 2: Fraction(1, 2), 3: 0, 4: 0}
    nearest = phase_one_shares(default_rules(phase_one_tie="nearest-button-left"), SEATS, 2, (1, 2, 4), values)
    assert nearest == {1: 1, 2: 0, 3: 0, 4: 0}      # clockwise from seat 2's left: 3 (not a bettor), 4, 1
    # pot 4 antes + 3 optional bets = 7; each winner nets 3.5 - 2
    assert phase_one_nets(default_rules(), SEATS, 2, (1, 2, 4), values)[1] == Fraction(3, 2)


@pytest.mark.slow
@pytest.mark.parametrize("every", [False, True])
@pytest.mark.parametrize("tie_pass", [False, True])
def test_kernel_chain_agrees_with_the_plain_chain(every, tie_pass):
    rng = random.Random(5)
    end = "every-player" if every else "one-revolution"
    tie = "pass" if tie_pass else "push"
    for _ in range(400):
        n = rng.randint(2, 8)
        values = [rng.randint(0, 3) for _ in range(n)]     # a small range makes ties common
        seats = tuple(range(1, n + 1))
        for start in range(n):
            strengths = dict(zip(seats, values, strict=True))
            plain = chain_nets(seats, phase_two_chain(seats, strengths, start + 1, end, tie))
            assert kernel.chain_nets(values, start, every, tie_pass) == [plain[s] for s in seats]


def test_chain_nets_always_sum_to_zero():
    for values in itertools.product(range(3), repeat=5):
        for start in range(5):
            for every in (False, True):
                assert sum(kernel.chain_nets(list(values), start, every)) == 0


def test_seat_mapping_is_a_table_field():
    rules = default_rules(seat_of_rank=(None,) * 12 + (3,))     # only aces name a seat: seat 3
    assert board_action(rules, (1, 2, 3), parse_cards("2c 3c 4c 5c 6c"))[0] is None
    assert board_action(rules, (1, 2, 3), parse_cards("2c 3c 4c Ad 5c"))[0] == 3
    assert rules.seat_named(parse_card("As")) == 3
