"""Casino Hold'em with dealer hole cards or the turn seen at the flop decision (issue 20, item 4): every
situation counted by ext/holdem_seen.pyx, checked against the exact board kernel (the seen cards summed
over give its counts) and against a plain-Python brute force; the estimate the same on any workers."""
import itertools
from fractions import Fraction

import pytest

import oddscalc
from oddscalc._native import holdem, holdem_seen
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_category, five_card_strength
from oddscalc.core.parallel import chunk_seed
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


# --- decide with the dealer's hole cards seen or read (issue 23, item 1) ---------------------------

def decided(**given):
    import oddscalc
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


@pytest.mark.slow
@pytest.mark.parametrize("dealer, classes", [(1, "A|K Q J"), (2, "A K Q J")])
def test_the_exposure_of_read_dealer_cards_prices_each_situation_as_decide_prices_its_read(dealer, classes):
    from oddscalc.core.cards import RANKS
    from oddscalc.engines.reads import parse_classes, read_of
    game = load("casino-holdem")
    seen = Seen(dealer_cards=dealer, sorted_ranks=classes)
    assert exposure.exposure(game, seen) is None
    sample = exposure.exposure_chunk(game, seen, seed=4, chunk=2, size=3)
    drawn = holdem_seen.sample_situations(exposure.plain_table(RULES), dealer, 0, chunk_seed(4, 2), 3,
                                          RULES.qualifier)
    for numerator, (cards, plain, _cell) in zip(sample.numerators, drawn, strict=True):
        read = "|".join(" ".join(RANKS[r] for r in read_of(parse_classes(classes), c >> 2)) for c in cards[5:])
        decision = oddscalc.decide("casino-holdem", hand=list(cards[:2]), flop=list(cards[2:5]), reads=read)
        values = decision.decisions[0].values
        assert Fraction(numerator, sample.denominator) == max(values.values()) - \
            values["call" if plain == exposure.CALL else "fold"]
    with pytest.raises(InputError, match="without the turn"):
        exposure.exposure(game, Seen(dealer_cards=1, board_cards=4, sorted_ranks="A"))
