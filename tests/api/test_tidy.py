"""What a Python user reaches for around the figures (issue 21, item 3, in part): hands that order
and name their category, many hands ranked at once from a buffer, ``json.dumps`` with a default that
writes exact numbers as the JSON output does, and a notebook's HTML view of any result."""
import json
import random
from array import array
from fractions import Fraction
from itertools import combinations

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


# three-card rankings that differ from the default: flushes above straights and trips, and suited
# cards no flush (a game file's rules; rank() follows them, so the batch must)
THREE_CARD_POKER_ORDER = ["straight-flush", "three-of-a-kind", "straight", "flush", "pair", "high-card"]
REORDERED = {"category_order": ["straight-flush", "flush", "three-of-a-kind", "straight", "pair", "high-card"]}
NO_FLUSH = {"flush_counts": False, "category_order": ["three-of-a-kind", "straight", "pair", "high-card"]}


def three_card_buffer(hands):
    return memoryview(bytes(c for hand in hands for c in hand)).cast("B", (len(hands), 3))


# (Three Card Poker's mini royal needs its straight flushes; Ultimate's ranking has no rule)
@pytest.mark.parametrize(("game", "rules"), [("fast-poker", None), ("fast-poker", REORDERED), ("fast-poker", NO_FLUSH),
                                             ("three-card-poker", None), ("three-card-poker", REORDERED),
                                             ("ultimate-three-card-poker", None)])
def test_a_three_card_batch_ranks_as_rank_does_in_its_game(game, rules):
    table = oddscalc.load(game, rules=rules) if rules else game
    hands = random_hands(300, 3, seed=5)
    found = oddscalc.rank_batch(three_card_buffer(hands), game=table)
    one = [oddscalc.rank(h, game=table) for h in hands]
    assert list(found.strengths) == [r.strength for r in one]
    assert found.categories == [r.category for r in one]
    assert found.game == game and found.to_dict()["game"] == game
    strongest_first = (rules or {}).get("category_order", THREE_CARD_POKER_ORDER)
    assert list(found.by_category) == [c for c in strongest_first if c in found.by_category]
    assert sum(found.by_category.values()) == 300
    assert oddscalc.rank_batch([format_cards(h) for h in hands], game=table).strengths == found.strengths


def test_a_three_card_batch_defaults_to_the_game_rank_defaults_to():
    found = oddscalc.rank_batch(["Qh Kh Ah", "2c 2d 2h"])
    assert found.game == oddscalc.rank("Qh Kh Ah").game == "fast-poker"
    assert list(found.strengths) == [740, 716] and found.categories == ["straight-flush", "three-of-a-kind"]


@pytest.mark.slow
def test_every_three_card_hand_ranks_in_a_batch_as_rank_ranks_it():
    hands = list(combinations(range(52), 3))
    found = oddscalc.rank_batch(three_card_buffer(hands), game="three-card-poker")
    assert len(hands) == 22_100
    assert list(found.strengths) == [oddscalc.rank(list(h), game="three-card-poker").strength for h in hands]
    assert found.by_category == {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720, "flush": 1096,
                                 "pair": 3744, "high-card": 16440}


@pytest.mark.parametrize(("hands", "game", "message"), [
    (["As Ks Qs", "As Ks Qs Js Ts"], None, "same number"),
    (["As Ks As"], None, "duplicate card As"),
    ([[0, 1, 52]], None, "0 to 51"),
    (memoryview(bytes([0, 1, 2, 3, 3, 4])).cast("B", (2, 3)), None, "hand 1 holds a card twice"),
    (memoryview(bytes([0, 1, 2, 3, 60, 4])).cast("B", (2, 3)), None, "hand 1 holds a card code that is not 0..51"),
    (memoryview(bytes(6)).cast("B", (3, 2)), None, "3, 5, 6 or 7"),
    (["As Ks Qs"], "caribbean-stud", "caribbean-stud ranks five-card hands"),
    (["As Ks Qs"], "caribean-stud", "unknown game"),
    (["As Ks Qs Js Ts"], "caribbean-stud", "game= chooses the ranking of three-card hands"),
])
def test_bad_three_card_batches_are_input_errors(hands, game, message):
    with pytest.raises(oddscalc.InputError, match=message) as refused:
        oddscalc.rank_batch(hands, game=game)
    assert "\n" not in str(refused.value) and "--" not in str(refused.value)


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
