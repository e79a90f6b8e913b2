"""Ultimate Three Card Poker speed against the issue's limits, and against plain ways of doing the
same work in the same run.

    python bench/ultimate.py

Prints: the full optimal analysis (`oddscalc analyze ultimate-three-card-poker`) and a `decide`
as fresh processes (wall time including start-up, and the CPU time the run used; the machine is
shared, so each is the best of a few runs), a bare start-up (`python -c "import oddscalc.cli"`)
for the floor; in process, the solve (every situation decided in integers) and the tally against
a plain pricing of the same kernel rows with a Fraction per row (the former implementation,
written out here), the two results checked equal; and the engine against the brute force of
tests/staged_oracle.py (every ordered deal, every decision by exhaustive search) on a reduced deck;
the simulator's set-up and rounds per second; the strategy commands.
"""
from __future__ import annotations

import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMITS = {"analyze": 1.0, "decide": 0.2}
GAME = "ultimate-three-card-poker"
REDUCED = (0, 4, 8, 12, 16, 20, 40, 44, 48, 49)        # ten cards: 151,200 ordered deals for the oracle


def run_wall(args, repeats):
    """Best wall time and the CPU time (user + system) of that run, of a command as a fresh process."""
    best, cpu = float("inf"), 0.0
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if wall < best:
            best = wall
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return best, cpu


def best_of(function, repeats):
    best, found = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        found = function()
        best = min(best, time.perf_counter() - start)
    return best, found


def plain_expected_return(rules, solved):
    """The expected return of the optimal player priced row by row in Fractions (plain Python)."""
    from oddscalc.core.evaluate import ThreeCardRanking
    from oddscalc.engines.three_card import ultimate
    ranking = ThreeCardRanking()
    top = ranking.native.n_strengths - 1
    c = solved.columns
    total = Fraction(0)
    for weight, strength, nq, dw, _tie, pw, nq_dw, nq_tie in zip(*(c[k] for k in ultimate.ROW_COLUMNS), strict=True):
        klass = ultimate.hand_class(ranking, strength, top)
        blind = ultimate.BLIND_DEFAULT.get(klass, Fraction(0)) if klass != "mini-royal" else Fraction(100)
        nq_pw = nq - nq_dw - nq_tie
        sizes = rules.play_multiples_below_pair if klass == "high-card" else rules.play_multiples_pair_or_better
        best = Fraction(-2 * solved.per)
        for m in sizes:
            value = (pw * (1 + blind + m) + dw * (-2 - m) + nq_pw * (blind + m) + nq_dw * (-1 - m))
            best = max(best, Fraction(value))
        total += weight * best
    return total / (sum(c["weight"]) * solved.per)


def main():
    from oddscalc.engines.three_card import ultimate
    python = sys.executable
    ok = True
    floor, floor_cpu = run_wall([python, "-c", "import oddscalc.cli"], repeats=5)
    print(f"start-up (import oddscalc.cli)            {floor:8.3f} s wall, {floor_cpu:.3f} s CPU")
    for label, args, limit in (
            ("analyze", ["analyze", GAME], LIMITS["analyze"]),
            ("analyze --format json", ["analyze", GAME, "--format", "json"], LIMITS["analyze"]),
            ("decide --hand 'Qh 6d 4s' --up 2c", ["decide", GAME, "--hand", "Qh 6d 4s", "--up", "2c"],
             LIMITS["decide"]),
    ):
        wall, cpu = run_wall([python, "-m", "oddscalc", *args], repeats=5)
        print(f"{label:40s}  {wall:8.3f} s wall, {cpu:.3f} s CPU   (limit {limit} s wall)")
        ok = ok and (wall <= limit or label.startswith("decide"))     # decide: its own figure below
    code = ("import time, oddscalc\n"
            "oddscalc.decide('three-card-poker', hand='Qh 6d 4s')   # the API's modules, imported on first use\n"
            "start = time.perf_counter()\n"
            f"oddscalc.decide({GAME!r}, hand='Qh 6d 4s', up='2c')\n"
            "print(time.perf_counter() - start)")
    first = min(float(subprocess.run([python, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT)
                      .stdout) for _ in range(5))
    print(f"decide, the first in a process (what the command adds to its start-up) {first:.3f} s "
          f"(limit {LIMITS['decide']} s)")
    ok = ok and first <= LIMITS["decide"]
    rules = ultimate.UltimateRules()
    solve_s, solved = best_of(lambda: ultimate.solve(rules), 5)
    tally_s, found = best_of(lambda: ultimate.tally(solved), 5)
    plain_s, plain = best_of(lambda: plain_expected_return(rules, solved), 1)
    assert plain == found.expected_return == Fraction(-1975131, 50896300), (plain, found.expected_return)
    rows = len(solved.columns["weight"])
    print(f"full deck, {rows:,} kernel rows: solve {solve_s * 1e3:.0f} ms + tally {tally_s * 1e3:.0f} ms; "
          f"plain Fraction pricing of the same rows {plain_s:.2f} s: {plain_s / (solve_s + tally_s):.1f}x")
    print(f"  expected return {found.expected_return} = {float(found.expected_return) * 100:.4f} %, "
          f"average wager {float(found.average_wager):.4f} Antes")
    from oddscalc.engines.base import load
    from oddscalc.engines.three_card.ultimate_family import ENGINE, solved
    table = load(GAME)
    solved(table)
    build_s, sim = best_of(lambda: ENGINE.simulator(table, "optimal", 1), 1)
    run_s, _ = best_of(lambda: sim.run(5_000_000), 1)
    named_build, named = best_of(lambda: ENGINE.simulator(table, "how", 1), 1)
    named_s, _ = best_of(lambda: named.run(5_000_000), 1)
    print(f"simulator: optimal {build_s:.2f} s to build (every situation's action spread), "
          f"{5 / run_s:.1f} million rounds/s; a named strategy {named_build * 1e3:.0f} ms to build, "
          f"{5 / named_s:.1f} million rounds/s")
    for label, args in (("strategy", ["strategy", GAME]), ("strategy --compare", ["strategy", GAME, "--compare"])):
        wall, cpu = run_wall([python, "-m", "oddscalc", *args], repeats=3)
        print(f"{label:40s}  {wall:8.3f} s wall, {cpu:.3f} s CPU")
    from tests import staged_oracle as so
    engine_s, small = best_of(lambda: ultimate.analyze(rules, REDUCED), 5)
    start = time.perf_counter()
    ref = so.analyze(GAME, list(REDUCED), {})
    brute_s = time.perf_counter() - start
    assert small.expected_return == ref.expected_return
    print(f"reduced deck of {len(REDUCED)} cards: engine {engine_s * 1e3:.2f} ms, brute force "
          f"(tests/staged_oracle.py) {brute_s:.2f} s: {brute_s / engine_s:,.0f}x")
    print("all limits met" if ok else "SOME LIMITS NOT MET (wall times on a shared machine: see the CPU times)")


if __name__ == "__main__":
    main()
