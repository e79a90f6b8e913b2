"""Variants of one game side by side (``oddscalc compare``): paytables, rule sets or strategies, each
analysed exactly, every wager's figures in one table a designer can read across.

A variant is a table (the game with its settings laid over) and a strategy; its figures are those of
``analyze`` for the same table and strategy (the family's ``wagers``), so every column equals what
``analyze`` prints for that variant.  The first column is the game as the command was given it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, percent_text
from oddscalc.engines.base import EXACT, Wager
from oddscalc.report.model import Report, Table

MAX_VARIANTS = 12


@dataclass(frozen=True)
class Variant:
    """One column: its label (as the user wrote it), its settings in words, its table and strategy,
    and every wager of the game under them."""
    label: str
    settings: str
    table: GameTable
    strategy: str
    wagers: tuple[Wager, ...]


def variant(label: str, settings: str, table: GameTable, strategy: str) -> Variant:
    """A variant analysed: every wager of its table under its strategy, exactly."""
    family = EXACT.of(table)
    return Variant(label, settings, table, strategy, tuple(family.wagers(table, strategy)))


PERCENT = {"house_edge", "element_of_risk", "rtp", "call_probability", "hit_frequency"}


def figures_of(a: Analysis, side: bool) -> dict[str, tuple[str, Fraction | float | None]]:
    """The figures of one wager, by key: (label, value).  A side wager shows its house edge alone."""
    out: dict[str, tuple[str, Fraction | float | None]] = {
        "house_edge": (f"house edge per {a.unit}", a.house_edge)}
    if side:
        return out
    return {**out, "element_of_risk": ("house edge per total wagered (element of risk)", a.element_of_risk),
            "rtp": (f"return to player per {a.unit}", a.rtp),
            "average_wager": (f"average total wager per {a.unit}", a.average_wager),
            "call_probability": ("probability of calling (playing)", a.call_probability),
            "hit_frequency": ("hit frequency (net > 0)", a.hit_frequency),
            "std_dev": (f"standard deviation per {a.unit}", a.std_dev)}


def _shown(value: Fraction | float | None, percent: bool) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.6f}"
    return percent_text(value, 4) if percent else decimal_text(value, 6)


def compare_report(game: GameTable, variants: Sequence[Variant]) -> Report:
    """The variants' settings, then every figure of every wager, a column per variant."""
    if not variants:
        raise InputError("compare needs at least one variant")
    first = variants[0]
    keys = [w.key for w in first.wagers]
    for v in variants[1:]:
        if [w.key for w in v.wagers] != keys:
            raise InputError(f"variant '{v.label}' has other wagers ({', '.join(w.key for w in v.wagers)}) than "
                             f"'{first.label}' ({', '.join(keys)}): a variant changes pays, rules or the strategy, "
                             "not which wagers the game has")
    settings = Table("variants", ("variant", "settings", "strategy"),
                     tuple((v.label, v.settings, v.strategy) for v in variants))
    rows: list[tuple[str, ...]] = []
    data: list[dict[str, object]] = []
    columns = [[figures_of(w.analysis, w.side) for w in v.wagers] for v in variants]
    for k, wager in enumerate(first.wagers):
        for index, (metric, (label, _)) in enumerate(columns[0][k].items()):
            cells = (_shown(column[k][metric][1], metric in PERCENT) for column in columns)
            rows.append((wager.title if index == 0 else "", label, *cells))
    for v, column in zip(variants, columns, strict=True):
        data.append({"variant": v.label, "settings": v.settings, "strategy": v.strategy,
                     "wagers": {w.key: {metric: value for metric, (_, value) in found.items()}
                                for w, found in zip(v.wagers, column, strict=True)}})
    figures = Table("figures (exact over every deal; each column is analyze's for its variant)",
                    ("wager", "figure", *(v.label for v in variants)), tuple(rows))
    notes = ("Every figure is exact; the decimals are rounded from the exact values (a standard deviation "
             "is irrational and shown to 6 places).",
             "A variant is the game with its settings laid over (pays and rules, or a table file), under its "
             "strategy; its column equals `oddscalc analyze` of the same table and strategy.")
    return Report(f"{game.title}: {len(variants)} variants compared", (settings, figures),
                  {"game": game.name, "variants": data}, notes)
