"""Games and paytables as data: load a ``tables/*.toml`` file, check it once, freeze it.

A game file names its engine, its rule parameters and its paytables::

    name = "caribbean-stud"
    title = "Caribbean Stud Poker"
    engine = "stud5"
    unit = "ante"
    main_paytable = "call"
    [rules]
    dealer_qualifies = "A K 4 3 2"
    [paytables.call]
    basis = "to"
    [paytables.call.pays]
    royal-flush = 100

A user's file (``--table PATH``) may hold only what it changes: it is laid over the game's file.

>>> game = load_game("caribbean-stud")
>>> game.paytable().pay("flush")
Fraction(5, 1)
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType

from oddscalc.errors import InputError

BASES = ("to", "for")


def tables_dir() -> Path:
    """Folder of the built-in game files (installed package data, or tables/ in a checkout)."""
    here = Path(__file__).resolve().parent
    installed = here / "_tables"
    return installed if installed.is_dir() and any(installed.glob("*.toml")) else here.parent / "tables"


def list_games() -> list[str]:
    """Names of the built-in games.

    >>> "fast-poker" in list_games()
    True
    """
    return sorted(path.stem for path in tables_dir().glob("*.toml"))


def parse_payout(value, where: str) -> Fraction:
    """An exact, non-negative payout from a TOML number or a string such as ``"3/2"`` or ``"1.5"``.

    >>> parse_payout("3/2", "x"), parse_payout(1.5, "x")
    (Fraction(3, 2), Fraction(3, 2))
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise InputError(f"{where}: payout must be a number, got {value!r}")
    if isinstance(value, Fraction):
        value = f"{value.numerator}/{value.denominator}"
    try:
        number = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{where}: payout '{value}' is not a number") from None
    if number < 0:
        raise InputError(f"{where}: negative payout {value}")
    return number


@dataclass(frozen=True)
class Paytable:
    """Pays per category, exact, with their basis: ``to`` one (stake returned) or ``for`` one."""
    name: str
    basis: str
    pays: Mapping[str, Fraction]

    def pay(self, category: str) -> Fraction:
        """Pay for a category (0 when the table does not list it)."""
        return self.pays.get(category, Fraction(0))

    def with_pay(self, category: str, value: Fraction) -> "Paytable":
        """A copy with one pay changed (or added)."""
        return replace(self, pays=MappingProxyType({**self.pays, category: Fraction(value)}))


@dataclass(frozen=True)
class Rules:
    """A game's rule parameters, read with type checks that name the offending field."""
    game: str
    values: Mapping[str, object] = field(default_factory=dict)

    def _get(self, key, default, kinds, kind_name):
        value = self.values.get(key, default)
        if value is None:
            raise InputError(f"table '{self.game}': rules.{key} is required")
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            raise InputError(f"table '{self.game}': rules.{key} must be {kind_name}, got {value!r}")
        return value

    def integer(self, key: str, default: int | None = None, low: int | None = None,
                high: int | None = None) -> int:
        """An integer field, optionally within [low, high]."""
        value = self._get(key, default, (int,), "an integer")
        if (low is not None and value < low) or (high is not None and value > high):
            raise InputError(f"table '{self.game}': rules.{key} must be between {low} and {high}, got {value}")
        return value

    def number(self, key: str, default=None) -> Fraction:
        """An exact non-negative number field (integer, decimal or ``"p/q"``)."""
        value = self.values.get(key, default)
        if value is None:
            raise InputError(f"table '{self.game}': rules.{key} is required")
        return parse_payout(value, f"table '{self.game}': rules.{key}")

    def flag(self, key: str, default: bool | None = None) -> bool:
        """A true/false field."""
        return self._get(key, default, (bool,), "true or false")

    def text(self, key: str, default: str | None = None, choices: Iterable[str] | None = None) -> str:
        """A string field, optionally one of ``choices``."""
        value = self._get(key, default, (str,), "a string")
        if choices is not None and value not in choices:
            raise InputError(f"table '{self.game}': rules.{key} must be one of "
                             f"{', '.join(choices)}, got '{value}'")
        return value

    def strings(self, key: str, default: list[str] | None = None) -> tuple[str, ...]:
        """A list of strings field."""
        value = self._get(key, default, (list,), "a list of strings")
        if not all(isinstance(item, str) for item in value):
            raise InputError(f"table '{self.game}': rules.{key} must be a list of strings")
        return tuple(value)


@dataclass(frozen=True)
class GameTable:
    """One game: engine, rules and paytables, as loaded from its file."""
    name: str
    title: str
    engine: str
    unit: str
    rules: Rules
    paytables: tuple[Paytable, ...]
    main_paytable: str
    source: str
    description: str = ""

    def paytable(self, name: str | None = None) -> Paytable:
        """The paytable called ``name`` (the main one by default)."""
        name = name or self.main_paytable
        for table in self.paytables:
            if table.name == name:
                return table
        raise InputError(f"table '{self.name}' has no paytable '{name}'")

    def replace_paytable(self, table: Paytable) -> "GameTable":
        """A copy with one paytable replaced."""
        return replace(self, paytables=tuple(table if t.name == table.name else t for t in self.paytables))

    def with_pays(self, overrides: Iterable[str]) -> "GameTable":
        """Apply ``--pay`` overrides: ``CATEGORY=VALUE`` (main paytable) or ``PAYTABLE.CATEGORY=VALUE``.

        >>> load_game("caribbean-stud").with_pays(["flush=6"]).paytable().pay("flush")
        Fraction(6, 1)
        """
        game = self
        for text in overrides:
            key, sep, value = text.partition("=")
            if not sep or not key.strip():
                raise InputError(f"--pay expects CATEGORY=VALUE, got '{text}'")
            table_name, dot, category = key.strip().rpartition(".")
            table = game.paytable(table_name if dot else None)
            game = game.replace_paytable(table.with_pay(category, parse_payout(value, f"--pay {key}")))
        if game is not self:
            from oddscalc.games import engine_module
            engine_module(game.engine).validate(game)
        return game


def _merge(base: dict, over: dict) -> dict:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise InputError(f"no such table file: {path}") from None
    except IsADirectoryError:
        raise InputError(f"table file is a folder: {path}") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"malformed table {path}: {error}") from None
    except UnicodeDecodeError:
        raise InputError(f"malformed table {path}: not UTF-8 text") from None


def _game_path(name: str) -> Path:
    path = tables_dir() / f"{name}.toml"
    if not path.is_file():
        raise InputError(f"unknown game '{name}' (known: {', '.join(list_games())})")
    return path


def load_game(name: str, table_path: str | Path | None = None,
              pays: Iterable[str] = ()) -> GameTable:
    """Load a built-in game (or a game file's path), lay a user's table over it, apply ``--pay``."""
    as_path = Path(name)
    path = as_path if name.endswith(".toml") or as_path.is_file() else _game_path(name)
    data = _read_toml(path)
    source = str(path)
    if table_path is not None:
        data = _merge(data, _read_toml(Path(table_path)))
        source = str(table_path)
    game = _from_data(data, source)
    return game.with_pays(pays)


def _from_data(data: dict, source: str) -> GameTable:
    where = f"table {source}"
    for key in ("name", "title", "engine"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise InputError(f"{where}: '{key}' must be a non-empty string")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise InputError(f"{where}: [rules] must be a table")
    raw_tables = data.get("paytables", {})
    if not isinstance(raw_tables, dict):
        raise InputError(f"{where}: [paytables] must be a table of paytables")
    paytables = []
    for table_name, raw in raw_tables.items():
        if not isinstance(raw, dict) or not isinstance(raw.get("pays"), dict) or not raw["pays"]:
            raise InputError(f"{where}: paytables.{table_name} needs a non-empty [pays] table")
        basis = raw.get("basis", "to")
        if basis not in BASES:
            raise InputError(f"{where}: paytables.{table_name}.basis must be 'to' or 'for', got {basis!r}")
        pays = {category: parse_payout(value, f"{where}: paytables.{table_name}.pays.{category}")
                for category, value in raw["pays"].items()}
        paytables.append(Paytable(table_name, basis, MappingProxyType(pays)))
    main = data.get("main_paytable", paytables[0].name if paytables else "")
    if paytables and main not in {t.name for t in paytables}:
        raise InputError(f"{where}: main_paytable '{main}' is not one of its paytables")
    game = GameTable(
        name=data["name"], title=data["title"], engine=data["engine"], unit=str(data.get("unit", "unit")),
        rules=Rules(data["name"], MappingProxyType(rules)), paytables=tuple(paytables),
        main_paytable=main, source=source, description=str(data.get("description", "")),
    )
    from oddscalc.games import engine_module   # the engine checks its own rules and categories
    engine_module(game.engine).validate(game)
    return game


def check_categories(game: GameTable, paytable: str, allowed: Iterable[str]) -> None:
    """Refuse a paytable naming a category the game does not know.

    >>> check_categories(load_game("caribbean-stud"), "call", ["flush"])
    Traceback (most recent call last):
    oddscalc.errors.InputError: table 'caribbean-stud': paytables.call has unknown category 'royal-flush' (expected one of: flush)
    """
    allowed = list(allowed)
    for category in game.paytable(paytable).pays:
        if category not in allowed:
            raise InputError(f"table '{game.name}': paytables.{paytable} has unknown category "
                             f"'{category}' (expected one of: {', '.join(allowed)})")
