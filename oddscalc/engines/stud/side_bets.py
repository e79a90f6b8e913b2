"""Side bets paid on the best five-card hand of the player's cards (engine ``stud5-side``):
the 5+1 Bonus (five cards plus the dealer's upcard) and the progressive jackpot (five cards).

Neither depends on the dealer's hand or on call and fold, so the exact odds are a census of
every n-card set of the deck (ext/census.pyx).  A progressive table pays fixed amounts and
shares of a meter; its return is linear in the meter, so the break-even meter is exact.

>>> from oddscalc.engines.base import load
>>> ENGINE.analyze(load("five-plus-one-bonus")).total
20358520
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from oddscalc._native import census
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import FiveCardCategory
from oddscalc.core.numbers import decimal_text
from oddscalc.engines.base import OPTIMAL, EngineBase, NamedStrategy, Situation, StrategyChart, Wager, strategy_named
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

CATEGORIES = [c.label for c in FiveCardCategory]
METER_TABLE = "meter"
RULE_SPECS = (
    RuleSpec("cards", "integer", 5, "cards the best five are chosen from (5: the player's, 6: with the upcard)",
             low=5, high=6),
    RuleSpec("meter", "number", Fraction(0), "the progressive meter priced, in units of the stake"),
)
STRATEGIES = (NamedStrategy(OPTIMAL, "a side bet has no decision", None),)


@lru_cache(maxsize=2)
def category_counts(cards: int) -> tuple[int, ...]:
    """Sets of ``cards`` cards making each category (high card first)."""
    return tuple(census.category_census(cards))


def prize(game: GameTable, category: str) -> Fraction:
    """What a category pays per unit staked: fixed pays plus its share of the meter."""
    meter = game.rules.number("meter")
    return sum((t.pay(category) * (meter if t.name == METER_TABLE else 1) for t in game.paytables), Fraction(0))


def _net(game: GameTable, category: str) -> Fraction | None:
    """The net per unit staked of a category, or None when no paytable lists it (the bet loses).

    A listed pay is paid on its table's basis: "to one" returns the stake with the pay, so a listed
    0 is a push; "for one" keeps the stake, so a pay of 1 is a push and 0 loses.  (As the
    three-card side bets settle, and continuous in the pay, as ``design`` needs.)"""
    listed = [t for t in game.paytables if category in t.pays]
    if not listed:
        return None
    bases = {t.basis for t in listed}
    if len(bases) > 1:
        raise InputError(f"table '{game.name}': category '{category}' is paid on both bases")
    amount = prize(game, category)
    return amount - 1 if bases == {"for"} else amount


def outcome_name(category: str, net: Fraction) -> str:
    """``win-flush`` (the player gains), ``push-flush`` (the stake back) or ``part-flush`` (part of it).

    >>> outcome_name("flush", Fraction(15)), outcome_name("pair", Fraction(0))
    ('win-flush', 'push-pair')
    """
    return f"{'win' if net > 0 else 'push' if net == 0 else 'part'}-{category}"


def side_bet_analysis(game: GameTable) -> Analysis:
    """Exact outcome table of the side bet at the table's meter."""
    counts = category_counts(game.rules.integer("cards"))
    rows = []
    losing = 0
    for category, count in reversed(list(zip(CATEGORIES, counts, strict=True))):
        net = _net(game, category)
        if net is None or net == -1:
            losing += count
        else:
            rows.append(Outcome(outcome_name(category, net), count, net))
    rows.append(Outcome("lose", losing, Fraction(-1)))
    return Analysis(game.name, game.paytables_text(), sum(counts), tuple(rows), None, game.unit)


def has_meter(game: GameTable) -> bool:
    return game.has_paytable(METER_TABLE)


def break_even_meter(game: GameTable) -> Fraction | None:
    """The meter at which the expected return is zero (None without meter pays).

    >>> from oddscalc.engines.base import load
    >>> game = load("caribbean-stud-progressive")
    >>> side_bet_analysis(game.with_rule("meter", break_even_meter(game))).expected_return
    Fraction(0, 1)
    """
    at_zero = side_bet_analysis(game.with_rule("meter", Fraction(0))).expected_return
    slope = side_bet_analysis(game.with_rule("meter", Fraction(1))).expected_return - at_zero
    return None if slope == 0 else -at_zero / slope


def analysis_report(game: GameTable) -> Report:
    """``analyze``: the outcome table and metrics, every category, the meter and its break-even."""
    analysis = side_bet_analysis(game)
    cards = game.rules.integer("cards")
    counts = category_counts(cards)
    categories = Table(f"best five of {cards} cards: every category",
                       ("category", "sets", "probability", f"pays per {game.unit}"),
                       tuple((c, n, decimal_text(Fraction(n, analysis.total), 10), prize(game, c))
                             for c, n in reversed(list(zip(CATEGORIES, counts, strict=True)))))
    data: dict[str, object] = {"categories": dict(zip(CATEGORIES, counts, strict=True))}
    tables = [categories]
    if has_meter(game):
        level, even = game.rules.number("meter"), break_even_meter(game)
        data.update({"meter": level, "break_even_meter": even})
        tables.append(Table("progressive meter", ("", "exact", "decimal"), (
            ("meter priced", level, decimal_text(level, 2)),
            ("break-even meter (expected return 0)", even if even is not None else "none",
             decimal_text(even, 2) if even is not None else ""),
        )))
    return standard_report(f"{game.title}: exact return", analysis, tables, data)


class SideBetEngine(EngineBase):
    """The Engine of side bets paid on the player's own cards (no decision, no dealer)."""

    def __init__(self) -> None:
        super().__init__("stud5-side", RULE_SPECS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        if not table.paytables:
            raise InputError(f"table '{table.name}': a side bet needs a paytable")
        table.check_paytables([table.main_paytable, METER_TABLE])
        for paytable in table.paytables:
            table.check_categories(paytable.name, CATEGORIES)
        if "meter" in table.rules.given and not has_meter(table):
            raise InputError(f"{table.name} has no meter paytable, so a meter (rules.meter, --meter) does not apply")
        for category in CATEGORIES:
            _net(table, category)

    def analyze(self, table: GameTable, strategy_name: str = OPTIMAL) -> Analysis:
        strategy_named(STRATEGIES, strategy_name, table.name)
        return side_bet_analysis(table)

    def wagers(self, table: GameTable, strategy_name: str = OPTIMAL) -> tuple[Wager, ...]:
        return (Wager("main", f"{table.title}, per {table.unit}", self.analyze(table, strategy_name),
                      paytables=tuple(t.name for t in table.paytables)),)

    def strategy_chart(self, table: GameTable, strategy_name: str = OPTIMAL) -> StrategyChart | None:
        strategy_named(STRATEGIES, strategy_name, table.name)
        return None                      # a side bet has no decision

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return analysis_report(table)


ENGINE = SideBetEngine()
