"""The report of a fully known Fast Action Poker hand: phase one, the action hand, each comparison.

>>> from oddscalc.games.fast_action_deal import parse_deal
>>> from oddscalc.games.fast_action_rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,3", button="1", holes="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d 3s")
>>> report = settlement_report(settle(rules, deal))
>>> [row[0] for row in report.tables[-1].rows]
[1, 2, 3]
"""
from __future__ import annotations

from oddscalc.cards import format_card, format_cards
from oddscalc.evaluate import best_five
from oddscalc.games.fast_action_deal import describe
from oddscalc.games.fast_action_report import number
from oddscalc.games.fast_action_settle import chain_nets
from oddscalc.games.fast_action_settlement import Settlement, settle
from oddscalc.report import Report, Table, decimal_text


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
    jackpot = rules.has_jackpot or rules.jackpot_stake != 0
    tables.append(Table("net for the hand (units)",
                        ("seat", "phase one", "phase two", *(("jackpot",) if jackpot else ()), "total"),
                        tuple((seat, number(s.phase_one[seat], 4), number(two[seat] * rules.bet, 4),
                               *((number(s.jackpot[seat], 4),) if jackpot else ()), number(total[seat], 4))
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
