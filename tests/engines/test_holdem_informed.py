"""Ultimate Texas Hold'em before the flop with the dealer's hole cards seen (issue 20 item 4, issue 23
item 1; engines/holdem/informed.py over ext/holdem_informed.pyx).

Checked three ways: against the brute-force oracle (tests/holdem_oracle.py, every stage decided by
exhaustive search with the dealer cards seen) on reduced decks; with nothing seen, against the exact
analysis of the same deck (the board kernel's preflop values); and by invariants over every card the
dealer could show (a fixed wager averages to its plain value, seeing never lowers the best value).
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.parallel import chunk_seed
from oddscalc.engines.base import Seen, load
from oddscalc.engines.holdem import ultimate_exposure as ue
from oddscalc.engines.holdem.informed import bonus_values, ultimate_values
from oddscalc.engines.holdem.ultimate import play
from oddscalc.engines.holdem_stages import BonusRules, UltimateRules, bonus_play, orbits, ultimate_play
from oddscalc.tools.exposure import analyze_exposure

from .test_holdem_kernel import _load_oracle

UTH, THB = "ultimate-texas-holdem", "texas-holdem-bonus"
ORACLE_NAMES = {"check": "check", "play3": "play 3x", "play4": "play 4x"}
DECKS = ["As Ks Qs Js Ts Ah Ad Kh 9c 9d 2c", "2c 2d 6h 6s 9c 9d Qh Qs Ac Ad 7h 5h"]


def dead_of(deck: str) -> tuple[int, ...]:
    cards = set(parse_cards(deck))
    return tuple(c for c in range(52) if c not in cards)


@pytest.mark.parametrize("deck, hand, seen", [
    (DECKS[0], "As Kh", "9c"), (DECKS[0], "9d 2c", "Ad Ks"), (DECKS[0], "Ts Js", "Ah"),
    pytest.param(DECKS[1], "6h 6s", "Qs", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "7h 5h", "Ac Ad", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "2c Qh", "2d", marks=pytest.mark.slow),
])
def test_every_preflop_option_is_the_oracle_s(deck, hand, seen):
    oracle = _load_oracle().decide(UTH, deck, [hand, seen], params={"dealer_cards_seen": len(seen.split())})
    values, found = ultimate_values(UltimateRules(), parse_cards(hand), parse_cards(seen), dead_of(deck))
    assert values == {ORACLE_NAMES[name]: value for name, value in oracle.items()}
    assert 0 <= found["flops_played"] <= found["flops"]


@pytest.mark.parametrize("deck, hand, seen", [
    (DECKS[0], "As Kh", "9c"), (DECKS[0], "9d 2c", "Ad Ks"),
    pytest.param(DECKS[1], "7h 5h", "Ac", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "2c Qh", "2d 6h", marks=pytest.mark.slow),
])
def test_the_bonus_flop_wager_is_the_oracle_s(deck, hand, seen):
    oracle = _load_oracle().decide(THB, deck, [hand, seen], params={"dealer_cards_seen": len(seen.split())})
    value, found = bonus_values(BonusRules(), parse_cards(hand), parse_cards(seen), dead_of(deck))
    assert value == oracle["bet2"] and oracle["fold"] == -1
    assert 0 <= found["turn_wagers"] <= found["flops"]


@pytest.mark.slow
def test_with_nothing_seen_the_values_are_the_exact_analysis_s():
    dead = dead_of("As Ks Qs Js Ts 9s Ah Kh Qh Jh Th 9h Ad Kd")
    plain = ultimate_play(UltimateRules(), dead)
    table = orbits(dead)
    for hand in ("As Ah", "Ks 9h", "Ts Jh", "9s Kd"):
        cards = parse_cards(hand)
        values, _ = ultimate_values(UltimateRules(), cards, (), dead)
        assert tuple(values.values()) == plain.orbit_values[table.of(*cards)]
    bonus = bonus_play(BonusRules(), dead)
    for hand in ("As Ah", "Ks 9h", "Ts Jh"):
        cards = parse_cards(hand)
        value, _ = bonus_values(BonusRules(), cards, (), dead)
        assert value == bonus.orbit_values[table.of(*cards)][0]


@pytest.mark.slow
def test_a_fixed_wager_averages_to_its_plain_value_and_seeing_never_hurts():
    dead = dead_of("As Ks Qs Js Ts 9s Ah Kh Qh Jh Th 9h Ad")
    hand = parse_cards("Ks Jh")
    plain, _ = ultimate_values(UltimateRules(), hand, (), dead)
    rest = [c for c in range(52) if c not in (*dead, *hand)]
    seen = [ultimate_values(UltimateRules(), hand, (x,), dead)[0] for x in rest]
    for size in ("play 4x", "play 3x"):
        assert sum((s[size] for s in seen), Fraction(0)) / len(seen) == plain[size]
    assert sum((s["check"] for s in seen), Fraction(0)) / len(seen) >= plain["check"]
    assert sum((max(s.values()) for s in seen), Fraction(0)) / len(seen) >= max(plain.values())


@pytest.mark.slow
def test_the_full_deck_decides_on_the_spot():
    weak = oddscalc.decide(UTH, hand="7h 2c", seen="3c 2d").decisions[0]
    assert weak.choice == "play 4x" and weak.total == 17296 * 990
    strong = oddscalc.decide(UTH, hand="As Kd", seen="7c").decisions[0]
    assert strong.choice == "play 4x" and strong.facts["dealer_cards_seen"] == 1
    facing_aces = oddscalc.decide(UTH, hand="7h 2c", seen="Ac Ad").decisions[0]
    assert facing_aces.choice == "check" and facing_aces.values["play 4x"] < -3
    bonus = oddscalc.decide(THB, hand="7h 2c", seen="Ac Ad").decisions[0]
    assert bonus.choice == "fold" and bonus.values["fold"] == -1 and bonus.total == 17296 * 45 * 44


def test_the_command_line_decides_preflop_with_a_seen_card(cli):
    result = cli("decide", UTH, "--hand", "7h 2c", "--seen", "3c 2d 4h")
    assert result.status == 2 and result.err.startswith("oddscalc: error:")
    for game in (UTH, THB):
        with pytest.raises(InputError, match="not preflop"):
            oddscalc.decide(game, hand="7h 2c", reads="A")



@pytest.mark.slow
def test_the_dealer_cards_exposure_is_sampled_gains_priced_exactly():
    game = load(UTH)
    seen = Seen(dealer_cards=2)
    assert ue.exposure(game, seen) is None
    sample = ue.exposure_chunk(game, seen, seed=5, chunk=1, size=3)
    assert sample == ue.exposure_chunk(game, seen, seed=5, chunk=1, size=3)
    plain = play(game)
    table = orbits(())
    rng = random.Random(chunk_seed(5, 1))
    for numerator in sample.numerators:
        cards = rng.sample(range(52), 4)
        decided = oddscalc.decide(UTH, hand=cards[:2], seen=cards[2:]).decisions[0]
        best = max(decided.values.values()) - max(plain.orbit_values[table.of(cards[0], cards[1])])
        assert Fraction(numerator, sample.denominator) == best
    estimate = analyze_exposure(game, seen, samples=4, seed=2, workers=1)
    chunk = ue.exposure_chunk(game, seen, seed=2, chunk=0, size=4)
    assert not estimate.exact and estimate.samples == 4
    assert estimate.gain == Fraction(sum(chunk.numerators), 4 * chunk.denominator)
    with pytest.raises(InputError, match="two hole cards"):
        ue.exposure(game, Seen(dealer_cards=3))


@pytest.mark.slow
def test_both_dealer_cards_seen_agree_with_the_published_edge():
    # Jacobson's computer-perfect cycle (advancedadvantageplay.com, 2024): a player edge of 38.5816 %
    estimate = analyze_exposure(load(UTH), Seen(dealer_cards=2), samples=160, seed=1, workers=1)
    assert estimate.std_error is not None and estimate.std_error < 0.06
    assert abs(float(estimate.expected_return) - 0.385816) < 3 * estimate.std_error
