"""The five-card evaluator against published counts and against the pure-Python oracle."""
import array
import itertools
import random
from collections import Counter

import pytest

from oddscalc._native import eval5
from oddscalc.core.evaluate import five_card_category, five_card_strength
from oddscalc.core.hands import FiveCardCategory as F
from oddscalc.core.oracle import best_five_value, five_card_value

PUBLISHED_COUNTS = {  # royal … high card, over all 2,598,960 hands
    F.ROYAL_FLUSH: 4, F.STRAIGHT_FLUSH: 36, F.FOUR_OF_A_KIND: 624, F.FULL_HOUSE: 3744,
    F.FLUSH: 5108, F.STRAIGHT: 10200, F.THREE_OF_A_KIND: 54912, F.TWO_PAIR: 123552,
    F.PAIR: 1098240, F.HIGH_CARD: 1302540,
}


def strengths_of(hands_view):
    out = array.array("H", bytes(2 * hands_view.shape[0]))
    eval5.evaluate_batch(hands_view, out)
    return out


@pytest.mark.slow
def test_all_hands_give_the_published_category_counts(all_five_card_hands):
    hands, view = all_five_card_hands
    strengths = strengths_of(view)
    by_strength = Counter(strengths)
    assert len(by_strength) == 7462
    counts = Counter()
    for strength, n in by_strength.items():
        counts[five_card_category(strength)] += n
    assert counts == PUBLISHED_COUNTS
    assert sum(counts.values()) == 2598960


@pytest.mark.slow
def test_cython_and_reference_order_every_hand_alike(all_five_card_hands):
    hands, view = all_five_card_hands
    strengths = strengths_of(view)
    memo = {}
    value_of_strength = {}
    for hand, strength in zip(hands, strengths, strict=True):
        key = (tuple(sorted(c >> 2 for c in hand)), len({c & 3 for c in hand}) == 1)
        value = memo.get(key)
        if value is None:
            value = memo[key] = five_card_value(hand)
        # one strength is one value, and the order of strengths is the order of values
        assert value_of_strength.setdefault(strength, value) == value
    ordered = [value_of_strength[s] for s in sorted(value_of_strength)]
    assert ordered == sorted(ordered) and len(set(ordered)) == 7462
    assert five_card_category(max(value_of_strength)) == F.ROYAL_FLUSH


@pytest.mark.slow
def test_six_and_seven_cards_take_the_best_five(card_array):
    rng = random.Random(20261130)
    for size in (6, 7):
        hands = [tuple(rng.sample(range(52), size)) for _ in range(4000)]
        strengths = strengths_of(card_array(hands, size))
        pairs = sorted(zip(strengths, (best_five_value(h) for h in hands), strict=True))
        values = [v for _, v in pairs]
        assert values == sorted(values)
        for (s1, v1), (s2, v2) in zip(pairs, pairs[1:], strict=False):
            assert (s1 == s2) == (v1 == v2)
        for hand, strength in zip(hands[:200], strengths, strict=False):
            assert five_card_strength(hand) == strength
            assert max(five_card_strength(five) for five in itertools.combinations(hand, 5)) == strength


def test_the_strength_examples_are_the_documented_hand_of_each_strength():
    # the hands as the kernel's docstring makes them, each valued one by one from Python
    expected = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue
        mixed = tuple(4 * rank + i % 4 for i, rank in enumerate(ranks))
        expected[five_card_strength(mixed)] = mixed
        if len(set(ranks)) == 5:
            suited = tuple(4 * rank for rank in ranks)
            expected[five_card_strength(suited)] = suited
    assert sorted(expected) == list(range(7462))
    assert eval5.strength_examples() == tuple(expected[s] for s in range(7462))


@pytest.mark.slow
def test_rank_keys_make_every_multiset_sum_unique():
    key5, key7 = eval5.rank_keys()

    def multisets(size):
        for combo in itertools.combinations_with_replacement(range(13), size):
            if max(Counter(combo).values()) <= 4:
                yield combo

    sums5 = [sum(key5[r] for r in m) for m in multisets(5)]
    assert len(sums5) == len(set(sums5)) == 6175
    for size in (5, 6, 7):
        sums = [sum(key7[r] for r in m) for m in multisets(size)]
        assert len(sums) == len(set(sums))


# The strengths of all 2,598,960 hands in lexicographic order of card codes, as little-endian
# uint16: a digest recorded once the counts and the oracle tests above had passed, so any later
# change to the evaluator that moves a single hand is caught.
GOLDEN_DIGEST = "915368d8101d00b07f992aa5df74de3677e75b25e89d7e8d087e24e1fad77ef2"


@pytest.mark.slow
def test_golden_digest_of_every_five_card_strength(all_five_card_hands):
    import hashlib
    import sys
    strengths = strengths_of(all_five_card_hands[1])
    if sys.byteorder != "little":
        strengths.byteswap()
    assert hashlib.sha256(strengths.tobytes()).hexdigest() == GOLDEN_DIGEST


# the published counts of the best five of seven cards, high card .. straight flush, royal flush
SEVEN_CARD_CATEGORIES = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 37260, 4324]


@pytest.mark.slow
def test_the_seven_card_census_gives_the_published_counts():
    from oddscalc._native import census
    assert census.category_census(7) == SEVEN_CARD_CATEGORIES


@pytest.mark.slow
def test_visiting_every_six_card_set_counts_what_the_rank_multisets_count():
    deck = list(range(52))
    assert eval5.strength_census(6, deck, visit_every_set=True) == eval5.strength_census(6, deck)


def test_a_census_on_a_reduced_deck_equals_evaluating_every_set():
    deck = [card for card in range(52) if card >> 2 >= 8]          # tens and up: 20 cards
    for n in (5, 6, 7):
        expected = Counter(eval5.strength(cards) for cards in itertools.combinations(deck, n))
        counts = eval5.strength_census(n, deck)
        assert {s: c for s, c in enumerate(counts) if c} == dict(expected)
