"""design: exact payout for a target return (strategy re-solved), and the symbolic return."""
import json
import random
from fractions import Fraction

import pytest

import oddscalc.tools.design as design
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.engines.base import load
from oddscalc.engines.stud import solve
from oddscalc.engines.stud.counts import class_counts, optimal_calls
from oddscalc.engines.stud.rules import StudRules
from oddscalc.tools.payouts import Figure, Measure, analysis_at, payout_key, simplest_between, with_payout
from oddscalc.tools.symbolic import symbolic_return


@pytest.fixture(scope="module")
def live():
    return load("live-caribbean-stud")


@pytest.mark.slow
@pytest.mark.parametrize("per", ["ante", "total"])
def test_live_flush_solved_for_its_own_return_gives_back_7(live, per):
    own = solve.analyze(live).analysis
    target = own.rtp if per == "ante" else own.rtp_total
    solution = design.solve_payout(live, payout_key(live, "flush"), target, per)
    assert solution.payout == 7
    assert solution.analysis == own


@pytest.mark.slow
def test_live_stated_98_19_percent_per_total_needs_a_flush_just_above_7(live):
    key = payout_key(live, "flush")
    solution = design.solve_payout(live, key, Fraction("0.9819"), "total")
    assert 7 < solution.payout < 8
    assert solution.analysis.rtp_total == Fraction("0.9819")
    # the engine, given the strategy of a payout of 7, prices the solved paytable the same way
    calls = solve.analyze(live).calls
    assert solve.analyze(with_payout(live, key, solution.payout), calls).analysis.outcomes == solution.analysis.outcomes


def _optimal_calls_at(game, key, payout):
    classes = class_counts(StudRules.of(game).qualify_strength)
    return optimal_calls(classes, with_payout(game, key, payout).paytable(), StudRules.of(game).call_multiple)


@pytest.mark.slow
@pytest.mark.parametrize("target, per", [("0.96", "ante"), ("0.98", "total")])
def test_ace_king_solution_is_exact_and_its_strategy_optimal(target, per):
    """Ace-king decisions change with the ace-king pay: many strategies, and an answer with a large
    denominator that is found by interpolation.  Check it against the engine on both sides."""
    game = load("caribbean-stud")
    key = payout_key(game, "ace-king")
    solution = design.solve_payout(game, key, Fraction(target), per)
    rho = solution.payout
    assert design.metric_value(solution.analysis, per) == Fraction(target)
    eps = Fraction(1, 10 ** 9)
    left = _optimal_calls_at(game, key, simplest_between(rho - eps, rho))
    right = _optimal_calls_at(game, key, simplest_between(rho, rho + eps))
    assert left == right
    assert solve.analyze(with_payout(game, key, rho), left).analysis.outcomes == solution.analysis.outcomes


def test_no_payout_when_even_zero_returns_more_than_the_target(live):
    solution = design.solve_payout(live, payout_key(live, "flush"), Fraction(1, 2), "ante")
    assert not solution.found and "even flush = 0" in solution.reason


@pytest.mark.slow
def test_no_payout_below_the_limit(live):
    solution = design.solve_payout(live, payout_key(live, "flush"), Fraction(10), "ante", limit=Fraction(1000))
    assert not solution.found and "up to 1000" in solution.reason


# --- a synthetic engine: classes that call when a + b * pay > -1 -----------------------------

def _fake(classes):
    def analyze(game):
        pay = game.paytable().pay("flush")
        rows, folded = [], 0
        for i, (weight, a, b, wager) in enumerate(classes):
            if a + b * pay > -1:
                rows.append(Outcome(f"call-{i}", weight, a + b * pay, wager))
            else:
                folded += weight
        total = sum(c[0] for c in classes)
        return Analysis("fake", "", total, (Outcome("fold", folded, Fraction(-1)), *rows),
                        Fraction(total - folded, total))
    return analyze


FAKE = Figure("wager", "main", "the fake game", "unit", True)


def _use_fake(monkeypatch, classes):
    analyze = _fake(classes)

    def measure(table):
        analysis = analyze(table)
        return Measure(analysis, analysis)
    monkeypatch.setattr(design, "measurer", lambda game, figure: measure)
    return analyze


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_many_strategies_solved_exactly_against_brute_force(monkeypatch, seed):
    rng = random.Random(seed)
    classes = [(rng.randint(1, 5), Fraction(-rng.randint(100, 300), 100), Fraction(rng.randint(5, 100), 100),
                Fraction(3)) for _ in range(40)]
    analyze = _use_fake(monkeypatch, classes)
    game = load("caribbean-stud")
    key = payout_key(game, "flush")
    for per in ("ante", "total"):
        low = design.metric_value(analyze(with_payout(game, key, 0)), per)
        high = design.metric_value(analyze(with_payout(game, key, 40)), per)
        target = low + (high - low) * Fraction(rng.randint(1, 99), 100)
        solution = design.solve_payout(game, key, target, per, figure=FAKE)
        if solution.found:
            exact = analyze(with_payout(game, key, solution.payout))
            assert design.metric_value(exact, per) == target
            assert exact.outcomes == solution.analysis.outcomes
        else:           # only per total can jump over a target
            assert per == "total" and "jumps" in solution.reason


def test_a_target_inside_a_jump_is_reported(monkeypatch):
    # below a pay of 1 class 0 folds (average wager 2, expected return -3/4), above it calls (average
    # wager 3, expected return (pay - 5/2) / 2): the return per total wagered jumps from 62.5 % to 75 %
    _use_fake(monkeypatch, [(1, Fraction(-2), Fraction(1), Fraction(3)),
                            (1, Fraction(-1, 2), Fraction(0), Fraction(3))])
    game = load("caribbean-stud")
    solution = design.solve_payout(game, payout_key(game, "flush"), Fraction("0.7"), "total", figure=FAKE)
    assert not solution.found
    assert "flush = 1 " in solution.reason and "62.5" in solution.reason and "75.0" in solution.reason
    reached = design.solve_payout(game, payout_key(game, "flush"), Fraction("0.9"), "total", figure=FAKE)
    assert reached.payout == Fraction(19, 10)      # 1 + (pay - 5/2) / 6 = 0.9


def test_parse_target():
    assert design.parse_target("98.19%") == Fraction(9819, 10000)
    assert design.parse_target("9819/10000") == Fraction(9819, 10000)
    for bad in ("abc", "0", "-0.5"):
        with pytest.raises(design.InputError):
            design.parse_target(bad)


# --- symbolic ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def live_symbolic(live):
    return symbolic_return(live)


@pytest.mark.slow
def test_symbolic_return_coefficients_are_call_multiple_times_win_probability(live, live_symbolic):
    s = live_symbolic
    a = solve.analyze(live).analysis
    rows = {row.outcome: row for row in a.outcomes}
    for key, coefficient in s.coefficients.items():
        assert coefficient == 2 * a.probability(rows[f"win-{key.category}"])
    assert s.rtp_expression.subs(s.values) == a.rtp
    assert s.rtp_total_expression.subs(s.values) == a.rtp_total


@pytest.mark.slow
def test_symbolic_return_predicts_a_fixed_strategy_change(live, live_symbolic):
    """The expression is exact for the fixed strategy: flush never changes a decision, so it also
    prices a flush of 9 exactly."""
    s = live_symbolic
    flush = next(sym for key, sym in s.symbols.items() if key.category == "flush")
    assert s.rtp_expression.subs({**s.values, flush: 9}) == analysis_at(live, payout_key(live, "flush"), 9).rtp


# --- CLI ----------------------------------------------------------------------------------------

@pytest.mark.slow
def test_cli_design_json(cli):
    result = cli("design", "live-caribbean-stud", "--target-return", "0.9819", "--per", "total", "--vary", "flush",
                 "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["found"] and 7 < Fraction(data["payout"]) < 8
    assert Fraction(data["analysis"]["rtp_total"]) == Fraction("0.9819")
    assert [row["payout"] for row in data["nearby"]] == ["7", "8"]


def test_cli_design_symbolic_alone(cli):
    result = cli("design", "five-plus-one-bonus", "--symbolic")
    assert result.status == 0, result.err
    assert "RTP per unit = " in result.out and "royal_flush" in result.out


def test_cli_design_reports_an_unreachable_target(cli):
    result = cli("design", "caribbean-stud", "--target-return", "50%", "--vary", "flush")
    assert result.status == 1 and "no payout reaches the target" in result.out      # answered: "none"


@pytest.mark.parametrize("args, message", [
    ((), "needs --target-return and --vary"),
    (("--target-return", "0.97"), "needs both"),
    (("--target-return", "0.97", "--vary", "flsh"), "unknown category 'flsh'"),
    (("--target-return", "x", "--vary", "flush"), "not a number"),
    (("--target-return", "0.97", "--vary", "flush", "--per", "bet"), "invalid choice"),
    (("--target-return", "0.97", "--vary", "nope.flush"), "unknown paytable 'nope'"),
])
def test_cli_design_bad_input(cli, args, message):
    result = cli("design", "caribbean-stud", *args)
    assert result.status == 2 and result.out == ""
    assert message in result.err and len(result.err.strip().splitlines()) == 1
