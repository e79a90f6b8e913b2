"""The strategy language: what each form means, on the engines' real hand models, and one clear
line for a rule that does not parse."""
from __future__ import annotations

import re

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.base import load
from oddscalc.engines.handrules import decision_table, toy_model
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
    ("call", "no hand given"),
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
