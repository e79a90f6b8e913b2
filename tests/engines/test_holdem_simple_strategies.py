"""Ultimate Texas Hold'em's, Casino Hold'em's and Texas Hold'em Bonus' simple strategies (strategy
--compare) priced by the pricing passes equal the brute force playing the same rules
(tests/holdem_oracle.py with a fixed strategy) on reduced decks; the flop rows are classified here
again in plain Python."""
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.oracle import best_five_value
from oddscalc.engines import holdem_counts as hc
from oddscalc.engines import holdem_stages as hs
from oddscalc.engines.holdem.bonus_strategies import SIMPLE as BONUS_SIMPLE
from oddscalc.engines.holdem.casino_strategies import RULES as CASINO_RULES
from oddscalc.engines.holdem.starting_hands import hand_range
from oddscalc.engines.holdem.ultimate_strategies import SIMPLE
from tests import holdem_oracle

UTH = "ultimate-texas-holdem"
HIGH_FIRST = "AKQJT98765432"
RANKS = "23456789TJQKA"


def flop_cell(hole, flop):
    """(row, column) of the flop chart, as holdem_stages.FLOP_ROWS names the rows."""
    category = best_five_value([*hole, *flop])[0]
    ranks = [c >> 2 for c in hole]
    column = HIGH_FIRST.index(RANKS[max(ranks)])
    if category >= 2:
        return hs.FLOP_ROWS.index(("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
                                   "full-house", "four-of-a-kind", "straight-flush", "royal-flush")[category]), column
    if category == 1:
        if ranks[0] == ranks[1]:
            return hs.FLOP_ROWS.index("pair in the hand"), column
        if any(c >> 2 in ranks for c in flop):
            return hs.FLOP_ROWS.index("hole card paired"), column
        return hs.FLOP_ROWS.index("pair on the board only"), column
    for suit in range(4):
        if sum(1 for c in (*hole, *flop) if c & 3 == suit) == 4 and any(c & 3 == suit for c in hole):
            return hs.FLOP_ROWS.index("four to a flush"), column
    return hs.FLOP_ROWS.index("nothing"), column


def as_oracle(strategy):
    def choose(stage, dealt, history, options):
        if options == ("none",):
            return "none"
        hole = dealt[0]
        if stage == "preflop":
            return "play4" if hs.hand_of(tuple(hole)) in strategy.preflop else "check"
        if stage == "flop":
            row, column = flop_cell(hole, dealt[1])
            return "play2" if strategy.flop_rule[row * 13 + column] == 1 else "check"
        final = best_five_value([*hole, *dealt[1], *dealt[2]])[0]
        return "play1" if final >= strategy.river_min else "fold"
    return choose


def reduced(deck):
    return tuple(c for c in range(52) if c not in parse_cards(deck))


CASES = [("As Ks Qs Js Ts Ah Ad Kh 9c", "simple")] + [
    pytest.param("As Ks Qs Js Ts Ah Ad Kh 9c", name, marks=pytest.mark.slow) for name in SIMPLE if name != "simple"] + [
    pytest.param("2c 2d 6h 6s 9c 9d Qh Qs Ac Ad", name, marks=pytest.mark.slow) for name in SIMPLE]


@pytest.mark.slow
@pytest.mark.parametrize("deck, name", CASES)
def test_a_simple_strategy_is_priced_as_the_brute_force_plays_it(deck, name):
    strategy = SIMPLE[name]
    mine = hs.ultimate_play(hs.UltimateRules(), reduced(deck), strategy=strategy)
    theirs = holdem_oracle.analyze(UTH, deck, strategy=as_oracle(strategy))
    assert mine.expected_return == theirs.expected_return
    played = sum(m * n for m, n in zip(mine.rules.preflop_multiples, mine.preflop_situations, strict=True)) * \
        mine.completions + 2 * mine.flop_situations * mine.completions + sum(map(sum, mine.river_cells))
    assert 2 + Fraction(played, mine.deals) == theirs.average_wager
    optimal = hs.ultimate_play(hs.UltimateRules(), reduced(deck))
    assert optimal.expected_return >= mine.expected_return


def test_ranges_read_as_players_write_them():
    assert hand_range("TT+") == {"TT", "JJ", "QQ", "KK", "AA"}
    assert hand_range("K9o+") == {"K9o", "KTo", "KJo", "KQo"}
    assert len(hand_range("22+ A2s+ A2o+")) == 13 + 12 + 12
    assert comb(13, 2) * 2 + 13 == 169
    with pytest.raises(Exception, match="starting hand range"):
        hand_range("KAs")


# ---- Casino Hold'em: a call-or-fold rule by the flop chart's cell ---------------------------------

CH = "casino-holdem"


def as_casino_oracle(rule):
    def choose(stage, dealt, history, options):
        row, column = flop_cell(dealt[0], dealt[1])
        return "call" if rule[row * 13 + column] == 1 else "fold"
    return choose


CASINO_CASES = [("As Ks Qs Js Ts Ah Ad Kh 9c", "simple")] + [
    pytest.param(deck, name, marks=pytest.mark.slow)
    for deck in ("As Ks Qs Js Ts Ah Ad Kh 9c", "2c 2d 6h 6s 9c 9d Qh Qs Ac Ad", "Ac Kd 8h 7s 5c 4d 4h 2s Ts")
    for name in CASINO_RULES if (deck, name) != ("As Ks Qs Js Ts Ah Ad Kh 9c", "simple")]


@pytest.mark.slow
@pytest.mark.parametrize("deck, name", CASINO_CASES)
def test_a_casino_simple_strategy_is_priced_as_the_brute_force_plays_it(deck, name):
    rules = hc.CasinoHoldemRules()
    mine = hc.optimal_play(rules, reduced(deck), rule=CASINO_RULES[name])
    theirs = holdem_oracle.analyze(CH, deck, strategy=as_casino_oracle(CASINO_RULES[name]))
    assert Fraction(mine.main_value, mine.deals) == theirs.expected_return
    assert Fraction(mine.calls, mine.situations) == theirs.action_probabilities["flop"].get("call", 0)
    optimal = hc.optimal_play(rules, reduced(deck))
    assert optimal.main_value >= mine.main_value


# ---- Texas Hold'em Bonus: a range, the Turn wager by the flop chart's cell, the River by rule --------

THB = "texas-holdem-bonus"


def as_bonus_oracle(strategy, deck):
    """The strategy played in plain Python; its optimal River wager (``river`` -1) counted here again:
    wins against losses over every river card and dealer holding the player cannot see."""
    cards = parse_cards(deck)

    def choose(stage, dealt, history, options):
        hole = dealt[0]
        if stage == "preflop":
            return options[1] if hs.hand_of(tuple(hole)) in strategy.preflop else "fold"
        if stage == "flop":
            row, column = flop_cell(hole, dealt[1])
            return options[1] if strategy.flop_rule[row * 13 + column] == 1 else "check"
        if strategy.river >= 0:
            return options[strategy.river]
        board = (*dealt[1], *dealt[2])
        rest = [c for c in cards if c not in (*hole, *board)]
        net = 0
        for river in rest:
            mine = best_five_value([*hole, *board, river])
            for dealer in combinations([c for c in rest if c != river], 2):
                theirs = best_five_value([*dealer, *board, river])
                net += (mine > theirs) - (mine < theirs)
        return options[1] if net >= 0 else "check"
    return choose


# the 10-card deck holds 7-2 offsuit, which the optimal range folds and always-bet plays (the River by
# rule there: the brute force's optimal River costs half a minute on ten cards)
BONUS_CASES = [pytest.param("As Ks Qs Js Ts Ah Ad Kh 9c", name, marks=pytest.mark.slow) for name in BONUS_SIMPLE] + [
    pytest.param("2c 7d 5h 6s 9c 9d Qh Qs Ac Ad", name, marks=pytest.mark.slow)
    for name in ("flop-wager-only", "always-bet")]


@pytest.mark.parametrize("deck, name", BONUS_CASES)
def test_a_bonus_simple_strategy_is_priced_as_the_brute_force_plays_it(deck, name):
    strategy = BONUS_SIMPLE[name]
    mine = hs.bonus_play(hs.BonusRules(), reduced(deck), strategy=strategy)
    theirs = holdem_oracle.analyze(THB, deck, strategy=as_bonus_oracle(strategy, deck))
    assert mine.expected_return == theirs.expected_return
    shares = theirs.action_probabilities
    assert Fraction(mine.folded_situations, mine.situations) == shares["preflop"].get("fold", 0)
    assert Fraction(mine.turn_situations, mine.situations) == shares["flop"].get("bet1", 0)
    assert Fraction(mine.river_turns, mine.situations * mine.turn_cards) == shares["turn"].get("bet1", 0)
    optimal = hs.bonus_play(hs.BonusRules(), reduced(deck))
    assert optimal.expected_return >= mine.expected_return


def test_the_bonus_pricing_pass_refuses_a_rule_it_does_not_know():
    from oddscalc._native import holdem_price
    deck = "As Ks Qs Js Ts Ah Ad Kh 9c"
    counts = hs.bonus_counts(reduced(deck), True)
    orbit = memoryview(hs.orbits(reduced(deck)).table).cast("h")
    with pytest.raises(ValueError, match="river_rule 2"):
        holdem_price.bonus_price(counts, orbit, [0] * 60, 2, river_rule=2)
    with pytest.raises(ValueError, match="flop_rule has 169 bytes"):
        holdem_price.bonus_price(counts, orbit, [0] * 60, 2, flop_rule=bytes(3))
