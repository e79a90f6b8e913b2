"""Paytable design: one payout solved for a target return, and the return across a range of payouts."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated

from oddscalc.api.arguments import (
    Flag,
    Game,
    IsNumbers,
    Number,
    OneOf,
    OptionalFilePath,
    OptionalNumber,
    Pays,
    Rules,
    Text,
    boundary,
)
from oddscalc.api.result import Result
from oddscalc.api.tables import load
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_exact
from oddscalc.tools.design import PayoutSolution, parse_target, solve_payout
from oddscalc.tools.design_report import design_report, symbolic_refusal, symbolic_report
from oddscalc.tools.payouts import OF, Figure, figure_of, payout_key
from oddscalc.tools.plotting import plot_target
from oddscalc.tools.sweep import MAX_POINTS, SweepRow, parse_sweep, sweep_report
from oddscalc.tools.sweep import sweep as sweep_rows

__all__ = ["OF", "PERS", "Designed", "Swept", "Symbolic", "design", "sweep", "symbolic"]

PERS = ("ante", "unit", "total")
Per = Annotated[str, OneOf(PERS)]
Of = Annotated[str, OneOf(OF)]
# sweep's payouts: at most as many as a range gives
Payouts = Annotated[list[Fraction | int | float | str] | tuple[Fraction | int | float | str, ...] | None,
                    IsNumbers(MAX_POINTS)]


@dataclass(frozen=True)
class Designed(Result):
    """The payout of ``vary`` that gives the target return exactly (``payout`` None when no payout
    does; ``solution.reason`` says why)."""
    game: str
    payout: Fraction | None
    solution: PayoutSolution = field(repr=False)


@boundary
def design(game: Game, vary: Text, target: Number, *, per: Per = "ante", of: Of = "wager", pays: Pays = None,
           rules: Rules = None, table: OptionalFilePath = None, max_payout: Number = 1_000_000, step: Number = 1,
           symbolic: Flag = False) -> Designed:
    """Solve one payout for a target return, the optimal strategy re-solved at every payout tried.

    The return is that of the wager the payout belongs to (``of="wager"``: a side bet's pay is solved
    on that side bet's return, per its stake) or the whole game's (``of="game"``, as ``analyze``
    gives it); ``per``: per the wager's stake (the Ante, the Bet, the side-bet stake) or per the
    ``total`` wagered.

    >>> design("five-plus-one-bonus", "flush", "0.9").payout
    Fraction(11839, 872)
    >>> design("three-card-poker", "pair-plus.flush", "39/40").payout
    Fraction(8687, 2192)
    """
    loaded = load(game, pays, rules, table)
    if per not in PERS:
        raise InputError(f"--per must be one of {', '.join(PERS)}, got '{per}'")
    if of not in OF:
        raise InputError(f"--of must be one of {', '.join(OF)}, got '{of}'")
    if "=" in vary:
        raise InputError(f"design --vary takes one payout such as flush, got '{vary[:60]}' "
                         "(a range of payouts is for sweep)")
    goal = target if isinstance(target, Fraction) else parse_target(str(target))
    limit, spacing = parse_exact(max_payout, "--max-payout"), parse_exact(step, "--step")
    if limit <= 0 or spacing <= 0:
        raise InputError("--max-payout and --step must be positive")
    key = payout_key(loaded, vary)
    figure = figure_of(loaded, key, of)
    if symbolic and not figure.whole:
        raise InputError(symbolic_refusal(figure))
    solution = solve_payout(loaded, key, goal, per, limit, figure)
    return Designed(loaded.name, solution.payout, solution, report=design_report(loaded, solution, spacing, symbolic))


@dataclass(frozen=True)
class Symbolic(Result):
    """The return as an exact expression in the payouts (the optimal strategy held fixed)."""
    game: str


@boundary
def symbolic(game: Game, pays: Pays = None, rules: Rules = None, *, table: OptionalFilePath = None) -> Symbolic:
    """The return per unit as a sympy expression in the payouts, printed in the report.

    >>> "flush" in symbolic("five-plus-one-bonus").to_text()
    True
    """
    loaded = load(game, pays, rules, table)
    return Symbolic(loaded.name, report=symbolic_report(loaded))


@dataclass(frozen=True)
class Swept(Result):
    """The exact analysis at every payout of a range, of ``figure`` (which wager, or the game)."""
    game: str
    rows: tuple[SweepRow, ...] = field(repr=False)
    figure: Figure = field(repr=False)

    @property
    def returns(self) -> dict[Fraction, Fraction]:
        """Expected return per unit (the figure's stake) at each payout."""
        return {row.payout: row.analysis.expected_return for row in self.rows}


@boundary
def sweep(game: Game, vary: Text, values: Payouts = None, *, step: OptionalNumber = None, of: Of = "wager",
          pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None,
          plot: OptionalFilePath = None) -> Swept:
    """The return at every payout: ``vary`` as ``flush=1..10`` (with ``step``) or ``flush=5,6``,
    or ``vary="flush"`` with a list of ``values``; of the wager the payout belongs to
    (``of="wager"``) or of the whole game (``of="game"``), as :func:`design`.

    >>> sweep("five-plus-one-bonus", "flush", [14, 15]).returns[Fraction(15)] > 0
    False
    >>> sweep("three-card-poker", "pair-plus.flush", [4]).returns[Fraction(4)]
    Fraction(-128, 5525)
    """
    chart = plot_target(None if plot is None else os.fspath(plot))       # checked before any work
    if of not in OF:
        raise InputError(f"--of must be one of {', '.join(OF)}, got '{of}'")
    loaded = load(game, pays, rules, table)
    if values is not None:
        vary = f"{vary}=" + ",".join(str(parse_exact(v, "--vary")) for v in values)
    key, payouts = parse_sweep(loaded, vary, step)
    figure = figure_of(loaded, key, of)
    rows = sweep_rows(loaded, key, payouts, figure=figure)
    return Swept(loaded.name, tuple(rows), figure, report=sweep_report(loaded, key, rows, chart, figure))
