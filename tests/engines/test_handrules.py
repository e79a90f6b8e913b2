"""The strategy language: what each form means, on the engines' real hand models and on a toy game of
several decision points and actions, and one clear line for a rule that does not parse."""
from __future__ import annotations

import re

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.actions import Actions, Point
from oddscalc.engines.base import load
from oddscalc.engines.handrules import TOY_STAGES, decision_table, decision_tables, toy_model
from oddscalc.engines.stud.strategy import hand_model as stud_model
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.strategy import hand_model as three_model

UP = {r: "23456789TJQKA".index(r) for r in "23456789TJQKA"}


@pytest.fixture(scope="module")
def stud():
    return stud_model(load("caribbean-stud"))


def calls(model, rules, hand, up):
    return decision_table(model, rules).calls(five_card_strength(parse_cards(hand)), UP[up])


@pytest.mark.parametrize("rules, hand, up, expected", [
    (["A-K-J-8-3+"], "As Kd Jc 8h 3s", "2", True),
    (["A-K-J-8-3+"], "As Kd Jc 8h 2s", "2", False),
    (["A-K-J-8-3 or better"], "2s 2d 3c 4h 5s", "Q", True),
    (["A-K"], "As Kd 4c 3h 2s", "2", True),
    (["A-K"], "As Kd Qc Jh Ts", "2", False),                 # a straight is not an ace-king hand
    (["8-8+"], "8s 8d 4c 3h 2s", "A", True),
    (["8-8+"], "7s 7d Ac Kh Qs", "A", False),
    (["pair-8-or-better"], "9s 9d 4c 3h 2s", "A", True),
    (["pair-8-or-better"], "9s 9d 4c 4h 2s", "A", False),      # two pair is not in the class
    (["pair-8-or-better+"], "9s 9d 4c 4h 2s", "A", True),      # ... but is better
    (["ace-king"], "As Kd 4c 3h 2s", "5", True),
    (["A-K if match"], "As Kd 7c 4h 2s", "7", True),
    (["A-K if match"], "As Kd 7c 4h 2s", "8", False),
    (["A-K if no match"], "As Kd 7c 4h 2s", "8", True),
    (["A-K if up 2-Q and match"], "As Kd 7c 4h 2s", "K", False),
    (["A-K if up 2-Q and match"], "As Kd 7c 4h 2s", "4", True),
    (["A-K if up A,K and holds Q"], "As Kd Qc 4h 2s", "A", True),
    (["A-K if up A,K and holds Q"], "As Kd Jc 4h 2s", "A", False),
    (["A-K if up > card 4"], "As Kd 7c 4h 2s", "5", True),     # the 4th highest card is the 4
    (["A-K if up > card 4"], "As Kd 7c 4h 2s", "3", False),
    (["fold A-K if up A", "A-K+"], "As Kd 7c 4h 2s", "A", False),
    (["fold A-K if up A", "A-K+"], "As Kd 7c 4h 2s", "9", True),
    (["any"], "7s 5d 4c 3h 2s", "A", True),
    ([], "As Ad Ac Ah 2s", "A", False),
])
@pytest.mark.slow
def test_stud_rules_mean_what_they_say(stud, rules, hand, up, expected):
    assert calls(stud, rules, hand, up) is expected


def test_three_card_rules_without_an_upcard():
    rules = three_card_rules(load("three-card-poker"))
    model = three_model(rules)
    table = decision_table(model, ["Q-6-4+"])
    assert table.rows == 1
    for hand, expected in (("Qs 6d 4c", True), ("Qs 6d 3c", False), ("2s 2d 3c", True), ("Ks 2d 3c", True)):
        assert table.calls(rules.ranking.strength(parse_cards(hand))) is expected
    assert decision_table(model, ["mini-royal"]).calls(rules.ranking.strength(parse_cards("As Ks Qs")))
    assert not decision_table(model, ["mini-royal"]).calls(rules.ranking.strength(parse_cards("Js Ks Qs")))


@pytest.mark.parametrize("rule, message", [
    ("A-K-X+", "unknown rank 'X'"),
    ("A-K if", "nothing after 'if'"),
    ("A-K if match and", "an empty condition around 'and'"),
    ("A-K if up Z", "unknown rank 'Z' in upcard ranks 'Z'"),
    ("A-K if up > card 9", "compare the upcard with 'card N', N from 1 (my highest card) to 5"),
    ("A-K if sunny", "unknown condition 'sunny'"),
    ("A-K-Q-J-T-9+", "names 6 cards; a hand here has 5"),
    ("if match", "no hand given"),
    ("flushy+", "'flushy' is not a hand, category or class"),
    ("9-8-7-6-5-4", "names 6 cards"),
])
def test_a_rule_that_does_not_parse_is_one_line(stud, rule, message):
    with pytest.raises(InputError, match=re.escape(message)) as error:
        decision_table(stud, [rule])
    assert "\n" not in str(error.value) and str(error.value).startswith(f"strategy rule '{rule}'")


def test_upcard_conditions_need_an_upcard():
    model = three_model(three_card_rules(load("fast-poker")))
    with pytest.raises(InputError, match="fast-poker shows no dealer card, so 'up A' does not apply"):
        decision_table(model, ["Q-6-4+ if up A"])


def test_a_class_that_depends_on_suits_is_refused(tmp_path):
    path = tmp_path / "aks.toml"
    path.write_text('[classes.aks]\ncategory = "ace-high"\nranks = "A K"\nsuited = true\n')
    model = three_model(three_card_rules(load("three-card-poker", path)))
    with pytest.raises(InputError, match="class 'aks' depends on suits"):
        decision_table(model, ["aks"])


def test_the_toy_model_example():
    model = toy_model()
    table = decision_table(model, ["pair+", "A-K if match"])
    ak7 = model.strength_of_text("A-K-7")
    assert table.calls(ak7, 5) and not table.calls(ak7, 7)


def test_an_action_alone_is_about_every_hand():
    model = toy_model()
    assert decision_table(model, ["call"]).data == decision_table(model, ["any"]).data == bytes([1]) * len(
        decision_table(model, ["any"]).data)
    assert decision_table(model, ["fold", "any"]).data == bytes(len(decision_table(model, ["any"]).data))


@pytest.mark.parametrize("written, plain", [
    (["play A-K+", "call 2-2 if up A"], ["A-K+", "2-2 if up A"]),
    (["call: A-K+", "fold A-K if match", "play: pair"], ["A-K+", "fold A-K if match", "pair"]),
])
def test_call_and_play_are_one_action_in_both_families(written, plain):
    stud = stud_model(load("caribbean-stud"))
    three = three_model(three_card_rules(load("caribbean-fast-poker", rules=["dealer_upcards=1"])))
    for model in (stud, three):
        assert decision_table(model, written).data == decision_table(model, plain).data
        assert decision_table(model, written).point.actions == ("fold", model.actions.points[0].actions[1])


# --- a game of several decision points and actions (the toy's first: check, raise 3x, raise 1x;
# second: check, raise 2x)

@pytest.fixture(scope="module")
def staged():
    return toy_model(TOY_STAGES)


def actions_of(model, rules, point, hands, up=0):
    table = decision_table(model, rules, point)
    return [table.action(model.strength_of_text(hand), up) for hand in hands]


HANDS = ("2-2-2", "5-5", "A-K-7", "Q-J-9")


@pytest.mark.parametrize("rules, first, second", [
    # ACTION: HANDS, ACTION HANDS, an action alone, the default where no rule holds
    (["raise 3x: pair+", "raise 1x A-K+", "check"], ["raise 3x", "raise 3x", "raise 1x", "check"], ["check"] * 4),
    (["raise 3x three-of-a-kind", "raise 1x: any"], ["raise 3x", "raise 1x", "raise 1x", "raise 1x"], ["check"] * 4),
    (["raise 3x pair+"], ["raise 3x", "raise 3x", "check", "check"], ["check"] * 4),
    # POINT: ACTION HANDS; raise 2x is the second point's only; a bare hand there is a raise 2x
    (["second: raise 2x pair+", "first: raise 1x any"], ["raise 1x"] * 4, ["raise 2x", "raise 2x", "check", "check"]),
    (["raise 2x A-K+"], ["check"] * 4, ["raise 2x", "raise 2x", "raise 2x", "check"]),
    (["second: check A-K", "A-K+"], ["check"] * 4, ["raise 2x", "raise 2x", "check", "check"]),
    # check stays at the point of the rule before it
    (["raise 3x: pair+", "check", "raise 2x any"], ["raise 3x", "raise 3x", "check", "check"], ["raise 2x"] * 4),
    (["first: check pair+", "raise 1x any"], ["check", "check", "raise 1x", "raise 1x"], ["check"] * 4),
    (["raise 2x: three-of-a-kind", "check pair", "raise 1x: any"], ["raise 1x"] * 4,
     ["raise 2x", "check", "check", "check"]),
    # the first rule that holds decides, at each point apart
    (["raise 1x A-K if up 2-6", "raise 3x: A-K+", "second: raise 2x any"],
     ["raise 3x", "raise 3x", "raise 1x", "check"], ["raise 2x"] * 4),
    # names are read with their case and spaces folded
    (["Raise  3X: pair+", "SECOND : RAISE 2x any"], ["raise 3x", "raise 3x", "check", "check"], ["raise 2x"] * 4),
])
def test_rules_name_the_actions_and_points_of_a_staged_game(staged, rules, first, second):
    assert actions_of(staged, rules, "first", HANDS, up=3) == first
    assert actions_of(staged, rules, "second", HANDS, up=3) == second
    tables = decision_tables(staged, rules)
    assert [t.point.name for t in tables] == ["first", "second"]
    assert all(t.calls(s, 3) == (t.choice(s, 3) != 0) for t in tables for s in range(t.strengths))


def test_a_staged_table_holds_each_action_as_its_index(staged):
    first, second = decision_tables(staged, ["raise 3x: three-of-a-kind", "raise 1x: pair", "second: raise 2x any"])
    trips, pair, high = (staged.strength_of_text(h) for h in ("2-2-2", "5-5", "Q-J-9"))
    assert (first.choice(trips, 0), first.choice(pair, 0), first.choice(high, 0)) == (1, 2, 0)
    assert set(second.data) == {1}


@pytest.mark.parametrize("rule, message", [
    # an action the game does not have: the nearest name
    ("raise 4x: pair+", "unknown decision point or action 'raise 4x' (did you mean 'raise 3x'?)"),
    ("rase 3x pair+", "unknown action 'rase 3x' (did you mean 'raise 3x'?)"),
    ("first: raise 2x pair+", "unknown first action 'raise 2x' (did you mean 'raise 3x'?)"),
    ("second: raise 3x pair+", "unknown second action 'raise 3x' (did you mean 'raise 2x'?)"),
    ("second: fold pair+", "unknown second action 'fold' (expected one of: check, raise 2x)"),
    ("secnd: raise 2x any", "unknown decision point or action 'secnd' (did you mean 'second'?)"),
    ("first: raise 3x: check: pair", "more than two ':'"),
    ("raise 3x: first: pair", "'first:' after the action"),
    # what the rule leaves out must be clear
    ("check pair+", "'check' is an action at the first and the second: name the point, e.g. 'first: check ...'"),
    ("pair+", "name the decision point (first, second) and the action, e.g. 'first: raise 1x any'"),
    ("first: pair+", "name the action at the first (check, raise 3x, raise 1x), e.g. 'raise 1x pair+'"),
])
def test_a_staged_rule_that_does_not_parse_is_one_line(staged, rule, message):
    with pytest.raises(InputError, match=re.escape(message)) as error:
        decision_tables(staged, [rule])
    assert "\n" not in str(error.value) and str(error.value).startswith(f"strategy rule '{rule}'")


@pytest.mark.parametrize("rule, message", [
    ("raise A-K+", "unknown action 'raise' (expected one of: fold, call, play)"),
    ("cal A-K+", "unknown action 'cal' (did you mean 'call'?)"),
    ("raise: A-K+", "unknown action 'raise' (expected one of: fold, call, play)"),
    ("calll A-K-J-8-3 or better", "unknown action 'calll' (did you mean 'call'?)"),
    ("A-K J", "'A-K J' is not a hand"),           # a hand written wrong is not taken for an action
])
def test_an_action_the_game_does_not_have_is_refused_with_the_nearest(stud, rule, message):
    with pytest.raises(InputError, match=re.escape(message)) as error:
        decision_table(stud, [rule])
    assert str(error.value).startswith(f"strategy rule '{rule}'")


def test_the_engine_describes_its_decisions_once():
    with pytest.raises(ValueError, match="two actions or more"):
        Point("river", ("fold",))
    with pytest.raises(ValueError, match="lower-case words"):
        Point("river", ("fold", "Raise"))
    with pytest.raises(ValueError, match="lower-case words"):
        Point("river", ("fold", "raise if"))
    with pytest.raises(ValueError, match="each named once"):
        Actions((Point("", ("fold", "call")), Point("", ("fold", "call"))))
    with pytest.raises(ValueError, match="a new word"):
        Actions((Point("", ("fold", "call")),), (("fold", "call"),))
    with pytest.raises(ValueError, match="not called as an action"):
        Actions((Point("call", ("fold", "call")), Point("river", ("fold", "raise"))))
    assert TOY_STAGES.words(1) == {"check": 0, "raise 2x": 1}
    with pytest.raises(ValueError, match="no decision point 'third'"):
        decision_table(toy_model(TOY_STAGES), ["raise 2x any"], "third")
    with pytest.raises(ValueError, match="no decision point None"):
        decision_table(toy_model(TOY_STAGES), ["raise 2x any"])
