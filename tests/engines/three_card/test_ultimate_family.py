"""Ultimate Three Card Poker as a built-in game (engine three-card-ultimate): the game file read into
the solver's rules, the exact analysis and its wagers, decide, and the refusals."""
from __future__ import annotations

from fractions import Fraction

import pytest

import oddscalc
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.engines.base import DECIDE, EXACT, load, overlay
from oddscalc.engines.inputs import Situation
from oddscalc.engines.three_card import ultimate
from oddscalc.engines.three_card.ultimate_family import ENGINE, result, ultimate_rules

GAME = "ultimate-three-card-poker"


def test_the_game_file_gives_the_documented_rules():
    assert ultimate_rules(load(GAME)) == ultimate.UltimateRules()


@pytest.mark.slow
def test_analyze_expected_return_per_ante():
    table = load(GAME)
    analysis = EXACT.of(table).analyze(table)
    assert analysis.expected_return == Fraction(-1975131, 50896300)
    found = result(table)
    assert analysis.average_wager == found.average_wager
    assert analysis.total == found.deals
    assert sum(analysis.action_probabilities.values()) == 1
    assert result(table) is found                     # computed once per table
    main, pairplus = EXACT.of(table).wagers(table)
    assert main.key == "main" and main.analysis == analysis
    assert (pairplus.key, pairplus.side) == ("pair-plus", True)
    assert pairplus.analysis.expected_return == found.pairplus_return == Fraction(-402, 5525)


@pytest.mark.parametrize(("hand", "up"), [("Qh 6d 4s", "2c"), ("8h 8d 3s", "Kc"), ("Ts 7h 2d", "7c")])
def test_decide_matches_the_solver(hand, up):
    table = load(GAME)
    cards, upcard = parse_cards(hand), parse_cards(up)
    (ours,) = DECIDE.of(table).decide(table, Situation({"hand": cards, "up": upcard}))
    assert ours == ultimate.decide(ultimate.UltimateRules(), cards, upcard[0])
    decided = oddscalc.decide(GAME, hand=hand, up=up)
    assert decided.to_dict()["decisions"][0]["choice"] == ours.choice


def test_decide_face_down_by_rule():
    table = load(GAME, rules=["dealer_upcards=0"])
    cards = parse_cards("Qh 6d 4s")
    (ours,) = ENGINE.decide(table, Situation({"hand": cards}))
    assert ours == ultimate.decide(ultimate.UltimateRules(dealer_upcards=0), cards)


def test_bad_inputs_are_refused():
    table = load(GAME)
    with pytest.raises(InputError, match="upcard"):
        ENGINE.decide(table, Situation({"hand": parse_cards("Qh 6d 4s")}))
    with pytest.raises(InputError, match="distinct"):
        ENGINE.decide(table, Situation({"hand": parse_cards("Qh 6d 4s"), "up": parse_cards("Qh")}))
    with pytest.raises(InputError, match="play_multiples"):
        overlay(table, rules=["play_multiples=0 2"])
    with pytest.raises(InputError):
        overlay(table, pays=["blind.full-house=5"])
    with pytest.raises(InputError, match="three-card hands"):
        ENGINE.rank(table, tuple(parse_cards("As Kd Qc Jh Ts")))
