"""Three-card engine speed against the limits of issue 4 (prints timings; no assertions).

    python bench/three_card.py

Limits: a full analysis of any of the three games under 0.5 s; a ``decide`` under 0.2 s wall
including start-up.  Each command runs in a fresh process (``python -m oddscalc ...``:
interpreter start-up, imports, ranking table, kernel, pricing, report), best and median of a
few runs; the same work is also timed in-process, and a bare ``python -c pass`` is timed as the
floor every command pays on this machine.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RUNS = 7
COMMANDS = [
    ("analyze fast-poker", 0.5, ["analyze", "fast-poker"]),
    ("analyze caribbean-fast-poker (upcard)", 0.5, ["analyze", "caribbean-fast-poker", "--rule", "dealer_upcards=1"]),
    ("analyze three-card-poker", 0.5, ["analyze", "three-card-poker"]),
    ("strategy caribbean-fast-poker (upcard)", 0.5, ["strategy", "caribbean-fast-poker", "--rule", "dealer_upcards=1"]),
    ("decide fast-poker", 0.2, ["decide", "fast-poker", "--hand", "Qh 6d 4s"]),
    ("decide caribbean-fast-poker (upcard) + dead", 0.2,
     ["decide", "caribbean-fast-poker", "--rule", "dealer_upcards=1", "--hand", "Qh 6d 4s", "--up", "9c",
      "--dead", "2c 2d"]),
]


def wall(argv: list[str]) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of each run of a command in a fresh process; the CPU
    time is what the command costs when other work shares the machine."""
    times, cpu = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode:
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return times, cpu


def in_process(argv: list[str]) -> float:
    from oddscalc.cli import run
    run(argv)                                   # the first run builds the ranking table
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run(argv)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    floor, floor_cpu = wall([sys.executable, "-c", "pass"])
    print(f"python -c pass (start-up floor): wall best {min(floor):.3f} s, median "
          f"{statistics.median(floor):.3f} s, cpu best {min(floor_cpu):.3f} s\n")
    print(f"{'command':38} {'limit':>6} {'wall best':>10} {'wall median':>12} {'cpu best':>9} "
          f"{'in-process':>11}  within")
    for label, limit, argv in COMMANDS:
        times, cpu = wall([sys.executable, "-m", "oddscalc", *argv])
        work = in_process(argv)
        ok = "yes" if min(times) < limit else "NO"
        print(f"{label:38} {limit:>6.2f} {min(times):>10.3f} {statistics.median(times):>12.3f} "
              f"{min(cpu):>9.3f} {work:>11.4f}  {ok}")


if __name__ == "__main__":
    main()
