"""Hand classes, pays of none and strategy files: the core's parsing and semantics."""
from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.classes import HandClass, HandRow, class_map, defining_rank, parse_classes, suited
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import apply_pays
from oddscalc.core.numbers import pay_text
from oddscalc.core.strategies import builtin_strategies, read_strategy, split_rules
from oddscalc.engines.base import load


@pytest.mark.parametrize("cards, category, rank", [
    ("8s 8d Ah", "pair", "8"), ("As 2d 3h", "straight", "3"), ("Qs Ks Ah", "straight", "A"),
    ("5c 4d 3h 2s Ac", "straight", "5"), ("Kc Kd Kh 2s 2c", "full-house", "K"), ("2c 2d Ah Ks Kc", "two-pair", "K"),
    ("9c 7c 5c 3c 2c", "flush", "9"),
])
def test_the_defining_rank(cards, category, rank):
    assert "23456789TJQKA"[defining_rank(parse_cards(cards), category)] == rank


def test_suited_looks_at_the_named_cards_or_all():
    hand = parse_cards("As Ks 2d")
    assert suited(hand, (12, 11)) and not suited(hand, (12, 0)) and not suited(hand, ())
    assert not suited(parse_cards("As Ad Ks"), (12, 12))        # two aces never share a suit


def test_holds_needs_the_category_and_every_condition():
    pair8 = HandClass("p8", "pair", at_least=6)
    assert pair8.holds(parse_cards("8s 8d 2c"), "pair", "pair")
    assert not pair8.holds(parse_cards("7s 7d Ac"), "pair", "pair")
    assert not pair8.holds(parse_cards("8s 8d 8c"), "three-of-a-kind", "three-of-a-kind")
    aks = HandClass("aks", "ace-high", ranks=(12, 11), suited=True)
    assert aks.holds(parse_cards("As Ks 4d"), "ace-high", "high-card")
    assert not aks.holds(parse_cards("As Kd 4s"), "ace-high", "high-card")


def test_a_rank_bound_alone_holds_the_rows_holds_says_on_every_five_card_strength():
    # class_map takes a class with at_least as its only condition by comparing defining ranks found
    # once per base; each class here is also asked row by row, as any other class is
    from oddscalc.core.evaluate import five_card_examples
    from oddscalc.engines.handclasses import five_card_categories
    categories = five_card_categories()
    rows = [HandRow(cards, category, category) for cards, category in zip(five_card_examples(), categories,
                                                                           strict=True)]
    for category in ("high-card", "pair", "two-pair", "straight", "full-house", "straight-flush"):
        for bound in (0, 3, 6, 9, 12):
            klass = HandClass(f"{category}-{bound}", category, at_least=bound)
            expected = {i for i, row in enumerate(rows) if klass.holds(row.cards, row.base, row.category)}
            assert {i for i, chain in enumerate(class_map([klass], rows, "t").chains) if chain} == expected
            assert expected or bound > 9          # the bound is met by some hand (a high card 5 at least)


@pytest.mark.parametrize("raw, message", [
    ({"x": {"category": "pair", "at_leest": "8"}}, "unknown key 'at_leest' (did you mean 'at_least'?)"),
    ({"x": {"category": "pair"}}, "give at least one of ranks, at_least, suited"),
    ({"x": {"at_least": "8"}}, "'category' must name the category"),
    ({"x": {"category": "pair", "ranks": "A X"}}, "unknown rank 'X' in ranks 'A X'"),
    ({"x": {"category": "pair", "at_least": "11"}}, "unknown rank '11'"),
    ({"x": {"category": "pair", "suited": "yes"}}, "suited must be true or false"),
    ({"x": {"category": "pair", "ranks": "A A A A A"}}, "is not part of a hand"),
    ({"x": "pair"}, "must be a table with a category"),
])
def test_class_tables_are_strict(raw, message):
    with pytest.raises(InputError, match=re.escape(message)):
        parse_classes(raw, "t")


def test_nested_classes_pay_the_most_specific_and_overlaps_are_refused():
    hands = [HandRow(h, "pair", "pair") for h in (parse_cards("8s 8d 2c"), parse_cards("As Ad 2c"),
                                                  parse_cards("Ks Kd Ac"), parse_cards("2s 2d 3c"))]
    book = (HandClass("p8", "pair", at_least=6), HandClass("aces", "pair", ranks=(12, 12)),
            HandClass("face", "pair", at_least=9))
    cmap = class_map(book, hands, "t")
    assert cmap.chains[1] == ("aces", "face", "p8") and cmap.pay_name(1, {"p8": 1, "face": 2}) == "face"
    assert cmap.pay_name(3, {"p8": 1}) == "pair" and cmap.sizes == {"p8": 3, "aces": 1, "face": 2}
    with pytest.raises(InputError, match="overlap without one holding the other"):
        class_map((HandClass("p8", "pair", at_least=6), HandClass("deuce", "pair", ranks=(0,))), hands, "t")


def test_none_removes_a_pay_and_is_not_zero(tmp_path):
    game = load("three-card-poker")
    removed = apply_pays(game, ["pair-plus.pair=none"]).paytable("pair-plus")
    zero = apply_pays(game, ["pair-plus.pair=0"]).paytable("pair-plus")
    assert removed.listed("pair") is None and zero.listed("pair") == 0
    assert pay_text(removed.listed("pair")) == "none" and pay_text(zero.listed("pair")) == "0 (push)"
    path = tmp_path / "none.toml"
    path.write_text('[paytables.pair-plus.pays]\npair = "none"\n')
    assert "pair" not in load("three-card-poker", path).paytable("pair-plus").pays
    with pytest.raises(InputError, match="lists no 'royal' to remove"):
        apply_pays(game, ["pair-plus.royal=none"])
    assert pay_text(Fraction(1), "for") == "1 (push)" and pay_text(Fraction(0), "for") == "0"


def test_strategy_files(tmp_path):
    assert [s.name for s in builtin_strategies("three-card")] == ["q64", "pair-plus", "always"]
    assert split_rules("a; b\nc") == ("a", "b", "c")
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nrules = ["pair+", "A-K if match"]\n')
    mine = read_strategy(path)
    assert mine.rules == ("pair+", "A-K if match") and mine.label == "pair+; A-K if match"
    path.write_text('name = "mine"\nrule = ["pair+"]\n')
    with pytest.raises(InputError, match=re.escape("unknown key 'rule' (did you mean 'rules'?)")):
        read_strategy(path)
    with pytest.raises(InputError, match="no rule given"):
        split_rules(" ; ")


def test_every_three_card_hand_is_in_at_most_one_chain_of_the_built_in_classes():
    """Three Card Poker's mini royal: the 4 straight flushes of A-K-Q, nothing else."""
    tcp = load("three-card-poker")
    (mini,) = tcp.classes
    held = [h for h in combinations(range(52), 3)
            if mini.holds(h, "straight-flush" if len({c & 3 for c in h}) == 1 and
                          sorted(c >> 2 for c in h) == [10, 11, 12] else "other", "straight-flush")]
    assert len(held) == 4
