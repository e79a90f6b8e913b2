"""21+3 and any three-card bet dealt from a shoe (engine three-card-shoe): exact against every set of
three physical cards of small shoes, against Three Card Poker's own counts from one deck, and
against the published figures for one to eight decks."""
import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import tables_dir
from oddscalc.engines.base import load, overlay
from oddscalc.engines.three_card import shoe as shoe_side
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.side import side_analysis

GAME = "twenty-one-plus-three"
EXAMPLES = tables_dir() / "examples"


def physical_category(cards):
    """An independent reading of three physical cards (deck, rank, suit): the strongest category."""
    ranks = sorted(rank for _, rank, _ in cards)
    suits = {suit for _, _, suit in cards}
    faces = {(rank, suit) for _, rank, suit in cards}
    run = ranks in ([0, 1, 12],) or (len(set(ranks)) == 3 and ranks[2] - ranks[0] == 2)
    if len(faces) == 1:
        return "suited-three-of-a-kind"
    if run and len(suits) == 1:
        return "straight-flush"
    if len(set(ranks)) == 1:
        return "three-of-a-kind"
    if run:
        return "straight"
    if len(suits) == 1:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "high-card"


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 2, 3])
def test_every_three_physical_cards_of_the_shoe(decks):
    shoe = [(deck, rank, suit) for deck in range(decks) for rank in range(13) for suit in range(4)]
    brute = Counter(physical_category(three) for three in itertools.combinations(shoe, 3))
    sizes = shoe_side.name_sizes(decks)
    # suited trips are also counted among the three of a kind
    assert {**sizes, "three-of-a-kind": sizes["three-of-a-kind"] - sizes["suited-three-of-a-kind"]} == \
        {name: brute.get(name, 0) for name in sizes}
    assert sum(brute.values()) == math.comb(52 * decks, 3)


def test_one_deck_is_three_card_poker_exactly():
    """From one deck the bet with Pair Plus's pays is Three Card Poker's Pair Plus, row by row."""
    rules = three_card_rules(load("three-card-poker"))
    pair_plus = next(bet for bet in rules.side if bet.table.name == "pair-plus")
    assert set(pair_plus.table.pays) <= set(shoe_side.NAMES) and pair_plus.table.basis == "to"
    unpaid = [f"{name}=none" for name in ("flush", "straight", "three-of-a-kind", "straight-flush")
              if name not in pair_plus.table.pays]
    shoe = load(GAME, pays=[*(f"{name}={pay}" for name, pay in pair_plus.table.pays.items()), *unpaid],
                rules=["decks=1"])
    ours = shoe_side.ENGINE.analyze(shoe)
    theirs = side_analysis(rules, pair_plus)
    assert sorted((o.outcome, o.count, o.net) for o in ours.outcomes) == \
        sorted((o.outcome, o.count, o.net) for o in theirs.outcomes)
    assert ours.expected_return == theirs.expected_return
    assert shoe_side.name_sizes(1)["suited-three-of-a-kind"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("decks, edge", [(1, "13.30"), (2, "7.26"), (4, "4.24"), (6, "3.24"), (8, "2.74")])
def test_published_house_edges_of_the_nine_to_one_table(decks, edge):
    # the Wizard of Odds' 21+3 "version 1" (every paying hand 9 to 1) for one to eight decks
    analysis = shoe_side.ENGINE.analyze(load(GAME).with_rule("decks", decks))
    assert f"{float(analysis.house_edge) * 100:.2f}" == edge
    assert sum(analysis.probability(row) for row in analysis.outcomes) == 1


def test_published_six_deck_counts_and_the_other_tables():
    by_hand = shoe_side.ENGINE.analyze(load(GAME, EXAMPLES / "twenty-one-plus-three-by-hand.toml"))
    counts = {row.outcome: row.count for row in by_hand.outcomes}
    # the published combinations of six decks, suited three of a kind apart from the rest
    assert counts == {"win-suited-three-of-a-kind": 1040, "win-straight-flush": 10368,
                      "win-three-of-a-kind": 25272, "win-straight": 155520, "win-flush": 292896,
                      "lose": 4528224}
    assert round(float(by_hand.expected_return), 6) == -0.041427
    two = shoe_side.ENGINE.analyze(load(GAME, EXAMPLES / "twenty-one-plus-three-two-decks.toml"))
    assert f"{float(two.house_edge) * 100:.2f}" == "2.78" and two.total == math.comb(104, 3)


# The Wizard of Odds' tables of the "Flush" blackjack side bet (30/20/10/7 on straight flush, three of
# a kind, straight, flush): every combination and the house edge, for one, two and four decks
FLUSH_PUBLISHED = {
    1: ({"win-straight-flush": 48, "win-three-of-a-kind": 52, "win-straight": 720, "win-flush": 1096,
         "lose": 20184}, "12.81"),
    2: ({"win-straight-flush": 384, "win-three-of-a-kind": 728, "win-straight": 5760, "win-flush": 10016,
         "lose": 165216}, "6.27"),
    4: ({"win-straight-flush": 3072, "win-three-of-a-kind": 7280, "win-straight": 46080, "win-flush": 85120,
         "lose": 1336704}, "2.86"),
}


@pytest.mark.parametrize("decks", list(FLUSH_PUBLISHED))
def test_the_flush_bet_reproduces_its_published_combinations(decks):
    table = overlay(load(GAME, EXAMPLES / "twenty-one-plus-three-flush.toml"), rules=[f"decks={decks}"])
    found = shoe_side.ENGINE.analyze(table)
    counts, edge = FLUSH_PUBLISHED[decks]
    assert {row.outcome: row.count for row in found.outcomes} == counts
    assert f"{float(found.house_edge) * 100:.2f}" == edge and found.total == math.comb(52 * decks, 3)


def test_a_pair_that_is_a_flush_is_paid_as_the_flush():
    # published for six decks: 236,736 flushes without a pair, 56,160 with one, 977,184 pairs that
    # are no flush
    sizes = shoe_side.name_sizes(6)
    assert (sizes["flush"], sizes["pair"]) == (236736 + 56160, 977184)
    assert shoe_side.names_of((44, 44, 12)) == ("flush",) and shoe_side.names_of((44, 45, 12)) == ("pair",)


def test_rank_names_the_category_and_refuses_other_sizes(cli):
    result = cli("rank", "--game", GAME, "Kh", "Ks", "5h")
    assert result.status == 0 and "pair" in result.out
    assert cli("rank", "--game", GAME, "Kh", "Ks", "5h", "4d").refused("three cards")


def test_a_hand_from_the_shoe_may_hold_a_card_twice_as_often_as_the_shoe_has_decks(cli):
    """Suited trips is three copies of one card; from one deck a card comes once."""
    import oddscalc

    result = cli("rank", "--game", GAME, "7h", "7h", "7h")
    assert result.status == 0 and "suited-three-of-a-kind" in result.out
    assert oddscalc.rank("Kh Kh 5h", game=GAME).category == "flush"
    one_deck = load(GAME, rules=["decks=1"])
    with pytest.raises(InputError, match="7h given 2 times, but a 1-deck shoe holds 1"):
        oddscalc.rank("7h 7h 7d", game=one_deck)
    assert oddscalc.rank("7h 7d 7s", game=one_deck).category == "three-of-a-kind"
    # a game dealt from one deck still refuses a repeated card, in one line
    assert cli("rank", "As", "As", "Kd", "Qh", "Jc").refused("duplicate card As")
    assert cli("rank", "--game", "three-card-poker", "As", "As", "Kd").refused("duplicate card As")


@pytest.mark.parametrize("options, words", [
    (["--rule", "decks=9"], "decks"), (["--rule", "decks=0"], "decks"),
    (["--pay", "royal-flush=5"], "royal-flush")])
def test_bad_input_is_one_line(cli, options, words):
    result = cli("analyze", GAME, *options)
    assert result.refused(words)


def test_a_class_or_a_second_paytable_is_refused(tmp_path):
    classes = tmp_path / "classes.toml"
    classes.write_text('[classes.big]\ncategory = "pair"\nat_least = "T"\n')
    with pytest.raises(InputError, match="categories only"):
        load(GAME, classes)
    more = tmp_path / "more.toml"
    more.write_text('[paytables.more]\nbasis = "to"\n[paytables.more.pays]\nflush = 1\n')
    with pytest.raises(InputError, match="one paytable"):
        load(GAME, more)


def test_the_net_of_a_listed_hand():
    analysis = shoe_side.ENGINE.analyze(load(GAME))
    assert {row.net for row in analysis.outcomes} == {Fraction(9), Fraction(-1)}
