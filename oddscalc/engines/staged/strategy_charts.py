"""A staged game's decisions at every stage as charts (one per stage, :class:`StrategyCharts`) and
in words, counted exactly from the kernel's solution.

Every chart counts deals (the ordered draws of the cards, the analysis' unit), so each option's
share of a chart is its share of all rounds (the analysis' ``action_probabilities``), and a later
stage's chart counts only the rounds that reach it.  The first stage's chart is the usual grid of
the player's cards (:mod:`strategy`); a later stage's rows are what the seen cards make
(:mod:`strategy_cards`: a pair by its pay band, cards to a straight flush, a flush or a straight
and how many straights they can still make, then points) and its columns the units already in
action, since the earlier raises change what a fold loses.  A cell counts, for each option, the
deals of its card sets that take it: a mixed cell (its card sets decide differently, e.g. a flush
draw whose suit is short) shows each option's share, and the words say so.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.rules import StagedRules
>>> from oddscalc.engines.staged.solve import solve
>>> rules = StagedRules.of(load("let-it-ride"))
>>> charts = stage_charts(rules, solve(rules, deck=range(28, 52)), range(28, 52))   # nines to aces
>>> charts.points, charts.rounds == solve(rules, deck=range(28, 52)).total
(('first bet', 'second bet'), True)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from oddscalc._native import staged as kernel
from oddscalc.core.cards import RANKS
from oddscalc.engines.chart_tables import cell_text
from oddscalc.engines.charts import StrategyChart, StrategyCharts
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.strategy_cards import (
    Shape,
    ShapeKey,
    band_name,
    colex_keys,
    pay_bands,
    points_of,
    shape_of_key,
)

MADE = ("quads", "trips", "two pair")
FirstLayout = Callable[[tuple[int, ...]], tuple[str, str]]


def group_of(shape: Shape, bands: Sequence[Sequence[int]]) -> tuple[tuple[int, int], str, bool]:
    """A shape's row group: (order, words, split by points).  Made hands first by strength, then
    straight-flush, flush and straight draws (each by the straights they can make), then the rest;
    draws and the rest are split by points."""
    n = len(shape.ranks)
    if shape.made in MADE:
        return (MADE.index(shape.made), 0), shape.made, False
    if shape.made == "pair":
        band = next(i for i, b in enumerate(bands) if shape.pair in b)
        return (len(MADE), -band), f"pair {band_name(bands[band])}", False
    many = "s" if shape.straights != 1 else ""
    if shape.straight_flush_draw:
        return (len(MADE) + 1, -shape.straights), f"{n} to a straight flush ({shape.straights} straight{many})", True
    if shape.flush_draw:
        return (len(MADE) + 2, 0), f"{n} to a flush", True
    if shape.straight_draw:
        return (len(MADE) + 3, -shape.straights), f"{n} to a straight ({shape.straights} straight{many})", True
    return (len(MADE) + 4, 0), "no pair, no draw", True


def points_text(points: int) -> str:
    return f"{points} point" + ("" if points == 1 else "s")


def later_chart(rules: StagedRules, solution: kernel.StagedSolution, stage: int, deck: Sequence[int],
                unit: str) -> StrategyChart:
    """A later stage's chart: rows by what the cards make, columns by the units in action."""
    bands = pay_bands(rules.game)
    points = points_of(bands)
    step = rules.stages[stage]
    lo, hi = solution.units(stage)
    width = hi - lo + 1
    deals = solution.denominator(stage) // solution.scale
    choices = solution.choices(stage)
    reach = memoryview(solution.reaches(stage)).cast("q")
    cells: dict[tuple[tuple[int, int], str, int], list[list[int]]] = {}
    rows_of: dict[ShapeKey, tuple[tuple[int, int], str, int]] = {}
    every = colex_keys(sorted(deck), step.seen)
    for r, key in enumerate(every):
        if key not in rows_of:
            shape = shape_of_key(key, points)
            order, words, split = group_of(shape, bands)
            rows_of[key] = (order, words, shape.points if split else -1)
        row = rows_of[key]
        cell = cells.setdefault(row, [[0] * len(step.options) for _ in range(width)])
        for u in range(width):
            count = reach[r * width + u]
            if count:
                cell[u][choices[r * width + u]] += count * deals
    used = [u for u in range(width) if any(sum(cell[u]) for cell in cells.values())]
    keys = sorted((row for row, cell in cells.items() if any(sum(cell[u]) for u in used)),
                  key=lambda row: (row[0], -row[2]))
    names = tuple(words if p < 0 else f"{words}, {points_text(p)}" for _order, words, p in keys)
    columns = tuple(f"{lo + u} in action" for u in used)
    counts = tuple(tuple(tuple(cells[row][u]) for u in used) for row in keys)
    # a mixed cell: its card sets by what decides them (ranks, most cards of one suit), for the words
    mixed = {(row, u) for row in keys for u in used if sum(1 for n in cells[row][u] if n) > 1}
    detail: dict[tuple[tuple[tuple[int, int], str, int], int], dict[ShapeKey, list[int]]] = {}
    if mixed:
        for r, key in enumerate(every):
            row = rows_of[key]
            for u in used:
                if (row, u) in mixed and reach[r * width + u]:
                    sets = detail.setdefault((row, lo + u), {}).setdefault(key, [0] * len(step.options))
                    sets[choices[r * width + u]] += reach[r * width + u] * deals
    return StrategyChart(step.labels, names, columns, counts, decision_point=step.name,
                         row_title="your cards make", column_title=f"{unit}s in action",
                         rules=later_words(step.labels, keys, [lo + u for u in used], counts, detail),
                         note=f"the {step.name} decision with {step.seen} cards seen, over every deal that "
                              "reaches it")


Detail = dict[tuple[tuple[tuple[int, int], str, int], int], dict[ShapeKey, list[int]]]


def set_text(key: ShapeKey, suits: bool = True) -> str:
    """A card set as the words name it: its ranks from the highest, and how many share a suit
    (``suits`` False: the ranks alone, for every suiting of them).

    >>> set_text(((4, 5, 8), 2)), set_text(((4, 5, 8), 1)), set_text(((4, 5, 8), 1), False)
    ('T 7 6 (2 suited)', 'T 7 6 (no two suited)', 'T 7 6')
    """
    ranks = " ".join(RANKS[r] for r in sorted(key[0], reverse=True))
    if not suits:
        return ranks
    return ranks + (f" ({key[1]} suited)" if key[1] > 1 else " (no two suited)")


def mixed_text(actions: Sequence[str], cell: Sequence[int], sets: dict[ShapeKey, list[int]]) -> str:
    """A mixed cell in words: the option most of its deals take, then each other option with the
    card sets that take it (a set split between options, with its share of deals)."""
    usual = max(range(len(actions)), key=lambda o: cell[o])
    by_ranks: dict[tuple[int, ...], list[tuple[ShapeKey, list[int]]]] = {}
    for key, counts in sorted(sets.items(), key=lambda item: (sorted(item[0][0], reverse=True), item[0][1]),
                              reverse=True):
        by_ranks.setdefault(key[0], []).append((key, counts))
    parts = []
    for o, action in enumerate(actions):
        if o == usual or not cell[o]:
            continue
        names = []
        for ranks, members in by_ranks.items():
            if all(counts[o] == sum(counts) for _key, counts in members):
                names.append(set_text((ranks, 1), suits=False))       # every suiting of these ranks
                continue
            names += [set_text(key) + ("" if counts[o] == sum(counts) else
                                       f" in {counts[o]:,} of {sum(counts):,} deals")
                      for key, counts in members if counts[o]]
        parts.append(f"{action} with {', '.join(names)} ({cell[o]:,} of {sum(cell):,} deals)")
    return f"{actions[usual]}, except: " + "; ".join(parts)


def row_decision(actions: Sequence[str], units: Sequence[int], row: Sequence[Sequence[int]],
                 detail: Sequence[dict[ShapeKey, list[int]] | None] | None = None) -> str:
    """A row's decision in words: one option, or what it is at each units in action; a mixed cell
    with its card sets (``detail``, per cell) names the sets that take each option."""
    shown = [(u, cell_text(actions, cell) if not (detail and detail[i]) else mixed_text(actions, cell, detail[i] or {}))
             for i, (u, cell) in enumerate(zip(units, row, strict=True)) if sum(cell)]
    if len({text for _u, text in shown}) == 1:
        return shown[0][1]
    return "; ".join(f"with {u} in action: {text}" for u, text in shown)


def later_words(actions: Sequence[str], keys: Sequence[tuple[tuple[int, int], str, int]], units: Sequence[int],
                counts: Sequence[Sequence[Sequence[int]]], detail: Detail | None = None) -> tuple[tuple[str, str], ...]:
    """The chart in words, as (cards, decision) lines: a row group's consecutive point counts that
    decide alike are one line (``3 to a flush, 2-5 points``); a cell whose card sets decide
    differently lists the sets that take each option (``detail``: per (row, units in action), the
    deals of each card set taking each option)."""
    lines: list[tuple[str, list[int], str]] = []
    for key, row in zip(keys, counts, strict=True):
        _order, words, p = key
        decision = row_decision(actions, units, row, [(detail or {}).get((key, u)) for u in units])
        if lines and lines[-1][0] == words and lines[-1][2] == decision and p >= 0:
            lines[-1][1].append(p)
        else:
            lines.append((words, [p] if p >= 0 else [], decision))
    out = []
    for words, ps, decision in lines:
        if ps:
            low, high = min(ps), max(ps)
            words += f", {points_text(low)}" if low == high else f", {low}-{high} points"
        out.append((words, decision))
    return tuple(out)


def stage_charts(rules: StagedRules, solution: kernel.StagedSolution, deck: Sequence[int] = range(52),
                 first: StrategyChart | None = None) -> StrategyCharts:
    """Every stage's chart of a solution over every deal of ``deck``; ``first``: the first stage's
    chart as the caller lays it out (default: by what the cards make, like the later ones)."""
    unit = rules.game.unit
    charts = [first or later_chart(rules, solution, 0, deck, unit)]
    charts += [later_chart(rules, solution, i, deck, unit) for i in range(1, len(rules.stages))]
    return StrategyCharts(tuple(charts))
