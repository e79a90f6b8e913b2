"""Start-up: the wall time of short commands as the user types them, as a ratio to the interpreter's own
start-up (``python -c pass``) measured in the same run.

    python bench/startup.py [--repeats N] [--only decide|analyze] [--compare OTHER-CHECKOUT]

Every ``decide`` of every built-in game that has a decision (Mississippi Stud and Let It Ride at every
stage, Ultimate Three Card Poker twice), and ``analyze`` of every built-in game, each run as a fresh
process of the ``oddscalc`` command (the console script beside this interpreter).  Each command is
run several times, interleaved with the others (the machine is shared: a burst of load spreads over
every command instead of spoiling one); the table shows the best and the median wall time, the least
CPU time (user + system) of any run, and each as a multiple of ``python -c pass``'s (on a loaded
machine the CPU time and the ratios move less than the wall time).  Issue 19 asks ``decide`` at any
stage to finish within 0.2 s; the last column says whether the best run did.  Bytecode is written
and used as an installed package's would be (``PYTHONDONTWRITEBYTECODE`` is cleared for the
children), so a stale ``.pyc`` does not charge a recompile to the first command that imports a module.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DECIDE_LIMIT = 0.2
REPO = Path(__file__).resolve().parent.parent
DECIDES: list[tuple[str, ...]] = [
    ("caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qd"),
    ("live-caribbean-stud", "--hand", "As Kd Jc 8h 3s", "--up", "Kh", "--dead", "Jh Jd 7c"),
    ("three-card-poker", "--hand", "Qh 6d 4s"),
    ("fast-poker", "--hand", "Qh 6d 3s"),
    ("caribbean-fast-poker", "--hand", "Kc 8h 2d", "--dead", "Qs Qd"),
    ("ultimate-three-card-poker", "--hand", "Qh 6d 4s", "--up", "2c"),
    ("ultimate-three-card-poker", "--hand", "8h 8d 3s", "--up", "Kc"),
    ("mississippi-stud", "--hand", "As Kd"),
    ("mississippi-stud", "--hand", "As Kd", "--board", "Qs"),
    ("mississippi-stud", "--hand", "As Kd", "--board", "Qs 4c"),
    ("let-it-ride", "--hand", "As Kd 4c"),
    ("let-it-ride", "--hand", "As Kd 4c", "--board", "Qs"),
    ("fast-action-poker", "--hand", "As Kd", "--board", "Qs Jd 2c", "--players", "4",
     "--others-bet", "0", "--others-bet", "1", "--others-bet", "2"),
]
ANALYZES: list[tuple[str, ...]] = [
    ("three-card-poker",), ("fast-poker",), ("caribbean-fast-poker",), ("ultimate-three-card-poker",),
    ("mississippi-stud",), ("let-it-ride",), ("caribbean-stud",), ("live-caribbean-stud",),
    ("caribbean-stud-progressive",), ("five-plus-one-bonus",),
    ("fast-action-poker", "--seats", "1,2,4,7", "--samples", "2000", "--seed", "7", "--workers", "1"),
]


def command() -> list[str]:
    """The ``oddscalc`` console script installed beside this interpreter, else ``python -m oddscalc``."""
    script = Path(sys.executable).with_name("oddscalc")
    return [str(script)] if script.exists() else [sys.executable, "-m", "oddscalc"]


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one fresh process (run from a neutral folder, so
    ``python -m`` finds the package through its path, not the current directory)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--only", choices=("decide", "analyze"))
    parser.add_argument("--compare", metavar="PATH",
                        help="also run every command from another checkout (a folder holding its oddscalc/ and "
                             "tables/, with its kernels built), interleaved; both then run as python -m oddscalc "
                             "with the checkout first on PYTHONPATH")
    options = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    trees = {"": command()} if options.compare is None else {"": str(REPO), " [compare]": options.compare}
    lines: dict[str, tuple[list[str], dict[str, str]]] = {"python -c pass": ([sys.executable, "-c", "pass"], env)}
    for verb, cases in (("decide", DECIDES), ("analyze", ANALYZES)):
        if options.only in (None, verb):
            for case in cases:
                name = " ".join([verb, *(f'"{a}"' if " " in a else a for a in case)])
                for label, tree in trees.items():
                    if isinstance(tree, list):
                        lines[name] = ([*tree, verb, *case], env)
                    else:
                        lines[name + label] = ([sys.executable, "-m", "oddscalc", verb, *case],
                                               {**env, "PYTHONPATH": tree})
    for args, child_env in lines.values():   # once each, untimed: bytecode written, files in the page cache
        run_once(args, child_env)
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in lines}
    for _ in range(options.repeats):
        for name, (args, child_env) in lines.items():
            runs[name].append(run_once(args, child_env))
    python_wall = min(wall for wall, _ in runs["python -c pass"])
    python_cpu = min(cpu for _, cpu in runs["python -c pass"])
    width = max(map(len, lines))
    print(f"{'command':<{width}}  {'best s':>6}  {'median s':>8}  {'cpu s':>6}  {'× python':>8}  {'cpu ×':>6}"
          f"  ≤ {DECIDE_LIMIT} s")
    for name, times in runs.items():
        best = min(wall for wall, _ in times)
        cpu = min(cpu for _, cpu in times)
        median = statistics.median(wall for wall, _ in times)
        verdict = ("yes" if best <= DECIDE_LIMIT else "NO") if name.startswith("decide") else ""
        print(f"{name:<{width}}  {best:6.3f}  {median:8.3f}  {cpu:6.3f}  {best / python_wall:8.2f}  "
              f"{cpu / python_cpu:6.2f}  {verdict}")
    how = (" ".join(command()) if options.compare is None
           else f"python -m oddscalc from {REPO} and [compare] {options.compare}")
    print(f"\n{options.repeats} runs each, interleaved; {how}; python -c pass: best {python_wall:.3f} s "
          f"wall, {python_cpu:.3f} s CPU.  best s, cpu s: the least wall and CPU time (user + system) of any run; "
          "× python: best s / python's best wall; cpu ×: cpu s / python's least CPU.")


if __name__ == "__main__":
    main()
