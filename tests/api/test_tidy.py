"""What a Python user reaches for around the figures (issue 21, item 3, in part): hands that order
and name their category, many hands ranked at once from a buffer, ``json.dumps`` with a default that
writes exact numbers as the JSON output does, and a notebook's HTML view of any result."""
import json
import random
from array import array
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.core.cards import format_cards


def test_hands_order_by_strength_and_name_their_category():
    royal, trips, pair = (oddscalc.rank(h) for h in ("As Ks Qs Js Ts", "9c 9d 9h 2s 3d", "2c 2d 5h 7s 9c"))
    assert royal > trips > pair and pair < royal and trips >= trips and not trips < trips
    assert sorted([trips, royal, pair]) == [pair, trips, royal]
    assert (royal.category, trips.category, pair.category) == ("royal-flush", "three-of-a-kind", "pair")
    # the same strength in other suits orders equal
    other = oddscalc.rank("9s 9d 9h 2c 3d")
    assert not other < trips and not other > trips and other.strength == trips.strength
    with pytest.raises(oddscalc.InputError, match="do not compare"):
        assert oddscalc.rank("Qh 6d 4s") < royal
    with pytest.raises(TypeError):
        assert royal < 3


def random_hands(n, k, seed=3):
    rng = random.Random(seed)
    return [rng.sample(range(52), k) for _ in range(n)]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_a_batch_ranks_as_one_hand_at_a_time(k):
    hands = random_hands(300, k)
    flat = memoryview(bytes(c for hand in hands for c in hand)).cast("B", (len(hands), k))
    found = oddscalc.rank_batch(flat)
    assert list(found.strengths) == [oddscalc.rank(h).strength for h in hands]
    assert found.categories == [oddscalc.rank(h).category for h in hands]
    assert sum(found.by_category.values()) == 300
    assert oddscalc.rank_batch([format_cards(h) for h in hands]).strengths == found.strengths
    assert found.to_dict()["hands"] == 300


@pytest.mark.parametrize(("hands", "message"), [
    ([], "no hand"),
    (["As Ks Qs Js Ts", "As Ks Qs Js Ts 2c"], "same number"),
    (["As Ks Qs Js"], "5, 6 or 7"),
    (memoryview(bytes([0, 1, 2, 3, 3])).cast("B", (1, 5)), "twice"),
    (memoryview(bytes([0, 1, 2, 3, 60])).cast("B", (1, 5)), "0..51"),
    (memoryview(bytes(8)).cast("B", (2, 4)), "5, 6 or 7"),
    (memoryview(array("H", [0] * 10)).cast("B").cast("H", (2, 5)), "uint8"),
])
def test_bad_batches_are_input_errors(hands, message):
    with pytest.raises(oddscalc.InputError, match=message):
        oddscalc.rank_batch(hands)


def test_json_dumps_takes_results_and_exact_numbers():
    found = oddscalc.analyze("five-plus-one-bonus")
    text = json.dumps({"edge": found.analysis.house_edge, "result": found}, default=oddscalc.Result.json_default)
    back = json.loads(text)
    assert Fraction(back["edge"]) == found.analysis.house_edge
    assert back["result"] == found.to_dict()
    with pytest.raises(TypeError):
        json.dumps(object(), default=oddscalc.Result.json_default)


def test_a_notebook_shows_a_result_as_html_tables():
    html = oddscalc.analyze("five-plus-one-bonus")._repr_html_()
    assert html.count("<table") == len(oddscalc.analyze("five-plus-one-bonus").report.tables)
    assert "royal-flush" in html and html.startswith('<div class="oddscalc">')
