"""Casino Hold'em with dealer hole cards or the turn seen at the flop decision (issue 20 item 4, issue 23):
one situation counted by ext/holdem_seen.pyx (what decide --seen prices), checked against the exact
board kernel (the seen cards summed over give its counts) and against a plain-Python brute force.  The
whole count is tests/engines/test_holdem_seen_flops.py."""
import itertools
from fractions import Fraction

import pytest

import oddscalc
from oddscalc._native import holdem, holdem_seen
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_category, five_card_strength
from oddscalc.engines.base import load
from oddscalc.engines.holdem import exposure
from oddscalc.engines.holdem.rules import HoldemGame

RULES = HoldemGame.of(load("casino-holdem")).rules
HAND, FLOP = tuple(parse_cards("Ah 7d")), tuple(parse_cards("7c Ks 2h"))
REST = [c for c in range(52) if c not in (*HAND, *FLOP)]


def summed(cases, dealer, board):
    total = [[0] * 4 for _ in range(10)]
    for seen in cases:
        cell = holdem_seen.situation_cell([*HAND, *FLOP, *seen], dealer, board, RULES.qualifier)
        for r in range(10):
            for e in range(4):
                total[r][e] += cell[r][e]
    return total


def test_the_seen_cards_summed_over_give_the_board_kernel_s_counts():
    plain = holdem.situation_counts(HAND, FLOP, (), RULES.qualifier)
    assert summed(itertools.combinations(REST, 2), 2, 0) == plain
    twice = [[2 * n for n in row] for row in plain]                 # each card of a pair (or board) seen first
    assert summed(((x,) for x in REST), 1, 0) == twice
    assert summed(((x,) for x in REST), 0, 1) == twice


def brute_force_call(hand, flop, dealer, turn=(), dead=()):
    """EV(call) per Ante by plain enumeration: the Ante by its table when the dealer does not qualify or
    loses (the Call pushes or pays 1 to 1), both lost when he wins, both pushed on a tie."""
    seen = {*hand, *flop, *dealer, *turn, *dead}
    rest = [c for c in range(52) if c not in seen]
    total = value = Fraction(0)
    for board_rest in itertools.combinations(rest, 2 - len(turn)):
        board = (*flop, *turn, *board_rest)
        left = [c for c in rest if c not in board_rest]
        for hole in itertools.combinations(left, 2 - len(dealer)):
            p = five_card_strength((*hand, *board))
            d = five_card_strength((*dealer, *hole, *board))
            cat = five_card_category(p).value
            m = RULES.call_multiple
            if d < RULES.qualifier:
                v = RULES.ante_pay(cat)
            elif p > d:
                v = RULES.ante_pay(cat) + m
            elif p == d:
                v = Fraction(0)
            else:
                v = Fraction(-1 - m)
            total += 1
            value += v
    return value / total


@pytest.mark.slow
@pytest.mark.parametrize("dealer, turn", [(parse_cards("Kd Qc"), ()), (parse_cards("2c 2d"), ()),
                                          ((), parse_cards("9s"))])
def test_a_situation_is_priced_as_the_brute_force_prices_it(dealer, turn):
    cards = (*HAND, *FLOP, *dealer, *turn)
    v_call, v_fold = exposure.situation_values(load("casino-holdem"), cards, len(dealer), len(turn))
    assert v_fold == -1 and v_call == brute_force_call(HAND, FLOP, tuple(dealer), tuple(turn))


# --- decide with the dealer's hole cards seen or read (issue 23, item 1) ---------------------------

def decided(**given):
    return oddscalc.decide("casino-holdem", hand="Ah 7d", flop="7c Ks 2h", **given).decisions[0]


def test_decide_with_both_hole_cards_seen_and_dead_cards_is_the_brute_force():
    dealer, dead = parse_cards("Kd Qc"), parse_cards("7h 3s")
    decision = decided(seen="Kd Qc", dead="7h 3s")
    assert decision.values["call"] == brute_force_call(HAND, FLOP, tuple(dealer), dead=tuple(dead))
    assert decision.values["fold"] == -1 and decision.total == 43 * 42 // 2


def test_decide_with_one_hole_card_seen_is_the_exposure_price_of_the_situation():
    v_call, v_fold = exposure.situation_values(load("casino-holdem"), (*HAND, *FLOP, *parse_cards("Kd")), 1, 0)
    decision = decided(seen="Kd")
    assert (decision.values["call"], decision.values["fold"]) == (v_call, v_fold)
    assert decision.choice == ("call" if v_call > v_fold else "fold")


def test_a_read_card_is_any_unseen_card_of_its_ranks():
    # an ace read: the three aces the player does not hold, equally likely
    aces = [c for c in REST if c >> 2 == 12]
    expected = sum(exposure.situation_values(load("casino-holdem"), (*HAND, *FLOP, ace), 1, 0)[0]
                   for ace in aces) / len(aces)
    assert len(aces) == 3 and decided(reads="A").values["call"] == expected
    both = decided(seen="Kd", reads="K Q J")
    assert both.total == 10 * (45 * 44 // 2)      # the ten pictures left, each with every turn and river


@pytest.mark.parametrize("given, words", [
    ({"seen": "Kd Qc", "reads": "A"}, "two hole cards"),
    ({"seen": "Ah"}, "duplicate card Ah"),
    ({"reads": "X"}, "unknown rank"),
    ({"seen": "Kd", "reads": "7", "dead": "7h 7s"}, "no unseen card"),
])
def test_decide_refuses_what_cannot_be_the_dealer_s(given, words):
    with pytest.raises(InputError, match=words):
        decided(**given)
