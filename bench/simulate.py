"""Benchmark the seeded simulators (ext/simulate.pyx, ext/simulate3.pyx) and the exact N-round distribution.

One run:

1. builds the optimal strategy's decisions for Caribbean Stud and Live Caribbean Stud (timed
   apart: the class counts, then the look-up table of the ace-king situations);
2. plays ``--rounds`` rounds (default 50 M) per game and strategy, single-threaded, the best of
   ``--repeats`` runs, and prints rounds per second; the target of issue 6 is 5 M rounds/s for
   Caribbean Stud under the optimal strategy; then the three-card games (Fast Poker, Caribbean
   Fast Poker, Three Card Poker) under ``optimal`` and ``q64``, each also held to 5 M rounds/s;
3. checks each run's counts against the exact distribution (``oddscalc check``'s statistics), so a
   fast but wrong simulator cannot pass the benchmark;
4. for scale, plays a few thousand rounds with a plain Python simulator (random.sample and the
   native evaluator per hand) and prints the ratio;
5. times the exact distribution of the total after 50, 100 and 200 rounds (``--quick``: 50).

Run from the repository after ``python setup.py build_ext --inplace``::

    python bench/simulate.py            # about a minute
    python bench/simulate.py --quick    # 5 M rounds, a few seconds

Exit status 1 if a run's counts fail the check or the target is missed, else 0.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from oddscalc.core.evaluate import five_card_strength  # noqa: E402
from oddscalc.engines.base import engine_of  # noqa: E402
from oddscalc.engines.base import load as load_game  # noqa: E402
from oddscalc.engines.stud.counts import class_counts  # noqa: E402
from oddscalc.engines.stud.rules import StudRules  # noqa: E402
from oddscalc.tools.check import check_counts  # noqa: E402
from oddscalc.tools.distribution import analysis_distribution, power  # noqa: E402
from oddscalc.tools.simulation import simulate, simulator_of  # noqa: E402


def reference_analysis(game, strategy="optimal"):
    """The exact analysis a run of a strategy is checked against."""
    return engine_of(game).analyze(game, strategy)


def new_simulator(game, seed):
    """A fresh simulator of the optimal strategy (its set-up builds the decision table)."""
    return simulator_of(game, "optimal", seed)

TARGET = 5_000_000


def python_rounds_per_second(game, rounds: int) -> float:
    """A plain Python loop: deal ten cards, evaluate both hands (the 'always call' strategy)."""
    rng = random.Random(1)
    q = StudRules.of(game).qualify_strength
    start = time.perf_counter()
    outcomes = [0, 0, 0]
    for _ in range(rounds):
        cards = rng.sample(range(52), 10)
        player, dealer = five_card_strength(cards[:5]), five_card_strength(cards[5:])
        outcomes[0 if dealer < q else 1 if dealer >= player else 2] += 1
    return rounds / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="5 M rounds, one repeat, N = 50 only")
    args = parser.parse_args()
    rounds, repeats = (5_000_000, 1) if args.quick else (args.rounds, args.repeats)
    failed = False

    start = time.perf_counter()
    classic = load_game("caribbean-stud")
    class_counts(StudRules.of(classic).qualify_strength)
    print(f"class counts (once per process):        {time.perf_counter() - start:6.2f} s")
    for name in ("caribbean-stud", "live-caribbean-stud"):
        start = time.perf_counter()
        new_simulator(load_game(name), 1)
        print(f"optimal decisions of {name:<20} {time.perf_counter() - start:6.2f} s")

    print(f"\n{'game':<22}{'strategy':<11}{'rounds':>12}{'best s':>9}{'M rounds/s':>12}  check")
    best_optimal = 0.0
    for name in ("caribbean-stud", "live-caribbean-stud"):
        game = load_game(name)
        for strategy in ("optimal", "always", "ace-king"):
            runs = [simulate(game, rounds, seed=seed + 1, strategy=strategy) for seed in range(repeats)]
            best = min(runs, key=lambda run: run.seconds)
            rate = rounds / best.seconds
            verdict = check_counts(reference_analysis(game, strategy), runs[0])
            failed |= not verdict.passed
            if name == "caribbean-stud" and strategy == "optimal":
                best_optimal = rate
            print(f"{name:<22}{strategy:<11}{rounds:>12,}{best.seconds:>9.3f}{rate / 1e6:>12.2f}  "
                  f"{'pass' if verdict.passed else 'FAIL'} (chi-square p = {verdict.p_value:.3f})")

    # three-card games (ext/simulate3.pyx): same target, checked the same way
    for name in ("fast-poker", "caribbean-fast-poker", "three-card-poker"):
        game = load_game(name)
        start = time.perf_counter()
        new_simulator(game, 1)
        setup = time.perf_counter() - start
        for strategy in ("optimal", "q64"):
            runs = [simulate(game, rounds, seed=seed + 1, strategy=strategy) for seed in range(repeats)]
            best = min(runs, key=lambda run: run.seconds)
            rate = rounds / best.seconds
            verdict = check_counts(reference_analysis(game, strategy), runs[0])
            failed |= not verdict.passed or rate < TARGET
            note = f", set-up {setup:.2f} s" if strategy == "optimal" else ""
            print(f"{name:<22}{strategy:<11}{rounds:>12,}{best.seconds:>9.3f}{rate / 1e6:>12.2f}  "
                  f"{'pass' if verdict.passed else 'FAIL'} (chi-square p = {verdict.p_value:.3f}{note})")

    python_rate = python_rounds_per_second(classic, 20_000)
    print(f"\nplain Python loop (always call):        {python_rate / 1e6:8.3f} M rounds/s; "
          f"the native simulator is {best_optimal / python_rate:,.0f} x faster")
    met = best_optimal >= TARGET
    failed |= not met
    print(f"target: >= {TARGET / 1e6:.0f} M rounds/s for Caribbean Stud, optimal strategy: "
          f"{'met' if met else 'MISSED'} ({best_optimal / 1e6:.2f} M rounds/s)")

    one = analysis_distribution(reference_analysis(classic))
    print("\nexact distribution of the total after N rounds of Caribbean Stud:")
    for n in ((50,) if args.quick else (50, 100, 200)):
        start = time.perf_counter()
        dist = power(one, n)
        print(f"  N = {n:>3}: {time.perf_counter() - start:6.2f} s, {len(dist.weights):,} totals, "
              f"weights of {len(str(dist.denominator)):,} digits")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
