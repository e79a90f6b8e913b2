"""Texas Hold'em Bonus with ``bonus_survives_fold = false``: a preflop fold forfeits the Bonus.

Priced where no hand the Bonus pays is folded (then nothing changes: a losing Bonus is lost on a
fold as at the showdown, and the play is the same), refused in one line where one is."""
import pytest

from oddscalc.core.errors import InputError
from oddscalc.engines.base import load
from oddscalc.engines.holdem.bonus import BonusGame, bonus_analysis, bonus_of
from oddscalc.engines.holdem.starting_hands import hand_name
from oddscalc.engines.holdem_stages import bonus_play, orbits

LIVE = [c for c in range(52) if c >> 2 >= 7]            # nines to aces: 24 cards
DEAD = tuple(c for c in range(52) if c not in LIVE)


def typed(flop_multiple: int, survives: bool) -> BonusGame:
    return BonusGame.of(load("texas-holdem-bonus", rules=[f"flop_multiple={flop_multiple}",
                                                          f"bonus_survives_fold={str(survives).lower()}"]))


# twos, threes, tens to aces: 28 cards, where a Flop wager of 2 folds some hands the Bonus does not pay
SMALL_DEAD = tuple(c for c in range(52) if c >> 2 not in (0, 1, 8, 9, 10, 11, 12))


@pytest.mark.parametrize(("dead", "flop_multiple"),
                         [(DEAD, 1), (DEAD, 2), pytest.param(SMALL_DEAD, 2, marks=pytest.mark.slow)])
def test_where_no_paying_hand_folds_the_bonus_is_the_same(dead, flop_multiple):
    kept, forfeited = typed(flop_multiple, True), typed(flop_multiple, False)
    assert bonus_of(forfeited, dead) == bonus_of(kept, dead)


def test_the_small_deck_folds_hands_the_bonus_does_not_pay():
    game = typed(2, False)
    table, found = orbits(SMALL_DEAD), bonus_play(game.rules, SMALL_DEAD)
    folded = [rep for rep, up in zip(table.representatives, found.raises, strict=True) if not up]
    assert folded and all(game.bonus_pay(hand_name(*rep).lower()) == -1 for rep in folded)


def test_a_folded_paying_hand_is_refused_and_really_is_folded():
    game = typed(10, False)
    with pytest.raises(InputError, match=r"bonus_survives_fold = false .* 99 is folded"):
        bonus_of(game, DEAD)
    nines = (LIVE[0], LIVE[1])                            # 9c 9d
    assert not bonus_play(game.rules, DEAD).raises[orbits(DEAD).of(*nines)]
    assert game.bonus_pay("99") > -1


@pytest.mark.slow
def test_the_full_deck_default_pays_forfeit_nothing():
    forfeited = load("texas-holdem-bonus", rules=["bonus_survives_fold=false"])
    assert bonus_analysis(forfeited) == bonus_analysis(load("texas-holdem-bonus"))
