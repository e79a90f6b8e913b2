"""Ultimate Three Card Poker with dealer cards seen (three_card/ultimate_exposure.py, kernel
ext/ultimate_exposure.pyx): against a plain-Python brute force over every deal of reduced decks
(tests/ultimate_exposure_oracle.py), against the plain solver where nothing more is seen, against a
direct count of the whole dealer hand seen, invariants, the command and its refusals."""
from __future__ import annotations

import json
import math
from dataclasses import replace
from fractions import Fraction

import pytest

import oddscalc
from oddscalc._native import three, ultimate_exposure
from oddscalc.core.cards import DECK, parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.base import EXPOSURE, Seen, capabilities, engine, load, overlay
from oddscalc.engines.reads import parse_classes
from oddscalc.engines.three_card import ultimate
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate_exposure import (
    analyze_exposure,
    ending_nets,
    exposure_chunk,
    informed,
)
from oddscalc.engines.three_card.ultimate_family import CLASSES, main_analysis
from tests import staged_oracle as staged
from tests import ultimate_exposure_oracle as oracle

GAME = "ultimate-three-card-poker"
FACE_UP, FACE_DOWN = ultimate.UltimateRules(), ultimate.UltimateRules(dealer_upcards=0)


# Reduced decks with every ending in play: a mini royal, A-2-3 and Q-K-A straights, pairs, trips
# (the second deck), hands on both sides of the queen-high qualifier; neither is closed under every
# suit permutation, so the kernel's suit symmetry is tried on the permutations that keep the deck.
SMALL = "As Ks Qs 2h 3d 2c Qd 7h"
SEVEN = "As Ks Qs 2h 3d 2c 7h"
TEN = "Ah Ad Ac Kh Qh 7c 7d 4h 3c 2h"
# larger decks for the slow tests: one to three suits of mixed ranks; every suit of four ranks (the
# whole symmetry group)
LARGE = {"16": "Ac Ad Ah Kc Qc Qd Qh Jd 7c 7d 7h 4c 3c 3d 2c 2h",
         "16-four-suits": "Ac Ad Ah As Qc Qd Qh Qs 4c 4d 4h 4s 3c 3d 3h 3s"}


def _agrees(found, expected):
    assert found.deals == expected.deals
    assert found.expected_return == expected.expected_return
    assert found.average_wager == expected.average_wager
    assert found.net_counts == expected.net_counts
    assert found.outcome_counts == expected.outcome_counts
    assert {a: p for a, p in found.action_probabilities.items() if p} == expected.action_probabilities


@pytest.mark.parametrize(("deck", "seen"), [(SMALL, 1), (SMALL, 2), (SMALL, 3), (TEN, 3),
                                            pytest.param(TEN, 1, marks=pytest.mark.slow),
                                            pytest.param(TEN, 2, marks=pytest.mark.slow)])
def test_face_up_agrees_with_the_brute_force(deck, seen):
    _agrees(informed(FACE_UP, seen, parse_cards(deck)), oracle.analyze(deck, seen))


@pytest.mark.parametrize(("deck", "seen"), [(SMALL, 0), (TEN, 0), pytest.param(TEN, 1, marks=pytest.mark.slow)])
def test_face_down_agrees_with_the_brute_force(deck, seen):
    _agrees(informed(FACE_DOWN, seen, parse_cards(deck)), oracle.analyze(deck, seen))


@pytest.mark.parametrize(("rules", "params"), [
    (replace(FACE_UP, wager_more=False), {"tie_break": "wager_less"}),
    (replace(FACE_UP, play_needs_qualifier=True), {"play_needs_qualifier": True}),
    (replace(FACE_UP, play_multiples_pair_or_better=(1, 3)), {"pair_sizes": (1, 3)}),
    (replace(FACE_UP, blind={"mini-royal": Fraction(100), "straight-flush": Fraction(20), "three-of-a-kind": 10,
                             "straight": 2, "flush": 1}),
     {"blind": {"mini-royal": 100, "straight-flush": 20, "three-of-a-kind": 10, "straight": 2, "flush": 1}}),
])
@pytest.mark.slow
@pytest.mark.parametrize("seen", [2, 3])
def test_rule_variants_agree_with_the_brute_force(rules, params, seen):
    _agrees(informed(rules, seen, parse_cards(SMALL)), oracle.analyze(SMALL, seen, **params))


@pytest.mark.slow
@pytest.mark.parametrize("seen", [0, 1, 2, 3])
@pytest.mark.parametrize("deck", list(LARGE.values()), ids=list(LARGE))
def test_larger_decks_agree_with_the_brute_force(deck, seen):
    _agrees(informed(FACE_DOWN, seen, parse_cards(deck)), oracle.analyze(deck, seen))


def test_the_brute_force_agrees_with_the_staged_oracle():
    """The exposure oracle with what the table shows is the staged games' oracle, an independent
    brute force over ordered deals (tests/staged_oracle.py)."""
    for upcards in (0, 1):
        plain = staged.analyze(GAME, SEVEN, {"dealer_upcards": upcards})
        mine = oracle.analyze(SEVEN, upcards)
        assert (mine.expected_return, mine.average_wager) == (plain.expected_return, plain.average_wager)


@pytest.mark.parametrize("deck", [SMALL, TEN, pytest.param(None, marks=pytest.mark.slow)])
def test_what_the_table_shows_is_the_plain_solver(deck):
    cards = DECK if deck is None else tuple(parse_cards(deck))
    for rules in (FACE_UP, FACE_DOWN, replace(FACE_UP, wager_more=False)):
        plain = ultimate.analyze(rules, cards)
        found = informed(rules, rules.dealer_upcards, cards)
        assert found.outcome_counts == plain.outcome_counts
        assert found.expected_return == plain.expected_return and found.average_wager == plain.average_wager


def test_one_card_seen_face_down_is_the_face_up_game():
    cards = parse_cards(TEN)
    assert informed(FACE_DOWN, 1, cards).outcome_counts == informed(FACE_UP, 1, cards).outcome_counts


def _everything_seen(rules, deck):
    """The whole dealer hand seen, counted directly: per player hand the plain kernel's six ending
    counts (three.class_counts, face down), each ending decided on its own net."""
    ranking = ThreeCardRanking()
    qualify = qualifier_strength(rules.qualifier, ranking)
    columns, _per = three.class_counts(ranking.native, tuple(sorted(deck)), qualify, False, True)
    top = ranking.native.n_strengths - 1
    total, deals = Fraction(0), 0
    for weight, strength, nq, dw, tie, pw, nq_dw, nq_tie in zip(
            columns["weight"], columns["strength"], columns["not_qualify"], columns["dealer_wins"], columns["tie"],
            columns["player_wins"], columns["nq_dealer_wins"], columns["nq_tie"], strict=True):
        klass = ultimate.hand_class(ranking, strength, top)
        sizes = rules.play_multiples_below_pair if klass == "high-card" else rules.play_multiples_pair_or_better
        for n, (constant, slope) in zip((pw, dw, tie, nq - nq_dw - nq_tie, nq_dw, nq_tie), ending_nets(rules, klass),
                                        strict=True):
            total += weight * n * max(Fraction(-2), *(constant + slope * m for m in sizes))
            deals += weight * n
    return total / deals


@pytest.mark.parametrize("deck", [TEN, pytest.param(None, marks=pytest.mark.slow)])
def test_the_whole_hand_seen_is_the_direct_count(deck):
    cards = DECK if deck is None else tuple(parse_cards(deck))
    assert informed(FACE_UP, 3, cards).expected_return == _everything_seen(FACE_UP, cards)


@pytest.mark.parametrize("deck", [SMALL, TEN])
def test_seeing_more_never_lowers_the_return(deck):
    found = [informed(FACE_DOWN, k, parse_cards(deck)) for k in range(4)]
    n = len(parse_cards(deck))
    for k, f in enumerate(found):
        assert f.deals == math.comb(n, 3) * math.comb(n - 3, 3) * math.comb(3, k)
        assert sum(f.net_counts.values()) == f.deals and sum(f.action_probabilities.values()) == 1
    returns = [f.expected_return for f in found]
    assert returns == sorted(returns) and returns[0] < returns[3]


@pytest.mark.slow
def test_the_full_deck_figures_and_their_invariants():
    table = load(GAME)
    one, three_seen = analyze_exposure(table, 1), analyze_exposure(table, 3)
    assert one.gain == 0 and one.exact
    assert one.expected_return == Fraction(-1975131, 50896300)        # the family's analysis (its tests)
    assert three_seen.baseline is one.baseline                         # counted once per table
    assert three_seen.gain > 0 and three_seen.analysis is not None
    assert sum(three_seen.analysis.action_probabilities.values()) == 1
    assert three_seen.analysis.total == math.comb(52, 3) * math.comb(49, 3)
    # with the whole hand seen: play the most when ahead, fold to a qualifying higher dealer
    lines = dict(three_seen.strategy)
    assert lines["dealer qualifies, player higher"] == "play 3x with a pair or better, 1x below a pair"
    assert lines["dealer qualifies, dealer higher"] == "fold"
    # a Play against a higher dealer who does not qualify loses as much as a fold (-2): the tie-break
    assert lines["dealer does not qualify, dealer higher"] == "play 1x"


@pytest.mark.slow
def test_the_full_deck_monotone_and_the_family_baseline():
    table = load(GAME)
    low = analyze_exposure(overlay(table, rules=["tie_break=wager_less"]), 3)
    assert dict(low.strategy)["dealer does not qualify, dealer higher"] == "fold"
    assert low.expected_return == analyze_exposure(table, 3).expected_return
    assert analyze_exposure(table, 1).baseline.outcomes == main_analysis(table).outcomes
    returns = [analyze_exposure(table, k).expected_return for k in (1, 2, 3)]
    assert returns == sorted(returns) and len(set(returns)) == 3
    down = overlay(table, rules=["dealer_upcards=0"])
    assert analyze_exposure(down, 0).baseline.outcomes == main_analysis(down).outcomes
    gains = [analyze_exposure(down, k).gain for k in range(4)]
    assert gains[0] == 0 and gains == sorted(gains)
    assert analyze_exposure(down, 1).expected_return == returns[0]


def test_the_kernel_merges_every_observation_once():
    ranking = ThreeCardRanking()
    classes = [0] * ranking.native.n_strengths
    for seen in range(4):
        merged = ultimate_exposure.observations(ranking.native, parse_cards(TEN), 0, classes, seen)
        assert sum(merged.values()) == math.comb(10, 3) * math.comb(7, seen)
        assert all(sum(key[1:]) == math.comb(7 - seen, 3 - seen) for key in merged)
    for bad in ({"seen": 4}, {"qualify": -1}, {"classes": [0]}, {"deck": [0, 0, 1, 2, 3, 4]}, {"deck": range(5)}):
        with pytest.raises(ValueError):
            ultimate_exposure.observations(ranking.native, bad.get("deck", range(52)), bad.get("qualify", 0),
                                           bad.get("classes", classes), bad.get("seen", 1))


def test_the_family_declares_exposure():
    assert "exposure" in capabilities(engine("three-card-ultimate"))
    assert "exposure" not in getattr(engine("three-card-ultimate"), "unavailable", {})
    assert CLASSES[-1] == "high-card"


@pytest.mark.slow
def test_the_command_prices_a_hole_card(cli):
    done = cli("exposure", GAME, "--dealer-cards", "2", "--format", "json")
    assert done.status == 0
    data = json.loads(done.out)
    assert data["exact"] is True and Fraction(data["gain"]) > 0
    assert data["seen"] == "2 dealer cards (the upcard and 1 hole card)"
    assert oddscalc.exposure(GAME, dealer_cards=3).gain > Fraction(data["gain"])


@pytest.mark.parametrize("args", [("--dealer-cards", "4"), ("--boxes", "1"), ("--dealer-cards", "1", "--sorted", "A K"),
                                  ("--dealer-cards", "2", "--sorted", "A|K|Q|J|T"), ("--rule", "pairplus_ratio=1"),
                                  ("--dealer-cards", "5", "--rule", "dealer_upcards=0")])
def test_the_command_refuses_in_one_line(cli, args):
    assert cli("exposure", GAME, *args).refused()


def test_the_refusals_name_what_is_wrong():
    table = load(GAME)
    with pytest.raises(InputError, match="the upcard counted, so 1 to 3"):
        EXPOSURE.of(table).exposure(table, Seen(dealer_cards=4))
    with pytest.raises(InputError, match="so 0 to 3"):
        informed(FACE_DOWN, 4)
    with pytest.raises(InputError, match="1 to 3"):
        informed(FACE_UP, 0)
    with pytest.raises(InputError, match="samples nothing"):
        exposure_chunk(table, Seen(dealer_cards=2), 1, 0, 10)
    # a surviving Pair Plus stake moves no decision, so it is priced
    staked = replace(FACE_UP, pairplus_ratio=Fraction(1), pairplus_survives_fold=True)
    assert informed(staked, 2, parse_cards(TEN)).outcome_counts == informed(FACE_UP, 2, parse_cards(TEN)).outcome_counts
    with pytest.raises(InputError, match="pairplus_ratio=0"):
        informed(replace(FACE_UP, pairplus_ratio=Fraction(1)), 2, parse_cards(TEN))


# ---- dealer cards read by rank class (--sorted: a set or a partition) ------------------------------

READS = [(FACE_UP, SMALL, "A|Q K", 2), (FACE_UP, SMALL, "A", 3), (FACE_DOWN, SMALL, "Q|2|7", 1),
         (FACE_DOWN, SMALL, "A|Q K", 3)] + [
    pytest.param(rules, TEN, text, k, marks=pytest.mark.slow)
    for rules, text, k in ((FACE_UP, "A", 2), (FACE_UP, "A|Q K", 3), (FACE_UP, "Q|2|7", 2), (FACE_DOWN, "A|Q K", 2),
                           (FACE_DOWN, "Q|2|7", 3))]


@pytest.mark.parametrize(("rules", "deck", "text", "k"), READS)
def test_reads_agree_with_the_brute_force(rules, deck, text, k):
    classes = parse_classes(text)
    whole = rules.dealer_upcards
    found = informed(rules, k, parse_cards(deck), classes)
    expected = oracle.analyze(deck, whole, classes=classes, reads=k - whole)
    _agrees(found, expected)
    n = len(parse_cards(deck))
    assert found.deals == math.comb(n, 3) * math.comb(n - 3, 3) * math.comb(3, whole) * math.perm(3 - whole, k - whole)


@pytest.mark.parametrize("deck", [SMALL, TEN])
def test_a_read_tells_less_than_the_cards_and_a_finer_read_more(deck):
    cards = parse_cards(deck)
    plain = informed(FACE_UP, 1, cards).expected_return
    whole = informed(FACE_UP, 2, cards).expected_return
    coarse = informed(FACE_UP, 2, cards, parse_classes("A Q K")).expected_return
    finer = informed(FACE_UP, 2, cards, parse_classes("A|Q K")).expected_return
    assert plain <= coarse <= finer <= whole and plain < whole
    # a set and the same set with the other ranks named are one read; every rank its own class is the
    # card seen whole (the suit tells nothing more here than the rank: no flush needs the hole card alone)
    assert informed(FACE_UP, 2, cards, parse_classes("A Q K|*")).outcome_counts == \
        informed(FACE_UP, 2, cards, parse_classes("A Q K")).outcome_counts


def test_the_read_kernel_counts_every_ordered_deal_once():
    ranking = ThreeCardRanking()
    strengths = [0] * ranking.native.n_strengths
    classes = [1 if c >> 2 == 12 else 0 for c in range(52)]
    for whole, reads in ((0, 1), (0, 3), (1, 1), (1, 2), (2, 1)):
        merged = ultimate_exposure.read_observations(ranking.native, parse_cards(TEN), 0, strengths, whole, classes,
                                                     reads)
        ways = math.comb(3, whole) * math.perm(3 - whole, reads)
        assert sum(n * sum(key[1:]) for key, n in merged.items()) == math.comb(10, 3) * math.comb(7, 3) * ways
    for bad in ({"whole": 3}, {"reads": 0}, {"classes": [0] * 51}, {"classes": [5] * 52}):
        with pytest.raises(ValueError):
            ultimate_exposure.read_observations(ranking.native, range(52), 0, strengths, bad.get("whole", 1),
                                                bad.get("classes", classes), bad.get("reads", 1))


@pytest.mark.slow
def test_the_command_prices_a_read_hole_card(cli):
    done = cli("exposure", GAME, "--dealer-cards", "2", "--sorted", "A|K Q J", "--format", "json")
    assert done.status == 0
    data = json.loads(done.out)
    assert data["exact"] is True
    assert data["seen"] == "the upcard and 1 hole card read by rank class only ({A} | {K, Q, J} | the other ranks)"
    gain = Fraction(data["gain"])
    assert 0 < oddscalc.exposure(GAME, dealer_cards=2, sorted_ranks="A K Q J").gain < gain
    assert gain < oddscalc.exposure(GAME, dealer_cards=2).gain
