"""One sign convention for a decision's margin (issue 18): the expected net of the chosen action minus
that of the best other one, never negative, the same in the object (``Decision.margin``), in the JSON
(``margin`` of each of ``decisions``) and in the text ("margin (fold is better by)"),
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
    """The margins of a decide JSON, one per decision."""
    return [Fraction(decision["margin"]) for decision in data["decisions"]]


@pytest.mark.parametrize("game", sorted(game for game, case in CASES.items() if case))
def test_object_json_and_text_agree_on_the_margin(game):
    decided = oddscalc.decide(game, **CASES[game])
    margins = [d.margin for d in decided.decisions]
    for d in decided.decisions:
        best_other = max(v for k, v in d.values.items() if k != d.choice)
        assert d.margin == d.values[d.choice] - best_other >= 0
    assert json_margins(decided.to_dict()) == margins
    rows = re.findall(r"^margin \((.+?) is better by\) +(\S+)", decided.to_text(), re.M)
    if len(decided.decisions) == 1:           # several (Fast Action's cases) are a row each, in decimals
        assert rows == [(decided.choice, str(margins[0]))]
    else:
        assert "margin (better by)" in decided.to_text() and not rows


def test_the_issue_example():
    decided = oddscalc.decide("caribbean-stud", "As Kd 9c 5h 2s", "Qd")
    assert decided.choice == "fold"
    (decision,) = decided.to_dict()["decisions"]
    assert decided.margin == decided.decisions[0].margin == Fraction(1874, 10879) == Fraction(decision["margin"])


def test_a_fold_in_a_three_card_game_has_a_positive_margin():
    (decision,) = oddscalc.decide("fast-poker", **CASES["fast-poker"]).to_dict()["decisions"]
    options = {action: Fraction(value) for action, value in decision["options"].items()}
    assert decision["choice"] == "fold" and options["play"] - options["fold"] < 0
    assert Fraction(decision["margin"]) == options["fold"] - options["play"] > 0
