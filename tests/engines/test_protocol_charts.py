"""The Engine protocol's wagers and strategy charts agree with the analyses every command prints."""
from fractions import Fraction

import pytest

from oddscalc.engines.base import EXACT, STRATEGY, engine_of, load
from oddscalc.engines.charts import StrategyCharts
from oddscalc.engines.inputs import Situation

# Caribbean Fast Poker's upcard makes its analysis take over half a second
FAST_GAMES = ["three-card-poker", "fast-poker", pytest.param("caribbean-fast-poker", marks=pytest.mark.slow)]


def analyze_data(table):
    return engine_of(table).analysis_report(table, Situation()).data


@pytest.mark.parametrize("game", FAST_GAMES)
def test_three_card_wagers_are_the_analyses_analyze_prints(game):
    table = load(game)
    wagers = {w.key: w for w in engine_of(table).wagers(table)}
    data = analyze_data(table)
    assert wagers["main"].analysis.expected_return == data["expected_return"]
    assert wagers["main"].analysis.call_probability == data["call_probability"]
    for key, wager in wagers.items():
        if key in ("bonus", "combined"):
            assert data[key]["expected_return"] == wager.analysis.expected_return
        elif key != "main":
            assert wager.side and data["side_bets"][key]["expected_return"] == wager.analysis.expected_return
    assert engine_of(table).analyze(table) == wagers.get("combined", wagers["main"]).analysis


@pytest.mark.parametrize("game", FAST_GAMES)
def test_three_card_chart_counts_every_situation_and_the_call_probability(game):
    table = load(game)
    engine = engine_of(table)
    chart = engine.strategy_chart(table)
    analysis = engine.analyze(table)
    assert chart.action_probability == analysis.call_probability
    assert sum(map(sum, chart.situations)) == 22100 * (1 if chart.columns == ("no upcard",) else 49)
    assert all(a <= n for row_a, row_n in zip(chart.acting, chart.situations, strict=True)
               for a, n in zip(row_a, row_n, strict=True))
    # one yes/no decision: fold or play, no decision point named, no action rows in the analysis
    assert (chart.actions, chart.decision_point, chart.action) == (("fold", "play"), "", "play")
    assert StrategyCharts((chart,)).action_probabilities == {"fold": 1 - analysis.call_probability,
                                                             "play": analysis.call_probability}
    assert analysis.action_probabilities == {}


def test_three_card_chart_of_a_named_strategy():
    table = load("three-card-poker")
    engine = engine_of(table)
    chart = engine.strategy_chart(table, "always")
    assert chart.action_probability == 1 == engine.analyze(table, "always").call_probability


def test_side_bets_have_no_chart_and_one_wager():
    table = load("five-plus-one-bonus")
    assert not STRATEGY.has(engine_of(table))
    engine = EXACT.of(table)
    (wager,) = engine.wagers(table)
    assert wager.analysis == engine.analyze(table) and wager.paytables == ("bonus",)


@pytest.mark.slow
def test_stud_chart_agrees_with_the_analysis():
    table = load("caribbean-stud")
    engine = engine_of(table)
    chart = engine.strategy_chart(table)
    analysis = engine.analyze(table)
    assert chart.action_probability == analysis.call_probability == chart.probability("call")
    assert chart.actions == ("fold", "call") and analysis.action_probabilities == {}
    assert sum(map(sum, chart.situations)) == 2598960 * 47
    assert chart.columns == tuple("23456789TJQKA")
    pair = chart.rows.index("pair")
    assert chart.acting[pair] == chart.situations[pair]                      # pairs always call
    low = chart.rows.index("below-ace-king")
    assert not any(chart.acting[low])                                        # hands below ace-king fold
    assert chart.share(chart.rows.index("A-K-Q-x-x"), 0) == 1                # A-K-Q against a 2 calls
    always = engine.strategy_chart(table, "always")
    assert always.action_probability == 1
    (wager,) = engine.wagers(table)
    assert wager.analysis.call_probability == Fraction(5316167, 10179260)
