"""The three-card evaluator: published counts, the oracle, and ranking switches."""
import itertools
from collections import Counter

import pytest

from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.core.hands import ThreeCardCategory as T
from oddscalc.core.oracle import three_card_value

HANDS = list(itertools.combinations(range(52), 3))


def test_published_counts():
    ranking = ThreeCardRanking()
    counts = Counter(ranking.category(ranking.strength(h)) for h in HANDS)
    assert counts == {T.STRAIGHT_FLUSH: 48, T.THREE_OF_A_KIND: 52, T.STRAIGHT: 720, T.FLUSH: 1096,
                      T.PAIR: 3744, T.HIGH_CARD: 16440}


ORDERS = [
    ((T.HIGH_CARD, T.PAIR, T.FLUSH, T.STRAIGHT, T.THREE_OF_A_KIND, T.STRAIGHT_FLUSH), True),
    ((T.HIGH_CARD, T.PAIR, T.STRAIGHT, T.FLUSH, T.THREE_OF_A_KIND, T.STRAIGHT_FLUSH), True),
    ((T.HIGH_CARD, T.FLUSH, T.PAIR, T.STRAIGHT, T.STRAIGHT_FLUSH, T.THREE_OF_A_KIND), True),
    ((T.HIGH_CARD, T.PAIR, T.STRAIGHT, T.THREE_OF_A_KIND), False),
]


@pytest.mark.slow
@pytest.mark.parametrize("order, flush_counts", ORDERS)
def test_strength_order_matches_the_oracle_for_every_ordered_triple(order, flush_counts):
    ranking = ThreeCardRanking(order, flush_counts)
    value_of = {}
    for hand in HANDS:
        value = three_card_value(hand, order, flush_counts)
        for permuted in set(itertools.permutations(hand)):
            strength = ranking.strength(permuted)
            assert value_of.setdefault(strength, value) == value
    values = [value_of[s] for s in sorted(value_of)]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_a23_is_the_lowest_straight_and_ka2_no_straight():
    from oddscalc.core.cards import parse_cards
    ranking = ThreeCardRanking()
    a23, two34, qka, ka2 = (ranking.strength(parse_cards(t)) for t in ("Ah 2d 3c", "2h 3d 4c", "Qh Kd Ac", "Kh Ad 2c"))
    assert ranking.category(a23) == T.STRAIGHT and a23 < two34 < qka
    assert ranking.category(ka2) == T.HIGH_CARD


@pytest.mark.parametrize("order, flush_counts, message", [
    ((T.HIGH_CARD, T.PAIR), True, "exactly once"),
    ((T.HIGH_CARD, T.PAIR, T.FLUSH, T.STRAIGHT, T.THREE_OF_A_KIND, T.STRAIGHT_FLUSH), False, "flush does not count"),
    ((T.PAIR, T.HIGH_CARD, T.FLUSH, T.STRAIGHT, T.THREE_OF_A_KIND, T.STRAIGHT_FLUSH), True, "high-card lowest"),
    ((T.HIGH_CARD, T.PAIR, T.FLUSH, T.STRAIGHT_FLUSH, T.STRAIGHT, T.THREE_OF_A_KIND), True, "below straight"),
])
def test_impossible_rankings_are_refused(order, flush_counts, message):
    with pytest.raises(InputError, match=message):
        ThreeCardRanking(order, flush_counts)
