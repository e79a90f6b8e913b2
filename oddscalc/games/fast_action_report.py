"""Reports of ``oddscalc fast-action odds``: odds of a partly known deal, or a full settlement.

Text shows decimals (rounded exactly from the Fractions); JSON keeps every figure exact as
``"p/q"`` beside a ``_decimal`` float.  Estimates always carry their standard error.

>>> from oddscalc.games.fast_action_deal import parse_deal
>>> from oddscalc.games.fast_action_rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,3", button="1", holes="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d 3s")
>>> report = settlement_report(settle(rules, deal))
>>> [row[0] for row in report.tables[-1].rows]
[1, 2, 3]
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.cards import format_card, format_cards
from oddscalc.evaluate import best_five
from oddscalc.games.fast_action_deal import describe
from oddscalc.games.fast_action_odds import Odds, category_label
from oddscalc.games.fast_action_settle import chain_nets
from oddscalc.games.fast_action_settlement import Settlement, settle
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
                      chance(v, None if odds.relative_se is None else odds.relative_se[r]))
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


# --- settlement of a fully known hand -----------------------------------------------------

def _steps_text(steps) -> str:
    return "; ".join(f"{s.action} {s.result} {s.other}" for s in steps) or "no comparison"


def settlement_report(s: Settlement) -> Report:
    """The hand settled step by step: phase one, the action hand, each comparison, the nets."""
    deal, rules = s.deal, s.rules
    hands = tuple((seat, format_cards(deal.holes[seat]), format_cards(best_five(deal.holes[seat] + deal.board)),
                   s.categories[seat], "yes" if seat in deal.bettors else "no",
                   decimal_text(s.shares[seat] * s.pot, 4), number(s.phase_one[seat], 4))
                  for seat in deal.seats)
    winners = [seat for seat in deal.seats if s.shares[seat]]
    if s.contenders:
        who = (f"best hand among {' '.join(map(str, s.contenders))}: "
               + " and ".join(f"seat {w}" for w in winners) + (" (tie)" if len(winners) > 1 else "")
               + f", {s.categories[winners[0]]}")
    else:
        who = f"nobody made the optional bet: the button (seat {deal.button}) takes the antes"
    checks = tuple((name, format_card(card), "seat " + str(seat) if seat else "no occupied seat")
                   for name, card, seat in s.checked)
    checks += tuple(("deck draw", format_card(card),
                     f"seat {rules.seat_named(card)}" if rules.seat_named(card) in deal.seats
                     else "no occupied seat") for card in deal.draws)
    tables = [Table("deal", ("field", "value"), (("deal", describe(deal)),)),
              Table(f"phase one: pot {s.pot} units; {who}",
                    ("seat", "hole", "best five", "hand", "bet", "pot share (units)", "net (units)"), hands),
              Table(f"action hand: {s.how}", ("card", "is", "names"), checks)]
    if s.start is not None:
        tables.append(Table(f"phase two from seat {s.start}", ("step", "action hand", "result", "player", "paid"),
                            tuple((i, st.action, st.result, st.other,
                                   f"seat {st.payer} pays seat {st.payee} 1 bet" if st.payer else "push")
                                  for i, st in enumerate(s.steps, start=1))))
    else:
        rows = []
        for start, p in s.start_chances.items():
            if p:
                nets = chain_nets(deal.seats, s.chains[start])
                rows.append((start, decimal_text(p, 6), _steps_text(s.chains[start]),
                             " ".join(f"{seat}:{net:+d}" for seat, net in nets.items())))
        tables.append(Table("phase two for each first action hand the deck can name",
                            ("first action hand", "chance", "comparisons", "nets (bets)"), tuple(rows)))
    two, total = s.phase_two(), s.total_nets()
    tables.append(Table("net for the hand (units)",
                        ("seat", "phase one", "phase two", "jackpot", "total"),
                        tuple((seat, number(s.phase_one[seat], 4), number(two[seat] * rules.bet, 4),
                               number(s.jackpot[seat], 4), number(total[seat], 4)) for seat in deal.seats)))
    data = {
        "game": rules.game, "deal": describe(deal), "pot": s.pot,
        "hands": [{"seat": seat, "hole": format_cards(deal.holes[seat]), "strength": s.values[seat],
                   "category": s.categories[seat], "bettor": seat in deal.bettors,
                   "pot_share": s.shares[seat], "phase_one_net": s.phase_one[seat]} for seat in deal.seats],
        "action": {"how": s.how, "start": s.start,
                   "chances": {str(seat): p for seat, p in s.start_chances.items() if p}},
        "steps": [{"action": st.action, "other": st.other, "result": st.result, "payer": st.payer,
                   "payee": st.payee} for st in s.steps],
        "phase_two_net": {str(seat): v for seat, v in two.items()},
        "jackpot_net": {str(seat): v for seat, v in s.jackpot.items()},
        "net": {str(seat): v for seat, v in total.items()},
    }
    return Report("Fast Action Poker settlement", tuple(tables), data)
