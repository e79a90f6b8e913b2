"""The staged games' strategy in words (issue 21): exact where every card set of a chart cell takes
one option (every built-in table), and where a cell's card sets decide differently, the words name
the sets that take each option, with their deals."""
import pytest

from oddscalc.engines.base import engine_of, load
from oddscalc.engines.staged.strategy_charts import mixed_text

STRAIGHT_5 = "tables/examples/mississippi-stud-straight-5.toml"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["mississippi-stud", "let-it-ride"])
def test_every_cell_of_the_built_in_games_is_one_option_so_the_words_are_exact(game):
    table = load(game)
    for chart in engine_of(table).strategy_chart(table):
        assert all(sum(1 for n in cell if n) <= 1 for row in chart.counts for cell in row), chart.decision_point
        assert not any("except" in rule or "%" in rule for _where, rule in chart.rules)


@pytest.mark.slow
def test_a_mixed_cell_names_its_card_sets():
    table = load("mississippi-stud", STRAIGHT_5)
    chart = engine_of(table).strategy_chart(table).at("4th street")
    words = dict(chart.rules)
    assert words["3 to a straight (1 straight), 2 points"] == (
        "raise 1x, except: fold with 8 7 4, 8 6 4, 7 6 3 (423,360 of 2,596,608 deals)")
    row = chart.rows.index("3 to a straight (1 straight), 2 points")
    cell = chart.counts[row][chart.columns.index("2 in action")]
    assert cell[chart.index("fold")] == 423360 and sum(cell) == 2596608


def test_a_card_set_split_between_options_shows_its_share():
    actions = ("fold", "raise 1x")
    # T-7-6 with two suited: 3 deals fold, 1 raises; with no two suited: 4 fold; J-5-4: 6 raise
    sets = {((4, 5, 8), 2): [3, 1], ((4, 5, 8), 1): [4, 0], ((2, 3, 9), 1): [0, 6]}
    assert mixed_text(actions, (7, 7), sets) == \
        "fold, except: raise 1x with J 5 4, T 7 6 (2 suited) in 1 of 4 deals (7 of 14 deals)"
    assert mixed_text(actions, (7, 8), sets) == \
        "raise 1x, except: fold with T 7 6 (2 suited) in 3 of 4 deals, T 7 6 (no two suited) (7 of 15 deals)"
