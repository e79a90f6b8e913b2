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
from oddscalc.engines.stud.counts import (
    COMPLETIONS,
    PAYABLE,
    PAYOUT_CLASSES,
    SITUATIONS,
    StrategyTotals,
    class_counts,
    optimal_calls,
    strategy_totals,
)
from oddscalc.engines.stud.rules import StudRules


@dataclass(frozen=True)
class StudResult:
    """An analysis with the strategy behind it: the decision of every class and their totals."""
    analysis: Analysis
    totals: StrategyTotals
    calls: bytearray = field(repr=False, compare=False)


def paytable_text(paytable: Paytable) -> str:
    """Pays strongest first, as printed on a layout.

    >>> from oddscalc.engines.base import load
    >>> paytable_text(load("caribbean-stud").paytable())
    'call: 100/50/20/7/5/4/3/2/1/1'
    """
    pays = "/".join(str(paytable.pay(name)) for name in reversed(PAYABLE) if name in paytable.pays)
    return f"{paytable.name}: {pays}"


def outcome_rows(totals: StrategyTotals, paytable: Paytable, call_multiple: int) -> tuple[Outcome, ...]:
    """The outcome table of a strategy: nets and wagers per Ante."""
    wager = Fraction(1 + call_multiple)
    rows = [
        Outcome("fold", sum(totals.folded) * COMPLETIONS, Fraction(-1), Fraction(1)),
        Outcome("dealer-not-qualify", sum(totals.not_qualify), Fraction(1), wager),
        Outcome("lose", sum(totals.losses), -wager, wager),
        Outcome("push", sum(totals.ties), Fraction(0), wager),
    ]
    for index, name in enumerate(PAYOUT_CLASSES):
        if name in PAYABLE:
            rows.append(Outcome(f"win-{name}", totals.wins[index], 1 + call_multiple * paytable.pay(name), wager))
    return tuple(rows)


def analyze(game: GameTable, calls: bytearray | None = None) -> StudResult:
    """Exact analysis of a game table under the optimal strategy (or the given decisions)."""
    rules = StudRules.of(game)
    classes = class_counts(rules.qualify_strength)
    paytable = game.paytable()
    if calls is None:
        calls = optimal_calls(classes, paytable, rules.call_multiple)
    totals = strategy_totals(classes, calls)
    analysis = Analysis(
        game=game.name, table=paytable_text(paytable), total=SITUATIONS * COMPLETIONS,
        outcomes=outcome_rows(totals, paytable, rules.call_multiple),
        call_probability=Fraction(sum(totals.called), SITUATIONS), unit=game.unit,
    )
    return StudResult(analysis, totals, calls)
