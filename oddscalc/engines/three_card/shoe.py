"""Side bets on three cards dealt from a shoe of 1 to 8 decks (engine ``three-card-shoe``): 21+3 at
blackjack, the player's first two cards and the dealer's upcard read as a three-card poker hand.

From a shoe the same card can come twice or three times, so besides Three Card Poker's categories
there is *suited three of a kind* (three identical cards), and a pair can also be a flush (which
is paid as the flush: the stronger category).  The exact odds count every three-card multiset of
the 52 card faces, each standing for prod C(decks, times the face appears) of the shoe's
C(52 * decks, 3) equally likely sets of three physical cards: 24,804 multisets whatever the
number of decks, so no kernel is needed.

A hand is paid under its most specific name the paytable lists: ``suited-three-of-a-kind``, else
``three-of-a-kind``; each other hand under its category.

>>> from oddscalc.engines.base import load
>>> analysis = ENGINE.analyze(load("twenty-one-plus-three"))
>>> analysis.total == 312 * 311 * 310 // 6, round(float(analysis.house_edge) * 100, 2)
(True, 3.24)
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from oddscalc.core.cards import format_card, format_cards
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import HandRank
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.numbers import decimal_text, pay_text
from oddscalc.engines import base
from oddscalc.engines.inputs import Situation
from oddscalc.engines.sidebets import SideBet, side_bet, side_bet_analysis
from oddscalc.report.analysis import analysis_report as standard_report
from oddscalc.report.model import Report, Table

# weakest first, as the outcome table breaks ties of net
CATEGORIES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
SUITED_TRIPS = "suited-three-of-a-kind"       # a name within three-of-a-kind: three identical cards
NAMES = (*CATEGORIES, SUITED_TRIPS)
MAX_DECKS = 8
RULE_SPECS = (
    RuleSpec("decks", "integer", 1, "decks shuffled together in the shoe the three cards are dealt from",
             low=1, high=MAX_DECKS),
)
STRATEGIES = (base.NamedStrategy(base.OPTIMAL, "a side bet has no decision"),)


@dataclass(frozen=True)
class ShoeCategory:
    """A category of this family's ranking (HandRank wants anything with a label)."""
    label: str


def category_of(ranks: list[int], suits: list[int]) -> str:
    """The category of three cards (ranks 0..12 for 2..A), repeats allowed: the strongest that holds.

    >>> category_of([11, 11, 3], [2, 2, 2]), category_of([12, 0, 1], [0, 1, 1])
    ('flush', 'straight')
    """
    distinct = sorted(set(ranks))
    flush = len(set(suits)) == 1
    # A-2-3 and Q-K-A both count, as in Three Card Poker
    straight = len(distinct) == 3 and (distinct[2] - distinct[0] == 2 or distinct == [0, 1, 12])
    if straight and flush:
        return "straight-flush"
    if len(distinct) == 1:
        return "three-of-a-kind"
    if straight:
        return "straight"
    if flush:
        return "flush"
    return "pair" if len(distinct) == 2 else "high-card"


def names_of(cards: tuple[int, ...]) -> tuple[str, ...]:
    """A hand's names, most specific first (three identical cards: suited trips, then trips)."""
    ranks, suits = [c >> 2 for c in cards], [c & 3 for c in cards]
    category = category_of(ranks, suits)
    return (SUITED_TRIPS, category) if len(set(cards)) == 1 else (category,)


@cache
def hand_counts(decks: int) -> dict[tuple[str, ...], int]:
    """Sets of three physical cards of a ``decks``-deck shoe by the hand's names (exact integers)."""
    counts: Counter[tuple[str, ...]] = Counter()
    for a in range(52):
        for b in range(a, 52):
            for c in range(b, 52):
                faces = Counter((a, b, c))
                # the physical cards: which copies of each face, among the shoe's ``decks``
                ways = math.prod(math.comb(decks, times) for times in faces.values())
                if ways:
                    counts[names_of((a, b, c))] += ways
    assert sum(counts.values()) == math.comb(52 * decks, 3)
    return dict(counts)


def bet_of(game: GameTable) -> SideBet:
    return side_bet(game.paytable(), ("player",), f"table '{game.name}'")


def pay_name(game: GameTable, names: tuple[str, ...]) -> str:
    """The name a hand is paid under: its most specific one the paytable lists, else its category."""
    pays = game.paytable().pays
    return next((name for name in names if name in pays), names[-1])


def decks_of(game: GameTable) -> int:
    return game.rules.integer("decks")


def shoe_analysis(game: GameTable) -> Analysis:
    """The exact outcome table of the bet, per unit staked, over every three cards of the shoe."""
    counts: Counter[str] = Counter()
    for names, ways in hand_counts(decks_of(game)).items():
        counts[pay_name(game, names)] += ways
    return side_bet_analysis(game.name, bet_of(game), counts, NAMES, game.unit)


def name_sizes(decks: int) -> dict[str, int]:
    """Sets of three cards holding each name (suited trips are among the three of a kind too)."""
    sizes = dict.fromkeys(NAMES, 0)
    for names, ways in hand_counts(decks).items():
        for name in names:
            sizes[name] += ways
    return sizes


def analysis_report(game: GameTable) -> Report:
    """``analyze``: the outcome table and metrics, then every category with its sets and pay."""
    analysis = shoe_analysis(game)
    decks = decks_of(game)
    sizes = name_sizes(decks)
    pays = game.paytable()
    rows = tuple((name, sizes[name], decimal_text(Fraction(sizes[name], analysis.total), 10),
                  pay_text(pays.listed(name), pays.basis)) for name in reversed(NAMES))
    table = Table(f"three cards from a shoe of {decks} deck{'s' if decks != 1 else ''}: every category",
                  ("category", "sets", "probability", f"pays per {game.unit}"), rows)
    return standard_report(f"{game.title}: exact return", analysis, (table,), {"decks": decks, "categories": sizes})


class ShoeSideEngine(base.FamilyBase):
    """The family of side bets on three cards from a shoe: an exact analysis, no decision, no dealer."""

    unavailable = {"exposure": "no decision depends on what is seen", "decide": "it has no decision to make"}

    def __init__(self) -> None:
        super().__init__("three-card-shoe", RULE_SPECS, strategies=STRATEGIES)

    def validate(self, table: GameTable) -> None:
        if len(table.paytables) != 1:
            raise InputError(f"table '{table.name}': a three-card shoe bet has one paytable")
        if table.classes:
            raise InputError(f"table '{table.name}': a three-card shoe bet pays its categories only "
                             f"({', '.join(reversed(NAMES))}), not classes")
        table.check_categories(table.main_paytable, NAMES)
        paytable = table.paytable()
        if paytable.settlement:
            raise InputError(f"table '{table.name}': paytables.{paytable.name}: this bet is settled on its three "
                             "cards; hand, when and paid_on are for side bets attached to a game")
        bet_of(table)

    def analyze(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> Analysis:
        base.find_strategy(STRATEGIES, strategy_name, table)
        return shoe_analysis(table)

    def wagers(self, table: GameTable, strategy_name: str = base.OPTIMAL) -> tuple[base.Wager, ...]:
        decks = decks_of(table)
        return (base.Wager("main", f"{table.title}, per {table.unit}, {decks} deck{'s' if decks != 1 else ''}",
                           self.analyze(table, strategy_name), paytables=(table.main_paytable,)),)

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        return analysis_report(table)

    def rank(self, table: GameTable, cards: tuple[int, ...]) -> HandRank:
        if len(cards) != 3:
            raise InputError(f"{table.name} ranks three cards, not {len(cards)} ({format_cards(cards)})")
        decks = decks_of(table)
        most = max(cards, key=cards.count)
        if cards.count(most) > decks:
            raise InputError(f"{table.name}: {format_card(most)} given {cards.count(most)} times, but a "
                             f"{decks}-deck shoe holds {decks} of each card")
        names = names_of(cards)
        category = names[-1]
        return HandRank(cards, cards, ShoeCategory(category), CATEGORIES.index(category), len(CATEGORIES),
                        names[0] if len(names) > 1 else "")


ENGINE = ShoeSideEngine()
