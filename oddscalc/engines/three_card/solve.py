"""Exact optimal play/fold decisions of a three-card game: counts + paytables -> decisions and tallies.

Per Bet (the unit), with Bonus/Bet ratio r, a situation with N dealer hands of which
``nq`` do not qualify, ``dw`` beat the player, ``tie`` tie and ``pw`` lose to the player:

    EV(play) = (nq * not_qualify_pays + pw * (1 + play_stake * play_pay) - dw * (1 + play_stake)) / N
               + ante_bonus + r * bonus_if_played
    EV(fold) = -1 + r * bonus_if_folded

The player plays when EV(play) > EV(fold) (on equality, as rules.ev_tie says).  When a tie
with a qualifying dealer goes to the player (``rules.ties`` is ``Ties.PLAYER``) the tied dealer hands
count with ``pw``, when it goes to the dealer with ``dw``: decisions and outcome rows alike.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> from oddscalc.engines.three_card.counts import game_counts
>>> rules = three_card_rules(load("three-card-poker"))
>>> solution = solve(rules, game_counts(rules))
>>> solution.call_probability > Fraction(1, 2)
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.gametable import Paytable
from oddscalc.engines.base import Ties, settle_ties
from oddscalc.engines.handrules import DecisionTable
from oddscalc.engines.solver import FOLD_WAGER, one_stage
from oddscalc.engines.three_card.counts import GameCounts
from oddscalc.engines.three_card.rules import ThreeCardRules

# What a deal comes to, for the tallies: index into a tally row.
RESULTS = ("fold", "dealer-not-qualify", "lose", "push", "win")
FOLD, NOT_QUALIFY, LOSE, PUSH, WIN = range(len(RESULTS))


def net_pay(table: Paytable | None, klass: str, unlisted: Fraction) -> Fraction:
    """Net win per unit staked of a hand class: the pay (basis ``to``) or pay - 1 (``for``).

    >>> from types import MappingProxyType
    >>> t = Paytable("p", "for", MappingProxyType({"pair": Fraction(5)}))
    >>> net_pay(t, "pair", Fraction(-1)), net_pay(t, "flush", Fraction(-1))
    (Fraction(4, 1), Fraction(-1, 1))
    """
    if table is None or klass not in table.pays:
        return unlisted
    pay = table.pay(klass)
    return pay if table.basis == "to" else pay - 1


@dataclass(frozen=True)
class Prices:
    """The net per Bet of each way a deal ends, per hand class, for one Bonus ratio."""
    not_qualify: Fraction                 # Bet wins, Play returned
    win: dict[str, Fraction]              # Bet and Play win
    lose: Fraction                        # Bet and Play lost
    ante_bonus: dict[str, Fraction]       # paid on the Bet when played
    bonus_played: dict[str, Fraction]     # per Bonus stake
    bonus_folded: dict[str, Fraction]     # per Bonus stake
    ratio: Fraction

    def ev_play(self, klass: str, not_qualify: int, dealer_wins: int, tie: int, player_wins: int) -> Fraction:
        """Expected net per Bet (Bonus included) of playing a hand with these dealer counts."""
        total = not_qualify + dealer_wins + tie + player_wins
        main = Fraction(not_qualify * self.not_qualify + player_wins * self.win[klass]
                        + dealer_wins * self.lose, total)
        return main + self.ante_bonus[klass] + self.ratio * self.bonus_played[klass]

    def ev_fold(self, klass: str) -> Fraction:
        """Expected net per Bet (Bonus included) of folding."""
        return -1 + self.ratio * self.bonus_folded[klass]


def prices(rules: ThreeCardRules) -> Prices:
    """Exact nets of the rules' paytables at the rules' Bonus ratio.

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> p = prices(three_card_rules(load("fast-poker")))
    >>> p.win["flush"], p.lose, p.bonus_played["high-card"], p.bonus_folded["pair"]
    (Fraction(5, 2), Fraction(-2, 1), Fraction(-1, 1), Fraction(-1, 1))
    """
    lost = Fraction(-1)
    keys = rules.pay_classes
    played = {k: net_pay(rules.bonus, rules.pay_name(rules.bonus, k), lost) for k in keys}
    return Prices(
        not_qualify=rules.not_qualify_pays,
        win={k: 1 + rules.play_stake * net_pay(rules.play, rules.pay_name(rules.play, k), Fraction(0)) for k in keys},
        lose=-(1 + rules.play_stake),
        ante_bonus={k: net_pay(rules.ante_bonus, rules.pay_name(rules.ante_bonus, k), Fraction(0)) for k in keys},
        bonus_played=played,
        bonus_folded={k: lost if rules.fold_forfeits_bonus else played[k] for k in keys},
        ratio=rules.bonus_ratio,
    )


def margin_coefficients(p: Prices, klass: str) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(EV(play) - EV(fold)) * N = a*not_qualify + b*player_wins + c*dealer_wins + d*N."""
    constant = p.ante_bonus[klass] + 1 + p.ratio * (p.bonus_played[klass] - p.bonus_folded[klass])
    return p.not_qualify, p.win[klass], p.lose, constant


def scaled_coefficients(p: Prices, klass: str) -> tuple[tuple[int, int, int, int], int]:
    """The margin coefficients times their common denominator (so a group costs a few integer
    products), and that denominator.

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> scaled_coefficients(prices(three_card_rules(load("fast-poker"))), "flush")
    ((2, 5, -4, 7), 2)
    """
    a, b, c, d = margin_coefficients(p, klass)
    scale = math.lcm(a.denominator, b.denominator, c.denominator, d.denominator)
    return (int(a * scale), int(b * scale), int(c * scale), int(d * scale)), scale


@dataclass(frozen=True)
class Solution:
    """Optimal decisions for every group, and how the deals end, per hand class."""
    rules: ThreeCardRules
    counts: GameCounts
    prices: Prices
    play: tuple[bool, ...]                   # per group
    tally: dict[str, tuple[int, ...]]        # hand class -> deals per RESULTS entry

    @property
    def call_probability(self) -> Fraction:
        """Probability that the optimal player plays."""
        folded = sum(row[FOLD] for row in self.tally.values())
        return 1 - Fraction(folded, self.counts.total)

    def margin(self, i: int) -> Fraction:
        """Exact EV(play) - EV(fold) per Bet of group ``i``."""
        c, klass = self.counts, self.counts.classes[i]
        dw, tie, pw = settled_counts(self.rules, c.dealer_wins[i], c.tie[i], c.player_wins[i])
        return self.prices.ev_play(klass, c.not_qualify[i], dw, tie, pw) - self.prices.ev_fold(klass)


def settled_counts(rules: ThreeCardRules, dw: int, tie: int, pw: int) -> tuple[int, int, int]:
    """(dealer wins, pushes, player wins) of a situation once ties are settled by ``rules.ties``."""
    return settle_ties(rules.ties, dw, tie, pw)


def one_stage_coefficients(rules: ThreeCardRules, p: Prices, klass: str) -> list[list[Fraction]]:
    """Fold and play as the one-stage solver values them: per count column (not qualifying, the
    dealer wins, a tie, the player wins), then the constant (per dealer hand).  A tie with a
    qualifying dealer is valued as ``rules.ties`` settles it."""
    tie = {Ties.PUSH: Fraction(0), Ties.PLAYER: p.win[klass], Ties.DEALER: p.lose}[rules.ties]
    zero = Fraction(0)
    return [[zero, zero, zero, zero, p.ev_fold(klass)],
            [p.not_qualify, p.lose, tie, p.win[klass], p.ante_bonus[klass] + p.ratio * p.bonus_played[klass]]]


def solve(rules: ThreeCardRules, counts: GameCounts, strategy: DecisionTable | None = None) -> Solution:
    """Decide every group with exact integer arithmetic (the solver's one-stage case) and tally the
    deals by outcome.

    ``strategy``: instead of the optimum, a written strategy's decision per (upcard rank,
    strength), whose exact analysis a simulator of that strategy is checked against."""
    p = prices(rules)
    classes = list(rules.pay_classes)
    index = {klass: i for i, klass in enumerate(classes)}
    fixed = None
    if strategy is not None:
        fixed = bytes(1 if strategy.calls(strength, up) else 0 for strength, up in zip(
            counts.strength, counts.up_rank, strict=True))
    per = counts.per_situation
    found = one_stage([index[klass] for klass in counts.classes], range(len(classes)),
                      [counts.not_qualify, counts.dealer_wins, counts.tie, counts.player_wins], per,
                      [one_stage_coefficients(rules, p, klass) for klass in classes], [FOLD_WAGER, 1],
                      rules.play_on_tie, counts.weight, fixed)
    tally: dict[str, tuple[int, ...]] = {}
    for klass in classes:
        folded, played = found.takes(index[klass], 0), found.takes(index[klass], 1)
        _, nq, dw, tie, pw = played
        dw, tie, pw = settled_counts(rules, dw, tie, pw)
        row = (folded[0] * per, nq, dw, tie, pw)           # in RESULTS order
        if any(row):
            tally[klass] = row
    return Solution(rules, counts, p, tuple(c == 1 for c in found.choices), tally)
