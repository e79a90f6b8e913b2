"""The Ultimate Texas Hold'em side bets settled on the showdown of every deal, whatever was played:
Florida's Trips (``trips_requires_win``: only a hand that beats the dealer's is paid, a tie pushes)
and the two-way Bad Beat (the round's losing hand, the player's or the dealer's).  The showdowns and
the losing hands equal a plain enumeration on reduced decks (the dealer's losing hands counted, not
taken from the symmetry the facade uses); on the full deck each bet equals its published analysis,
combination by combination (slow: the full-deck count)."""
from collections import Counter
from itertools import combinations

import pytest

from oddscalc._native.eval5 import category, strength
from oddscalc.core.cards import parse_cards
from oddscalc.engines import holdem_stages as hs
from oddscalc.engines.base import load

UTH = "ultimate-texas-holdem"
FLORIDA = "tables/examples/ultimate-texas-holdem-florida-trips.toml"


def brute_showdowns(deck, qualifier):
    """(player's category, ending) of every deal of the deck, plainly: two cards, the flop, the turn and
    river, the dealer's two (each group unordered); and the losing hand's category of every deal."""
    tally, losing = Counter(), Counter()
    for hand in combinations(deck, 2):
        left = [c for c in deck if c not in hand]
        for board in combinations(left, 5):
            rest = [c for c in left if c not in board]
            mine = strength([*hand, *board])
            for theirs in combinations(rest, 2):
                dealer = strength([*theirs, *board])
                ending = (0 if dealer < qualifier else 3) + (0 if mine > dealer else 1 if mine == dealer else 2)
                # a five-card board splits into a flop and a turn and river C(5, 3) = 10 ways
                tally[category(mine), ending] += 10
                if mine != dealer:
                    losing[category(min(mine, dealer))] += 10
    return tally, losing


@pytest.mark.parametrize("deck", ["As Ks Qs Js Ts Ah Ad Kh 9c", "2c 2d 6h 6s 9c 9d Qh Qs Ac"])
def test_the_showdowns_and_losing_hands_of_every_deal_are_a_plain_enumerations(deck):
    cards = parse_cards(deck)
    found = hs.ultimate_play(dead=tuple(c for c in range(52) if c not in cards))
    expected, losing = brute_showdowns(cards, found.rules.qualifier)
    assert {(c, e): n for c, row in enumerate(found.showdowns) for e, n in enumerate(row) if n} == expected
    by_category, ties = hs.losing_hands(found)
    assert {c: n for c, n in enumerate(by_category) if n} == losing
    assert ties == sum(n for (_, e), n in expected.items() if e in hs.TIE_ENDINGS)


def test_the_rule_is_read_and_the_overlay_names_its_pays():
    game = load(UTH, table=FLORIDA)
    assert game.rules.flag("trips_requires_win") and not load(UTH).rules.flag("trips_requires_win")
    assert game.paytable("trips").listed("full-house") == 10


def test_a_bad_beat_pay_is_checked_as_any_pay(cli):
    assert cli("analyze", UTH, "--pay", "bad-beat.five-aces=3").refused("five-aces")
    assert cli("analyze", UTH, "--pay", "bad-beat.flush=abc").refused("abc")


@pytest.mark.slow
def test_florida_trips_is_the_published_analysis():
    from oddscalc.engines.holdem.ultimate import trips_analysis
    found = trips_analysis(load(UTH, table=FLORIDA))
    rows = {row.outcome: row.count for row in found.outcomes}
    # WoO's combinations count a board once (C(50, 5)); the facade splits it into flop and turn-river
    published = {"trips-royal-flush": 85_615_200, "trips-straight-flush": 734_237_144,
                 "trips-four-of-a-kind": 4_240_864_800, "trips-full-house": 62_810_500_464,
                 "trips-flush": 71_523_195_288}
    assert {k: rows[k] for k in published} == {k: 10 * v for k, v in published.items()}
    assert round(float(-found.expected_return) * 100, 2) == 4.88
    # the standard Trips on the same deals never loses to the dealer, so it returns more
    standard = trips_analysis(load(UTH, table=FLORIDA, rules=["trips_requires_win=false"]))
    assert standard.expected_return > found.expected_return
    assert sum(row.count for row in found.outcomes) == found.total


@pytest.mark.slow
def test_the_bad_beat_is_the_published_analysis():
    from oddscalc.engines.holdem.ultimate_bad_beat import bad_beat_analysis
    found = bad_beat_analysis(load(UTH))
    rows = {row.outcome: row.count for row in found.outcomes}
    # Stephen How's two-way Bad Beat (discountgambling.net, 2012), per C(50, 5) boards
    published = {"bad-beat-straight-flush": 10_300_592, "bad-beat-four-of-a-kind": 471_040_512,
                 "bad-beat-full-house": 8_435_225_376, "bad-beat-flush": 19_434_208_592,
                 "bad-beat-straight": 18_271_076_976, "bad-beat-three-of-a-kind": 64_049_759_448,
                 "bad-beat-tie": 113_130_263_816}
    assert {k: rows[k] for k in published} == {k: 10 * v for k, v in published.items()}
    assert round(float(-found.expected_return) * 100, 3) == 14.787
    assert bad_beat_analysis(load(UTH, table=FLORIDA)) is not None
