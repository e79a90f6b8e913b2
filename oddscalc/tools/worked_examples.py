"""Worked examples of settled hands for the par sheet: situations the game file names, each priced
and settled by the family itself.

A game file lists its examples as ``decide`` takes them (``[[examples]]``: ``hand = "As Kd Qc 7h
3s"``, ``up = "Jd"``, an optional ``note``).  Where the family decides (``Decides``), an example is
what ``oddscalc decide`` prints for it: every action's exact expected value, the choice, and each way
the continuing action ends with its count, probability and net.  Where there is no decision (a side
bet settled on the cards), it is the hand's category by the family's own ranking and what each
paytable pays for it.

>>> from oddscalc.engines.base import load
>>> [example.title for example in worked_examples(load("caribbean-stud"))][:1]
['Caribbean Stud Poker: hand Kh Kd 7c 4s 2h, up 9s']
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from oddscalc.core.cards import format_cards, parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import exact_text
from oddscalc.engines.base import DECIDE, engine_of
from oddscalc.engines.inputs import read_situation
from oddscalc.report.model import Table

NOTE = "note"


@dataclass(frozen=True)
class WorkedExample:
    """One example: its title (the situation), the game file's note, and what the family makes of it."""
    title: str
    note: str
    tables: tuple[Table, ...]
    notes: tuple[str, ...] = ()


def worked_examples(game: GameTable) -> tuple[WorkedExample, ...]:
    """Every example of the game file, priced and settled (a bad one refused, naming it)."""
    return tuple(_example(game, i, dict(given)) for i, given in enumerate(game.examples, start=1))


def _example(game: GameTable, index: int, given: Mapping[str, str]) -> WorkedExample:
    values = {key: value for key, value in given.items() if key != NOTE}
    note = given.get(NOTE, "")
    try:
        if DECIDE.has(engine_of(game)):
            family = DECIDE.of(game)
            situation = read_situation(family.decide_inputs, values, "decide", game.name)
            report = family.decision_report(game, situation, family.decide(game, situation))
            return WorkedExample(report.title, note, report.tables, report.notes)
        return _settled(game, values, note)
    except InputError as error:
        raise InputError(f"table '{game.name}': examples[{index}]: {error}") from None


def _settled(game: GameTable, values: dict[str, str], note: str) -> WorkedExample:
    """A hand of a game without a decision: its category and what each paytable pays for it."""
    if set(values) != {"hand"}:
        raise InputError("a game without a decision takes an example's cards as hand = \"CARDS\" alone")
    cards = tuple(parse_cards(values["hand"]))
    hand = engine_of(game).rank(game, cards)
    names = [name for name in (hand.hand_class, hand.category.label) if name]
    rows = tuple((name, table.name, f"{exact_text(table.pays[name])} {table.basis} one")
                 for name in names for table in game.paytables if name in table.pays)
    paid = rows or (("(none)", "", "the wager loses"),)
    return WorkedExample(f"{game.title}: hand {format_cards(cards)}", note, (
        Table("the hand", ("cards", "best five", "category", "class"),
              ((format_cards(cards), format_cards(hand.best), hand.category.label, hand.hand_class or "-"),)),
        Table("what it is paid", ("paid as", "paytable", "pays"), paid)))
