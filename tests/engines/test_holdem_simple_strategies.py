"""Ultimate Texas Hold'em's and Casino Hold'em's simple strategies (strategy --compare) priced by the
pricing passes equal the brute force playing the same rules (tests/holdem_oracle.py with a fixed
strategy) on reduced decks; the flop rows are classified here again in plain Python."""
from fractions import Fraction
from math import comb

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.oracle import best_five_value
from oddscalc.engines import holdem_counts as hc
from oddscalc.engines import holdem_stages as hs
from oddscalc.engines.holdem.casino_strategies import RULES as CASINO_RULES
from oddscalc.engines.holdem.ultimate_strategies import SIMPLE, hand_range

from .test_holdem_kernel import _load_oracle

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
    theirs = _load_oracle().analyze(UTH, deck, strategy=as_oracle(strategy))
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
    theirs = _load_oracle().analyze(CH, deck, strategy=as_casino_oracle(CASINO_RULES[name]))
    assert Fraction(mine.main_value, mine.deals) == theirs.expected_return
    assert Fraction(mine.calls, mine.situations) == theirs.action_probabilities["flop"].get("call", 0)
    optimal = hc.optimal_play(rules, reduced(deck))
    assert optimal.main_value >= mine.main_value
