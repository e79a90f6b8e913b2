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

from dataclasses import dataclass, replace
from fractions import Fraction

from oddscalc.core.classes import check_class_names
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import HandRank, five_card_category_starts
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import FiveCardCategory
from oddscalc.core.numbers import decimal_text, exact_text, pay_text
from oddscalc.engines import base, sidebets
from oddscalc.engines.handclasses import (
    category_map,
    five_card_census,
)
from oddscalc.engines.inputs import Situation
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

CATEGORIES = [c.label for c in FiveCardCategory]
METER_TABLE = "meter"
RULE_SPECS = (
    RuleSpec("cards", "integer", 5, "cards the best five are chosen from (5: the player's, 6: with the upcard)",
             low=5, high=6),
    RuleSpec("meter", "number", Fraction(0), "the progressive meter priced, in units of the stake", option="--meter"),
)
STRATEGIES = (base.NamedStrategy(base.OPTIMAL, "a side bet has no decision"),)


@dataclass(frozen=True)
class SideBetRules:
    """The rules of a side bet on the player's own cards, read once per table."""
    cards: int                  # the best five of this many cards (5, or 6 with the upcard)
    meter: Fraction             # the progressive meter priced, in units of the stake

    @classmethod
    def of(cls, game: GameTable) -> SideBetRules:
        return game.built(_read)


def _read(game: GameTable) -> SideBetRules:
    return SideBetRules(game.rules.integer("cards"), game.rules.number("meter"))


def category_counts(cards: int) -> tuple[int, ...]:
    """Sets of ``cards`` cards making each category (high card first)."""
    counts = five_card_census(cards)
    starts = five_card_category_starts()
    return tuple(sum(counts[starts[i]:starts[i + 1]]) for i in range(len(CATEGORIES)))


def prize(game: GameTable, category: str) -> Fraction:
    """What a category (or class) pays per unit staked: fixed pays plus its share of the meter."""
    meter = SideBetRules.of(game).meter
    return sum((t.pay(category) * (meter if t.name == METER_TABLE else 1) for t in game.paytables), Fraction(0))


def _settle(game: GameTable, names: dict[str, str]) -> Fraction | None:
    """The net per unit staked of a hand each paytable pays under ``names[table]`` (its most
    specific class that table names, else its category), or None when no table lists it (the bet
    loses).

    A listed pay is paid on its table's basis: "to one" returns the stake with the pay, so a listed
    0 is a push; "for one" keeps the stake, so a pay of 1 is a push and 0 loses.  (As the
    three-card side bets settle, and continuous in the pay, as ``design`` needs.)"""
    listed = [t for t in game.paytables if names[t.name] in t.pays]
    if not listed:
        return None
    bases = {t.basis for t in listed}
    if len(bases) > 1:
        raise InputError(f"table '{game.name}': '{names[listed[0].name]}' is paid on both bases")
    meter = SideBetRules.of(game).meter
    amount = sum((t.pay(names[t.name]) * (meter if t.name == METER_TABLE else 1) for t in listed), Fraction(0))
    return amount - 1 if bases == {"for"} else amount


def _net(game: GameTable, category: str) -> Fraction | None:
    """The net per unit staked of a category (hands no class holds), or None when it loses."""
    return _settle(game, {t.name: category for t in game.paytables})


def paid(game: GameTable) -> list[tuple[str, Fraction | None]]:
    """Per strength: the name its row is counted under (the most specific class any paytable
    names, else the category) and its net per unit staked (None: the bet loses)."""
    cmap = category_map(game)
    named = {name for t in game.paytables for name in t.pays}
    out = []
    settled: dict[str, Fraction | None] = {}
    for s in range(len(cmap.rows)):
        key = cmap.pay_name(s, named)
        if key not in settled:
            settled[key] = _settle(game, {t.name: cmap.pay_name(s, t.pays) for t in game.paytables})
        out.append((key, settled[key]))
    return out


def outcome_name(category: str, net: Fraction) -> str:
    """``win-flush`` (the player gains), ``push-flush`` (the stake back) or ``part-flush`` (part of it).

    >>> outcome_name("flush", Fraction(15)), outcome_name("pair", Fraction(0))
    ('win-flush', 'push-pair')
    """
    return sidebets.outcome_name(category, net)


def side_bet_analysis(game: GameTable) -> Analysis:
    """Exact outcome table of the side bet at the table's meter: strongest first, each class the
    paytables name after its category."""
    counts = five_card_census(SideBetRules.of(game).cards)
    order = [*CATEGORIES]
    for klass in game.classes:
        order.insert(order.index(klass.category), klass.name)
    tally: dict[str, tuple[Fraction, int]] = {}       # name -> (net, count)
    losing = 0
    for (key, net), count in zip(paid(game), counts, strict=True):
        if net is None or net == -1:
            losing += count
        elif count:
            first_net, counted = tally.get(key, (net, 0))
            tally[key] = first_net, counted + count
    rows = [Outcome(outcome_name(key, tally[key][0]), tally[key][1], tally[key][0])
            for key in reversed(order) if key in tally]
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


def pay_cell(game: GameTable, name: str) -> str:
    """What a category or class pays per unit staked, as the paytable shows it: ``none`` when no
    paytable lists it (the bet loses), ``0 (push)`` for a listed 0 "to one"."""
    listed = [t for t in game.paytables if name in t.pays]
    if not listed:
        return "none"
    return pay_text(prize(game, name), listed[0].basis)


def class_sizes(game: GameTable, cards: int) -> dict[str, int]:
    """Sets of ``cards`` cards whose best five is in each class."""
    return category_map(game).totals(five_card_census(cards))


def analysis_report(game: GameTable) -> Report:
    """``analyze``: the outcome table and metrics, every category and class, the meter and its
    break-even."""
    analysis = side_bet_analysis(game)
    cards = SideBetRules.of(game).cards
    counts = dict(zip(CATEGORIES, category_counts(cards), strict=True))
    sizes = class_sizes(game, cards)
    order = [*CATEGORIES]
    for klass in game.classes:
        order.insert(order.index(klass.category), klass.name)
    every = {**counts, **sizes}
    categories = Table(f"best five of {cards} cards: every category and class",
                       ("category", "sets", "probability", f"pays per {game.unit}"),
                       tuple((c, every[c], decimal_text(Fraction(every[c], analysis.total), 10), pay_cell(game, c))
                             for c in reversed(order)))
    data: dict[str, object] = {"categories": counts}
    if game.classes:
        data["classes"] = sizes
    tables = [categories]
    if has_meter(game):
        data.update({"meter": SideBetRules.of(game).meter, "break_even_meter": break_even_meter(game)})
        tables.append(meter_table(game))
    return standard_report(f"{game.title}: exact return", analysis, tables, data)


def meter_table(game: GameTable) -> Table:
    """The meter the figures are priced at and the meter at which the bet breaks even."""
    level, even = SideBetRules.of(game).meter, break_even_meter(game)
    return Table("progressive meter", ("", "exact", "decimal"), (
        ("meter priced", level, decimal_text(level, 2)),
        ("break-even meter (expected return 0)", even if even is not None else "none",
         decimal_text(even, 2) if even is not None else ""),
    ))


class SideBetEngine(base.FamilyBase):
    """The family of side bets paid on the player's own cards: an exact analysis, no decision, no
    dealer."""

    unavailable = {"exposure": "no decision depends on what is seen", "decide": "it has no decision to make"}

    def __init__(self) -> None:
        super().__init__("stud5-side", RULE_SPECS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        if not table.paytables:
            raise InputError(f"table '{table.name}': a side bet needs a paytable")
        table.check_paytables([table.main_paytable, METER_TABLE])
        where = f"table '{table.name}'"
        check_class_names(table.classes, CATEGORIES, where)
        for paytable in table.paytables:
            table.check_categories(paytable.name, (*CATEGORIES, *(k.name for k in table.classes)))
            if paytable.settlement:
                raise InputError(f"{where}: paytables.{paytable.name}: this game is settled on the player's cards "
                                 "(rules.cards); hand, when and paid_on are for side bets attached to a game")
        if "meter" in table.rules.given and not has_meter(table):
            raise InputError(f"{table.name} has no meter paytable, so a meter (rules.meter, --meter) does not apply")
        if table.classes:
            sizes = category_map(table).sizes
            empty = [k.name for k in table.classes if not sizes[k.name]]
            if empty:
                raise InputError(f"{where}: class '{empty[0]}' holds no five-card hand")
        paid(table)

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        base.find_strategy(STRATEGIES, strategy_name, table)
        return side_bet_analysis(table)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        meter = f", meter {exact_text(SideBetRules.of(table).meter)}" if has_meter(table) else ""
        return (base.Wager("main", f"{table.title}, per {table.unit}{meter}", self.analyze(table, strategy_name),
                           paytables=tuple(t.name for t in table.paytables),
                           tables=(meter_table(table),) if has_meter(table) else ()),)

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return analysis_report(table)

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        hand = base.rank_five(table, cards)
        chain = category_map(table).chains[hand.strength] if table.classes else ()
        return replace(hand, hand_class=chain[0]) if chain else hand


ENGINE = SideBetEngine()
