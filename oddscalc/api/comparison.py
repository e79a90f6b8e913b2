"""``compare``: several paytables, rule sets or strategies of one game side by side, exact.

A variant is written as ``--variant`` takes it: a comma-separated list of settings, each a pay
(``flush=5``, ``pair-plus.flush=4``), a rule of the game (``dealer_qualifier=pair``: a name the
family's rules know) or ``strategy=NAME``; or a table file (``my.toml``, laid over the game).  The
first column is the game as given (with the call's own ``pays``, ``rules`` and ``table``), and every
variant is laid over that.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.api.arguments import Game, OptionalFilePath, Pays, Rules, Strategy, Variants, boundary
from oddscalc.api.result import Result
from oddscalc.api.tables import load
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import EXACT, OPTIMAL, engine_of
from oddscalc.tools.compare import MAX_VARIANTS, Variant, compare_report, variant

STRATEGY_KEY = "strategy"


@dataclass(frozen=True)
class Compared(Result):
    """The variants, each analysed exactly: ``variants[0]`` is the game as given."""
    game: str
    variants: tuple[Variant, ...] = field(repr=False)

    @property
    def house_edges(self) -> dict[str, Fraction]:
        """The main wager's house edge per unit, by variant label."""
        return {v.label: v.wagers[0].analysis.house_edge for v in self.variants}


Unanalysed = tuple[str, str, GameTable, str]        # a variant read: label, settings, table, strategy


def _variant(base: GameTable, game: Game, pays: Pays, rules: Rules, table: OptionalFilePath, spec: str,
             strategy: str) -> Unanalysed:
    text = spec.strip()
    if not text:
        raise InputError("--variant is empty: give settings such as flush=5,straight=3 or a table file")
    if text.endswith(".toml") and "=" not in text:
        if table is not None:
            raise InputError(f"--variant {text}: a variant's table file is laid over the game in place of --table; "
                             "give one or the other")
        return text, f"table {text}", _blamed(text, lambda: load(game, pays, rules, text)), strategy
    names = {rule.key for rule in engine_of(base).rule_specs}
    pay_lines, rule_lines = [], []
    for item in (part.strip() for part in text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise InputError(f"--variant {text!r}: each setting is KEY=VALUE (a pay, a rule or strategy=NAME), "
                             f"got {item!r}")
        key = key.strip()
        if key == STRATEGY_KEY:
            strategy = value.strip()
        elif key in names:
            rule_lines.append(f"{key}={value.strip()}")
        else:
            pay_lines.append(f"{key}={value.strip()}")
    loaded = _blamed(text, lambda: load(base, pay_lines, rule_lines))
    settings = "; ".join(part for part in (("pays " + ", ".join(pay_lines)) if pay_lines else "",
                                           ("rules " + ", ".join(rule_lines)) if rule_lines else "",
                                           f"strategy {strategy}" if strategy != OPTIMAL else "") if part)
    return text, settings or "as given", loaded, strategy


def _blamed(text: str, loading: Callable[[], GameTable]) -> GameTable:
    """A variant's table, a refusal of its settings or file named as the variant."""
    try:
        return loading()
    except InputError as error:
        message = re.sub(r"^--(pay|rule|table):? ", "", str(error))
        raise InputError(f"--variant {text!r}: {message}") from None


@boundary
def compare(game: Game, variants: Variants, *, strategy: Strategy = OPTIMAL, pays: Pays = None,
            rules: Rules = None, table: OptionalFilePath = None) -> Compared:
    """The game as given and each variant side by side, every wager exact.

    >>> found = compare("three-card-poker", ["pair-plus.flush=3"])
    >>> {label: str(edge) for label, edge in found.house_edges.items()}
    {'as shipped': '686689/20358520', 'pair-plus.flush=3': '686689/20358520'}
    >>> str(found.variants[1].wagers[1].analysis.house_edge)
    '402/5525'
    """
    if not variants:
        raise InputError("--variant: give one or more variants (each a string of settings or a table file)")
    base = load(game, pays, rules, table)
    columns = analysed(read_variants(base, game, variants, strategy, pays, rules, table))
    return Compared(base.name, columns, report=compare_report(base, columns))


def read_variants(base: GameTable, game: Game, variants: Variants, strategy: str, pays: Pays = None,
                  rules: Rules = None, table: OptionalFilePath = None) -> tuple[Unanalysed, ...]:
    """The game as given (``base``) and each variant laid over it, read and checked, none analysed yet
    (so a bad one is refused before any work)."""
    if len(variants) > MAX_VARIANTS:
        raise InputError(f"--variant: at most {MAX_VARIANTS} variants, got {len(variants)}")
    EXACT.of(base)
    given = "as given" if pays or rules or table else "as shipped"
    return ((given, given, base, strategy),
            *(_variant(base, game, pays, rules, table, spec, strategy) for spec in variants))


def analysed(columns: tuple[Unanalysed, ...]) -> tuple[Variant, ...]:
    """Each variant's every wager, exactly."""
    return tuple(variant(*column) for column in columns)
