"""The engine contract (issue 18): every registered engine, on every built-in game it plays (both
discovered from the registry and tables/, not listed here), keeps the promises the tools, the API and
the command line build on:

- bad input (a pay, a rule, a card) is an ``InputError`` of one line, and one line on the command line;
- an exact analysis' probabilities sum to exactly one, every wager's too, and its counts to its total;
- the JSON of analyze and decide has one shape: outcome rows carry outcome, count, probability and
  net; every exact number is a ``"p/q"`` string of the report's Fraction, counts are integers, no
  NaN or infinity; ``json.loads(to_json())`` is ``to_dict()`` and prints back to the same text;
- decide's JSON has the one shape of every family (the game, the situation given, and per decision
  its case, choice, options, margin, exactness, total, standard error, outcomes and facts) and
  agrees with its object (every action's value in the family's order, the margin, the counts);
- a simulator, where the engine has one, passes ``check`` against the exact analysis in a seeded run;
- a capability the engine lacks is refused in one line, never a traceback.

The decide situation (and Fast Action's analyze options) of each game are in tests/golden/cases.toml.
What this suite found is mended: Fast Action's --pay refused as an unknown paytable, and the API's
headline figures of the games with a Bonus, which were the combined wager's.  The developer loop
runs the first game of each engine; the whole suite runs every game.
"""
import json
import math
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import oddscalc
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import list_games
from oddscalc.engines.base import (
    DECIDE,
    ENGINES,
    EXACT,
    EXPOSURE,
    OPTIMAL,
    SIMULATE,
    STRATEGY,
    Family,
    capabilities,
    engine,
    engine_of,
    is_exact,
    load,
)

CASES = tomllib.loads((Path(__file__).resolve().parent.parent / "golden" / "cases.toml").read_text("utf-8"))
RATIONAL = re.compile(r"-?\d+(/\d+)?")
ROW_KEYS = {"outcome", "count", "probability", "net"}
# the stud class counts take seconds in a fresh process, a staged game's solve and Ultimate Three
# Card Poker's simulator (its optimal action spread over every situation) a few tenths or more: the
# analyses of these games are slow tests; so are those of a family that declares its analysis heavy
# (``heavy_analysis``: Casino Hold'em's full deck takes 9-20 s and 1.5 GB, once per process)
SLOW_ANALYSIS = {"caribbean-stud", "live-caribbean-stud", "let-it-ride", "mississippi-stud",
                 "ultimate-three-card-poker"}
# the one shape of decide's JSON, for every family
DECIDE_KEYS = ["game", "situation", "decisions"]
DECISION_KEYS = ["case", "choice", "options", "margin", "exact", "total", "std_error", "outcomes", "facts"]
SIMULATED_ROUNDS = 20_000
SEED = 2


GAMES = sorted((load(game).engine, game) for game in list_games())      # (engine name, game)
SLOW_ANALYSIS |= {game for name, game in GAMES if getattr(engine(name), "heavy_analysis", False)}


def first_of_each_engine():
    """The developer loop's games: the first built-in game of each engine (the whole suite runs all)."""
    first = {}
    for name, game in GAMES:
        first.setdefault(name, game)
    return set(first.values())


def cases(slow=frozenset()):
    """(engine name, game) for every built-in game; all but the first game of each engine, and the
    ``slow`` games, carry the slow mark."""
    quick = first_of_each_engine()
    return [pytest.param(name, game, id=game,
                         marks=[pytest.mark.slow] if game in slow or game not in quick else [])
            for name, game in GAMES]


# found by this suite, not mended here (they are for the engines' owners)
def test_every_registered_engine_plays_a_built_in_game():
    """Else the contract below would never look at it."""
    assert {name for name, _game in GAMES} == set(ENGINES)


def some_category(table):
    """A category the game's main paytable pays (Fast Action Poker names a main paytable, jackpot,
    that its file leaves out: any category is then a bad pay)."""
    main = [t for t in table.paytables if t.name == table.main_paytable]
    return next(iter(main[0].pays)) if main and main[0].pays else "flush"


def one_line(error):
    text = str(error)
    return bool(text) and "\n" not in text and "Traceback" not in text


def refused(call, *args, **kwargs):
    """The InputError a call raises (failing the test when it raises none, or not in one line)."""
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    assert one_line(caught.value), str(caught.value)
    return str(caught.value)


def bad_values(spec):
    """Values a rule of this kind and bounds can never take."""
    values = {"integer": ["many"], "number": ["many"], "flag": ["maybe"]}.get(spec.kind, [])
    if spec.kind == "integer" and spec.low is not None:
        values.append(str(spec.low - 1))
    if spec.kind == "integer" and spec.high is not None:
        values.append(str(spec.high + 1))
    if spec.kind == "text" and spec.choices:
        values.append("no-such-choice")
    return values


def json_pairs(data, printed, where="$"):
    """Walk a report's data beside its JSON: yield (where, value, printed) for every leaf."""
    if isinstance(data, dict):
        assert isinstance(printed, dict) and list(printed) == [str(k) for k in data], where
        for key, value in data.items():
            yield from json_pairs(value, printed[str(key)], f"{where}.{key}")
    elif isinstance(data, (list, tuple)):
        assert isinstance(printed, list) and len(printed) == len(data), where
        for i, (value, shown) in enumerate(zip(data, printed, strict=True)):
            yield from json_pairs(value, shown, f"{where}[{i}]")
    else:
        yield where, data, printed


def check_json(result, outcome_rows=True):
    """The JSON promises every report keeps (``outcome_rows``: its outcome tables are an analysis'
    or a decision's, not check's observed and expected counts); returns the dict."""
    text = result.to_json()
    def no_constant(name):
        raise AssertionError(f"{name} in JSON")
    printed = json.loads(text, parse_constant=no_constant)
    assert printed == result.to_dict()
    assert json.dumps(printed, indent=2, ensure_ascii=False) + "\n" == text        # round-trips
    for where, value, shown in json_pairs(result.report.data, printed):
        if isinstance(value, Fraction):
            assert isinstance(shown, str) and RATIONAL.fullmatch(shown) and Fraction(shown) == value, where
        elif isinstance(value, bool) or value is None or isinstance(value, str):
            assert shown == value, where
        elif isinstance(value, int):
            assert type(shown) is int and shown == value, where
        elif isinstance(value, float):
            assert isinstance(shown, float) and math.isfinite(shown) and shown == value, where
        else:
            raise AssertionError(f"{where}: {type(value).__name__} is no JSON value")
    for where, rows in outcome_tables(printed) if outcome_rows else ():
        for row in rows:
            assert ROW_KEYS <= set(row), f"{where}: {sorted(row)}"
            assert type(row["count"]) is int and row["count"] >= 0, where
            assert isinstance(row["probability"], str) and isinstance(row["net"], str), where
        assert sum(Fraction(row["probability"]) for row in rows) == 1, where
    return printed


def outcome_tables(data, where="$"):
    """Every list of outcome rows in a JSON document (net distributions list outcome names instead)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "outcomes" and value and all(isinstance(row, dict) for row in value):
                yield f"{where}.outcomes", value
            else:
                yield from outcome_tables(value, f"{where}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from outcome_tables(value, f"{where}[{i}]")


def analyzed(game):
    return oddscalc.analyze(game, **CASES.get("analyze", {}).get(game, {}))


def decided(game):
    return oddscalc.decide(game, **CASES["decide"][game])


class TestEngineContract:

    @pytest.mark.parametrize(("name", "game"), cases())
    def test_the_registry_gives_the_engine_of_the_game(self, name, game):
        table = load(game)
        found = engine(name)
        assert isinstance(found, Family) and found.name == name and engine_of(table) is found
        found.validate(table)
        if is_exact(found):
            assert OPTIMAL in [s.name for s in EXACT.of(table).strategies(table)]
        assert set(capabilities(found)) <= {"exact analysis", "decide", "strategy", "simulate", "exposure",
                                            "command"}
        assert game in CASES["decide"], "tests/golden/cases.toml needs this game's decide situation"

    @pytest.mark.parametrize(("name", "game"), cases())
    def test_a_bad_pay_is_refused_in_one_line(self, name, game, cli):
        category = some_category(load(game))
        refused(oddscalc.analyze, game, pays={"no-such-category": 1})
        refused(oddscalc.analyze, game, pays={category: -1})
        refused(oddscalc.analyze, game, pays={category: "lots"})
        refused(oddscalc.analyze, game, pays={f"no-such-paytable.{category}": 1})
        assert cli("analyze", game, "--pay", f"{category}=-1").refused()
        assert cli("analyze", game, "--pay", "no-such-category=1").refused()

    @pytest.mark.parametrize(("name", "game"), cases())
    def test_a_bad_pay_refusal_names_what_is_wrong(self, name, game, cli):
        category = some_category(load(game))
        assert "no-such-category" in refused(oddscalc.analyze, game, pays={"no-such-category": 1})
        assert "-1" in refused(oddscalc.analyze, game, pays={category: -1})
        assert cli("analyze", game, "--pay", "no-such-category=1").refused("no-such-category")

    @pytest.mark.parametrize(("name", "game"), cases())
    def test_a_bad_rule_is_refused_in_one_line(self, name, game, cli):
        assert "no_such_rule" in refused(oddscalc.load, game, rules={"no_such_rule": 1})
        tried = 0
        for spec in engine(name).rule_specs:
            for value in bad_values(spec):
                assert spec.key in refused(oddscalc.load, game, rules={spec.key: value}), (spec.key, value)
                tried += 1
        assert tried
        assert cli("analyze", game, "--rule", "no_such_rule=1").refused("no_such_rule")

    @pytest.mark.parametrize(("name", "game"), cases())
    def test_a_bad_card_is_refused_in_one_line(self, name, game, cli):
        assert "Ax" in refused(oddscalc.rank, "As Kd Ax", game=game)
        assert cli("rank", "As", "Kd", "Ax", "--game", game).refused("Ax")
        case = CASES["decide"][game]
        if case:
            spoilt = {**case, "hand": case["hand"].replace(case["hand"].split()[-1], "Ax")}
            assert "Ax" in refused(oddscalc.decide, game, **spoilt)
            duplicated = {**case, "dead": case["hand"].split()[0]}
            refused(oddscalc.decide, game, **duplicated)
            short = {**case, "hand": " ".join(case["hand"].split()[:-1])}
            refused(oddscalc.decide, game, **short)

    @pytest.mark.slow
    @pytest.mark.parametrize(("name", "game"), cases(SLOW_ANALYSIS))
    def test_exact_probabilities_sum_to_exactly_one(self, name, game):
        table = load(game)
        if not is_exact(engine(name)):
            assert "exact" in refused(EXACT.of, table)
            assert analyzed(game).analysis is None
            return
        found = EXACT.of(table)
        analysis = found.analyze(table)
        for part in [analysis, *(w.analysis for w in found.wagers(table))]:
            assert sum(part.probability(row) for row in part.outcomes) == 1, part.table
            assert sum(row.count for row in part.outcomes) == part.total, part.table
        assert sum(analyzed(game).probabilities.values()) == 1

    @pytest.mark.parametrize(("name", "game"), cases(SLOW_ANALYSIS))
    def test_analyze_json_has_the_one_shape(self, name, game):
        result = analyzed(game)
        data = check_json(result)
        if not is_exact(engine(name)):
            return
        analysis = result.analysis          # the engine's analysis: design, sweep, check use it
        sections = [data, *(v for v in data.values() if isinstance(v, dict))]
        (section,) = [part for part in sections if part.get("table") == analysis.table]
        rows = section["outcomes"]
        assert [row["outcome"] for row in rows] == [row.outcome for row in analysis.outcomes]
        assert [row["count"] for row in rows] == [row.count for row in analysis.outcomes]
        assert [Fraction(row["net"]) for row in rows] == [row.net for row in analysis.outcomes]
        assert Fraction(section["expected_return"]) == result.expected_return
        assert section["total"] == analysis.total

    @pytest.mark.parametrize(("name", "game"), cases(SLOW_ANALYSIS))
    def test_the_objects_figures_are_the_json_headline(self, name, game):
        result = analyzed(game)
        if not is_exact(engine(name)):
            return
        data = result.to_dict()
        assert data["table"] == result.analysis.table
        assert Fraction(data["expected_return"]) == result.expected_return

    @pytest.mark.slow
    @pytest.mark.parametrize(("name", "game"), cases())
    def test_decide_json_has_the_one_shape(self, name, game):
        case = CASES["decide"][game]
        if not case:
            return                      # no decision to make: refused, below
        data = check_json(decided(game))
        assert list(data) == DECIDE_KEYS
        declared = DECIDE.of(load(game)).decide_inputs
        assert list(data["situation"]) == [spec.name for spec in declared.fields if spec.name in case]
        for name_, value in data["situation"].items():
            given = case[name_]
            assert value == (" ".join(given.split()) if declared.named(name_).kind == "cards" else given), name_
        assert data["decisions"]
        for part in data["decisions"]:
            assert list(part) == DECISION_KEYS
            assert isinstance(part["case"], dict) and isinstance(part["facts"], dict)
            assert isinstance(part["choice"], str) and part["choice"] in part["options"]
            assert len(part["options"]) >= 2 and all(RATIONAL.fullmatch(v) for v in part["options"].values())
            assert isinstance(part["exact"], bool) and type(part["total"]) is int and part["total"] > 0
            assert part["std_error"] is None if part["exact"] else isinstance(part["std_error"], float)
            assert isinstance(part["outcomes"], list)
        if len(data["decisions"]) > 1:      # several decisions are told apart by their cases
            told = {json.dumps(part["case"], sort_keys=True) for part in data["decisions"] if part["case"]}
            assert len(told) == len(data["decisions"])

    @pytest.mark.slow
    @pytest.mark.parametrize(("name", "game"), cases())
    def test_decide_json_agrees_with_its_object(self, name, game):
        case = CASES["decide"][game]
        if not case:
            return                      # no decision to make: refused, below
        result = decided(game)
        data = check_json(result)
        assert data["game"] == load(game).name          # a game given by path is named by its file
        parts = data["decisions"]
        assert len(parts) == len(result.decisions)
        for part, decision in zip(parts, result.decisions, strict=True):
            assert decision.margin == max(decision.values.values()) - sorted(decision.values.values())[-2] >= 0
            assert Fraction(part["margin"]) == decision.margin
            assert part["choice"] == decision.choice
            assert list(part["options"]) == list(decision.values)          # the family's order
            assert {k: Fraction(v) for k, v in part["options"].items()} == dict(decision.values)
            assert (part["exact"], part["total"], part["std_error"]) == (decision.exact, decision.total,
                                                                         decision.std_error)
            assert part["case"] == json.loads(json.dumps(dict(decision.case), default=str))
            assert set(part["facts"]) == set(decision.facts)
            rows = part["outcomes"]
            assert [(r["outcome"], r["count"]) for r in rows] == [(o.outcome, o.count) for o in decision.outcomes]
            assert [Fraction(r["net"]) for r in rows] == [o.net for o in decision.outcomes]
            assert all(Fraction(r["probability"]) == Fraction(r["count"], decision.total) for r in rows)
        assert result.choice == parts[0]["choice"] and result.margin == Fraction(parts[0]["margin"])

    @pytest.mark.parametrize(("name", "game"), cases(SLOW_ANALYSIS))
    def test_the_simulator_agrees_with_the_exact_analysis(self, name, game):
        table = load(game)
        if not SIMULATE.has(engine(name)):
            assert "simulator" in refused(oddscalc.simulate, game, SIMULATED_ROUNDS, seed=SEED)
            return
        assert is_exact(engine(name)), "a simulator is checked against an exact analysis"
        counts = oddscalc.simulate(game, SIMULATED_ROUNDS, seed=SEED).counts
        assert counts.rounds == SIMULATED_ROUNDS
        assert set(counts.counts) <= {row.outcome for row in EXACT.of(table).analyze(table).outcomes}
        checked = oddscalc.check(game, counts)
        assert checked.passed, checked.verdict
        check_json(checked, outcome_rows=False)

    # the refusals of the tools an inexact engine lacks import them all: Fast Action's case is slow
    @pytest.mark.parametrize(("name", "game"), cases(SLOW_ANALYSIS | {"fast-action-poker"}))
    def test_a_capability_the_engine_lacks_is_refused_in_one_line(self, name, game, cli, tmp_path):
        table = load(game)
        found = engine(name)
        category = some_category(table)
        lacking = []
        if not is_exact(found):
            counts = tmp_path / "counts.json"
            counts.write_text('{"fold": 1}', encoding="utf-8")
            lacking += [("distribution", game, "--rounds", "2"), ("sweep", game, "--vary", f"{category}=0..3"),
                        ("design", game, "--vary", category, "--target-return", "0.9"),
                        ("check", game, "--counts", counts), ("report", game, "--output", tmp_path / "x.html")]
        if not DECIDE.has(found):
            lacking.append(("decide", game, "--hand", "As Kd 9c 5h 2s"))
            assert "decide is not available" in refused(oddscalc.decide, game, "As Kd 9c 5h 2s")
        if not SIMULATE.has(found):
            lacking.append(("simulate", game, "--rounds", "100"))
        if not EXPOSURE.has(found):
            lacking.append(("exposure", game, "--dealer-cards", "2"))
            assert "exposure is not available" in refused(EXPOSURE.of, table)
        if not STRATEGY.has(found):
            lacking.append(("strategy", game))
            assert "strategy is not available" in refused(oddscalc.strategy, game)
        for command in lacking:
            assert cli(*command).refused(), command
        assert not (tmp_path / "x.html").exists()
