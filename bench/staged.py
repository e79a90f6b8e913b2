"""Staged games (Mississippi Stud, Let It Ride) speed against the issue's limits, and against a
plain brute force in the same run.

    python bench/staged.py

Prints, per game: a full optimal analysis from nothing (a fresh process: imports, the pay classes,
the kernel, the side bet, the report) as wall time and the CPU time it used; a `decide` at every
stage in a process that has read no table of the game yet (the table, the pay classes, every
solve: what the command adds to its start-up) and as a command (wall time including the start-up, which the
command line's imports make about the same for every game: a Three Card Poker decide is shown
beside it); and the kernel against a pure-Python brute force (every stage decided by exhaustive
search in Fractions, every hand valued by core/oracle.py) on the same reduced deck: the ratio of
their times.  The machine is shared, so each time is the best of a few runs and the CPU time is
shown beside the wall time.
"""
from __future__ import annotations

import itertools
import random
import resource
import subprocess
import sys
import time
from fractions import Fraction
from functools import cache

LIMITS = {"full analysis": 1.0, "decide": 0.2}
DECIDES = {"mississippi-stud": [("As Td", ""), ("As Td", "Ts"), ("As Td", "Ts 4h")],
           "let-it-ride": [("Ts Js 4s", ""), ("Ts Js 4s", "Qs")]}
REDUCED = {"mississippi-stud": 12, "let-it-ride": 14}


def run_wall(args, repeats):
    """Best wall time and the CPU time (user + system) of that run, of a command as a fresh process."""
    best, cpu = float("inf"), 0.0
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if wall < best:
            best = wall
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return best, cpu


def brute_force(rules, deck, classify, pays):
    """The expected net per round of the optimal player, by exhaustive search (plain Python)."""
    stages = rules.stages

    @cache
    def net(cards):
        pay = pays.get(classify(cards))
        return Fraction(-1) if pay is None else Fraction(pay)

    def draws(seen, more):
        rest = [c for c in deck if c not in seen]
        return [tuple(sorted(seen + t)) for t in itertools.combinations(rest, more)]

    @cache
    def value(i, seen, units):
        best = None
        more = (5 if i == len(stages) - 1 else stages[min(i + 1, len(stages) - 1)].seen) - len(seen)
        for option in stages[i].options:
            if option.fold:
                found = Fraction(-units)
            else:
                after = units + option.delta
                nexts = draws(seen, more)
                if i == len(stages) - 1:
                    found = sum((after * net(cards) for cards in nexts), Fraction(0)) / len(nexts)
                else:
                    found = sum((value(i + 1, cards, after) for cards in nexts), Fraction(0)) / len(nexts)
            best = found if best is None or found > best else best
        return best

    firsts = draws((), stages[0].seen)
    return sum((value(0, cards, rules.initial_units) for cards in firsts), Fraction(0)) / len(firsts)


def classifier(name):
    from oddscalc.core.hands import FiveCardCategory
    from oddscalc.core.oracle import five_card_value
    lowest = {"mississippi-stud": ((9, "jacks-or-better"), (4, "pair-6-or-better")),
              "let-it-ride": ((8, "tens-or-better"),)}[name]

    def classify(cards):
        value = five_card_value(cards)
        if value[0] == FiveCardCategory.PAIR:
            return next((label for rank, label in lowest if value[1] >= rank), "pair")
        return FiveCardCategory(value[0]).label
    return classify


DECIDE_CODE = """
import sys, time
import oddscalc
oddscalc.decide("three-card-poker", hand="Qh 6d 4s")      # the API's modules, imported on first use
start = time.perf_counter()
oddscalc.decide({name!r}, hand={hand!r}, board={board!r})
first = time.perf_counter() - start
start = time.perf_counter()
oddscalc.decide({name!r}, hand={hand!r}, board={board!r})
print(first, time.perf_counter() - start)
"""


def decide_in_process(name, hand, board):
    """(seconds of the game's first decide in a process that has read no table of it: the table,
    its pay classes, every solve; of a second one)."""
    best = None
    for _ in range(5):
        code = "import oddscalc\n" + DECIDE_CODE.format(name=name, hand=hand, board=board or None)
        done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        first, again = map(float, done.stdout.split())
        best = (first, again) if best is None or first < best[0] else best
    return best


def versus_brute(name):
    """(kernel seconds, brute seconds, deals) on one reduced deck, the two returns checked equal."""
    from oddscalc.engines.base import load
    from oddscalc.engines.staged import solve
    from oddscalc.engines.staged.rules import StagedRules
    rules = StagedRules.of(load(name))
    deck = sorted(random.Random(1).sample(range(52), REDUCED[name]))
    solve.solve(rules, deck)                     # the pay classes, once
    start = time.perf_counter()
    for _ in range(20):
        found = solve.analysis_of(rules, solve.solve(rules, deck))
    kernel = (time.perf_counter() - start) / 20
    start = time.perf_counter()
    expected = brute_force(rules, deck, classifier(name), dict(rules.game.paytable().pays))
    brute = time.perf_counter() - start
    assert found.expected_return == expected, (name, found.expected_return, expected)
    return kernel, brute, found.total


def main():
    python = sys.executable
    ok = True
    floor, _ = run_wall([python, "-m", "oddscalc", "decide", "three-card-poker", "--hand", "Qh 6d 4s"], repeats=5)
    for name in ("mississippi-stud", "let-it-ride"):
        full, cpu = run_wall([python, "-m", "oddscalc", "analyze", name], repeats=3)
        print(f"{name}")
        print(f"  full optimal analysis, fresh process   {full:8.3f} s wall, {cpu:.3f} s CPU   "
              f"(limit {LIMITS['full analysis']} s)")
        ok = ok and full < LIMITS["full analysis"]
        for hand, board in DECIDES[name]:
            args = [python, "-m", "oddscalc", "decide", name, "--hand", hand] + (["--board", board] if board else [])
            wall, _used = run_wall(args, repeats=5)
            first, again = decide_in_process(name, hand, board)
            where = f"--hand '{hand}'" + (f" --board '{board}'" if board else "")
            print(f"  decide {where:36s} {first:8.3f} s first in a process, {again:.3f} s again; "
                  f"as a command {wall:.3f} s wall (limit {LIMITS['decide']} s)")
            ok = ok and first < LIMITS["decide"]
        kernel, brute, deals = versus_brute(name)
        print(f"  reduced deck of {REDUCED[name]} cards ({deals:,} deals): kernel {kernel * 1e3:.2f} ms, "
              f"brute force {brute:.2f} s: {brute / kernel:,.0f}x")
    print(f"a Three Card Poker decide as a command, for the start-up: {floor:.3f} s wall")
    print("all limits met" if ok else "SOME LIMITS NOT MET (wall times on a shared machine: see the CPU times)")


if __name__ == "__main__":
    main()
