"""The public API: what a Python user sees, typed results equal to the command's JSON, the same
one-line errors, and a toy simulator checked with ``oddscalc.check`` (docs/api.md shows it)."""
import json
import random
from collections import Counter
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.core.hands import FiveCardCategory
from oddscalc.core.oracle import best_five_value


def test_the_package_shows_its_api():
    public = set(dir(oddscalc))
    assert {"games", "load", "analyze", "decide", "strategy", "design", "distribution", "simulate", "check",
            "exposure", "InputError", "__version__"} <= public
    assert "caribbean-stud" in oddscalc.games().names


@pytest.mark.slow
def test_a_custom_paytable_in_three_lines():
    result = oddscalc.analyze("caribbean-stud", pays={"flush": 6, "straight": Fraction(7, 2)})
    plain = oddscalc.analyze("caribbean-stud")
    assert isinstance(result.expected_return, Fraction) and result.expected_return < plain.expected_return
    assert sum(result.probabilities.values()) == 1


@pytest.mark.parametrize("call, argv", [
    (lambda: oddscalc.analyze("three-card-poker", pays=["pair-plus.flush=4"]),
     ["analyze", "three-card-poker", "--pay", "pair-plus.flush=4"]),
    (lambda: oddscalc.decide("caribbean-stud", "As Ad 9c 5h 2s", "Qd", dead="2c 3c"),
     ["decide", "caribbean-stud", "--hand", "As Ad 9c 5h 2s", "--up", "Qd", "--dead", "2c 3c"]),
    (lambda: oddscalc.strategy("fast-poker", rules={"bonus_ratio": 2}),
     ["strategy", "fast-poker", "--rule", "bonus_ratio=2"]),
    (lambda: oddscalc.design("five-plus-one-bonus", "flush", "0.95"),
     ["design", "five-plus-one-bonus", "--target-return", "0.95", "--vary", "flush"]),
    (lambda: oddscalc.distribution("five-plus-one-bonus", 5), ["distribution", "five-plus-one-bonus", "--rounds", "5"]),
    (lambda: oddscalc.exposure("three-card-poker", dealer_cards=1),
     ["exposure", "three-card-poker", "--dealer-cards", "1"]),
    (lambda: oddscalc.rank("As Ks Qs Js Ts"), ["rank", "As", "Ks", "Qs", "Js", "Ts"]),
])
@pytest.mark.slow
def test_to_json_is_the_commands_json(cli, call, argv):
    printed = cli(*argv, "--format", "json")
    assert printed.status == 0
    result = call()
    assert result.to_json() == printed.out
    assert result.to_dict() == json.loads(printed.out)


def test_results_are_frozen_with_exact_values():
    result = oddscalc.distribution("five-plus-one-bonus", 3)
    assert result.ahead + result.even + result.behind == 1 and result.exact
    with pytest.raises(AttributeError):
        result.rounds = 4                                  # type: ignore[misc]


@pytest.mark.parametrize("call, message", [
    (lambda: oddscalc.analyze("caribean-stud"), "did you mean 'caribbean-stud'"),
    (lambda: oddscalc.analyze("caribbean-stud", pays={"flush": -1}), "flush"),
    (lambda: oddscalc.decide("caribbean-stud", "As As 9c 5h 2s", "Qd"), "duplicate card As"),
    (lambda: oddscalc.decide("caribbean-stud", [51, 45, 99, 1, 2], "Qd"), "0 to 51"),
    (lambda: oddscalc.load("fast-poker", pays="flush=3"), "mapping"),
])
def test_bad_input_is_an_input_error_with_the_commands_message(call, message):
    with pytest.raises(oddscalc.InputError, match=message):
        call()


# --- a toy simulator, checked as docs/api.md shows ----------------------------------------------

def toy_five_plus_one(rounds, seed, deck_size=52):
    """A deliberately simple simulator of the 5+1 Bonus: deal six cards, count the best five's
    category under the outcome names of the exact analysis."""
    rng = random.Random(seed)
    names = {FiveCardCategory.ROYAL_FLUSH: "win-royal-flush", FiveCardCategory.STRAIGHT_FLUSH: "win-straight-flush",
             FiveCardCategory.FOUR_OF_A_KIND: "win-four-of-a-kind", FiveCardCategory.FULL_HOUSE: "win-full-house",
             FiveCardCategory.FLUSH: "win-flush", FiveCardCategory.STRAIGHT: "win-straight",
             FiveCardCategory.THREE_OF_A_KIND: "win-three-of-a-kind"}
    counts = Counter()
    for _ in range(rounds):
        category = best_five_value(rng.sample(range(deck_size), 6))[0]
        counts[names.get(category, "lose")] += 1
    return dict(counts)


@pytest.mark.slow
def test_a_correct_toy_simulator_passes():
    assert oddscalc.check("five-plus-one-bonus", toy_five_plus_one(20_000, seed=1)).passed


@pytest.mark.slow
def test_a_toy_simulator_with_a_short_deck_fails():
    # a deck without the four aces: no royal flush, fewer straights
    result = oddscalc.check("five-plus-one-bonus", toy_five_plus_one(20_000, seed=1, deck_size=48))
    assert not result.passed and "FAIL" in result.verdict


def test_check_refuses_counts_of_another_game_however_they_are_given():
    counts = oddscalc.simulate("fast-poker", 500, seed=4).counts
    with pytest.raises(oddscalc.InputError, match="the counts are for 'fast-poker', not 'caribbean-stud'"):
        oddscalc.check("caribbean-stud", counts)
    assert oddscalc.check("fast-poker", counts).result.rounds == 500
