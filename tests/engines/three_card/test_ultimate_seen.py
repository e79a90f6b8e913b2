"""Ultimate Three Card Poker's decide with a dealer hole card seen (``--seen``, issue 23 item 1): the
completions ranked directly give the kernel's counts for the upcard alone, and what is seen, averaged
over every card, never lowers the return."""
import oddscalc
from oddscalc._native import three
from oddscalc.core.cards import DECK, parse_cards
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate import UltimateRules, decide, seen_counts

HAND, UP = parse_cards("Th 6d 2c"), parse_cards("7s")[0]


def test_ranking_every_completion_gives_the_kernel_s_counts():
    ranking = ThreeCardRanking()
    qualify = qualifier_strength(UltimateRules().qualifier, ranking)
    deck = [c for c in DECK if c not in (*HAND, UP)]
    strength = ranking.strength(HAND)
    below, counts = seen_counts(ranking, [UP], deck, strength, qualify)
    assert counts == three.hand_counts(ranking.native, deck, tuple(HAND), qualify, UP)
    assert below(strength) == three.hand_counts(ranking.native, deck, tuple(HAND), strength, UP)[0]


def test_a_seen_hole_card_never_lowers_the_return():
    plain = decide(UltimateRules(), HAND, UP)
    cards = [c for c in DECK if c not in (*HAND, UP)]
    informed = sum(max(decide(UltimateRules(), HAND, UP, seen=(c,)).values.values()) for c in cards) / len(cards)
    assert informed > max(plain.values.values())


def test_the_api_takes_seen_cards():
    found = oddscalc.decide("ultimate-three-card-poker", hand="Th 6d 2c", up="7s", seen="8d")
    assert found.decisions[0].total == 47 and found.choice == "play 1x"
