"""The par sheet: one self-contained HTML page of a game's exact figures for a regulator or lab."""
from __future__ import annotations

import os
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

from oddscalc.api.arguments import (
    FilePath,
    Game,
    OptionalFilePath,
    OptionalText,
    OptionalVariants,
    Pays,
    Rules,
    Seed,
    Strategy,
    Text,
    Whole,
    boundary,
)
from oddscalc.api.comparison import analysed, read_variants
from oddscalc.api.result import Result
from oddscalc.api.tables import Overlay, load, overlay_lines
from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.files import output_path, write_file
from oddscalc.engines.base import OPTIMAL
from oddscalc.report.html import PAPERS, render_page
from oddscalc.report.language import language
from oddscalc.report.pdf import print_pdf, require_browser
from oddscalc.tools.parsheet import (
    DIGITS,
    HANDS_PER_HOUR,
    MAX_HANDS_PER_HOUR,
    MAX_ROUNDS,
    ROUNDS,
    SWEEP_POINTS,
    ParSheet,
    collect,
    page,
    summary_report,
)

MAX_SWEEP_POINTS = 101
SUFFIXES = (".html", ".htm", ".pdf")
MAX_SIMULATED = 10 ** 9       # a par sheet's confirmation run: minutes at the slowest simulator's pace
Rounds = Annotated[int, Whole(1, MAX_ROUNDS)]
SweepPoints = Annotated[int, Whole(0, MAX_SWEEP_POINTS)]
SimulatedRounds = Annotated[int, Whole(0, MAX_SIMULATED)]
HandsPerHour = Annotated[int, Whole(1, MAX_HANDS_PER_HOUR)]

__all__ = ["HANDS_PER_HOUR", "MAX_HANDS_PER_HOUR", "MAX_ROUNDS", "MAX_SIMULATED", "MAX_SWEEP_POINTS", "OPTIMAL",
           "ROUNDS", "SUFFIXES", "SWEEP_POINTS", "ParSheetResult",
           "generated_at", "par_sheet"]


def generated_at() -> str:
    """The page's date: now, or ``SOURCE_DATE_EPOCH`` when it is set (a reproducible build)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    moment = datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def remake_command(game: str, target: Path, pays: Overlay, rules: Overlay, table: str | Path | None,
                   strategy: str, rounds: int, sweep_points: int, lang: str = "en",
                   variants: Sequence[str] = ()) -> str:
    """The command line that makes a par sheet asked for through the API again (its footer).

    >>> remake_command("fast-poker", Path("a b.html"), {"flush": 6}, None, None, OPTIMAL, ROUNDS, SWEEP_POINTS)
    "oddscalc report fast-poker --pay flush=6 --output 'a b.html'"
    """
    words = ["oddscalc", "report", game]
    for line in overlay_lines(pays, "pays"):
        words += ["--pay", line]
    for line in overlay_lines(rules, "rules"):
        words += ["--rule", line]
    if table is not None:
        words += ["--table", str(table)]
    if strategy != OPTIMAL:
        words += ["--strategy", strategy]
    if rounds != ROUNDS:
        words += ["--rounds", str(rounds)]
    if sweep_points != SWEEP_POINTS:
        words += ["--sweep-points", str(sweep_points)]
    if lang != "en":
        words += ["--lang", lang]
    for spec in variants:
        words += ["--variant", spec]
    return shlex.join([*words, "--output", str(target)])


@dataclass(frozen=True)
class ParSheetResult(Result):
    """The par sheet written to ``output``, and every figure on it (``sheet``)."""
    game: str
    output: str
    sheet: ParSheet = field(repr=False, compare=False)


@boundary
def par_sheet(game: Game, output: FilePath, *, pays: Pays = None, rules: Rules = None,
              table: OptionalFilePath = None, strategy: Strategy = OPTIMAL, rounds: Rounds = ROUNDS,
              sweep_points: SweepPoints = SWEEP_POINTS, command: OptionalText = None, paper: Text = "a4",
              simulate: SimulatedRounds = 0, seed: Seed = 1, hands_per_hour: HandsPerHour = HANDS_PER_HOUR,
              lang: Text = "en", variants: OptionalVariants = None) -> ParSheetResult:
    """Write the par sheet of a game to ``output`` (.html, or .pdf printed by Chromium): rules,
    paytables, outcomes, every metric, the strategy chart, sweeps and the N-round distribution
    (``command``: the command line the footer gives to make the page again; ``paper``: ``a4`` or
    ``letter``, a PDF's page size, every section printed open, pages numbered; ``simulate``: rounds of
    the game's simulator, seeded by ``seed``, checked against the outcome table on the sheet;
    ``hands_per_hour``: the pace of the per-hour figures; ``lang``: ``en``, ``sv`` or ``nb``, the
    language of the page, numbers written its way; ``variants``: paytables, rule sets or strategies
    compared side by side on the sheet, as ``compare`` takes them).  The path (and for a
    PDF, Chromium) is checked before any work, and a failure writes nothing."""
    language(lang)                                                   # refused before any work
    if paper not in PAPERS:
        raise InputError(f"--paper must be one of {', '.join(PAPERS)}, got '{paper}'")
    target = output_path(os.fspath(output), "--output", SUFFIXES)
    if target.suffix.lower() == ".pdf":
        require_browser("--output")
    loaded = load(game, pays, rules, table)
    columns = read_variants(loaded, game, variants, strategy, pays, rules, table) if variants else ()
    start = time.perf_counter()
    sheet = collect(loaded, strategy, rounds, sweep_points, DIGITS, Limits.resolve(), simulate, seed, hands_per_hour,
                    analysed(columns))
    made_by = command or remake_command(loaded.name, target, pays, rules, table, strategy, rounds, sweep_points, lang,
                                        variants or ())
    printed = target.suffix.lower() == ".pdf"
    html = render_page(page(sheet, made_by, generated_at()), paper if printed else None, lang)
    write_file(target, print_pdf(html, "--output") if printed else html, "--output")
    return ParSheetResult(loaded.name, str(target), sheet,
                          report=summary_report(sheet, str(target), time.perf_counter() - start))
