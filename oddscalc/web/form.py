"""A game's form, made from its schema: the rules its family declares (``rule_specs``: kind,
bounds, choices, help) with the table's values, and the loaded table's paytables with every pay.
No game is named here: a family added tomorrow gets its form from what it declares.

>>> import oddscalc
>>> made = game_form(oddscalc.load("caribbean-stud"), "caribbean-stud")
>>> [rule["key"] for rule in made["rules"]]
['dealer_qualifies', 'call_multiple', 'ties', 'side_bets']
>>> made["paytables"][0]["pays"][4]
{'key': 'call.flush', 'category': 'flush', 'value': '5'}
"""
from __future__ import annotations

from typing import Any

from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import EXACT, OPTIMAL, capabilities, engine_of
from oddscalc.web.overlay import value_text


def is_heavy(table: GameTable) -> bool:
    """Whether the family says its analysis takes many seconds (a worker process runs it then)."""
    return bool(getattr(engine_of(table), "heavy_analysis", False))


def strategies_of(table: GameTable) -> list[dict[str, str]]:
    """The strategies an exact analysis prices by name (the optimal one first)."""
    family = engine_of(table)
    if not EXACT.has(family):
        return []
    return [{"name": s.name, "label": s.label} for s in EXACT.of(table).strategies(table)]


def game_form(table: GameTable, game: str) -> dict[str, Any]:
    """The form of a game as loaded (``game``: how the page names it)."""
    family = engine_of(table)
    side = set(value_text(table.rules.get("side_bets")).split(", ")) if table.rules.get("side_bets") else set()
    rules = [{"key": spec.key, "kind": spec.kind, "help": spec.help, "choices": list(spec.choices),
              "low": None if spec.low is None else value_text(spec.low),
              "high": None if spec.high is None else value_text(spec.high),
              "default": value_text(spec.default), "value": value_text(table.rules.get(spec.key)),
              "given": spec.key in table.rules.given}
             for spec in family.rule_specs]
    paytables = [{"name": paytable.name, "basis": paytable.basis, "main": paytable.name == table.main_paytable,
                  "side_bet": paytable.name in side, "settlement": paytable.settlement,
                  "pays": [{"key": f"{paytable.name}.{category}", "category": category, "value": value_text(pay)}
                           for category, pay in paytable.pays.items()]}
                 for paytable in table.paytables]
    inputs = [{"name": item.name, "kind": item.kind, "help": item.help, "required": item.required,
               "example": item.example} for item in family.analysis_inputs.fields]
    return {"game": game, "name": table.name, "title": table.title, "engine": table.engine, "unit": table.unit,
            "description": table.description, "capabilities": list(capabilities(family)),
            "exact": EXACT.has(family), "heavy": is_heavy(table), "digest": table.digest(),
            "main_paytable": table.main_paytable, "rules": rules, "paytables": paytables,
            "classes": [hand_class.name for hand_class in table.classes], "side_games": list(table.side_games),
            "strategies": strategies_of(table), "optimal": OPTIMAL, "inputs": inputs}
