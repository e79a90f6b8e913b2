"""What the page changed against the shipped table, and the overlay file that reproduces it.

Both are read off the loaded tables, not off what was typed: a change is a pay or a rule whose
value differs from the shipped table's, and the overlay (``oddscalc analyze GAME --table FILE``)
writes each changed value as the game file would, so that it loads to the same table (the same
``GameTable.digest()``; a test checks it).

>>> value_text(Fraction(3, 2)), value_text(("a", "b")), value_text(True), value_text(None)
('3/2', 'a, b', 'true', '')
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.gametable import NONE, GameTable
from oddscalc.core.numbers import exact_text


def value_text(value: object) -> str:
    """A pay's or a rule's value as the form shows it and ``--pay``/``--rule`` take it back."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value)
    return exact_text(value) if isinstance(value, (Fraction, int)) else str(value)


@dataclass(frozen=True)
class Change:
    """One value that differs from the shipped table: ``field`` is ``pays.TABLE.CATEGORY`` or
    ``rules.KEY``; ``shipped`` and ``value`` its texts (a removed pay: ``none``)."""
    field: str
    shipped: str
    value: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "shipped": self.shipped, "value": self.value}


def _pay_text(pay: Fraction | None) -> str:
    return NONE if pay is None else value_text(pay)


def pay_changes(table: GameTable, shipped: GameTable) -> list[tuple[str, str, Fraction | None, Fraction | None]]:
    """(paytable, category, shipped pay, pay) of every pay that differs (None: not listed)."""
    found = []
    for paytable in table.paytables:
        before = shipped.paytable(paytable.name).pays if shipped.has_paytable(paytable.name) else {}
        for category in dict.fromkeys([*before, *paytable.pays]):
            old, new = before.get(category), paytable.listed(category)
            if old != new:
                found.append((paytable.name, category, old, new))
    return found


def rule_changes(table: GameTable, shipped: GameTable) -> list[tuple[str, object, object]]:
    """(rule, shipped value, value) of every rule that differs."""
    keys = dict.fromkeys([*shipped.rules.values, *table.rules.values])
    return [(key, shipped.rules.get(key), table.rules.get(key)) for key in keys
            if shipped.rules.get(key) != table.rules.get(key)]


def changes(table: GameTable, shipped: GameTable) -> list[Change]:
    """Every pay and rule of ``table`` that differs from ``shipped``."""
    return ([Change(f"pays.{name}.{category}", _pay_text(old), _pay_text(new))
             for name, category, old, new in pay_changes(table, shipped)]
            + [Change(f"rules.{key}", value_text(old), value_text(new))
               for key, old, new in rule_changes(table, shipped)])


def toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, but for DEL, which TOML also escapes."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_value(value: object) -> str:
    """A value as a game file writes it: whole numbers bare, other rationals as ``"p/q"``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else toml_string(exact_text(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(toml_string(str(item)) for item in value) + "]"
    return toml_string(str(value))


def overlay_toml(table: GameTable, shipped: GameTable, game: str) -> str:
    """The overlay file of every change: laid over ``game`` with ``--table``, it gives ``table``."""
    lines = [f"# oddscalc workbench overlay: oddscalc analyze {game} --table THIS-FILE", ""]
    rules = rule_changes(table, shipped)
    if rules:
        lines += ["[rules]", *(f"{key} = {toml_value(value)}" for key, _, value in rules), ""]
    by_table: dict[str, list[str]] = {}
    for name, category, _, pay in pay_changes(table, shipped):
        by_table.setdefault(name, []).append(f"{category} = {toml_string(NONE) if pay is None else toml_value(pay)}")
    for name, pays in by_table.items():
        lines += [f"[paytables.{name}.pays]", *pays, ""]
    return "\n".join(lines)
