"""Every situation of a three-card game with the action a solve takes there, for the strategy in
words: a rule of thumb per upcard rank is checked against each situation, and the ones it gets
wrong are grouped by hand and by the player's cards in the upcard's suit
(:mod:`oddscalc.engines.upcard_suit`: the dealer's hand holds the upcard, so the only flush the
dealer can make is in its suit).

The actions come from the kernel's own look-up (``three.spread_decisions``: every situation counted
again with the formulas of the analysis, and given its group's action), so the words are checked
against exactly the decisions the chart counts.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.counts import game_counts
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> from oddscalc.engines.three_card.solve import solve
>>> rules = three_card_rules(load("three-card-poker"))
>>> table = play_table(solve(rules, game_counts(rules)))
>>> sum(weight for *_cards, weight, _strength, _action in situations(table, False, rules.ranking))
22100
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from oddscalc._native import three
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.three_card.solve import Solution
from oddscalc.engines.upcard_suit import Deviation, Ranks, deviations, suited_ranks

Situation = tuple[tuple[int, int, int], int, int, int, int]     # hand, upcard (-1: none), weight, strength, action


def play_table(solution: Solution) -> bytearray:
    """The decision byte (1: play) of every situation of the full deck, as the simulator reads it."""
    rules, c = solution.rules, solution.counts
    keys = three.group_keys(c.up_rank, c.strength, c.not_qualify, c.dealer_wins, c.tie)
    order = sorted(range(len(keys)), key=keys.__getitem__)
    return three.spread_decisions(rules.ranking.native, rules.qualify, bool(rules.upcards),
                                  [keys[i] for i in order], bytes(solution.play[i] for i in order))


def situations(table: bytes | bytearray, upcard: bool, ranking: ThreeCardRanking) -> Iterator[Situation]:
    """(hand, upcard, weight, strength, action byte) of every situation of the full deck: with an
    upcard, every hand against one upcard of each rank (the clubs; each stands for its four suits,
    weight 4), else every hand (weight 1).  ``table`` is indexed as ``three.spread_decisions``
    writes it."""
    width = 52 if upcard else 1
    strengths = {hand: ranking.strength(hand) for hand in combinations(range(52), 3)}
    for up in (range(0, 52, 4) if upcard else (-1,)):
        for (a, b, c), strength in strengths.items():
            if up in (a, b, c):
                continue
            action = table[(a * 2704 + b * 52 + c) * width + max(up, 0)]
            yield (a, b, c), up, 4 if upcard else 1, strength, action


def exceptions(found: Iterable[tuple[str, int, Ranks, int, str, bool]], order: Sequence[str]) -> tuple[Deviation, ...]:
    """The situations a rule gets wrong, grouped: ``found`` holds (hand, strength, its cards in the
    upcard's suit — any one key without an upcard —, weight, action taken, whether the rule takes
    it) for every situation the rule speaks of; ``order`` every hand, strongest first."""
    taken: defaultdict[tuple[int, str], defaultdict[Ranks, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    wrong: dict[tuple[int, str], set[str]] = {}
    for hand, strength, suited, weight, action, right in found:
        taken[(strength, hand)][suited][action] += weight
        if not right:
            wrong.setdefault((strength, hand), set()).add(action)
    listed = []
    for (strength, hand), actions in sorted(wrong.items(), key=lambda item: -item[0][0]):
        for action in sorted(actions):
            suitings = {suited: (counts[action], sum(counts.values()) - counts[action])
                        for suited, counts in taken[(strength, hand)].items()}
            listed.append((hand, action, suitings))
    return deviations(listed, order)


def suiting(cards: Sequence[int], upcard: int) -> Ranks:
    """The key of a situation's suits for :func:`exceptions`: the ranks of the cards in the upcard's
    suit (without an upcard, one key: the suits are then not described, only counted)."""
    return suited_ranks(cards, upcard) if upcard >= 0 else ()

