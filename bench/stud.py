"""Caribbean Stud speed against the issue's limits, and against brute force in the same run.

    python bench/stud.py

Prints: a full optimal analysis from nothing (fresh process: imports, evaluator tables, class
counts, strategy, report), each further paytable in the same process, one `decide` as a
command (wall time including start-up), peak memory, and the ratio of the class-count kernel
to brute force (every dealer completion of every situation, timed on a sample).
"""
from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time

LIMITS = {"full analysis": 3.0, "further paytable": 0.2, "decide wall": 0.2}


def run_wall(args, repeats=5):
    """Best wall time and peak RSS (MB) of a command run as a fresh process."""
    times = []
    peak = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    return min(times), peak


def main():
    python = sys.executable
    full, peak = run_wall([python, "-m", "oddscalc", "analyze", "caribbean-stud"], repeats=3)
    decide, _ = run_wall([python, "-m", "oddscalc", "decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s",
                          "--up", "Qd"], repeats=7)

    from oddscalc._native import stud as kernel
    from oddscalc.engines.base import load, overlay
    from oddscalc.engines.stud import solve
    from oddscalc.engines.stud.counts import COMPLETIONS, SITUATIONS, class_counts
    from oddscalc.engines.stud.rules import StudRules

    game = load("caribbean-stud")
    rules = StudRules.of(game)
    start = time.perf_counter()
    classes = class_counts(rules.qualify_strength)
    kernel_time = time.perf_counter() - start
    further = []
    for flush in range(3, 9):
        start = time.perf_counter()
        solve.analyze(overlay(game, [f"flush={flush}"]))
        further.append(time.perf_counter() - start)

    rng = random.Random(1)
    sample = [rng.sample(range(52), 6) for _ in range(200)]
    start = time.perf_counter()
    for cards in sample:
        kernel.count_completions(cards[:5], cards[5], (), rules.qualify_strength)
    per_situation = (time.perf_counter() - start) / len(sample)
    brute_total = per_situation * SITUATIONS

    print("Caribbean Stud benchmark")
    print(f"  full optimal analysis, fresh process   {full:8.3f} s   (limit {LIMITS['full analysis']} s)")
    print(f"  class-count kernel alone               {kernel_time:8.3f} s   ({classes.n:,} classes)")
    print(f"  each further paytable (median of 6)    {statistics.median(further):8.3f} s   "
          f"(limit {LIMITS['further paytable']} s)")
    print(f"  decide, wall incl. start-up (best)     {decide:8.3f} s   (limit {LIMITS['decide wall']} s)")
    print(f"  peak memory of a full analysis         {peak:8.0f} MB  (limit 2048 MB)")
    print(f"  brute force: {per_situation * 1e3:.2f} ms per situation x {SITUATIONS:,} situations "
          f"= {brute_total / 3600:.1f} h projected")
    print(f"  kernel / brute force speed-up           {brute_total / kernel_time:,.0f}x "
          f"({SITUATIONS * COMPLETIONS:,} deals)")
    ok = (full < LIMITS["full analysis"] and statistics.median(further) < LIMITS["further paytable"]
          and decide < LIMITS["decide wall"] and peak < 2048)
    print("  all limits met" if ok else "  SOME LIMITS NOT MET")


if __name__ == "__main__":
    main()
