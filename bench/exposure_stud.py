"""Caribbean Stud exposure: time and peak memory of each exact case, each in a fresh process.

    python bench/exposure_stud.py                  # classic table, every exact case
    python bench/exposure_stud.py --game live-caribbean-stud --cases k2 sorted2
    python bench/exposure_stud.py --samples 20000  # also estimate K = 3 and 4 (seeded)

Each case runs as ``python bench/exposure_stud.py --child CASE`` so its wall time, CPU time and
peak resident memory are its own (imports and the plain analysis included: the figures are
what a user waits for).  The target for two whole dealer cards is 120 s on two cores.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

CASES = {
    "plain": "plain analysis (oddscalc.engines.stud.solve.analyze)",
    "k1": "K=1 through the exposure kernel",
    "k2": "K=2 whole dealer cards",
    "k5": "K=5 the whole dealer hand",
    "sorted2": "upcard + 1 card sorted by {A, K}",
    "sorted3": "upcard + 2 cards sorted by {A, K}",
    "sorted5": "upcard + 4 cards sorted by {A, K}",
}
LIMITS = {"k2": 120.0}


def child(case: str, game_name: str) -> dict:
    start, cpu = time.perf_counter(), time.process_time()
    from oddscalc.engines.base import load
    from oddscalc.engines.stud import exposure as ex
    from oddscalc.engines.stud import solve
    game = load(game_name)
    if case == "plain":
        analysis = solve.analyze(game).analysis
        out = {"expected_return": str(analysis.expected_return), "gain": "0"}
    else:
        if case.startswith("sorted"):
            result = ex.analyze_exposure(game, int(case[-1]), sorted_ranks="AK")
        else:
            result = ex.analyze_exposure(game, int(case[1:]))
        out = {"expected_return": str(result.analysis.expected_return), "gain": str(result.gain),
               "call_probability": str(result.call_probability), "classes": result.facts["classes"]}
    out.update(wall=time.perf_counter() - start, cpu=time.process_time() - cpu,
               peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return out


def run_case(case: str, game: str) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", case, "--game", game], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def pricer_timings(game_name: str) -> list[tuple[str, float]]:
    """Microseconds per priced situation (random situations, the plain analysis already made)."""
    import random

    from oddscalc.engines.base import load
    from oddscalc.engines.stud import exposure as ex
    game = load(game_name)
    rng = random.Random(1)
    rows = []
    for k, boxes in ((1, 0), (1, 2), (2, 0), (3, 0), (4, 0)):
        situations = [rng.sample(range(52), 5 + k + 5 * boxes) for _ in range(200)]
        ex.price_situation(game, situations[0][:5], situations[0][5:5 + k], situations[0][5 + k:])
        start = time.perf_counter()
        for cards in situations:
            ex.price_situation(game, cards[:5], cards[5:5 + k], cards[5 + k:])
        rows.append((f"K={k}" + (f", {boxes} boxes" if boxes else ""),
                     (time.perf_counter() - start) / len(situations) * 1e6))
    return rows


def estimates(game_name: str, samples: int) -> list:
    from oddscalc.engines.base import Seen, load
    from oddscalc.tools.exposure import analyze_exposure
    game = load(game_name)
    rows = []
    for k, boxes in ((3, 0), (4, 0), (1, 1), (1, 6)):
        start = time.perf_counter()
        e = analyze_exposure(game, Seen(k, boxes), samples, seed=2024)
        rows.append((e.seen, e.samples, float(e.gain), e.std_error, time.perf_counter() - start))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="caribbean-stud")
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=list(CASES))
    parser.add_argument("--samples", type=int, default=0, help="also estimate K=3, K=4 and other boxes")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.game)))
        return
    print(f"Caribbean Stud exposure benchmark ({args.game}; each case a fresh process)")
    print(f"  {'case':36} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}  {'return/ante':>12} {'gain/ante':>11}")
    ok = True
    for case in args.cases:
        r = run_case(case, args.game)
        from fractions import Fraction
        limit = LIMITS.get(case)
        flag = "" if limit is None else (f"  (limit {limit:.0f} s)" if r["wall"] < limit else "  OVER LIMIT")
        ok &= limit is None or r["wall"] < limit
        print(f"  {CASES[case]:36} {r['wall']:8.2f} {r['cpu']:8.2f} {r['peak_mb']:8.0f}  "
              f"{float(Fraction(r['expected_return'])):+12.6%} {float(Fraction(r['gain'])):+11.6%}{flag}")
    print("  single situation, exact (microseconds each):")
    for label, micros in pricer_timings(args.game):
        print(f"    {label:20} {micros:10.0f}")
    if args.samples:
        print(f"  estimated gains (seed 2024, {args.samples} samples each):")
        for seen, n, mean, se, seconds in estimates(args.game, args.samples):
            print(f"    {seen:28} {mean:+.6%} +- {se:.6%} ({n} samples, {seconds:.1f} s)")
    print("  all limits met" if ok else "  SOME LIMITS NOT MET")


if __name__ == "__main__":
    main()
