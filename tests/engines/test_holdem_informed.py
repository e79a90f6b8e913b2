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
from oddscalc.core.cards import RANKS, parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.parallel import chunk_seed
from oddscalc.engines.base import EXPOSURE, Seen, load
from oddscalc.engines.holdem import ultimate_exposure as ue
from oddscalc.engines.holdem.informed import bonus_values, ultimate_values
from oddscalc.engines.holdem.ultimate import play
from oddscalc.engines.holdem_stages import BonusRules, UltimateRules, bonus_play, orbits, ultimate_play
from oddscalc.engines.reads import parse_classes, parse_reads, read_of
from oddscalc.tools.exposure import analyze_exposure, sampled_on_request
from tests import holdem_oracle

UTH, THB = "ultimate-texas-holdem", "texas-holdem-bonus"
ORACLE_NAMES = {"check": "check", "play3": "play 3x", "play4": "play 4x"}
DECKS = ["As Ks Qs Js Ts Ah Ad Kh 9c 9d 2c", "2c 2d 6h 6s 9c 9d Qh Qs Ac Ad 7h 5h"]
# a deck that swapping hearts and spades maps onto itself: with "Ts Th" held (and 9c seen, if seen)
# the kernel counts one board of each pair of images and copies it to the other
SYMMETRIC = "As Ks Qs Js Ts Ah Kh Qh Jh Th 9c"


def dead_of(deck: str) -> tuple[int, ...]:
    cards = set(parse_cards(deck))
    return tuple(c for c in range(52) if c not in cards)


@pytest.mark.parametrize("deck, hand, seen", [
    (DECKS[0], "As Kh", "9c"), (DECKS[0], "9d 2c", "Ad Ks"), (DECKS[0], "Ts Js", "Ah"),
    (SYMMETRIC, "Ts Th", "9c"), pytest.param(SYMMETRIC, "Ts Th", "", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "6h 6s", "Qs", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "7h 5h", "Ac Ad", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "2c Qh", "2d", marks=pytest.mark.slow),
])
def test_every_preflop_option_is_the_oracle_s(deck, hand, seen):
    groups = [hand, *([seen] if seen else [])]
    oracle = holdem_oracle.decide(UTH, deck, groups, params={"dealer_cards_seen": len(seen.split())})
    values, found = ultimate_values(UltimateRules(), parse_cards(hand), parse_cards(seen), dead_of(deck))
    assert values == {ORACLE_NAMES[name]: value for name, value in oracle.items()}
    assert 0 <= found["flops_played"] <= found["flops"]


@pytest.mark.parametrize("deck, hand, seen", [
    (DECKS[0], "As Kh", "9c"), (DECKS[0], "9d 2c", "Ad Ks"), (SYMMETRIC, "Ts Th", "9c"),
    pytest.param(DECKS[1], "7h 5h", "Ac", marks=pytest.mark.slow),
    pytest.param(DECKS[1], "2c Qh", "2d 6h", marks=pytest.mark.slow),
])
def test_the_bonus_flop_wager_is_the_oracle_s(deck, hand, seen):
    oracle = holdem_oracle.decide(THB, deck, [hand, seen], params={"dealer_cards_seen": len(seen.split())})
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
        with pytest.raises(InputError, match="no unseen card has the ranks read"):
            oddscalc.decide(game, hand="As Ad", reads="A|A", dead="Ah Ac")
        with pytest.raises(InputError, match="two hole cards"):
            oddscalc.decide(game, hand="7h 2c", seen="Ac", reads="A|K")


# preflop with dealer cards read by rank class: (deck, hand, seen, reads).  ("9d 2c", "A K"): rows of one
# rank in and out of the board's flush suit (As Ah Ad, Ks Kh), which the kernel counts once per rank
# and kind; CLUBS_DECK is DECKS[0] with spades and clubs swapped, its flush suit the first suit (the
# kernel evaluates a card of another suit for the dealer's other card not of it)
CLUBS_DECK = "Ac Kc Qc Jc Tc Ah Ad Kh 9s 9d 2s"
READ_CASES = [(DECKS[0], "As Kh", "", "A"), (DECKS[0], "As Kh", "9c", "A"), (DECKS[0], "9d 2c", "", "9 2 T|A K"),
              (DECKS[0], "9d 2c", "", "A K"), (CLUBS_DECK, "9d 2s", "", "A K"), (CLUBS_DECK, "Ac Kh", "9s", "A"),
              (SYMMETRIC, "Ts Th", "9c", "Q J"), (SYMMETRIC, "Ts Th", "", "A|K Q"),
              pytest.param(SYMMETRIC, "Ts Th", "", "A K", marks=pytest.mark.slow),
              pytest.param(DECKS[0], "Ts Js", "", "A K Q J T 9 2", marks=pytest.mark.slow),
              pytest.param(DECKS[0], "9d 2c", "Ks", "A Q J", marks=pytest.mark.slow)]


@pytest.mark.parametrize("deck, hand, seen, reads", READ_CASES)
def test_a_preflop_read_is_the_oracle_s(deck, hand, seen, reads):
    groups, params = [hand, *([seen] if seen else [])], {"dealer_cards_seen": len(seen.split())}
    classes = reads.split("|")
    values, _ = ultimate_values(UltimateRules(), parse_cards(hand), parse_cards(seen), dead_of(deck),
                                parse_reads(reads))
    expected = holdem_oracle.decide_read(UTH, deck, groups, classes, params=params)
    assert values == {ORACLE_NAMES[name]: value for name, value in expected.items()}
    value, _ = bonus_values(BonusRules(), parse_cards(hand), parse_cards(seen), dead_of(deck), parse_reads(reads))
    assert value == holdem_oracle.decide_read(THB, deck, groups, classes, params=params)["bet2"]


def test_a_read_only_one_card_can_fit_is_that_card_seen():
    dead = dead_of(DECKS[0])
    hand = parse_cards("As Kh")
    for read, card in (("A", "Ad"), ("9 2", "2c")):    # Ah, and the nines, dead for the second
        more = (*dead, *parse_cards("Ah" if read == "A" else "9c 9d"))
        seen, _ = ultimate_values(UltimateRules(), hand, parse_cards(card), more)
        assert ultimate_values(UltimateRules(), hand, (), more, parse_reads(read))[0] == seen


def test_the_reads_of_a_partition_average_to_the_plain_values():
    # the law of total expectation: a fixed Play averaged over the class read (each class as likely
    # as its unseen cards) is its plain value, and reading never lowers the best value
    dead, hand = dead_of(DECKS[1]), parse_cards("7h 5h")
    rest = [c for c in range(52) if c not in (*dead, *hand)]
    plain, _ = ultimate_values(UltimateRules(), hand, (), dead)
    plain_bonus, _ = bonus_values(BonusRules(), hand, (), dead)
    averaged: dict[str, Fraction] = {}
    best = bonus = Fraction(0)
    for read in ("A", "Q 9", "7 6 5 2"):
        weight = Fraction(sum(1 for c in rest if RANKS[c // 4] in read.split()), len(rest))
        values, _ = ultimate_values(UltimateRules(), hand, (), dead, parse_reads(read))
        for name, value in values.items():
            averaged[name] = averaged.get(name, Fraction(0)) + weight * value
        best += weight * max(values.values())
        flop_wager, _ = bonus_values(BonusRules(), hand, (), dead, parse_reads(read))
        bonus += weight * flop_wager
    assert averaged["play 4x"] == plain["play 4x"] and averaged["play 3x"] == plain["play 3x"]
    assert averaged["check"] >= plain["check"] and best >= max(plain.values())
    assert bonus >= plain_bonus


@pytest.mark.slow
def test_the_full_deck_decides_a_preflop_read_on_the_spot(cli):
    weak = oddscalc.decide(UTH, hand="7h 2c", reads="A").decisions[0]
    # a read card is one of the dealer's: each ace, any of the other 49, every board of the 48 left
    assert weak.choice == "check" and weak.total == 10 * 4 * 49 * 1712304
    assert weak.facts["dealer_cards_read"] == 1 and weak.facts["dealer_cards_seen"] == 0
    bonus = oddscalc.decide(THB, hand="7h 2c", reads="A").decisions[0]
    assert bonus.choice == "fold" and bonus.total == 20 * 4 * 49 * 1712304
    result = cli("decide", UTH, "--hand", "As Kd", "--seen", "7c", "--reads", "K Q J", "--format", "json")
    assert result.status == 0 and '"dealer_cards_read": 1' in result.out


@pytest.mark.slow
def test_on_the_full_deck_a_read_s_plays_average_its_cards_seen():
    # a preflop Play is settled with no later decision, so with a card read it is the mean of its
    # values with each card of the class seen (each equally likely): the read's count by rank and
    # kind (read_chunk) against the seen card's dealer hands one by one (one_unseen_chunk), on the
    # boards of 52 cards, the flush suits among them
    hand = parse_cards("7h 2c")
    read, _ = ultimate_values(UltimateRules(), hand, (), (), parse_reads("K Q J"))
    cards = [c for c in range(52) if RANKS[c // 4] in "KQJ"]
    seen = [ultimate_values(UltimateRules(), hand, (c,), ())[0] for c in cards]
    for size in ("play 4x", "play 3x"):
        assert read[size] == sum((values[size] for values in seen), Fraction(0)) / len(cards)


@pytest.mark.slow
def test_the_dealer_cards_exposure_is_sampled_gains_priced_exactly():
    game = load(UTH)
    seen = Seen(dealer_cards=2)
    # counted exactly unless a sample size is given (about two hours): the estimate is asked for
    assert sampled_on_request(EXPOSURE.of(game), seen)
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
def test_a_dealer_card_read_by_class_is_sampled_and_priced_as_decide_prices_the_read():
    game = load(UTH)
    classes = "A|K Q J"
    seen = Seen(dealer_cards=1, sorted_ranks=classes)
    # counted exactly unless a sample size is given (about a minute): the estimate is asked for
    assert sampled_on_request(EXPOSURE.of(game), seen)
    # both read: counted too (engines/holdem/seen_classes.py), the estimate on request as well
    assert sampled_on_request(EXPOSURE.of(game), Seen(dealer_cards=2, sorted_ranks=classes))
    sample = ue.exposure_chunk(game, seen, seed=3, chunk=0, size=2)
    plain = play(game)
    table = orbits(())
    rng = random.Random(chunk_seed(3, 0))
    for numerator in sample.numerators:
        cards = rng.sample(range(52), 3)
        read = " ".join(RANKS[r] for r in read_of(parse_classes(classes), cards[2] >> 2))
        decided = oddscalc.decide(UTH, hand=cards[:2], reads=read).decisions[0]
        best = max(decided.values.values()) - max(plain.orbit_values[table.of(cards[0], cards[1])])
        assert Fraction(numerator, sample.denominator) == best
    with pytest.raises(InputError, match="sorted classes"):
        ue.exposure(game, Seen(dealer_cards=1, sorted_ranks="A||K"))


@pytest.mark.slow
def test_both_dealer_cards_seen_agree_with_the_published_edge():
    # Jacobson's computer-perfect cycle (advancedadvantageplay.com, 2024): a player edge of 38.5816 %
    estimate = analyze_exposure(load(UTH), Seen(dealer_cards=2), samples=160, seed=1, workers=1)
    assert estimate.std_error is not None and estimate.std_error < 0.06
    assert abs(float(estimate.expected_return) - 0.385816) < 3 * estimate.std_error
