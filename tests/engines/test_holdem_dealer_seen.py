"""Ultimate Texas Hold'em and Texas Hold'em Bonus decided with the dealer's hole cards seen or read by
rank class (issue 23, item 1): the dealer holdings counted one by one (engines/holdem/dealer_seen.py)
sum over the seen card to the board kernel's counts, a fixed wager's value averaged over the seen card
is the plain value (the law of total expectation), seeing never lowers the best value, and a read is
the mean over the cards it could be."""
import pytest

import oddscalc
from oddscalc._native import holdem
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.engines.base import load
from oddscalc.engines.holdem.dealer_seen import completion_endings
from oddscalc.engines.holdem.ultimate import UltimateGame

UTH, THB = "ultimate-texas-holdem", "texas-holdem-bonus"
QUALIFIER = UltimateGame.of(load(UTH)).rules.qualifier
HAND = tuple(parse_cards("As 7d"))


def rest_of(*cards):
    return [c for c in range(52) if c not in cards]


def summed_over_a_seen_card(board):
    """Per completion: the seen-card counts summed over every card the dealer's first card could be."""
    total = {}
    for x in rest_of(*HAND, *board):
        for extra, category, ends in completion_endings(HAND, board, (), QUALIFIER, (x,)):
            previous = total.get(extra, (category, (0,) * 6))[1]
            total[extra] = (category, tuple(a + b for a, b in zip(previous, ends, strict=True)))
    return total


def test_a_seen_card_summed_over_is_the_board_kernel_twice_at_the_river():
    board = tuple(parse_cards("Qs Jh 4c 9d 2s"))
    ((_, category, ends),) = holdem.completion_endings(HAND, board, (), QUALIFIER)
    assert summed_over_a_seen_card(board) == {(): (category, tuple(2 * n for n in ends))}
    both = [completion_endings(HAND, board, (), QUALIFIER, (x, y))[0][2]
            for i, x in enumerate(rest_of(*HAND, *board)) for y in rest_of(*HAND, *board)[i + 1:]]
    assert tuple(map(sum, zip(*both, strict=True))) == ends


@pytest.mark.slow
def test_a_seen_card_summed_over_is_the_board_kernel_twice_at_the_flop():
    board = tuple(parse_cards("Qs Jh 4c"))
    plain = {extra: (category, tuple(2 * n for n in ends))
             for extra, category, ends in holdem.completion_endings(HAND, board, (), QUALIFIER)}
    assert summed_over_a_seen_card(board) == plain


def decide(game, **given):
    return oddscalc.decide(game, hand="As 7d", **given).decisions[0]


def test_a_read_is_the_mean_over_the_cards_it_could_be_and_seeing_never_hurts():
    board = "Qs Jh 4c 9d 2s"
    kings = [c for c in rest_of(*HAND, *parse_cards(board)) if c >> 2 == 11]
    seen = [decide(UTH, board=board, seen=[king]) for king in kings]
    read = decide(UTH, board=board, reads="K")
    for action in read.values:
        assert read.values[action] == sum(s.values[action] for s in seen) / len(seen)
    plain = decide(UTH, board=board)
    # the Play at the river is one fixed wager: its value averaged over every seen card is the plain one
    every = [decide(UTH, board=board, seen=[x]) for x in rest_of(*HAND, *parse_cards(board))]
    assert sum(d.values["play 1x"] for d in every) / len(every) == plain.values["play 1x"]
    assert sum(max(d.values.values()) for d in every) / len(every) >= max(plain.values.values())


def test_texas_holdem_bonus_at_the_turn_with_a_seen_card():
    board = tuple(parse_cards("Qs Jh 4c 2d"))
    plain = {extra: (category, tuple(2 * n for n in ends))
             for extra, category, ends in holdem.completion_endings(HAND, board, (), 0)}
    total = {}
    for x in rest_of(*HAND, *board):
        for extra, category, ends in completion_endings(HAND, board, (), 0, (x,)):
            previous = total.get(extra, (category, (0,) * 6))[1]
            total[extra] = (category, tuple(a + b for a, b in zip(previous, ends, strict=True)))
    assert total == plain
    decision = decide(THB, board="Qs Jh 4c 2d", seen="Kd Kc")
    assert decision.total == 44 and set(decision.values) == {"check", "bet 1x"}


@pytest.mark.slow
def test_a_fixed_wager_at_the_flop_averages_to_the_plain_value():
    board = "Qs Jh 4c"
    every = [decide(UTH, board=board, seen=[x]) for x in rest_of(*HAND, *parse_cards(board))]
    plain = decide(UTH, board=board)
    assert sum(d.values["play 2x"] for d in every) / len(every) == plain.values["play 2x"]
    assert sum(d.values["check"] for d in every) / len(every) >= plain.values["check"]


@pytest.mark.parametrize("game, given, words", [
    (UTH, {"reads": "K", "dead": "Kc Kd Kh Ks"}, "no unseen card"),
    (THB, {"reads": "A|K Q|2"}, "two hole cards"),
    (UTH, {"board": "Qs Jh 4c", "seen": "Kd Kc", "reads": "A"}, "two hole cards"),
    (UTH, {"board": "Qs Jh 4c", "seen": "Qs"}, "duplicate card Qs"),
    (THB, {"board": "Qs Jh 4c", "reads": "7", "dead": "7h 7s 7c"}, "no unseen card"),
])
def test_what_cannot_be_the_dealer_s_is_refused_in_one_line(game, given, words):
    with pytest.raises(InputError, match=words):
        decide(game, **given)


def test_the_command_line_takes_seen_and_reads(cli):
    result = cli("decide", UTH, "--hand", "As 7d", "--board", "Qs Jh 4c 9d 2s", "--seen", "Kd", "--reads", "A")
    assert result.status == 0 and "seen Kd, reads A" in result.out
