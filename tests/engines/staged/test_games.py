"""Mississippi Stud and Let It Ride over the full deck: the published returns, the invariants of an
optimal staged strategy, the 3 Card Bonus against a direct count, decide at every stage.

Published figures (the standard paytables, optimal strategy):
- Mississippi Stud, 500/100/40/10/6/4/3/2/1/push: house edge 4.9149% per Ante (E. Jacobson,
  https://prod-newblog.888casino.com/blog/edge-sorting/edge-sorting-mississippi-stud-update-1 ; the
  Wizard of Odds, http://wizardofodds.com/games/mississippi-stud/ , gives 4.91%, an average wager of
  3.59 Antes and an element of risk of 4.91%/3.59 = 1.37%); with a straight paying 5 to 1 (Barona),
  3.7591% (Jacobson, same page).
- Let It Ride, 1000/200/50/11/8/5/3/2/1: house edge 3.506% per unit, 3.737% with the royal at 500
  (the Wizard of Odds, https://wizardofodds.com/ask-the-wizard/let-it-ride/ ).
- The 3 Card Bonus, 50/40/30/6/3/1: house edge 7.1 percent; with the flush at 4 to 1, 2.14 percent
  (J. Grochowski, https://tunicatravel.com/blog/2012/02/let-it-ride-3-card-side-bet/ ).
"""
import itertools
from fractions import Fraction

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER
from oddscalc.core.oracle import five_card_value, three_card_value
from oddscalc.engines.base import DECIDE, EXACT, load
from oddscalc.engines.staged import decide, side, solve
from oddscalc.engines.staged.rules import StagedRules

PERCENT = Fraction(1, 100)


def edge(name, pays=(), rules=(), strategy="optimal"):
    game = load(name, pays=list(pays), rules=list(rules))
    return EXACT.of(game).analyze(game, strategy)


def near(value, published, places):
    """``value`` rounds to the published figure at its ``places`` decimals of a percent."""
    return abs(value * 100 - published) <= Fraction(1, 2 * 10 ** places)


@pytest.mark.slow
def test_mississippi_stud_is_the_published_house_edge():
    analysis = edge("mississippi-stud")
    assert near(analysis.house_edge, Fraction("4.9149"), 4)
    assert round(analysis.average_wager, 2) == Fraction("3.59")
    assert near(analysis.element_of_risk, Fraction("1.37"), 2)
    assert sum(analysis.probability(row) for row in analysis.outcomes) == 1
    assert near(edge("mississippi-stud", ["straight=5"]).house_edge, Fraction("3.7591"), 4)


@pytest.mark.slow
def test_let_it_ride_is_the_published_house_edge():
    analysis = edge("let-it-ride")
    assert near(analysis.house_edge, Fraction("3.506"), 3)
    assert sum(analysis.probability(row) for row in analysis.outcomes) == 1
    assert 1 <= analysis.average_wager <= 3
    assert near(edge("let-it-ride", ["royal-flush=500"]).house_edge, Fraction("3.737"), 3)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "category"), [("mississippi-stud", "flush"), ("let-it-ride", "two-pair")])
def test_paying_more_never_lowers_the_return_and_the_optimum_beats_simple_play(name, category):
    base = edge(name)
    richer = edge(name, [f"{category}={load(name).paytable().pay(category) + 1}"])
    assert richer.expected_return > base.expected_return
    for simple in (solve.MOST, solve.LEAST):
        assert edge(name, strategy=simple).expected_return < base.expected_return
    # each stage's shares sum to the rounds that reach it: all of them at the first stage
    rules = StagedRules.of(load(name))
    first = rules.stages[0]
    several = len(rules.stages) > 1
    assert sum(base.action_probabilities[f"{first.name}: {o.label}" if several else o.label]
               for o in first.options) == 1


@pytest.mark.slow
def test_the_tie_break_changes_the_wager_and_never_the_return():
    more, less = edge("mississippi-stud"), edge("mississippi-stud", rules=["tie_break=wager_less"])
    assert more.expected_return == less.expected_return
    assert more.average_wager > less.average_wager


def test_the_three_card_bonus_is_the_published_house_edge():
    for flush, published, places in ((3, Fraction("7.1"), 1), (4, Fraction("2.14"), 2)):
        rules = StagedRules.of(load("let-it-ride", pays=[f"three-card-bonus.flush={flush}"]))
        assert near(side.side_analysis(rules, rules.side_bets[0]).house_edge, published, places)


@pytest.mark.slow
def test_the_three_card_bonus_is_a_direct_count_of_three_cards():
    for name, cards in (("mississippi-stud", "community"), ("let-it-ride", "player")):
        rules = StagedRules.of(load(name))
        (bet,) = rules.side_bets
        assert bet.hand == cards
        pays = bet.table.pays
        total = Fraction(0)
        for hand in itertools.combinations(range(52), 3):
            value = three_card_value(hand)
            category = DEFAULT_THREE_CARD_ORDER[value[0]].label
            ranks = {c >> 2 for c in hand}
            label = "mini-royal" if category == "straight-flush" and ranks == {12, 11, 10} else category
            pay = pays.get(label)
            total += -1 if pay is None else pay
        assert side.side_analysis(rules, bet).expected_return == total / 22100


@pytest.mark.slow
def test_every_wager_is_listed_main_first():
    game = load("let-it-ride")
    keys = [wager.key for wager in EXACT.of(game).wagers(game)]
    assert keys == ["main", "three-card-bonus"]


# --- decide ---------------------------------------------------------------------------------------

def settle(rules, cards):
    """The net per unit in action of a five-card hand, from the oracle evaluator."""
    value = five_card_value(cards)
    pays = rules.game.paytable().pays
    if value[0] == 1:                  # a pair: the classes of the two games, by the pair's rank
        name = ("jacks-or-better" if value[1] >= 9 else "pair-6-or-better" if value[1] >= 4 else "pair") \
            if rules.game.name == "mississippi-stud" else ("tens-or-better" if value[1] >= 8 else "pair")
    else:
        name = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
                "four-of-a-kind", "straight-flush", "royal-flush"][value[0]]
    pay = pays.get(name)
    return Fraction(-1) if pay is None else Fraction(pay)


@pytest.mark.parametrize(("name", "hand", "board", "units"), [
    ("mississippi-stud", "Qh Jh", "Th 2c", 4), ("mississippi-stud", "7s 7d", "Ac 2d", 7),
    ("let-it-ride", "Ts Js 4s", "Qs", 3), ("let-it-ride", "2c 7d 9h", "Kd", 2),
])
def test_the_last_decision_is_a_count_of_the_last_cards(name, hand, board, units):
    rules = StagedRules.of(load(name))
    hand, board = parse_cards(hand), parse_cards(board)
    found = decide.decide(rules, hand, board, (), units)
    known = hand + board
    nets = [settle(rules, known + (card,)) for card in range(52) if card not in known]
    mean = sum(nets) / len(nets)
    stage = rules.stages[-1]
    expected = {o.label: Fraction(-1) if o.fold else (units + o.delta) * mean / units for o in stage.options}
    assert found.values == expected
    assert found.total == 48
    assert found.values[found.choice] == max(expected.values())


def test_a_decision_at_every_stage_of_mississippi_stud():
    rules = StagedRules.of(load("mississippi-stud"))
    hand, board = parse_cards("Ks Kd"), parse_cards("5c 9h")
    totals = []
    for turned in range(3):
        found = decide.decide(rules, hand, board[:turned])
        totals.append(found.total)
        assert found.facts["stage"] == rules.stages[turned].name
        assert found.values["fold"] == -1 and found.choice == "raise 3x"     # a pair of kings raises the most
        assert sum(row.count for row in found.outcomes) == found.total
    assert totals == [50 * 49 * 48, 49 * 48, 48]
    assert decide.decide(rules, hand, board).facts["units_in_action"] == 7      # 1 + 3 + 3, replayed


def test_dead_cards_leave_the_deck():
    rules = StagedRules.of(load("let-it-ride"))
    found = decide.decide(rules, parse_cards("As Ks Qs"), (), parse_cards("2c 3c"))
    assert found.total == 47 * 46 and found.choice == "let it ride"


@pytest.mark.parametrize(("arguments", "message"), [
    ({"hand": "As"}, "--hand takes your 2 cards, got 1"),
    ({"hand": "As Ks", "board": "Qs Js Ts"}, "no decision is taken with 3 community cards"),
    ({"hand": "As Ks", "board": "Qs", "units": 9}, "is reached with 2 to 4 units in action, not 9"),
    ({"hand": "7c 2d", "board": "9h"}, "the optimal play folds at 3rd street"),
])
def test_a_situation_without_a_decision_is_refused_in_one_line(arguments, message):
    game = load("mississippi-stud")
    from oddscalc.engines.inputs import read_situation
    situation = read_situation(DECIDE.of(game).decide_inputs, arguments, "decide", game.name)
    with pytest.raises(InputError, match=message):
        DECIDE.of(game).decide(game, situation)


# --- the game file ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "message"), [
    (["stages=a: seen 2; fold | go = +1, b: seen 2; fold | go = +1"], "each stage sees more cards"),
    (["stages=a: seen 2; fold"], "two actions or more"),
    (["stages=a: seen 2; fold | go = +1 | again = +1"], "two options add the same units"),
    (["stages=a: seen 2; fold | go +1"], "is not 'fold' or 'LABEL = DELTA'"),
    (["stages=a seen 2; fold | go = +1"], "is not 'NAME: seen N; OPTION"),
    (["stages=a: seen 2; fold | back = -1"], "at least one unit stays in action"),
    (["stages=A: seen 2; fold | go = +1"], "lower-case words"),
    (["stages=a: seen 1; fold | go = +1"], "the first at least the player's 2"),
    (["side_bets=three-card-bonus,three-card-bonus"], "lists 'three-card-bonus' 2 times"),
])
def test_a_bad_stage_list_is_refused_in_one_line(rules, message):
    with pytest.raises(InputError, match=message):
        load("mississippi-stud", rules=rules)


def test_a_side_bet_on_two_cards_and_a_main_paytable_with_a_settlement_are_refused(tmp_path):
    table = tmp_path / "bonus-on-two.toml"
    table.write_text('[paytables.three-card-bonus]\nhand = "player"\n', "utf-8")
    with pytest.raises(InputError, match="which are 2 here: a side bet is settled on three cards"):
        load("mississippi-stud", table=table)
    table.write_text('[paytables.hand]\nhand = "player"\n', "utf-8")
    with pytest.raises(InputError, match="hand, when and paid_on are for side bets"):
        load("mississippi-stud", table=table)


def test_pays_too_large_for_64_bits_are_refused_in_one_line():
    game = load("mississippi-stud", pays=["royal-flush=1000000000000/7", "straight=1/1000003"])
    with pytest.raises(solve.TooLarge, match="too large for exact 64-bit counts"):
        EXACT.of(game).analyze(game)
    assert issubclass(solve.TooLarge, OverflowError)


def test_a_solve_beyond_the_memory_limit_is_refused_before_any_work(monkeypatch):
    monkeypatch.setenv("ODDSCALC_MAX_MEMORY_MB", "100")
    game = load("mississippi-stud", rules=["stages=a: seen 2; fold | go = +1 | big = +250, b: seen 3; fold | x = +1, "
                                           "c: seen 4; fold | y = +1"])
    with pytest.raises(InputError, match="beyond the memory limit of 100 MB"):
        EXACT.of(game).analyze(game)
