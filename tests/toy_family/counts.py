"""Counting, in pure Python and integers: how the dealer's hidden card falls against what the
player sees, for one situation (``decide``) and for every deal of the deck (``analyze``).

A deal is the player's two cards, the dealer's upcard and the dealer's hole card: 190 × 18 × 17 =
58,140 equally likely deals.  Each (hand, upcard) is counted card by card over the 17 hole cards
left; the counts do not depend on the paytable, so they are made once per qualifier and every
payout that design and sweep try is priced from them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from oddscalc.core.cards import rank_of
from oddscalc.engines.base import Ties, settle_ties

from .ranking import DECK, category_of, strength, strength_of_ranks
from .rules import ToyRules


@dataclass(frozen=True)
class Counts:
    """The dealer's hole cards against one (hand, upcard): how many leave the dealer short of the
    qualifier, how many qualify and beat, tie or lose to the player; ``category`` is the player's
    (what a won raise is paid on)."""
    category: int
    not_qualify: int
    dealer_wins: int
    tie: int
    player_wins: int

    @property
    def total(self) -> int:
        return self.not_qualify + self.dealer_wins + self.tie + self.player_wins

    def settled(self, ties: Ties) -> tuple[int, int, int]:
        """(losses, pushes, wins) of a raise against a qualifying dealer, ties settled by the rule."""
        return settle_ties(ties, self.dealer_wins, self.tie, self.player_wins)


def situation_counts(qualify: int, hand: tuple[int, ...], up: int, out: Iterable[int] = ()) -> Counts:
    """Every hole card the deck has left (not the hand, the upcard, nor a card seen ``out``)."""
    seen = {*hand, up, *out}
    mine = strength(hand)
    not_qualify = dealer_wins = tie = player_wins = 0
    up_rank = rank_of(up)
    for hole in DECK:
        if hole in seen:
            continue
        dealer = strength_of_ranks(up_rank, rank_of(hole))
        if dealer < qualify:
            not_qualify += 1
        elif dealer > mine:
            dealer_wins += 1
        elif dealer == mine:
            tie += 1
        else:
            player_wins += 1
    return Counts(category_of(mine), not_qualify, dealer_wins, tie, player_wins)


@dataclass(frozen=True)
class Group:
    """Situations alike for the player: his hand's strength, the upcard's rank, the counts, and how
    many (hand, upcard) situations of the deck share them (``weight``)."""
    strength: int
    up_rank: int
    counts: Counts
    weight: int


@lru_cache(maxsize=8)
def game_counts(qualify: int) -> tuple[Group, ...]:
    """Every (hand, upcard) of the deck, counted over its 17 hole cards, grouped where the hand's
    strength, the upcard's rank and the counts are all equal (grouping by counts, not by ranks
    alone, so no symmetry is assumed)."""
    groups: dict[tuple[int, int, Counts], int] = {}
    for hand in combinations(DECK, 2):
        mine = strength(hand)
        for up in DECK:
            if up in hand:
                continue
            key = (mine, rank_of(up), situation_counts(qualify, hand, up))
            groups[key] = groups.get(key, 0) + 1
    return tuple(Group(mine, up_rank, counts, weight) for (mine, up_rank, counts), weight in sorted(
        groups.items(), key=lambda item: (-item[0][0], item[0][1], item[0][2].player_wins)))


def ev(rules: ToyRules, counts: Counts, raised: int) -> Fraction:
    """The exact expected net per ante of an action (``raised`` antes; 0 folds) over the counts.

    Folding loses the ante.  Raising: a dealer who does not qualify pays the ante
    ``dealer_not_qualify_pays`` and the raise pushes; a qualifying dealer is compared, the winner
    taking the ante even money and the raise at the paytable's pay for the player's category."""
    if raised == 0:
        return Fraction(-1)
    losses, _pushes, wins = counts.settled(rules.ties)
    won = 1 + raised * rules.raise_net[counts.category]
    return (counts.not_qualify * rules.not_qualify_net + wins * won - losses * (1 + raised)) / Fraction(counts.total)


def best(rules: ToyRules, counts: Counts) -> tuple[int, dict[int, Fraction]]:
    """The optimal action (the antes raised, 0 to fold) and every action's EV; between equal EVs
    the smaller stake, since it risks less for the same return."""
    values = {raised: ev(rules, counts, raised) for raised in (0, *rules.raises)}
    top = max(values.values())
    return min(raised for raised, value in values.items() if value == top), values
