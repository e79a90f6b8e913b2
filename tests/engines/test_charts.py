"""Strategy charts of several actions and decision points, the action probabilities an analysis
carries and prints, and how the price reports and the par sheet show them; today's yes/no charts
and analyses read as they did."""
from fractions import Fraction

import pytest

from oddscalc.core.economics import Analysis, Outcome, action_metric
from oddscalc.core.errors import InputError
from oddscalc.engines.base import NamedStrategy
from oddscalc.engines.charts import StrategyChart, StrategyCharts, action_key
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.report.html import Details, Figure
from oddscalc.tools.parsheet import _chart_blocks

# 40 rounds: preflop check / raise 4x / raise 3x by two hand groups and two upcards; only the
# rounds that check preflop (0 + 2 + 12 + 4 = 18, cell by cell) reach the flop: check or raise 2x
PREFLOP = StrategyChart(("check", "raise 4x", "raise 3x"), ("pair", "high card"), ("2", "A"),
                        (((0, 8, 2), (2, 6, 2)), ((12, 0, 0), (4, 2, 2))), "preflop")
FLOP = StrategyChart(("check", "raise 2x"), ("pair", "high card"), ("2", "A"),
                     (((0, 0), (1, 1)), ((9, 3), (2, 2))), "flop")
CHARTS = StrategyCharts((PREFLOP, FLOP))


def test_a_chart_counts_each_action_per_cell():
    assert PREFLOP.situations == ((10, 10), (12, 8)) and PREFLOP.total == 40
    assert PREFLOP.taking("raise 4x") == ((8, 6), (0, 2))
    assert PREFLOP.share(0, 0, "raise 4x") == Fraction(4, 5) and PREFLOP.share(1, 0, "raise 3x") == 0
    assert FLOP.share(0, 0, "raise 2x") is None                        # no pair against a 2 checked
    assert PREFLOP.action_probabilities == {"check": Fraction(18, 40), "raise 4x": Fraction(16, 40),
                                            "raise 3x": Fraction(6, 40)}
    assert sum(PREFLOP.action_probabilities.values()) == 1
    assert PREFLOP.default == "check" and PREFLOP.shown == ("raise 4x", "raise 3x")


def test_charts_of_several_points_give_each_action_its_share_of_all_rounds():
    assert CHARTS.points == ("preflop", "flop") and len(CHARTS) == 2 and CHARTS.rounds == 40
    assert list(CHARTS) == [PREFLOP, FLOP] and CHARTS.at("flop") is FLOP
    shares = CHARTS.action_probabilities
    assert list(shares) == ["preflop: check", "preflop: raise 4x", "preflop: raise 3x", "flop: check",
                            "flop: raise 2x"]
    assert shares["flop: raise 2x"] == Fraction(6, 40)                  # of all rounds ...
    assert FLOP.probability("raise 2x") == Fraction(6, 18)              # ... and of those at the flop
    assert shares["flop: check"] + shares["flop: raise 2x"] == shares["preflop: check"]
    with pytest.raises(InputError, match="unknown decision point 'flp' \\(did you mean 'flop'\\?\\)"):
        CHARTS.at("flp")


def test_a_chart_refuses_what_it_cannot_hold():
    with pytest.raises(InputError, match="unknown action 'raise 5x' \\(did you mean 'raise 4x'\\?\\)"):
        PREFLOP.probability("raise 5x")
    with pytest.raises(ValueError, match="has no one action"):
        PREFLOP.share(0, 0)
    with pytest.raises(ValueError, match="one count \\(>= 0\\) per action"):
        StrategyChart(("fold", "call"), ("pair",), ("2",), (((1, 2, 3),),))
    with pytest.raises(ValueError, match="one count \\(>= 0\\) per action"):
        StrategyChart(("fold", "call"), ("pair",), ("2",), (((1, -1),),))
    with pytest.raises(ValueError, match="two or more"):
        StrategyChart(("call",), ("pair",), ("2",), (((1,),),))
    with pytest.raises(ValueError, match="each named once"):
        StrategyCharts((PREFLOP, PREFLOP))
    with pytest.raises(ValueError, match="counts more situations than the first"):
        StrategyCharts((FLOP, PREFLOP))


def test_a_yes_no_chart_reads_as_before():
    chart = StrategyChart(("fold", "call"), ("pair", "high card"), ("2", "3"), (((0, 4), (0, 4)), ((4, 0), (3, 1))))
    assert chart.action == "call" and chart.acting == ((4, 4), (0, 1)) and chart.situations == ((4, 4), (4, 4))
    assert chart.share(1, 1) == Fraction(1, 4) == chart.share(1, 1, "call")
    assert chart.action_probability == Fraction(9, 16) == chart.probability("call")
    assert StrategyCharts((chart,)).action_probabilities == {"fold": Fraction(7, 16), "call": Fraction(9, 16)}
    assert action_key("", "call") == "call" and action_key("flop", "check") == "flop: check"


def coin(**shares):
    return Analysis("coin", "even", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))),
                    **shares)


def test_an_analysis_prints_a_row_per_action_probability_of_a_staged_game():
    staged = coin(action_probabilities=CHARTS.action_probabilities)
    rows = {key: (label, value) for key, label, value in staged.metrics()}
    assert rows["action_probability_flop_raise_2x"] == ("probability of raise 2x (flop, of all rounds)",
                                                        Fraction(6, 40))
    assert rows["action_probability_preflop_raise_4x"][1] == Fraction(2, 5)
    assert "call_probability" not in rows
    keys = [key for key, _label, _value in staged.metrics()]
    assert keys.index("action_probability_preflop_check") == keys.index("rtp_total") + 1
    assert action_metric("raise 1x") == ("action_probability_raise_1x", "probability of raise 1x")


def test_a_yes_no_analysis_prints_what_it_printed():
    plain, called = coin(), coin(call_probability=Fraction(1, 3))
    assert plain.action_probabilities == {} == called.action_probabilities
    keys = [key for key, _label, _value in called.metrics()]
    before = [key for key, _label, _value in plain.metrics()]
    cut = before.index("rtp_total") + 1
    assert keys == [*before[:cut], "call_probability", *before[cut:]]
    assert not any(key.startswith("action_probability") for key in keys)


def test_an_analysis_keeps_its_own_copy_and_its_hash():
    shares = {"call": Fraction(1, 2), "fold": Fraction(1, 2)}
    a = coin(action_probabilities=shares)
    shares["call"] = Fraction(1)
    assert a.action_probabilities["call"] == Fraction(1, 2)
    assert hash(a) == hash(coin(action_probabilities={"call": Fraction(1)})) and a != coin()
    with pytest.raises(AssertionError, match="outside \\[0, 1\\]"):
        coin(action_probabilities={"call": Fraction(3, 2)})
    with pytest.raises(AssertionError, match="share a metric key"):
        coin(action_probabilities={"raise 4x": Fraction(0), "raise-4x": Fraction(0)})


def test_the_price_reports_give_a_column_per_action_of_a_staged_game():
    staged = coin(action_probabilities={"preflop: check": Fraction(1, 2), "preflop: raise 4x": Fraction(1, 2)})
    table, data = strategies_compared([("optimal", staged)], "unit", "call")
    assert table.headers[-2:] == ("preflop: check probability", "preflop: raise 4x probability")
    assert table.rows[0][-2:] == ("50.0000 %", "50.0000 %")
    assert data[0]["action_probabilities"] == staged.action_probabilities
    report = strategy_price_report("Toy", "unit", NamedStrategy("mine", "mine", ("raise 4x: any",)), staged,
                                   staged, "call", "check")
    assert report.tables[0].headers[-1] == "preflop: raise 4x probability"
    assert report.tables[2].title == "rules (first that holds decides; none holds: check)"
    yes_no, _data = strategies_compared([("optimal", coin(call_probability=Fraction(1, 4)))], "unit", "call")
    assert yes_no.headers[-1] == "call probability" and yes_no.rows[0][-1] == "25.0000 %"
    assert "action_probabilities" not in _data[0]


def test_the_par_sheet_shows_each_point_with_a_table_per_action():
    blocks = [b for chart in CHARTS for b in _chart_blocks("mine", chart, True)]
    text = [b for b in blocks if isinstance(b, str)]
    assert text[0] == ("Strategy: mine at the preflop. The player should raise 4x in 40.0000 % (2/5), raise 3x in "
                       "15.0000 % (3/20) of the situations there, and check in the rest.")
    # a grid for a point of one action beyond its default (the flop: raise 2x or check), none for
    # the preflop's two raises
    (grid,) = [b for b in blocks if isinstance(b, Figure)]
    assert "raise 2x or check" in grid.svg and "always check" in grid.svg and "always fold" not in grid.svg
    (counts,) = next(b for b in blocks if isinstance(b, Details)).blocks
    assert counts.name == "strategy-counts-preflop"
    assert counts.table.headers[1:4] == ("2 raise 4x", "2 raise 3x", "2 situations")
    assert counts.table.rows[0] == ("pair", 8, 2, 10, 6, 2, 10)
    assert [b.blocks[0].name for b in blocks if isinstance(b, Details)] == ["strategy-counts-preflop",
                                                                           "strategy-counts-flop"]


def test_the_par_sheet_shows_a_yes_no_chart_as_before():
    chart = StrategyChart(("fold", "call"), ("pair",), ("2", "3"), (((0, 4), (1, 3)),))
    blocks = _chart_blocks("akj83", chart, False)
    assert blocks[0] == ("Strategy: akj83. The player should call in 87.5000 % of all situations (7/8), the "
                         "call probability of the analysis.")
    assert isinstance(blocks[1], Figure) and "akj83: call or fold" in blocks[1].svg
    (counts,) = blocks[-1].blocks
    assert counts.name == "strategy-counts" and counts.table.headers == ("player's hand", "2 call", "2 situations",
                                                                         "3 call", "3 situations")
    assert counts.table.rows == (("pair", 4, 4, 3, 4),)
