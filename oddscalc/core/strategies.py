"""Strategies as data: a strategy file (TOML) or a short expression, read strictly.

A strategy file names its rules, tried in order (the first that holds decides; no rule holds: fold)::

    name = "akj83-match"
    label = "call with A-K-J-8-3 or better, or A-K with a card matching the upcard"
    engine = "stud5"                       # optional: the engine the rules are written for
    rules = ["A-K-J-8-3+", "A-K if match"]

The same rules fit on a command line separated by ``;``: ``"A-K-J-8-3+; A-K if match"``.  What a
rule means is the engines' business (oddscalc/engines/handrules.py); this module reads the text.
The built-in strategies of an engine are files under ``tables/strategies/ENGINE/``.

>>> [s.name for s in builtin_strategies("stud5")][:2]
['pair-plus', 'ace-king']
>>> split_rules("A-K-J-8-3+; A-K if match")
('A-K-J-8-3+', 'A-K if match')
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from oddscalc.core.errors import InputError, check_name, quoted, unknown
from oddscalc.core.gametable import read_toml, tables_dir

STRATEGY_KEYS = ("name", "label", "engine", "rules", "order", "description")
MAX_RULES = 200
MAX_TEXT = 4000


@dataclass(frozen=True)
class StrategyText:
    """A strategy as written: its name, label, rules (text), engine and where it came from."""
    name: str
    label: str
    rules: tuple[str, ...]
    engine: str = ""
    order: int = 1000
    source: str = ""


def split_rules(text: str) -> tuple[str, ...]:
    """Rules of an expression: separated by ``;`` or new lines, blank ones dropped.

    >>> split_rules("pair+;;  Q-6-4+ ")
    ('pair+', 'Q-6-4+')
    """
    if len(text) > MAX_TEXT:
        raise InputError(f"strategy: the expression is longer than {MAX_TEXT} characters")
    rules = tuple(part.strip() for part in text.replace("\n", ";").split(";") if part.strip())
    if not rules:
        raise InputError("strategy: no rule given (write e.g. 'A-K-J-8-3+' or 'Q-6-4+; pair+')")
    if len(rules) > MAX_RULES:
        raise InputError(f"strategy: more than {MAX_RULES} rules")
    return rules


RULES_EXAMPLE = 'rules = ["A-K-J-8-3+", "A-K if match"]'


def file_rules(raw: object, where: str) -> tuple[str, ...]:
    """The ``rules`` of a strategy file: a non-empty list of strings, one rule each.  A bare string
    is refused, not read as rules split at ``;`` (that is the command line's way of writing them),
    and so are an empty list, an empty rule and a string holding two rules.

    >>> file_rules(["pair+", "A-K if match"], "f")
    ('pair+', 'A-K if match')
    >>> file_rules("A-K+", "f")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: f: 'rules' must be a list of rules, got the string 'A-K+': write rules = ["A-K+"]
    """
    if isinstance(raw, str):
        rules = [part.strip() for part in raw.replace("\n", ";").split(";") if part.strip()]
        plain = rules and len(raw) <= 100 and all(rule.isprintable() and '"' not in rule for rule in rules)
        written = ", ".join(f'"{rule}"' for rule in rules) if plain else '"A-K+"'
        raise InputError(f"{where}: 'rules' must be a list of rules, got the string {quoted(raw)}: "
                         f"write rules = [{written}]")
    if not isinstance(raw, list) or not raw:
        got = "nothing" if raw is None else "an empty list" if raw == [] else repr(raw)[:40]
        raise InputError(f"{where}: 'rules' must be a non-empty list of rules such as {RULES_EXAMPLE}, got {got}")
    if len(raw) > MAX_RULES:
        raise InputError(f"{where}: more than {MAX_RULES} rules")
    for number, rule in enumerate(raw, start=1):
        if not isinstance(rule, str):
            raise InputError(f"{where}: rule {number} must be a string, got {rule!r}"[:200])
        if not rule.strip():
            raise InputError(f"{where}: rule {number} is empty")
        if ";" in rule or not rule.isprintable():
            raise InputError(f"{where}: rule {number} {quoted(rule)} holds more than one line or a ';': give "
                             "each rule its own string")
        if len(rule) > MAX_TEXT:
            raise InputError(f"{where}: rule {number} is longer than {MAX_TEXT} characters")
    return tuple(rule.strip() for rule in raw)


def read_strategy(path: str | Path) -> StrategyText:
    """A strategy file, checked key by key (an unknown key gets the nearest name)."""
    where = f"strategy file {path}"
    data = read_toml(path, "strategy")
    for key in data:
        if key not in STRATEGY_KEYS:
            raise unknown("key", key, STRATEGY_KEYS, where)
    rules = file_rules(data.get("rules"), where)
    name = data.get("name", Path(path).stem)
    label = data.get("label", "; ".join(rules))
    engine = data.get("engine", "")
    order = data.get("order", 1000)
    for key, value in (("name", name), ("label", label), ("engine", engine)):
        if not isinstance(value, str):
            raise InputError(f"{where}: '{key}' must be a string, got {value!r}")
    if isinstance(order, bool) or not isinstance(order, int):
        raise InputError(f"{where}: 'order' must be a whole number")
    assert isinstance(name, str) and isinstance(label, str) and isinstance(engine, str)
    check_name(name, "strategy", where)
    if not label.strip() or not label.isprintable():
        raise InputError(f"{where}: 'label' must be one line of text, got {quoted(label)}")
    return StrategyText(name, label, rules, engine, order, str(path))


def strategies_dir(engine: str) -> Path:
    """Folder of an engine's built-in strategy files."""
    return tables_dir() / "strategies" / engine


def builtin_strategies(engine: str) -> tuple[StrategyText, ...]:
    """The built-in strategies of an engine, in their ``order``."""
    folder = strategies_dir(engine)
    found = [read_strategy(path) for path in sorted(folder.glob("*.toml"))] if folder.is_dir() else []
    for strategy in found:
        if strategy.engine and strategy.engine != engine:
            raise InputError(f"strategy file {strategy.source} is for engine '{strategy.engine}', not '{engine}'")
    return tuple(sorted(found, key=lambda s: (s.order, s.name)))


def is_strategy_path(text: str) -> bool:
    """Whether a strategy given on the command line is a file (a path, or a name ending in .toml).

    >>> is_strategy_path("mine.toml"), is_strategy_path("A-K-J-8-3+")
    (True, False)
    """
    text = text.strip()
    return text.endswith(".toml") or "/" in text or "\\" in text
