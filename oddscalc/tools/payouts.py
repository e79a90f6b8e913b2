"""One payout of a game as a variable: name it, change it, analyse the game at a value of it.

Shared by ``design``, ``sweep`` and the symbolic return.  Every analysis comes from the game's
engine (``analyze_game(game) -> Analysis``, the optimal strategy for that paytable).

>>> from oddscalc.engines.base import load
>>> game = load("caribbean-stud")
>>> key = payout_key(game, "flush")
>>> key.text, current_payout(game, key)
('flush', Fraction(5, 1))
>>> with_payout(game, key, Fraction(6)).paytable().pay("flush")
Fraction(6, 1)
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, apply_pays
from oddscalc.engines.base import OPTIMAL, engine_of

# Payouts are tried at rationals whose denominators stay small: engines may compute in 64-bit
# integers over the paytable's common denominator.
MAX_DENOMINATOR = 10 ** 6


@dataclass(frozen=True)
class PayoutKey:
    """One payout of a game: a category of a paytable (the main one unless named)."""
    paytable: str
    category: str
    main: bool = True

    @property
    def text(self) -> str:
        """As the user writes it: ``flush`` or ``bonus.flush``."""
        return self.category if self.main else f"{self.paytable}.{self.category}"


def payout_key(game: GameTable, text: str) -> PayoutKey:
    """Parse ``CATEGORY`` or ``PAYTABLE.CATEGORY`` and let the engine check the category.

    >>> from oddscalc.engines.base import load
    >>> payout_key(load("caribbean-stud"), "flsh")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: table 'caribbean-stud': paytables.call: unknown category 'flsh' (did you mean ...)
    """
    text = (text or "").strip()
    table_name, dot, category = text.rpartition(".")
    if not category or (dot and not table_name):
        raise InputError(f"expected a payout category such as 'flush' or 'bonus.flush', got '{text}'")
    table = game.paytable(table_name if dot else None)
    engine_of(game).validate(apply_pays(game, [f"{text}={table.pay(category)}"]))   # refuses unknown categories
    return PayoutKey(table.name, category, table.name == game.main_paytable)


def current_payout(game: GameTable, key: PayoutKey) -> Fraction:
    """What the game table pays now for the key's category (0 when unlisted)."""
    return game.paytable(key.paytable).pay(key.category)


def with_payout(game: GameTable, key: PayoutKey, value: Fraction) -> GameTable:
    """The game with one payout changed."""
    return game.replace_paytable(game.paytable(key.paytable).with_pay(key.category, Fraction(value)))


def analyzer(game: GameTable) -> Callable[[GameTable], Analysis]:
    """The engine's exact optimal-strategy analysis, or a clear error when it has none."""
    engine = engine_of(game)
    if not engine.exact:
        raise InputError(f"{game.name} (engine '{game.engine}') has no exact analysis over every deal; "
                         "design, sweep, distribution and check need one")
    return engine.analyze


def analysis_at(game: GameTable, key: PayoutKey, value: Fraction, strategy: str = OPTIMAL) -> Analysis:
    """The exact analysis of the game with one payout set to ``value`` (the optimal strategy re-solved
    there, or a named strategy played as it is)."""
    analyzer(game)                      # refuses an engine without an exact analysis
    return engine_of(game).analyze(with_payout(game, key, value), strategy)


def strategy_of(analysis: Analysis) -> tuple[Fraction | None, Fraction]:
    """What tells two analyses' strategies apart when one payout varies: calls are only added as a
    payout rises, so equal call probabilities mean one strategy (outcome rows may merge or split
    by name, so they are not compared).  Games without a decision have one strategy."""
    return analysis.call_probability, analysis.average_wager


def check_denominators(game: GameTable) -> None:
    """Refuse payouts whose common denominator engines could not hold in 64-bit integers."""
    denominator = math.lcm(*(pay.denominator for table in game.paytables for pay in table.pays.values()))
    if denominator > MAX_DENOMINATOR:
        raise InputError(f"the payouts' common denominator {denominator} is too large to analyse exactly "
                         f"(at most {MAX_DENOMINATOR})")


def simplest_between(low: Fraction, high: Fraction) -> Fraction:
    """The rational with the smallest denominator strictly between ``low`` and ``high``
    (the smallest such integer when there is one).

    >>> simplest_between(Fraction(1, 3), Fraction(1, 2)), simplest_between(Fraction(7, 2), Fraction(9))
    (Fraction(2, 5), Fraction(4, 1))
    """
    low, high = Fraction(low), Fraction(high)
    if low >= high:
        raise ValueError("empty interval")
    whole = math.floor(low) + 1
    if whole < high:
        return Fraction(whole)
    base = math.floor(low)          # low and high share their integer part (high may equal base + 1)
    low_part, high_part = low - base, high - base
    # base + 1/y with y strictly between 1/high_part and 1/low_part (infinite when low_part is 0)
    if low_part == 0:
        return base + 1 / Fraction(math.floor(1 / high_part) + 1)
    return base + 1 / simplest_between(1 / high_part, 1 / low_part)
