"""Paytable-free counts of a three-card game from the kernel (ext/three.pyx), with hand classes.

A *situation* is what the player sees: a hand, or a hand and the dealer's upcard.  Situations
with equal counts are merged into one :class:`HandGroup` with a weight.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> counts = game_counts(three_card_rules(load("fast-poker")))
>>> counts.total, counts.per_situation
(407170400, 18424)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from oddscalc._native import three
from oddscalc.core.cards import DECK
from oddscalc.core.errors import InputError
from oddscalc.engines.three_card.rules import ThreeCardRules


class HandGroup(NamedTuple):
    """Situations with the same upcard rank, player strength and dealer counts."""
    up_rank: int          # -1 without an upcard
    strength: int
    weight: int           # situations in the group
    not_qualify: int      # dealer hands (per situation) that do not qualify
    dealer_wins: int      # ... that qualify and beat the player
    tie: int              # ... that qualify and tie
    player_wins: int      # ... that qualify and lose to the player
    example: tuple[int, int, int]
    upcard: int           # example upcard, -1 without one


@dataclass(frozen=True)
class GameCounts:
    """Every situation of a deck, grouped; one list per field (tens of thousands of groups are
    priced in loops over these lists, so no object is made per group)."""
    up_rank: list[int]
    strength: list[int]
    weight: list[int]
    not_qualify: list[int]
    dealer_wins: list[int]
    tie: list[int]
    player_wins: list[int]
    examples: list[tuple[int, int, int]]
    upcard: list[int]
    classes: list[str]             # pay class of each group (its hand class, or a class a paytable names)
    per_situation: int             # dealer hands per situation
    deck: tuple[int, ...]
    deals: int | None = None       # the deals of a tally made elsewhere (no groups): see tallied()

    @classmethod
    def tallied(cls, deals: int, deck: tuple[int, ...]) -> GameCounts:
        """No groups, only how many deals a tally made elsewhere counts (the exposure kernel
        tallies outcomes itself; the outcome table needs the deals and the deck)."""
        return cls([], [], [], [], [], [], [], [], [], [], 0, deck, deals)

    def __len__(self) -> int:
        return len(self.weight)

    def group(self, i: int) -> HandGroup:
        """Group ``i`` as one record."""
        return HandGroup(self.up_rank[i], self.strength[i], self.weight[i], self.not_qualify[i],
                         self.dealer_wins[i], self.tie[i], self.player_wins[i], self.examples[i],
                         self.upcard[i])

    @cached_property
    def total(self) -> int:
        """Equally likely deals: situations times dealer hands."""
        return self.deals if self.deals is not None else sum(self.weight) * self.per_situation


def game_counts(rules: ThreeCardRules, deck: Iterable[int] = DECK) -> GameCounts:
    """Counts of every situation dealt from ``deck`` (the 52 cards, or a reduced deck for tests)."""
    deck = tuple(sorted(deck))
    try:
        columns, per = three.class_counts(rules.ranking.native, deck, rules.qualify, bool(rules.upcards))
    except ValueError as error:
        raise InputError(str(error)) from None
    examples = list(zip(columns["a"], columns["b"], columns["c"], strict=True))
    classes = classes_of(rules, columns["strength"], examples)
    return GameCounts(columns["up_rank"], columns["strength"], columns["weight"], columns["not_qualify"],
                      columns["dealer_wins"], columns["tie"], columns["player_wins"], examples,
                      columns["upcard"], classes, per, deck)


def classes_of(rules: ThreeCardRules, strengths: Sequence[int], examples: Sequence[tuple[int, ...]]) -> list[str]:
    """Pay class of every group (a function of the strength)."""
    pay_class = rules.pay_class_of
    return [pay_class[s] for s in strengths]


def hand_distribution(rules: ThreeCardRules, deck: Iterable[int] = DECK) -> dict[str, int]:
    """How many player hands of a deck fall in each hand class (for side bets on the hand).

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> hand_distribution(three_card_rules(load("three-card-poker")))["straight-flush"]
    48
    """
    out: dict[str, int] = {}
    for strength, count, *example in three.player_hands(rules.ranking.native, tuple(deck)):
        klass = rules.hand_class(strength, example)
        out[klass] = out.get(klass, 0) + count
    return out
