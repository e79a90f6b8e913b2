"""Seeded simulation, and a simulator's counts checked against the exact distribution."""
from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated

from oddscalc.api.arguments import (
    Below,
    Game,
    Number,
    OptionalFilePath,
    OptionalStrategy,
    Pays,
    Rules,
    Seed,
    SimulatedRounds,
    Strategy,
    Text,
    boundary,
)
from oddscalc.api.result import Result
from oddscalc.api.tables import load
from oddscalc.core.delegate import Delegated
from oddscalc.core.files import output_path, write_file
from oddscalc.core.progress_bar import Progress
from oddscalc.engines.base import OPTIMAL
from oddscalc.report.render import render
from oddscalc.tools.check import DEFAULT_ALPHA, MAIN, CheckResult, check_file, check_game_counts, parse_alpha
from oddscalc.tools.check_report import check_report
from oddscalc.tools.counts_file import Counts
from oddscalc.tools.simulation import check_run, simulation_report, simulator_of
from oddscalc.tools.simulation import simulate as simulate_counts

__all__ = ["OPTIMAL", "Checked", "Simulated", "check", "parse_alpha", "simulate"]


@dataclass(frozen=True)
class Simulated(Result):
    """Outcome counts of a seeded Monte Carlo under the analysis' outcome names (the same seed and
    strategy always give the same counts)."""
    game: str
    counts: Counts


@boundary
def simulate(game: Game, rounds: SimulatedRounds, seed: Seed = 1, strategy: Strategy = OPTIMAL, *,
             pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None,
             output: OptionalFilePath = None, check_hint: Text = "") -> Simulated:
    """Play ``rounds`` seeded rounds with the game's native simulator (``output``: also write the
    counts file, .csv or .json; ``check_hint``: options to repeat in the suggested check command).

    >>> simulate("caribbean-stud", 1000, seed=3).counts.rounds
    1000
    """
    target = None if output is None else output_path(os.fspath(output), "--output", (".csv", ".json"))
    loaded = load(game, pays, rules, table)
    check_run(rounds, seed)
    simulator = simulator_of(loaded, strategy, seed)      # refuses a game or strategy without one
    with Progress(f"simulating {loaded.name}", rounds) as progress:
        counts = simulate_counts(loaded, rounds, seed, strategy, progress.step, simulator)
    hint = check_hint + ("" if strategy == OPTIMAL else f" --strategy {shlex.quote(strategy)}")
    report = simulation_report(loaded, counts, hint)
    if target is not None:
        write_file(target, render(report, "json" if target.suffix.lower() == ".json" else "csv"), "--output")
        report = replace(report, notes=(*report.notes[:-1], f"{report.notes[-1]} (written to {target})"))
    return Simulated(loaded.name, counts, report=report)


@dataclass(frozen=True)
class Checked(Result):
    """A simulator's counts against the exact distribution: ``passed`` and every statistic."""
    game: str
    result: CheckResult

    passed = Delegated[bool]("result.passed", "Whether the counts agree with the exact distribution.")
    verdict = Delegated[str]("result.verdict", "The check's conclusion, in words.")


# what check's counts may be (the counts reader checks them whole)
CountsGiven = Annotated[Mapping[str, int] | Counts | str | Path, Below()]


@boundary
def check(game: Game, counts: CountsGiven, *, strategy: OptionalStrategy = None, alpha: Number = DEFAULT_ALPHA,
          wager: Text = MAIN, pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None) -> Checked:
    """Check outcome counts (a mapping outcome → count, a :class:`Counts`, or a counts file's path)
    against the exact analysis of the strategy that played them (``strategy``, else the file's,
    else the optimal one): exact probabilities, chi-square and the return's z; of the main wager, or
    of ``wager`` (a side bet's key: ``pair-plus``, ``six-card-bonus``).  Counts that are
    not whole numbers from 0 to 10^15 under the analysis' outcome names, however given, are an
    :class:`~oddscalc.InputError`.

    >>> check("five-plus-one-bonus", {"lose": 900, "win-flush": 100}).passed
    False
    """
    loaded = load(game, pays, rules, table)
    level = parse_alpha(alpha, "--alpha")          # "alpha=" to a Python caller (the boundary)
    if isinstance(counts, (str, Path)):
        result = check_file(loaded, str(counts), strategy, level, wager)
    else:
        result = check_game_counts(loaded, counts, strategy, level, wager)
    return Checked(loaded.name, result, report=check_report(loaded, result))
