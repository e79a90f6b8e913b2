"""A staged game's strategy for people: a chart of every stage's decisions with its words, the
named strategies compared (house edge, average wager, cost against the optimal one), and any of
them priced.

The first stage's chart has the first cards' ranks as rows, strongest first; two cards make the
usual grid (a column per second rank: suited above the diagonal, offsuit below, pairs on it), more
cards a column per suit pattern (how many of them share the most common suit).  The later stages'
charts are :mod:`strategy_charts`'.  Every cell counts deals (a first-stage card set stands for
the deals that follow it), so the charts add up as :class:`StrategyCharts` require.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.rules import StagedRules
>>> found = chart(StagedRules.of(load("mississippi-stud")))
>>> found.rows[0], found.columns[:2], found.total, found.total // 1326
('A', ('A', 'K'), 155937600, 117600)
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from itertools import combinations

from oddscalc.core.cards import RANKS
from oddscalc.core.economics import Analysis
from oddscalc.core.numbers import decimal_text, percent_text
from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.chart_tables import chart_data, chart_table
from oddscalc.engines.charts import StrategyChart, StrategyCharts
from oddscalc.engines.pricing import strategy_price_report
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.solve import analyze, colex, solution_of, solved, strategies
from oddscalc.engines.staged.strategy_charts import stage_charts
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


def chart(rules: StagedRules, strategy_name: str = OPTIMAL, written: tuple[str, ...] = ()) -> StrategyChart:
    """The first stage's decisions by the player's cards, every card set of the deck counted with
    the deals that follow it."""
    stage = rules.stages[0]
    cards = stage.seen
    found = solved(rules, strategy_name, written)
    choices = found.first_choices
    deals = found.analysis.total // math.comb(52, cards)
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
        counts[row_of[row]][column_of[column]][choices[colex(hand)]] += deals
    rows = tuple(" ".join(RANKS[r] for r in key) for key in keys)
    return StrategyChart(stage.labels, rows, tuple(labels), tuple(tuple(tuple(cell) for cell in row) for row in counts),
                         decision_point=stage.name if len(rules.stages) > 1 else "",
                         row_title="your first card" if grid else "your cards",
                         column_title="your second card (suited above the diagonal, offsuit below)" if grid
                         else "suits", rules=_words(stage.labels, _cell_names(rows, labels, grid), counts),
                         note=f"the {stage.name} decision with {cards} cards seen, over every deal")


def charts(rules: StagedRules, strategy: NamedStrategy | None = None) -> StrategyCharts:
    """Every stage's decisions under a strategy (default: the optimal one), a chart each."""
    name, written = (OPTIMAL, ()) if strategy is None else (strategy.name, strategy.rules)
    # two cards make the familiar grid; three (Let It Ride) read better by what they make, as later
    first = chart(rules, name, written) if rules.stages[0].seen == 2 else None
    return stage_charts(rules, solution_of(rules, name, written), first=first)


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


def compared(rules: StagedRules) -> tuple[Table, list[dict[str, object]]]:
    """Every named strategy priced exactly beside the optimal one: house edge, average wager,
    element of risk and what it gives up per unit."""
    unit = rules.game.unit
    optimal = analyze(rules)
    priced: list[tuple[NamedStrategy, Analysis]] = [(s, analyze(rules, s.name, s.rules)) for s in strategies(rules)]
    rows, data = [], []
    for named, mine in priced:
        cost = optimal.expected_return - mine.expected_return
        label = "optimal" if named.name == OPTIMAL else f"{named.name}: {named.label}"
        rows.append((label, percent_text(mine.house_edge, 4), decimal_text(mine.average_wager, 4),
                     percent_text(mine.element_of_risk, 4), percent_text(cost, 4)))
        data.append({"strategy": named.name, "label": named.label, "house_edge": mine.house_edge,
                     "average_wager": mine.average_wager, "element_of_risk": mine.element_of_risk, "cost": cost,
                     "action_probabilities": dict(mine.action_probabilities)})
    return Table("strategies compared (exact over every deal)",
                 ("strategy", f"house edge per {unit}", f"average wager ({unit}s)", "element of risk",
                  f"cost per {unit}"), tuple(rows)), data


def strategy_report(rules: StagedRules, compare: bool = False, price: NamedStrategy | None = None) -> Report:
    """``strategy``: every stage's chart and its rules in words; ``compare``: the named
    strategies priced beside the optimal one; ``price``: one of them against it."""
    game = rules.game
    optimal = analyze(rules)
    if price is not None:
        # a named strategy without rules (wager-most, wager-least): its label stands for them
        shown = replace(price, rules=price.rules or (price.label,)) if price.name != OPTIMAL else price
        return strategy_price_report(game.title, game.unit, shown, analyze(rules, price.name, price.rules), optimal,
                                     "raise", ", ".join(f"{stage.name} {stage.labels[0]}" for stage in rules.stages))
    found = charts(rules)
    tables = []
    for i, stage_chart in enumerate(found):
        tables.append(chart_table(stage_chart))
        heading = ("option", "where") if i == 0 and rules.stages[0].seen == 2 else (stage_chart.row_title, "decision")
        tables.append(Table(f"{stage_chart.decision_point} in words", heading, stage_chart.rules))
    first = found.charts[0]
    data: dict[str, object] = {"game": game.name, "stage": rules.stages[0].name,
                               "action_probabilities": dict(optimal.action_probabilities),
                               "chart": chart_data(first)["cells"],
                               "stages": [chart_data(stage_chart) for stage_chart in found]}
    if compare:
        table, data["compare"] = compared(rules)
        tables.append(table)
    return Report(f"{game.title}: the optimal strategy at every stage", tuple(tables), data)
