"""Games as the API takes them: built-in names, game files or loaded tables, with overlays given as
mappings (or as ``--pay`` / ``--rule`` lines); cards as text or codes; the built-in games."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oddscalc.api.arguments import Cards, Game, OptionalFilePath, Pays, Rules, boundary, option_of
from oddscalc.api.result import Result
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, RuleSpec, list_games
from oddscalc.engines.base import capabilities, engine_of, is_exact, overlay
from oddscalc.engines.base import load as load_table
from oddscalc.engines.inputs import Inputs, Sampling, read_cards
from oddscalc.report.model import Report, Table

__all__ = ["Cards", "GameInfo", "GameLike", "Games", "Inputs", "Overlay", "cards_of", "games", "load", "overlay_lines",
           "sampling_of"]

# the plain types (the annotated ones, with their checkers, are in oddscalc.api.arguments)
Overlay = Mapping[str, Any] | Iterable[str] | None
GameLike = str | Path | GameTable


def overlay_lines(values: Overlay, what: str) -> list[str]:
    """``KEY=VALUE`` lines of a mapping (None: no pay, a bool: true/false, a list: comma-joined),
    or the lines themselves.

    >>> overlay_lines({"flush": 6, "pair-plus.pair": None}, "pays")
    ['flush=6', 'pair-plus.pair=none']
    """
    if values is None:
        return []
    if isinstance(values, str):
        raise InputError(f"{what} must be a mapping or a list of 'KEY=VALUE' strings, got the string "
                         f"'{values[:60]}'")
    if not isinstance(values, Mapping):
        return [str(line) for line in values]
    lines = []
    for key, value in values.items():
        if value is None:
            text = "none"
        elif isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            text = ", ".join(str(item) for item in value)
        else:
            text = str(value)
        lines.append(f"{key}={text}")
    return lines


@boundary
def load(game: Game, pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None) -> GameTable:
    """A game with its overlays, validated by its engine: a built-in name, a game file's path, or a
    loaded table (``table``: a file laid over a named game first, as ``--table``).

    >>> load("three-card-poker", pays={"pair-plus.flush": 4}).paytable("pair-plus").pay("flush")
    Fraction(4, 1)
    """
    pay_lines, rule_lines = overlay_lines(pays, "pays"), overlay_lines(rules, "rules")
    if isinstance(game, GameTable):
        if table is not None:
            raise InputError("a table file is laid over a game given by name, not over a loaded table")
        try:
            return overlay(game, pay_lines, rule_lines) if pay_lines or rule_lines else game
        except InputError as error:
            raise _blame_pays(error, pay_lines) from None
    try:
        return load_table(os.fspath(game), None if table is None else os.fspath(table), pay_lines, rule_lines)
    except InputError as error:
        raise _blame_pays(error, pay_lines) from None


_UNKNOWN = re.compile(r"unknown (?:paytable|category) '([^']*)'")


def _blame_pays(error: InputError, pay_lines: Sequence[str]) -> InputError:
    """The engine's refusal of an unknown paytable or category, naming the pays that gave it (it
    validates the whole table, and does not know which overlay added the name)."""
    found = _UNKNOWN.search(str(error))
    names = {part.strip() for line in pay_lines for part in line.partition("=")[0].split(".")}
    if found and found.group(1) in names and not str(error).startswith(option_of("pays")):
        error.args = (f"{option_of('pays')} {error}",)
    return error


def cards_of(cards: Cards | None, count: int | Iterable[int] | None = None, exclude: Iterable[int] = (),
             repeats: bool = False) -> tuple[int, ...]:
    """Cards as text (``"As Kd"``), a list of card names or a list of codes 0..51, each checked.

    >>> cards_of("As Kd"), cards_of([51, 45])
    ((51, 45), (51, 45))
    """
    return read_cards(cards, count, exclude, repeats)


def sampling_of(inputs: Inputs | None, samples: int | None, seed: int, workers: int | None,
                scheduler: str | None) -> Sampling | None:
    """The sampling of a command that the engine estimates (None when it is exact)."""
    if inputs is None or inputs.samples is None:
        return None
    return Sampling(inputs.samples if samples is None else samples, seed, workers, scheduler)


def rule_options(game: GameLike) -> tuple[RuleSpec, ...]:
    """The rules of a game's family that have a command-line shorthand (``--bonus`` for
    ``--rule bonus_ratio=…``)."""
    return tuple(spec for spec in engine_of(load(game)).rule_specs if spec.option)


@dataclass(frozen=True)
class GameInfo:
    """A built-in game: its name, title, family (``engine``), whether it has an exact analysis,
    and what its family can do (``capabilities``: exact analysis, decide, strategy, …)."""
    name: str
    title: str
    engine: str
    exact: bool
    capabilities: tuple[str, ...] = ()


@dataclass(frozen=True)
class Games(Result):
    """The built-in games (iterate over it, or take ``names``)."""
    games: tuple[GameInfo, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(game.name for game in self.games)

    def __iter__(self) -> Iterator[GameInfo]:
        return iter(self.games)


@boundary
def games() -> Games:
    """The built-in games.

    >>> "caribbean-stud" in games().names
    True
    """
    found = []
    for name in list_games():
        table = load_table(name)
        family = engine_of(table)
        found.append(GameInfo(name, table.title, table.engine, is_exact(family), capabilities(family)))
    rows = tuple((g.name, g.title, g.engine, ", ".join(g.capabilities)) for g in found)
    data = {"games": [{"name": g.name, "title": g.title, "engine": g.engine, "capabilities": list(g.capabilities)}
                      for g in found]}
    listing = Table("built-in games", ("game", "title", "engine", "can"), rows)
    return Games(tuple(found), report=Report("games", (listing,), data))
