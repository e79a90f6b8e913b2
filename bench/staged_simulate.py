"""Benchmark the staged simulator (ext/staged_simulate.pyx) against a plain Python simulator of the
same game in the same run.

    PYTHONPATH=$PWD python bench/staged_simulate.py            # about half a minute
    PYTHONPATH=$PWD python bench/staged_simulate.py --quick    # 2 M rounds, a few seconds

Per game (Mississippi Stud, Let It Ride) and strategy (optimal, wager-most, wager-least):

1. the set-up: the strategy's exact solve (its decision tables, what ``simulate`` pays once per
   table and strategy) and the simulator built from them;
2. ``--rounds`` rounds (default 20 M) on one core, the best of ``--repeats`` runs, as rounds per
   second of the process's CPU time (the machine is shared: a wall clock counts the other
   processes' turns too; the wall-clock rate is printed beside it); the slice's target is 2 M
   rounds per second per core;
3. the counts checked against the exact distribution (``oddscalc check``'s statistics), so a fast
   but wrong simulator cannot pass;
4. a plain Python simulator of the same game and strategy: ``random.sample`` deals five cards, each
   stage's option is read from the same decision tables by the set's colex index, the hand valued
   by the native evaluator (``core.evaluate.five_card_strength``); ``--python-rounds`` rounds
   (default 200,000), its counts checked too, and the ratio of the two rates (CPU time both).

Exit status 1 if a run's counts fail the check or the native rate misses the target, else 0.
"""
from __future__ import annotations

import argparse
import random
import time

TARGET = 2_000_000
GAMES = ("mississippi-stud", "let-it-ride")


def python_simulator(rules, strategy, rounds, seed):
    """Plain Python rounds of a staged game: the outcome counts and the seconds they took."""
    from oddscalc.core.evaluate import five_card_strength
    from oddscalc.engines.staged import solve
    from oddscalc.engines.staged.paytable import pay_layout

    tables = solve.stage_choices(rules, strategy)
    layout = pay_layout(rules.game)
    reached = rules.units_reached()
    stages = [(stage.seen, stage.options, table, lo, hi - lo + 1)
              for stage, table, (lo, hi) in zip(rules.stages, tables, reached, strict=False)]
    rng = random.Random(seed)
    counts: dict[tuple[str, int, int], int] = {}
    start = time.process_time()
    for _ in range(rounds):
        cards = rng.sample(range(52), 5)
        units, key = rules.initial_units, None
        for i, (seen, options, table, lo, width) in enumerate(stages):
            option = options[table[solve.colex(cards[:seen]) * width + units - lo]]
            if option.fold:
                key = ("fold", i, units)
                break
            units += option.delta
        if key is None:
            key = ("final", layout.class_map[five_card_strength(cards)], units)
        counts[key] = counts.get(key, 0) + 1
    seconds = time.process_time() - start
    named = {(solve.fold_name(rules, a, u) if kind == "fold" else solve.final_name(layout, a, u)): n
             for (kind, a, u), n in counts.items()}
    return named, seconds


def main() -> int:
    from oddscalc.engines.base import EXACT, load
    from oddscalc.engines.staged.rules import StagedRules
    from oddscalc.engines.staged.solve import STRATEGIES
    from oddscalc.tools.check import check_counts
    from oddscalc.tools.simulation import simulator_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--python-rounds", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="2 M rounds, 50,000 Python rounds, one repeat")
    args = parser.parse_args()
    rounds, python_rounds, repeats = (2_000_000, 50_000, 1) if args.quick else \
        (args.rounds, args.python_rounds, args.repeats)
    failed = False
    print(f"{'game':18} {'strategy':12} {'set-up s':>9} {'native rounds/s':>16} {'(wall)':>12} {'check':>6} "
          f"{'Python rounds/s':>16} {'check':>6} {'ratio':>7}")
    for name in GAMES:
        table = load(name)
        rules = StagedRules.of(table)
        for strategy in (s.name for s in STRATEGIES):
            start = time.perf_counter()
            analysis = EXACT.of(table).analyze(table, strategy)
            simulator_of(table, strategy, 0)
            setup = time.perf_counter() - start
            best, best_wall, counts = float("inf"), float("inf"), {}
            for repeat in range(repeats):
                simulator = simulator_of(table, strategy, 1 + repeat)
                start, wall = time.process_time(), time.perf_counter()
                simulator.run(rounds)
                best = min(best, time.process_time() - start)
                best_wall = min(best_wall, time.perf_counter() - wall)
                counts = simulator.counts()
            native_ok = check_counts(analysis, counts, strategy=strategy).passed
            rate = rounds / best
            python_counts, seconds = python_simulator(rules, strategy, python_rounds, 1)
            python_ok = check_counts(analysis, python_counts, strategy=strategy).passed
            python_rate = python_rounds / seconds
            print(f"{name:18} {strategy:12} {setup:9.2f} {rate:16,.0f} {rounds / best_wall:12,.0f} "
                  f"{'pass' if native_ok else 'FAIL':>6} "
                  f"{python_rate:16,.0f} {'pass' if python_ok else 'FAIL':>6} {rate / python_rate:6.0f}x")
            failed |= not native_ok or not python_ok or rate < TARGET
    print(f"target: {TARGET:,} native rounds per second per core; {'missed or failed' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
