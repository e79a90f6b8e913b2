"""The metrics of an analysis: hand-computed small cases, and brute force over real analyses."""
import math
from fractions import Fraction

import pytest

from oddscalc.core.economics import Analysis, Outcome, normal_quantile
from oddscalc.engines.base import engine_of, load
from oddscalc.report.analysis import analysis_report

Z90, Z95 = 1.6448536269514722, 1.959963984540054


def coin():
    return Analysis("coin", "even", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))))


def three_outcomes():
    # win 2 (1 deal), push (1 deal), lose 1 (2 deals, as two rows with one net)
    return Analysis("three", "t", 4, (Outcome("win", 1, Fraction(2)), Outcome("push", 1, Fraction(0)),
                                      Outcome("lose-a", 1, Fraction(-1)), Outcome("lose-b", 1, Fraction(-1))))


def test_z_values_are_the_two_sided_normal_quantiles():
    assert normal_quantile(Fraction(9, 10)) == pytest.approx(Z90, rel=1e-12)
    assert normal_quantile(Fraction(95, 100)) == pytest.approx(Z95, rel=1e-12)
    with pytest.raises(ValueError):
        normal_quantile(Fraction(1))


def test_coin_flip():
    a = coin()
    assert a.hit_frequency == Fraction(1, 2)
    assert a.volatility_index(Fraction(9, 10)) == pytest.approx(Z90)
    assert a.volatility_index(Fraction(95, 100)) == pytest.approx(Z95)
    assert [(r.net, r.count, r.outcomes) for r in a.net_rows()] == [(-1, 1, ("lose",)), (1, 1, ("win",))]


def test_three_outcomes_by_hand():
    a = three_outcomes()
    assert a.expected_return == 0 and a.variance == Fraction(3, 2)
    assert a.hit_frequency == Fraction(1, 4)            # the push is not a hit
    assert a.volatility_index(Fraction(9, 10)) == pytest.approx(Z90 * math.sqrt(1.5))
    assert a.volatility_index(Fraction(95, 100)) == pytest.approx(Z95 * math.sqrt(1.5))
    rows = a.net_rows()
    assert [(r.net, r.count, r.outcomes) for r in rows] == [
        (-1, 2, ("lose-a", "lose-b")), (0, 1, ("push",)), (2, 1, ("win",))]


def test_metrics_keep_the_old_keys_first_and_add_the_new_ones():
    keys = [key for key, _label, _value in three_outcomes().metrics()]
    assert keys == ["expected_return", "house_edge", "rtp", "average_wager", "element_of_risk", "rtp_total",
                    "variance", "std_dev", "hit_frequency", "volatility_index_90", "volatility_index_95"]


def test_huge_variance_does_not_overflow():
    a = Analysis("big", "t", 2, (Outcome("win", 1, Fraction(10) ** 200), Outcome("lose", 1, Fraction(-1))))
    assert math.isfinite(a.volatility_index(Fraction(95, 100)))
    assert a.volatility_index(Fraction(95, 100)) == pytest.approx(Z95 * 0.5e200, rel=1e-9)


def test_the_standard_report_has_the_net_table_and_keys():
    report = analysis_report("coin", three_outcomes())
    net = next(t for t in report.tables if t.title.startswith("net per round"))
    assert [row[0] for row in net.rows] == [-1, 0, 2]
    assert report.data["net_distribution"][0] == {"net": -1, "count": 2, "probability": Fraction(1, 2),
                                                  "outcomes": ["lose-a", "lose-b"]}
    assert report.data["hit_frequency"] == Fraction(1, 4)


def brute_force(analysis):
    """Hit frequency, volatility index and the net distribution recomputed from the outcome rows."""
    hits = sum((Fraction(row.count, analysis.total) for row in analysis.outcomes if row.net > 0), Fraction(0))
    mean = sum(Fraction(row.count, analysis.total) * row.net for row in analysis.outcomes)
    variance = sum(Fraction(row.count, analysis.total) * (row.net - mean) ** 2 for row in analysis.outcomes)
    by_net = {}
    for row in analysis.outcomes:
        if row.count:
            by_net[row.net] = by_net.get(row.net, 0) + row.count
    return hits, math.sqrt(variance), sorted(by_net.items())


def check_against_brute_force(analysis):
    hits, std, nets = brute_force(analysis)
    assert analysis.hit_frequency == hits
    assert analysis.volatility_index(Fraction(9, 10)) == pytest.approx(Z90 * std, rel=1e-12)
    assert analysis.volatility_index(Fraction(95, 100)) == pytest.approx(Z95 * std, rel=1e-12)
    assert [(r.net, r.count) for r in analysis.net_rows()] == nets
    assert sum(r.count for r in analysis.net_rows()) == analysis.total
    assert sum(r.net * Fraction(r.count, analysis.total) for r in analysis.net_rows()) == analysis.expected_return


@pytest.mark.parametrize("game", ["three-card-poker", "fast-poker", "caribbean-stud-progressive",
                                  # the first census of six-card sets, or an upcard, takes over half a second
                                  pytest.param("caribbean-fast-poker", marks=pytest.mark.slow),
                                  pytest.param("five-plus-one-bonus", marks=pytest.mark.slow)])
def test_metrics_against_brute_force(game):
    table = load(game)
    check_against_brute_force(engine_of(table).analyze(table))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["caribbean-stud", "live-caribbean-stud"])
def test_stud_metrics_against_brute_force(game):
    table = load(game)
    check_against_brute_force(engine_of(table).analyze(table))
