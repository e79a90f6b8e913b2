"""The report of ``exposure``: the informed return beside the plain one, the gain, the strategy.

>>> from oddscalc.engines.base import Seen, load
>>> from oddscalc.tools.exposure import analyze_exposure
>>> report = exposure_report(load("caribbean-stud"), analyze_exposure(load("caribbean-stud"), Seen(5)))
>>> report.data["exact"], report.data["gain"] > 0
(True, True)
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, estimate_text, percent_text
from oddscalc.engines.base import Exposure
from oddscalc.report.analysis import analysis_data, outcome_table
from oddscalc.report.model import Report, Table


def _percent(value: Fraction | None) -> str:
    return "" if value is None else percent_text(value, 4)


def _metric_rows(plain: Analysis, exposure: Exposure) -> list[tuple[str, str, str, str]]:
    informed = exposure.analysis
    se = None if exposure.exact else exposure.std_error
    gain_text = estimate_text(exposure.gain * 100, None if se is None else se * 100, 4, signed=True) + " %"
    rows = [("expected return per unit", _percent(plain.expected_return),
             _percent(exposure.expected_return) if exposure.exact else
             estimate_text(exposure.expected_return * 100, None if se is None else se * 100, 4, signed=True) + " %",
             gain_text),
            ("return to player per unit", _percent(plain.rtp), _percent(1 + exposure.expected_return)
             if exposure.exact else "(as above, plus 100 %)", "")]
    if informed is not None:
        rows.append(("return to player per total wagered", _percent(plain.rtp_total), _percent(informed.rtp_total),
                     estimate_text((informed.rtp_total - plain.rtp_total) * 100, None, 4, signed=True) + " %"))
        if plain.call_probability is not None or informed.call_probability is not None:
            # a game of several decisions has no one call probability: its options' shares are in the strategy
            rows.append(("probability of calling (playing)", _percent(plain.call_probability),
                         _percent(informed.call_probability), ""))
        else:
            rows.append(("average wager per unit", decimal_text(plain.average_wager, 4),
                         decimal_text(informed.average_wager, 4), ""))
    return rows


def exposure_report(table: GameTable, exposure: Exposure) -> Report:
    """``exposure``: what the information is worth to a player who uses it optimally."""
    plain = exposure.baseline
    method = ("exact: every deal and every observation counted" if exposure.analysis is not None else
              "exact: every situation counted, each priced over every deal (the gain; the informed outcome "
              "table is not counted)" if exposure.counted else
              f"ESTIMATE: {exposure.samples:,} situations drawn with seed {exposure.seed}, each priced "
              f"exactly over every dealer completion; ± one standard error")
    facts = tuple((name.replace("_", " "), f"{value:,}" if isinstance(value, int) else str(value))
                  for name, value in exposure.facts.items())
    tables = [Table("what the player sees", ("", ""), (("seen", exposure.seen), ("method", method), *facts)),
              Table(f"returns per {plain.unit} (optimal play with and without the information)",
                    ("figure", "without", "with", "gain"), tuple(_metric_rows(plain, exposure)))]
    if exposure.strategy:
        tables.append(Table("how the informed player decides", ("situation", "decision"), exposure.strategy))
    if exposure.analysis is not None:
        tables.append(outcome_table(exposure.analysis, "informed outcomes"))
    data: dict[str, object] = {
        "game": table.name, "seen": exposure.seen, "exact": exposure.exact,
        "method": "exact" if exposure.exact else "monte-carlo",
        "gain": exposure.gain, "gain_decimal": float(exposure.gain),
        "expected_return": exposure.expected_return, "expected_return_decimal": float(exposure.expected_return),
        "baseline": analysis_data(plain),
        "strategy": [{"situation": s, "decision": d} for s, d in exposure.strategy]}
    if exposure.analysis is not None:
        data["informed"] = analysis_data(exposure.analysis)
    elif not exposure.exact:
        data.update({"samples": exposure.samples, "seed": exposure.seed, "gain_std_error": exposure.std_error})
    if exposure.facts:
        data["facts"] = dict(exposure.facts)
    notes = ("The gain is what the information is worth per unit to a player who decides optimally with it; "
             "the house's edge falls by as much.",)
    title = f"{table.title}: the player also sees {exposure.seen}"
    return Report(("ESTIMATE — " if not exposure.exact else "") + title, tuple(tables), data, notes)
