"""Casino Hold'em with dealer hole cards or the turn seen at the flop decision (issue 20, item 4): every
situation counted by ext/holdem_seen.pyx, checked against the exact board kernel (the seen cards summed
over give its counts) and against a plain-Python brute force; the estimate the same on any workers."""
import itertools
from fractions import Fraction

import pytest

from oddscalc._native import holdem, holdem_seen
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_category, five_card_strength
from oddscalc.engines.base import Seen, load
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


def brute_force_call(hand, flop, dealer, turn=()):
    """EV(call) per Ante by plain enumeration: the Ante by its table when the dealer does not qualify or
    loses (the Call pushes or pays 1 to 1), both lost when he wins, both pushed on a tie."""
    seen = {*hand, *flop, *dealer, *turn}
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


@pytest.mark.parametrize("dealer, turn", [(parse_cards("Kd Qc"), ()), (parse_cards("2c 2d"), ()),
                                          ((), parse_cards("9s"))])
def test_a_situation_is_priced_as_the_brute_force_prices_it(dealer, turn):
    cards = (*HAND, *FLOP, *dealer, *turn)
    v_call, v_fold = exposure.situation_values(load("casino-holdem"), cards, len(dealer), len(turn))
    assert v_fold == -1 and v_call == brute_force_call(HAND, FLOP, tuple(dealer), tuple(turn))


def test_what_is_not_priced_is_refused_in_one_line():
    game = load("casino-holdem")
    for seen, message in ((Seen(dealer_cards=3), "two hole cards"), (Seen(board_cards=5), "4 adds the turn"),
                          (Seen(boxes=1), "decide --dead"), (Seen(board_cards=3), "plain game"),
                          (Seen(dealer_cards=2, board_cards=4), "at most two cards")):
        with pytest.raises(InputError, match=message):
            exposure.exposure(game, seen)


@pytest.mark.slow
def test_the_plain_player_takes_the_analysis_decision_and_the_estimate_needs_no_worker_count():
    """The plain byte of a drawn situation is decide's choice for its holding and flop; the estimate
    is the same on one process and on two."""
    import oddscalc
    from oddscalc.tools.exposure import analyze_exposure
    game = load("casino-holdem")
    drawn = holdem_seen.sample_situations(exposure.plain_table(RULES), 1, 0, 5, 6, RULES.qualifier)
    for cards, plain, _cell in drawn:
        chosen = oddscalc.decide("casino-holdem", hand=list(cards[:2]), flop=list(cards[2:5])).decisions[0].choice
        assert (plain == exposure.CALL) == (chosen == "call")
    one = analyze_exposure(game, Seen(dealer_cards=2), samples=600, seed=3, workers=1)
    two = analyze_exposure(game, Seen(dealer_cards=2), samples=600, seed=3, workers=2)
    assert one.gain == two.gain > 0 and one.std_error == two.std_error and one.samples == 600
