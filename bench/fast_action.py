"""Fast Action Poker speed against the limits of issue 5 (prints timings; no assertions).

    python bench/fast_action.py

Each query runs as a command in a fresh process (``python -m oddscalc ...``: interpreter
start-up, imports, evaluator tables, enumeration, report), best and median of a few runs; the
same query is also timed in-process so start-up and work can be told apart.  Limits:

- every hole card known, turn and river unknown: under 0.2 s wall;
- one opponent's hole cards unknown as well: under 1 s wall.

Also timed, without a limit: ``analyze`` (exact action seat, 1,000,000 phase-two samples) and
``decide`` for every number of other bettors.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

RUNS = 5
QUERIES = [
    ("all hole cards known, turn + river unknown", 0.2,
     ["fast-action", "odds", "--seats", "1,2,4,7", "--button", "2",
      "--hole", "1:AsKd 2:7h7c 4:9d9s 7:QcJc", "--board", "Qs Jd 2c", "--bettors", "1,4"]),
    ("8 players, all hole cards known, turn + river unknown", 0.2,
     ["fast-action", "odds", "--seats", "1,2,3,4,5,6,7,8", "--button", "2",
      "--hole", "1:AsKd 2:7h7c 3:2d3d 4:9d9s 5:6c6d 6:Th9h 7:QcJc 8:8h4h", "--board", "Qs Jd 2c"]),
    ("one opponent unknown, turn + river unknown", 1.0,
     ["fast-action", "odds", "--seats", "1,2,4,7", "--button", "2",
      "--hole", "1:AsKd 2:7h7c 7:QcJc", "--board", "Qs Jd 2c", "--bettors", "1,4"]),
    ("8 players, one opponent unknown, turn + river unknown", 1.0,
     ["fast-action", "odds", "--seats", "1,2,3,4,5,6,7,8", "--button", "2",
      "--hole", "1:AsKd 2:7h7c 3:2d3d 4:9d9s 5:6c6d 6:Th9h 7:QcJc", "--board", "Qs Jd 2c"]),
    ("analyze, 4 seats (1,000,000 samples)", None,
     ["analyze", "fast-action-poker", "--seats", "1,2,4,7"]),
    ("decide, 6 players, every number of other bettors", None,
     ["decide", "fast-action-poker", "--hole", "As Kd", "--flop", "Qs Jd 2c", "--players", "6"]),
]


def wall_times(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "oddscalc", *args], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode:
            raise SystemExit(f"command failed: {done.stderr.strip()}")
    return times


def in_process(args: list[str], runs: int) -> float:
    from oddscalc.cli import run
    run(args)                              # imports and tables once
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        run(args)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"])
    bare = time.perf_counter() - start
    print(f"python start-up alone: {bare:.3f} s ({sys.executable})")
    print(f"{'query':58} {'best':>7} {'median':>7} {'in-proc':>8}  limit")
    for label, limit, args in QUERIES:
        runs = RUNS if limit else 2
        times = wall_times(args, runs)
        work = in_process(args, 1 if limit is None else 3)
        verdict = "" if limit is None else f"< {limit} s: {'met' if statistics.median(times) < limit else 'MISSED'}"
        print(f"{label:58} {min(times):7.3f} {statistics.median(times):7.3f} {work:8.3f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
