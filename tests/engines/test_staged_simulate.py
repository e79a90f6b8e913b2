"""simulate and check for the staged family (ext/staged_simulate.pyx, engines/staged/simulate.py).

The simulator is held three ways: round by round against a plain-Python replay of the same random
stream (the kernel's xoshiro256**, re-written here) that decides from the analysis' tables by its
own colex index and settles with the pay layout; its decisions against ``decide`` and the
kernel's own ``choice``; and its counts against the exact distribution by ``check`` (which must
also reject a simulator that plays another strategy than the one analysed).  The developer loop
pays one solve (Let It Ride's optimal strategy); the rest are slow tests.
"""
import json
import random
from fractions import Fraction

import pytest

import oddscalc
from oddscalc._native.staged_simulate import StagedSimulator
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.base import EXACT, SIMULATE, load
from oddscalc.engines.staged import ENGINE
from oddscalc.engines.staged import solve as solving
from oddscalc.engines.staged.decide import decide
from oddscalc.engines.staged.paytable import pay_layout
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.simulate import simulator
from oddscalc.tools.check import check_counts, check_game_counts
from oddscalc.tools.counts_file import read_counts
from oddscalc.tools.simulation import simulate

GAMES = ("mississippi-stud", "let-it-ride")
STRATEGIES = [s.name for s in solving.STRATEGIES]
M64 = (1 << 64) - 1


# --- a plain-Python replay of the kernel's random stream (ext/rng.pxd) --------------------------

class Replay:
    """xoshiro256** seeded by splitmix64, Lemire's bounded draws and the persistent partially
    shuffled deck, as ext/rng.pxd and ext/simulation.pyx have them."""

    def __init__(self, seed):
        self.s = []
        for _ in range(4):
            seed = (seed + 0x9E3779B97F4A7C15) & M64
            z = seed
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            self.s.append(z ^ (z >> 31))
        self.deck = list(range(52))

    @staticmethod
    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & M64

    def next64(self):
        s = self.s
        result = (self.rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 45)
        return result

    def below(self, n):
        product = (self.next64() >> 32) * n
        if product & 0xFFFFFFFF < n:
            threshold = ((1 << 32) - n) % n
            while product & 0xFFFFFFFF < threshold:
                product = (self.next64() >> 32) * n
        return product >> 32

    def deal(self, n):
        d = self.deck
        for i in range(n):
            j = i + self.below(52 - i)
            d[i], d[j] = d[j], d[i]
        return d[:n]


def replayed_counts(rules, strategy, seed, rounds):
    """The rounds the simulator plays from ``seed``, played in plain Python: each stage's option
    read from the analysis' decision tables by the set's colex index and the units in action, each
    final hand's pay class from the layout, each named by the analysis' row names."""
    tables = solving.stage_choices(rules, strategy)
    layout = pay_layout(rules.game)
    lows = [lo for lo, _hi in rules.units_reached()]
    widths = [hi - lo + 1 for lo, hi in rules.units_reached()]
    replay = Replay(seed)
    counts = {}
    for _ in range(rounds):
        cards = replay.deal(5)
        units, name = rules.initial_units, None
        for i, stage in enumerate(rules.stages):
            option = stage.options[tables[i][solving.colex(cards[:stage.seen]) * widths[i] + units - lows[i]]]
            if option.fold:
                name = solving.fold_name(rules, i, units)
                break
            units += option.delta
        if name is None:
            name = solving.final_name(layout, layout.class_map[five_card_strength(cards)], units)
        counts[name] = counts.get(name, 0) + 1
    return counts


def rules_of(name, *given):
    return StagedRules.of(load(name, rules=given))


def simulator_with_tables(rules, tables):
    """The native simulator of a game's stages with decision tables of the caller's."""
    layout = pay_layout(rules.game)
    return StagedSimulator(1, [s.seen for s in rules.stages], [[o.delta for o in s.options] for s in rules.stages],
                           [[o.fold for o in s.options] for s in rules.stages], rules.initial_units, tables,
                           layout.class_map, len(layout.names))


# --- the developer loop: Let It Ride's optimal strategy, one solve ---------------------------------

def test_the_family_declares_a_simulator():
    table = load("let-it-ride")
    assert SIMULATE.has(ENGINE) and "simulate" not in getattr(ENGINE, "unavailable", {})
    assert SIMULATE.of(table) is ENGINE


def test_same_seed_same_counts_other_seed_other_counts():
    rules = rules_of("let-it-ride")
    runs = []
    for seed in (3, 3, 4):
        sim = simulator(rules, "optimal", seed)
        sim.run(50_000)
        runs.append(sim.counts())
    split = simulator(rules, "optimal", 3)
    split.run(20_000)
    split.run(30_000)
    assert runs[0] == runs[1] == split.counts()
    assert runs[0] != runs[2]
    assert split.native.rounds == 50_000


def test_counts_are_the_analysis_rows_and_sum_to_the_rounds():
    table = load("let-it-ride")
    counts = simulate(table, 100_000, seed=9)
    rows = [row.outcome for row in EXACT.of(table).analyze(table).outcomes]
    assert counts.rounds == 100_000 == sum(counts.counts.values())
    assert list(counts.counts) == rows
    assert set(simulator(StagedRules.of(table), "optimal", 9).counts()) == set()     # nothing played yet


def test_every_round_is_the_plain_python_replay_of_the_same_stream():
    rules = rules_of("let-it-ride")
    sim = simulator(rules, "optimal", 12345)
    sim.run(4000)
    assert sim.counts() == replayed_counts(rules, "optimal", 12345, 4000)


def test_the_simulator_decides_as_decide():
    rules = rules_of("let-it-ride")
    sim = simulator(rules, "optimal", 1).native
    for hand, board, units in [("Ts 9s 4d", "Qs", 2), ("Ts 9s 4d", "Qs", 3), ("5h 6h 7h", "", 3),
                               ("2c 3d 4h", "5s", 3), ("Jd Jc 2s", "", 3)]:
        seen = parse_cards(hand) + parse_cards(board)
        stage = 0 if not board else 1
        expected = decide(rules, parse_cards(hand), parse_cards(board), (), units).choice
        assert rules.stages[stage].options[sim.choice_of(stage, seen, units)].label == expected, (hand, board)
        reordered = seen[::-1]                       # the order the cards came in changes nothing
        assert sim.choice_of(stage, reordered, units) == sim.choice_of(stage, seen, units)


def test_the_optimal_counts_pass_check_through_the_api():
    run = oddscalc.simulate("let-it-ride", 300_000, seed=21)
    checked = oddscalc.check("let-it-ride", run.counts)
    assert checked.passed, checked.verdict
    assert checked.result.degrees_of_freedom >= 20        # the units-by-class rows, not a few pooled cells


def test_a_bad_strategy_or_decision_table_is_refused():
    with pytest.raises(InputError, match="sometimes") as caught:
        ENGINE.simulator(load("let-it-ride"), "sometimes", 1)
    assert "\n" not in str(caught.value)
    rules = rules_of("let-it-ride")
    good = solving.stage_choices(rules)
    with pytest.raises(ValueError, match="choice per set"):
        simulator_with_tables(rules, (b"\0", b"\0"))
    with pytest.raises(ValueError, match="not one of its 2 options"):
        simulator_with_tables(rules, (good[0], bytes([2]) * len(good[1])))
    sim = simulator_with_tables(rules, good)
    with pytest.raises(ValueError, match="given twice"):
        sim.choice_of(0, (5, 5, 7), 3)
    with pytest.raises(ValueError, match="units"):
        sim.choice_of(1, (1, 2, 3, 4), 1)



# --- slow: every game and strategy, other strategies rejected, many rounds, the command line ------

@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", GAMES)
def test_every_strategy_replays_and_passes_against_its_own_analysis(name, strategy):
    rules = rules_of(name)
    sim = simulator(rules, strategy, 77)
    sim.run(2000)
    assert sim.counts() == replayed_counts(rules, strategy, 77, 2000)
    table = load(name)
    counts = simulate(table, 400_000, seed=5, strategy=strategy)
    analysis = EXACT.of(table).analyze(table, strategy)
    assert sum(counts.counts.values()) == 400_000
    assert list(counts.counts) == [row.outcome for row in analysis.outcomes]
    result = check_counts(analysis, counts, strategy=strategy)
    assert result.passed, result.verdict


@pytest.mark.slow
def test_mississippi_stud_decides_as_decide_and_as_the_kernel():
    rules = rules_of("mississippi-stud")
    sim = simulator(rules, "optimal", 1).native
    for hand, board, units in [("7s 9s", "8s 4h", 5), ("7s 9s", "8s", 2), ("As Kd", "", 1), ("6c 6d", "Ts 2h", 3),
                               ("Qh 2c", "3d 8s", 7)]:
        seen = parse_cards(hand) + parse_cards(board)
        stage = len(parse_cards(board))
        expected = decide(rules, parse_cards(hand), parse_cards(board), (), units).choice
        assert rules.stages[stage].options[sim.choice_of(stage, seen, units)].label == expected, (hand, board)
    solution = solving.solve(rules)
    rng = random.Random(5)
    for _ in range(3000):
        stage = rng.randrange(len(rules.stages))
        low, high = solution.units(stage)
        cards, units = rng.sample(range(52), rules.stages[stage].seen), rng.randint(low, high)
        assert sim.choice_of(stage, cards, units) == solution.choice(stage, cards, units)


@pytest.mark.slow
def test_a_wager_most_simulation_fails_the_optimal_analysis():
    # Let It Ride: every optimal outcome name is reached, so the verdict is check's own
    counts = simulate(load("let-it-ride"), 200_000, seed=8, strategy="wager-most")
    result = check_game_counts(load("let-it-ride"), counts, "optimal")
    assert not result.passed and result.problems[0].startswith("chi-square")
    assert check_game_counts(load("let-it-ride"), counts).passed         # the counts say whose they are
    # Mississippi Stud: 3x at every street reaches hands the optimal player never holds with 10 units
    counts = simulate(load("mississippi-stud"), 200_000, seed=8, strategy="wager-most")
    with pytest.raises(InputError, match="'high-card-10-units' is not an outcome of mississippi-stud"):
        check_game_counts(load("mississippi-stud"), counts, "optimal")
    # and folding at once: every round is an outcome of the optimal analysis, far too often
    counts = simulate(load("mississippi-stud"), 200_000, seed=8, strategy="wager-least")
    assert set(counts.counts) == {"fold-3rd-street-1-unit"}
    assert not check_game_counts(load("mississippi-stud"), counts, "optimal").passed


@pytest.mark.slow
@pytest.mark.parametrize(("name", "rounds"), [("mississippi-stud", 20_000), ("let-it-ride", 400_000)])
def test_the_other_tie_break_fails_on_the_distribution_not_the_return(name, rounds):
    """The optimal play with equal values broken the other way has the same return and the same
    outcome names, so only the shape of the distribution tells it apart (Mississippi Stud's ties
    are many, Let It Ride's few: more rounds)."""
    other = load(name, rules=["tie_break=wager_less"])
    assert EXACT.of(other).analyze(other).expected_return == EXACT.of(load(name)).analyze(load(name)).expected_return
    counts = oddscalc.simulate(name, rounds, seed=3, rules={"tie_break": "wager_less"}).counts
    wrong = oddscalc.check(name, counts)
    assert not wrong.passed and len(wrong.result.problems) == 1, wrong.verdict
    assert wrong.result.problems[0].startswith("chi-square") and wrong.result.return_p_value > 0.01
    assert oddscalc.check(name, counts, rules={"tie_break": "wager_less"}).passed


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_many_rounds_agree_with_the_exact_distribution(name):
    table = load(name)
    counts = simulate(table, 40_000_000, seed=2026)
    result = check_counts(EXACT.of(table).analyze(table), counts)
    assert result.passed, result.verdict
    assert abs(result.return_z) < 3


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_command_line_in_every_format_and_the_check_round_trip(name, cli, tmp_path):
    for form in ("text", "json", "csv", "markdown", "latex"):
        done = cli("simulate", name, "--rounds", "20000", "--seed", "4", "--format", form)
        assert done.status == 0 and done.out, (form, done.err)
    printed = json.loads(cli("simulate", name, "--rounds", "20000", "--seed", "4", "--format", "json").out)
    assert sum(row["count"] for row in printed["outcomes"]) == 20000
    for strategy in STRATEGIES:
        path = tmp_path / f"{strategy}.csv"
        done = cli("simulate", name, "--rounds", "200000", "--seed", "6", "--strategy", strategy, "--output", path)
        assert done.status == 0, done.err
        assert read_counts(str(path)).strategy == strategy
        for form in ("text", "json", "csv", "markdown", "latex"):
            checked = cli("check", name, "--counts", path, "--format", form)
            assert checked.status == 0 and checked.out, (strategy, form, checked.err)
        assert "PASS" in cli("check", name, "--counts", path).out
        if strategy != solving.OPTIMAL:
            against = cli("check", name, "--counts", path, "--strategy", "optimal")
            assert "FAIL" in against.out or against.refused("is not an outcome of")
    assert cli("simulate", name, "--rounds", "10", "--strategy", "sometimes").refused("sometimes")


@pytest.mark.slow
def test_the_nets_the_report_prints_are_the_analysis_nets(cli):
    table = load("mississippi-stud")
    nets = {row.outcome: row.net for row in EXACT.of(table).analyze(table).outcomes}
    printed = json.loads(cli("simulate", "mississippi-stud", "--rounds", "50000", "--format", "json").out)
    assert printed["outcomes"] and all(Fraction(row["net"]) == nets[row["outcome"]] for row in printed["outcomes"])


@pytest.mark.slow
def test_a_written_strategy_is_simulated_as_written_not_as_a_named_one():
    # Let It Ride's basic strategy file: its own decision tables (not wager-least's, which a name
    # unknown to fixed_options would give), and its analysis' outcomes
    table = load("let-it-ride")
    path = "tables/strategies/staged/let-it-ride-basic.toml"
    named = ENGINE.parse_strategy(table, path)
    rules = StagedRules.of(table)
    written = solving.stage_choices(rules, named.name, named.rules)
    assert written != solving.stage_choices(rules, solving.LEAST)
    assert written != solving.stage_choices(rules)
    counts = simulate(table, 200_000, seed=3, strategy=path)
    analysed = {row.outcome for row in EXACT.of(table).analyze(table, path).outcomes}
    assert set(counts.counts) <= analysed and counts.rounds == 200_000
