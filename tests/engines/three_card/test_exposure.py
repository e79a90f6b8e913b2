"""Three-card exposure (engines/three_card/exposure.py, ext/exposure3*.pyx) against a brute force.

The oracle deals every deal of a reduced deck (player hand, what he sees, the rest), values hands
with the slow reference evaluator, settles money from the table's paytables (a Bet of 30, the
Bonus at the rules' ratio), and takes the better decision per observation by summing the money
of playing and of folding over every deal with that observation.  It knows nothing of the
kernel's classes, coefficients, tables or bounds.
"""
from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

import pytest

from oddscalc._native import exposure3_boxes, exposure3_ranks
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.hands import ThreeCardCategory as T
from oddscalc.core.oracle import three_card_value
from oddscalc.engines.base import Seen, load
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.exposure import analyze_exposure as exposure
from oddscalc.engines.three_card.exposure import (
    exposure_chunk,
    kernel_game,
    parse_sorted_classes,
    parse_sorted_ranks,
    price_situation,
)
from oddscalc.engines.three_card.outcomes import game_analysis
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.solve import solve
from oddscalc.tools.exposure import combine

BET = 30


def deck_of(ranks, suits=range(4)):
    return tuple(r * 4 + s for r in ranks for s in suits)


# 2 3 5 A, four suits (suit classes in the kernel): A-2-3 straights and straight flushes, 5-3-2
# below the qualifier, ace high (the Fast Poker Bonus pays it), pairs, trips, flushes
SIXTEEN = deck_of((0, 1, 3, 12))
# 13 cards, suits uneven (every player hand dealt): 2-3-4 and A-2-3 straights, Q-K-A, six
# clubs, trips of 2 and of Q, 4-3-2 is a straight so 3-2 hands with Q... qualify or not
THIRTEEN = parse_cards("2c 2d 2h 3c 3d 4c 4h Qc Qd Qs Kc Ac Ad")
# 2 5 Q, four suits, for a qualifier of Q-6-2 (Q-5-2 does not qualify)
TWELVE = deck_of((0, 3, 10))


def game_with(name, *rules):
    return load(name, rules=rules)


def caribbean_fast_poker(*rules):
    """Caribbean Fast Poker with the dealer's first card face up (the what-if the exposure kernel
    prices with one other box; the game as dealt shows no dealer card)."""
    return load("caribbean-fast-poker", rules=("dealer_upcards=1", *rules))


class Oracle:
    """Every deal of a deck settled in money; observations decided by brute force."""

    def __init__(self, game, deck, ratio=None):
        rules = game.rules
        labels = rules.strings("category_order")
        order = tuple(T.from_label(label) for label in reversed(labels))
        flush_counts = rules.flag("flush_counts")
        text = rules.text("dealer_qualifies")
        tables = {t.name: t for t in game.paytables}
        play, bonus, ante_bonus = tables["play"], tables.get("bonus"), tables.get("ante-bonus")
        if ratio is None:
            given = rules.get("bonus_ratio")
            ratio = (1 if bonus else 0) if given is None else given
        stake = BET * Fraction(ratio)
        play_stake = BET * rules.number("play_stake")
        forfeit = rules.flag("fold_forfeits_bonus")
        self.play_on_tie = rules.text("ev_tie") == "play"
        self.deck = tuple(sorted(deck))
        qualifier = None if text == "none" else three_card_value(
            ["23456789TJQKA".index(r) * 4 + s for s, r in enumerate(text.split())], order, flush_counts)
        self.value = {h: three_card_value(h, order, flush_counts) for h in itertools.combinations(self.deck, 3)}
        self.money = {}            # hand -> (money if played, per showdown result; money if folded)
        for hand, value in self.value.items():
            category = order[value[0]]
            klass = "ace-high" if category == T.HIGH_CARD and max(c >> 2 for c in hand) == 12 else category.label
            extra = BET * ante_bonus.pay(klass) if ante_bonus and klass in ante_bonus.pays else 0
            bonus_played = stake * bonus.pay(klass) if bonus and klass in bonus.pays else -stake
            bonus_folded = -stake if forfeit else bonus_played
            pay = play.pay(klass)
            played = {"nq": BET * rules.number("dealer_not_qualify_pays") + extra,
                      "dw": -BET - play_stake + extra, "tie": extra, "pw": BET + play_stake * pay + extra}
            settle_tie = rules.text("ties")
            if settle_tie != "push":
                played["tie"] = played["pw" if settle_tie == "player" else "dw"]
            self.money[hand] = ({k: _whole(v + bonus_played) for k, v in played.items()},
                                _whole(-BET + bonus_folded))
        self.qualifier = qualifier

    def settle(self, observations):
        """``observations(rest)`` yields, for the cards left after a player hand, one list per
        observation: the dealer hands (as card bitmasks) of every deal with that observation.
        Returns (expected return per Bet, call probability, deals)."""
        money = played = deals = 0
        bit = {c: 1 << c for c in self.deck}
        for hand in itertools.combinations(self.deck, 3):
            rest = [c for c in self.deck if c not in hand]
            pays, fold = self.money[hand]
            mine = self.value[hand]
            money_of = {}
            for dealer in itertools.combinations(rest, 3):
                theirs = self.value[dealer]
                result = ("nq" if self.qualifier is not None and theirs < self.qualifier
                          else "dw" if theirs > mine else "tie" if theirs == mine else "pw")
                money_of[bit[dealer[0]] | bit[dealer[1]] | bit[dealer[2]]] = pays[result]
            for dealers in observations(rest):
                play_money, n = sum(map(money_of.__getitem__, dealers)), len(dealers)
                if play_money > n * fold or (play_money == n * fold and self.play_on_tie):
                    money, played = money + play_money, played + n
                else:
                    money += n * fold
                deals += n
        return Fraction(money, BET * deals), Fraction(played, deals), deals


def _whole(money):
    """Money in whole units (a Bet of 30 makes every pay and Bonus ratio used here whole), so
    the sums stay plain integers."""
    assert Fraction(money).denominator == 1
    return int(money)


def _masks(cards, k):
    return [sum(1 << c for c in combo) for combo in itertools.combinations(cards, k)]


def dealer_cards_deals(k, sorted_ranks=None, classes=None):
    """Observations of k dealer cards seen (or, with sorted_ranks, of how many of them are
    sorted; with classes, of how many fall in each class): every dealer hand, every choice of the
    k cards shown, grouped by what is seen."""
    def key_of(shown):
        if classes is not None:
            return tuple(sorted(next((i for i, c in enumerate(classes) if card >> 2 in c), -1) for card in shown))
        return shown if sorted_ranks is None else sum(1 for c in shown if c >> 2 in sorted_ranks)

    def observations(rest):
        groups = defaultdict(list)
        for dealer in itertools.combinations(rest, 3):
            mask = (1 << dealer[0]) | (1 << dealer[1]) | (1 << dealer[2])
            for shown in itertools.combinations(dealer, k):
                groups[key_of(shown)].append(mask)
        return groups.values()
    return observations


def boxes_deals(boxes):
    """Observations of other boxes, each box its own three cards, boxes in order; the dealer
    hands an observation leaves are listed once per set of cards left (the same list)."""
    def observations(rest):
        bit = {c: 1 << c for c in rest}
        left_lists = {}

        def deal(left, left_mask, boxes_left):
            for box in itertools.combinations(left, 3):
                after = left_mask ^ bit[box[0]] ^ bit[box[1]] ^ bit[box[2]]
                if boxes_left > 1:
                    yield from deal([c for c in left if c not in box], after, boxes_left - 1)
                    continue
                dealers = left_lists.get(after)
                if dealers is None:
                    dealers = left_lists[after] = _masks([c for c in left if bit[c] & after], 3)
                yield dealers
        yield from deal(rest, sum(bit.values()), boxes)
    return observations


def check(game, deck, oracle_deals, ratio=None, **case):
    rules = three_card_rules(game)
    if ratio is not None:
        rules = rules.at_bonus_ratio(ratio)
    result = exposure(rules, deck=deck, **case)
    expected, call, deals = Oracle(game, deck, ratio).settle(oracle_deals)
    assert result.analysis.total == deals
    assert result.analysis.expected_return == expected
    assert result.call_probability == call
    assert result.gain == expected - result.baseline.expected_return
    return result


# ---------------------------------------------------------------------------------- brute force

@pytest.mark.slow
@pytest.mark.parametrize("name, ratio", [("three-card-poker", None), ("fast-poker", Fraction(6))])
def test_dealer_cards_equal_brute_force(name, ratio):
    game = load(name)
    for k in range(4):
        check(game, SIXTEEN, dealer_cards_deals(k), ratio, dealer_cards=k)


@pytest.mark.slow
def test_dealer_cards_on_an_uneven_deck_equal_brute_force():
    for k in (1, 2):
        check(load("three-card-poker"), THIRTEEN, dealer_cards_deals(k), dealer_cards=k)


@pytest.mark.slow
def test_caribbean_fast_poker_shows_more_cards_equal_brute_force():
    game = caribbean_fast_poker()
    for k in (1, 2, 3):
        check(game, SIXTEEN, dealer_cards_deals(k), dealer_cards=k)


@pytest.mark.slow
@pytest.mark.parametrize("name, ranks", [("three-card-poker", "A|3 2"), ("fast-poker", "5|A|2|*"),
                                         ("three-card-poker", "A|5")])
def test_reads_of_a_partition_equal_brute_force(name, ranks):
    game = load(name)
    classes = parse_sorted_classes(ranks)
    for k in (1, 2, 3):
        check(game, SIXTEEN, dealer_cards_deals(k, classes=classes), dealer_cards=k, sorted_ranks=ranks)


def test_a_partition_of_two_classes_is_the_sorted_set_and_a_finer_one_is_worth_more():
    rules = three_card_rules(load("three-card-poker"))
    one = exposure(rules, dealer_cards=2, sorted_ranks="A 5", deck=SIXTEEN)
    also = exposure(rules, dealer_cards=2, sorted_ranks="A 5|*", deck=SIXTEEN)
    finer = exposure(rules, dealer_cards=2, sorted_ranks="A|5", deck=SIXTEEN)
    whole = exposure(rules, dealer_cards=2, deck=SIXTEEN)
    assert also.analysis == one.analysis and also.strategy == one.strategy
    assert one.gain <= finer.gain <= whole.gain
    assert one.gain < finer.gain and finer.strategy[0][0] == "0 of 2 in {A}, 0 in {5}"


@pytest.mark.parametrize("text, words", [("A|A K", "two classes"), ("A||K", "each class"), ("*|A", "each class"),
                                         ("A|K|Q|J", "at most 3")])
def test_a_bad_partition_is_refused_in_one_line(text, words):
    with pytest.raises(InputError, match=words):
        parse_sorted_classes(text)


@pytest.mark.slow
@pytest.mark.parametrize("name, ranks", [("three-card-poker", "A"), ("fast-poker", "5 A 2")])
def test_sorted_cards_equal_brute_force(name, ranks):
    game = load(name)
    for k in (1, 2, 3):
        check(game, SIXTEEN, dealer_cards_deals(k, set(parse_sorted_ranks(ranks))),
              dealer_cards=k, sorted_ranks=ranks)


@pytest.mark.parametrize("name, deck, overlay, boxes", [
    ("three-card-poker", THIRTEEN, (), (1, 2)),
    # four suits per rank: the kernel deals one player hand per suit class
    ("fast-poker", TWELVE, ("dealer_qualifies=Q 6 2",), (1, 2)),
    ("three-card-poker", TWELVE, ("dealer_qualifies=Q 6 2", "ev_tie=play"), (1, 2)),
])
@pytest.mark.slow
def test_boxes_equal_brute_force(name, deck, overlay, boxes):
    game = game_with(name, *overlay)
    for k in boxes:
        check(game, deck, boxes_deals(k), boxes=k)


def upcard_box_deals(rest):
    """Observations of a game with an upcard and one other box: (upcard, box), then the dealer's
    two other cards."""
    for up in rest:
        others = [c for c in rest if c != up]
        for box in itertools.combinations(others, 3):
            yield [(1 << up) | m for m in _masks([c for c in others if c not in box], 2)]


@pytest.mark.slow
@pytest.mark.parametrize("deck", [TWELVE, THIRTEEN[:12]])
def test_caribbean_fast_poker_with_a_box_equals_brute_force(deck):
    game = caribbean_fast_poker("dealer_qualifies=Q 6 2")
    result = check(game, deck, upcard_box_deals, boxes=1)
    assert result.seen == "1 other box and 1 dealer card" and result.gain > 0


@pytest.mark.slow
def test_rule_switches_equal_brute_force():
    """No flushes, a dealer who always qualifies, a Bonus settled even on a fold."""
    game = game_with("fast-poker", "category_order=three-of-a-kind, straight, pair, high-card",
                     "flush_counts=false", "dealer_qualifies=none", "fold_forfeits_bonus=false")
    check(game, TWELVE, boxes_deals(1), boxes=1)
    check(game, SIXTEEN, dealer_cards_deals(2), dealer_cards=2)


@pytest.mark.slow
@pytest.mark.parametrize("ties", ["player", "dealer"])
def test_tie_rules_equal_brute_force(ties):
    game = game_with("three-card-poker", f"ties={ties}")
    check(game, SIXTEEN, dealer_cards_deals(1), dealer_cards=1)
    check(game_with("fast-poker", f"ties={ties}", "dealer_qualifies=Q 6 2"), TWELVE, boxes_deals(1), boxes=1)


@pytest.mark.parametrize("name, rules, pays", [
    ("three-card-poker", ("ties=player",), ()),
    ("three-card-poker", ("ties=dealer",), ("ante-bonus.mini-royal=40",)),
    ("fast-poker", (), ("bonus.pair=none", "play.straight=3")),
])
@pytest.mark.slow
def test_seeing_nothing_or_the_upcard_is_the_plain_game_under_any_rules(name, rules, pays):
    """With nothing more seen the exposure analysis is the plain one; with one dealer card it is
    the engine's own analysis of the game dealt with one card face up (ties, classes and pays as
    the table says)."""
    table = load(name, pays=pays, rules=rules)
    nothing = exposure(three_card_rules(table), dealer_cards=0)
    assert nothing.analysis == nothing.baseline and nothing.gain == 0
    upcard = three_card_rules(load(name, pays=pays, rules=(*rules, "dealer_upcards=1")))
    assert exposure(three_card_rules(table), dealer_cards=1).analysis == game_analysis(
        solve(upcard, game_counts(upcard)))


# ---------------------------------------------------------------------------------- cross-checks

@pytest.mark.slow
@pytest.mark.parametrize("name", ["three-card-poker", "fast-poker"])
def test_rank_level_dead_cards_equal_card_level(name):
    """Two boxes rank by rank (bounds, closed forms, suit enumeration) equal every dead set
    priced card by card, on a 20-card deck; one box on the full deck."""
    rules = three_card_rules(load(name))
    game = kernel_game(rules, deck_of((0, 1, 3, 10, 12)))
    for n_dead in (3, 6):
        assert exposure3_ranks.boxes_by_rank(game, n_dead)[0] == exposure3_boxes.dead_cards_by_card(game, n_dead)
    full = kernel_game(rules)
    assert exposure3_ranks.boxes_by_rank(full, 3)[0] == exposure3_boxes.boxes_by_card(full, 1)[0]


@pytest.mark.slow
def test_law_of_total_expectation_prices_each_situation():
    """The exact gain is the average, over every situation, of what price_situation says the
    information is worth there (each situation weighted by its dealer hands)."""
    rules = three_card_rules(load("fast-poker"))
    deck = parse_cards("2c 2d 3c 3h 5c 5s Qc Qd Ac Ad")
    result = exposure(rules, boxes=1, deck=deck)
    kernel = kernel_game(rules, deck)
    total = Fraction(0)
    for hand in itertools.combinations(deck, 3):
        rest = [c for c in deck if c not in hand]
        for box in itertools.combinations(rest, 3):
            price = price_situation(rules, hand, dead=box, deck=deck, game=kernel)
            total += price.gain * price.completions
    assert total / result.analysis.total == result.gain


# ---------------------------------------------------------------------------------- full deck

@pytest.fixture(scope="module")
def full():
    out = {}
    for name in ("fast-poker", "three-card-poker"):
        out[name] = {k: exposure(three_card_rules(load(name)), dealer_cards=k) for k in range(4)}
    upcard = three_card_rules(caribbean_fast_poker())
    out["caribbean-fast-poker"] = {k: exposure(upcard, dealer_cards=k) for k in (1, 2, 3)}
    tcp = three_card_rules(load("three-card-poker"))
    out["three-card-poker"]["box"] = exposure(tcp, boxes=1)
    out["three-card-poker"]["sorted"] = {k: exposure(tcp, dealer_cards=k, sorted_ranks="A K") for k in (1, 2, 3)}
    return out


@pytest.mark.slow
def test_nothing_seen_is_the_plain_analysis(full):
    for name in ("fast-poker", "three-card-poker"):
        result = full[name][0]
        assert result.analysis == result.baseline
        assert result.gain == 0
    cfp = full["caribbean-fast-poker"][1]
    assert cfp.analysis == cfp.baseline


@pytest.mark.slow
def test_one_exposed_card_of_three_card_poker_is_the_published_figure(full):
    """Three Card Poker with one dealer card shown: a 3.373 % house edge becomes a 3.483 %
    player edge, exactly the engine's own analysis of the game with dealer_upcards = 1."""
    result = full["three-card-poker"][1]
    rules = three_card_rules(load("three-card-poker"))
    upcard = replace(rules, upcards=1)
    assert result.analysis == game_analysis(solve(upcard, game_counts(upcard)))
    assert round(float(result.baseline.house_edge), 5) == 0.03373
    assert f"{float(result.expected_return):.11f}" == "0.03482862212"
    assert result.strategy[0] == ("against 2 to J", "play every hand")
    assert result.strategy[1] == ("against Q", "play Q-9-2 or better")


@pytest.mark.slow
def test_more_information_never_lowers_the_return(full):
    for name in ("fast-poker", "three-card-poker"):
        returns = [full[name][k].expected_return for k in range(4)]
        assert returns == sorted(returns) and len(set(returns)) == 4
    tcp = full["three-card-poker"]
    assert tcp["box"].gain > 0
    for k in (1, 2, 3):
        assert 0 < tcp["sorted"][k].gain <= tcp[k].gain
    sorted_returns = [tcp["sorted"][k].expected_return for k in (1, 2, 3)]
    assert sorted_returns == sorted(sorted_returns)
    cfp = full["caribbean-fast-poker"]
    fast = full["fast-poker"]
    for k in (2, 3):                      # same paytables: the upcard is just one seen card
        assert cfp[k].analysis.outcomes == fast[k].analysis.outcomes
        assert cfp[k].analysis.total == fast[k].analysis.total


@pytest.mark.slow
def test_probabilities_and_wagers(full):
    result = full["fast-poker"][2]
    assert sum(row.count for row in result.analysis.outcomes) == result.analysis.total
    assert 0 < result.call_probability < 1
    assert result.analysis.rtp_total == 1 - result.analysis.element_of_risk
    assert result.seen == "2 dealer cards"
    assert full["three-card-poker"]["sorted"][1].strategy[0][0] == "0 of 1 in {A, K}"


def test_more_boxes_never_lower_the_return():
    rules = three_card_rules(load("three-card-poker"))
    deck = deck_of((0, 1, 3, 10, 12))
    one, two = exposure(rules, boxes=1, deck=deck), exposure(rules, boxes=2, deck=deck)
    assert 0 < one.gain <= two.gain


# ---------------------------------------------------------------------------------- one situation

def test_one_situation_is_priced_exactly():
    rules = three_card_rules(load("three-card-poker"))
    hand = parse_cards("Qh 6d 4s")
    plain = price_situation(rules, hand)
    assert plain.gain == 0 and plain.choice == plain.plain_choice == "play" and plain.completions == 18424
    assert plain.counts == (5758, 305, 26, 12335)        # not qualifying, beaten, tied, beating the hand
    seen = price_situation(rules, hand, dealer_seen=parse_cards("Ac"))
    assert seen.choice == "fold" and seen.gain == seen.values["fold"] - seen.values["play"] > 0
    high = price_situation(rules, hand, dead=parse_cards("Kc Kd Ks Ah Ad Ac"))
    assert high.choice == "play" and high.gain == 0 and high.completions == math.comb(43, 3)
    low = price_situation(rules, hand, dead=parse_cards("2c 2d 3h 4c 5d 5s"))
    assert low.choice == "fold" and low.gain == low.values["fold"] - low.values["play"] > 0
    cfp = three_card_rules(caribbean_fast_poker())
    assert price_situation(cfp, hand, dealer_seen=parse_cards("Ac")).gain == 0


@pytest.mark.slow
def test_sampled_chunks_of_one_box_are_near_the_exact_gain():
    game = load("three-card-poker")
    deck = deck_of((0, 1, 3, 10, 12))
    exact = exposure(three_card_rules(game), boxes=1, deck=deck).gain
    chunks = [exposure_chunk(game, Seen(boxes=1), 7, chunk, 500, deck) for chunk in range(3)]
    mean, std_error, n = combine(chunks)
    assert n == 1500 and abs(mean - exact) < 4 * std_error


def test_a_chunk_is_the_same_whoever_runs_it():
    game = load("three-card-poker")
    first = exposure_chunk(game, Seen(boxes=3), 11, 4, 40)
    assert first == exposure_chunk(game, Seen(boxes=3), 11, 4, 40)
    assert first != exposure_chunk(game, Seen(boxes=3), 11, 5, 40)


def test_refusals():
    tcp = three_card_rules(load("three-card-poker"))
    cfp = three_card_rules(caribbean_fast_poker())
    with pytest.raises(InputError):
        exposure(tcp, boxes=3)
    with pytest.raises(InputError):
        exposure(cfp, dealer_cards=0)
    with pytest.raises(InputError):
        exposure(cfp, boxes=2)
    with pytest.raises(InputError):
        exposure(cfp, dealer_cards=1, sorted_ranks="A")
    with pytest.raises(InputError):
        exposure(tcp, boxes=1, dealer_cards=1)
    with pytest.raises(InputError):
        exposure(tcp, sorted_ranks="A")
    with pytest.raises(InputError):
        exposure(tcp, dealer_cards=4)


@pytest.mark.slow
def test_sampled_intervals_cover_the_exact_gain_at_their_rate():
    """60 independent estimates of one box on a 20-card deck, 1,000 situations each: their 95 %
    intervals (1.96 standard errors) hold the exact gain about 57 times; 50 or fewer would be 4
    standard deviations off.  (At 200 situations they hold it only about 45 times: the gain is
    mostly 0 with rare large values, so small samples undercover; the tool's default is 20,000.)"""
    game = load("three-card-poker")
    deck = deck_of((0, 1, 3, 10, 12))
    exact = exposure(three_card_rules(game), boxes=1, deck=deck).gain
    covered = 0
    for seed in range(60):
        mean, std_error, _n = combine([exposure_chunk(game, Seen(boxes=1), seed, 0, 1000, deck)])
        covered += abs(mean - exact) <= 1.96 * std_error
    assert covered > 50
