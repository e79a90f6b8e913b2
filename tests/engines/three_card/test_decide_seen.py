"""The three-card games' decide with dealer cards seen (``--seen``, issue 23 item 1): every completion
of the dealer's known cards ranked directly, checked against the counting kernel."""
from fractions import Fraction

import oddscalc
from oddscalc._native import three
from oddscalc.core.cards import DECK, parse_cards
from oddscalc.engines.base import load
from oddscalc.engines.three_card.decide import decide, seen_counts
from oddscalc.engines.three_card.rules import three_card_rules

RULES = three_card_rules(load("three-card-poker"))
HAND = parse_cards("Qs 6d 4c")


def plain_counts(rules, hand, upcard=-1):
    deck = [c for c in DECK if c not in (*hand, upcard)]
    return three.hand_counts(rules.ranking.native, deck, tuple(hand), rules.qualify, upcard)[:4]


def test_ranking_every_completion_gives_the_kernel_s_counts():
    up = parse_cards("9h")[0]
    deck = [c for c in DECK if c not in (*HAND, up)]
    assert seen_counts(RULES, RULES.ranking.strength(HAND), [up], deck) == plain_counts(RULES, HAND, up)


def test_every_seen_card_summed_over_gives_the_plain_counts_three_times():
    strength = RULES.ranking.strength(HAND)
    total = [0, 0, 0, 0]
    for card in (c for c in DECK if c not in HAND):
        deck = [c for c in DECK if c not in (*HAND, card)]
        for i, n in enumerate(seen_counts(RULES, strength, [card], deck)):
            total[i] += n
    assert total == [3 * n for n in plain_counts(RULES, HAND)]      # a dealer hand, through each of its cards


def test_seeing_a_dealer_card_never_lowers_the_return_and_a_king_beats_queen_high():
    plain = decide(RULES, HAND)
    cards = [c for c in DECK if c not in HAND]
    informed = sum(max(decide(RULES, HAND, seen=(c,)).values.values()) for c in cards) / len(cards)
    assert informed > max(plain.values.values())
    king = decide(RULES, HAND, seen=parse_cards("Kd"))
    assert king.choice == "fold" and king.values["play"] == Fraction(-2)      # every K-x-x beats Q-6-4


def test_the_command_line_takes_seen_cards(cli):
    shown = cli("decide", "three-card-poker", "--hand", "Qs 6d 4c", "--seen", "Kd")
    assert shown.status == 0 and "seen Kd" in shown.out and "1128" in shown.out
    assert cli("decide", "three-card-poker", "--hand", "Qs 6d 4c", "--seen", "Qs").refused("Qs")
    assert oddscalc.decide("three-card-poker", hand="Qs 6d 4c", seen="Kd 2h").decisions[0].total == 47


def test_a_card_read_by_its_class_is_every_card_of_the_class_seen():
    from oddscalc.core.cards import rank_of
    pictures = (9, 10, 11)
    read = decide(RULES, HAND, reads=(pictures,))
    cards = [c for c in DECK if rank_of(c) in pictures and c not in HAND]
    each = [decide(RULES, HAND, seen=(c,)) for c in cards]
    assert read.total == sum(d.total for d in each)
    assert read.values["play"] == sum(d.values["play"] * d.total for d in each) / read.total
    assert oddscalc.decide("ultimate-three-card-poker", hand="Th 6d 2c", up="7s", reads="A").decisions[0].total \
        == 4 * 47                                         # four aces unseen, 47 cards for the third
