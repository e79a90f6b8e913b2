"""The designer's vocabulary on the three-card engine against brute force on reduced decks: hand
classes paid by the Play, ante bonus and Bonus, tie rules, side bets on the dealer's hand, on the
best five of six cards and on the showdown.

The oracle settles every deal with the pure-Python evaluators (core/oracle.py) and class tests
written here from the definitions, not with the engine's classes, prices or kernels.
"""
from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory as F
from oddscalc.core.hands import ThreeCardCategory as T
from oddscalc.core.oracle import best_five_value, three_card_value
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.stud import side_bets as stud_side
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.outcomes import analyses
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.side import side_analysis
from oddscalc.engines.three_card.solve import solve

A, K, Q = 12, 11, 10
# 2 3 4 5 Q K A: A-K-Q straight flushes (mini royals), pairs of queens and better, A-2-3 straights
SEVEN_RANKS = tuple(r * 4 + s for r in (0, 1, 2, 3, 10, 11, 12) for s in range(4))
# 2 3 Q K A: ace-king suited, A-2-3 and Q-K-A, six cards with a five-card flush or a full house
SIDE_DECK = tuple(r * 4 + s for r in (0, 1, 10, 11, 12) for s in range(4))


# --- classes written here, from their definitions -------------------------------------------------

def category(hand):
    return T(three_card_value(hand)[0])


def ranks(hand):
    return Counter(c >> 2 for c in hand)


def mini_royal(hand):
    return category(hand) == T.STRAIGHT_FLUSH and set(ranks(hand)) == {A, K, Q}


def queens_up(hand):
    return category(hand) == T.PAIR and max(ranks(hand), key=lambda r: (ranks(hand)[r], r)) >= Q


def ace_king_suited(hand):
    """An ace-high hand (no pair, straight or flush) whose ace and king share a suit."""
    top = category(hand) == T.HIGH_CARD and max(c >> 2 for c in hand) == A
    return top and any({A * 4 + s, K * 4 + s} <= set(hand) for s in range(4))


def base(hand):
    if category(hand) == T.HIGH_CARD and max(c >> 2 for c in hand) == A:
        return "ace-high"
    return category(hand).label


CLASSES = {"mini-royal": mini_royal, "queens-up": queens_up, "ace-king-suited": ace_king_suited}
CLASS_FILE = """
[classes.mini-royal]
category = "straight-flush"
ranks = "A K Q"
[classes.queens-up]
category = "pair"
at_least = "Q"
[classes.ace-king-suited]
category = "ace-high"
ranks = "A K"
suited = true
[classes.aces-full]
category = "full-house"
at_least = "A"
"""


@cache
def class_sizes(deck):
    hands = list(itertools.combinations(deck, 3))
    return {name: sum(1 for h in hands if test(h)) for name, test in CLASSES.items()}


def paid_as(table, hand, deck):
    """The name a paytable pays a three-card hand under: the smallest class it names that holds it."""
    named = [n for n, test in CLASSES.items() if table is not None and n in table.pays and test(hand)]
    if not named:
        return base(hand)
    return min(named, key=class_sizes(deck).get)


@cache
def dealer_tallies(deck):
    """Per player hand: dealer hands (no upcard) not qualifying, higher, equal, lower."""
    qualifier_value = three_card_value((Q * 4, 1 * 4 + 1, 0 * 4 + 2))
    hands = list(itertools.combinations(deck, 3))
    order = sorted(set(three_card_value(h) for h in hands))
    rank_of = {v: i for i, v in enumerate(order)}
    q_rank = sum(1 for v in order if v < qualifier_value)
    coded = [(h, (1 << h[0]) | (1 << h[1]) | (1 << h[2]), rank_of[three_card_value(h)]) for h in hands]
    out = {}
    for hand, mask, mine in coded:
        tally = [0, 0, 0, 0]
        for _dealer, theirs_mask, theirs in coded:
            if not theirs_mask & mask:
                tally[0 if theirs < q_rank else 1 if theirs > mine else 2 if theirs == mine else 3] += 1
        out[hand] = tuple(tally)
    return out


# --- the main wager ---------------------------------------------------------------------------------

def main_oracle(game, deck, bet, bonus_stake):
    """Every deal settled in money under the best decision of each situation (no upcard)."""
    rules = game.rules
    tables = {t.name: t for t in game.paytables}
    play, bonus, ante_bonus = tables["play"], tables.get("bonus"), tables.get("ante-bonus")
    ties = rules.text("ties")
    outcomes, money, bonus_money = Counter(), 0, 0
    for hand, (nq, dw, tie, pw) in dealer_tallies(deck).items():
        if ties == "player":
            pw, tie = pw + tie, 0
        elif ties == "dealer":
            dw, tie = dw + tie, 0
        play_name = paid_as(play, hand, deck)
        ab_name = paid_as(ante_bonus, hand, deck)
        bonus_name = paid_as(bonus, hand, deck)
        extra = bet * ante_bonus.pay(ab_name) if ante_bonus and ab_name in ante_bonus.pays else 0
        if_played = bonus_stake * bonus.pay(bonus_name) if bonus and bonus_name in bonus.pays else -bonus_stake
        suffix = f"-ante-bonus-{ab_name}" if extra else ""
        pay = play.pay(play_name)
        deals = {"dealer-not-qualify" + suffix: (nq, bet + extra), "lose" + suffix: (dw, -2 * bet + extra),
                 "push" + suffix: (tie, extra),
                 f"win-play-{pay.numerator}-to-{pay.denominator}" + suffix: (pw, bet + bet * pay + extra)}
        n = nq + dw + tie + pw
        if sum(c * m for c, m in deals.values()) + n * if_played > n * (-bet - bonus_stake):
            for name, (count, m) in deals.items():
                outcomes[name, Fraction(m, bet)] += count
                money += count * m
            bonus_money += n * if_played
        else:
            outcomes["fold", Fraction(-1)] += n
            money -= n * bet
            bonus_money -= n * bonus_stake
    total = sum(outcomes.values())
    return ({key: v for key, v in outcomes.items() if v}, Fraction(money, bet * total),
            Fraction(money + bonus_money, bet * total))


def overlay(tmp_path, text):
    path = tmp_path / "overlay.toml"
    path.write_text(CLASS_FILE + text)
    return path


@pytest.mark.slow
@pytest.mark.parametrize("ties", ["push", "player", "dealer"])
def test_classes_paid_by_the_main_wager_and_tie_rules_equal_brute_force(tmp_path, ties):
    game = load("fast-poker", overlay(tmp_path, f"""
[rules]
ties = "{ties}"
[paytables.play.pays]
queens-up = 2
[paytables.bonus.pays]
mini-royal = 40
queens-up = 3
"""), rules=["bonus_ratio=1/2"])
    rules = three_card_rules(game)
    solution = solve(rules, game_counts(rules, SEVEN_RANKS))
    parts = analyses(solution)
    outcomes, main, combined = main_oracle(game, SEVEN_RANKS, 30, 15)
    assert {(row.outcome, row.net): row.count for row in parts["main"].outcomes} == outcomes
    assert parts["main"].expected_return == main
    assert parts["combined"].expected_return == combined
    if ties != "push":
        assert not any(row.outcome.startswith("push") for row in parts["main"].outcomes)


@pytest.mark.slow
def test_an_ante_bonus_on_a_class_equals_brute_force(tmp_path):
    game = load("three-card-poker", overlay(tmp_path, """
[paytables.ante-bonus.pays]
mini-royal = 50
"""))
    rules = three_card_rules(game)
    parts = analyses(solve(rules, game_counts(rules, SEVEN_RANKS)))
    outcomes, main, _ = main_oracle(game, SEVEN_RANKS, 30, 0)
    assert {(row.outcome, row.net): row.count for row in parts["main"].outcomes} == outcomes
    assert parts["main"].expected_return == main
    assert any(row.outcome.endswith("ante-bonus-mini-royal") for row in parts["main"].outcomes)


def test_ties_move_the_optimal_strategy_on_the_full_deck():
    """Ties to the player make playing more attractive: the optimum is recomputed (it plays more
    and beats the push-rule decisions under the player rule), and no push row is left."""
    push, player = load("three-card-poker"), load("three-card-poker", rules=["ties=player"])
    engine = engine_of(push)
    a, b = engine.analyze(push), engine.analyze(player)
    assert b.call_probability > a.call_probability
    assert b.expected_return > a.expected_return
    rules = three_card_rules(player)
    counts = game_counts(rules)
    assert solve(rules, counts).play != solve(three_card_rules(push), counts).play
    assert "push" not in {row.outcome for row in b.outcomes}
    dealer = engine.analyze(load("three-card-poker", rules=["ties=dealer"]))
    assert dealer.expected_return < a.expected_return


# --- side bets -----------------------------------------------------------------------------------------

SIDE_FILE = """
[rules]
side_bets = ["aks-plus", "dealer-hand", "six-card", "bad-beat", "both-pairs", "dealer-wins", "tie-bet"]
[paytables.aks-plus]
basis = "to"
[paytables.aks-plus.pays]
ace-king-suited = 5
pair = 0
flush = 3
straight-flush = 40
mini-royal = 100
[paytables.dealer-hand]
basis = "for"
hand = "dealer"
[paytables.dealer-hand.pays]
ace-king-suited = 4
three-of-a-kind = 20
pair = 1
[paytables.six-card]
basis = "to"
hand = "player+dealer"
[paytables.six-card.pays]
four-of-a-kind = 50
aces-full = 30
full-house = 10
flush = 5
three-of-a-kind = 2
[paytables.bad-beat]
hand = "showdown"
when = "player-loses"
paid_on = "player"
[paytables.bad-beat.pays]
queens-up = 2
straight = 8
three-of-a-kind = 25
[paytables.both-pairs]
hand = "showdown"
paid_on = "lower"
[paytables.both-pairs.pays]
pair = 3
queens-up = 6
flush = 12
[paytables.dealer-wins]
hand = "showdown"
when = "player-wins"
paid_on = "dealer"
[paytables.dealer-wins.pays]
pair = 1
straight = 4
[paytables.tie-bet]
hand = "showdown"
when = "tie"
[paytables.tie-bet.pays]
high-card = 2
ace-high = 3
pair = 10
"""


def side_oracle(game, deck):
    """Every (player hand, dealer hand) of the deck settled for each side bet: {bet: Counter of
    (row name, net)}."""
    tables = {t.name: t for t in game.paytables}
    hands = list(itertools.combinations(deck, 3))
    order = sorted(set(three_card_value(h) for h in hands))
    rank = {h: order.index(three_card_value(h)) for h in hands}
    mask = {h: (1 << h[0]) | (1 << h[1]) | (1 << h[2]) for h in hands}
    names = {bet: {h: paid_as(tables[bet], h, deck) for h in hands} for bet in tables}
    six_names: dict[int, str] = {}
    tally: Counter = Counter()
    pairs = 0
    for hand in hands:
        tally["aks-plus", names["aks-plus"][hand]] += 1
        tally["dealer-hand", names["dealer-hand"][hand]] += 1
        mine, my_mask = rank[hand], mask[hand]
        for dealer in hands:
            if mask[dealer] & my_mask:
                continue
            pairs += 1
            theirs = rank[dealer]
            both = my_mask | mask[dealer]
            if both not in six_names:
                value = best_five_value(hand + dealer)
                six_names[both] = "aces-full" if value[:2] == (F.FULL_HOUSE, A) else F(value[0]).label
            tally["six-card", six_names[both]] += 1
            tally["bad-beat", names["bad-beat"][hand] if theirs > mine else ""] += 1
            tally["both-pairs", names["both-pairs"][hand if theirs >= mine else dealer]] += 1
            tally["dealer-wins", names["dealer-wins"][dealer] if theirs < mine else ""] += 1
            tally["tie-bet", names["tie-bet"][hand] if theirs == mine else ""] += 1
    out = {name: Counter() for name in game.rules.strings("side_bets")}
    for (bet, name), count in tally.items():
        table = tables[bet]
        pay = table.pays.get(name) if name else None
        net = None if pay is None else (pay if table.basis == "to" else pay - 1)
        if net is None or net == -1:
            out[bet]["lose", Fraction(-1)] += count
        else:
            word = "win" if net > 0 else "push" if net == 0 else "part"
            out[bet][f"{word}-{name}", net] += count
    return out, len(hands), pairs


@pytest.mark.slow
def test_side_bets_on_other_cards_equal_brute_force(tmp_path):
    path = tmp_path / "side.toml"
    path.write_text(CLASS_FILE + SIDE_FILE)
    game = load("fast-poker", path)
    rules = three_card_rules(game)
    expected, hands, deals = side_oracle(game, SIDE_DECK)
    six_sets = len(list(itertools.combinations(SIDE_DECK, 6)))
    for bet in rules.side:
        analysis = side_analysis(rules, bet, SIDE_DECK)
        rows = Counter({(row.outcome, row.net): row.count for row in analysis.outcomes if row.count})
        if bet.hand == "player+dealer":
            # six random cards: each six-card set is dealt as 20 (player, dealer) splits
            assert analysis.total == six_sets and deals == 20 * six_sets
            assert Counter({key: 20 * n for key, n in rows.items()}) == expected[bet.table.name]
        else:
            assert analysis.total == (hands if bet.hand in ("player", "dealer") else deals)
            assert rows == expected[bet.table.name], bet.table.name
    named = {row.outcome for row in side_analysis(rules, rules.side[0], SIDE_DECK).outcomes}
    assert {"push-pair", "win-ace-king-suited", "win-mini-royal"} <= named


def test_the_6_card_bonus_is_the_5_plus_1_bonus():
    """Three plus three random cards are six random cards, as five plus one are: with the same pays
    the 6 Card Bonus attached to Three Card Poker returns exactly what five-plus-one-bonus does."""
    tcp = three_card_rules(load("three-card-poker"))
    six = next(bet for bet in tcp.side if bet.hand == "player+dealer")
    five_plus_one = stud_side.side_bet_analysis(load("five-plus-one-bonus"))
    mine = side_analysis(tcp, six)
    assert mine.rtp == five_plus_one.rtp == Fraction(136879, 149695)
    assert [(r.outcome, r.count, r.net) for r in mine.outcomes] == \
        [(r.outcome, r.count, r.net) for r in five_plus_one.outcomes]
    changed = three_card_rules(load("three-card-poker", pays=["six-card-bonus.flush=12", "six-card-bonus.pair=1"]))
    other = stud_side.side_bet_analysis(load("five-plus-one-bonus", pays=["flush=12", "pair=1"]))
    assert side_analysis(changed, changed.side[1]).expected_return == other.expected_return


def test_the_mini_royal_is_paid_as_a_straight_flush_until_a_pay_names_it():
    plain = three_card_rules(load("three-card-poker"))
    named = three_card_rules(load("three-card-poker", pays=["pair-plus.mini-royal=200"]))
    before, after = side_analysis(plain, plain.side[0]), side_analysis(named, named.side[0])
    assert before.house_edge == Fraction(128, 5525)
    # 4 mini royals of 22,100 hands move from 40 to 200
    assert after.expected_return - before.expected_return == Fraction(4 * (200 - 40), 22100)
    rows = {row.outcome: row.count for row in after.outcomes}
    assert rows["win-mini-royal"] == 4 and rows["win-straight-flush"] == 44
    assert engine_of(load("three-card-poker")).analyze(load("three-card-poker")).expected_return == \
        Fraction(-686689, 20358520)


@pytest.mark.parametrize("text, message", [
    ('[classes.x]\ncategory = "pair"\nat_leest = "8"\n', "unknown key 'at_leest' (did you mean 'at_least'?)"),
    ('[classes.x]\ncategory = "pear"\nat_least = "8"\n', "unknown category 'pear' (did you mean 'pair'?)"),
    ('[classes.x]\ncategory = "pair"\n', "give at least one of ranks, at_least, suited"),
    ('[classes.x]\ncategory = "straight"\nranks = "A K 5"\n', "holds no hand of this game"),
    ('[classes.pair]\ncategory = "pair"\nat_least = "8"\n', "has the name of a category"),
    ('[classes.x]\ncategory = "pair"\nat_least = "8"\n[classes.y]\ncategory = "pair"\nranks = "4"\n',
     "overlap without one holding the other"),
    ('[classes.x]\ncategory = "pair"\nat_least = "8"\n[classes.y]\ncategory = "pair"\nat_least = "8"\n',
     "hold the same hands"),
    ('[classes.x]\ncategory = "ace-high"\nranks = "A K"\nsuited = true\n[paytables.play.pays]\nx = 2\n',
     "depends on suits"),
    ('[paytables.pair-plus]\nhand = "board"\n', "unknown hand 'board'"),
    ('[paytables.pair-plus]\nwhen = "player-loses"\n', "'when' and 'paid_on' apply to a bet with hand"),
    ('[paytables.play]\nhand = "dealer"\n', "are for side bets"),
    ('[rules]\nties = "house"\n', "must be one of push, player, dealer"),
])
@pytest.mark.slow
def test_bad_vocabulary_is_one_clear_line(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=re.escape(message)):
        load("three-card-poker", path)
