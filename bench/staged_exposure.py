"""Staged exposure (community cards seen early, whole or sorted) against the issue's 10 s limit and
against a plain brute force in the same run.

    python bench/staged_exposure.py

Per case: the exact exposure analysis on the full deck (the plain game's analysis, which every
report prints beside it, included), best wall time of a few runs and its CPU time; then the same
analysis on a reduced deck beside the plain-Python brute force over every ordered deal
(tests/staged_exposure_oracle.py), the ratio of their times, and the brute force's time scaled to the
full deck by its number of ordered deals (a lower bound: it does more work per deal on a larger
deck), against the full-deck time.  The machine is shared: each time is the best of a few runs.
"""
from __future__ import annotations

import math
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 10.0
REDUCED = "Th Jh Qh Kh Ah Ts Js Qs 6s 7d"          # ten cards
CASES = [("mississippi-stud", k, ranks) for ranks in (None, "J", "T J Q K A", "A|K Q J|*") for k in (1, 2, 3)] + \
        [("let-it-ride", k, ranks) for ranks in (None, "J", "A|K Q J|*") for k in (1, 2)]


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def best(run, repeats: int) -> float:
    """Best wall time of ``run()``."""
    wall = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        wall = min(wall, time.perf_counter() - start)
    return wall


def command(args: list[str], repeats: int = 3) -> tuple[float, float]:
    """Best wall time of ``oddscalc ARGS`` as a fresh process (nothing cached: the plain game is
    solved too), and the CPU time of that run."""
    wall, used = math.inf, 0.0
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "oddscalc", "exposure", *args], check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if elapsed < wall:
            wall = elapsed
            used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, used


def ordered_deals(game: str, n: int) -> int:
    from oddscalc.engines.base import load
    from oddscalc.engines.staged.rules import StagedRules
    player = StagedRules.of(load(game)).player_cards
    return math.comb(n, player) * math.perm(n - player, 5 - player)


def main() -> None:
    sys.path.insert(0, str(ROOT))            # the brute force lives with the tests
    from oddscalc.core.cards import parse_cards
    from oddscalc.engines.base import Seen, load
    from oddscalc.engines.staged.exposure import informed
    from oddscalc.engines.staged.rules import StagedRules
    from tests.staged_exposure_oracle import exposure as brute_force

    print(f"{'case':<53} {'full deck':>9} {'cpu':>6} {'limit':>5}   {'reduced':>8} {'brute':>7} {'ratio':>6}"
          f"   {'brute scaled to 52 cards':>24} {'ratio':>8}")
    reduced = parse_cards(REDUCED)
    for game, k, ranks in CASES:
        args = [game, "--board-cards", str(k), *(["--sorted", ranks] if ranks else [])]
        name = " ".join(args[:3]) + (f" --sorted '{ranks}'" if ranks else "")
        wall, used = command(args)
        rules = StagedRules.of(load(game))
        seen = Seen(board_cards=k, sorted_ranks=ranks)
        engine_small = best(lambda rules=rules, seen=seen: informed(rules, seen, reduced), 3)
        brute_small = best(lambda game=game, k=k, ranks=ranks: brute_force(game, REDUCED, k, ranks), 1)
        scaled = brute_small * ordered_deals(game, 52) / ordered_deals(game, len(reduced))
        verdict = "ok" if wall <= LIMIT else "OVER"
        print(f"{name:<53} {wall:>8.2f}s {used:>5.1f}s {verdict:>5}   {engine_small * 1e3:>6.1f}ms "
              f"{brute_small:>6.2f}s {brute_small / engine_small:>5.0f}x   {scaled / 3600:>22.0f} h "
              f"{scaled / wall:>7.0f}x")


if __name__ == "__main__":
    main()
