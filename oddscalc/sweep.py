"""Return against one payout: the exact optimal-strategy analysis at each payout of a range.

>>> from oddscalc.tables import load_game
>>> game = load_game("five-plus-one-bonus")
>>> key, values = parse_sweep(game, "flush=14..16")
>>> [row.payout for row in sweep(game, key, values)]
[Fraction(14, 1), Fraction(15, 1), Fraction(16, 1)]
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.economics import Analysis
from oddscalc.errors import InputError
from oddscalc.payouts import PayoutKey, analysis_at, check_denominators, payout_key, with_payout
from oddscalc.tables import GameTable, parse_payout

MAX_POINTS = 1000


def parse_values(text: str, step: str | Fraction | None = None) -> list[Fraction]:
    """Payouts from ``A..B`` (every ``step``, default 1, B included when on the grid) or ``a,b,c``.

    >>> parse_values("1..2", "1/2")
    [Fraction(1, 1), Fraction(3, 2), Fraction(2, 1)]
    >>> parse_values("5, 7.5")
    [Fraction(5, 1), Fraction(15, 2)]
    """
    text = text.strip()
    if ".." in text:
        first, _, last = text.partition("..")
        low, high = parse_payout(first, "--vary"), parse_payout(last, "--vary")
        size = parse_payout(step if step is not None else 1, "--step")
        if size <= 0:
            raise InputError("--step must be positive")
        if high < low:
            raise InputError(f"--vary range {text} runs backwards")
        count = int((high - low) / size) + 1
        if count > MAX_POINTS:
            raise InputError(f"--vary {text} with step {size} gives {count} payouts (at most {MAX_POINTS})")
        return [low + i * size for i in range(count)]
    if step is not None:
        raise InputError("--step applies to a range A..B only")
    values = [parse_payout(item, "--vary") for item in text.split(",") if item.strip()]
    if not values:
        raise InputError("--vary needs payouts: CATEGORY=A..B or CATEGORY=a,b,c")
    if len(values) > MAX_POINTS:
        raise InputError(f"--vary lists {len(values)} payouts (at most {MAX_POINTS})")
    return sorted(set(values))


def parse_sweep(game: GameTable, text: str, step=None) -> tuple[PayoutKey, list[Fraction]]:
    """``CATEGORY=A..B`` (or ``PAYTABLE.CATEGORY=a,b,c``): the payout and its values, all checked."""
    name, sep, values = (text or "").partition("=")
    if not sep:
        raise InputError(f"--vary expects CATEGORY=A..B, e.g. flush=1..10, got '{text}'")
    key = payout_key(game, name)
    payouts = parse_values(values, step)
    for value in payouts:
        check_denominators(with_payout(game, key, value))
    return key, payouts


@dataclass(frozen=True)
class SweepRow:
    """The analysis at one payout."""
    payout: Fraction
    analysis: Analysis


def sweep(game: GameTable, key: PayoutKey, values: list[Fraction]) -> list[SweepRow]:
    """The exact analysis of the game at each payout (the optimal strategy re-solved each time)."""
    return [SweepRow(value, analysis_at(game, key, value)) for value in values]
