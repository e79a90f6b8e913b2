"""The report of ``oddscalc decide fast-action-poker``: equity, break-even, gain and advice per case.

>>> from oddscalc.cards import parse_cards
>>> from oddscalc.games.fast_action_decide import decision_rows
>>> from oddscalc.games.fast_action_rules import default_rules
>>> hero, flop = parse_cards("As Ad"), parse_cards("Ac 7d 2h")
>>> rows = decision_rows(default_rules(), hero, flop, (), 4, [1])
>>> decide_report(default_rules(), hero, flop, (), 4, rows).data["cases"][0]["advice"]
'bet'
"""
from __future__ import annotations

from oddscalc.cards import format_cards
from oddscalc.games.fast_action_decide import Decision
from oddscalc.games.fast_action_report import chance, number
from oddscalc.games.fast_action_rules import FastActionRules
from oddscalc.report import Report, Table, decimal_text


def _equity_text(row: Decision) -> str:
    e = row.equity
    return chance(e.equity) if e.exact else chance(e.equity, e.std_error)


def _method(row: Decision) -> str:
    e = row.equity
    if e.opponents == 0:
        return "no showdown"
    return f"exact ({e.total} deals)" if e.exact else f"estimate ({e.total} samples)"


def decide_report(rules: FastActionRules, hero, board, dead, players: int, rows: list[Decision]) -> Report:
    """One row per number of other bettors: equity against them, break-even equity, gain, advice."""
    table_rows = tuple(
        (row.others, _equity_text(row), _method(row), str(row.pot),
         "-" if row.break_even is None else decimal_text(row.break_even, 6),
         number(row.gain) + ("" if row.gain_se is None else f" ± {row.gain_se:.6f}"), row.advice)
        for row in rows)
    title = (f"optional bet of {rules.optional_bet} with {format_cards(hero)} on {format_cards(board)}, "
             f"{players} players" + (f", dead {format_cards(dead)}" if dead else ""))
    table = Table(title, ("others who bet", "equity vs them", "how", "pot if you bet (units)",
                          "break-even equity", "gain from betting (units)", "advice"), table_rows)
    notes = ("Equity: expected share of the phase-one pot against that many random hands (ties split). "
             "Break-even: optional bet / pot. Phase two is the same whether or not you bet.",)
    data = {"game": rules.game, "hero": format_cards(hero), "board": format_cards(board),
            "dead": format_cards(dead), "players": players,
            "cases": [{"others_bet": row.others, "exact": row.equity.exact, "total": row.equity.total,
                       "equity": row.equity.equity, "equity_decimal": float(row.equity.equity),
                       "equity_std_error": row.equity.std_error, "win": row.equity.win, "pot": row.pot,
                       "break_even_equity": row.break_even, "gain": row.gain, "gain_decimal": float(row.gain),
                       "gain_std_error": row.gain_se, "advice": row.advice} for row in rows]}
    return Report("Fast Action Poker: optional-bet decision", (table,), data, notes)
