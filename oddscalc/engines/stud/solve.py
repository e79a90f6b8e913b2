"""The exact analysis of a Caribbean Stud table under a strategy: optimal, or given decisions.

>>> from oddscalc.engines.base import load
>>> result = analyze(load("caribbean-stud"))
>>> result.analysis.total
19933230517200
>>> result.analysis.expected_return * result.analysis.total
Fraction(-1041372912372, 1)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.gametable import GameTable, Paytable
from oddscalc.engines.base import Ties
from oddscalc.engines.stud.counts import (
    COMPLETIONS,
    PAYABLE,
    PLAIN_LAYOUT,
    SITUATIONS,
    CallLayout,
    StrategyTotals,
    call_layout,
    class_counts,
    optimal_calls,
    strategy_totals,
)
from oddscalc.engines.stud.rules import StudRules


@dataclass(frozen=True)
class StudResult:
    """An analysis with the strategy behind it: the decision of every class, their totals per pay
    class, and the pay classes (``layout``)."""
    analysis: Analysis
    totals: StrategyTotals
    calls: bytearray = field(repr=False, compare=False)
    layout: CallLayout = field(default=PLAIN_LAYOUT, repr=False, compare=False)


def paytable_text(paytable: Paytable, layout: CallLayout = PLAIN_LAYOUT) -> str:
    """Pays strongest first, as printed on a layout (classes the table pays after them).

    >>> from oddscalc.engines.base import load
    >>> paytable_text(load("caribbean-stud").paytable())
    'call: 100/50/20/7/5/4/3/2/1/1'
    >>> paytable_text(load("caribbean-stud", pays=["flush=3/2"]).paytable())[:60]
    'call: royal-flush 100, straight-flush 50, four-of-a-kind 20,'
    """
    listed = [name for name in reversed(PAYABLE) if name in paytable.pays]
    if all(paytable.pay(name).denominator == 1 for name in listed):
        pays = "/".join(str(paytable.pay(name)) for name in listed)
    else:           # a pay of p/q in a list of /: each pay by its category instead
        pays = ", ".join(f"{name} {paytable.pay(name)}" for name in listed)
    extra = "".join(f", {name} {paytable.pay(name)}" for name in layout.names[len(PAYABLE) + 1:])
    return f"{paytable.name}: {pays}{extra}"


def win_order(layout: CallLayout) -> list[int]:
    """Pay classes that can win, weakest first, each class the paytable names after its category."""
    order = []
    for index, name in enumerate(layout.names[:len(PAYABLE) + 1]):
        if name in PAYABLE:
            order.append(index)
            order += [i for i in range(len(PAYABLE) + 1, len(layout.names)) if layout.bases[i] == name]
    return order


def outcome_rows(totals: StrategyTotals, paytable: Paytable, call_multiple: int,
                 layout: CallLayout = PLAIN_LAYOUT, ties: Ties = Ties.PUSH) -> tuple[Outcome, ...]:
    """The outcome table of a strategy: nets and wagers per Ante; ties with a qualifying dealer
    settled by ``ties``."""
    wager = Fraction(1 + call_multiple)
    tied = sum(totals.ties)
    rows = [
        Outcome("fold", sum(totals.folded) * COMPLETIONS, Fraction(-1), Fraction(1)),
        Outcome("dealer-not-qualify", sum(totals.not_qualify), Fraction(1), wager),
        Outcome("lose", sum(totals.losses) + (tied if ties is Ties.DEALER else 0), -wager, wager),
    ]
    if ties is Ties.PUSH:
        rows.append(Outcome("push", tied, Fraction(0), wager))
    for index in win_order(layout):
        won = totals.wins[index] + (totals.ties[index] if ties is Ties.PLAYER else 0)
        rows.append(Outcome(f"win-{layout.names[index]}", won,
                            1 + call_multiple * paytable.pay(layout.names[index]), wager))
    return tuple(rows)


def analyze(game: GameTable, calls: bytearray | None = None) -> StudResult:
    """Exact analysis of a game table under the optimal strategy (or the given decisions)."""
    rules = StudRules.of(game)
    classes = class_counts(rules.qualify_strength)
    paytable = game.paytable()
    layout = call_layout(game)
    if calls is None:
        calls = optimal_calls(classes, paytable, rules.call_multiple, layout, rules.ties)
    totals = strategy_totals(classes, calls, layout)
    analysis = Analysis(
        game=game.name, table=paytable_text(paytable, layout), total=SITUATIONS * COMPLETIONS,
        outcomes=outcome_rows(totals, paytable, rules.call_multiple, layout, rules.ties),
        call_probability=Fraction(sum(totals.called), SITUATIONS), unit=game.unit,
    )
    return StudResult(analysis, totals, calls, layout)
