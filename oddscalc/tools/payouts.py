"""One payout of a game as a variable: name it, change it, analyse the game at a value of it.

Shared by ``design``, ``sweep`` and the symbolic return.  Every analysis comes from the game's
engine: ``analyze`` (the game, the optimal strategy for that paytable) or ``wagers`` (each separately
staked wager, per its own stake).  Which of them a payout is judged by is a :class:`Figure`: by
default the wager the payout belongs to (a side bet's pay moves the side bet's return, not the
game's), or the game's as ``analyze`` gives it.

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
from oddscalc.engines.base import EXACT, OPTIMAL, engine_of

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
    analyzer(game)                      # a payout is a variable of an exact analysis only
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
    return EXACT.of(game).analyze


OF = ("wager", "game")


@dataclass(frozen=True)
class Figure:
    """The analysis a payout is judged by: one wager of ``Engine.wagers`` (``wager``, its key), whose
    analysis is the game's as ``Engine.analyze`` gives it when ``whole``.  ``of`` is what was asked
    (``wager``: the wager the payout belongs to; ``game``: the whole game's); ``title`` names the
    wager for people, ``stake`` its unit ("ante", "pair-plus stake")."""
    of: str
    wager: str
    title: str
    stake: str
    whole: bool

    @property
    def label(self) -> str:
        """For a report: ``wager pair-plus (side bet pair-plus, per pair-plus stake)``."""
        return f"{'the game' if self.of == 'game' else 'wager ' + self.wager} ({self.title})"


def figure_of(game: GameTable, key: PayoutKey, of: str = "wager", strategy: str = OPTIMAL) -> Figure:
    """Which analysis ``key`` is judged by: the first wager of ``Engine.wagers`` settled by its
    paytable (``of="wager"``), or the game's (``of="game"``), refused when the game's return does not
    depend on the payout (a side bet is staked apart from the game).

    >>> from oddscalc.engines.base import load
    >>> game = load("three-card-poker")
    >>> figure_of(game, payout_key(game, "pair-plus.flush")).label
    'wager pair-plus (side bet pair-plus, per pair-plus stake)'
    >>> figure_of(game, payout_key(game, "flush")).whole       # the main wager is the game's
    True
    >>> figure_of(game, payout_key(game, "pair-plus.flush"), "game")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: pair-plus.flush is a pay of side bet pair-plus, per pair-plus stake, ...
    """
    if of not in OF:
        raise InputError(f"--of must be wager or game, got '{of}'")
    engine = EXACT.of(game)             # refuses a family without an exact analysis
    wagers = engine.wagers(game, strategy)
    analysis = engine.analyze(game, strategy)
    own = next((w for w in wagers if w.analysis == analysis), wagers[0])     # the wager analyze gives
    owner = next((w for w in wagers if key.paytable in w.paytables), None)
    if of == "game" and key.paytable not in own.paytables:
        where = f"a pay of {owner.title}, staked apart from the game" if owner is not None else \
            f"a pay of paytable {key.paytable}, which settles no wager of {game.name}"
        raise InputError(f"{key.text} is {where}: the game's return does not depend on it; ask for the "
                         "return of its wager (--of wager)")
    if owner is None:
        raise InputError(f"{key.text}: paytable {key.paytable} settles no wager of {game.name}, so no return "
                         "depends on it")
    wager = own if of == "game" else owner
    stake = f"{wager.analysis.unit} stake" if wager.side else wager.analysis.unit
    return Figure(of, wager.key, wager.title, stake, wager is own)


@dataclass(frozen=True)
class Measure:
    """One exact analysis of a game: the figure judged (``figure``) and the game's own (``whole``,
    whose optimal strategy is the one re-solved at every payout); the same object when the figure is
    the game's."""
    figure: Analysis
    whole: Analysis


def measure(game: GameTable, figure: Figure, strategy: str = OPTIMAL) -> Measure:
    """The figure's analysis and the game's, for a game (a payout already set)."""
    engine = EXACT.of(game)
    whole = engine.analyze(game, strategy)
    if figure.whole:
        return Measure(whole, whole)
    found = {w.key: w.analysis for w in engine.wagers(game, strategy)}
    if figure.wager not in found:
        raise InputError(f"{game.name} has no wager {figure.wager} at this paytable")
    return Measure(found[figure.wager], whole)


def measurer(game: GameTable, figure: Figure, strategy: str = OPTIMAL) -> Callable[[GameTable], Measure]:
    """:func:`measure` for tables of this game, or a clear error when its engine has no exact analysis."""
    analyzer(game)
    return lambda table: measure(table, figure, strategy)


def analysis_at(game: GameTable, key: PayoutKey, value: Fraction, strategy: str = OPTIMAL,
                figure: Figure | None = None) -> Analysis:
    """The exact analysis with one payout set to ``value`` (the optimal strategy re-solved there, or a
    named strategy played as it is): the figure's, the game's when no figure is given."""
    engine = EXACT.of(game)             # refuses a family without an exact analysis
    changed = with_payout(game, key, value)
    if figure is None:
        return engine.analyze(changed, strategy)
    return measure(changed, figure, strategy).figure


def strategy_of(analysis: Analysis) -> tuple[object, ...]:
    """What tells two analyses' strategies apart when one payout varies: calls are only added as a
    payout rises, so equal call probabilities mean one strategy (outcome rows may merge or split
    by name, so they are not compared); with several actions or decision points, the share of
    every action too.  Games without a decision have one strategy."""
    shares = tuple(sorted(analysis.action_probabilities.items()))
    return analysis.call_probability, analysis.average_wager, shares


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
