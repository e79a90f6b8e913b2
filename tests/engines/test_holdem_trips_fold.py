"""Ultimate Texas Hold'em with Trips forfeited by a fold (``trips_survives_fold = false``): the river
decides with the Trips a fold would lose (``trips_ratio`` Trips per Ante), and every earlier stage
sees it through the river.  Against the brute-force oracle on reduced decks: the main wager's
return, average wager and action shares, the Trips' return with its folds, and the objective the
decisions maximise; the rule moves what it should; ``decide`` prices the forfeit; the command line
reads the rules."""
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.engines import holdem_stages as hs
from oddscalc.engines.holdem_stages import UltimateRules
from tests import holdem_oracle

from .test_holdem_stages import UTH, dead_of, uth_figures

# decks whose boards make three of a kind or better often enough for the forfeit to move a decision
FAST = "6d 6h 6s 7h Ts Jc Jd Jh Js"
DECKS = [FAST, pytest.param("2c 2d 6h 6s 9c 9d Qh Qs Ac", marks=pytest.mark.slow),
         pytest.param("Ac Ad Kc Kd 4c 4d 5c 5d 9c 9d", marks=pytest.mark.slow)]


def trips_return(play: hs.UltimatePlay) -> Fraction:
    """Trips per its stake: the final hand's pay, but a fold loses it."""
    r = play.rules
    categories = hs.ultimate_categories(play)
    value = sum(n * r.trips_pay(c) for c, n in enumerate(categories))
    value += sum(n * (-1 - r.trips_pay(c)) for c, n in enumerate(play.river_folds) if r.trips_pay(c) > -1)
    return Fraction(value, play.deals)


@pytest.mark.slow
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("ratio", [1, 10])
def test_trips_lost_on_a_fold_equals_the_oracle(deck, ratio):
    theirs = holdem_oracle.analyze(UTH, deck, {"trips_survives_fold": False, "trips_ratio": ratio})
    play = hs.ultimate_play(UltimateRules(trips_forfeit=Fraction(ratio)), dead_of(deck))
    mine = uth_figures(play)
    assert mine.expected_return == theirs.expected_return
    assert mine.average_wager == theirs.average_wager
    assert mine.actions == theirs.action_probabilities
    assert trips_return(play) == theirs.side_bet_return("trips")
    assert mine.expected_return + ratio * trips_return(play) == theirs.value
    # the decisions weigh the Trips: the objective is at least the plain game's with the same Trips
    plain = hs.ultimate_play(dead=dead_of(deck))
    assert theirs.value >= plain.expected_return + ratio * trips_return(plain)


def test_the_forfeit_moves_the_river_where_trips_pays():
    heavy = hs.ultimate_play(UltimateRules(trips_forfeit=Fraction(1)), dead_of(FAST))
    plain = hs.ultimate_play(dead=dead_of(FAST))
    assert sum(heavy.river_folds[3:]) < sum(plain.river_folds[3:])
    # the main wager gives up return for the Trips a fold would lose
    assert heavy.expected_return < plain.expected_return


def test_decide_prices_what_a_fold_forfeits():
    # the board makes trips nines for everyone: folding would lose what Trips pays
    hand, board = "2c 3d", "9s 9h 9d Kc 7h"
    plain = oddscalc.decide(UTH, hand=hand, board=board)
    forfeit = oddscalc.decide(UTH, hand=hand, board=board, rules=["trips_survives_fold=false", "trips_ratio=1"])
    assert forfeit.values["fold"] == plain.values["fold"] - 4          # 3 to 1 and the stake
    assert forfeit.values["play 1x"] == plain.values["play 1x"]
    assert plain.choice == "fold" and forfeit.choice == "play 1x"


def test_the_rules_are_read_and_refused_together_with_florida(cli):
    assert cli("analyze", UTH, "--rule", "trips_survives_fold=false", "--rule", "trips_requires_win=true"
               ).refused("trips_requires_win")
    assert cli("analyze", UTH, "--rule", "trips_ratio=-1").refused("trips_ratio")
