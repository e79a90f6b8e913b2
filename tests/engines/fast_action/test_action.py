"""The first action hand's closed form against an oracle that deals every card explicitly.

The oracle deals the 2n hole cards first, then the five community cards in deal order, then
turns deck cards, tracking only how many cards of each class (naming seat s, naming no one)
are left; nothing in it relies on the symmetry argument the closed form uses.
"""
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from oddscalc.engines.fast_action.action import action_distribution
from oddscalc.engines.fast_action.deal import parse_deal
from oddscalc.engines.fast_action.rules import BOARD_POSITIONS, default_rules


def explicit_distribution(rules, seats):
    classes = Counter(rules.seat_named(card) if rules.seat_named(card) in seats else None
                      for card in range(52))
    keys = sorted(classes, key=lambda k: (k is None, k or 0))
    start = tuple(classes[k] for k in keys)
    order = [BOARD_POSITIONS[name] for name in rules.action_cards]

    def draws(counts):
        for i, c in enumerate(counts):
            if c:
                yield i, Fraction(c, sum(counts)), counts[:i] + (c - 1,) + counts[i + 1:]

    @cache
    def holes(counts, left):
        if left == 0:
            return board(counts, ())
        out = Counter()
        for _i, p, rest in draws(counts):
            for key, q in holes(rest, left - 1).items():
                out[key] += p * q
        return out

    @cache
    def board(counts, dealt):
        if len(dealt) == 5:
            for position in order:
                if keys[dealt[position]] is not None:
                    return Counter({(keys[dealt[position]], "board"): Fraction(1)})
            if rules.action_fallback == "button":
                return Counter({("button", "button"): Fraction(1)})
            return deck(counts)
        out = Counter()
        for i, p, rest in draws(counts):
            for key, q in board(rest, dealt + (i,)).items():
                out[key] += p * q
        return out

    @cache
    def deck(counts):
        out = Counter()
        for i, p, rest in draws(counts):
            if keys[i] is not None:
                out[(keys[i], "deck")] += p
            else:
                for key, q in deck(rest).items():
                    out[key] += p * q
        return out

    return holes(start, 2 * len(seats))


@pytest.mark.parametrize("seats, changes", [
    ("1,2,3", {}),
    ("3,5,8", {}),
    ("1,4,6", {"action_cards": ("river", "flop1")}),
])
@pytest.mark.slow
def test_closed_form_matches_dealing_every_card(seats, changes):
    rules = default_rules(**changes)
    deal = parse_deal(rules, seats)
    got = action_distribution(rules, deal)
    want = explicit_distribution(rules, deal.seats)
    for seat in deal.seats:
        assert got.by_seat()[seat] == sum(p for (s, _), p in want.items() if s == seat)
        assert got.chances.get(("deck", seat), 0) == want.get((seat, "deck"), 0)
    assert sum(got.draws) == got.by_source()["deck"]


@pytest.mark.slow
def test_uneven_seat_mapping_gives_uneven_chances():
    # seat 1 is named by aces and kings, seat 2 by twos, seat 3 by nothing
    mapping = [None] * 13
    mapping[12] = mapping[11] = 1
    mapping[0] = 2
    rules = default_rules(seat_of_rank=tuple(mapping))
    deal = parse_deal(rules, "1,2,3")
    got = action_distribution(rules, deal).by_seat()
    assert got == {1: Fraction(2, 3), 2: Fraction(1, 3), 3: 0}
    want = explicit_distribution(rules, deal.seats)
    assert got[1] == sum(p for (s, _), p in want.items() if s == 1)


def test_button_fallback():
    rules = default_rules(action_fallback="button")
    deal = parse_deal(rules, "1,2,3", button="2")
    dist = action_distribution(rules, deal)
    none_named = Fraction(40 * 39 * 38 * 37 * 36, 52 * 51 * 50 * 49 * 48)
    assert dist.chances[("button", 2)] == none_named
    assert sum(dist.by_seat().values()) == 1 and dist.draws == ()


def test_deck_draw_counts_sum_to_the_deck_chance():
    rules = default_rules()
    dist = action_distribution(rules, parse_deal(rules, "1,2,3,4,5,6,7,8"))
    assert sum(dist.draws) == dist.by_source()["deck"]
    assert all(p > 0 for p in dist.draws)
    assert dist.by_seat() == {seat: Fraction(1, 8) for seat in range(1, 9)}
