"""Ultimate Texas Hold'em with the first flop card seen before the preflop decision (issue 20, item 4):
exact, equal to the brute force seeing the same card on reduced decks, never worth less than the plain
game, the same in chunks; the command refuses what it does not price."""
import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.engines import holdem_stages as hs
from tests import holdem_oracle

UTH = "ultimate-texas-holdem"
DECKS = ["As Ks Qs Js Ts Ah Ad Kh 9c", "2c 2d 6h 6s 9c 9d Qh Qs Ac Ad"]


def reduced(deck):
    return tuple(c for c in range(52) if c not in parse_cards(deck))


@pytest.mark.parametrize("deck", DECKS)
def test_seeing_a_flop_card_never_hurts_and_counts_every_deal_once_per_card(deck):
    informed = hs.ultimate_seen_card(dead=reduced(deck))
    plain = hs.ultimate_play(dead=reduced(deck))
    assert informed.deals == 3 * plain.deals
    assert informed.expected_return >= plain.expected_return
    # the flop and river decisions are the plain game's: the shares of the checked rounds differ only
    # through the preflop choice
    assert hs.ultimate_seen_card(dead=reduced(deck), work=hs.Work(3)) == informed


@pytest.mark.slow
@pytest.mark.parametrize("deck", DECKS)
def test_the_brute_force_seeing_the_first_flop_card_agrees(deck):
    informed = hs.ultimate_seen_card(dead=reduced(deck))
    theirs = holdem_oracle.analyze(UTH, deck, {"board_cards_seen_early": 1})
    assert informed.expected_return == theirs.expected_return


def test_the_command_prices_one_flop_card_or_the_dealer_cards_one_at_a_time(cli):
    for args in (["--board-cards", "2"], ["--dealer-cards", "3"], ["--dealer-cards", "1", "--board-cards", "1"]):
        result = cli("exposure", UTH, *args)
        assert result.status == 2 and result.out == "" and result.err.startswith("oddscalc: error:")
        assert result.err.count("\n") == 1
