"""One sign convention for a decision's margin (issue 18): the expected net of the chosen action minus
that of the best other one, never negative, the same in the object (``Decision.margin``), in the JSON
(``margin``; per case in Fast Action's ``cases``) and in the text ("margin (fold is better by)"),
for every built-in game with a decision (the situations of tests/golden/cases.toml)."""
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import oddscalc
from oddscalc.core.gametable import list_games

CASES = tomllib.loads((Path(__file__).resolve().parent.parent / "golden" / "cases.toml").read_text("utf-8"))["decide"]


def test_every_built_in_game_has_a_case():
    assert set(CASES) == set(list_games())


def json_margins(data):
    """The margins of a decide JSON, one per decision (the keys differ by family: a top-level
    ``margin``, or one per case)."""
    return [Fraction(case["margin"]) for case in data["cases"]] if "cases" in data else [Fraction(data["margin"])]


@pytest.mark.parametrize("game", sorted(game for game, case in CASES.items() if case))
def test_object_json_and_text_agree_on_the_margin(game):
    decided = oddscalc.decide(game, **CASES[game])
    margins = [d.margin for d in decided.decisions]
    for d in decided.decisions:
        best_other = max(v for k, v in d.values.items() if k != d.choice)
        assert d.margin == d.values[d.choice] - best_other >= 0
    assert json_margins(decided.to_dict()) == margins
    rows = re.findall(r"^margin \((\S+) is better by\) +(\S+)", decided.to_text(), re.M)
    if len(decided.decisions) == 1:           # Fast Action's text gives each case's gain and advice instead
        assert rows == [(decided.choice, str(margins[0]))]


def test_the_issue_example():
    decided = oddscalc.decide("caribbean-stud", "As Kd 9c 5h 2s", "Qd")
    assert decided.choice == "fold"
    assert decided.decisions[0].margin == Fraction(1874, 10879) == Fraction(decided.to_dict()["margin"])


def test_a_fold_in_a_three_card_game_keeps_its_oriented_difference():
    data = oddscalc.decide("fast-poker", **CASES["fast-poker"]).to_dict()
    assert data["decision"] == "fold"
    assert Fraction(data["ev_difference"]) == Fraction(data["ev_play"]) - Fraction(data["ev_fold"]) < 0
    assert Fraction(data["margin"]) == -Fraction(data["ev_difference"]) > 0
