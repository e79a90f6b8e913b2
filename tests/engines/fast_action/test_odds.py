"""Exact odds of partly known deals: the kernel against brute force in plain Python, invariants,
small cases worked by hand, and the sampling fallback against the exact answer."""
import itertools
import math
import random
from fractions import Fraction

import pytest

from oddscalc.core.evaluate import five_card_strength
from oddscalc.core.oracle import best_five_value
from oddscalc.engines.fast_action import chain as plain
from oddscalc.engines.fast_action.action import action_distribution
from oddscalc.engines.fast_action.deal import Deal, parse_deal
from oddscalc.engines.fast_action.odds import completions, deal_odds
from oddscalc.engines.fast_action.rules import default_rules

VARIANTS = {
    "default": {},
    "every-player": {"phase_two_end": "every-player"},
    "pass-button": {"phase_two_tie": "pass", "action_fallback": "button"},
    "nearest-best": {"phase_one_tie": "nearest-button-left", "no_optional_bet": "best-hand"},
}


def brute_force(rules, deal, value=five_card_strength):
    """Every ordered completion, settled by the plain functions; deck draws turned one by one."""
    known = set(deal.known_cards)
    unseen = [c for c in range(52) if c not in known]
    unknown = deal.unknown_seats
    count = 0
    zero = {s: Fraction(0) for s in deal.seats}
    share, win, action, net = dict(zero), dict(zero), dict(zero), dict(zero)
    relative = [Fraction(0)] * len(deal.seats)

    def holes(pool, seats):
        if not seats:
            yield {}
            return
        for pair in itertools.combinations(pool, 2):
            rest = [c for c in pool if c not in pair]
            for more in holes(rest, seats[1:]):
                yield {seats[0]: pair, **more}

    for extra in itertools.permutations(unseen, 5 - len(deal.board)):
        board = deal.board + extra
        pool = [c for c in unseen if c not in extra]
        for dealt in holes(pool, unknown):
            hands = {**deal.holes, **dealt}
            values = {s: value(hands[s] + board) for s in deal.seats}
            in_holes = {c for pair in dealt.values() for c in pair}
            deck = [c for c in pool if c not in in_holes]
            count += 1
            shares = plain.phase_one_shares(rules, deal.seats, deal.button, deal.bettors, values)
            starts = plain.action_probabilities(rules, deal.seats, board, deck, deal.button)
            nets = plain.expected_phase_two(rules, deal.seats, values, starts)
            for s in deal.seats:
                share[s] += shares[s]
                win[s] += shares[s] == 1
                action[s] += starts[s]
                net[s] += nets[s]
            for start, p in starts.items():
                if p:
                    chain = plain.chain_nets(deal.seats, plain.phase_two_chain(
                        deal.seats, values, start, rules.phase_two_end, rules.phase_two_tie))
                    i = deal.seats.index(start)
                    for r in range(len(deal.seats)):
                        relative[r] += p * chain[deal.seats[(i + r) % len(deal.seats)]]
    return count, {k: {s: v / count for s, v in d.items()} for k, d in
                   (("share", share), ("win", win), ("action", action), ("net", net))}, \
        [v / count for v in relative]


def assert_matches(rules, deal, value=five_card_strength):
    count, want, relative = brute_force(rules, deal, value)
    odds = deal_odds(rules, deal)
    assert odds.exact and odds.total == count
    assert {s.seat: s.pot_share for s in odds.seats} == want["share"]
    assert {s.seat: s.win for s in odds.seats} == want["win"]
    assert {s.seat: s.action for s in odds.seats} == want["action"]
    assert {s.seat: s.phase_two for s in odds.seats} == want["net"]
    assert list(odds.relative) == relative
    # the closed form of the action seat agrees with the enumeration
    assert action_distribution(rules, deal).by_seat() == want["action"]
    return odds


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_flop_known_all_hands_known_matches_brute_force(variant):
    rules = default_rules(**VARIANTS[variant])
    deal = parse_deal(rules, "1,2,4,7", button="2", holes="1:AsKd 2:7h7c 4:9d9s 7:QcJc",
                      board="Qs Jd 2c", bettors="1,4")
    assert_matches(rules, deal)


def test_reference_evaluator_gives_the_same_answer():
    rules = default_rules()
    deal = parse_deal(rules, "3,5,6", button="5", holes="3:AsKd 5:9h9c 6:QcJc", board="Ts Jd Kc 4h")
    assert_matches(rules, deal, best_five_value)


def _sampled_deal(rng, rules):
    """A random deal made small by dead cards of ranks 9-K (they name no seat)."""
    n = rng.randint(3, 5)
    seats = sorted(rng.sample(range(1, 9), n))
    blanks = [c for c in range(52) if 7 <= c >> 2 <= 11]
    dead = rng.sample(blanks, rng.randint(12, 18))
    rest = [c for c in range(52) if c not in dead]
    rng.shuffle(rest)
    unknown = rng.sample(seats, rng.choice((0, 0, 1)))
    holes = {s: (rest.pop(), rest.pop()) for s in seats if s not in unknown}
    size = rng.choice((3, 4, 5) if unknown else (3, 4))
    if rng.random() < 0.6:
        # a board naming no occupied seat, so the deck draws decide (given what is left unknown)
        board = tuple(c for c in rest if rules.seat_named(c) not in seats)[:size]
    else:
        board = tuple(rest[:size])
    rest = [c for c in rest if c not in board]
    bettors = tuple(sorted(rng.sample(seats, rng.randint(0, n))))
    deal = Deal(tuple(seats), rng.choice(seats), bettors, holes, board, tuple(dead))
    ordered = completions(deal) * math.factorial(5 - len(board))
    return deal if ordered <= 3000 else _sampled_deal(rng, rules)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_sampled_deals_match_brute_force(seed):
    rng = random.Random(seed)
    rules = default_rules(**VARIANTS[sorted(VARIANTS)[seed % len(VARIANTS)]])
    deal = _sampled_deal(rng, rules)
    assert_matches(rules, deal)


def test_invariants_on_a_deal_with_an_unknown_opponent():
    rules = default_rules()
    deal = parse_deal(rules, "1,2,4,7", button="2", holes="1:AsKd 2:7h7c 7:QcJc", board="Qs Jd 2c")
    odds = deal_odds(rules, deal)
    assert sum(s.phase_two for s in odds.seats) == 0
    assert sum(odds.relative) == 0
    assert sum(s.action for s in odds.seats) == 1
    assert sum(s.pot_share for s in odds.seats) == 1
    assert sum(s.net for s in odds.seats) == 0          # no house take, no jackpot
    for s in odds.seats:
        assert 0 <= s.win <= s.win + s.tie <= 1 and s.win <= s.pot_share <= s.win + s.tie


def test_a_hand_worked_by_hand():
    """Seat 1 As Ad, seat 2 Ks Kd, seat 3 7c 2h on Ah Kh 9c 9d, river unknown (42 cards).

    Seat 1 (aces full) beats seat 2 (kings full) beats seat 3 on every river but Kc, which
    gives seat 2 four kings.  The river names seat 1 with Ac (1 card), seat 2 with 2c 2d 2s
    (3), seat 3 with a three (4); otherwise the first flop card Ah names seat 1.
    Chains: start 1 or 3 -> seat 1 takes a bet from each; start 2 -> 2 beats 3, 1 beats 2.
    River Kc (start 1): seat 1 pays seat 2, who beats seat 3.
    """
    rules = default_rules()
    deal = parse_deal(rules, "1,2,3", button="3", holes="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d")
    odds = deal_odds(rules, deal)
    assert odds.total == 42
    seat1, seat2, seat3 = odds.seats
    assert (seat1.win, seat2.win, seat3.win) == (Fraction(41, 42), Fraction(1, 42), 0)
    assert seat1.phase_one_net == Fraction(41, 42) * 6 - 2            # pot: 3 antes + 3 optional bets
    assert [s.action for s in odds.seats] == [Fraction(35, 42), Fraction(3, 42), Fraction(4, 42)]
    assert seat1.phase_two == Fraction(1 * 2 + 3 * 1 + 4 * 2 + 33 * 2 + 1 * -1, 42)
    assert seat2.phase_two == Fraction(1 * -1 + 3 * 0 + 4 * -1 + 33 * -1 + 1 * 2, 42)
    assert seat3.phase_two == -1


@pytest.mark.slow
def test_sampling_estimate_is_within_a_few_standard_errors_of_the_exact_answer():
    rules = default_rules()
    deal = parse_deal(rules, "1,2,4,7", button="2", holes="1:AsKd 2:7h7c 7:QcJc", board="Qs Jd 2c", bettors="1,4")
    exact = deal_odds(rules, deal)
    estimate = deal_odds(rules, deal, exact_limit=0, samples=100_000, seed=3)
    assert not estimate.exact and estimate.total == 100_000
    for e, x in zip(estimate.seats, exact.seats, strict=True):
        assert e.action == x.action                     # the action seat stays exact
        assert abs(float(e.phase_two - x.phase_two)) < 5 * e.phase_two_se
        assert abs(float(e.pot_share - x.pot_share)) <= 5 * e.pot_share_se
        assert e.phase_two_se > 0
    assert sum(e.phase_two for e in estimate.seats) == 0
    again = deal_odds(rules, deal, exact_limit=0, samples=100_000, seed=3)
    assert [s.phase_two for s in again.seats] == [s.phase_two for s in estimate.seats]   # seeded


def test_dead_cards_that_empty_the_deck_of_naming_cards_are_refused():
    rules = default_rules()
    from oddscalc.core.errors import InputError
    naming_dead = " ".join(r + s for r in "A23" for s in "cdhs")
    with pytest.raises(InputError, match="no card naming"):
        deal = parse_deal(rules, "1,2,3", holes="1:9c9d 2:9h9s 3:TcTd", board="Jc Jd Js Qh",
                          dead=naming_dead)
        deal_odds(rules, deal)


def test_jackpot_pays_on_each_final_hand():
    """Seat 1 holds four spades (As Ks + Qs 4s): 9 of the 42 rivers make its flush."""
    from dataclasses import replace
    rules = replace(default_rules(), jackpot_pays=(("flush", Fraction(10)),), jackpot_basis="for",
                    jackpot_stake=Fraction(1))
    deal = parse_deal(rules, "1,2,3", holes="1:AsKs 2:7h7c 3:2d3d", board="Qs Jd 4s 9h")
    seat1 = deal_odds(rules, deal).seats[0]
    flush, straight = 5, 4
    assert seat1.categories[flush] == Fraction(9, 42)
    assert seat1.categories[straight] == Fraction(3, 42)          # Tc Td Th
    assert seat1.jackpot == Fraction(9, 42) * 9 - Fraction(33, 42)  # "for" one: the stake is kept
    assert sum(seat1.categories) == 1


@pytest.mark.slow
def test_unknown_hole_cards_change_the_deck_draws():
    """Board names nobody, so the deck decides; seat 3's unknown cards may hold seat-naming
    cards, which then are not in the deck: the brute force turns the deck card by card."""
    rules = default_rules()
    dead = " ".join(r + s for r in "9TJ" for s in "cdhs")
    deal = parse_deal(rules, "1,2,3", button="1", holes="1:AsKd 2:7h7c", board="Qs Qd Kc Kh Ks",
                      dead=dead)
    odds = assert_matches(rules, deal)
    assert odds.action.by_source() == {name: 0 for name in rules.action_cards} | {"deck": 1}


@pytest.mark.parametrize("board, more_dead", [("9c Tc Jd Qh Kh", "6c 6d 6h 6s 7c 7d 8c"),
                                              ("9c Tc Jd Qh", "2c 2d 2h 2s 4c 4d 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s")])
@pytest.mark.slow
def test_sampling_with_every_hand_unknown_averages_rotations_without_bias(board, more_dead):
    """All hands unknown: each sample is averaged over the rotations of the hands round the
    seats.  Against the exact answer on a deck made small by dead cards."""
    rules = default_rules()
    dead = " ".join(r + s for r in "9TJQK" for s in "cdhs" if r + s not in board.split())
    dead += " " + more_dead
    deal = parse_deal(rules, "1,3,5", button="1", board=board, dead=dead)
    exact = deal_odds(rules, deal)
    assert exact.exact
    estimate = deal_odds(rules, deal, exact_limit=0, samples=40_000, seed=11)
    assert not estimate.exact
    for e, x in zip(estimate.seats, exact.seats, strict=True):
        assert abs(float(e.phase_two - x.phase_two)) < 5 * e.phase_two_se
        assert abs(float(e.pot_share - x.pot_share)) <= 5 * e.pot_share_se
    for r, value in enumerate(exact.relative):
        assert abs(float(estimate.relative[r] - value)) < 5 * estimate.relative_se[r]
