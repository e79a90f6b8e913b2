"""Reports of Fast Action Poker: the odds of a partly known deal, the settlement of a known hand,
and the optional-bet advice (in the one decision report every family's ``decide`` prints).

Text shows decimals (rounded exactly from the Fractions); the odds JSON keeps every figure exact
as ``"p/q"`` beside a ``_decimal`` float.  Estimates always carry their standard error.

>>> from oddscalc.engines.fast_action.deal import parse_deal
>>> from oddscalc.engines.fast_action.odds import deal_odds
>>> from oddscalc.engines.fast_action.rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,3", button="1", holes="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d")
>>> report = odds_report(deal_odds(rules, deal))
>>> [row[0] for row in report.tables[-1].rows]
[1, 2, 3]
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from oddscalc.core.cards import format_card, format_cards
from oddscalc.core.evaluate import best_five
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import decimal_text, estimate_text, ratio_text, signed_text
from oddscalc.engines.base import Decision
from oddscalc.engines.decision_report import Fact, Wording, decision_report
from oddscalc.engines.fast_action.chain import Step, chain_nets
from oddscalc.engines.fast_action.deal import describe
from oddscalc.engines.fast_action.odds import Odds, category_label
from oddscalc.engines.fast_action.rules import FastActionRules
from oddscalc.engines.fast_action.settlement import HandSettlement
from oddscalc.engines.inputs import Inputs, Situation
from oddscalc.report.model import Cell, Report, Table


def _signed(value: Fraction, se: float | None) -> str:
    return estimate_text(value, se, signed=True)


def exact_pair(key: str, value: Fraction) -> dict[str, Fraction | float]:
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
        won_se = None if s.pot_share_se is None else s.pot_share_se * float(odds.pot)
        one_rows.append((s.seat, hole, "yes" if s.bettor else "no", estimate_text(s.win), estimate_text(s.tie),
                         estimate_text(s.pot_share, s.pot_share_se), estimate_text(s.pot_share * odds.pot, won_se),
                         signed_text(s.phase_one_net)))
        two_rows.append((s.seat, estimate_text(s.action), _signed(s.phase_two, s.phase_two_se)))
        row = [s.seat, signed_text(s.phase_one_net), signed_text(s.phase_two * rules.bet)]
        if rules.has_jackpot:
            row.append(signed_text(s.jackpot))
        net_rows.append((*row, signed_text(s.net)))
    relative = tuple((r, "first action hand" if r == 0 else f"{r} seat(s) to its left",
                      _signed(v, None if odds.relative_se is None else odds.relative_se[r]))
                     for r, v in enumerate(odds.relative))
    tables = [
        Table("deal", ("field", "value"), deal_rows),
        Table(f"phase one: best optional bettor takes the pot of {odds.pot} units",
              ("seat", "hole", "bet", "win", "tie", "pot share (of the pot)", "pot won (units)",
               "phase-one net (units)"),
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
        rows.append((s.seat, *(estimate_text(by_label[label]) for label in labels), signed_text(s.jackpot)))
    return Table("jackpot on the final hand", ("seat", *labels, "expected jackpot net (units)"), tuple(rows))


def _odds_data(odds: Odds) -> dict[str, object]:
    seats = []
    for s in odds.seats:
        entry: dict[str, object] = {"seat": s.seat, "hole": format_cards(s.hole) if s.hole else None,
                                    "bettor": s.bettor}
        for key, value in (("win", s.win), ("tie", s.tie), ("pot_share", s.pot_share),
                           ("pot_won", s.pot_share * odds.pot),
                           ("phase_one_net", s.phase_one_net), ("action_probability", s.action),
                           ("phase_two_net", s.phase_two), ("jackpot_net", s.jackpot), ("net", s.net)):
            entry.update(exact_pair(key, value))
        if not odds.exact:
            entry["pot_share_std_error"] = s.pot_share_se
            entry["pot_won_std_error"] = None if s.pot_share_se is None else s.pot_share_se * float(odds.pot)
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


# --- a fully known hand -------------------------------------------------------------------------

def _steps_text(steps: Iterable[Step]) -> str:
    return "; ".join(f"{s.action} {s.result} {s.other}" for s in steps) or "no comparison"


def settlement_report(s: HandSettlement) -> Report:
    """The hand settled step by step: phase one, the action hand, each comparison, the nets."""
    deal, rules = s.deal, s.rules
    hands = tuple((seat, format_cards(deal.holes[seat]), format_cards(best_five(deal.holes[seat] + deal.board)),
                   s.categories[seat], "yes" if seat in deal.bettors else "no",
                   decimal_text(s.shares[seat] * s.pot, 4), signed_text(s.phase_one[seat], 4))
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
    jackpot = rules.has_jackpot or rules.jackpot_stake != 0
    tables.append(Table("net for the hand (units)",
                        ("seat", "phase one", "phase two", *(("jackpot",) if jackpot else ()), "total"),
                        tuple((seat, signed_text(s.phase_one[seat], 4), signed_text(two[seat] * rules.bet, 4),
                               *((signed_text(s.jackpot[seat], 4),) if jackpot else ()), signed_text(total[seat], 4))
                              for seat in deal.seats)))
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


# --- the optional bet ---------------------------------------------------------------------------

def _equity_cells(decision: Decision) -> tuple[Cell, str]:
    equity, std_error = decision.facts["equity"], decision.facts["equity_std_error"]
    assert isinstance(equity, Fraction) and (std_error is None or isinstance(std_error, float))
    shown = estimate_text(equity, std_error)
    return equity, shown + (" (no showdown)" if decision.case.get("others_bet") == 0 else "")


def decide_report(rules: FastActionRules, table: GameTable, inputs: Inputs, situation: Situation,
                  decisions: Sequence[Decision]) -> Report:
    """One row per number of other bettors: the value of betting, equity against them, break-even
    equity, the advice."""
    facts = (Fact("equity vs them", cells=_equity_cells),
             Fact("pot if you bet (units)", cells=lambda d: (d.facts["pot"], "")),
             Fact("break-even equity", "break_even_equity"), Fact("advice", "advice"))
    notes = (f"EV(bet) is the gain from making the optional bet of {ratio_text(rules.optional_bet)} (units) over "
             "not making it, and EV(no bet) is 0: phase two is the same whether or not you bet.",
             "Equity: expected share of the phase-one pot against that many random hands (ties split). "
             "Break-even: optional bet / pot.")
    wording = Wording("unit", "deals", facts=facts, notes=notes)
    return decision_report(table, inputs, situation, decisions, wording)
