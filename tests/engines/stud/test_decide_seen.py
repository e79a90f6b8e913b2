"""Caribbean Stud's decide with dealer cards seen beside the upcard (``--seen``, issue 23 item 1):
every completion of the dealer's known cards ranked directly, checked against the counting kernel."""
from fractions import Fraction

import pytest

import oddscalc
from oddscalc._native import stud as kernel
from oddscalc.core.cards import parse_cards
from oddscalc.engines.base import load
from oddscalc.engines.stud.decide import decide, seen_completions
from oddscalc.engines.stud.rules import StudRules

GAME = load("caribbean-stud")
QUALIFIER = StudRules.of(GAME).qualify_strength
HAND, UP = parse_cards("As Kd Qc 7h 3s"), parse_cards("Jd")[0]


def test_ranking_every_completion_gives_the_kernel_s_counts():
    for hand, up in ((HAND, UP), (parse_cards("Kh Kd 7c 4s 2h"), parse_cards("9s")[0])):
        known = [*hand, up]
        assert seen_completions(hand, (up,), known, QUALIFIER) == \
            kernel.count_completions(tuple(hand), up, (), QUALIFIER)


@pytest.mark.slow
def test_every_seen_card_summed_over_gives_the_plain_counts_four_times():
    plain = kernel.count_completions(tuple(HAND), UP, (), QUALIFIER)
    rest = [c for c in range(52) if c not in (*HAND, UP)]
    total = [0, 0, 0, 0]
    for card in rest:
        for i, n in enumerate(seen_completions(HAND, (UP, card), [*HAND, UP, card], QUALIFIER)):
            total[i] += n
    assert total == [4 * n for n in plain]          # a completion is seen through each of its four cards


@pytest.mark.slow
def test_seeing_a_hole_card_never_lowers_the_return():
    plain = decide(GAME, HAND, UP)
    rest = [c for c in range(52) if c not in (*HAND, UP)]
    informed = sum(max(decide(GAME, HAND, UP, seen=(card,)).values.values()) for card in rest) / len(rest)
    assert informed >= max(plain.values.values()) and informed > Fraction(-1)


def test_the_command_line_and_the_api_take_seen_cards(cli):
    shown = cli("decide", "caribbean-stud", "--hand", "Qs Jh 9c 6d 3s", "--up", "7c", "--seen", "4d")
    assert shown.status == 0 and "seen 4d" in shown.out and "14190" in shown.out
    found = oddscalc.decide("caribbean-stud", hand="Qs Jh 9c 6d 3s", up="7c", seen="4d")
    assert found.choice == "fold" and found.decisions[0].total == 14190
    for seen, message in (("4d 4d", "4d"), ("Qs", "Qs"), ("2c 3c 4c 5c 6c", "")):
        refused = cli("decide", "caribbean-stud", "--hand", "Qs Jh 9c 6d 3s", "--up", "7c", "--seen", seen)
        assert refused.refused(message)
    with pytest.raises(oddscalc.InputError):
        oddscalc.decide("caribbean-stud", hand="Qs Jh 9c 6d 3s", up="7c", seen="7c")


def test_a_card_read_by_its_class_is_every_card_of_the_class_seen():
    """Reading a dealer card as "an ace" weighs each unseen ace as if it were seen: the completions
    are theirs together, and the EV their average."""
    from oddscalc.core.cards import rank_of
    read = decide(GAME, HAND, UP, reads=((12,),))
    aces = [c for c in range(52) if rank_of(c) == 12 and c not in (*HAND, UP)]
    each = [decide(GAME, HAND, UP, seen=(c,)) for c in aces]
    assert read.total == sum(d.total for d in each)
    assert read.values["call"] == sum(d.values["call"] * d.total for d in each) / read.total
    shown = oddscalc.decide("caribbean-stud", hand="As Kd Qc 7h 3s", up="Jd", reads="A")
    assert shown.choice == "call" and shown.decisions[0].total == 3 * 14190
    with pytest.raises(oddscalc.InputError, match="--reads|reads="):
        oddscalc.decide("caribbean-stud", hand="As Kd Qc 7h 3s", up="Jd", reads="A|Z")


def test_a_read_no_unseen_card_fits_is_refused_in_one_line(cli):
    for game, args in (("caribbean-stud", ("--hand", "As Ad Ac 7h 3s", "--up", "Ah")),
                       ("three-card-poker", ("--hand", "As Ad Ac", "--seen", "Ah")),
                       ("ultimate-three-card-poker", ("--hand", "As Ad Ac", "--up", "Ah"))):
        assert cli("decide", game, *args, "--reads", "A").refused("no unseen card has the ranks read"), game
    assert cli("decide", "caribbean-stud", "--hand", "As Kd Qc 7h 3s", "--up", "Jd", "--reads", "A|A|A|A|A").refused(
        "the dealer has four")
