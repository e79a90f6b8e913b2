"""Florida's Trips (``trips_requires_win``): Trips pays only a hand that beats the dealer's, a tie
pushes.  The showdown of every deal it is settled on equals a plain enumeration on reduced decks;
on the full deck the bet equals the Wizard of Odds' published analysis, combination by combination
(slow: the full-deck count)."""
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
    river, the dealer's two (each group unordered)."""
    tally = Counter()
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
    return tally


@pytest.mark.parametrize("deck", ["As Ks Qs Js Ts Ah Ad Kh 9c", "2c 2d 6h 6s 9c 9d Qh Qs Ac"])
def test_the_showdown_of_every_deal_is_a_plain_enumerations(deck):
    cards = parse_cards(deck)
    found = hs.ultimate_play(dead=tuple(c for c in range(52) if c not in cards))
    expected = brute_showdowns(cards, found.rules.qualifier)
    assert {(c, e): n for c, row in enumerate(found.showdowns) for e, n in enumerate(row) if n} == expected


def test_the_rule_is_read_and_the_overlay_names_its_pays():
    game = load(UTH, table=FLORIDA)
    assert game.rules.flag("trips_requires_win") and not load(UTH).rules.flag("trips_requires_win")
    assert game.paytable("trips").listed("full-house") == 10


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
