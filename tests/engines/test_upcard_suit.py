"""The card-removal exceptions in words, by the player's cards in the upcard's suit
(oddscalc/engines/upcard_suit.py): each description true, and the shortest one chosen."""
import itertools

from oddscalc.engines.upcard_suit import (
    ARE,
    INCLUDING,
    OTHER_THAN,
    WITHOUT,
    Condition,
    Deviation,
    Split,
    condition_of,
    deviations,
    split_of,
    suited_ranks,
)

A, K, Q, EIGHT, SEVEN = 12, 11, 10, 6, 5          # rank numbers


def test_conditions_in_words():
    assert Condition((2, 3, 4)).text(True) == "with two or more of your cards in the upcard's suit"
    assert Condition((4,)).text(True) == "with four of your cards in the upcard's suit"
    assert Condition((0,)).text(False) == "with none of your cards in the upcard's suit"
    assert Condition((0, 1)).text(False) == "with at most one of your cards in the upcard's suit"
    assert Condition((2,)).text(True) == "with exactly two of your cards in the upcard's suit"
    assert Condition((0, 1, 2, 3, 4)).text(True) == ""
    assert Condition((0,), (Split(1, WITHOUT, (A, K)),)).text(False) == \
        "with none of your cards in the upcard's suit, or one (not the A or the K)"
    assert Condition((3, 4), (Split(2, INCLUDING, (A, K)),)).text(True) == \
        "with three or more of your cards in the upcard's suit, or two (including the A or the K)"
    assert Condition((), (Split(2, ARE, sets=((1, 0),)),)).text(True) == \
        "with two of your cards in the upcard's suit (the 3 and the 2)"
    assert Condition((4,), (Split(3, OTHER_THAN, sets=((Q, EIGHT, SEVEN),)),)).text(True) == \
        "with four of your cards in the upcard's suit, or three (other than Q-8-7)"


def test_a_split_is_the_shortest_true_description():
    every = {(a,) for a in (A, K, Q, 4, 0)}
    # the suited card is the A or the K: "including" names two ranks, the list of the others three
    found = split_of(1, {(A,), (K,)}, every - {(A,), (K,)})
    assert (found.kind, found.ranks) == (INCLUDING, (A, K))
    assert found.holds((A,)) and not found.holds((Q,)) and not found.holds((A, K))
    # three of A-K-Q-8-7 in the upcard's suit, all but Q-8-7 deviating: "other than Q-8-7" names one set,
    # "including the A or the K" two ranks
    triples = set(itertools.combinations((A, K, Q, EIGHT, SEVEN), 3))
    found = split_of(3, triples - {(Q, EIGHT, SEVEN)}, {(Q, EIGHT, SEVEN)})
    assert found.kind == OTHER_THAN and found.sets == ((Q, EIGHT, SEVEN),)
    assert found.holds((A, K, Q)) and not found.holds((Q, EIGHT, SEVEN))
    found = split_of(2, {(A, K), (A, Q)}, {(K, Q)})
    assert (found.kind, found.ranks) == (INCLUDING, (A,))


def test_a_condition_names_exactly_the_deviating_suitings():
    # A-K-T-3-2 against a T (caribbean-stud): calls with two or more in the upcard's suit, or one, the 3 or the 2
    ranks = (12, 11, 1, 0)
    suitings = {s: ((1, 0) if len(s) >= 2 or s in {(1,), (0,)} else (0, 1))
                for k in range(5) for s in itertools.combinations(ranks, k)}
    condition, situations = condition_of(suitings)
    assert situations == sum(n for n, _o in suitings.values())
    assert condition.text(True) == "with two or more of your cards in the upcard's suit, or one (the 3 or the 2)"
    assert all(condition.holds(s) == bool(n) for s, (n, _o) in suitings.items())
    # a suiting that both deviates and does not: the cards in the upcard's suit do not decide
    mixed, _ = condition_of({(): (1, 1), (A,): (1, 0)})
    assert not mixed.decided and mixed.text(True) == "in some of their suitings"


def test_hands_that_deviate_alike_are_one_group_with_runs():
    order = ("A-K-Q-T-6", "A-K-Q-T-5", "A-K-Q-T-4", "A-K-Q-T-3", "A-K-Q-9-8")
    four = {(): (0, 1), (A, K, Q, 4): (1, 0)}
    fold = {(): (1, 0), (A,): (0, 1)}
    found = deviations([(hand, "call", four) for hand in order[:4]] + [("A-K-Q-9-8", "fold", fold)], order)
    assert [d.text for d in found] == ["call A-K-Q-T-6 to A-K-Q-T-3 with four of your cards in the upcard's suit",
                                       "fold A-K-Q-9-8 with none of your cards in the upcard's suit"]
    assert found[0].holds("A-K-Q-T-5", (A, K, Q, 4)) and not found[0].holds("A-K-Q-T-5", ())
    assert Deviation("call", ("A-K-Q-T-9", "A-K-Q-T-8"), Condition((2, 3, 4)), 3, order).hands_text == \
        "A-K-Q-T-9, A-K-Q-T-8"
    assert suited_ranks((51, 0, 47, 3), 7) == (12, 11, 0)
