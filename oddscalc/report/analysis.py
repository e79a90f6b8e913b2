"""The standard report of an exact analysis: the outcome table, every metric, the distribution of
the net per round, the JSON keys.

>>> from fractions import Fraction
>>> from oddscalc.core.economics import Analysis, Outcome
>>> coin = Analysis("coin", "even", 2, (Outcome("win", 1, Fraction(1)), Outcome("lose", 1, Fraction(-1))))
>>> outcome_table(coin).rows[0]
('win', 1, '0.5000000000', Fraction(1, 1), '0.50000000')
>>> net_table(coin).rows[0]
(Fraction(-1, 1), 1, Fraction(1, 2), '0.5000000000', 'lose')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.numbers import decimal_text, probability_text, short_exact
from oddscalc.report.model import Report, Table


def outcome_table(analysis: Analysis, title: str = "outcomes", odds: bool = False) -> Table:
    """Outcome rows: exact count, probability (as every table writes one: ``probability_text``), net
    per unit and contribution to the return; with ``odds``, the true odds beside each (``1 in N``)."""
    rows = tuple(
        (row.outcome, row.count, probability_text(analysis.probability(row)),
         *((odds_text(analysis.probability(row)),) if odds else ()), row.net,
         decimal_text(analysis.contribution(row), 8))
        for row in analysis.outcomes
    )
    return Table(title, ("outcome", "count", "probability", *(("true odds",) if odds else ()),
                         f"net per {analysis.unit}", "contribution"), rows)


def odds_text(probability: Fraction) -> str:
    """True odds as ``1 in N``: N = 1 / probability to two decimals below 100, whole above.

    >>> odds_text(Fraction(1, 649740)), odds_text(Fraction(2, 5)), odds_text(Fraction(0))
    ('1 in 649,740', '1 in 2.50', 'never')
    """
    if probability == 0:
        return "never"
    n = 1 / probability
    return f"1 in {decimal_text(n, 2)}" if n < 100 else f"1 in {round(n):,}"


def metrics_table(analysis: Analysis, title: str = "metrics") -> Table:
    """Every metric, exact and as a decimal beside it."""
    rows: list[tuple[str, str, object, str]] = []
    for key, label, value in analysis.metrics():
        if isinstance(value, float):
            rows.append((label, key, "(irrational)", f"{value:.8f}"))
        else:
            rows.append((label, key, value, decimal_text(value, 8)))
    return Table(title, ("metric", "key", "exact", "decimal"), tuple(rows))


def net_table(analysis: Analysis, title: str | None = None) -> Table:
    """The exact distribution of the net per round: every net amount, its count of deals, its
    probability (exact when short, and as a decimal) and the outcome rows that end with it."""
    rows = tuple((row.net, row.count, short_exact(Fraction(row.count, analysis.total)),
                  probability_text(Fraction(row.count, analysis.total)), ", ".join(row.outcomes))
                 for row in analysis.net_rows())
    return Table(title or f"net per round (per {analysis.unit})",
                 (f"net per {analysis.unit}", "count", "probability", "decimal", "outcomes"), rows)


def net_data(analysis: Analysis) -> list[dict[str, object]]:
    """The distribution of the net per round as JSON: net, count, exact probability, outcomes."""
    return [{"net": row.net, "count": row.count, "probability": Fraction(row.count, analysis.total),
             "outcomes": list(row.outcomes)} for row in analysis.net_rows()]


def analysis_data(analysis: Analysis) -> dict[str, object]:
    """The JSON keys every analysis carries (docs/rules.md names them)."""
    data: dict[str, object] = {
        "game": analysis.game,
        "table": analysis.table,
        "unit": analysis.unit,
        "total": analysis.total,
        "outcomes": [
            {"outcome": row.outcome, "count": row.count, "probability": analysis.probability(row),
             "net": row.net, "wager": row.wager}
            for row in analysis.outcomes
        ],
    }
    for key, _label, value in analysis.metrics():
        data[key] = value
        if not isinstance(value, float):
            data[key + "_decimal"] = float(value)
    data["net_distribution"] = net_data(analysis)
    return data


def analysis_report(title: str, analysis: Analysis, extra_tables: Sequence[Table] = (),
                    extra_data: Mapping[str, object] | None = None, notes: Sequence[str] = ()) -> Report:
    """The standard report of an analysis, with game-specific tables and keys after it."""
    data = analysis_data(analysis)
    data.update(extra_data or {})
    tables = (outcome_table(analysis), metrics_table(analysis), net_table(analysis), *extra_tables)
    return Report(title, tables, data, tuple(notes))
