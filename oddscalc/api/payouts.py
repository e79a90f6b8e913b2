"""Paytable design: one payout solved for a target return, and the return across a range of payouts."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, Overlay, load
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_exact
from oddscalc.tools.design import PayoutSolution, parse_target, solve_payout
from oddscalc.tools.design_report import design_report, symbolic_report
from oddscalc.tools.payouts import payout_key
from oddscalc.tools.plotting import plot_target
from oddscalc.tools.sweep import SweepRow, parse_sweep, sweep_report
from oddscalc.tools.sweep import sweep as sweep_rows

PERS = ("ante", "unit", "total")


@dataclass(frozen=True)
class Designed(Result):
    """The payout of ``vary`` that gives the target return exactly (``payout`` None when no payout
    does; ``solution.reason`` says why)."""
    game: str
    payout: Fraction | None
    solution: PayoutSolution = field(repr=False)


def design(game: GameLike, vary: str, target: Fraction | float | str, *, per: str = "ante",
           pays: Overlay = None, rules: Overlay = None, table: str | Path | None = None,
           max_payout: Fraction | int | str = 1_000_000, step: Fraction | int | str = 1,
           symbolic: bool = False) -> Designed:
    """Solve one payout for a target return (``per``: the unit, that is the Ante or the Bet, or the
    ``total`` wagered), the optimal strategy re-solved at every payout tried.

    >>> design("five-plus-one-bonus", "flush", "0.9").payout
    Fraction(11839, 872)
    """
    loaded = load(game, pays, rules, table)
    if per not in PERS:
        raise InputError(f"--per must be one of {', '.join(PERS)}, got '{per}'")
    if "=" in vary:
        raise InputError(f"design --vary takes one payout such as flush, got '{vary[:60]}' "
                         "(a range of payouts is for sweep)")
    goal = target if isinstance(target, Fraction) else parse_target(str(target))
    limit, spacing = parse_exact(max_payout, "--max-payout"), parse_exact(step, "--step")
    if limit <= 0 or spacing <= 0:
        raise InputError("--max-payout and --step must be positive")
    solution = solve_payout(loaded, payout_key(loaded, vary), goal, per, limit)
    return Designed(loaded.name, solution.payout, solution, report=design_report(loaded, solution, spacing, symbolic))


@dataclass(frozen=True)
class Symbolic(Result):
    """The return as an exact expression in the payouts (the optimal strategy held fixed)."""
    game: str


def symbolic(game: GameLike, pays: Overlay = None, rules: Overlay = None, *,
             table: str | Path | None = None) -> Symbolic:
    """The return per unit as a sympy expression in the payouts, printed in the report.

    >>> "flush" in symbolic("five-plus-one-bonus").to_text()
    True
    """
    loaded = load(game, pays, rules, table)
    return Symbolic(loaded.name, report=symbolic_report(loaded))


@dataclass(frozen=True)
class Swept(Result):
    """The exact analysis at every payout of a range."""
    game: str
    rows: tuple[SweepRow, ...] = field(repr=False)

    @property
    def returns(self) -> dict[Fraction, Fraction]:
        """Expected return per unit at each payout."""
        return {row.payout: row.analysis.expected_return for row in self.rows}


def sweep(game: GameLike, vary: str, values: Iterable[Fraction | int | str] | None = None, *,
          step: str | None = None, pays: Overlay = None, rules: Overlay = None, table: str | Path | None = None,
          plot: str | Path | None = None) -> Swept:
    """The return at every payout: ``vary`` as ``flush=1..10`` (with ``step``) or ``flush=5,6``,
    or ``vary="flush"`` with a list of ``values``.

    >>> sweep("five-plus-one-bonus", "flush", [14, 15]).returns[Fraction(15)] > 0
    False
    """
    chart = plot_target(None if plot is None else str(plot))       # checked before any work
    loaded = load(game, pays, rules, table)
    if values is not None:
        vary = f"{vary}=" + ",".join(str(parse_exact(v, "--vary")) for v in values)
    key, payouts = parse_sweep(loaded, vary, step)
    rows = sweep_rows(loaded, key, payouts)
    return Swept(loaded.name, tuple(rows), report=sweep_report(loaded, key, rows, chart))
