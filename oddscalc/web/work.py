"""What the workbench computes, each through one public API function: the figures of the table on
screen (``analyze``, or ``compare`` under a named strategy), the strategy chart (``strategy``),
a payout for a target (``design``), a sweep (``sweep``, a few payouts per call so its progress
shows), paytables side by side (``compare``) and the par sheet (``par_sheet``).

Each task takes a checked request (:mod:`oddscalc.web.requests`: the game as the API takes it,
the overlays as ``KEY=VALUE`` lines) and a ``heard(fraction, label)`` callback, and gives plain
JSON data.  The server runs ``figures`` itself (a pay change must come back at once, and the
counts it needs stay in the server's memory); a worker process runs the rest (:data:`TASKS`).
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from oddscalc.api import analysis, comparison, parsheet, payouts, tables
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import engine_of, is_exact
from oddscalc.web.figures import charts, metric_map, report_json, wager_figures
from oddscalc.web.figures import tables as shown_tables
from oddscalc.web.form import is_heavy
from oddscalc.web.overlay import changes
from oddscalc.web.progress import Heard
from oddscalc.web.requests import OPTIMAL

Request = Mapping[str, Any]
SWEEP_CHUNK = 4             # payouts per sweep call: its progress moves every few tenths of a second
CACHED = 256                # analyses kept in memory (a designer toggling a pay back and forth)


def stamp(game: str) -> tuple[int, int]:
    """What tells two versions of a game file apart (a built-in game never changes)."""
    if not game.lower().endswith(".toml"):
        return (0, 0)
    info = os.stat(game)
    return (info.st_mtime_ns, info.st_size)


def load(request: Request) -> GameTable:
    """The game with the request's overlays, validated (the API's one-line refusal otherwise)."""
    return tables.load(request["game"], pays=request["pays"], rules=request["rules"])


def shipped(request: Request) -> GameTable:
    """The game as shipped (or as its file is written), the page's point of comparison."""
    return tables.load(request["game"])


Wagers = tuple[tuple[str, Analysis], ...]
# a game being warmed up: its first analysis waits for the warm-up's counts rather than making
# them a second time beside it (two cores, and Caribbean Stud's counts take seconds)
WARMING: dict[str, threading.Event] = {}


@lru_cache(maxsize=CACHED)
def _analysed(game: str, version: tuple[int, int], pays: tuple[str, ...], rules: tuple[str, ...], strategy: str,
              inputs: tuple[tuple[str, object], ...]) -> tuple[Wagers, Any, list[dict[str, Any]], bool]:
    """Every wager's exact analysis, the report's JSON and tables, whether it is exact."""
    warming = WARMING.get(game)
    if warming is not None:
        warming.wait()
    if strategy == OPTIMAL:
        given: dict[str, Any] = dict(inputs)
        result = analysis.analyze(game, pays=list(pays), rules=list(rules), **given)
        return tuple(result.wagers.items()), report_json(result.report), shown_tables(result.report), result.exact
    # a named strategy's figures are compare's column for it (analyze prices the optimum only);
    # the second column, the optimum, shows what the strategy costs
    found = comparison.compare(game, ["strategy=optimal"], strategy=strategy, pays=list(pays), rules=list(rules))
    wagers = tuple((wager.key, wager.analysis) for wager in found.variants[0].wagers)
    return wagers, report_json(found.report), shown_tables(found.report), True


def analysed(request: Request, pays: list[str] | None = None, rules: list[str] | None = None
             ) -> tuple[Wagers, Any, list[dict[str, Any]], bool]:
    game = request["game"]
    return _analysed(game, stamp(game), tuple(request["pays"] if pays is None else pays),
                     tuple(request["rules"] if rules is None else rules), request["strategy"],
                     tuple(sorted(request["inputs"].items())))


def figures(request: Request, heard: Heard | None = None) -> dict[str, Any]:
    """The figures of the table on screen, beside the shipped table's, and what changed."""
    start = time.perf_counter()
    table, base = load(request), shipped(request)
    wagers, report, shown, exact = analysed(request)
    before = dict(analysed(request, [], [])[0]) if (request["pays"] or request["rules"]) else dict(wagers)
    return {"game": table.name, "title": table.title, "digest": table.digest(), "strategy": request["strategy"],
            "exact": exact, "changes": [change.to_dict() for change in changes(table, base)],
            "wagers": [wager_figures(key, found) for key, found in wagers],
            "shipped": {key: metric_map(found) for key, found in before.items()},
            "report": report, "tables": shown, "seconds": round(time.perf_counter() - start, 4)}


def needs_worker(request: Request) -> bool:
    """Whether the figures take long enough for a worker (a family that says its analysis is
    heavy, or one whose analysis is sampled): the server answers the others itself."""
    table = load(request)
    return is_heavy(table) or not is_exact(engine_of(table))


def strategy_task(request: Request, heard: Heard) -> dict[str, Any]:
    """The strategy chart and the strategy in words, for the table on screen."""
    heard(None, "solving the strategy")
    result = analysis.strategy(request["game"], pays=request["pays"], rules=request["rules"])
    heard(0.5, "charting the strategy")
    chart = result.chart(request["strategy"])
    return {"game": result.game, "charts": charts(chart), "report": report_json(result.report),
            "tables": shown_tables(result.report)}


def design_task(request: Request, heard: Heard) -> dict[str, Any]:
    """The payout of ``vary`` for a target return (the optimal strategy re-solved at each try)."""
    heard(None, f"solving {request['vary']} for {request['target']}")
    result = payouts.design(request["game"], request["vary"], request["target"], per=request["per"],
                             pays=request["pays"], rules=request["rules"])
    return {"game": result.game, "vary": request["vary"], "found": result.payout is not None,
            "payout": None if result.payout is None else str(result.payout),
            "report": report_json(result.report), "tables": shown_tables(result.report)}


def sweep_task(request: Request, heard: Heard) -> dict[str, Any]:
    """The return at each payout, a few payouts per API call so the bar moves."""
    values: list[str] = request["values"]
    rows: list[Any] = []
    head: dict[str, Any] = {}
    for first in range(0, len(values), SWEEP_CHUNK):
        heard(first / len(values), f"sweeping {request['vary']}")
        chunk: list[Fraction | int | float | str] = list(values[first:first + SWEEP_CHUNK])
        part = payouts.sweep(request["game"], request["vary"], chunk, pays=request["pays"], rules=request["rules"])
        data = report_json(part.report)
        head = head or {key: value for key, value in data.items() if key != "rows"}
        rows += data["rows"]
    heard(1.0, "swept")
    return {**head, "rows": rows}


def compare_task(request: Request, heard: Heard) -> dict[str, Any]:
    """The table on screen and each pinned variant side by side, every wager exact."""
    heard(None, f"comparing {len(request['variants'])} variants")
    result = comparison.compare(request["game"], request["variants"], strategy=request["strategy"],
                              pays=request["pays"], rules=request["rules"])
    return {"game": result.game, "report": report_json(result.report), "tables": shown_tables(result.report)}


def sheet_task(request: Request, heard: Heard) -> dict[str, Any]:
    """The par sheet of the table on screen, written to the export path the server chose."""
    heard(0.0, "writing the par sheet")
    result = parsheet.par_sheet(request["game"], request["output"], pays=request["pays"], rules=request["rules"],
                                strategy=request["strategy"], sweep_points=request["sweep_points"],
                                rounds=request["rounds"], variants=request["variants"] or None)
    return {"game": result.game, "file": Path(result.output).name, "report": report_json(result.report),
            "tables": shown_tables(result.report)}


def analyze_task(request: Request, heard: Heard) -> dict[str, Any]:
    heard(None, "analysing every deal")
    return figures(request)


Task = Callable[[Request, Heard], dict[str, Any]]
TASKS: dict[str, Task] = {"analyze": analyze_task, "strategy": strategy_task, "design": design_task,
                          "sweep": sweep_task, "compare": compare_task, "parsheet": sheet_task}


def warming(games: tuple[str, ...]) -> None:
    """Say that ``games`` are being warmed up (before the warm-up starts: a request that comes
    first waits for it)."""
    for game in games:
        WARMING.setdefault(game, threading.Event())


def warm_up(games: tuple[str, ...]) -> None:
    """Make the counts of ``games`` now (Caribbean Stud's class counts take seconds once per
    process, and every pay change after them a tenth of a second)."""
    warming(games)
    try:
        for game in games:
            analysis.analyze(game).exact_analysis()
            WARMING[game].set()
    finally:
        for game in games:
            WARMING[game].set()


def refusals(request: Request) -> list[dict[str, str | None]]:
    """Why the overlays do not load, each beside its field where one alone is refused (``pays.KEY``,
    ``rules.KEY``), else for the form as a whole (``field`` None): the API's one-line messages."""
    try:
        load(request)
        return []
    except InputError as whole:
        found: list[dict[str, str | None]] = []
        for kind in ("pays", "rules"):
            for line in request[kind]:
                try:
                    if kind == "pays":
                        tables.load(request["game"], pays=[line])
                    else:
                        tables.load(request["game"], rules=[line])
                except InputError as error:
                    found.append({"field": f"{kind}.{line.partition('=')[0].strip()}", "message": str(error)})
        return found or [{"field": None, "message": str(whole)}]
