"""Hand categories of the five-card and three-card rankings, with their stable names.

>>> FiveCardCategory.ROYAL_FLUSH.label
'royal-flush'
>>> ThreeCardCategory.from_label("straight-flush")
<ThreeCardCategory.STRAIGHT_FLUSH: 5>
"""
from __future__ import annotations

from enum import IntEnum
from functools import cached_property
from typing import Self

from oddscalc.core.errors import unknown


class _Labelled(IntEnum):
    @cached_property     # asked for every strength of a ranking at start-up (Enum.name is slow)
    def label(self) -> str:
        """Lowercase hyphenated name used in outputs and table files."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_label(cls, label: str) -> Self:
        """The category named ``label`` (as in outputs and table files)."""
        for member in cls:
            if member.label == label:
                return member
        raise unknown("category", label, [member.label for member in cls])


class FiveCardCategory(_Labelled):
    """Five-card categories, weakest first; the code matches ext/eval5.pyx."""
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


class ThreeCardCategory(_Labelled):
    """Three-card categories; the code matches ext/eval3.pxd (the order is the ranking's)."""
    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5


# The Three Card Poker order, weakest first (rules.md section 1).
DEFAULT_THREE_CARD_ORDER = (
    ThreeCardCategory.HIGH_CARD, ThreeCardCategory.PAIR, ThreeCardCategory.FLUSH,
    ThreeCardCategory.STRAIGHT, ThreeCardCategory.THREE_OF_A_KIND, ThreeCardCategory.STRAIGHT_FLUSH,
)
