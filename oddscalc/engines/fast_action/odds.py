"""Exact (or, past a size limit, seeded Monte Carlo) odds of a partly known Fast Action deal.

The kernel (ext/board.pyx) returns integer sums; this module turns them into Fractions:
phase-one win/tie chances and pot shares, action-seat chances, phase-two expected nets (in
bets), jackpot chances, and each seat's total expected net (in units).

A sampled run is cut into seeded chunks of CHUNK samples (core.parallel): chunk i of seed s draws
the same deals wherever it runs, and the chunks' integer sums add up, so a seed gives the same
odds on one process, on N local processes and on a Dask cluster.

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
from typing import NotRequired, TypedDict, cast

from oddscalc._native import board as kernel
from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory
from oddscalc.core.parallel import chunk_seed, default_workers, run_chunks
from oddscalc.engines.fast_action.action import ActionDistribution, action_distribution
from oddscalc.engines.fast_action.chain import pot_size
from oddscalc.engines.fast_action.deal import Deal
from oddscalc.engines.fast_action.rules import FastActionRules

EXACT_LIMIT = 30_000_000     # completions enumerated exactly; past it, sampling
SAMPLES = 1_000_000
SEED = 1
SHARE_SCALE = 840            # the kernel's integer scale of a 1/k pot share
SEATS_PER_SECOND = 2_000_000    # a conservative rate of the kernel (seats settled per deal), for sizing
CHUNK = 50_000               # samples per seeded chunk: the unit of work a worker takes


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


class KernelSpec(TypedDict):
    """The rules and a deal as ext/board.pyx reads them: seats are indexes 0..n-1, -1 is none."""
    n: int
    seat_of_rank: list[int]             # rank 0..12 -> seat index or -1
    action_positions: list[int]         # board indexes checked, in order
    fallback_button: bool
    every_player: bool
    tie_pass: bool
    one_tie_button: bool
    no_bettor_best: bool
    button: int
    bettor_mask: int
    holes: list[tuple[int, ...] | None]     # a card pair, or None for an unknown hole
    board: list[int]                    # five entries, -1 unknown
    dead: list[int]
    phase_two: NotRequired[bool]        # False: phase one only (the kernel's default is True)


def kernel_spec(rules: FastActionRules, deal: Deal) -> KernelSpec:
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


def _grouped(groups: dict[int, list[int]], i: int) -> Fraction:
    """Sum of groups[d][i] / d: the kernel keeps sums with denominator d apart."""
    return sum((Fraction(row[i], d) for d, row in groups.items()), Fraction(0))


def std_error(mean: Fraction, second: Fraction, samples: int) -> float:
    """Standard error of a sample mean from its exact first and second moments.

    >>> round(std_error(Fraction(1, 2), Fraction(1, 2), 101), 4)
    0.05
    """
    variance = max(float(second - mean * mean), 0.0) * samples / max(samples - 1, 1)
    return math.sqrt(variance / samples)


class Sums(TypedDict):
    """The kernel's integer sums (ext/board.pyx sums_dict); a row has one entry per seat (``rel``: per
    position from the first action hand), and ``act``, ``net``, ``rel`` and their squares keep the sums
    of denominator d apart, by d."""
    weight: int
    samples: int
    no_naming: int
    wins: list[list[int]]               # wins[k][seat]: weight of the deals it shares phase one k ways
    share_sq: list[int]
    act: dict[int, list[int]]
    net: dict[int, list[int]]
    rel: dict[int, list[int]]
    net_sq: dict[int, list[int]]
    rel_sq: dict[int, list[int]]
    categories: list[list[int]]         # categories[seat][five-card category]


def count_deals(spec: KernelSpec, samples: int = 0, seed: int = 0, categories: bool = False,
                progress: Callable[[int], None] | None = None) -> Sums:
    """The kernel's sums over every completion (``samples`` 0) or over seeded random ones."""
    # the kernel takes a plain dict (a TypedDict is none to mypy) and returns one the stub types loosely
    # (dict[str, Any]): ext/board.pyx sums_dict has the shape of Sums
    return cast(Sums, kernel.count_deals(dict(spec), samples, seed, categories=categories, progress=progress))


def sample_chunk(spec: KernelSpec, categories: bool, seed: int, chunk: int, size: int) -> Sums:
    """The kernel's integer sums over ``size`` deals drawn with chunk ``chunk`` of ``seed`` (a
    module-level function, so it pickles to a worker)."""
    return count_deals(spec, size, chunk_seed(seed, chunk), categories=categories)


def add_sums(first: object, second: object) -> object:
    """The kernel's sums of two runs added: numbers, lists and dicts of them, key by key.

    >>> add_sums({"w": 1, "net": {2: [1, 0]}}, {"w": 2, "net": {2: [0, 3], 5: [1, 1]}})
    {'w': 3, 'net': {2: [1, 3], 5: [1, 1]}}
    """
    if isinstance(first, dict) and isinstance(second, dict):
        return {key: add_sums(first[key], second[key]) if key in first and key in second
                else first.get(key, second.get(key)) for key in {**first, **second}}
    if isinstance(first, list) and isinstance(second, list):
        return [add_sums(x, y) for x, y in zip(first, second, strict=True)]
    assert isinstance(first, int) and isinstance(second, int)
    return first + second


def sampled_sums(spec: KernelSpec, categories: bool, samples: int, seed: int, workers: int = 1,
                 scheduler: str | None = None, progress: Callable[[int], None] | None = None) -> Sums:
    """The sums of ``samples`` deals in seeded chunks, here, on ``workers`` local processes or on
    the Dask cluster at ``scheduler``; the same for a seed whoever runs the chunks."""
    jobs = [(spec, categories, seed, chunk, min(CHUNK, samples - start))
            for chunk, start in enumerate(range(0, samples, CHUNK))]
    sizes = {chunk: job[-1] for chunk, job in enumerate(jobs)}
    arrived = iter(range(len(jobs)))

    def step(_result: Sums) -> None:
        if progress is not None:
            progress(sizes[next(arrived)])
    total: object = None
    for part in run_chunks(sample_chunk, jobs, workers, scheduler, step):
        total = part if total is None else add_sums(total, part)
    assert isinstance(total, dict)
    return cast(Sums, total)        # add_sums keeps the keys and the shape of what it adds


def deal_odds(rules: FastActionRules, deal: Deal, exact_limit: int = EXACT_LIMIT,
              samples: int = SAMPLES, seed: int = SEED, progress: Callable[[int], None] | None = None,
              workers: int | None = None, scheduler: str | None = None) -> Odds:
    """Odds of every seat over all completions of the deal, or, when there are more than
    ``exact_limit``, over ``samples`` seeded random ones (in chunks on ``workers`` local processes,
    one per core by default, or on the Dask cluster at ``scheduler``; ``progress(n)`` hears of
    each chunk of ``n`` samples done)."""
    action = action_distribution(rules, deal)
    exact = completions(deal) <= exact_limit
    if not exact and samples <= 1:
        raise InputError("--samples must be at least 2")
    workers = default_workers() if workers is None else workers
    work = completions(deal) if exact else samples
    if exact or scheduler is None:     # a cluster's time is not this machine's: its size is unknown here
        Limits.resolve().check(f"{'enumerating' if exact else 'sampling'} {work:,} deals",
                               seconds=work * len(deal.seats) / SEATS_PER_SECOND / (1 if exact else workers),
                               memory=0)
    spec = kernel_spec(rules, deal)
    if exact:
        sums = count_deals(spec, 0, 0, categories=rules.has_jackpot)
    else:
        sums = sampled_sums(spec, rules.has_jackpot, samples, seed, workers, scheduler, progress)
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
