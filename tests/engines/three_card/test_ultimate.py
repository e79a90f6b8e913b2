"""Ultimate Three Card Poker (oddscalc.engines.three_card.ultimate) against the brute-force reference
tests/staged_oracle.py on reduced decks, and the published return on the full deck."""
from __future__ import annotations

from fractions import Fraction

import pytest

from oddscalc._native import three
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate import UltimateRules, analyze, decide
from tests import staged_oracle as so

UTCP = "ultimate-three-card-poker"

# reduced decks (codes rank * 4 + suit, rank 12 the ace): queens and better so the qualifier matters,
# suited runs so flushes, straights and a mini royal occur, pairs so 3x raises occur
DECKS = {
    "seven": (0, 4, 8, 40, 44, 48, 49),
    "eight-mixed": (0, 5, 9, 13, 40, 44, 48, 50),
    "nine-royal": (1, 5, 6, 28, 40, 44, 45, 48, 49),
    "nine-suited": (0, 4, 8, 12, 16, 20, 40, 44, 48),
}


def _oracle_actions(analysis) -> dict[str, Fraction]:
    (stage,) = analysis.action_probabilities.values()
    return {f"play {a[4:]}x" if a.startswith("play") else a: p for a, p in stage.items() if p}


def _compare(deck, rules: UltimateRules, params) -> None:
    ours = analyze(rules, deck)
    ref = so.analyze(UTCP, deck, params)
    assert ours.expected_return == ref.expected_return
    side = ref.side_bet_return("pair-plus") * rules.pairplus_ratio
    assert ours.value == ref.value + (side if rules.pairplus_survives_fold else 0)
    assert ours.value == ours.expected_return + side
    assert ours.average_wager == ref.average_wager
    assert {a: p for a, p in ours.action_probabilities.items() if p} == _oracle_actions(ref)
    total = sum(ref.net_counts.values())
    assert {n: Fraction(c, ours.deals) for n, c in ours.net_counts.items()} == \
        {n: Fraction(c, total) for n, c in ref.net_counts.items()}
    assert sum(ours.net_counts.values()) == ours.deals
    assert sum(ours.action_probabilities.values()) == 1


SLOW = pytest.mark.slow


@pytest.mark.parametrize("name", [n if n == "seven" else pytest.param(n, marks=SLOW) for n in sorted(DECKS)])
def test_matches_oracle_face_up(name):
    _compare(DECKS[name], UltimateRules(), {})


@pytest.mark.slow
@pytest.mark.parametrize("name", ["seven", "nine-royal"])
def test_matches_oracle_variants(name):
    deck = DECKS[name]
    _compare(deck, UltimateRules(dealer_upcards=0), {"dealer_upcards": 0})
    _compare(deck, UltimateRules(play_needs_qualifier=True), {"play_needs_qualifier": True})
    _compare(deck, UltimateRules(wager_more=False), {"tie_break": "wager_less"})
    alt = {"mini-royal": Fraction(100), "straight-flush": Fraction(20), "three-of-a-kind": Fraction(10),
           "straight": Fraction(2), "flush": Fraction(1)}
    _compare(deck, UltimateRules(blind=alt), {"blind_paytable": dict(alt)})
    for survives in (False, True):
        _compare(deck, UltimateRules(pairplus_ratio=Fraction(1), pairplus_survives_fold=survives),
                 {"pairplus_ratio": 1, "pairplus_survives_fold": survives})


@pytest.mark.slow
def test_split_counts_add_up():
    """The split of the dealer hands not qualifying: a player hand that qualifies beats them all; the
    split kernel's classes refine the plain ones (same situations, same primary counts)."""
    ranking = ThreeCardRanking()
    q = qualifier_strength("Q 3 2", ranking)
    deck = tuple(range(52))[::2] + (1, 3, 5)
    plain, per = three.class_counts(ranking.native, deck, q, True)
    split, per2 = three.class_counts(ranking.native, deck, q, True, True)
    assert per == per2 and sum(plain["weight"]) == sum(split["weight"])
    assert set(plain) | set(three.SPLIT_COLUMNS) == set(split)
    merged: dict[tuple[int, ...], int] = {}
    for row in zip(split["up_rank"], split["strength"], split["not_qualify"], split["dealer_wins"], split["tie"],
                   split["weight"], split["nq_dealer_wins"], split["nq_tie"], strict=True):
        *key, w, nq_dw, nq_tie = row
        assert nq_dw + nq_tie <= key[2]
        if key[1] >= q:
            assert nq_dw == nq_tie == 0
        merged[tuple(key)] = merged.get(tuple(key), 0) + w
    assert merged == {tuple(k): w for *k, w in zip(plain["up_rank"], plain["strength"], plain["not_qualify"],
                                                    plain["dealer_wins"], plain["tie"], plain["weight"],
                                                    strict=True)}


@pytest.mark.slow
def test_published_return_full_deck():
    """S. How / E. Jacobson: optimal play of the face-up game returns -3.8807% per Ante."""
    result = analyze(UltimateRules())
    assert round(result.expected_return * 100, 4) == Fraction(-38807, 10000)
    assert sum(result.action_probabilities.values()) == 1
    assert sum(result.net_counts.values()) == result.deals


@pytest.mark.parametrize(("hand", "up"), [("Qh 6d 4s", "2c"), ("Qh 6d 4s", "Ac"), ("Ts 7h 2d", "7c"),
                                          ("9s 9h 2d", "Kc"), ("Ks Qs Js", "Ad"), ("As Kd 3c", "3h")])
def test_decide_matches_oracle_full_deck(hand, up):
    """One decision on the full deck: each action's value per Ante equals the brute force's."""
    cards, upcard = parse_cards(hand), parse_cards(up)[0]
    ours = decide(UltimateRules(), cards, upcard)
    ref = so.decide(UTCP, range(52), (*cards, upcard))
    assert dict(ours.values) == {f"play {a[4:]}x" if a.startswith("play") else a: v for a, v in ref.items()}
    assert ours.values[ours.choice] == max(ref.values())


def test_decide_face_down_and_refusals():
    cards = parse_cards("Qh 6d 4s")
    ours = decide(UltimateRules(dealer_upcards=0), cards)
    assert ours.total == 18424
    with pytest.raises(InputError):
        decide(UltimateRules(), cards)
    with pytest.raises(InputError):
        decide(UltimateRules(dealer_upcards=0), cards, 0)
