import pytest

from oddscalc.core.cards import format_card, format_cards, parse_cards
from oddscalc.core.errors import InputError


@pytest.mark.parametrize("text", ["As Kd Th", "AsKdTh", "as kd th", "A♠ K♦ T♥", "A♠K♦10♥", "as,kd,10h", "♠A ♦K ♥T"])
def test_every_notation_gives_the_same_cards(text):
    assert format_cards(parse_cards(text)) == "As Kd Th"


def test_codes_are_rank_times_four_plus_suit():
    assert parse_cards("2c 2d 2h 2s Ac As") == (0, 1, 2, 3, 48, 51)
    assert [format_card(c) for c in range(4)] == ["2c", "2d", "2h", "2s"]


def test_every_card_round_trips():
    for card in range(52):
        assert parse_cards(format_card(card)) == (card,)


@pytest.mark.parametrize("text, message", [
    ("Ax", "unknown card 'Ax'"),
    ("As Zs", "unknown card 'Zs'"),
    ("1h", "unknown card '1h'"),
    ("AsK", "unknown card 'K'"),
    ("As Kd As", "duplicate card As"),
])
def test_bad_cards_are_named(text, message):
    with pytest.raises(InputError) as error:
        parse_cards(text)
    assert str(error.value) == message


def test_card_count_is_checked():
    with pytest.raises(InputError, match="expected 5 cards, got 4"):
        parse_cards("As Kd Qh Jc", count=5)
    with pytest.raises(InputError, match="expected 1 card, got 2"):
        parse_cards("As Kd", count=1)


def test_excluded_cards_count_as_duplicates():
    with pytest.raises(InputError, match="duplicate card Qd"):
        parse_cards("Qd", exclude=parse_cards("Qd"))
