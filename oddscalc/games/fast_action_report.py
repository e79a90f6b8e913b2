"""The report of ``oddscalc fast-action odds`` for a partly known deal (fast_action_settlement_report
has the one for a fully known hand).

Text shows decimals (rounded exactly from the Fractions); JSON keeps every figure exact as
``"p/q"`` beside a ``_decimal`` float.  Estimates always carry their standard error.

>>> from oddscalc.games.fast_action_deal import parse_deal
>>> from oddscalc.games.fast_action_odds import deal_odds
>>> from oddscalc.games.fast_action_rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,3", button="1", holes="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d")
>>> report = odds_report(deal_odds(rules, deal))
>>> [row[0] for row in report.tables[-1].rows]
[1, 2, 3]
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.cards import format_cards
from oddscalc.games.fast_action_deal import describe
from oddscalc.games.fast_action_odds import Odds, category_label
from oddscalc.report import Report, Table, decimal_text


def number(value: Fraction, places: int = 6) -> str:
    """A signed decimal of an exact value (``+`` on gains, for nets).

    >>> number(Fraction(-1, 3)), number(Fraction(2))
    ('-0.333333', '+2.000000')
    """
    text = decimal_text(value, places)
    return text if text.startswith("-") or value == 0 else "+" + text


def chance(value: Fraction, se: float | None = None, places: int = 6) -> str:
    """A probability (or mean) as a decimal, with ``± standard error`` when it is an estimate."""
    text = decimal_text(value, places)
    return text if se is None else f"{text} ± {se:.{places}f}"


def _signed(value: Fraction, se: float | None) -> str:
    text = number(value)
    return text if se is None else f"{text} ± {se:.6f}"


def exact_pair(key: str, value: Fraction) -> dict:
    """A JSON key with its exact value and a ``_decimal`` beside it."""
    return {key: Fraction(value), f"{key}_decimal": float(value)}


# --- odds of a partly known deal ------------------------------------------------------------

def _method(odds: Odds) -> str:
    if odds.exact:
        return (f"exact: every completion of the unknown cards ({odds.total} equally likely deals, "
                "deck draws averaged exactly)")
    return (f"ESTIMATE: seeded Monte Carlo, {odds.total} samples, seed {odds.seed}; "
            "± is one standard error (action-seat chances stay exact)")


def odds_report(odds: Odds) -> Report:
    """Per-seat phase-one and phase-two odds and expected nets of a partly known deal."""
    rules, deal = odds.rules, odds.deal
    deal_rows = (("deal", describe(deal)), ("phase-one pot", f"{odds.pot} units"),
                 ("method", _method(odds)))
    one_rows, two_rows, net_rows = [], [], []
    for s in odds.seats:
        hole = format_cards(s.hole) if s.hole else "unknown"
        one_rows.append((s.seat, hole, "yes" if s.bettor else "no", chance(s.win), chance(s.tie),
                         chance(s.pot_share * odds.pot, None if s.pot_share_se is None
                                else s.pot_share_se * float(odds.pot)),
                         number(s.phase_one_net)))
        two_rows.append((s.seat, chance(s.action), _signed(s.phase_two, s.phase_two_se)))
        row = [s.seat, number(s.phase_one_net), number(s.phase_two * rules.bet)]
        if rules.has_jackpot:
            row.append(number(s.jackpot))
        net_rows.append((*row, number(s.net)))
    relative = tuple((r, "first action hand" if r == 0 else f"{r} seat(s) to its left",
                      _signed(v, None if odds.relative_se is None else odds.relative_se[r]))
                     for r, v in enumerate(odds.relative))
    tables = [
        Table("deal", ("field", "value"), deal_rows),
        Table(f"phase one: best optional bettor takes the pot of {odds.pot} units",
              ("seat", "hole", "bet", "win", "tie", "expected pot share (units)", "phase-one net (units)"),
              tuple(one_rows)),
        Table("phase two: one bet per comparison",
              ("seat", "first action hand", "expected net (bets)"), tuple(two_rows)),
        Table("phase two by position from the first action hand",
              ("position", "player", "expected net (bets)"), relative),
        Table("expected net per hand (units)",
              ("seat", "phase one", "phase two", *(("jackpot",) if rules.has_jackpot else ()), "total"),
              tuple(net_rows)),
    ]
    if rules.has_jackpot:
        tables.append(_jackpot_table(odds))
    notes = ("Phase-two nets sum to zero over the seats; probabilities are over every completion.",)
    return Report("Fast Action Poker odds", tuple(tables), _odds_data(odds), notes)


def _jackpot_table(odds: Odds) -> Table:
    labels = [label for label, _pay in odds.rules.jackpot_pays]
    rows = []
    for s in odds.seats:
        by_label = {category_label(c): p for c, p in enumerate(s.categories)}
        rows.append((s.seat, *(chance(by_label[label]) for label in labels), number(s.jackpot)))
    return Table("jackpot on the final hand", ("seat", *labels, "expected jackpot net (units)"), tuple(rows))


def _odds_data(odds: Odds) -> dict:
    seats = []
    for s in odds.seats:
        entry = {"seat": s.seat, "hole": format_cards(s.hole) if s.hole else None, "bettor": s.bettor}
        for key, value in (("win", s.win), ("tie", s.tie), ("pot_share", s.pot_share),
                           ("phase_one_net", s.phase_one_net), ("action_probability", s.action),
                           ("phase_two_net", s.phase_two), ("jackpot_net", s.jackpot), ("net", s.net)):
            entry.update(exact_pair(key, value))
        if not odds.exact:
            entry["pot_share_std_error"] = s.pot_share_se
            entry["phase_two_net_std_error"] = s.phase_two_se
        seats.append(entry)
    return {
        "game": odds.rules.game, "exact": odds.exact,
        "method": "exact" if odds.exact else "monte-carlo",
        "total": odds.total, **({} if odds.exact else {"samples": odds.total, "seed": odds.seed}),
        "deal": describe(odds.deal), "pot": odds.pot, "seats": seats,
        "relative_phase_two_net": list(odds.relative),
        "action_sources": {source: chance_value for source, chance_value in odds.action.by_source().items()},
    }
