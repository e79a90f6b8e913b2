"""Solve one payout for a target return, re-solving the optimal strategy at every try.

Under the optimal strategy the return is a piecewise-linear, non-decreasing function of one
payout: each piece is one strategy (a fixed strategy's return is linear in the payout), and as
the payout rises the strategy only adds calls (calling gains, folding does not), so the pieces
are intervals in order.  Per unit (Ante, Bet) the function is also convex and continuous (the
maximum of the strategies' lines); per total amount wagered it can jump where the strategy
changes, because the average wager does.

The figure solved for is the return of the wager the payout belongs to (a side bet's pay: that
side bet, per its stake), or the game's when asked (:func:`~oddscalc.tools.payouts.figure_of`);
the strategy is always the game's optimum, re-solved at each payout, and strategies are told
apart by the game's analysis.  A side bet is settled whatever the player decides, so its return
is one line in its pay, found from two analyses.

The search analyses the game exactly (``Engine.analyze``, and ``Engine.wagers`` for a wager other
than the game's) at payouts with small denominators only (engines may count in 64-bit integers):

- two analyses with the same call probability have the same strategy (calls are only added as
  the payout rises), and so does every payout between them; when they straddle the target, the root of the line
  through them is the exact answer, and the answer's analysis is that line's, exactly;
- otherwise each try is taken where a known piece's line, the secant through the two smallest
  payouts above the target (which never overshoots a convex function) or the chord across the
  bracket points, rounded to the simplest rational nearby; every try narrows the bracket;
- when the target falls inside a jump (per total wagered), that is reported.

>>> from oddscalc.engines.base import load
>>> game = load("live-caribbean-stud")
>>> key = payout_key(game, "flush")
>>> target = analysis_at(game, key, Fraction(7)).rtp_total
>>> solve_payout(game, key, target, "total").payout
Fraction(7, 1)
>>> three = load("three-card-poker")
>>> solution = solve_payout(three, payout_key(three, "pair-plus.flush"), Fraction(39, 40))
>>> solution.figure.wager, solution.payout, solution.analysis.rtp
('pair-plus', Fraction(8687, 2192), Fraction(39, 40))
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TypeGuard

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import parse_exact
from oddscalc.tools.payouts import (
    MAX_DENOMINATOR,
    Figure,
    Measure,
    PayoutKey,
    analysis_at,
    check_denominators,
    current_payout,
    figure_of,
    measurer,
    payout_key,
    simplest_between,
    strategy_of,
    with_payout,
)

__all__ = ["PER", "Point", "PayoutSolution", "metric_value", "parse_target", "solve_payout", "payout_key",
           "analysis_at"]

PER = {"ante": "rtp", "unit": "rtp", "total": "rtp_total"}
MAX_TARGET = 2               # a return to player of 200 %: beyond it, a percentage typed bare
MAX_ANALYSES = 400
DEFAULT_LIMIT = Fraction(10 ** 6)
SIMPLE = 1000          # a line's root with at most this denominator is tried as it is


def parse_target(text: str) -> Fraction:
    """A target return to player: ``0.975``, ``97.5%`` or ``39/40``.

    A return is near 1 (0.975 is 97.5 %); a bare number above :data:`MAX_TARGET` is a percentage
    typed without its sign, refused rather than solved as a return of thousands of percent.

    >>> parse_target("97.5%"), parse_target("0.975")
    (Fraction(39, 40), Fraction(39, 40))
    >>> parse_target("97.5")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --target-return 97.5 would be a return of 9750 %: write 0.975 or 97.5%
    """
    raw = str(text).strip()
    percent = raw.endswith("%")
    value = parse_exact(raw.rstrip("%").strip(), "--target-return")
    if not percent and value > MAX_TARGET:
        raise InputError(f"--target-return {raw} would be a return of {float(value) * 100:g} %: write "
                         f"{float(value) / 100:g} or {raw}%")
    value = value / 100 if percent else value
    if not 0 < value <= MAX_TARGET:
        raise InputError(f"--target-return must be a return between 0 and {MAX_TARGET} (that is, up to "
                         f"{MAX_TARGET * 100} %), got {raw}")
    return value


def metric_value(analysis: Analysis, per: str) -> Fraction:
    """Return to player per unit (``ante``: per Ante or Bet) or per total amount wagered (``total``)."""
    if per not in PER:
        raise InputError(f"--per must be ante or total, got '{per}'")
    return analysis.rtp_total if PER[per] == "rtp_total" else analysis.rtp


@dataclass(frozen=True)
class Point:
    """One exact analysis at a payout: the figure's (``analysis``) and the game's (``whole``)."""
    payout: Fraction
    analysis: Analysis = field(repr=False)
    value: Fraction                        # the return solved for
    piece: tuple[object, ...] = field(repr=False)    # strategy_of(whole): equal on one
                                                                   # strategy's piece
    whole: Analysis = field(repr=False)    # the game's, whose optimum is re-solved (its per-unit lines cross
                                           # where the strategy switches)


@dataclass(frozen=True)
class PayoutSolution:
    """The payout that gives the target exactly (``payout`` None when none does, with the reason)."""
    key: PayoutKey
    target: Fraction
    per: str
    payout: Fraction | None
    analysis: Analysis | None
    reason: str
    tried: tuple[Point, ...]
    figure: Figure                         # the wager (or the game) whose return is solved for

    @property
    def found(self) -> bool:
        return self.payout is not None


class _Search:
    """Exact analyses at payouts, cached in the order they were made."""

    def __init__(self, game: GameTable, key: PayoutKey, target: Fraction, per: str, figure: Figure):
        self.game, self.key, self.target, self.per, self.figure = game, key, target, per, figure
        self.measure = measurer(game, figure)
        self.points: dict[Fraction, Point] = {}

    def at(self, payout: Fraction) -> Point:
        payout = Fraction(payout)
        if payout not in self.points:
            if len(self.points) >= MAX_ANALYSES:
                raise InputError(f"design: no exact payout found after {MAX_ANALYSES} analyses")
            seen = self.measure(with_payout(self.game, self.key, payout))
            self.points[payout] = Point(payout, seen.figure, metric_value(seen.figure, self.per),
                                        strategy_of(seen.whole), seen.whole)
        return self.points[payout]

    def sorted(self, above: bool) -> list[Point]:
        """Points below the target (ascending) or at/above it (ascending)."""
        return sorted((p for p in self.points.values() if (p.value >= self.target) == above),
                      key=lambda p: p.payout)

    def bracket(self) -> tuple[Point, Point, Point | None]:
        """The first payouts, in order, that step from below the target to at or above it (``lo``,
        ``hi``), and the point after ``hi`` when it is at or above the target too.  For a return that
        never falls as the payout rises (the game's, a side bet's) ``lo`` is the highest payout below
        the target and ``hi`` the lowest above; a wager the strategy trades off against another (the
        Bet and Play when the optimum also weighs a Bonus) may fall where the strategy changes, and the
        first crossing is still a bracket."""
        ordered = sorted(self.points.values(), key=lambda p: p.payout)
        i = next(i for i in range(1, len(ordered))
                 if ordered[i - 1].value < self.target <= ordered[i].value)
        after = ordered[i + 1] if i + 1 < len(ordered) and ordered[i + 1].value >= self.target else None
        return ordered[i - 1], ordered[i], after

    def partner(self, point: Point) -> Point | None:
        """The nearest other analysis with the same strategy, if any."""
        same = [p for p in self.points.values() if p.piece == point.piece and p.payout != point.payout]
        return min(same, key=lambda p: abs(p.payout - point.payout)) if same else None

    def solution(self, payout: Fraction | None, analysis: Analysis | None, reason: str) -> PayoutSolution:
        return PayoutSolution(self.key, self.target, self.per, payout, analysis, reason, tuple(self.points.values()),
                              self.figure)


def _slope(a: Point, b: Point, value: Callable[[Point], Fraction] = lambda p: p.value) -> Fraction:
    return (value(b) - value(a)) / (b.payout - a.payout)


def _root(a: Point, b: Point, target: Fraction) -> Fraction | None:
    """Where the line through two points reaches the target (None when flat)."""
    slope = _slope(a, b)
    return None if slope == 0 else a.payout + (target - a.value) / slope


def _meeting(a: Point, a2: Point, b: Point, b2: Point) -> Fraction | None:
    """Where two strategies' per-unit lines of the game's return cross: the payout at which the
    optimum switches."""
    def rtp(point: Point) -> Fraction:
        return point.whole.rtp
    sa, sb = _slope(a, a2, rtp), _slope(b, b2, rtp)
    if sa == sb:
        return None
    return (rtp(b) - sb * b.payout - rtp(a) + sa * a.payout) / (sa - sb)


def between(game: GameTable, key: PayoutKey, a: Point, b: Point, payout: Fraction) -> Analysis:
    """The exact analysis at a payout between two analyses of one strategy: same counts, and each
    outcome's net on the line through its two nets (a net is linear in a payout)."""
    rows = []
    t = (payout - a.payout) / (b.payout - a.payout)
    for row_a, row_b in zip(a.analysis.outcomes, b.analysis.outcomes, strict=True):
        if (row_a.outcome, row_a.count, row_a.wager) != (row_b.outcome, row_b.count, row_b.wager):
            raise InputError(f"design: outcome rows of {game.name} differ between two analyses of one strategy")
        rows.append(Outcome(row_a.outcome, row_a.count, row_a.net + (row_b.net - row_a.net) * t, row_a.wager))
    return replace(a.analysis, table=with_payout(game, key, payout).paytables_text(), outcomes=tuple(rows))


def _analysis_at_root(search: _Search, lo: Point, hi: Point, root: Fraction) -> Analysis:
    """The analysis at a root between two analyses of one strategy: the engine's own when it can
    price the root's large denominator (and agrees on the strategy), else interpolated."""
    seen: Measure | None
    try:
        seen = search.measure(with_payout(search.game, search.key, root))
    except OverflowError:        # a kernel that counts in 64-bit integers
        seen = None
    direct = None if seen is None else seen.figure
    if seen is not None and direct is not None and strategy_of(seen.whole) == lo.piece and \
            metric_value(direct, search.per) == search.target:
        names = [row.outcome for row in direct.outcomes]
        if names != [row.outcome for row in lo.analysis.outcomes] or \
                [row.count for row in direct.outcomes] == [row.count for row in lo.analysis.outcomes]:
            return direct           # (rows renamed after the payout cannot be compared count by count)
    return between(search.game, search.key, lo, hi, root)


def _simple(x: Fraction, low: Fraction, high: Fraction) -> Fraction:
    """``x`` itself when its denominator is small, else the simplest rational in (low, high)."""
    return x if x.denominator <= SIMPLE and low < x < high else simplest_between(low, high)


def solve_payout(game: GameTable, key: PayoutKey, target: Fraction, per: str = "ante",
                 limit: Fraction = DEFAULT_LIMIT, figure: Figure | None = None) -> PayoutSolution:
    """The smallest payout of ``key`` in ``[0, limit]`` at which the optimal strategy returns exactly
    ``target`` per unit (``per="ante"``: per the wager's stake) or per total amount wagered
    (``per="total"``), on ``figure`` (default: the return of the wager the payout belongs to)."""
    if per not in PER:
        raise InputError(f"--per must be ante or total, got '{per}'")
    check_denominators(game)
    target = Fraction(target)
    search = _Search(game, key, target, per, figure if figure is not None else figure_of(game, key))
    name = f"{key.text} = "
    low = search.at(Fraction(0))
    if low.value >= target:
        if low.value == target:
            return search.solution(low.payout, low.analysis, "exact")
        why = " (a higher payout never returns less)" if search.figure.whole else ""
        return search.solution(None, None, f"no payout reaches the target: even {name}0 returns "
                                           f"{float(low.value):.6%}{why}")
    # 1. a payout at or above the target: extrapolate the chord of the two highest payouts below it
    point = search.at(min(current_payout(game, key) or Fraction(1), limit))
    while point.value < target:
        if point.payout >= limit:
            return search.solution(None, None, f"no payout up to {limit} reaches the target: {name}{limit} "
                                               f"returns {float(point.value):.6%}")
        below = search.sorted(above=False)
        guess = _root(below[-2], below[-1], target) if len(below) > 1 else None
        step = Fraction(math.ceil(guess)) if guess is not None and guess > point.payout else 2 * point.payout
        point = search.at(min(max(step, point.payout + 1), limit))
    # 2. narrow the bracket [lo, hi] until one strategy spans it
    while True:
        lo, hi, after = search.bracket()
        if hi.value == target:
            return search.solution(hi.payout, hi.analysis, "exact")
        if lo.piece == hi.piece:
            root = _root(lo, hi, target)
            assert root is not None            # lo is below the target and hi above it: the line rises
            return search.solution(root, _analysis_at_root(search, lo, hi, root), "exact")
        lo2, hi2 = search.partner(lo), search.partner(hi)

        def inside(x: Fraction | None, low: Fraction = lo.payout, high: Fraction = hi.payout) -> TypeGuard[Fraction]:
            return x is not None and low < x < high
        hi_root = _root(hi, hi2, target) if hi2 else None
        lo_root = _root(lo, lo2, target) if lo2 else None
        meeting = _meeting(lo, lo2, hi, hi2) if lo2 and hi2 else None
        if lo2 is not None and hi2 is not None and meeting in (lo.payout, hi.payout) \
                and not inside(hi_root) and not inside(lo_root):
            assert meeting is not None
            # the two strategies are adjacent (the per-unit return is convex), and neither reaches the
            # target on its own side of the switch: the return jumps over it
            return search.solution(None, None, _jump_reason(name, lo, lo2, hi, hi2, meeting, target))
        width = (hi.payout - lo.payout) / 8
        tries = []
        if inside(hi_root):      # just below the root on hi's line: one strategy would then span it
            tries.append(_simple(hi_root, max(lo.payout, hi_root - width), hi_root))
        if inside(lo_root):
            tries.append(_simple(lo_root, lo_root, min(hi.payout, lo_root + width)))
        if after is not None and inside(c := _root(hi, after, target)):
            tries.append(_simple(c, c, min(hi.payout, c + width)))       # the secant from the right
        if inside(meeting):
            tries.append(meeting if meeting.denominator <= MAX_DENOMINATOR
                         else simplest_between(max(lo.payout, meeting - width), min(hi.payout, meeting + width)))
        if inside(c := _root(lo, hi, target)):
            tries.append(simplest_between(max(lo.payout, c - width), min(hi.payout, c + width)))
        tries.append(simplest_between(lo.payout, hi.payout))
        x = next((x for x in tries if x not in search.points), None)
        if x is None or x.denominator > MAX_DENOMINATOR:
            return search.solution(None, None, (
                f"no exact payout found: the optimal strategy changes between {name}{lo.payout} and "
                f"{hi.payout} (returns {float(lo.value):.6%} and {float(hi.value):.6%}) more finely than payouts "
                f"with denominators up to {MAX_DENOMINATOR} resolve"))
        search.at(x)


def _jump_reason(name: str, lo: Point, lo2: Point, hi: Point, hi2: Point, meeting: Fraction,
                 target: Fraction) -> str:
    """Why no payout gives the target: the return jumps over it where the strategy changes."""
    before = lo.value + _slope(lo, lo2) * (meeting - lo.payout)
    after = hi.value + _slope(hi, hi2) * (meeting - hi.payout)
    return (f"no payout gives exactly {float(target):.6%}: at {name}{meeting} (about {float(meeting):.6f}) "
            f"the optimal strategy changes and the return jumps from {float(before):.6%} to {float(after):.6%}")
