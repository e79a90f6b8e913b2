"""The ``oddscalc`` command: dispatch to one command; bad input is one line on stderr and exit 2.

Everything the command prints goes through ``write``, which handles a stream that fails as any
Unix tool does: a full disk or a closed stdout is one line on stderr and exit 1, a reader that
went away (a broken pipe, ``| head``) is a quiet exit 141 (as if killed by SIGPIPE), and a stderr
that cannot be written is given up silently.  A failed stream is pointed at ``os.devnull`` so that
the interpreter's flush at exit cannot print "Exception ignored" or change the exit status.

>>> run(["games", "--format", "json"])[1]
0
>>> main(["rank", "As", "Ax"])
2
"""
from __future__ import annotations

import errno
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Literal, TextIO

from oddscalc.cli.options import HelpShown, Output
from oddscalc.core.budget import scope
from oddscalc.core.errors import InputError, unknown
from oddscalc.core.numbers import unlimited_int_digits
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
    "command": "game:command_command",
    "design": "tools:design_command",
    "sweep": "tools:sweep_command",
    "compare": "tools:compare_command",
    "distribution": "tools:distribution_command",
    "simulate": "tools:simulate_command",
    "check": "tools:check_command",
    "exposure": "exposure:exposure_command",
    "report": "parsheet:report_command",
    "serve": "serve:serve_command",
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
  command       a command of a game's family's own: oddscalc command GAME NAME
  design        solve one payout for a target return
  sweep         the return at every payout of a range
  compare       paytables, rule sets or strategies of one game side by side
  distribution  the exact distribution of the net after N rounds
  simulate      a seeded Monte Carlo that writes outcome counts
  check         a simulator's counts against the exact distribution
  exposure      what seeing more than your own cards is worth (dealer cards, other boxes, sorted backs)
  report        a par sheet: one self-contained HTML page of a game's exact figures
  serve         the designer's workbench: a local web page of exact figures (the [web] extra)

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
    # every number a user gives is bounded by its parser, but exact results (a distribution of
    # many rounds to thousands of digits) hold integers beyond Python's 4300-digit str() limit
    try:
        with scope(), unlimited_int_digits():  # limits a command sets end with it
            report, how = command(name)(rest)
            return render(report, how.fmt, how.lang), report.exit_status
    except HelpShown as shown:
        return shown.text, 0


EXIT_WRITE_ERROR = 1          # stdout could not be written (a full disk, a closed descriptor)
EXIT_BROKEN_PIPE = 141        # 128 + SIGPIPE: the reader went away, what a shell shows for `cat | head`
STREAM_NAMES = {"stdout": "standard output", "stderr": "standard error"}


def write(text: str, which: Literal["stdout", "stderr"] = "stdout") -> OSError | None:
    """Write ``text`` to stdout or stderr and flush it: None once it is written, else the error
    (the stream is then pointed at ``os.devnull``, so nothing later can fail on it again)."""
    stream: TextIO | None = getattr(sys, which)
    try:
        if stream is None:                     # Python found the descriptor closed at start-up
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        try:
            stream.write(text)
        except UnicodeEncodeError:             # an ASCII or Latin-1 stream: escape what it cannot show
            encoding = stream.encoding or "ascii"
            stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except (OSError, ValueError) as error:     # ValueError: the stream object was closed
        _silence(stream)
        return error if isinstance(error, OSError) else OSError(errno.EBADF, os.strerror(errno.EBADF))
    return None


def _silence(stream: TextIO | None) -> None:
    """Point a failed stream's descriptor at ``os.devnull`` (as the Python documentation advises
    for a broken pipe), so the data still buffered in it is flushed there at exit, not retried."""
    if stream is None:
        return
    try:
        descriptor = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):              # not a file (a test's capture), or no descriptor left
        return
    try:
        os.dup2(null, descriptor)
    except OSError:
        pass
    finally:
        os.close(null)


def _guard_standard_descriptors() -> None:
    """Open ``os.devnull`` on a standard descriptor (0, 1, 2) that is closed, so no file the
    command opens (a temporary ``--output`` file) can take its number and receive stray output."""
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDWR)
            except OSError:
                return
            if null != descriptor:
                os.dup2(null, descriptor)
                os.close(null)


def one_line(text: str) -> str:
    """``text`` with every character that is not printable escaped (a newline or a terminal escape
    typed into a file name cannot split an error message or drive the terminal).

    >>> one_line("no such file: a\\nb\\x1b[2J")
    'no such file: a\\\\nb\\\\x1b[2J'
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def fail(message: str, status: int) -> int:
    """One line on stderr (given up if stderr cannot be written) and the exit status."""
    write(f"oddscalc: {one_line(message)}\n", "stderr")
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    _guard_standard_descriptors()
    argv = sys.argv[1:] if argv is None else argv
    try:
        output, status = run(argv)
        error = write(output)
    except InputError as refused:
        return fail(f"error: {refused}", 2)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    if error is None:
        return status
    if isinstance(error, BrokenPipeError):
        return EXIT_BROKEN_PIPE
    return fail(f"error: cannot write to {STREAM_NAMES['stdout']}: {error.strerror or error}", EXIT_WRITE_ERROR)
