"""Reports of ``design``: a payout solved for a target return, and the return as an expression.

>>> from oddscalc.engines.base import load
>>> report = symbolic_report(load("five-plus-one-bonus"))
>>> report.data["symbolic"]["payouts"]["flush"]["pay"]
Fraction(15, 1)
"""
from __future__ import annotations

import importlib
import math
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import big_text, decimal_text, percent_text, short_exact
from oddscalc.report.analysis import analysis_data, metrics_table, outcome_table
from oddscalc.report.model import Report, Table
from oddscalc.tools.design import PayoutSolution, metric_value
from oddscalc.tools.payouts import Figure, PayoutKey, analysis_at, current_payout, strategy_of, with_payout

if TYPE_CHECKING:
    from oddscalc.tools.symbolic import SymbolicReturn

def _sympy() -> ModuleType:
    """sympy, imported when a report first needs it: it costs a start about half a second, and only
    the symbolic return uses it (design --symbolic, symbolic)."""
    return importlib.import_module("sympy")


PER_LABEL = {"ante": "per unit", "unit": "per unit", "total": "per total amount wagered"}


def per_label(per: str, figure: Figure) -> str:
    """``per ante``, ``per pair-plus stake`` (the figure's unit) or ``per total amount wagered``."""
    return PER_LABEL["total"] if per == "total" else f"per {figure.stake}"


def _paytable_rows(game: GameTable, name: str) -> tuple[tuple[str, Fraction], ...]:
    return tuple((category, pay) for category, pay in game.paytable(name).pays.items())


def symbolic_refusal(figure: Figure) -> str:
    """Why ``--symbolic`` does not go with a solved wager other than the game's."""
    return (f"--symbolic expresses the game's return, not that of {figure.label}: drop --symbolic, or "
            "ask for the game's return with --of game when it depends on the payout")


def nearby(game: GameTable, key: PayoutKey, payout: Fraction, step: Fraction,
           figure: Figure | None = None) -> list[tuple[Fraction, Fraction, Fraction]]:
    """The returns (of ``figure``, else the game's) at the payouts on a grid of ``step`` around a
    solved payout."""
    below = step * math.floor(payout / step)
    grid = [below] if below == payout else [below, below + step]
    rows = []
    for value in grid:
        if value >= 0:
            a = analysis_at(game, key, value, figure=figure)
            rows.append((value, a.rtp, a.rtp_total))
    return rows


def symbolic_tables(symbolic: SymbolicReturn, solved: tuple[PayoutKey, Fraction] | None = None
                    ) -> tuple[list[Table], dict[str, object], list[str]]:
    """The marginal effect of each payout, the expressions, and their JSON."""
    values = dict(symbolic.values)
    if solved is not None:
        key, payout = solved
        values[symbolic.symbols[key]] = _sympy().Rational(payout)
    wager = symbolic.analysis.average_wager
    rows, data = [], {}
    for key, coefficient in symbolic.coefficients.items():
        pay = Fraction(str(values[symbolic.symbols[key]]))
        rows.append((str(symbolic.symbols[key]), pay, coefficient, decimal_text(coefficient, 8),
                     decimal_text(coefficient / wager, 8), decimal_text(coefficient * pay, 8)))
        data[key.text] = {"symbol": str(symbolic.symbols[key]), "pay": pay, "marginal_effect": coefficient,
                          "marginal_effect_per_total": coefficient / wager, "contribution": coefficient * pay}
    table = Table("marginal effect of each payout (fixed optimal strategy): return per unit gained when the "
                  "payout rises by 1", ("payout", "pays", "exact", "per unit", "per total wagered",
                                        "contribution to the return"), tuple(rows))
    rtp, rtp_total = symbolic.rtp_expression, symbolic.rtp_total_expression
    notes = [f"RTP per unit = {rtp}", f"RTP per total wagered = {rtp_total}",
             f"(at these pays: {rtp.subs(values)} per unit, {rtp_total.subs(values)} per total wagered)"]
    json = {"rtp_expression": str(rtp), "rtp_total_expression": str(rtp_total),
            "rtp_expression_latex": _sympy().latex(rtp), "constant": symbolic.constant,
            "average_wager": wager, "payouts": data}
    return [table], json, notes


def symbolic_report(game: GameTable) -> Report:
    """``design --symbolic``: the return as an exact expression in every payout."""
    from oddscalc.tools.symbolic import symbolic_return  # sympy: imported by the one report using it
    tables, data, notes = symbolic_tables(symbolic_return(game))
    return Report(f"{game.title}: the return as an expression in the payouts", tuple(tables),
                  {"game": game.name, "symbolic": data}, tuple(notes))


def design_report(game: GameTable, solution: PayoutSolution, step: Fraction, symbolic: bool = False) -> Report:
    """``design``: the solved payout with its analysis, or why no payout reaches the target.

    Exit status 1 when no payout does (the question was fine; its answer is "none")."""
    key, target, figure = solution.key, solution.target, solution.figure
    per = per_label(solution.per, figure)
    of = "the game" if figure.of == "game" else f"wager {figure.wager}"
    title = f"{game.title}: {key.text} for a return of {percent_text(target, 4)} {per} ({of})"
    data: dict[str, object] = {
        "game": game.name, "vary": key.text, "per": "total" if solution.per == "total" else "unit",
        "of": figure.of, "wager": figure.wager, "wager_title": figure.title, "unit": figure.stake,
        "target": target, "table_payout": current_payout(game, key), "found": solution.found,
        "payout": solution.payout, "reason": solution.reason, "analyses": len(solution.tried)}
    solved_for = ("return of", figure.label)
    tried = Table("payouts tried (each an exact analysis with its own optimal strategy)",
                  ("payout", "decimal", f"return {per}"),
                  tuple((short_exact(p.payout), decimal_text(p.payout, 6), percent_text(p.value, 6))
                        for p in sorted(solution.tried, key=lambda p: p.payout)))
    if solution.payout is None or solution.analysis is None:
        summary = Table("result", ("", "value"), (solved_for, ("target", f"{percent_text(target, 6)} {per}"),
                                                  ("result", solution.reason)))
        return Report(title, (summary, tried), data, exit_status=1)
    a, payout = solution.analysis, solution.payout
    solved_game = with_payout(game, key, payout)
    summary = Table("solution", ("", "exact", "decimal"), (
        (*solved_for, ""),
        (f"{key.text}: the table pays", current_payout(game, key), decimal_text(current_payout(game, key), 6)),
        (f"{key.text}: pays for the target", payout, decimal_text(payout, 10)),
        (f"target return {per}", target, percent_text(target, 6)),
        (f"return per {figure.stake} (RTP)", short_exact(a.rtp), percent_text(a.rtp, 6)),
        ("return per total wagered", short_exact(a.rtp_total), percent_text(a.rtp_total, 6)),
        ("exact analyses made", len(solution.tried), ""),
    ))
    near = nearby(game, key, payout, step, figure)
    tables = [summary,
              Table(f"nearby payouts on a grid of {step}", ("payout", f"return per {figure.stake}",
                                                             "return per total wagered"),
                    tuple((v, percent_text(r, 6), percent_text(t, 6)) for v, r, t in near)),
              Table(f"paytable {key.paytable} with the solved payout", ("category", "pays"),
                    _paytable_rows(solved_game, key.paytable)),
              outcome_table(a), metrics_table(a)]
    notes = [f"The optimal strategy is re-solved at every payout tried ({len(solution.tried)} exact analyses); "
             f"the return {per} of {figure.label} is exactly {big_text(metric_value(a, solution.per))}, "
             "the target."]
    data.update({"payout_decimal": float(payout),
                 "paytable": dict(_paytable_rows(solved_game, key.paytable)),
                 "nearby": [{"payout": v, "rtp": r, "rtp_total": t} for v, r, t in near],
                 "analysis": analysis_data(a)})
    if symbolic:       # the game's return as an expression: only when it is the figure solved for
        if not figure.whole:
            raise InputError(symbolic_refusal(figure))
        piece = next(p for p in solution.tried if p.piece == strategy_of(a))
        from oddscalc.tools.symbolic import symbolic_return
        more, data["symbolic"], more_notes = symbolic_tables(symbolic_return(with_payout(game, key, piece.payout)),
                                                             (key, payout))
        tables += more
        notes += more_notes
    return Report(title, tuple(tables), data, tuple(notes))
