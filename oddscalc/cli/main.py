"""The ``oddscalc`` command: dispatch to one command; bad input is one line on stderr and exit 2.

>>> run(["games", "--format", "json"])[1]
0
>>> main(["rank", "As", "Ax"])
2
"""
from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence

from oddscalc.cli.options import HelpShown, Output
from oddscalc.core.budget import scope
from oddscalc.core.errors import InputError, unknown
from oddscalc.core.version import __version__
from oddscalc.report.render import render

# command -> the module and function that run it; a module is imported only when its command runs,
# because start-up time is part of every query (sympy alone would add half a second)
COMMANDS = {
    "rank": "rank:rank_command",
    "games": "rank:games_command",
    "analyze": "game:analyze_command",
    "decide": "game:decide_command",
    "strategy": "game:strategy_command",
    "fast-action": "fast_action:fast_action_command",
    "design": "tools:design_command",
    "sweep": "tools:sweep_command",
    "distribution": "tools:distribution_command",
    "simulate": "tools:simulate_command",
    "check": "tools:check_command",
    "exposure": "exposure:exposure_command",
    "report": "parsheet:report_command",
}


def command(name: str) -> Callable[[Sequence[str]], Output]:
    """The function that runs a command."""
    module, _, function = COMMANDS[name].partition(":")
    run_command: Callable[[Sequence[str]], Output] = getattr(importlib.import_module(f"oddscalc.cli.{module}"),
                                                              function)
    return run_command


USAGE = f"""usage: oddscalc COMMAND [options]   (oddscalc COMMAND -h for a command's options)

Exact odds, optimal strategy and paytable returns for banked poker table games.

commands:
  rank          category and strength of a hand
  games         the built-in games
  analyze       exact outcome table and metrics of a game under its optimal strategy
  decide        the best decision in one situation, with exact expected values
  strategy      the optimal strategy as players use it
  fast-action   odds of a partly known Fast Action Poker deal (fast-action odds)
  design        solve one payout for a target return
  sweep         the return at every payout of a range
  distribution  the exact distribution of the net after N rounds
  simulate      a seeded Monte Carlo that writes outcome counts
  check         a simulator's counts against the exact distribution
  exposure      what seeing more than your own cards is worth (dealer cards, other boxes, sorted backs)
  report        a par sheet: one self-contained HTML page of a game's exact figures

oddscalc {__version__}
"""


def run(argv: Sequence[str]) -> tuple[str, int]:
    """Run one command: what it prints, and its exit status."""
    if not argv or argv[0] in ("-h", "--help"):
        if not argv:
            raise InputError("a command is required (rank, games, analyze, decide, strategy, …); -h for help")
        return USAGE, 0
    if argv[0] == "--version":
        return f"oddscalc {__version__}\n", 0
    name, rest = argv[0], list(argv[1:])
    if name not in COMMANDS:
        raise unknown("command", name, COMMANDS)
    try:
        with scope():                          # limits a command sets end with it
            report, fmt = command(name)(rest)
    except HelpShown as shown:
        return shown.text, 0
    return render(report, fmt), report.exit_status


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        output, status = run(argv)
    except InputError as error:
        print(f"oddscalc: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("oddscalc: interrupted", file=sys.stderr)
        return 130
    sys.stdout.write(output)
    return status
