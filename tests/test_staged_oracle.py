"""The brute-force reference of the staged games (tests/staged_oracle.py) checked on its own: hand
settlements written out from docs/staged-games.md, tiny decks worked out by hand, a plain expectimax
with no memo, counts that must add up, and invariants (paying more never lowers the return, more
information never lowers it, the optimal player beats every fixed simple strategy, a tie-break moves
the average wager but never the return, suits are only labels).

A tiny deck is a deck the player knows card by card, so the hand-worked cases are small puzzles:
each is solved in the comment above its test.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import perm

import pytest

from oddscalc.core.cards import parse_cards
from tests import staged_oracle as so

MS, LIR, UTCP = "mississippi-stud", "let-it-ride", "ultimate-three-card-poker"

# Reduced decks with every decision in play (folds, 1x and 3x raises, rides and pulls, exact ties,
# so the two tie-breaks differ).  Mississippi Stud: a winning pair (aces), a pushing pair (sevens),
# two pair.  Let It Ride: a paying pair (tens), a losing one (fives), two pair.  UTCP: a mini royal,
# A-2-3 and Q-K-A straights, pairs, hands on both sides of the queen-high qualifier.
DECKS = {MS: "As Ah Ks Js 7h 7d 3c 4s", LIR: "Ts Th Js Qs 5h 5d 2s", UTCP: "As Ks Qs 2h 3d 2c Qd 7h"}
# Smaller ones for the tests that run many analyses.
SMALL = {MS: "As Ah Ks Js 7h 7d 3c", LIR: "Ts Th Js Qs 5h 5d 2s", UTCP: "As Ks Qs 2h 3d 2c 7h"}


def freeze(params):
    return tuple(sorted((params or {}).items()))


@cache
def _analysis(game, deck, frozen):
    return so.analyze(game, deck, dict(frozen))


def analysis(game, deck, params=None):
    """Analyses are shared between tests (each costs a few tenths of a second)."""
    return _analysis(game, deck, freeze(params))


def cards(text):
    return tuple(parse_cards(text))


# ---- hand classes and settlements ---------------------------------------------------------------

@pytest.mark.parametrize(("hand", "expected"), [
    ("As Ks Qs Js Ts", "royal-flush"), ("5c 4c 3c 2c Ac", "straight-flush"), ("5c 4d 3h 2s Ac", "straight"),
    ("Jc Jd 2h 4s 7c", "pair-J"), ("Tc Td 2h 4s 7c", "pair-T"), ("2c 9c 4c 7c Kc", "flush"),
    ("7c 7d 7h 2s 2c", "full-house"), ("7c 7d 2h 2s Kc", "two-pair"), ("Qc Kd 2h 4s 7c", "high-card"),
])
def test_five_card_classes(hand, expected):
    assert so.five_card_class(tuple(sorted(cards(hand)))) == expected


@pytest.mark.parametrize(("hand", "expected"), [
    ("Ah Kh Qh", "mini-royal"), ("2c 3c Ac", "straight-flush"), ("Ac 2d 3h", "straight"), ("Qc Kd Ah", "straight"),
    ("Kc Ad 2h", "high-card"), ("2c 5c 9c", "flush"), ("9c 9d 2h", "pair"), ("9c 9d 9h", "three-of-a-kind"),
])
def test_three_card_classes(hand, expected):
    assert so.three_card_class(cards(hand)) == expected


def test_a_missing_top_row_is_paid_as_a_straight_flush():
    table = {hand: Fraction(pay) for hand, pay in so.PAYTABLES["pair-plus"]["default"].items()}
    assert "mini-royal" not in table and so.pay(table, "mini-royal") == 40
    assert so.pay(table, "high-card") == -1 and so.pay(table, "high-card", unlisted=Fraction(0)) == 0


def game(name, **params):
    return so.GAMES[name](so.parameters(name, params))


def test_mississippi_stud_settles_every_wager_at_the_same_odds():
    ms = game(MS)
    # a pair of 7s pushes everything, a pair of jacks wins 1 on each of 1 + 3 + 1 + 3 units, a pair of
    # 5s loses them; a fold forfeits the Ante and the street bets already made
    assert ms.main_net(cards("7c 7d 2h 4s Kc"), ("bet3", "bet1", "bet3")) == 0
    assert ms.main_net(cards("Jc Jd 2h 4s Kc"), ("bet3", "bet1", "bet3")) == 8
    assert ms.main_net(cards("5c 5d 2h 4s Kc"), ("bet3", "bet1", "bet3")) == -8
    assert ms.main_net(cards("5c 5d 2h"), ("bet3", "fold")) == -4
    assert ms.wagered(("bet3", "fold")) == 4
    # the straight pays 4, or 5 on the Barona table; the 3 Card Bonus looks at the community cards only
    assert ms.main_net(cards("9c Td Jh Qs Kc"), ("bet1",) * 3) == 16
    assert game(MS, paytable="straight5").main_net(cards("9c Td Jh Qs Kc"), ("bet1",) * 3) == 20
    assert ms.side_nets(cards("Ac Ad Qh Qs Kc"), ("fold",)) == {"3-card-bonus": 1}      # Q Q K: a pair
    assert ms.side_nets(cards("Qh Qs Ac 7d Kc"), ("fold",)) == {"3-card-bonus": -1}     # A K 7 high


def test_let_it_ride_pays_each_bet_in_action():
    lir = game(LIR)
    assert lir.main_net(cards("Tc Td 2h 4s 7c"), ("pull", "ride")) == 2
    assert lir.main_net(cards("9c 9d 2h 4s 7c"), ("ride", "ride")) == -3
    assert lir.main_net(cards("As Ks Qs Js Ts"), ("ride", "ride")) == 3000
    assert game(LIR, royal_pay=500).main_net(cards("As Ks Qs Js Ts"), ("ride", "ride")) == 1500
    assert lir.wagered(("pull", "pull")) == 1                         # the "$" bet always plays
    assert lir.side_nets(cards("9c 9d 2h 4s 7c"), ("pull", "pull")) == {"3-card-bonus": 1}


def test_ultimate_three_card_poker_settles_by_the_table_of_the_rules():
    utcp = game(UTCP)
    qualifier_beaten = cards("Kc 7d 4h") + cards("Qs 5c 2d")        # player higher, dealer qualifies
    not_qualifying = cards("Kc 7d 4h") + cards("Js 5c 2d")          # player higher, dealer below Q high
    assert utcp.main_net(qualifier_beaten, ("play1",)) == 2           # Ante 1, Play 1, Blind push
    assert utcp.main_net(not_qualifying, ("play1",)) == 1             # Ante push, Play 1, Blind push
    assert utcp.main_net(cards("Js 5c 2d") + cards("Kc 7d 4h"), ("play1",)) == -3
    assert utcp.main_net(cards("9s 5c 2d") + cards("Jc 7d 4h"), ("play1",)) == -2   # Ante pushes
    assert utcp.main_net(cards("Kc 7d 4h") + cards("Kd 7h 4c"), ("play1",)) == 0    # a tie pushes all
    assert utcp.main_net(cards("Ac 2d 3h") + cards("Kd Kh Kc"), ("play3",)) == -5   # all five units lose
    # the Blind pays a winning flush 1 and a winning straight 3/2 (2 on the alternative table)
    assert utcp.main_net(cards("Tc 7c 4c") + cards("Qs 5c 2d"), ("play1",)) == 3
    assert utcp.main_net(cards("Ac 2d 3h") + cards("Kd Kh 4c"), ("play1",)) == 2 + Fraction(3, 2)
    assert utcp.main_net(cards("Ac 2d 3h") + cards("Kd Qh 4c"), ("play3",)) == 1 + 3 + Fraction(3, 2)
    assert game(UTCP, blind_paytable="alternative").main_net(cards("Ac 2d 3h") + cards("Kd Qh 4c"),
                                                            ("play3",)) == 6
    assert utcp.main_net(cards("Ac 2d 3h"), ("fold",)) == -2
    # the rejected reading: the Play pushes when the dealer does not qualify
    assert game(UTCP, play_needs_qualifier=True).main_net(not_qualifying, ("play1",)) == 0
    # a raise beyond 1x needs a pair or better
    assert utcp.options(0, cards("Kc 7d 4h 2s"), ()) == ("fold", "play1")
    assert utcp.options(0, cards("Kc Kd 4h 2s"), ()) == ("fold", "play1", "play2", "play3")


# ---- published figures the hand classes must meet ------------------------------------------------

@cache
def three_card_hands():
    return [so.three_card_class(hand) for hand in combinations(range(52), 3)]


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "table", "house_edge_percent"), [
    # Grochowski, tunicatravel.com/blog/2012/02/let-it-ride-3-card-side-bet/: 7.1 and 2.14 percent
    ("3-card-bonus", "default", "7.1"), ("3-card-bonus", "flush-4", "2.14"),
    # Grochowski, tunicatravel.com/blog/mini-royal-payoffs-in-three-card-poker/: 7.28, and 7.10 with
    # the 50-1 mini royal
    ("pair-plus", "default", "7.28"), ("pair-plus", "mini-royal-50", "7.10"),
    # Grochowski (online.casinocity.com/article/by-any-other-name-15896): 40/30/6/4/1 "2.3 percent"
    ("pair-plus", "flush-4", "2.3"),
])
def test_three_card_side_bets_meet_published_house_edges(kind, table, house_edge_percent):
    pays = {hand: Fraction(p) for hand, p in so.PAYTABLES[kind][table].items()}
    hands = three_card_hands()
    edge = -Fraction(sum(so.pay(pays, hand) for hand in hands), len(hands)) * 100
    places = len(house_edge_percent.partition(".")[2])
    assert round(edge, places) == Fraction(house_edge_percent)


FULL_DECK = tuple(range(52))


# WoO's Let It Ride appendix 1 (https://wizardofodds.com/games/let-it-ride/appendix/1/), "Total
# return": the first bet's net summed over the 1,176 pairs of community cards, for a three-card start.
@pytest.mark.slow
@pytest.mark.parametrize(("start", "total_return"), [
    ("7c 7d 7h", 6360),         # three of a kind
    ("Tc Td 2h", 1689),         # high pair
    ("Qs Js Ts", 1736),         # 3 to a royal flush, queen highest
    ("Js Ts 7s", 144),          # 3 to a straight flush, spread 5, 2 high cards
])
def test_let_it_ride_first_decision_meets_the_wizard_of_odds(start, total_return):
    values = so.decide(LIR, FULL_DECK, start)
    assert (values["ride"] - values["pull"]) * 1176 == total_return


def test_let_it_ride_fourth_card_ties_and_rides():
    # an open-ended straight draw below a ten is worth exactly 0 (8 cards pay 5, the other 40 lose
    # 1): the tie_break cases; with a ten it rides (everything2.com/title/let+it+ride)
    values = so.decide(LIR, FULL_DECK, "5c 6d 7h 8s", ("pull",))
    assert values["ride"] == values["pull"]
    values = so.decide(LIR, FULL_DECK, "7c 8d 9h Ts", ("pull",))
    assert values["ride"] - values["pull"] == Fraction(1, 8)


def test_mississippi_stud_last_street_mitigates_the_loss():
    # Grochowski's hand (casinocitytimes.com/john-grochowski/article/cutting-losses-67268): 7s 9s, 1x,
    # 8s, 3x, 4h: folding loses 5 units; 1x more pushes on the 9 cards that pair (a 6-10 pair) and
    # loses 6 on the other 39 of 48, -39/8, the best play
    values = so.decide(MS, FULL_DECK, "7s 9s 8s 4h", ("bet1", "bet3"))
    assert values == {"fold": -5, "bet1": Fraction(-39, 8), "bet2": Fraction(-91, 16), "bet3": Fraction(-13, 2)}


# ---- tiny decks worked out by hand ----------------------------------------------------------------

# Let It Ride, deck Tc Td 2h 4s 7c 9d: five of the six cards are dealt and the sixth never is; no
# straight or flush can be made, so a bet wins 1 when both tens are dealt (the card left out is one of
# the 4 others) and loses 1 otherwise.  The player's three cards hold
#   A. both tens (probability 1/5): a sure win, ride both: +3;
#   B. one ten (3/5): 2 of the 3 unseen cards (a ten, two others) are dealt, so the bet is worth
#      2/3 - 1/3 = 1/3: ride.  If the 4th card is the ten (1/3), ride: +3.  Else (2/3) the last card
#      is the ten or not, even chances: the second bet is worth exactly 0, a tie: ride with
#      wager_more (+3 or -3), pull with wager_less (+2 or -2).  Worth 1/3 * 3 = 1 either way;
#   C. no ten (1/5): both tens must come, worth 1/3 - 2/3 = -1/3: pull.  A ten 4th (2/3): a tie again
#      (ride: +2 or -2; pull: +1 or -1); another card 4th (1/3): the round is lost, pull: -1.  Worth
#      -1/3.
# Return 3/5 + 3/5 - 1/15 = 17/15 either way.  The second bet rides in A, in B (wager_more) or when the
# 4th card is a ten, and in C with a ten 4th (wager_more): 1/5 + 3/5 + 2/15 = 14/15, or 1/5 + 1/5 =
# 2/5; average wager 1 + 4/5 + 14/15 = 41/15, or 1 + 4/5 + 2/5 = 11/5.  Of the 720 ordered deals,
# wager_more: +3 in 144 (A) + 144 + 144 (B), -3 in 144 (B), +2 and -2 in 48 each (C), -1 in 48 (C).
# The 3 Card Bonus (no straight, no flush in three cards) wins 1 on the two tens: 1/5 - 4/5 = -3/5.
def test_let_it_ride_tiny_deck_by_hand():
    deck = "Tc Td 2h 4s 7c 9d"
    more, less = analysis(LIR, deck), analysis(LIR, deck, {"tie_break": "wager_less"})
    assert more.total == less.total == 720
    assert more.expected_return == less.expected_return == more.value == Fraction(17, 15)
    assert more.average_wager == Fraction(41, 15) and less.average_wager == Fraction(11, 5)
    assert more.net_counts == {3: 432, -3: 144, 2: 48, -2: 48, -1: 48}
    assert more.action_probabilities == {"decision-1": {"ride": Fraction(4, 5), "pull": Fraction(1, 5)},
                                         "decision-2": {"ride": Fraction(14, 15), "pull": Fraction(1, 15)}}
    assert less.action_probabilities["decision-2"] == {"ride": Fraction(2, 5), "pull": Fraction(3, 5)}
    assert more.side_bet_return("3-card-bonus") == Fraction(-3, 5)
    assert more.side_bets["3-card-bonus"] == {1: 144, -1: 576}


# Mississippi Stud, deck Js Jh 2c 4d 7s 9h: again one card is left out; the final hand is a pair of
# jacks (wins 1 on everything staked) when both jacks are dealt, else jack high (loses it all).
# With S units staked and j jacks seen:
#   5th street (4 seen): j = 2 wins surely: bet 3.  j = 1: the last card is the jack or the other
#     card, even chances, so any bet is worth 0 (a three-way tie) against -S for a fold: bet 3
#     (wager_more) or 1 (wager_less).  j = 0 loses surely: fold.
#   4th street (3 seen): j = 1: the next card is the jack (1/3, then a sure win, bet 3) or not
#     (worth 0): betting k is worth (S + k + 3)/3, so bet 3.  j = 0: a jack next (2/3) leaves a
#     tie worth 0, another card (1/3) a fold: betting k is worth -(S + k)/3, better than -S: bet 1.
#   3rd street (2 seen, S = 1): j = 2 (1/15): +10.  j = 1 (8/15): betting k is worth
#     1/4 (k + 7) + 3/4 (k + 7)/3 = (k + 7)/2: bet 3, worth 5.  j = 0 (6/15): a jack next (1/2) is
#     worth (k + 7)/3, another card (k + 2)/3 less: 5/6 whatever k, a three-way tie.
# Return 1/15 * 10 + 8/15 * 5 + 6/15 * 5/6 = 11/3 with either tie-break.  Units wagered: 10 with
# j >= 1 and, for j = 0, 10 after a jack 4th and 8 or 5 after another card (1/2 * 10 + 1/2 * (2/3 * 8
# + 1/3 * 5) = 17/2): average (10 + 80 + 51)/15 = 47/5.  With wager_less every tie takes the small
# bet: j = 1 averages 1/4 * 10 + 3/4 * (1/3 * 10 + 2/3 * 8) = 9 and j = 0 averages 1/2 * (1/3 * 8 +
# 2/3 * 6) + 1/2 * (2/3 * 4 + 1/3 * 3) = 31/6: (10 + 72 + 31)/15 = 113/15.
def test_mississippi_stud_tiny_deck_by_hand():
    deck = "Js Jh 2c 4d 7s 9h"
    more, less = analysis(MS, deck), analysis(MS, deck, {"tie_break": "wager_less"})
    assert more.expected_return == less.expected_return == more.value == Fraction(11, 3)
    assert more.average_wager == Fraction(47, 5) and less.average_wager == Fraction(113, 15)
    assert more.action_probabilities["3rd-street"] == {"bet3": 1}
    assert less.action_probabilities["3rd-street"] == {"bet3": Fraction(9, 15), "bet1": Fraction(6, 15)}
    # the only fold: 5th street with no jack among the first four cards, C(4, 4)/C(6, 4) = 1/15
    assert more.action_probabilities["5th-street"]["fold"] == Fraction(1, 15)
    assert so.decide(MS, deck, "2c 4d") == {"fold": -1, "bet1": Fraction(5, 6), "bet2": Fraction(5, 6),
                                            "bet3": Fraction(5, 6)}


# Ultimate Three Card Poker, deck Ac Ad Ah 2c 2d 2h: all six cards are dealt, so the player knows the
# dealer's hand.  With k aces (probabilities 1, 9, 9, 1 in 20 for k = 3, 2, 1, 0) the player holds
# A-A-A (beats 2-2-2), A-A-2 (beats 2-2-A), A-2-2 (loses to A-A-2), 2-2-2 (loses to A-A-A); no flush
# or straight can be made and every dealer hand qualifies.  Winning hands raise 3x: k = 3 wins Ante 1,
# Play 3 and Blind 6 (trips) = 10; k = 2 wins 1 + 3 with the Blind pushing on a pair = 4; losing hands
# fold for -2.  Return (10 + 9 * 4 - 10 * 2)/20 = 13/10; average wager (10 * 5 + 10 * 2)/20 = 7/2.
# Pair Plus (40/30/6/3/1), forfeited by a fold: 30, 1, -1, -1: 29/20 per unit.  Staked at 1 unit per
# Ante it changes the losing decisions: A-2-2 plays 1x (-3 + 1 against -2 - 1 for a fold) and 2-2-2
# plays 1x (-3 + 30): main return (10 + 36 - 27 - 3)/20 = 4/5, Pair Plus (30 + 9 + 9 + 30)/20 = 39/10,
# the whole wager 47/10.  If Pair Plus survives a fold the decisions are the unstaked ones again.
def test_ultimate_three_card_poker_tiny_deck_by_hand():
    deck = "Ac Ad Ah 2c 2d 2h"
    plain = analysis(UTCP, deck)
    assert plain.total == 720 and plain.expected_return == plain.value == Fraction(13, 10)
    assert plain.average_wager == Fraction(7, 2)
    assert plain.action_probabilities == {"decision": {"play3": Fraction(1, 2), "fold": Fraction(1, 2)}}
    assert plain.side_bet_return("pair-plus") == Fraction(29, 20)
    assert analysis(UTCP, deck, {"dealer_upcards": 0}).expected_return == Fraction(13, 10)
    staked = analysis(UTCP, deck, {"pairplus_ratio": 1})
    assert staked.expected_return == Fraction(4, 5) and staked.side_bet_return("pair-plus") == Fraction(39, 10)
    assert staked.value == Fraction(47, 10)
    assert staked.action_probabilities == {"decision": {"play3": Fraction(1, 2), "play1": Fraction(1, 2)}}
    surviving = analysis(UTCP, deck, {"pairplus_ratio": 1, "pairplus_survives_fold": True})
    assert surviving.expected_return == surviving.value == Fraction(13, 10)
    assert surviving.side_bet_return("pair-plus") == Fraction(39, 10)


# ---- the two passes agree, and the counts add up --------------------------------------------------

def naive_value(rules, deck, seen=(), history=()):
    """Expectimax straight from the definitions: no memo, no state keys, no totals, no tie-breaks."""
    if rules.over(seen, history):
        return Fraction(rules.objective(seen, history))
    stage = len(history)
    if stage < len(rules.stages) and len(seen) == rules.stages[stage].seen:
        return max(naive_value(rules, deck, seen, (*history, a)) for a in rules.options(stage, seen, history))
    unseen = [card for card in deck if card not in seen]
    return sum((naive_value(rules, deck, (*seen, card), history) for card in unseen), Fraction(0)) / len(unseen)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "deck", "params"), [
    # a straight flush, a straight, a flush, a pair of 9s (push) or nothing, by the card left out;
    # raises of 1x or 3x only, which keeps the plain expectimax (no memo) to a few tenths of a second
    (MS, "Ks Qs Js Ts 9s 9h", {"street_multiples": (1, 3)}),
    (LIR, "Ts Js Qs Ks 9s 2h 2d", {}),
    (UTCP, "As Ks Qs 2h 3d 2c 7h", {}),
])
def test_backward_induction_equals_a_plain_expectimax(name, deck, params):
    result = analysis(name, deck, params)
    assert result.value == result.expected_return == naive_value(game(name, **params), cards(deck))


@pytest.mark.slow
@pytest.mark.parametrize("name", [MS, LIR, UTCP])
def test_counts_add_up_to_every_ordered_deal(name):
    result = analysis(name, DECKS[name])
    n = len(cards(DECKS[name]))
    dealt = so.GAMES[name].cards
    assert result.total == sum(result.net_counts.values()) == perm(n, dealt)
    for stage, probabilities in result.action_probabilities.items():
        assert sum(probabilities.values()) == 1, stage
    for name_, counts in result.side_bets.items():
        assert sum(counts.values()) == result.total, name_
    assert result.value == result.expected_return
    assert result.element_of_risk == result.house_edge / result.average_wager


@pytest.mark.slow
@pytest.mark.parametrize("name", [MS, LIR, UTCP])
def test_a_tie_break_moves_the_wager_but_not_the_return(name):
    more, less = analysis(name, DECKS[name]), analysis(name, DECKS[name], {"tie_break": "wager_less"})
    assert more.expected_return == less.expected_return
    # these decks hold exact ties, so the two readings differ
    assert more.average_wager > less.average_wager


# ---- invariants -----------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("name", "key", "table", "hand"), [
    (MS, "paytable", ("mississippi-stud", "standard"), "pair-7"),
    (MS, "paytable", ("mississippi-stud", "standard"), "two-pair"),
    (LIR, "paytable", ("let-it-ride", "default"), "pair-T"),
    (LIR, "paytable", ("let-it-ride", "default"), "two-pair"),
    (UTCP, "blind_paytable", ("utcp-blind", "default"), "straight"),
    (UTCP, "blind_paytable", ("utcp-blind", "default"), "mini-royal"),
])
def test_paying_more_never_lowers_the_return(name, key, table, hand):
    kind, base = table
    richer = {**so.PAYTABLES[kind][base]}
    richer[hand] += Fraction(1, 2)
    deck = SMALL[name]
    before = analysis(name, deck).expected_return
    after = so.analyze(name, deck, {key: richer}).expected_return
    assert after > before       # each hand occurs on these decks and is played to the end


@pytest.mark.slow
def test_the_better_named_tables_return_more():
    straights = "Kc Qd Jh Ts 9s 9h 2c"      # K-Q-J-T-9 is dealt now and then
    assert (analysis(MS, straights, {"paytable": "straight5"}).expected_return
            > analysis(MS, straights).expected_return)
    royal = "As Ks Qs Js Ts 2h 2d"      # a royal flush is dealt now and then
    assert analysis(LIR, royal).expected_return > analysis(LIR, royal, {"royal_pay": 500}).expected_return
    assert (analysis(UTCP, SMALL[UTCP], {"blind_paytable": "alternative"}).expected_return
            > analysis(UTCP, SMALL[UTCP]).expected_return)


def most(stage, info, history, options):
    return options[-1]


def least(stage, info, history, options):
    return options[0]


def least_staying(stage, info, history, options):
    return options[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", [MS, LIR, UTCP])
def test_the_optimal_player_beats_every_fixed_simple_strategy(name):
    deck = SMALL[name]
    optimal = analysis(name, deck)
    for strategy in (most, least, least_staying):
        fixed = so.analyze(name, deck, strategy=strategy)
        assert fixed.value == fixed.expected_return, strategy.__name__
        assert optimal.expected_return > fixed.expected_return, strategy.__name__
    assert so.analyze(name, deck, strategy=least).average_wager == (2 if name == UTCP else 1)


@pytest.mark.slow
def test_seeing_a_dealer_card_never_lowers_the_return():
    shown = analysis(UTCP, SMALL[UTCP])
    hidden = analysis(UTCP, SMALL[UTCP], {"dealer_upcards": 0})
    assert shown.expected_return > hidden.expected_return
    assert hidden.action_counts.keys() == {"decision"}


@pytest.mark.slow
@pytest.mark.parametrize("name", [MS, LIR, UTCP])
def test_suits_are_only_labels(name):
    deck = cards({**SMALL, MS: "Ks Qs Js Ts 9s 9h"}[name])
    relabelled = tuple(card - card % 4 + (card % 4 + 1) % 4 for card in deck)    # c->d->h->s->c
    a, b = analysis(name, deck), analysis(name, relabelled)
    assert (a.net_counts, a.action_counts, a.side_bets) == (b.net_counts, b.action_counts, b.side_bets)


# ---- refusals -------------------------------------------------------------------------------------

def test_refusals():
    with pytest.raises(ValueError, match="no parameter"):
        so.analyze(LIR, SMALL[LIR], {"royal": 500})
    with pytest.raises(ValueError, match="aggregate_payout_cap"):
        so.analyze(MS, SMALL[MS], {"aggregate_payout_cap": 20000})
    with pytest.raises(ValueError, match="tie_break"):
        so.analyze(MS, SMALL[MS], {"tie_break": "fold"})
    with pytest.raises(ValueError, match="at least 6 distinct cards"):
        so.analyze(UTCP, "As Ks Qs 2h 3d")
    with pytest.raises(ValueError, match="strategy chose"):
        so.analyze(LIR, SMALL[LIR], strategy=lambda *_: "fold")
    with pytest.raises(ValueError, match="no decision is due"):
        so.decide(MS, SMALL[MS], "As Ah Ks Js 7h")
