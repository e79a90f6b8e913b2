"""A staged game's strategy for people: a chart of the first stage's decisions (the player's own
cards, before any community card), the named strategies compared, and any of them priced.

The chart's rows are the first cards' ranks, strongest first; two cards make the usual grid (a
column per second rank: suited above the diagonal, offsuit below, pairs on it), more cards a
column per suit pattern (how many of them share the most common suit).  Each cell counts the
card sets of the deck that take each option.  The later stages see four or five cards and their
decisions are many (270,725 sets at Mississippi Stud's 5th street): ``decide`` prices any of them.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.rules import StagedRules
>>> found = chart(StagedRules.of(load("mississippi-stud")))
>>> found.rows[0], found.columns[:2], found.total
('A', ('A', 'K'), 1326)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

from oddscalc.core.cards import RANKS
from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.pricing import strategies_compared, strategy_price_report
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.solve import STRATEGIES, analyze, colex, first_choices
from oddscalc.report.model import Report, Table

HIGH_FIRST = tuple(reversed(range(13)))


def _rank_rows(cards: int) -> list[tuple[int, ...]]:
    """Every rank multiset of ``cards`` cards (each rank at most four times), strongest first."""
    found = {tuple(sorted(ranks, reverse=True)) for ranks in combinations([r for r in range(13) for _ in range(4)],
                                                                          cards)}
    return sorted(found, reverse=True)


def _cell(cards: tuple[int, ...], grid: bool) -> tuple[tuple[int, ...], int]:
    """(row key, column key) of a first-stage card set."""
    ranks = tuple(sorted((c >> 2 for c in cards), reverse=True))
    if grid:
        high, low = ranks
        suited = (cards[0] & 3) == (cards[1] & 3)
        # suited above the diagonal (row = higher rank), offsuit below (row = lower rank), pairs on it
        return ((high,), low) if suited or high == low else ((low,), high)
    return ranks, max(Counter(c & 3 for c in cards).values())


def chart(rules: StagedRules, strategy_name: str = OPTIMAL) -> StrategyChart:
    """The first stage's decisions by the player's cards, every card set of the deck counted."""
    stage = rules.stages[0]
    cards = stage.seen
    choices = first_choices(rules, strategy_name)
    grid = cards == 2
    if grid:
        keys: list[tuple[int, ...]] = [(r,) for r in HIGH_FIRST]
        columns = list(HIGH_FIRST)
        labels = [RANKS[r] for r in HIGH_FIRST]
    else:
        keys = _rank_rows(cards)
        columns = list(range(cards, 0, -1))
        labels = [f"{n} suited" if n > 1 else "no two suited" for n in columns]
    row_of = {key: i for i, key in enumerate(keys)}
    column_of = {key: i for i, key in enumerate(columns)}
    counts = [[[0] * len(stage.options) for _ in columns] for _ in keys]
    for hand in combinations(range(52), cards):
        row, column = _cell(hand, grid)
        counts[row_of[row]][column_of[column]][choices[colex(hand)]] += 1
    rows = tuple(" ".join(RANKS[r] for r in key) for key in keys)
    return StrategyChart(stage.labels, rows, tuple(labels), tuple(tuple(tuple(cell) for cell in row) for row in counts),
                         decision_point=stage.name if len(rules.stages) > 1 else "",
                         row_title="your first card" if grid else "your cards",
                         column_title="your second card (suited above the diagonal, offsuit below)" if grid
                         else "suits", rules=_words(stage.labels, _cell_names(rows, labels, grid), counts),
                         note=f"the {stage.name} decision with {cards} cards seen, over every set of them")


def _cell_names(rows: tuple[str, ...], columns: list[str], grid: bool) -> list[list[str]]:
    """Each cell as the words name its hands: ``AA``, ``AKs``, ``AKo`` in the grid, else
    ``T J Q (3 suited)``."""
    if not grid:
        return [[f"{row} ({column})" for column in columns] for row in rows]
    return [[row + column if i == j else (row + column + "s" if i < j else column + row + "o")
             for j, column in enumerate(columns)] for i, row in enumerate(rows)]


def _words(actions: tuple[str, ...], names: list[list[str]],
           counts: list[list[list[int]]]) -> tuple[tuple[str, str], ...]:
    """Each option but the default, and the cells whose every card set takes it."""
    words = []
    for o, action in enumerate(actions):
        if o == 0:
            continue
        cells = [name for row_names, row in zip(names, counts, strict=True)
                 for name, cell in zip(row_names, row, strict=True) if sum(cell) and cell[o] == sum(cell)]
        if cells:
            words.append((action, " ".join(cells)))
    words.append((actions[0], "everything else"))
    return tuple(words)


def chart_table(found: StrategyChart) -> Table:
    """The chart as a table: each cell's option, or every option with its card sets where they differ."""
    rows = []
    for name, cells in zip(found.rows, found.counts, strict=True):
        shown = []
        for cell in cells:
            taken = [(action, n) for action, n in zip(found.actions, cell, strict=True) if n]
            shown.append("" if not taken else taken[0][0] if len(taken) == 1 else
                         " / ".join(f"{action} {n}" for action, n in taken))
        rows.append((name, *shown))
    return Table(f"{found.note}: the option taken ({found.row_title} by {found.column_title})",
                 (found.row_title, *found.columns), tuple(rows))


def strategy_report(rules: StagedRules, compare: bool = False, price: NamedStrategy | None = None) -> Report:
    """``strategy``: the first stage's chart and its rules in words; ``compare``: the named
    strategies priced beside the optimal one; ``price``: one of them against it."""
    game = rules.game
    optimal = analyze(rules)
    if price is not None:
        # a named strategy of this family has no rules in the strategy language: its label stands for them
        shown = replace(price, rules=price.rules or (price.label,)) if price.name != OPTIMAL else price
        return strategy_price_report(game.title, game.unit, shown, analyze(rules, price.name), optimal, "raise",
                                     rules.stages[0].labels[0])
    found = chart(rules)
    tables = [chart_table(found), Table("in words", ("option", "where"), found.rules)]
    data: dict[str, object] = {"game": game.name, "stage": rules.stages[0].name,
                               "action_probabilities": dict(optimal.action_probabilities),
                               "chart": [{"hand": row, "column": column,
                                          "options": dict(zip(found.actions, cell, strict=True))}
                                         for row, cells in zip(found.rows, found.counts, strict=True)
                                         for column, cell in zip(found.columns, cells, strict=True) if sum(cell)]}
    if compare:
        compared, data["compare"] = strategies_compared(
            [(s.label if s.name != OPTIMAL else "optimal", analyze(rules, s.name)) for s in STRATEGIES],
            game.unit, "raise")
        tables.append(compared)
    return Report(f"{game.title}: the optimal strategy at {rules.stages[0].name}", tuple(tables), data)
