"""Side bets paid on the best five-card hand of the player's cards (engine ``stud5-side``):
the 5+1 Bonus (five cards plus the dealer's upcard) and the progressive jackpot (five cards).

Neither depends on the dealer's hand or on call and fold, so the exact odds are a census of
every n-card set of the deck (ext/census.pyx).  A progressive table pays fixed amounts and
shares of a meter; its return is linear in the meter, so the break-even meter is exact.

>>> from oddscalc.tables import load_game
>>> analyze_game(load_game("five-plus-one-bonus")).total
20358520
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from oddscalc._native import census
from oddscalc import design_commands
from oddscalc.economics import Analysis, Outcome
from oddscalc.errors import InputError
from oddscalc.hands import FiveCardCategory
from oddscalc.report import Report, Table, analysis_report, decimal_text
from oddscalc.tables import GameTable, check_categories, parse_payout

CATEGORIES = [c.label for c in FiveCardCategory]
METER_TABLE = "meter"


def validate(game: GameTable) -> None:
    """Refuse a side-bet table with a bad card count, meter or category."""
    game.rules.integer("cards", 5, 5, 6)
    if any(t.name == METER_TABLE for t in game.paytables):
        game.rules.number("meter", 0)
    for table in game.paytables:
        check_categories(game, table.name, CATEGORIES)


@lru_cache(maxsize=2)
def category_counts(cards: int) -> tuple[int, ...]:
    """Sets of ``cards`` cards making each category (high card first)."""
    return tuple(census.category_census(cards))


def prize(game: GameTable, category: str, meter: Fraction) -> Fraction:
    """What a category pays per unit staked: fixed pays plus its share of the meter."""
    return sum((t.pay(category) * (meter if t.name == METER_TABLE else 1) for t in game.paytables), Fraction(0))


def _net(game: GameTable, category: str, meter: Fraction) -> Fraction:
    # a "for one" pay keeps the stake; a "to one" pay returns it with the win
    amount = prize(game, category, meter)
    if amount == 0:
        return Fraction(-1)
    basis = {t.basis for t in game.paytables if t.pay(category)}
    if len(basis) > 1:
        raise InputError(f"table '{game.name}': category '{category}' is paid on both bases")
    return amount - 1 if basis == {"for"} else amount


def meter_of(game: GameTable, meter=None) -> Fraction:
    """The meter to price (the --meter value, or the table's default)."""
    if meter is None:
        return game.rules.number("meter", 0)
    return parse_payout(meter, "--meter")


def analyze_game(game: GameTable, meter=None) -> Analysis:
    """Exact outcome table of the side bet (the engine's common entry point)."""
    cards = game.rules.integer("cards", 5, 5, 6)
    level = meter_of(game, meter)
    counts = category_counts(cards)
    rows = []
    losing = 0
    for category, count in reversed(list(zip(CATEGORIES, counts))):
        if prize(game, category, level):
            rows.append(Outcome(f"win-{category}", count, _net(game, category, level)))
        else:
            losing += count
    rows.append(Outcome("lose", losing, Fraction(-1)))
    return Analysis(game.name, _table_text(game), sum(counts), tuple(rows), None, game.unit)


def break_even_meter(game: GameTable) -> Fraction | None:
    """The meter at which the expected return is zero (None without meter pays).

    >>> from oddscalc.tables import load_game
    >>> m = break_even_meter(load_game("caribbean-stud-progressive"))
    >>> analyze_game(load_game("caribbean-stud-progressive"), m).expected_return
    Fraction(0, 1)
    """
    at_zero = analyze_game(game, 0).expected_return
    slope = analyze_game(game, 1).expected_return - at_zero
    return None if slope == 0 else -at_zero / slope


def _table_text(game: GameTable) -> str:
    return "; ".join(f"{t.name} ({t.basis} one): " + ", ".join(f"{k} {v}" for k, v in t.pays.items())
                     for t in game.paytables)


def _analyze_arguments(parser) -> None:
    parser.add_argument("--meter", help="progressive meter in units (default: the table's meter)")


def _analyze_run(game: GameTable, args) -> Report:
    analysis = analyze_game(game, args.meter)
    level = meter_of(game, args.meter)
    has_meter = any(t.name == METER_TABLE for t in game.paytables)
    counts = category_counts(game.rules.integer("cards", 5, 5, 6))
    categories = Table(f"best five of {game.rules.integer('cards', 5, 5, 6)} cards: every category",
                       ("category", "sets", "probability", f"pays per {game.unit}"),
                       tuple((c, n, decimal_text(Fraction(n, analysis.total), 10), prize(game, c, level))
                             for c, n in reversed(list(zip(CATEGORIES, counts)))))
    data = {"categories": {c: n for c, n in zip(CATEGORIES, counts)}}
    tables = [categories]
    if has_meter:
        even = break_even_meter(game)
        data.update({"meter": level, "break_even_meter": even})
        tables.append(Table("progressive meter", ("", "exact", "decimal"), (
            ("meter priced", level, decimal_text(level, 2)),
            ("break-even meter (expected return 0)", even if even is not None else "none",
             decimal_text(even, 2) if even is not None else ""),
        )))
    return analysis_report(f"{game.title}: exact return", analysis, tables, data)


COMMANDS = {"analyze": (_analyze_arguments, _analyze_run)}
COMMANDS.update(design_commands.COMMANDS)     # design, sweep, distribution, simulate, check
