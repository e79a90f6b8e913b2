"""The one decision report every family's ``decide`` prints: the same JSON shape and the same text
layout whatever the game, the number of actions or the number of decisions.

JSON::

    {"game": ..., "situation": {each declared decide input given, cards as text},
     "decisions": [{"case": {what tells this decision from the others of the situation, or nothing},
                    "choice": ..., "options": {action: exact EV per unit, in the family's order},
                    "margin": ..., "exact": ..., "total": ..., "std_error": ...,
                    "outcomes": [{"outcome", "count", "probability", "net"}, ...],
                    "facts": {the family's figures}}]}

Text: one ``decision`` table (the EV of every option, the margin "(X is better by)", what was
counted, the family's fact rows, the decision), a table of one row per case when the decisions
have cases (Fast Action's numbers of other bettors), then the outcome table of each decision that
continues.  A family says only what is its own (:class:`Wording`): the unit, what its totals count,
the outcome table's title, how its facts read, its notes.

>>> from fractions import Fraction
>>> from oddscalc.engines.base import Decision, load
>>> from oddscalc.engines.inputs import Input, Inputs, Situation
>>> inputs = Inputs((Input("hand", "cards", "your cards"),))
>>> coin = Decision("call", {"call": Fraction(1, 3), "fold": Fraction(-1)}, 3)
>>> report = decision_report(load("caribbean-stud"), inputs, Situation({"hand": (51, 45)}), [coin],
...                          Wording("ante", "completions"))
>>> report.data["situation"], report.data["decisions"][0]["margin"]
({'hand': 'As Kd'}, Fraction(4, 3))
>>> [row[0] for row in report.tables[0].rows]
['EV(call) per ante', 'EV(fold) per ante', 'margin (call is better by)', 'completions', 'decision']
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.cards import format_cards
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, estimate_text
from oddscalc.engines.base import Decision
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.report.model import Cell, Report, Table

PLACES = 6              # decimals of an EV or a fact in the text
PROBABILITY_PLACES = 8  # decimals of an outcome's probability


def fact_cells(value: object) -> tuple[Cell, str]:
    """A fact as the ``decision`` table shows it: the exact value and its decimal (none for text,
    ``-`` for a figure that does not apply)."""
    if value is None:
        return "-", ""
    if isinstance(value, Fraction):
        return value, decimal_text(value, PLACES)
    return value, ""


@dataclass(frozen=True)
class Fact:
    """One of the family's figures as its text reads: ``label``, and the cells of a decision
    (exact value and decimal; :func:`fact_cells` of ``facts[key]`` unless ``cells`` says otherwise)."""
    label: str
    key: str = ""
    cells: Callable[[Decision], tuple[Cell, str]] | None = None

    def of(self, decision: Decision) -> tuple[Cell, str]:
        if self.cells is not None:
            return self.cells(decision)
        return fact_cells(decision.facts.get(self.key))


@dataclass(frozen=True)
class Wording:
    """What a family's decision report says in its own words: ``unit`` the EVs are per (``ante``,
    ``bet``), what ``total`` counts when exact (``dealer completions``), the title of the outcome
    table (what continuing means), the fact rows, the notes."""
    unit: str
    counted: str
    outcomes: str = "outcomes if you continue"
    facts: tuple[Fact, ...] = ()
    notes: tuple[str, ...] = ()


def _input_text(name: str) -> str:
    return name.replace("_", " ")


def situation_data(inputs: Inputs, situation: Situation) -> dict[str, object]:
    """Every declared input that was given, in the family's order, cards as text."""
    data: dict[str, object] = {}
    for spec in inputs.fields:
        if spec.name not in situation.values:
            continue
        value = situation.values[spec.name]
        if spec.kind == "cards":
            data[spec.name] = format_cards(situation.cards(spec.name))
        elif spec.kind == "integers":
            data[spec.name] = list(situation.integers(spec.name) or ())
        else:
            data[spec.name] = value
    return data


def situation_text(data: Mapping[str, object]) -> str:
    """The situation in one line: ``hand As Kd 9c 5h 2s, up Qd`` (a flag by its name alone)."""
    parts = []
    for name, value in data.items():
        if value is True:
            parts.append(_input_text(name))
        elif isinstance(value, list):
            parts.append(f"{_input_text(name)} {' '.join(map(str, value))}")
        else:
            parts.append(f"{_input_text(name)} {value}")
    return ", ".join(parts)


def outcome_data(decision: Decision) -> list[dict[str, object]]:
    return [{"outcome": row.outcome, "count": row.count, "probability": Fraction(row.count, decision.total),
             "net": row.net} for row in decision.outcomes]


def decision_data(decision: Decision) -> dict[str, object]:
    """One decision in the one JSON shape."""
    return {"case": dict(decision.case), "choice": decision.choice, "options": dict(decision.values),
            "margin": decision.margin, "exact": decision.exact, "total": decision.total,
            "std_error": decision.std_error, "outcomes": outcome_data(decision), "facts": dict(decision.facts)}


def _margin_text(decision: Decision) -> str:
    return estimate_text(decision.margin, decision.std_error, PLACES)


def _counted(decision: Decision, wording: Wording) -> str:
    return wording.counted if decision.exact else "samples (an estimate)"


def _how(decision: Decision, wording: Wording) -> str:
    return (f"exact ({wording.counted}: {decision.total})" if decision.exact
            else f"estimate (samples: {decision.total})")


def _actions(decisions: Sequence[Decision]) -> list[str]:
    """Every action of the decisions, in the order the family gives them (first seen first)."""
    actions: list[str] = []
    for decision in decisions:
        actions += [action for action in decision.values if action not in actions]
    return actions


def single_table(decision: Decision, wording: Wording) -> Table:
    """The ``decision`` table of the only decision of a situation: a row per figure."""
    rows: list[tuple[Cell, ...]] = [(f"EV({action}) per {wording.unit}", value, decimal_text(value, PLACES))
                                    for action, value in decision.values.items()]
    rows.append((f"margin ({decision.choice} is better by)", decision.margin, _margin_text(decision)))
    rows.append((_counted(decision, wording), decision.total, ""))
    rows += [(fact.label, *fact.of(decision)) for fact in wording.facts]
    rows.append(("decision", decision.choice, ""))
    return Table("decision", ("", "exact", "decimal"), tuple(rows))


def case_table(decisions: Sequence[Decision], wording: Wording) -> Table:
    """The ``decision`` table of several decisions (or of cases): a row per case, decimals (the
    margin ± one standard error for an estimate); an action a case does not offer is left blank."""
    keys = list(dict.fromkeys(key for decision in decisions for key in decision.case))
    actions = _actions(decisions)
    headers = (*map(_input_text, keys), *(f"EV({action}) per {wording.unit}" for action in actions),
               "margin (better by)", "decision", "how", *(fact.label for fact in wording.facts))
    rows = []
    for d in decisions:
        facts = [fact.of(d) for fact in wording.facts]
        rows.append((*(d.case.get(key, "") for key in keys),
                     *(decimal_text(d.values[a], PLACES) if a in d.values else "" for a in actions),
                     _margin_text(d), d.choice, _how(d, wording),
                     *(decimal or exact for exact, decimal in facts)))
    return Table("decision", headers, tuple(rows))


def outcome_table(decision: Decision, wording: Wording) -> Table:
    """How continuing ends: each outcome's count, probability (decimal and exact) and net per unit."""
    case = situation_text({key: value for key, value in decision.case.items()})
    title = wording.outcomes + (f" ({case})" if case else "")
    return Table(title, ("outcome", wording.counted, "probability", "exact", f"net per {wording.unit}"),
                 tuple((row.outcome, row.count, decimal_text(Fraction(row.count, decision.total), PROBABILITY_PLACES),
                        Fraction(row.count, decision.total), row.net) for row in decision.outcomes))


def decision_report(table: GameTable, inputs: Inputs, situation: Situation, decisions: Sequence[Decision],
                    wording: Wording) -> Report:
    """``decide``: the one report of a situation's decisions (see the module's docstring)."""
    given = situation_data(inputs, situation)
    several = len(decisions) != 1 or any(decision.case for decision in decisions)
    tables = [case_table(decisions, wording) if several else single_table(decisions[0], wording)]
    tables += [outcome_table(decision, wording) for decision in decisions if decision.outcomes]
    data: dict[str, object] = {"game": table.name, "situation": given,
                               "decisions": [decision_data(decision) for decision in decisions]}
    return Report(f"{table.title}: {situation_text(given)}", tuple(tables), data, wording.notes)
