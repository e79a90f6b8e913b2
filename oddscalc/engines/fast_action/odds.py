"""Exact (or, past a size limit, seeded Monte Carlo) odds of a partly known Fast Action deal.

The kernel (ext/board.pyx) returns integer sums; this module turns them into Fractions:
phase-one win/tie chances and pot shares, action-seat chances, phase-two expected nets (in
bets), jackpot chances, and each seat's total expected net (in units).

>>> from oddscalc.engines.fast_action.deal import parse_deal
>>> from oddscalc.engines.fast_action.rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,3", holes="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d 3s")
>>> odds = deal_odds(rules, deal)
>>> odds.exact, odds.total, [s.pot_share for s in odds.seats]
(True, 1, [Fraction(1, 1), Fraction(0, 1), Fraction(0, 1)])
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from oddscalc._native import board as kernel
from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory
from oddscalc.engines.fast_action.action import ActionDistribution, action_distribution
from oddscalc.engines.fast_action.chain import pot_size
from oddscalc.engines.fast_action.deal import Deal
from oddscalc.engines.fast_action.rules import FastActionRules

EXACT_LIMIT = 30_000_000     # completions enumerated exactly; past it, sampling
SAMPLES = 1_000_000
SEED = 1
SHARE_SCALE = 840            # the kernel's integer scale of a 1/k pot share
SEATS_PER_SECOND = 2_000_000    # a conservative rate of the kernel (seats settled per deal), for sizing


@dataclass(frozen=True)
class SeatOdds:
    seat: int
    hole: tuple[int, ...] | None
    bettor: bool
    win: Fraction                   # sole best hand in phase one (or the button's antes)
    tie: Fraction                   # tied for best
    pot_share: Fraction             # expected share 0..1 of the phase-one pot
    phase_one_net: Fraction         # units
    action: Fraction                # chance of holding the first action hand
    phase_two: Fraction             # expected net in bets
    jackpot: Fraction               # expected jackpot net in units
    net: Fraction                   # expected total net in units
    categories: tuple[Fraction, ...]
    pot_share_se: float | None = None
    phase_two_se: float | None = None


@dataclass(frozen=True)
class Odds:
    """The odds of a deal; ``exact`` False means every mean is a seeded sampling estimate."""
    deal: Deal
    rules: FastActionRules
    exact: bool
    total: int                      # completions enumerated, or samples drawn
    pot: Fraction
    seats: tuple[SeatOdds, ...]
    relative: tuple[Fraction, ...]  # expected net of the player r seats left of the first action hand
    relative_se: tuple[float, ...] | None
    action: ActionDistribution
    seed: int | None = None


def completions(deal: Deal) -> int:
    """Number of equally likely completions (unknown board taken as a set, holes per seat).

    >>> from oddscalc.engines.fast_action.deal import parse_deal
    >>> from oddscalc.engines.fast_action.rules import default_rules
    >>> completions(parse_deal(default_rules(), "1,2,3", holes="1:AsKd 2:7h7c 3:QcJc", board="Qs Jd 2c"))
    903
    """
    left = 52 - len(deal.known_cards)
    board = 5 - len(deal.board)
    count = math.comb(left, board)
    left -= board
    for _seat in deal.unknown_seats:
        count *= math.comb(left, 2)
        left -= 2
    return count


def kernel_spec(rules: FastActionRules, deal: Deal) -> dict:
    """The rules and the deal as the plain numbers ext/board.pyx reads."""
    index = {seat: i for i, seat in enumerate(deal.seats)}
    return {
        "n": len(deal.seats),
        "seat_of_rank": [-1 if seat is None else index.get(seat, -1) for seat in rules.seat_of_rank],
        "action_positions": list(rules.action_positions),
        "fallback_button": rules.action_fallback == "button",
        "every_player": rules.phase_two_end == "every-player",
        "tie_pass": rules.phase_two_tie == "pass",
        "one_tie_button": rules.phase_one_tie == "nearest-button-left",
        "no_bettor_best": rules.no_optional_bet == "best-hand",
        "button": -1 if deal.button is None else index[deal.button],
        "bettor_mask": sum(1 << index[seat] for seat in deal.bettors),
        "holes": [deal.holes.get(seat) for seat in deal.seats],
        "board": list(deal.board) + [-1] * (5 - len(deal.board)),
        "dead": list(deal.dead) + list(deal.draws),
    }


def _grouped(groups: dict, i: int) -> Fraction:
    """Sum of groups[d][i] / d: the kernel keeps sums with denominator d apart."""
    return sum((Fraction(row[i], d) for d, row in groups.items()), Fraction(0))


def std_error(mean: Fraction, second: Fraction, samples: int) -> float:
    """Standard error of a sample mean from its exact first and second moments.

    >>> round(std_error(Fraction(1, 2), Fraction(1, 2), 101), 4)
    0.05
    """
    variance = max(float(second - mean * mean), 0.0) * samples / max(samples - 1, 1)
    return math.sqrt(variance / samples)


def deal_odds(rules: FastActionRules, deal: Deal, exact_limit: int = EXACT_LIMIT,
              samples: int = SAMPLES, seed: int = SEED, progress: Callable[[int], None] | None = None) -> Odds:
    """Odds of every seat over all completions of the deal (sampled when there are too many;
    ``progress(n)`` hears of each batch of samples drawn)."""
    action = action_distribution(rules, deal)
    exact = completions(deal) <= exact_limit
    if not exact and samples <= 1:
        raise InputError("--samples must be at least 2")
    work = completions(deal) if exact else samples
    Limits.resolve().check(f"{'enumerating' if exact else 'sampling'} {work:,} deals",
                           seconds=work * len(deal.seats) / SEATS_PER_SECOND, memory=0)
    sums = kernel.count_deals(kernel_spec(rules, deal), 0 if exact else samples, seed,
                              categories=rules.has_jackpot, progress=None if exact else progress)
    if sums["no_naming"]:
        raise InputError("with these cards known or dead, the deck may hold no card naming an "
                         "occupied seat, and the rules then name no action hand")
    weight = sums["weight"]
    # a sample's sums carry its board orderings, and every rotation of the hands when all
    # are unknown: the weight of one sample
    per_sample = weight // samples if not exact else 1
    rotations = per_sample // math.factorial(5 - len(deal.board))
    pot = pot_size(rules, deal.seats, deal.bettors)
    seats = []
    for i, seat in enumerate(deal.seats):
        win = Fraction(sums["wins"][1][i], weight)
        tie = Fraction(sum(sums["wins"][k][i] for k in range(2, 9)), weight)
        share = sum((Fraction(sums["wins"][k][i], k) for k in range(1, 9)), Fraction(0)) / weight
        bettor = seat in deal.bettors
        phase_one = share * pot - rules.ante - (rules.optional_bet if bettor else 0)
        phase_two = _grouped(sums["net"], i) / weight
        categories = tuple(Fraction(c, weight) for c in sums["categories"][i])
        if rules.has_jackpot:
            jackpot = sum((p * rules.jackpot_net(c) for c, p in enumerate(categories)), Fraction(0))
        else:
            jackpot, categories = -rules.jackpot_stake, ()
        share_se = two_se = None
        if exact:
            chance = _grouped(sums["act"], i) / weight
        else:
            chance = action.by_seat()[seat]
            share_second = Fraction(sums["share_sq"][i], (SHARE_SCALE * rotations) ** 2 * samples)
            share_se = std_error(share, share_second, samples)
            second = sum((Fraction(row[i], (d * per_sample) ** 2) for d, row in sums["net_sq"].items()),
                         Fraction(0)) / samples
            two_se = std_error(phase_two, second, samples)
        net = phase_one + phase_two * rules.bet + jackpot
        seats.append(SeatOdds(seat, deal.holes.get(seat), bettor, win, tie, share, phase_one, chance,
                              phase_two, jackpot, net, categories, share_se, two_se))
    n = len(deal.seats)
    relative = tuple(_grouped(sums["rel"], r) / weight for r in range(n))
    relative_se = None
    if not exact:
        relative_se = tuple(
            std_error(relative[r], sum((Fraction(row[r], (d * per_sample) ** 2)
                                         for d, row in sums["rel_sq"].items()), Fraction(0)) / samples,
                       samples) for r in range(n))
    total = weight if exact else samples
    return Odds(deal, rules, exact, total, pot, tuple(seats), relative, relative_se, action,
                None if exact else seed)


def category_label(code: int) -> str:
    """Label of a five-card category code.

    >>> category_label(9)
    'royal-flush'
    """
    return FiveCardCategory(code).label
