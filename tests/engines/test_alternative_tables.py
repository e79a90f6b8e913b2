"""The staged games' common alternative paytables and rules (tables/examples/, laid over the game
with ``--table``): each loads, is priced exactly, moves the figures the way its change must, and
the one alternative with a published figure reproduces it."""
from fractions import Fraction

import pytest

from oddscalc.core.gametable import tables_dir
from oddscalc.engines.base import EXACT, load


def analysis(game, example):
    table = load(game, tables_dir() / "examples" / f"{example}.toml")
    return table, EXACT.of(table).wagers(table)


def edge(wagers, name="main"):
    return next(w.analysis.house_edge for w in wagers if w.key == name)


def test_mississippi_stud_with_the_straight_at_5_reproduces_how_and_jacobson():
    _, wagers = analysis("mississippi-stud", "mississippi-stud-straight-5")
    assert edge(wagers) == Fraction(671, 17850)
    assert round(float(edge(wagers)) * 100, 4) == 3.7591          # Jacobson [M3], WoO: 3.7591%


@pytest.mark.slow
@pytest.mark.parametrize("example", ["let-it-ride-royal-500", "let-it-ride-isle-of-capri"])
def test_let_it_ride_tables_that_pay_less_cost_the_player(example):
    _, base = analysis("let-it-ride", "three-card-bonus-flush-4")          # main table unchanged
    _, wagers = analysis("let-it-ride", example)
    assert edge(base) == Fraction(37963, 1082900)
    if example == "let-it-ride-royal-500":
        assert edge(wagers) > edge(base)
    # every bet is priced per unit over every deal: the outcome probabilities sum to one
    main = next(w.analysis for w in wagers if w.key == "main")
    assert sum(row.count for row in main.outcomes) == main.total


@pytest.mark.parametrize("example, expected", [("three-card-bonus-flush-4", Fraction(118, 5525)),
                                               ("three-card-bonus-no-mini-royal", Fraction(308, 5525))])
def test_the_3_card_bonus_alternatives_are_priced_on_three_cards(example, expected):
    # over the 22,100 three-card hands: 50/40/30/6/3/1 costs 392/5525; a 4-to-1 flush gives back
    # 1,096 flushes x 1 / 22,100 = 274/5525; the table without a mini royal pays its 4 hands 10 less,
    # the 720 straights 1 less and the flushes 1 more: (40 + 720 - 1096) / 22100 = -84/5525
    _, wagers = analysis("let-it-ride", example)
    assert edge(wagers, "three-card-bonus") == expected


@pytest.mark.slow
@pytest.mark.parametrize("example", ["ultimate-three-card-poker-blind-20-10", "ultimate-three-card-poker-pair-plus-50",
                                     "ultimate-three-card-poker-face-down"])
def test_ultimate_three_card_poker_alternatives(example):
    base = load("ultimate-three-card-poker")
    table, wagers = analysis("ultimate-three-card-poker", example)
    plain = EXACT.of(base).wagers(base)
    if example.endswith("blind-20-10"):
        assert edge(wagers) < edge(plain)                        # the Blind pays more
    elif example.endswith("pair-plus-50"):
        assert edge(wagers) == edge(plain)
        # the 4 mini royals of the 22,100 hands are paid 10 more
        assert edge(wagers, "pair-plus") == edge(plain, "pair-plus") - Fraction(10 * 4, 22100)
    else:
        assert edge(wagers) > edge(plain)                        # seeing no dealer card costs the player
