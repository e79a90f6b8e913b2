"""Return against one payout: the exact optimal-strategy analysis at each payout of a range, of
the wager the payout belongs to (a side bet's pay: that side bet, per its stake) or of the game.

>>> from oddscalc.engines.base import load
>>> game = load("five-plus-one-bonus")
>>> key, values = parse_sweep(game, "flush=14..16")
>>> [row.payout for row in sweep(game, key, values)]
[Fraction(14, 1), Fraction(15, 1), Fraction(16, 1)]
>>> three = load("three-card-poker")
>>> key, values = parse_sweep(three, "pair-plus.flush=3,4")
>>> [row.analysis.rtp for row in sweep(three, key, values, figure=figure_of(three, key))]
[Fraction(5123, 5525), Fraction(5397, 5525)]
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import parse_exact, percent_text
from oddscalc.engines.base import OPTIMAL
from oddscalc.report.model import Report, Table
from oddscalc.tools.payouts import (
    Figure,
    PayoutKey,
    check_denominators,
    current_payout,
    figure_of,
    measurer,
    payout_key,
    with_payout,
)
from oddscalc.tools.plotting import save_lines

MAX_POINTS = 1000


def parse_values(text: str, step: Fraction | int | float | str | None = None) -> list[Fraction]:
    """Payouts from ``A..B`` (every ``step``, default 1, B included when on the grid) or ``a,b,c``.

    >>> parse_values("1..2", "1/2")
    [Fraction(1, 1), Fraction(3, 2), Fraction(2, 1)]
    >>> parse_values("5, 7.5")
    [Fraction(5, 1), Fraction(15, 2)]
    """
    text = text.strip()
    if ".." in text:
        first, _, last = text.partition("..")
        low, high = parse_exact(first, "--vary"), parse_exact(last, "--vary")
        size = parse_exact(step if step is not None else 1, "--step")
        if size <= 0:
            raise InputError("--step must be positive")
        if high < low:
            raise InputError(f"--vary range {text} runs backwards")
        count = int((high - low) / size) + 1
        if count > MAX_POINTS:
            raise InputError(f"--vary {text} with step {size} gives {count} payouts (at most {MAX_POINTS})")
        return [low + i * size for i in range(count)]
    if step is not None:
        raise InputError("--step applies to a range A..B only")
    values = [parse_exact(item, "--vary") for item in text.split(",") if item.strip()]
    if not values:
        raise InputError("--vary needs payouts: CATEGORY=A..B or CATEGORY=a,b,c")
    if len(values) > MAX_POINTS:
        raise InputError(f"--vary lists {len(values)} payouts (at most {MAX_POINTS})")
    return sorted(set(values))


def parse_sweep(game: GameTable, text: str, step: Fraction | int | float | str | None = None
                ) -> tuple[PayoutKey, list[Fraction]]:
    """``CATEGORY=A..B`` (or ``PAYTABLE.CATEGORY=a,b,c``): the payout and its values, all checked."""
    name, sep, values = (text or "").partition("=")
    if not sep:
        raise InputError(f"--vary expects CATEGORY=A..B, e.g. flush=1..10, got '{text}'")
    key = payout_key(game, name)
    payouts = parse_values(values, step)
    for value in payouts:
        check_denominators(with_payout(game, key, value))
    return key, payouts


@dataclass(frozen=True)
class SweepRow:
    """The analysis at one payout: the figure swept (``analysis``) and the game's (``whole``, whose
    strategy is played; the same as ``analysis`` when the figure is the game's)."""
    payout: Fraction
    analysis: Analysis
    whole: Analysis | None = None


def sweep(game: GameTable, key: PayoutKey, values: list[Fraction], strategy: str = OPTIMAL,
          progress: Callable[[int], None] | None = None, figure: Figure | None = None) -> list[SweepRow]:
    """The exact analysis at each payout (the optimal strategy re-solved each time, or a named
    strategy played as it is) of ``figure`` (:func:`~oddscalc.tools.payouts.figure_of`: the wager the
    payout belongs to, or the game); without one, the game's analysis as ``Engine.analyze`` gives it.
    ``progress(1)`` after each payout."""
    if figure is None:
        figure = figure_of(game, key, "game", strategy)
    measure = measurer(game, figure, strategy)
    rows = []
    for value in values:
        seen = measure(with_payout(game, key, value))
        rows.append(SweepRow(value, seen.figure, seen.whole))
        if progress is not None:
            progress(1)
    return rows


def sweep_report(game: GameTable, key: PayoutKey, rows: list[SweepRow], plot: Path | None = None,
                 figure: Figure | None = None) -> Report:
    """``sweep``: the return, edge and call probability at every payout (and a chart when asked), of
    ``figure`` (the game's when not given, as :func:`sweep` without one)."""
    if figure is None:
        figure = figure_of(game, key, "game")
    table_pay = current_payout(game, key)
    calls = rows[0].analysis.call_probability is not None
    headers = ("payout", "return per unit", "return per total wagered", "house edge per unit",
               "element of risk", *(("call probability",) if calls else ()), "note")
    cells = tuple((r.payout, percent_text(r.analysis.rtp, 4), percent_text(r.analysis.rtp_total, 4),
                   percent_text(r.analysis.house_edge, 4), percent_text(r.analysis.element_of_risk, 4),
                   *((percent_text(r.analysis.call_probability or 0, 4),) if calls else ()),
                   "the table's payout" if r.payout == table_pay else "") for r in rows)
    data: dict[str, object] = {
        "game": game.name, "vary": key.text, "table_payout": table_pay,
        "of": figure.of, "wager": figure.wager, "wager_title": figure.title, "unit": figure.stake,
        "rows": [{"payout": r.payout, "rtp": r.analysis.rtp, "rtp_total": r.analysis.rtp_total,
                  "house_edge": r.analysis.house_edge, "element_of_risk": r.analysis.element_of_risk,
                  "call_probability": r.analysis.call_probability} for r in rows]}
    notes = [f"The return of {figure.label}: the unit is the {figure.stake}.",
             "Each row is an exact analysis with the game's optimal strategy for that payout."]
    if plot is not None:
        payouts = [r.payout for r in rows]
        save_lines(plot, f"{game.title}: return of {figure.wager} against the {key.text} payout", f"{key.text} pays",
                   "return to player (%)", [float(p) for p in payouts],
                   [("per unit", [float(r.analysis.rtp) * 100 for r in rows]),
                    ("per total wagered", [float(r.analysis.rtp_total) * 100 for r in rows])],
                   float(table_pay) if payouts[0] <= table_pay <= payouts[-1] else None)
        notes.append(f"chart written to {plot}")
        data["plot"] = str(plot)
    title = f"{game.title}: return of {'the game' if figure.of == 'game' else 'wager ' + figure.wager} " \
            f"against {key.text}"
    return Report(title, (Table("sweep", headers, cells),), data, tuple(notes))
