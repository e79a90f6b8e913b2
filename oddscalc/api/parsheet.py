"""The par sheet: one self-contained HTML page of a game's exact figures for a regulator or lab."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, Overlay, load
from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.files import output_path, write_file
from oddscalc.engines.base import OPTIMAL
from oddscalc.report.html import render_page
from oddscalc.report.pdf import print_pdf, require_browser
from oddscalc.tools.parsheet import DIGITS, MAX_ROUNDS, ROUNDS, SWEEP_POINTS, ParSheet, collect, page, summary_report

MAX_SWEEP_POINTS = 101
SUFFIXES = (".html", ".htm", ".pdf")

__all__ = ["MAX_ROUNDS", "MAX_SWEEP_POINTS", "OPTIMAL", "ROUNDS", "SUFFIXES", "SWEEP_POINTS", "ParSheetResult",
           "generated_at", "par_sheet"]


def generated_at() -> str:
    """The page's date: now, or ``SOURCE_DATE_EPOCH`` when it is set (a reproducible build)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    moment = datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)
    return moment.strftime("%Y-%m-%d %H:%M UTC")


@dataclass(frozen=True)
class ParSheetResult(Result):
    """The par sheet written to ``output``, and every figure on it (``sheet``)."""
    game: str
    output: str
    sheet: ParSheet = field(repr=False, compare=False)


def par_sheet(game: GameLike, output: str | Path, *, pays: Overlay = None, rules: Overlay = None,
              table: str | Path | None = None, strategy: str = OPTIMAL, rounds: int = ROUNDS,
              sweep_points: int = SWEEP_POINTS, command: str | None = None) -> ParSheetResult:
    """Write the par sheet of a game to ``output`` (.html, or .pdf printed by Chromium): rules,
    paytables, outcomes, every metric, the strategy chart, sweeps and the N-round distribution
    (``command``: the command line the footer gives to make the page again).  The path (and for a
    PDF, Chromium) is checked before any work, and a failure writes nothing."""
    target = output_path(str(output), "--output", SUFFIXES)
    if target.suffix.lower() == ".pdf":
        require_browser("--output")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InputError(f"--rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
    if not 0 <= sweep_points <= MAX_SWEEP_POINTS:
        raise InputError(f"--sweep-points must be between 0 and {MAX_SWEEP_POINTS}, got {sweep_points}")
    points = 2 if sweep_points == 1 else sweep_points
    loaded = load(game, pays, rules, table)
    start = time.perf_counter()
    sheet = collect(loaded, strategy, rounds, points, DIGITS, Limits.resolve())
    made_by = command or f"oddscalc report {loaded.name} --output {target}"
    html = render_page(page(sheet, made_by, generated_at()))
    write_file(target, print_pdf(html, "--output") if target.suffix.lower() == ".pdf" else html, "--output")
    return ParSheetResult(loaded.name, str(target), sheet,
                          report=summary_report(sheet, str(target), time.perf_counter() - start))
