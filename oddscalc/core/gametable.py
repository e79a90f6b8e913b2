"""Games and paytables as data: load a ``tables/*.toml`` file, lay overlays on it, check it once.

A game file names its engine, its rules and its paytables::

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

The schema is strict, because a misspelt key would otherwise leave the default in force and give
a wrong number that looks right: unknown top-level keys, paytable keys and rules are refused with
the nearest valid name.  Which rules exist, and which paytables and categories, is the engine's
knowledge: this module knows no game and is handed the engine's :class:`Schema`.

Overlays come in one order, each checked as it is applied and the result validated once by the
engine: the game file, then ``--table FILE`` (a file holding only what it changes), then
``--pay CATEGORY=VALUE`` and ``--rule KEY=VALUE``.

A pay of ``"none"`` (``--pay pair-plus.pair=none``, or ``pair = "none"`` in an overlay) removes the
pay: the hand is then paid as the paytable pays what it does not list (a class falls back to its
category; a side bet loses).  That is not a pay of 0, which on a "to one" table is a push.

Hand classes (``[classes.NAME]``, see :mod:`oddscalc.core.classes`) are parts of categories a
paytable may pay; a paytable of a side bet may say which cards it is settled on (``hand``,
``when``, ``paid_on``; the engine says which values it plays).

>>> game = load_game("caribbean-stud", schema_of=_plain_schema)
>>> game.paytable().pay("flush")
Fraction(5, 1)
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, TypeVar, cast

from oddscalc.core.classes import HandClass, parse_classes
from oddscalc.core.errors import InputError, check_name, nearest, quoted, unknown
from oddscalc.core.files import read_text
from oddscalc.core.numbers import parse_exact, parse_int

T = TypeVar("T")
Built = TypeVar("Built")
BASES = ("to", "for")
TOP_KEYS = ("name", "title", "engine", "unit", "main_paytable", "description", "rules", "paytables", "classes",
            "side_games", "examples")
# hand, when, paid_on: what a side bet is settled on (the engine checks the values it plays)
PAYTABLE_KEYS = ("basis", "pays", "hand", "when", "paid_on")
SETTLEMENT_KEYS = ("hand", "when", "paid_on")
NONE = "none"        # a pay of "none" removes the pay
RULE_KINDS = ("integer", "number", "flag", "text", "strings")
SPACE = " \t\r\n"       # what may surround a typed value (ASCII white space: a no-break space is shown)


@dataclass(frozen=True)
class RuleSpec:
    """One rule an engine understands: its key, kind, default and bounds.

    ``default`` None means the engine derives it from other fields when the table leaves it out.

    >>> RuleSpec("call_multiple", "integer", 2, "the Call in Antes", low=1, high=100).parse("3", "--rule")
    3
    """
    key: str
    kind: str
    default: object
    help: str
    low: int | Fraction | None = None
    high: int | Fraction | None = None
    choices: tuple[str, ...] = ()
    option: str = ""           # a command-line shorthand for --rule KEY=VALUE (--bonus), if the family gives one

    def parse(self, value: object, where: str) -> object:
        """The typed value of a TOML value or of command-line text, checked against the bounds."""
        name = f"{where}: rules.{self.key}"
        from_text = isinstance(value, str)
        if self.kind == "integer":
            if from_text:
                low = int(self.low) if self.low is not None else -(10 ** 18)
                high = int(self.high) if self.high is not None else 10 ** 18
                return parse_int(str(value), name, low, high)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"{name} must be a whole number, got {value!r}")
            self._bounds(value, name)
            return value
        if self.kind == "number":
            number = parse_exact(value, name)
            self._bounds(number, name)
            return number
        if self.kind == "flag":
            if from_text and str(value).strip(SPACE).lower() in ("true", "false"):
                return str(value).strip(SPACE).lower() == "true"
            if not isinstance(value, bool):
                raise InputError(f"{name} must be true or false, got {value!r}")
            return value
        if self.kind == "text":
            if not from_text:
                raise InputError(f"{name} must be a string, got {value!r}")
            text = str(value).strip(SPACE)
            if self.choices and text not in self.choices:
                close = nearest(text, self.choices)
                hint = f" (did you mean {quoted(close)}?)" if close else ""
                raise InputError(f"{name} must be one of {', '.join(self.choices)}, got {quoted(text, 40)}{hint}")
            return text
        items = [item.strip(SPACE) for item in str(value).split(",")] if from_text else value
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise InputError(f"{name} must be a list of strings, got {value!r}")
        return tuple(items)

    def _bounds(self, value: int | Fraction, name: str) -> None:
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            if self.low is not None and self.high is not None:
                bounds = f"between {self.low} and {self.high}"
            else:
                bounds = f"at least {self.low}" if self.low is not None else f"at most {self.high}"
            raise InputError(f"{name} must be {bounds}, got {value}")


@dataclass(frozen=True)
class Paytable:
    """Pays per category (or class), exact, with their basis: ``to`` one (stake returned) or ``for``
    one; ``hand``, ``when`` and ``paid_on`` say what a side bet is settled on ("" when not given)."""
    name: str
    basis: str
    pays: Mapping[str, Fraction]
    hand: str = ""
    when: str = ""
    paid_on: str = ""

    def __reduce__(self) -> tuple[Callable[..., Paytable], tuple[str, str, dict[str, Fraction], str, str, str]]:
        # a read-only view does not pickle: send a dict and wrap it again (tables go to worker processes)
        return _paytable, (self.name, self.basis, dict(self.pays), self.hand, self.when, self.paid_on)

    def pay(self, category: str) -> Fraction:
        """Pay for a category (0 when the table does not list it)."""
        return self.pays.get(category, Fraction(0))

    def listed(self, category: str) -> Fraction | None:
        """Pay for a category, or None when the table does not list it (no pay, not a pay of 0)."""
        return self.pays.get(category)

    def with_pay(self, category: str, value: Fraction | None) -> Paytable:
        """A copy with one pay changed (or added); None removes it."""
        if value is None:
            return replace(self, pays=MappingProxyType({k: v for k, v in self.pays.items() if k != category}))
        return replace(self, pays=MappingProxyType({**self.pays, category: Fraction(value)}))

    @property
    def settlement(self) -> dict[str, str]:
        """The settlement keys the table gives (hand, when, paid_on)."""
        return {key: value for key, value in (("hand", self.hand), ("when", self.when), ("paid_on", self.paid_on))
                if value}


@dataclass(frozen=True)
class Rules:
    """A game's rules, typed by the engine's schema; ``given`` are the keys the files or options set."""
    game: str
    values: Mapping[str, object] = field(default_factory=dict)
    given: frozenset[str] = frozenset()

    def __reduce__(self) -> tuple[Callable[..., Rules], tuple[str, dict[str, object], frozenset[str]]]:
        return _rules_of, (self.game, dict(self.values), self.given)

    def _value(self, key: str, kind: type[T]) -> T:
        value = self.values.get(key)
        if value is None or not isinstance(value, kind):
            raise InputError(f"table '{self.game}': rules.{key} is required")
        return value

    def integer(self, key: str) -> int:
        return self._value(key, int)

    def number(self, key: str) -> Fraction:
        return self._value(key, Fraction)

    def flag(self, key: str) -> bool:
        return self._value(key, bool)

    def text(self, key: str) -> str:
        return self._value(key, str)

    def strings(self, key: str) -> tuple[str, ...]:
        return self._value(key, tuple)

    def get(self, key: str) -> object:
        """A rule's value, or None when neither the table nor a default gives it."""
        return self.values.get(key)


def _paytable(name: str, basis: str, pays: dict[str, Fraction], hand: str, when: str, paid_on: str) -> Paytable:
    return Paytable(name, basis, MappingProxyType(pays), hand, when, paid_on)


def _rules_of(game: str, values: dict[str, object], given: frozenset[str]) -> Rules:
    return Rules(game, MappingProxyType(values), given)


class Schema(Protocol):
    """What the loader needs of an engine: its rules and the check of a whole table."""

    @property
    def rule_specs(self) -> tuple[RuleSpec, ...]: ...

    def validate(self, table: GameTable) -> None: ...


@dataclass(frozen=True)
class GameTable:
    """One game: engine, rules and paytables, as loaded and validated."""
    name: str
    title: str
    engine: str
    unit: str
    rules: Rules
    paytables: tuple[Paytable, ...]
    main_paytable: str
    source: str
    description: str = ""
    classes: tuple[HandClass, ...] = ()
    # built-in games staked beside this one and settled as games of their own (a progressive, the
    # 5+1 Bonus): the par sheet puts each wager of theirs on this game's sheet
    side_games: tuple[str, ...] = ()
    # worked examples for the par sheet: situations as ``decide`` takes them (input name = value, and
    # an optional ``note``), read by the family when they are shown
    examples: tuple[tuple[tuple[str, str], ...], ...] = ()     # each (input, value) pairs, in order

    def built(self, build: Callable[[GameTable], Built]) -> Built:
        """What ``build`` makes of this table (a family's typed game), made once per table.

        The result is kept on this object, outside its fields, so ``dataclasses.replace`` (a
        variant with another pay or rule) starts afresh and the variant is read and checked anew.
        """
        made: dict[object, object] = self.__dict__.setdefault("_built", {})
        if build not in made:
            made[build] = build(self)
        return cast(Built, made[build])

    def built_for(self, kind: Hashable, key: Hashable, make: Callable[[], Built]) -> Built:
        """What ``make`` makes of this table for ``key`` (a strategy's analysis, say), made once per
        table, ``kind`` (the function that asks, naming what is made) and key."""
        made: dict[object, object] = self.__dict__.setdefault("_built", {})
        if (kind, key) not in made:
            made[(kind, key)] = make()
        return cast(Built, made[(kind, key)])

    def digest(self) -> str:
        """SHA-256 of the table as analysed: its name, engine, unit, every rule's value and every
        paytable's pays (overlays included), written canonically, so two tables with the same digest
        are analysed alike whatever files they came from.

        >>> load_game("caribbean-stud", schema_of=_plain_schema).digest() == load_game(
        ...     "caribbean-stud", schema_of=_plain_schema).digest()
        True
        """
        import hashlib
        import json

        def text(value: object) -> object:
            if isinstance(value, tuple):
                return [text(v) for v in value]
            return value if isinstance(value, (bool, int, str)) or value is None else str(value)
        canonical = {"name": self.name, "engine": self.engine, "unit": self.unit, "main_paytable": self.main_paytable,
                     "rules": {k: text(v) for k, v in sorted(self.rules.values.items())},
                     "paytables": {t.name: {"basis": t.basis, "hand": t.hand, "when": t.when, "paid_on": t.paid_on,
                                            "pays": {k: str(v) for k, v in sorted(t.pays.items())}}
                                   for t in self.paytables},
                     "classes": [repr(c) for c in self.classes]}
        return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()

    def __getstate__(self) -> dict[str, object]:
        # a worker process builds its own: what was built may hold what does not pickle
        return {key: value for key, value in self.__dict__.items() if key != "_built"}

    def paytable(self, name: str | None = None) -> Paytable:
        """The paytable called ``name`` (the main one by default)."""
        name = self.main_paytable if name is None else name
        for table in self.paytables:
            if table.name == name:
                return table
        raise unknown("paytable", name, [t.name for t in self.paytables], f"table '{self.name}'")

    def paytables_text(self) -> str:
        """Every paytable on one line.

        >>> load_game("caribbean-stud", schema_of=_plain_schema).paytables_text()[:32]
        'call (to one): royal-flush 100, '
        """
        return "; ".join(f"{t.name} ({t.basis} one): " + ", ".join(f"{k} {v}" for k, v in t.pays.items())
                         for t in self.paytables)

    def has_paytable(self, name: str) -> bool:
        return any(table.name == name for table in self.paytables)

    def replace_paytable(self, table: Paytable) -> GameTable:
        """A copy with one paytable replaced."""
        return replace(self, paytables=tuple(table if t.name == table.name else t for t in self.paytables))

    def with_rule(self, key: str, value: object) -> GameTable:
        """A copy with one rule set to an already typed value (an engine pricing a variant)."""
        values = MappingProxyType({**self.rules.values, key: value})
        return replace(self, rules=Rules(self.name, values, self.rules.given | {key}))

    def check_paytables(self, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        """Refuse a paytable the engine has no use for, or a missing one it needs.  A required name
        that a list rule gives (``rules.side_bets``) is refused as that rule's: named twice, named
        for a paytable with another role, or naming a paytable the table does not have (with the
        nearest one it has).

        >>> game = load_game("caribbean-stud", rules=["side_bets=cal"], schema_of=_plain_schema)
        >>> game.check_paytables(["call", "cal"], ["cal"])
        Traceback (most recent call last):
        oddscalc.core.errors.InputError: table 'caribbean-stud': rules.side_bets names the paytable 'cal', which the ...
        """
        allowed, required = list(dict.fromkeys(allowed)), list(required)
        where = f"table '{self.name}'"
        for name in dict.fromkeys(required):
            rule, times = self._listed_by(name)
            if rule and times > 1:
                raise InputError(f"{where}: rules.{rule} lists {quoted(name)} {times} times (give each once)")
            if rule and required.count(name) > 1:
                raise InputError(f"{where}: rules.{rule} names {quoted(name)}, a paytable the game already "
                                 "uses in another role")
            if not self.has_paytable(name):
                if not rule:
                    raise InputError(f"{where}: paytables.{name} is missing")
                spare = [t.name for t in self.paytables if t.name not in required]
                close = nearest(name, spare)
                hint = f"did you mean {quoted(close)}?" if close else (
                    f"the table has: {', '.join(t.name for t in self.paytables)}" if self.paytables else
                    "the table has no paytable")
                raise InputError(f"{where}: rules.{rule} names the paytable {quoted(name)}, which the table "
                                 f"does not have ({hint})")
        for table in self.paytables:
            if table.name not in allowed:
                raise unknown("paytable", table.name, allowed, where)

    def _listed_by(self, name: str) -> tuple[str, int]:
        """The list rule that gives ``name`` (a rule set in a file or an option first), and how
        many times it does; ("", 0) when none does."""
        keys = sorted(self.rules.values, key=lambda key: key not in self.rules.given)
        for key in keys:
            value = self.rules.values[key]
            if isinstance(value, tuple) and name in value:
                return key, value.count(name)
        return "", 0

    def pays_to_one(self, paytable: str, allowed: Iterable[str]) -> dict[str, Fraction]:
        """The pays of a paytable that pays *to* one on hands the family itself settles (no hand,
        when or paid_on keys), every category among ``allowed``.

        >>> load_game("caribbean-stud", schema_of=_plain_schema).pays_to_one("call", ["pair"])
        Traceback (most recent call last):
        oddscalc.core.errors.InputError: table 'caribbean-stud': paytables.call: unknown category 'royal-flush' (...)
        """
        table = self.paytable(paytable)
        where = f"table '{self.name}': paytables.{paytable}"
        if table.basis != "to":
            raise InputError(f"{where} pays to one (basis = \"to\")")
        if table.settlement:
            raise InputError(f"{where}: hand, when and paid_on are not taken (the family knows what settles it)")
        self.check_categories(paytable, allowed)
        return dict(table.pays)

    def check_categories(self, paytable: str, allowed: Iterable[str]) -> None:
        """Refuse a paytable naming a category the game does not know.

        >>> load_game("caribbean-stud", schema_of=_plain_schema).check_categories("call", ["pair"])
        Traceback (most recent call last):
        oddscalc.core.errors.InputError: table 'caribbean-stud': paytables.call: unknown category 'royal-flush' (...)
        """
        allowed = list(allowed)
        for category in self.paytable(paytable).pays:
            if category not in allowed:
                raise unknown("category", category, allowed, f"table '{self.name}': paytables.{paytable}")


def tables_dir() -> Path:
    """Folder of the built-in game files (installed package data, or tables/ in a checkout)."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "_tables"
    return installed if installed.is_dir() and any(installed.glob("*.toml")) else package.parent / "tables"


def list_games() -> list[str]:
    """Names of the built-in games.

    >>> "fast-poker" in list_games()
    True
    """
    return sorted(path.stem for path in tables_dir().glob("*.toml"))


def is_game_path(name: str) -> bool:
    """Whether a game is named by its file (a path separator, or a name ending in ``.toml``)
    rather than as a built-in game."""
    return "/" in name or "\\" in name or name.endswith(".toml")


def game_path(name: str) -> Path:
    """The file of a game: a built-in game's name, or a path (it contains a path separator or ends
    in ``.toml``), so a file in the working folder never shadows a built-in game."""
    if is_game_path(name):
        return Path(name)
    if name not in list_games():
        raise unknown("game", name, list_games())
    return tables_dir() / f"{name}.toml"


def read_toml(path: str | Path, what: str) -> dict[str, object]:
    """A TOML file's content, or one line saying why it cannot be read."""
    text = read_text(path, what)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{what}: malformed TOML in {path}: {error}") from None
    except RecursionError:
        raise InputError(f"{what}: {path} nests too deeply") from None


def _check_keys(data: Mapping[str, object], where: str) -> None:
    """Top-level and paytable keys; rules are checked against the engine's schema later."""
    for key in data:
        if key not in TOP_KEYS:
            raise unknown("key", key, TOP_KEYS, where)
    for key in ("rules", "paytables", "classes"):
        if not isinstance(data.get(key, {}), dict):
            raise InputError(f"{where}: [{key}] must be a table")
    paytables = data.get("paytables", {})
    assert isinstance(paytables, dict)
    for name, raw in paytables.items():
        check_name(name, "paytable", where)
        if not isinstance(raw, dict):
            raise InputError(f"{where}: paytables.{name} must be a table with 'basis' and [pays]")
        for key in raw:
            if key not in PAYTABLE_KEYS:
                raise unknown("key", key, PAYTABLE_KEYS, f"{where}: paytables.{name}")
        if "pays" in raw and not isinstance(raw["pays"], dict):
            raise InputError(f"{where}: paytables.{name}.pays must be a table of category = pay")
        for key in SETTLEMENT_KEYS:
            if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
                raise InputError(f"{where}: paytables.{name}.{key} must be a non-empty string")


def _merge(base: Mapping[str, object], over: Mapping[str, object]) -> dict[str, object]:
    merged = dict(base)
    for key, value in over.items():
        below = merged.get(key)
        if isinstance(value, dict) and isinstance(below, dict):
            merged[key] = _merge(below, value)
        else:
            merged[key] = value
    return merged


def _text(data: Mapping[str, object], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not value:
        raise InputError(f"{where}: '{key}' must be a non-empty string")
    return value


def _rules(raw: Mapping[str, object], specs: tuple[RuleSpec, ...], game: str, where: str) -> Rules:
    by_key = {spec.key: spec for spec in specs}
    values: dict[str, object] = {spec.key: spec.default for spec in specs}
    for key, value in raw.items():
        if key not in by_key:
            raise unknown("rule", key, by_key, where)
        values[key] = by_key[key].parse(value, where)
    return Rules(game, MappingProxyType(values), frozenset(raw))


def _paytables(raw: Mapping[str, object], where: str) -> tuple[Paytable, ...]:
    paytables = []
    for name, body in raw.items():
        assert isinstance(body, dict)
        pays = body.get("pays")
        if not isinstance(pays, dict) or not pays:
            raise InputError(f"{where}: paytables.{name} needs a non-empty [paytables.{name}.pays] table")
        basis = body.get("basis", "to")
        if basis not in BASES:
            raise InputError(f"{where}: paytables.{name}.basis must be 'to' or 'for', got {basis!r}")
        exact = {category: parse_exact(value, f"{where}: paytables.{name}.pays.{category}")
                 for category, value in pays.items() if not is_none(value)}
        settlement = {key: str(body.get(key, "")).strip() for key in SETTLEMENT_KEYS}
        paytables.append(Paytable(name, basis, MappingProxyType(exact), **settlement))
    return tuple(paytables)


def is_none(value: object) -> bool:
    """Whether a pay is the word ``none`` (the pay removed), in any case.

    >>> is_none("None"), is_none(0)
    (True, False)
    """
    return isinstance(value, str) and value.strip(SPACE).lower() == NONE


def _from_data(data: Mapping[str, object], source: str, schema: Schema) -> GameTable:
    where = f"table {source}"
    name = _text(data, "name", where)
    raw_rules = data.get("rules", {})
    raw_tables = data.get("paytables", {})
    assert isinstance(raw_rules, dict) and isinstance(raw_tables, dict)
    paytables = _paytables(raw_tables, where)
    main = _text(data, "main_paytable", where, paytables[0].name if paytables else "-")
    if paytables and main not in {t.name for t in paytables}:
        raise unknown("main_paytable", main, [t.name for t in paytables], where)
    return GameTable(
        name=name, title=_text(data, "title", where), engine=_text(data, "engine", where),
        unit=_text(data, "unit", where, "unit"), rules=_rules(raw_rules, schema.rule_specs, name, where),
        paytables=paytables, main_paytable=main, source=source,
        description=str(data.get("description", "")),
        classes=parse_classes(data.get("classes", {}), where),
        side_games=_side_games(data.get("side_games", []), name, where),
        examples=_examples(data.get("examples", []), where),
    )


def _examples(raw: object, where: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """``[[examples]]``: tables of text values (cards, numbers and flags written as the command line
    takes them); what each input means is the family's to check."""
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise InputError(f"{where}: examples must be an array of tables ([[examples]])")
    out = []
    for i, item in enumerate(raw, start=1):
        for key, value in item.items():
            if not isinstance(value, (str, int, bool)) or isinstance(value, float):
                raise InputError(f"{where}: examples[{i}].{key} must be text, a whole number or true/false")
        out.append(tuple((str(k), str(v).lower() if isinstance(v, bool) else str(v)) for k, v in item.items()))
    return tuple(out)


def _side_games(raw: object, name: str, where: str) -> tuple[str, ...]:
    """``side_games``: built-in games' names, each once, none the table itself."""
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise InputError(f"{where}: side_games must be a list of built-in game names")
    games = list_games()
    for item in raw:
        if item not in games:
            raise unknown("side game", item, games, where)
        if item == name:
            raise InputError(f"{where}: side_games names the table itself ('{item}')")
    if len(set(raw)) != len(raw):
        raise InputError(f"{where}: side_games names a game twice")
    return tuple(raw)


def apply_pays(game: GameTable, overrides: Iterable[str]) -> GameTable:
    """``--pay CATEGORY=VALUE`` (main paytable) or ``--pay PAYTABLE.CATEGORY=VALUE``; a VALUE of
    ``none`` removes the pay (the table no longer lists it).

    >>> game = load_game("caribbean-stud", schema_of=_plain_schema)
    >>> apply_pays(game, ["flush=6"]).paytable().pay("flush")
    Fraction(6, 1)
    >>> apply_pays(game, ["flush=none"]).paytable().listed("flush") is None
    True
    >>> apply_pays(game, ["flsh=none"])
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --pay flsh=none: paytables.call lists no 'flsh' to remove (did you mean 'flush'?)
    """
    for text in overrides:
        table_name, category, value = _pay_parts(text)
        shown = f"{table_name}.{category}" if table_name else category
        wanted = table_name or game.main_paytable
        if not any(t.name == wanted for t in game.paytables) and not game.paytables:
            # a game whose only paytable is optional (Fast Action's jackpot) and absent: say so, and
            # name the pay asked for, rather than "unknown paytable" with nothing to choose from
            raise InputError(f"--pay {quoted(text)}: {game.name} has no paytable {quoted(wanted)} to change (its "
                             f"file defines none; a --table file may add [paytables.{wanted}])")
        table = game.paytable(table_name)
        if is_none(value):
            if category not in table.pays:
                close = nearest(category, table.pays)
                hint = f" (did you mean {quoted(close)}?)" if close else ""
                raise InputError(f"--pay {shown}=none: paytables.{table.name} lists no {quoted(category)} "
                                 f"to remove{hint}")
            game = game.replace_paytable(table.with_pay(category, None))
            continue
        game = game.replace_paytable(table.with_pay(category, parse_exact(value, f"--pay {shown}")))
    return game


PAY_FORM = "[PAYTABLE.]CATEGORY=VALUE, e.g. flush=6 or pair-plus.flush=4"


def _pay_parts(text: str) -> tuple[str | None, str, str]:
    """The paytable (None: the main one), category and value of a ``--pay`` text; each part must be
    there, and a name holds no ``.`` (see :func:`check_name`).

    >>> _pay_parts(" pair-plus.flush = 4 "), _pay_parts("flush=3/2")
    (('pair-plus', 'flush', '4'), (None, 'flush', '3/2'))
    >>> _pay_parts(".flush=6")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --pay '.flush=6': no paytable name before '.' (write flush=6 for the main ...
    """
    key, sep, value = text.partition("=")
    key, value = key.strip(SPACE), value.strip(SPACE)
    shown = quoted(text, 80)
    if not sep:
        raise InputError(f"--pay expects {PAY_FORM}, got {shown}")
    if not key:
        raise InputError(f"--pay {shown}: no category before '=' (expected {PAY_FORM})")
    if not value:
        raise InputError(f"--pay {shown}: no value after '=' (expected a number such as 6, 1.5 or 3/2, "
                         "or none to remove the pay)")
    parts = [part.strip(SPACE) for part in key.split(".")]
    if len(parts) > 2:
        raise InputError(f"--pay {shown}: {quoted(key)} has more than one '.' (expected {PAY_FORM}; "
                         "a paytable's or a category's name holds no '.')")
    if len(parts) == 2 and not parts[0]:
        raise InputError(f"--pay {shown}: no paytable name before '.' (write {parts[1] or 'CATEGORY'}={value} "
                         f"for the main paytable, or PAYTABLE.{parts[1] or 'CATEGORY'}={value})")
    if not parts[-1]:
        raise InputError(f"--pay {shown}: no category after '.' (expected {PAY_FORM})")
    return (parts[0], parts[1], value) if len(parts) == 2 else (None, parts[0], value)


def apply_rules(game: GameTable, overrides: Iterable[str], schema: Schema) -> GameTable:
    """``--rule KEY=VALUE``, parsed by the engine's schema exactly as a table file's value is."""
    by_key = {spec.key: spec for spec in schema.rule_specs}
    values, given = dict(game.rules.values), set(game.rules.given)
    for text in overrides:
        key, sep, value = text.partition("=")
        key = key.strip(SPACE)
        shown = quoted(text, 80)
        if not sep:
            raise InputError(f"--rule expects KEY=VALUE, e.g. {next(iter(by_key), 'KEY')}=VALUE, got {shown}")
        if not key:
            raise InputError(f"--rule {shown}: no rule before '=' (expected KEY=VALUE)")
        if not value.strip(SPACE):
            raise InputError(f"--rule {shown}: no value after '=' (expected KEY=VALUE)")
        if key not in by_key:
            raise unknown("rule", key, by_key, f"--rule for {game.name}")
        values[key] = by_key[key].parse(value, "--rule")
        given.add(key)
    return replace(game, rules=Rules(game.name, MappingProxyType(values), frozenset(given)))


def load_game(name: str, table_path: str | Path | None = None, pays: Iterable[str] = (),
              rules: Iterable[str] = (), *, schema_of: Callable[[str], Schema]) -> GameTable:
    """Load a game, lay the overlays on it in order and let its engine (``schema_of(engine name)``)
    validate the result once."""
    path = game_path(name)
    pays, rules = tuple(pays), tuple(rules)
    data = read_toml(path, "game")
    _check_keys(data, f"table {path}")
    source = str(path)
    if table_path is not None:
        overlay = read_toml(table_path, "--table")
        _check_keys(overlay, f"table {table_path}")
        data = _merge(data, overlay)
        source = str(table_path)
    schema = schema_of(_text(data, "engine", f"table {source}"))
    game = apply_rules(apply_pays(_from_data(data, source, schema), pays), rules, schema)
    schema.validate(game)
    return game


class _PlainSchema:
    """A schema that takes any rule and checks nothing (this module's examples)."""

    rule_specs: tuple[RuleSpec, ...] = (
        RuleSpec("dealer_qualifies", "text", None, ""), RuleSpec("call_multiple", "integer", None, ""),
        RuleSpec("side_bets", "strings", (), ""))

    def validate(self, table: GameTable) -> None:
        return None


def _plain_schema(engine: str) -> Schema:
    return _PlainSchema()
