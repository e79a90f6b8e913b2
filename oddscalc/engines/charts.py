"""A strategy's decisions for people: hand groups by what the player sees, and how many of each
group's situations take each action (the ``strategy`` command, the par sheet).

A chart is one decision point's: its actions, the default first (fold, check: what the rest do),
and per cell the situations that take each.  A game of several decision points has a chart per
point, :class:`StrategyCharts`, in the order of play.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from oddscalc.core.errors import unknown

Grid = tuple[tuple[int, ...], ...]
# the title of ``strategy --compare``'s table of simple strategies (the par sheet finds it by it)
COMPARED_TITLE = "strategies compared (exact over all deals)"


def action_key(point: str, action: str) -> str:
    """How an action's probability is named: the action alone at a game's only decision point,
    ``point: action`` where the game has several (the keys of ``Analysis.action_probabilities``).

    >>> action_key("", "call"), action_key("flop", "raise 2x")
    ('call', 'flop: raise 2x')
    """
    return f"{point}: {action}" if point else action


@dataclass(frozen=True)
class StrategyChart:
    """One decision point's decisions: hand groups (rows, strongest first) by dealer upcard
    (columns); ``counts[row][column]`` holds, per action of ``actions`` (the default first), the
    (hand, upcard) situations of the cell that take it.  ``rules`` are the strategy in words, as
    (where, rule) pairs; ``decision_point`` names the point (empty: the game's only one).

    >>> chart = StrategyChart(("fold", "call"), ("pair", "high card"), ("2", "3"),
    ...                       (((0, 4), (0, 4)), ((4, 0), (3, 1))))
    >>> chart.share(1, 1), chart.probability("call"), chart.action_probability
    (Fraction(1, 4), Fraction(9, 16), Fraction(9, 16))
    """
    actions: tuple[str, ...]
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    counts: tuple[tuple[tuple[int, ...], ...], ...]
    decision_point: str = ""
    row_title: str = "player's hand"
    column_title: str = "dealer's upcard"
    rules: tuple[tuple[str, str], ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        if len(self.actions) < 2 or len(set(self.actions)) != len(self.actions):
            raise ValueError(f"chart actions {self.actions}: two or more, each named once")
        if len(self.counts) != len(self.rows) or any(
                len(row) != len(self.columns) or any(len(cell) != len(self.actions) or min(cell) < 0 for cell in row)
                for row in self.counts):
            raise ValueError(f"chart counts: one cell per row and column, one count (>= 0) per action of "
                             f"{self.actions}")

    def index(self, action: str) -> int:
        """The position of an action among ``actions`` (a one-line refusal for one the point lacks)."""
        if action not in self.actions:
            raise unknown("action", action, self.actions, self.decision_point or "strategy chart")
        return self.actions.index(action)

    @property
    def default(self) -> str:
        """The point's default action (fold, check): what the situations no other action takes do."""
        return self.actions[0]

    @property
    def shown(self) -> tuple[str, ...]:
        """The actions a chart shades, one grid each: every action but the default, the rest."""
        return self.actions[1:]

    def taking(self, action: str) -> Grid:
        """The grid of one action: per cell, the situations that take it."""
        i = self.index(action)
        return tuple(tuple(cell[i] for cell in row) for row in self.counts)

    @cached_property
    def situations(self) -> Grid:
        """The grid of every situation: per cell, the situations it counts (each takes one action)."""
        return tuple(tuple(sum(cell) for cell in row) for row in self.counts)

    @property
    def total(self) -> int:
        """Every situation of the chart."""
        return sum(map(sum, self.situations))

    def share(self, row: int, column: int, action: str | None = None) -> Fraction | None:
        """The share of a cell's situations that take an action (None: the yes/no chart's one,
        :attr:`action`), or None where the cell has no situation."""
        total = self.situations[row][column]
        taken = self.counts[row][column][self.index(action or self.action)]
        return Fraction(taken, total) if total else None

    def probability(self, action: str) -> Fraction:
        """The share of all the chart's situations that take an action."""
        i = self.index(action)
        return Fraction(sum(cell[i] for row in self.counts for cell in row), self.total)

    @property
    def action_probabilities(self) -> dict[str, Fraction]:
        """Every action's share of the chart's situations, in the order of ``actions``."""
        return {action: self.probability(action) for action in self.actions}

    # a yes/no chart (fold or call, fold or play) as today's games read it

    @property
    def action(self) -> str:
        """The action of a yes/no chart, the one that is not the default (call, play)."""
        if len(self.actions) != 2:
            raise ValueError(f"a chart of {len(self.actions)} actions ({', '.join(self.actions)}) has no one "
                             "action: ask for the probability of one")
        return self.actions[1]

    @property
    def acting(self) -> Grid:
        """Per cell, the situations that take :attr:`action`."""
        return self.taking(self.action)

    @property
    def action_probability(self) -> Fraction:
        """The share of all situations that take :attr:`action` (the analysis' call probability)."""
        return self.probability(self.action)


@dataclass(frozen=True)
class StrategyCharts:
    """A strategy's charts, one per decision point in the order of play.  Every chart counts in
    one unit (the first point's situations: (hand, upcard) pairs, deals), so a later point's
    situations are the rounds that reach it, and an action's probability is its share of all
    rounds (the analysis' ``action_probabilities``).

    >>> pre = StrategyChart(("check", "raise 4x", "raise 3x"), ("pair",), ("-",), (((2, 1, 1),),), "preflop")
    >>> flop = StrategyChart(("check", "raise 2x"), ("pair",), ("-",), (((1, 1),),), "flop")
    >>> charts = StrategyCharts((pre, flop))
    >>> charts.points, charts.action_probabilities["flop: raise 2x"], charts.at("preflop").probability("check")
    (('preflop', 'flop'), Fraction(1, 4), Fraction(1, 2))
    """
    charts: tuple[StrategyChart, ...]

    def __post_init__(self) -> None:
        names = self.points
        if not names or (len(names) > 1 and (not all(names) or len(set(names)) != len(names))):
            raise ValueError(f"charts of decision points {names}: one, or several each named once")
        if any(chart.total > self.rounds for chart in self.charts):
            raise ValueError("a later decision point counts more situations than the first: the charts count "
                             "in one unit, so a later point's situations are the rounds that reach it")

    def __iter__(self) -> Iterator[StrategyChart]:
        return iter(self.charts)

    def __len__(self) -> int:
        return len(self.charts)

    @property
    def points(self) -> tuple[str, ...]:
        return tuple(chart.decision_point for chart in self.charts)

    def at(self, point: str) -> StrategyChart:
        """The chart of one decision point (a one-line refusal, with the nearest, for another)."""
        for chart in self.charts:
            if chart.decision_point == point:
                return chart
        raise unknown("decision point", point, self.points, "strategy charts")

    @property
    def rounds(self) -> int:
        """Every round: the situations of the first decision point."""
        return self.charts[0].total

    @property
    def action_probabilities(self) -> dict[str, Fraction]:
        """Every action at every point and the share of all rounds that take it there, named by
        :func:`action_key` (``call``; ``flop: raise 2x`` where there are several points)."""
        several = len(self.charts) > 1
        return {action_key(chart.decision_point if several else "", action):
                Fraction(sum(cell[i] for row in chart.counts for cell in row), self.rounds)
                for chart in self.charts for i, action in enumerate(chart.actions)}
