"""The brute-force reference of the Hold'em games (tests/holdem_oracle.py) checked on its own:
settlements written out from docs/holdem-games.md, small decks worked out by hand, a plain expectimax
with no memo, counts that add up, side bets counted a second way, rule changes whose effect is known
exactly, and invariants (more information never lowers the value, more options never lower it, the
optimal player beats fixed strategies, a tie-break moves the wager but not the return, suits are only
labels).

A round deals 9 cards, so on a 9-card deck every card is dealt: the board is whatever the four hole
cards leave, and a player who sees the dealer's two cards knows everything.  That makes small puzzles
solvable by hand; each is solved in the comment above its test.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, perm

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.oracle import best_five_value, five_card_value
from tests import holdem_oracle as ho

UTH, CH, THB = "ultimate-texas-holdem", "casino-holdem", "texas-holdem-bonus"
GAMES = (UTH, CH, THB)

# No two cards of a rank, no five in a row (no 6, J, A), at most three of a suit: every hand any
# seven of these cards make is a high card.
NO_PAIR = "2c 3d 4h 5s 7c 8d 9h Ts Qc"
# A royal flush, straights, flushes, trips of aces, two pair: every pay row in play, and exact ties.
RICH = "As Ks Qs Js Ts Ah Ad Kh 9c"
# The Bonus puzzle: four aces, a king of diamonds, a jack of spades and three blanks.
ACES = "As Ah Ad Ac Kd 2c 5d 8h Js"


def freeze(params):
    return tuple(sorted((params or {}).items()))


@cache
def _analysis(game, deck, frozen):
    return ho.analyze(game, deck, dict(frozen))


def analysis(game, deck, params=None):
    """Analyses are shared between tests (each costs about a second)."""
    return _analysis(game, deck, freeze(params))


def cards(text):
    return tuple(parse_cards(text))


def game(name, **params):
    return ho.GAMES[name](ho.parameters(name, params))


def settle(rules, player, board, dealer, history):
    """The main net of one deal written as the player's cards, the board and the dealer's cards."""
    groups = {"player": cards(player), "dealer": cards(dealer)}
    board_cards = cards(board)
    deal = []
    for group in rules.groups:
        if group.name in groups:
            deal.append(tuple(sorted(groups[group.name])))
        else:
            deal.append(tuple(sorted(board_cards[:group.size])))
            board_cards = board_cards[group.size:]
    summary = rules.summary(tuple(deal))
    return rules.main_net(summary, history), rules.side_net(summary, history)


# ---- hands and settlements ------------------------------------------------------------------------

@pytest.mark.parametrize(("hole", "dealer", "expected"), [
    ("As Ah", "Kd Qc", "AA"), ("As Ah", "Ad Ac", "AA-vs-AA"), ("As Ks", "2c 3d", "AKs"), ("Ks Ah", "2c 3d", "AKo"),
    ("7c 7d", "2c 3d", "77"), ("Jd Ad", "2c 3d", "AJs"), ("Kd Qc", "Ah As", "KQo"),
])
def test_two_card_classes(hole, dealer, expected):
    assert ho.two_card_class(cards(hole), cards(dealer)) == expected


def test_pay_falls_back_on_missing_rows():
    woo = ho._table("ch-ante", "woo-1")
    assert ho.pay(woo, "royal-flush") == 20 and ho.pay(woo, "pair-7") == 1     # as a straight flush; "else"
    bonus = {"AA": Fraction(30)}
    assert ho.pay(bonus, "AA-vs-AA") == 30 and ho.pay(bonus, "KK") == -1
    assert ho.pay(ho._table("uth-blind", "B"), "straight", unlisted=Fraction(0)) == 0


def test_qualifiers():
    assert ho.parse_qualifier("pair-4") == (1, 2) and ho.parse_qualifier("pair") == (1, 0)
    assert ho.parse_qualifier(None) is None
    ch = game(CH)
    # the qualifier looks at the dealer's best five of seven; a board pair counts
    threes = settle(ch, "As Kd", "3c 3d 7h 9s Jc", "2h 5d", ("call",))[0]
    fours = settle(ch, "As Kd", "4c 4d 7h 9s Jc", "2h 5d", ("call",))[0]
    assert threes == 1              # the board's pair of 3s is below 4s: the Ante pays 1, the Call pushes
    assert fours == 3               # the board's 4s qualify; the player's A-K kickers win: Ante 1 and Call 2


def test_ultimate_texas_holdem_settles_by_the_table_of_the_rules():
    uth = game(UTH)
    # trips of aces beat trips of kings; the Blind pushes below a straight
    assert settle(uth, "As Ah", "Ad Kc 7h 4s 2d", "Kd Ks", ("play4", "none", "none")) == (5, 3)
    # a straight wins: Ante 1, Play 2, Blind 1; Trips pays 4 on a straight
    assert settle(uth, "9c 8d", "Tc Jd Qh 2s 2d", "Ks 3c", ("check", "play2", "none")) == (4, 4)
    # the dealer does not qualify (king high): the Ante pushes whoever wins
    assert settle(uth, "Ac 8d", "Tc Jd 6h 2s 3d", "Ks 4c", ("check", "check", "play1")) == (1, -1)
    assert settle(uth, "Qc 8d", "Tc Jd 6h 2s 3d", "Ks 4c", ("check", "check", "play1")) == (-2, -1)
    # the dealer qualifies and wins: everything loses
    assert settle(uth, "Qc 8d", "Tc Jd 6h 2s 3d", "Ks Kc", ("play3", "none", "none")) == (-5, -1)
    # a fold loses the Ante and the Blind; Trips survives it by default
    assert settle(uth, "7c 7d", "7h 2s 2d 9c Jd", "Ks Kc", ("check", "check", "fold")) == (-2, 8)
    assert settle(game(UTH, trips_survives_fold=False), "7c 7d", "7h 2s 2d 9c Jd", "Ks Kc",
                  ("check", "check", "fold"))[1] == -1
    # equal hands (both play the board's straight) push every wager
    assert settle(uth, "2c 3d", "9c Td Jh Qs Kc", "2h 4c", ("play4", "none", "none"))[0] == 0
    # Blind table B: a winning straight pushes the Blind
    assert settle(game(UTH, blind_paytable="B"), "9c 8d", "Tc Jd Qh 2s 2d", "Ks 3c", ("check", "play2", "none"))[0] == 3
    # Florida Trips: trips or better must also beat the dealer
    florida = game(UTH, trips_paytable="florida", trips_requires_win=True)
    assert settle(florida, "7c 7d", "7h 2s 2d 9c Jd", "Ks Kc", ("check", "check", "fold"))[1] == 10
    assert settle(florida, "7c 7d", "7h 2s 4d 9c Jd", "9s 9h", ("check", "check", "play1"))[1] == -1


def test_the_auckland_variant_uses_both_hole_cards():
    # a royal flush on the board: with any hole cards allowed both hands play it and tie.  Omaha style
    # (both hole cards and three of the board) the player has 2-2-A-K-Q, a pair, and the dealer K-Q
    # with Ks Qs As, two pair: the dealer qualifies and wins, Ante, Play 4x and Blind lose
    any_cards = game(UTH)
    auckland = game(UTH, hole_cards_used="exactly_2")
    assert settle(any_cards, "2c 2d", "As Ks Qs Js Ts", "Kd Qd", ("play4", "none", "none"))[0] == 0
    assert settle(auckland, "2c 2d", "As Ks Qs Js Ts", "Kd Qd", ("play4", "none", "none"))[0] == -6
    assert ho.hand_value(cards("2c 2d"), cards("As Ks Qs Js Ts"), "exactly_2")[0] == 1      # one pair


def test_ultimate_texas_holdem_options():
    uth = game(UTH)
    assert uth.options(0, ()) == ("check", "play3", "play4")
    assert uth.options(1, ("check",)) == ("check", "play2")
    assert uth.options(2, ("check", "check")) == ("fold", "play1")
    assert uth.options(1, ("play4",)) == uth.options(2, ("check", "play2")) == ("none",)
    early_fold = game(UTH, preflop_multiples=(4,), fold_allowed_before_river=True)
    assert early_fold.options(0, ()) == ("fold", "check", "play4")


def test_casino_holdem_settles_by_the_table_of_the_rules():
    ch = game(CH)
    # a flush wins 2 on the Ante against a qualifying dealer, and the Call wins 2; the flush is made on
    # the flop, so the AA Bonus pays 20
    assert settle(ch, "Ah 9h", "2h 5h Kh 4c 4d", "Kd 7c", ("call",)) == (4, 20)
    # a royal flush: 100 on the Ante; the AA Bonus (two cards and the flop) has Ah Kh Qh Jh Th: 100
    assert settle(ch, "Ah Kh", "Qh Jh Th 4c 4d", "Kd 7c", ("call",)) == (102, 100)
    # the dealer qualifies and wins: Ante and Call lose; a pair of aces on the flop wins the AA Bonus 7
    assert settle(ch, "Ah 9h", "Ac 5s 2d Kc Kd", "Kh 7c", ("call",)) == (-3, 7)
    # a fold loses the Ante and, by the classic rule, the AA Bonus
    assert settle(ch, "Ah 9h", "Ac 5s 2d Kc Kd", "Kh 7c", ("fold",)) == (-1, -1)
    assert settle(game(CH, bonus_requires_call=False), "Ah 9h", "Ac 5s 2d Kc Kd", "Kh 7c", ("fold",)) == (-1, 7)
    # equal hands against a qualifying dealer push
    assert settle(ch, "2c 3d", "Ac Ad Kh Ks Qc", "2h 3s", ("call",))[0] == 0
    # WoO's table 2: the royal paid as a 25-to-1 straight flush
    assert settle(game(CH, ante_paytable="woo-2"), "Ah Kh", "Qh Jh Th 4c 4d", "Kd 7c", ("call",))[0] == 27


def test_texas_holdem_bonus_settles_by_the_table_of_the_rules():
    thb = game(THB)
    every_bet = ("bet2", "bet1", "bet1")
    # a winning straight: Flop 2, Turn 1, River 1 and the Ante (Las Vegas rules); 9-8 offsuit loses the Bonus
    assert settle(thb, "9c 8d", "Tc Jd Qh 2s 2d", "Ks 3c", every_bet) == (5, -1)
    # the Atlantic City rule pays the Ante only on a flush or better
    assert settle(game(THB, ante_min_hand="flush"), "9c 8d", "Tc Jd Qh 2s 2d", "Ks 3c", every_bet)[0] == 4
    # a winning pair: the Ante pushes; the checked streets risk nothing
    assert settle(thb, "Ac Kc", "Ad 7d 6h 2s 3d", "Ks Qc", ("bet2", "check", "bet1")) == (3, 25)
    # a loss: everything staked loses; a tie pushes, or loses under tie_rule = dealer_wins
    assert settle(thb, "Ks Qc", "Ad 7d 6h 2s 3d", "Ac Kc", ("bet2", "check", "bet1")) == (-4, -1)
    assert settle(thb, "2c 3d", "9c Td Jh Qs Kc", "2h 4c", every_bet)[0] == 0
    assert settle(game(THB, tie_rule="dealer_wins"), "2c 3d", "9c Td Jh Qs Kc", "2h 4c", every_bet)[0] == -5
    # no dealer qualifier: a winning ace high still wins the bets
    assert settle(thb, "Ac 9d", "2c 4d 6h 8s Tc", "Kd 3c", every_bet)[0] == 4
    # the Bonus: A-A against the dealer's A-A pays 1000, and survives a fold by default
    assert settle(thb, "Ac Ad", "2c 4d 6h 8s Tc", "Ah As", ("fold",)) == (-1, 1000)
    assert settle(game(THB, bonus_survives_fold=False), "Ac Ad", "2c 4d 6h 8s Tc", "Ah As", ("fold",))[1] == -1


def test_the_deal_order_follows_what_the_player_sees():
    groups, stages = ho.deal_order(ho.UltimateTexasHoldem.streets, ho.UltimateTexasHoldem.decisions, 0, 0)
    assert [(g.name, g.size) for g in groups] == [("player", 2), ("flop", 3), ("turn-river", 2), ("dealer", 2)]
    assert [(s.name, s.dealt) for s in stages] == [("preflop", 1), ("flop", 2), ("river", 3)]
    groups, stages = ho.deal_order(ho.UltimateTexasHoldem.streets, ho.UltimateTexasHoldem.decisions, 1, 1)
    assert [(g.name, g.size) for g in groups] == [("player", 2), ("dealer-seen", 1), ("flop-early", 1), ("flop", 2),
                                                  ("turn-river", 2), ("dealer", 1)]
    assert [(s.name, s.dealt) for s in stages] == [("preflop", 3), ("flop", 4), ("river", 5)]
    groups, stages = ho.deal_order(ho.CasinoHoldem.streets, ho.CasinoHoldem.decisions, 2, 1)
    assert [(g.name, g.size) for g in groups] == [("player", 2), ("dealer-seen", 2), ("flop", 3),
                                                  ("turn-river-early", 1), ("turn-river", 1)]
    assert [(s.name, s.dealt) for s in stages] == [("flop", 4)]
    assert [g.size for g in game(THB).groups] == [2, 3, 1, 1, 2]


def test_the_full_deck_is_dealt_as_many_ways_as_published():
    # S. How's Bad Beat table (docs/holdem-games.md): 2,781,381,002,400 deals of player 2, dealer 2 and
    # a board of 5; the oracle deals the board street by street, C(5, 3) flops (and for Texas Hold'em
    # Bonus 2 orders of turn and river) per board
    deals = 2_781_381_002_400
    for name, per_board in ((UTH, comb(5, 3)), (CH, comb(5, 3)), (THB, comb(5, 3) * 2)):
        assert ho.Solver(game(name), tuple(range(52)), "wager_more", None).ways[0] == deals * per_board


# ---- decisions worked out by hand -----------------------------------------------------------------

def test_a_royal_board_ties_every_dealer():
    # the board is a royal flush: every hand plays it and ties, so the river Play pushes (0) against -2
    deck = cards("As Ks Qs Js Ts " + " ".join(r + s for r in "2345" for s in "cdhs"))
    values = ho.decide(UTH, deck, ["2c 3d", "As Ks Qs", "Js Ts"], ("check", "check"))
    assert values == {"fold": -2, "play1": 0}


def test_the_river_decision_counts_the_dealer_hands():
    # 11 cards, 9 seen: the dealer holds two of 7h 8c ... of the two cards left, {7h, 8c}: one hand.
    # Player Ac Kd on 2c 5d 9h Js Qs has ace high; the dealer 7h 8c has queen high (no pair: does not
    # qualify): the Play wins 1, the Ante and the Blind push.
    deck = "Ac Kd 2c 5d 9h Js Qs 7h 8c"
    assert ho.decide(UTH, deck, ["Ac Kd", "2c 5d 9h", "Js Qs"], ("check", "check")) == {"fold": -2, "play1": 1}
    # with 3h and 3d too, the dealer holds one of C(4, 2) = 6 hands, each as likely: 3h 3d is a pair of
    # 3s, which qualifies and beats ace high (Ante, Play and Blind lose: -3); the other five pair
    # nothing on this board and lose to ace high (+1).  Play: (5 - 3)/6 = 1/3
    values = ho.decide(UTH, deck + " 3h 3d", ["Ac Kd", "2c 5d 9h", "Js Qs"], ("check", "check"))
    assert values == {"fold": -2, "play1": Fraction(1, 3)}


# ---- small decks worked out by hand ---------------------------------------------------------------

# Casino Hold'em on NO_PAIR: every hand is a high card, so the dealer never qualifies (a pair of 4s
# is needed): a Call pushes and the Ante is paid by its "else" row, 1 to 1: calling is worth +1 against
# -1 for a fold, always.  Return 1, wager 3, call with probability 1, the AA Bonus (a pair of aces at
# least, on five cards) always loses.
@pytest.mark.slow
def test_casino_holdem_against_a_dealer_who_never_qualifies():
    result = analysis(CH, NO_PAIR)
    assert result.total == perm(9, 9)
    assert result.expected_return == result.value == 1 and result.average_wager == 3
    assert result.action_probabilities == {"flop": {"call": 1}}
    assert result.side_bets == {"aa-bonus": {-1: perm(9, 9)}}
    assert result.probability(qualifies=True) == 0


def ties_on(deck):
    """The probability that the player's and the dealer's hands are equal (the board is the other five)."""
    deck = cards(deck)
    ties = splits = 0
    for player in combinations(deck, 2):
        rest = [c for c in deck if c not in player]
        for dealer in combinations(rest, 2):
            board = tuple(c for c in rest if c not in dealer)
            ties += best_five_value(player + board) == best_five_value(dealer + board)
            splits += 1
    return Fraction(ties, splits)


# With both dealer cards seen on a 9-card deck the player knows the whole deal before he acts.  On
# NO_PAIR the dealer never qualifies, and nothing reaches a straight, so the Ante and the Blind push
# when the player wins.  Player and dealer hole cards are exchangeable: P(win) = P(lose) = (1 - t)/2
# with t the probability of equal hands.
#   UTH: a win raises 4x and wins the Play: +4; a loss checks to the river, where folding (-2) and
#   playing 1x (Ante push, Play -1, Blind -1 = -2) tie; equal hands push (0).  Return 4 (1 - t)/2 -
#   2 (1 - t)/2 = 1 - t.  Wager: 6 on a win or a tie (wager_more raises 4x), on a loss 3 (wager_more
#   plays 1x) or 2 (wager_less folds; and a tie then checks through and plays 1x: 3).
#   THB: a win bets 2 + 1 + 1 = 4 and wins them (the Ante pushes below a straight); a loss folds, -1.
#   Return 4 (1 - t)/2 - (1 - t)/2 = 3/2 (1 - t).
@pytest.mark.slow
def test_knowing_the_whole_deal_by_hand():
    t = ties_on(NO_PAIR)
    assert 0 < t < 1
    win = lose = (1 - t) / 2
    uth = analysis(UTH, NO_PAIR, {"dealer_cards_seen": 2})
    assert uth.expected_return == uth.value == 1 - t
    assert uth.average_wager == 6 * (win + t) + 3 * lose
    less = analysis(UTH, NO_PAIR, {"dealer_cards_seen": 2, "tie_break": "wager_less"})
    assert less.expected_return == 1 - t and less.average_wager == 6 * win + 3 * t + 2 * lose
    thb = analysis(THB, NO_PAIR, {"dealer_cards_seen": 2})
    assert thb.expected_return == Fraction(3, 2) * (1 - t)
    assert thb.action_probabilities["preflop"] == {"bet2": win + t, "fold": lose}


# Texas Hold'em Bonus, the Bonus on ACES: of the C(9, 2) = 36 two-card hands, 6 are A-A (the dealer
# holds the other two aces in 1 of the C(7, 2) = 21 hands left: 1000, else 30), A-K is suited once
# (Ad Kd: 25) and offsuit 3 times (15), A-J suited once (As Js: 20) and offsuit 3 times (5); the other
# 22 lose.  Return (6 * (1000 + 20 * 30)/21 + 25 + 45 + 20 + 15 - 22)/36 = (3200/7 + 83)/36 = 3781/252.
@pytest.mark.slow
def test_the_bonus_by_hand():
    result = analysis(THB, ACES)
    assert result.side_bet_return("bonus") == Fraction(3781, 252)


# ---- a plain expectimax, and counts that add up ---------------------------------------------------

def naive_value(rules, deck, dealt=(), history=()):
    """Expectimax straight from the definitions: every round dealt to its end (a fold too), no memo,
    no totals, no scaling, no tie-breaks."""
    stage = len(history)
    if not rules.folded(history) and stage < len(rules.stages) and len(dealt) == rules.stages[stage].dealt:
        return max(naive_value(rules, deck, dealt, (*history, a)) for a in rules.options(stage, history))
    if len(dealt) == len(rules.groups):
        return Fraction(rules.objective(rules.summary(dealt), history))
    used = {c for group in dealt for c in group}
    unseen = [c for c in deck if c not in used]
    nexts = list(combinations(unseen, rules.groups[len(dealt)].size))
    return sum((naive_value(rules, deck, (*dealt, g), history) for g in nexts), Fraction(0)) / len(nexts)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), [
    (UTH, {}), (UTH, {"trips_ratio": 1, "trips_survives_fold": False}),
    (UTH, {"dealer_cards_seen": 2}), (UTH, {"dealer_cards_seen": 1, "board_cards_seen_early": 1}),
    (CH, {}), (CH, {"aa_bonus_ratio": 1}), (CH, {"dealer_cards_seen": 1, "board_cards_seen_early": 2}),
    (THB, {}), (THB, {"bonus_ratio": 1, "bonus_survives_fold": False}),
])
def test_backward_induction_equals_a_plain_expectimax(name, params):
    deck = cards(RICH)
    rules = game(name, **params)
    result = analysis(name, RICH, params)
    assert result.value == naive_value(rules, deck)
    side = result.side_bet_return(ho.SIDE_BETS[name])
    ratio = next(iter(v for k, v in params.items() if k.endswith("_ratio")), 0)
    assert result.value == result.expected_return + ratio * side


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_counts_add_up_to_every_ordered_deal(name):
    result = analysis(name, RICH)
    assert result.total == sum(result.net_counts.values()) == sum(result.outcomes.values()) == perm(9, 9)
    for stage, probabilities in result.action_probabilities.items():
        assert sum(probabilities.values()) == 1, stage
    for side, counts in result.side_bets.items():
        assert sum(counts.values()) == result.total, side
    assert result.value == result.expected_return
    assert result.element_of_risk == result.house_edge / result.average_wager
    assert sum(result.probability(result=r) for r in ("win", "tie", "lose", "fold")) == 1


# ---- side bets counted a second way ---------------------------------------------------------------

# Trips is the player's best five of his seven cards, seven cards drawn at random from the deck:
# its return is the average over the C(n, 7) sets.  The AA Bonus (when it survives a fold) is the
# same over the C(n, 5) sets of the player's two cards and the flop.
@pytest.mark.slow
def test_side_bets_counted_a_second_way():
    deck = cards(RICH)
    trips = ho._table("trips", "C")
    sevens = list(combinations(deck, 7))
    direct = sum(ho.pay(trips, ho.hand_class(best_five_value(s))) for s in sevens) / len(sevens)
    assert analysis(UTH, RICH).side_bet_return("trips") == direct
    aa = ho._table("aa-bonus", "default")
    fives = list(combinations(deck, 5))
    direct = sum(ho.pay(aa, ho.hand_class(five_card_value(f))) for f in fives) / len(fives)
    assert analysis(CH, RICH, {"bonus_requires_call": False}).side_bet_return("aa-bonus") == direct
    # the classic rule loses it on every fold: the difference is what the folded hands would have won
    classic = analysis(CH, RICH)
    assert classic.side_bet_return("aa-bonus") <= direct


# ---- rule changes whose effect is known exactly ---------------------------------------------------

# With the decisions held fixed, raising the Blind's straight pay by 1 moves the return by exactly the
# probability of winning with a straight (the Blind is paid only on a win); re-optimised, at least that.
@pytest.mark.slow
def test_a_blind_pay_change_moves_the_return_by_the_pay_times_the_probability():
    base = analysis(UTH, RICH)
    richer = {**ho.PAYTABLES["uth-blind"]["A"], "straight": 2}
    replayed = ho.analyze(UTH, RICH, {"blind_paytable": richer}, strategy=base.strategy())
    p = base.probability("straight", "win")
    assert p > 0
    assert replayed.expected_return - base.expected_return == p
    assert ho.analyze(UTH, RICH, {"blind_paytable": richer}).expected_return >= replayed.expected_return


@pytest.mark.slow
def test_the_atlantic_city_rule_takes_the_straight_wins_ante():
    # Las Vegas -> Atlantic City: the Ante of a winning straight pushes instead of winning 1
    base = analysis(THB, RICH)
    replayed = ho.analyze(THB, RICH, {"ante_min_hand": "flush"}, strategy=base.strategy())
    p = base.probability("straight", "win")
    assert p > 0 and base.expected_return - replayed.expected_return == p
    assert analysis(THB, RICH, {"ante_min_hand": "flush"}).expected_return >= replayed.expected_return


@pytest.mark.slow
def test_a_casino_holdem_royal_pay_change():
    # the Ante table pays a royal when the player wins or the dealer does not qualify
    base = analysis(CH, RICH)
    cheaper = {**ho.PAYTABLES["ch-ante"]["default"], "royal-flush": 50}
    replayed = ho.analyze(CH, RICH, {"ante_paytable": cheaper}, strategy=base.strategy())
    paid = sum(n for (hand, result, qualifies), n in base.outcomes.items()
               if hand == "royal-flush" and result != "fold" and (result == "win" or not qualifies))
    assert paid > 0
    assert base.expected_return - replayed.expected_return == Fraction(50 * paid, base.total)


# ---- invariants -----------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_seeing_more_never_lowers_the_value(name):
    plain = analysis(name, RICH).value
    one = analysis(name, RICH, {"dealer_cards_seen": 1}).value
    both = analysis(name, RICH, {"dealer_cards_seen": 2}).value
    early = analysis(name, RICH, {"board_cards_seen_early": 1}).value
    assert plain <= one <= both and plain <= early
    assert plain < both         # knowing the whole deal is worth something here


@pytest.mark.slow
def test_more_options_never_lower_the_value():
    assert analysis(UTH, RICH, {"preflop_multiples": (4,)}).value <= analysis(UTH, RICH).value
    assert analysis(UTH, RICH).value <= analysis(UTH, RICH, {"fold_allowed_before_river": True}).value
    assert analysis(THB, RICH, {"tie_rule": "dealer_wins"}).value <= analysis(THB, RICH).value


def most(stage, info, history, options):
    return options[-1]


def least_staying(stage, info, history, options):
    return next((a for a in options if a != "fold"), options[0])


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_optimal_player_beats_fixed_strategies(name):
    optimal = analysis(name, RICH)
    for strategy in (most, least_staying):
        fixed = ho.analyze(name, RICH, strategy=strategy)
        assert fixed.value == fixed.expected_return
        assert optimal.expected_return > fixed.expected_return, strategy.__name__


@pytest.mark.slow
@pytest.mark.parametrize("name", (UTH, THB))
def test_a_tie_break_moves_the_wager_but_not_the_return(name):
    more = analysis(name, NO_PAIR, {"dealer_cards_seen": 2})
    less = analysis(name, NO_PAIR, {"dealer_cards_seen": 2, "tie_break": "wager_less"})
    assert more.expected_return == less.expected_return and more.average_wager > less.average_wager


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_suits_are_only_labels(name):
    deck = cards(RICH)
    relabelled = tuple(card - card % 4 + (card % 4 + 1) % 4 for card in deck)    # c->d->h->s->c
    a, b = analysis(name, deck), analysis(name, relabelled)
    assert (a.net_counts, a.action_counts, a.side_bets, a.outcomes) == (b.net_counts, b.action_counts,
                                                                         b.side_bets, b.outcomes)


# ---- refusals -------------------------------------------------------------------------------------

def test_refusals():
    with pytest.raises(ValueError, match="no parameter"):
        ho.analyze(UTH, RICH, {"blind": "B"})
    with pytest.raises(ValueError, match="aggregate_payout_cap"):
        ho.analyze(UTH, RICH, {"aggregate_payout_cap": 20000})
    with pytest.raises(ValueError, match="tie_break"):
        ho.analyze(CH, RICH, {"tie_break": "fold"})
    with pytest.raises(ValueError, match="at least 9 distinct cards"):
        ho.analyze(THB, "As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(ValueError, match="dealer_cards_seen"):
        ho.analyze(CH, RICH, {"dealer_cards_seen": 3})
    with pytest.raises(ValueError, match="board_cards_seen_early"):
        ho.analyze(UTH, RICH, {"board_cards_seen_early": 4})
    with pytest.raises(ValueError, match="dealer_qualifier"):
        ho.analyze(CH, RICH, {"dealer_qualifier": "pair-1"})
    with pytest.raises(ValueError, match="tie_rule"):
        ho.analyze(THB, RICH, {"tie_rule": "split"})
    with pytest.raises(ValueError, match="no decision is due"):
        ho.decide(CH, RICH, ["As Ks"])
