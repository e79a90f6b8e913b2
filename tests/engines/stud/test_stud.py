"""Caribbean Stud: the class counts against brute force, the published figures, invariants."""
import itertools
import json
import random
from fractions import Fraction

import pytest

from oddscalc._native import stud as kernel
from oddscalc.core.cards import parse_cards
from oddscalc.core.oracle import five_card_value
from oddscalc.engines import stud
from oddscalc.engines.base import load, overlay
from oddscalc.engines.stud import decide, solve
from oddscalc.engines.stud import side_bets as stud_side
from oddscalc.engines.stud.counts import COMPLETIONS, SITUATIONS, class_counts, optimal_calls
from oddscalc.engines.stud.rules import StudRules


@pytest.fixture(scope="module")
def classic():
    game = load("caribbean-stud")
    rules = StudRules.of(game)
    classes = class_counts(rules.qualify_strength)
    return game, rules, classes, optimal_calls(classes, game.paytable(), rules.call_multiple)


def reference_counts(hand, upcard, dead, qualifier_value):
    """Every dealer completion settled with the pure-Python evaluator."""
    known = set(hand) | {upcard} | set(dead)
    deck = [c for c in range(52) if c not in known]
    player = five_card_value(hand)
    counts = [0, 0, 0, 0]
    for four in itertools.combinations(deck, 4):
        dealer = five_card_value((upcard, *four))
        if dealer < qualifier_value:
            counts[0] += 1
        elif dealer < player:
            counts[1] += 1
        elif dealer == player:
            counts[2] += 1
        else:
            counts[3] += 1
    return tuple(counts)


def test_classes_cover_every_situation_once(classic):
    _, _, classes, calls = classic
    assert classes.n == 5649150
    settled = classes.aggregate(calls)
    assert sum(row[0] + row[5] for row in settled) == SITUATIONS == 2598960 * 47


def test_kernel_counts_equal_brute_force_for_sampled_classes(classic):
    _, rules, classes, _ = classic
    rng = random.Random(7)
    for k in rng.sample(range(classes.n), 40):
        cards, upcard, _, nq, wins, ties, losses = classes.counts(k)
        assert kernel.count_completions(cards, upcard, (), rules.qualify_strength) == (nq, wins, ties, losses)
        assert nq + wins + ties + losses == COMPLETIONS


@pytest.mark.slow
def test_brute_force_kernel_equals_pure_python_with_and_without_dead_cards(classic):
    _, rules, _, _ = classic
    qualifier = five_card_value(parse_cards("Ac Kd 4h 3s 2c"))
    rng = random.Random(11)
    for dead_count in (0, 12, 25):
        cards = rng.sample(range(52), 6 + dead_count)
        hand, upcard, dead = tuple(cards[:5]), cards[5], tuple(cards[6:])
        if dead_count == 0:   # the full deck in pure Python is slow: a reduced but exact check
            dead = tuple(c for c in range(52) if c not in cards)[:18]
        assert kernel.count_completions(hand, upcard, dead, rules.qualify_strength) == \
            reference_counts(hand, upcard, dead, qualifier)


def test_decide_agrees_with_the_strategy_for_every_suit_relabelling(classic):
    game, _, classes, calls = classic
    rng = random.Random(3)
    for k in rng.sample(range(classes.n), 6):
        cards, upcard, *_ = classes.counts(k)
        for perm in rng.sample(list(itertools.permutations(range(4))), 3):
            suit = dict(enumerate(perm))
            hand = tuple((c & ~3) | suit[c & 3] for c in cards)
            decision = decide.decide(game, hand, (upcard & ~3) | suit[upcard & 3])
            assert (decision.choice == "call") == bool(calls[k])


def test_published_classic_figures(classic):
    game = classic[0]
    a = solve.analyze(game).analysis
    assert a.total == 19933230517200
    assert a.expected_return * a.total == -1041372912372
    assert round(float(a.house_edge) * 100, 4) == 5.2243
    assert round(float(a.call_probability) * 100, 2) == 52.23
    assert round(float(a.element_of_risk) * 100, 3) == 2.555
    assert sum(a.probability(row) for row in a.outcomes) == 1


def test_live_stated_rtp_is_the_return_per_total_wagered():
    a = solve.analyze(load("live-caribbean-stud")).analysis
    assert round(float(a.rtp_total) * 100, 2) == 98.19
    assert round(float(a.rtp) * 100, 2) != 98.19


def test_five_plus_one_bonus_stated_rtp():
    a = stud_side.ENGINE.analyze(load("five-plus-one-bonus"))
    assert a.total == 20358520
    assert round(float(a.rtp) * 100, 2) == 91.44
    assert sum(a.probability(row) for row in a.outcomes) == 1


def test_progressive_break_even_meter_is_exact():
    game = load("caribbean-stud-progressive")
    meter = stud_side.break_even_meter(game)
    assert stud_side.side_bet_analysis(game.with_rule("meter", meter)).expected_return == 0
    assert stud_side.side_bet_analysis(game.with_rule("meter", meter + 1)).expected_return > 0


@pytest.mark.slow
def test_paying_more_never_lowers_the_optimal_return():
    game = load("caribbean-stud")
    base = stud.ENGINE.analyze(game).expected_return
    assert stud.ENGINE.analyze(overlay(game, ["flush=6"])).expected_return > base
    # a paytable change moves the strategy: paying ace-king less makes fewer ace-king hands call
    called = solve.analyze(game).totals.called[1]
    assert 0 < solve.analyze(overlay(game, ["ace-king=0"])).totals.called[1] < called


@pytest.mark.slow
def test_strategy_classes(cli):
    result = cli("strategy", "caribbean-stud", "--compare", "--format", "json")
    data = json.loads(result.out)
    rules = {row["hand"]: row["rule"] for row in data["classes"]}
    assert rules["pair"] == rules["royal-flush"] == "always call"
    assert rules["below-ace-king"] == "always fold"
    assert rules["ace-king"] == "depends on the upcard"
    edges = {row["strategy"]: Fraction(row["house_edge"]) for row in data["compare"]}
    assert min(edges.values()) == edges["optimal"]


def test_analyze_json_is_exact(cli):
    data = json.loads(cli("analyze", "caribbean-stud", "--format", "json").out)
    for key in ("game", "table", "total", "outcomes", "expected_return", "house_edge", "average_wager",
                "element_of_risk", "call_probability", "variance"):
        assert key in data
    assert Fraction(data["expected_return"]) == Fraction(-1041372912372, 19933230517200)
    assert sum(Fraction(row["probability"]) for row in data["outcomes"]) == 1
    assert sum(row["count"] for row in data["outcomes"]) == data["total"]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "csv", "markdown", "latex"])
def test_every_format_renders(cli, fmt):
    result = cli("analyze", "live-caribbean-stud", "--format", fmt)
    assert result.status == 0 and "win-royal-flush" in result.out


def test_decide_reports_probabilities_that_sum_to_one(cli):
    data = json.loads(cli("decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qd",
                          "--dead", "Jh Jc 7s", "--format", "json").out)
    (decision,) = data["decisions"]
    assert decision["total"] == 43 * 42 * 41 * 40 // 24
    assert sum(Fraction(o["probability"]) for o in decision["outcomes"]) == 1
    assert decision["choice"] in ("call", "fold")
    options = decision["options"]
    assert Fraction(decision["margin"]) == abs(Fraction(options["call"]) - Fraction(options["fold"]))


@pytest.mark.parametrize("args, message", [
    (("decide", "caribbean-stud", "--hand", "As Kd 9c 5h", "--up", "Qd"), "expected 5 cards, got 4"),
    (("decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "As"), "duplicate card As"),
    (("decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qx"), "unknown card 'Qx'"),
    (("decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s"), "needs --up with the dealer's face-up card"),
    (("analyze", "caribbean-stud", "--pay", "flush=-1"), "negative value"),
    (("analyze", "caribbean-stud", "--pay", "flushes=6"), "unknown category 'flushes'"),
    (("analyze", "caribbean-stud", "--pay", "flush"), "CATEGORY=VALUE"),
    (("analyze", "caribbean-stud", "--table", "/no/such/file.toml"), "--table: no such file"),
    (("analyze", "caribbean-stud-progressive", "--meter", "-5"), "negative value"),
])
def test_bad_input(cli, args, message):
    result = cli(*args)
    assert result.refused(message), result.err


def test_user_table_file_is_laid_over_the_game(cli, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text("[paytables.call.pays]\nflush = 7\n")
    data = json.loads(cli("analyze", "caribbean-stud", "--table", path, "--format", "json").out)
    assert data["table"] == "call: 100/50/20/7/7/4/3/2/1/1"
    path.write_text("[paytables.call.pays\nflush = 7\n")
    result = cli("analyze", "caribbean-stud", "--table", path)
    assert result.status == 2 and "malformed TOML" in result.err
