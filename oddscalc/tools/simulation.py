"""Seeded Monte Carlo of a game through its engine's simulator, counted under the analysis'
outcome names, so ``check`` can compare the counts with the exact distribution.

>>> from oddscalc.engines.base import load
>>> counts = simulate(load("caribbean-stud"), 1000, seed=7, strategy="always")
>>> counts.rounds, sum(counts.counts.values()), counts.counts["fold"]
(1000, 1000, 0)
>>> simulate(load("fast-poker"), 1000, seed=7).rounds
1000
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import EXACT, OPTIMAL, SIMULATE, Simulator
from oddscalc.report.model import Report
from oddscalc.tools.counts_file import Counts, counts_report

CHUNK = 1 << 22
# a conservative rate for sizing a run (the simulators play 10-30 million rounds a second)
ROUNDS_PER_SECOND = 5_000_000


def simulator_of(game: GameTable, strategy: str, seed: int) -> Simulator:
    """The engine's simulator of a strategy (a built-in name, a strategy file or rules), or one line
    saying the game has none or the strategy does not parse."""
    simulates = SIMULATE.of(game)
    EXACT.of(game).parse_strategy(game, strategy)
    return simulates.simulator(game, strategy, seed)


def check_run(rounds: int, seed: int) -> None:
    """Refuse a run that is empty, has a seed out of range, or would take too long."""
    if rounds < 1:
        raise InputError(f"--rounds must be at least 1, got {rounds}")
    if not 0 <= seed < 2 ** 64:
        raise InputError(f"--seed must be between 0 and 2**64 - 1, got {seed}")
    Limits.resolve().check(f"simulating {rounds:,} rounds", seconds=rounds / ROUNDS_PER_SECOND, memory=0)


def reference_names(game: GameTable, strategy: str) -> tuple[str, ...]:
    """Outcome names of the exact analysis of a strategy, in its order."""
    return tuple(row.outcome for row in EXACT.of(game).analyze(game, strategy).outcomes)


def simulate(game: GameTable, rounds: int, seed: int, strategy: str = OPTIMAL,
             progress: Callable[[int], None] | None = None, simulator: Simulator | None = None) -> Counts:
    """Play ``rounds`` seeded rounds; the same seed and strategy always give the same counts
    (``simulator``: one simulator_of already made, the run checked)."""
    if simulator is None:
        check_run(rounds, seed)
        simulator = simulator_of(game, strategy, seed)
    start = time.perf_counter()
    done = 0
    while done < rounds:
        step = min(CHUNK, rounds - done)
        simulator.run(step)
        done += step
        if progress is not None:
            progress(step)
    seconds = time.perf_counter() - start
    names = reference_names(game, strategy)
    tallied = simulator.counts()
    for name, count in tallied.items():
        if count and name not in names:
            raise AssertionError(f"the simulator counted '{name}', which the analysis has no row for")
    return Counts(game.name, {name: tallied.get(name, 0) for name in names}, strategy, seed, {}, seconds)


def simulation_report(game: GameTable, counts: Counts, check_hint: str) -> Report:
    """The counts (whose CSV and JSON renderings are counts files) and the run's speed."""
    nets = {row.outcome: row.net for row in EXACT.of(game).analyze(game, counts.strategy).outcomes}
    report = counts_report(counts, nets, f"{game.title}: {counts.rounds} simulated rounds, strategy "
                                         f"{counts.strategy}, seed {counts.seed}")
    seconds = counts.seconds or 0.0
    rate = counts.rounds / seconds if seconds else float("inf")
    speed = f"{rate / 1e6:.1f} million rounds/s" if rate >= 1e5 else f"{rate:,.0f} rounds/s"
    notes = (f"{counts.rounds} rounds in {seconds:.3f} s ({speed})",
             f"Check them against the exact distribution: oddscalc check {game.name} --counts FILE{check_hint}")
    return replace(report, notes=notes)
