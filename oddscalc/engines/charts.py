"""A strategy's decisions for people: hand groups by what the player sees, and the share of each
group's situations that takes each action (the ``strategy`` command, the par sheet)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class StrategyChart:
    """A strategy's decisions for people: hand groups (rows, strongest first) by dealer upcard
    (columns); each cell counts the (hand, upcard) situations of its group and how many of them
    take the ``action`` (call, play).  ``rules`` are the strategy in words, as (where, rule) pairs.

    >>> chart = StrategyChart("call", ("pair", "high card"), ("2", "3"), ((4, 4), (0, 1)), ((4, 4), (4, 4)))
    >>> chart.share(1, 1), chart.action_probability
    (Fraction(1, 4), Fraction(9, 16))
    """
    action: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    acting: tuple[tuple[int, ...], ...]
    situations: tuple[tuple[int, ...], ...]
    row_title: str = "player's hand"
    column_title: str = "dealer's upcard"
    rules: tuple[tuple[str, str], ...] = ()
    note: str = ""

    def share(self, row: int, column: int) -> Fraction | None:
        """The share of a cell's situations that take the action (None: the cell has none)."""
        total = self.situations[row][column]
        return Fraction(self.acting[row][column], total) if total else None

    @property
    def action_probability(self) -> Fraction:
        """The share of all situations that take the action (the analysis' call probability)."""
        return Fraction(sum(map(sum, self.acting)), sum(map(sum, self.situations)))
