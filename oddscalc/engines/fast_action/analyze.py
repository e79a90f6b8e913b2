"""``oddscalc analyze fast-action-poker --seats ...``: who holds the action hand, and phase two.

The first action hand's distribution is exact (closed form, see fast_action_action).  Each
seat's expected phase-two net over random hands would need every deal of 2n hole cards and a
board (about 10^15 for three players), so it is a seeded Monte Carlo estimate printed with
its standard error; each sample already averages exactly over the board's orderings and the
deck draws, which keeps the error small.

>>> from oddscalc.engines.base import load
>>> report = analyze_report(load("fast-action-poker"), "1,2,4,7", samples=2000, seed=1)
>>> report.data["action_probability"]["1"]
Fraction(1, 4)
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from oddscalc.core.cards import RANKS
from oddscalc.core.gametable import GameTable
from oddscalc.core.hands import FiveCardCategory
from oddscalc.core.numbers import decimal_text, signed_text
from oddscalc.core.progress_bar import Progress
from oddscalc.engines.fast_action.deal import parse_deal
from oddscalc.engines.fast_action.odds import deal_odds
from oddscalc.engines.fast_action.rules import FastActionRules, rules_of_game
from oddscalc.report.model import Report, Table

ANALYZE_SAMPLES = 1_000_000


def _naming_ranks(rules: FastActionRules, seat: int) -> str:
    return " ".join(RANKS[rank] for rank, named in enumerate(rules.seat_of_rank) if named == seat) or "-"


def deals_for_random_hands(players: int) -> int:
    """Equally likely deals of every hole card and an ordered board (why sampling is needed).

    >>> deals_for_random_hands(3) > 10 ** 15
    True
    """
    count, left = 1, 52
    for _ in range(players):
        count, left = count * math.comb(left, 2), left - 2
    return count * math.perm(left, 5)


def _draws_table(draws: Sequence[Fraction]) -> Table:
    """Chance of each number of cards turned; the tail below 10^-4 is one row (JSON has all)."""
    rows, tail = [], sum(draws, Fraction(0))
    for j, p in enumerate(draws, 1):
        if tail < Fraction(1, 10 ** 4) and j < len(draws):
            rows.append((f"{j} or more", decimal_text(tail, 8), str(tail)))
            break
        rows.append((str(j), decimal_text(p, 8), str(p)))
        tail -= p
    return Table("cards turned from the deck (exact)", ("cards turned", "probability", "exact"), tuple(rows))


@lru_cache(maxsize=1)
def seven_card_counts() -> tuple[int, ...]:
    """How many of the C(52, 7) hands have each best-five category (enumerated once, ~1 s)."""
    from oddscalc._native import census
    return tuple(census.category_census(7))


def _jackpot_tables(rules: FastActionRules) -> tuple[list[Table], dict[str, Fraction | int]]:
    counts = seven_card_counts()
    total = sum(counts)
    rows, expected = [], Fraction(0)
    for code, count in enumerate(counts):
        p, net = Fraction(count, total), rules.jackpot_net(code)
        expected += p * net
        rows.append((FiveCardCategory(code).label, count, decimal_text(p, 8), signed_text(net, 4),
                     signed_text(p * net, 8)))
    rows.append(("expected jackpot net per player", total, decimal_text(Fraction(1), 8), "", signed_text(expected, 8)))
    table = Table(f"jackpot on a random final hand (exact over all {total} seven-card hands)",
                  ("final hand", "count", "probability", "net (units)", "contribution"), tuple(rows))
    return [table], {"jackpot_net": expected, "jackpot_total": total}


def analyze_report(game: GameTable, seats_text: str, button: str | None = None,
                   samples: int = ANALYZE_SAMPLES, seed: int = 1, workers: int | None = None,
                   scheduler: str | None = None) -> Report:
    """Exact action-seat distribution and estimated phase-two nets for random hands (sampled in
    seeded chunks on ``workers`` local processes or the Dask cluster at ``scheduler``)."""
    rules = rules_of_game(game)
    deal = parse_deal(rules, seats_text, button=button)
    with Progress(f"sampling {game.name}", samples, unit="deal") as progress:
        odds = deal_odds(rules, deal, exact_limit=0, samples=samples, seed=seed, progress=progress.step,
                         workers=workers, scheduler=scheduler)
    action = odds.action
    by_seat = action.by_seat()
    action_rows = tuple((seat, _naming_ranks(rules, seat),
                         *(decimal_text(action.chances.get((src, seat), Fraction(0)), 6) for src in action.sources),
                         decimal_text(by_seat[seat], 6), str(by_seat[seat])) for seat in deal.seats)
    source_total = action.by_source()
    action_rows += (("all", "", *(decimal_text(source_total[src], 6) for src in action.sources),
                     decimal_text(sum(by_seat.values()), 6), str(sum(by_seat.values()))),)
    tables = [Table("first action hand (exact): chance by the card that names it",
                    ("seat", "ranks", *action.sources, "total", "exact"), action_rows)]
    if action.draws:
        tables.append(_draws_table(action.draws))
    relative_se = odds.relative_se or ()       # sampled (exact_limit 0), so every figure has one
    method = (f"ESTIMATE: seeded Monte Carlo, {samples} samples, seed {seed}; ± is one standard error "
              f"(exact would need {deals_for_random_hands(len(deal.seats)):.3e} deals)")
    tables.append(Table(f"phase two for random hands, net in bets: {method}",
                        ("seat", "expected net (bets)"),
                        tuple((s.seat, f"{signed_text(s.phase_two)} ± {s.phase_two_se:.6f}") for s in odds.seats)))
    tables.append(Table("phase two by position from the first action hand (estimate)",
                        ("position", "player", "expected net (bets)"),
                        tuple((r, "first action hand" if r == 0 else f"{r} seat(s) to its left",
                               f"{signed_text(v)} ± {relative_se[r]:.6f}") for r, v in enumerate(odds.relative))))
    data: dict[str, object] = {
        "game": game.name, "seats": list(deal.seats),
        "action_probability": {str(seat): p for seat, p in by_seat.items()},
        "action_by_source": {src: {str(seat): action.chances.get((src, seat), Fraction(0)) for seat in deal.seats}
                             for src in action.sources},
        "deck_draws": {str(j): p for j, p in enumerate(action.draws, 1)},
        "phase_two": {"method": "monte-carlo", "exact": False, "samples": samples, "seed": seed,
                      "seats": [{"seat": s.seat, "net_estimate": s.phase_two,
                                 "net_estimate_decimal": float(s.phase_two), "std_error": s.phase_two_se}
                                for s in odds.seats],
                      "relative": [{"position": r, "net_estimate": v, "std_error": relative_se[r]}
                                   for r, v in enumerate(odds.relative)]},
    }
    if rules.has_jackpot:
        extra_tables, extra = _jackpot_tables(rules)
        tables += extra_tables
        data.update(extra)
    notes = ("Phase-two nets sum to zero over the seats in every sample, so the estimates do too.",)
    return Report(f"Fast Action Poker: seats {' '.join(map(str, deal.seats))}", tuple(tables), data, notes)
