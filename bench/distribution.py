"""Time and peak memory of ``oddscalc distribution`` in each mode, against the aims and exact mode.

    python bench/distribution.py            # a few minutes: exact runs of 392 and 1888 rounds
    python bench/distribution.py --quick    # seconds: no exact run beyond 100 rounds

Cases: Caribbean Stud after 100, 392 and 1,000 rounds, Fast Poker after 1,888 rounds; modes: exact
(``--exact``) and high precision (the default 30 digits); and Caribbean Stud after 10 rounds at 20,000
digits in high precision (not the exact run the command would choose there: the weights of many
digits, whose figures the estimate must count).  Each case runs in a fresh process
(``python bench/distribution.py --child GAME ROUNDS MODE``, MODE exact, high or high:DIGITS) that does
what the command does: the game's analysis, the sizing (:func:`oddscalc.tools.distribution.plan_power`
with the default report's figures, whose estimate is printed), the N-round power and the whole report
(:func:`oddscalc.tools.distribution_report.distribution_report`, rendered as JSON).  Printed per case:
the sized estimate (CPU seconds, MB), the distribution's wall and CPU time (after the analysis), of
which the report's, the whole run's wall time (analysis included) and its peak resident memory
(``resource.getrusage``, the analysis and start-up included).  Exact mode is not run when the default
limits refuse it (the refusal line is printed instead).

Aims (issue): Caribbean Stud at 1,000 rounds within 10 s and 500 MB in high precision mode; the
ratio of each high precision run to the exact run of the same case where both run.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CASES = [("caribbean-stud", 100), ("caribbean-stud", 392), ("caribbean-stud", 1000), ("fast-poker", 1888)]
QUICK = [("caribbean-stud", 100), ("caribbean-stud", 1000), ("fast-poker", 1888)]
DIGITS_CASES = [("caribbean-stud", 10, 20_000)]          # high precision only, at these digits
AIM = {("caribbean-stud", 1000): (10.0, 500.0)}       # high precision: seconds (whole run), MB (peak)
LEVELS = [Fraction(q) for q in ("0.01", "0.05", "0.1", "0.25", "0.5", "0.75", "0.9", "0.95", "0.99")]


def child(game_name: str, rounds: int, mode: str) -> dict:
    """One case in this process: the command's work, timed; a dict for the parent."""
    from oddscalc.core.errors import InputError
    from oddscalc.core.numbers import unlimited_int_digits
    from oddscalc.engines.base import engine_of, load
    from oddscalc.report.render import render
    from oddscalc.tools.distribution import DEFAULT_DIGITS, analysis_distribution, plan_power
    from oddscalc.tools.distribution_report import Totals, distribution_report, report_figures
    start = time.perf_counter()
    game = load(game_name)
    analysis = engine_of(game).analyze(game)
    one = analysis_distribution(analysis)
    analysed = time.perf_counter()
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    digits = None if mode == "exact" else int(mode[5:]) if mode.startswith("high:") else DEFAULT_DIGITS
    try:
        plan = plan_power(one, rounds, digits, exact=mode == "exact", figures=report_figures(None, len(LEVELS)),
                          shortcut=False)
    except InputError as error:
        return {"refused": str(error)}
    cpu = time.process_time()
    dist = plan.run(one)
    powered = time.perf_counter()
    with unlimited_int_digits():
        render(distribution_report(game, Totals(analysis, one, plan, dist, rounds), LEVELS), "json")
    outlook = dist.outlook()
    end = time.perf_counter()
    return {"estimate_seconds": plan.seconds, "estimate_mb": plan.memory / 1e6, "mode": plan.mode,
            "digits": dist.guaranteed_digits(), "seconds": end - analysed, "cpu": time.process_time() - cpu,
            "figures": end - powered, "whole": end - start,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "baseline_mb": baseline,
            "support": len(dist.weights), "ahead": float(outlook[0].low)}


def run_case(game: str, rounds: int, mode: str) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", game, str(rounds), mode],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the exact runs beyond 100 rounds")
    parser.add_argument("--child", nargs=3, metavar=("GAME", "ROUNDS", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], int(args.child[1]), args.child[2])))
        return 0
    missed = 0
    print(f"{'case':<22}{'mode':<16}{'estimate':>16}{'distribution':>20}{'whole run':>11}{'peak':>9}"
          f"{'support':>9}   vs exact (time, peak)")
    runs = [(game, rounds, ("exact", "high")) for game, rounds in (QUICK if args.quick else CASES)]
    runs += [(game, rounds, (f"high:{digits}",)) for game, rounds, digits in DIGITS_CASES]
    for game, rounds, modes in runs:
        results = {}
        for mode in modes:
            if mode == "exact" and args.quick and rounds > 100:
                continue
            r = results[mode] = run_case(game, rounds, mode)
            label = f"{game} {rounds}"
            if "refused" in r:
                print(f"{label:<22}{'exact':<16}refused: {r['refused']}")
                continue
            name = "exact" if r["digits"] is None else f"high ({r['digits']} dig.)"
            ratio = ""
            if mode != "exact" and "seconds" in results.get("exact", {}):
                e = results["exact"]
                ratio = f"{r['seconds'] / e['seconds']:.4f}x, {r['peak_mb'] / e['peak_mb']:.2f}x"
            print(f"{label:<22}{name:<16}{r['estimate_seconds']:>7.2f} s{r['estimate_mb']:>6.0f} MB"
                  f"{r['seconds']:>9.2f} s ({r['cpu']:.2f} cpu){r['whole']:>9.2f} s{r['peak_mb']:>6.0f} MB"
                  f"{r['support']:>9}   {ratio}")
            print(f"{'':<38}of which the report (JSON) {r['figures']:.2f} s; "
                  f"peak beyond the analysis {r['peak_mb'] - r['baseline_mb']:.0f} MB")
            aim = AIM.get((game, rounds))
            if aim and mode == "high":
                ok = r["whole"] <= aim[0] and r["peak_mb"] <= aim[1]
                missed += not ok
                print(f"{'':<22}aim: {aim[0]:.0f} s, {aim[1]:.0f} MB -> {'met' if ok else 'MISSED'} "
                      f"({r['whole'] / aim[0]:.2f} of the time, {r['peak_mb'] / aim[1]:.2f} of the memory)")
    print("estimate: plan_power's sized CPU time and peak memory of the distribution and its report (beyond "
          "start-up); distribution: wall time of the power and the report; whole run: with the game's "
          "analysis; peak: the process's peak resident memory (analysis included)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
