"""The designer's vocabulary from the command line: strategy --price, strategies in simulate and
check, pays of none, ranks naming their class."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from oddscalc.core.gametable import tables_dir


@pytest.mark.slow
def test_price_a_written_strategy(cli):
    data = json.loads(cli("strategy", "caribbean-stud", "--price", "A-K-J-8-3+; A-K if match",
                          "--format", "json").out)
    assert data["rules"] == ["A-K-J-8-3+", "A-K if match"]
    assert Fraction(data["cost"]) == Fraction(data["optimal_expected_return"]) - Fraction(data["expected_return"])
    assert Fraction(data["cost"]) > 0
    assert Fraction(data["optimal_expected_return"]) == Fraction(-142031221, 2718662100)
    assert sum(row["count"] for row in data["outcomes"]) == 19933230517200


def test_price_the_optimal_strategy_costs_nothing_and_a_file_works(cli):
    assert Fraction(json.loads(cli("strategy", "three-card-poker", "--price", "optimal",
                                   "--format", "json").out)["cost"]) == 0
    path = tables_dir() / "strategies" / "three-card" / "q64.toml"
    q64 = json.loads(cli("strategy", "three-card-poker", "--price", str(path), "--format", "json").out)
    # Q-6-4 is the exact optimum of Three Card Poker: the same return
    assert Fraction(q64["cost"]) == 0 and q64["label"] == "play Q-6-4 or better"
    out = cli("strategy", "fast-poker", "--price", "pair+").out
    assert "cost against the optimal strategy" in out and "play probability" in out


@pytest.mark.parametrize("args, message", [
    (("strategy", "caribbean-stud", "--price", "A-K-X+"), "strategy rule 'A-K-X+': unknown rank 'X'"),
    (("strategy", "caribbean-stud", "--price", "akj8"), "unknown strategy 'akj8' (did you mean 'akj83'?)"),
    (("strategy", "caribbean-stud", "--price", "pair+", "--compare"), "do not go together"),
    (("strategy", "fast-poker", "--price", "Q-6-4+ if up A"), "shows no dealer card"),
    (("strategy", "caribbean-stud", "--price", "no/such.toml"), "no such file"),
    (("simulate", "caribbean-stud", "--rounds", "10", "--strategy", "A-K if frobnicate"), "unknown condition"),
    (("analyze", "three-card-poker", "--pay", "pair-plus.royal=none"), "lists no 'royal' to remove"),
    (("analyze", "three-card-poker", "--pay", "play.pair=none"), "paytables.play must list every hand class"),
    (("strategy", "five-plus-one-bonus", "--price", "pair+"), "it has no strategy to choose"),
])
def test_bad_vocabulary_is_one_line(cli, args, message):
    result = cli(*args)
    assert result.refused(message), result.err


@pytest.mark.slow
def test_none_and_zero_read_differently(cli):
    none = cli("analyze", "three-card-poker", "--pay", "pair-plus.pair=none").out
    zero = cli("analyze", "three-card-poker", "--pay", "pair-plus.pair=0").out
    line = next(line for line in none.splitlines() if line.startswith("pair ") and "none" in line)
    assert line.split() == ["pair", "none"]
    assert any(line.split() == ["pair", "0", "(push)"] for line in zero.splitlines())
    assert "push-pair" in zero and "push-pair" not in none
    call = cli("analyze", "caribbean-stud", "--pay", "ace-king=none").out
    assert "none: not listed" in call


def test_rank_names_the_class(cli):
    data = json.loads(cli("rank", "Qs As Ks", "--game", "three-card-poker", "--format", "json").out)
    assert data["category"] == "straight-flush" and data["class"] == "mini-royal"
    data = json.loads(cli("rank", "8s 8d 4c 3h 2s", "--format", "json").out)
    assert data["class"] == "pair-8-or-better"
    assert "class" not in json.loads(cli("rank", "7s 7d 4c 3h 2s", "--format", "json").out)


def test_three_card_compare_prices_the_built_in_strategies(cli):
    data = json.loads(cli("strategy", "three-card-poker", "--compare", "--format", "json").out)
    edges = {row["strategy"]: Fraction(row["house_edge"]) for row in data["compare"]}
    assert edges["optimal"] == edges["play Q-6-4 or better"] == Fraction(686689, 20358520)
    assert edges["play every hand"] > edges["optimal"]


@pytest.mark.slow
@pytest.mark.parametrize("game, strategy, options", [
    ("caribbean-stud", "A-K-J-8-3+; A-K if match", ["--pay", "pair-8-or-better=2"]),
    ("caribbean-stud", "optimal", ["--rule", "ties=player", "--pay", "pair-8-or-better=2"]),
    ("three-card-poker", "pair+; K-9-2+", ["--rule", "ties=dealer"]),
    ("three-card-poker", "optimal", ["--pay", "ante-bonus.mini-royal=40", "--rule", "ties=player"]),
    ("caribbean-fast-poker", "any if up 2-J; Q-9-2+", ["--rule", "dealer_upcards=1"]),
])
def test_a_simulated_strategy_passes_against_its_exact_distribution(cli, tmp_path, game, strategy, options):
    counts = tmp_path / "counts.csv"
    run = cli("simulate", game, "--rounds", "400000", "--seed", "7", "--strategy", strategy, "--output", counts,
              *options)
    assert run.status == 0, run.err
    checked = cli("check", game, "--counts", counts, *options, "--format", "json")
    assert checked.status == 0, checked.out
    assert json.loads(checked.out)["strategy"] == strategy


@pytest.mark.slow
def test_a_simulator_playing_another_strategy_fails(cli, tmp_path):
    counts = tmp_path / "counts.json"
    assert cli("simulate", "caribbean-stud", "--rounds", "1000000", "--seed", "3", "--strategy", "A-K+",
               "--output", counts).status == 0
    assert cli("check", "caribbean-stud", "--counts", counts).status == 0       # the file names its strategy
    assert cli("check", "caribbean-stud", "--counts", counts, "--strategy", "optimal").status == 1
    assert cli("check", "caribbean-stud", "--counts", counts, "--strategy", "akj83").status == 1
    assert cli("check", "caribbean-stud", "--counts", counts, "--strategy", "ace-king").status == 0
