"""The optimal decisions as players use them: a threshold per upcard rank, its exceptions, and
where (if anywhere) the decisions move as the Bonus/Bet ratio changes.

The threshold is the hand strength T that the rule "play T or better" gets most nearly right
(fewest situations wrong); the situations it gets wrong are the card-removal exceptions.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> from oddscalc.engines.three_card.counts import game_counts
>>> from oddscalc.engines.three_card.solve import solve
>>> rules = three_card_rules(load("three-card-poker"))
>>> solution = solve(rules, game_counts(rules))
>>> (t,) = thresholds(solution)
>>> threshold_text(rules, solution.counts, t), len(t.exceptions)
('play Q-6-4 or better', 0)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import groupby

from oddscalc.core.cards import RANKS
from oddscalc.core.hands import ThreeCardCategory
from oddscalc.engines.actions import Actions
from oddscalc.engines.base import OPTIMAL, NamedStrategy, builtin, find_strategy
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.handrules import DecisionTable, HandModel, decision_table
from oddscalc.engines.three_card.counts import GameCounts
from oddscalc.engines.three_card.rules import ThreeCardRules
from oddscalc.engines.three_card.situations import exceptions, play_table, situations, suiting
from oddscalc.engines.three_card.solve import Solution, prices, scaled_coefficients, settled_counts
from oddscalc.engines.upcard_suit import Deviation

# the optimal strategy and the built-in strategy files (tables/strategies/three-card/), which the
# simulator plays and the engine prices exactly
STRATEGIES = tuple(replace(s, label="the exact optimal strategy (for the Bonus ratio)") if s.name == OPTIMAL else s
                   for s in builtin("three-card"))
# the one decision of a three-card game: fold or play (rules may say call)
ACTIONS = Actions.yes_no("play", "call")


def hand_model(rules: ThreeCardRules) -> HandModel:
    """The three-card hands as the strategy language reads them: every strength with its
    category, its hand class (``ace-high`` ...) and the game's classes that hold it."""
    cmap = rules.classes.by_strength
    categories = tuple(row.category for row in cmap.rows)
    names = tuple(frozenset({row.category, row.base, *chain}) for row, chain in zip(cmap.rows, cmap.chains,
                                                                                   strict=True))
    return HandModel(3, tuple(row.cards for row in cmap.rows), categories, names, bool(rules.upcards), ACTIONS,
                     rules.game.name, rules.classes.suit_classes)


def parse_strategy(rules: ThreeCardRules, text: str) -> NamedStrategy:
    """A built-in strategy's name, a strategy file or an expression, its rules checked."""
    # the hand model only for written rules, not for a built-in's name
    return find_strategy(STRATEGIES, text, rules.game, lambda written: decision_table(hand_model(rules), written))


def strategy_table(rules: ThreeCardRules, name: str) -> DecisionTable | None:
    """The decision per (upcard rank, strength) of a written strategy (None: the optimal one).

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> rules = three_card_rules(load("fast-poker"))
    >>> strategy_table(rules, "always").calls(0), strategy_table(rules, "q64").calls(0)
    (True, False)
    """
    named = parse_strategy(rules, name)
    return None if named.name == OPTIMAL else decision_table(hand_model(rules), named.rules)


@dataclass(frozen=True)
class Threshold:
    """"Play T or better" for one upcard rank (-1: no upcard), and the groups it gets wrong."""
    up_rank: int
    index: int | None          # a group of strength T (None: never play)
    lowest: bool               # T is the weakest hand there is: play everything
    exceptions: tuple[int, ...]


def hand_text(rules: ThreeCardRules, strength: int, cards: Iterable[int]) -> str:
    """Ranks of a hand as players write them, with its category unless it is a high card.

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> from oddscalc.core.cards import parse_cards
    >>> rules = three_card_rules(load("fast-poker"))
    >>> [hand_text(rules, rules.ranking.strength(h), h) for h in (parse_cards("4s Qh 6d"), parse_cards("5c Kd Kh"))]
    ['Q-6-4', 'K-K-5 pair']
    """
    ranks = Counter(card >> 2 for card in cards)
    ordered = sorted(ranks, key=lambda r: (ranks[r], r), reverse=True)
    text = "-".join(RANKS[r] for r in ordered for _ in range(ranks[r]))
    category = rules.ranking.category(strength)
    return text if category == ThreeCardCategory.HIGH_CARD else f"{text} {category.label}"


def thresholds(solution: Solution) -> list[Threshold]:
    """The best "play T or better" rule per upcard rank, with its exceptions."""
    counts = solution.counts
    out = []
    for up_rank, grouped in groupby(range(len(counts)), key=counts.up_rank.__getitem__):
        members = list(grouped)        # the kernel lists groups by strength within an upcard rank
        strengths = sorted({counts.strength[i] for i in members})
        played, folded = dict.fromkeys(strengths, 0), dict.fromkeys(strengths, 0)
        for i in members:
            (played if solution.play[i] else folded)[counts.strength[i]] += counts.weight[i]
        # wrong(T) = played below T + folded at or above T; candidates: every strength, then "never"
        wrong = sum(folded.values())
        best, best_wrong = 0, wrong
        for position, strength in enumerate(strengths):
            wrong += played[strength] - folded[strength]
            if wrong < best_wrong:
                best, best_wrong = position + 1, wrong
        cut = strengths[best] if best < len(strengths) else None
        exceptions = tuple(i for i in members
                           if solution.play[i] != (cut is not None and counts.strength[i] >= cut))
        index = None if cut is None else next(i for i in members if counts.strength[i] == cut)
        out.append(Threshold(up_rank, index, best == 0, exceptions))
    return out


def threshold_text(rules: ThreeCardRules, counts: GameCounts, threshold: Threshold) -> str:
    """The rule in words: ``play Q-6-4 or better``, ``play every hand`` or ``never play``."""
    if threshold.index is None:
        return "never play"
    if threshold.lowest:
        return "play every hand"
    i = threshold.index
    return f"play {hand_text(rules, counts.strength[i], counts.examples[i])} or better"


@dataclass(frozen=True)
class Breakpoint:
    """A Bonus/Bet ratio at which one group changes decision (its margin is zero there)."""
    ratio: Fraction
    group: int
    to_play: bool              # the group plays above this ratio


def ratio_breakpoints(rules: ThreeCardRules, counts: GameCounts, high: Fraction) -> list[Breakpoint]:
    """Every ratio in [0, high] where a group's EV(play) - EV(fold) changes sign, by ratio.

    The margin of a group is m + s*r: s is what playing instead of folding changes in the
    Bonus (per Bonus stake), so only hands whose Bonus depends on the decision can move.
    """
    if rules.bonus is None:
        return []
    base, one = prices(rules.at_bonus_ratio(Fraction(0))), prices(rules.at_bonus_ratio(Fraction(1)))
    slopes = {k: one.bonus_played[k] - one.bonus_folded[k] for k in rules.pay_classes}
    scaled = {k: scaled_coefficients(base, k) for k in rules.pay_classes if slopes[k]}
    signs = {k: 1 if slopes[k] > 0 else -1 for k in scaled}
    per = counts.per_situation
    found = []
    for i, klass in enumerate(counts.classes):
        if klass not in scaled:
            continue
        (nq, win, lose, constant), scale = scaled[klass]
        dealer_wins, _tie, player_wins = settled_counts(rules, counts.dealer_wins[i], counts.tie[i],
                                                        counts.player_wins[i])
        margin = (nq * counts.not_qualify[i] + win * player_wins + lose * dealer_wins + constant * per)
        if margin * signs[klass] > 0:     # the zero lies at a negative ratio
            continue
        ratio = Fraction(-margin, scale * per) / slopes[klass]
        if ratio <= high:
            found.append(Breakpoint(ratio, i, slopes[klass] > 0))
    return sorted(found, key=lambda b: (b.ratio, b.group))


def _row_key(rules: ThreeCardRules, strength: int, cards: Iterable[int], split: set[int]) -> tuple[int, int, int]:
    """A hand's row: (category, top rank, second rank); high-card hands by top rank, and by the
    second rank too where the top rank alone does not decide (``split``)."""
    category = rules.ranking.category(strength)
    if category != ThreeCardCategory.HIGH_CARD:
        return rules.ranking.order.index(category), -1, -1
    top, second = sorted((card >> 2 for card in cards), reverse=True)[:2]
    return 0, top, second if top in split else -1


def chart(rules: ThreeCardRules, solution: Solution) -> StrategyChart:
    """The decisions as a grid: hand groups (categories above high card; high-card hands by their
    top card, and by their two top cards where that decides) by the dealer's upcard rank."""
    counts = solution.counts
    columns = sorted(set(counts.up_rank))
    position = {rank: i for i, rank in enumerate(columns)}

    def tally(split: set[int]) -> dict[tuple[int, int, int], list[list[int]]]:
        cells: dict[tuple[int, int, int], list[list[int]]] = {}     # per cell: (fold, play) situations
        for i in range(len(counts)):
            key = _row_key(rules, counts.strength[i], counts.examples[i], split)
            cell = cells.setdefault(key, [[0, 0] for _ in columns])[position[counts.up_rank[i]]]
            cell[1 if solution.play[i] else 0] += counts.weight[i]
        return cells

    coarse = tally(set())
    mixed = {key[1] for key, row in coarse.items() if key[0] == 0 and any(fold and play for fold, play in row)}
    cells = tally(mixed)
    keys = sorted(cells, reverse=True)

    def label(key: tuple[int, int, int]) -> str:
        category, top, second = key
        if top < 0:
            return rules.ranking.order[category].label
        return f"{RANKS[top]}-{RANKS[second]}-x" if second >= 0 else f"{RANKS[top]} high"

    return StrategyChart(
        ACTIONS.points[0].actions, tuple(label(key) for key in keys),
        tuple("no upcard" if rank < 0 else RANKS[rank] for rank in columns),
        tuple(tuple((fold, play) for fold, play in cells[key]) for key in keys),
        column_title="dealer's upcard" if rules.upcards else "(the dealer shows no card)",
        rules=words(rules, solution, thresholds(solution)),
        note="Cells count the player's (hand, upcard) situations; high-card hands are split by their second "
             "card where the top card alone does not decide.")


def words(rules: ThreeCardRules, solution: Solution, found: list[Threshold],
          groups: dict[int, tuple[Deviation, ...]] | None = None) -> tuple[tuple[str, str], ...]:
    """The rule per upcard rank in words, as (where, rule) rows; under a rule with card-removal
    exceptions, every situation it gets wrong, grouped by hand and by the player's cards in the
    upcard's suit (:mod:`oddscalc.engines.upcard_suit`; without an upcard, by hand with their count;
    ``groups``: :func:`exception_groups` of the same solve, if made already)."""
    counts = solution.counts
    groups = exception_groups(rules, solution, found) if groups is None else groups
    out: list[tuple[str, str]] = []
    for t in found:
        where = "no upcard" if t.up_rank < 0 else f"upcard {RANKS[t.up_rank]}"
        text = threshold_text(rules, counts, t)
        if not t.exceptions:
            out.append((where, text))
            continue
        listed = groups.get(t.up_rank, ())
        wrong = sum(counts.weight[i] for i in t.exceptions)
        many = "s" if len(listed) != 1 else ""
        out.append((where, f"{text}, except in {wrong:,} situations " +
                    (f"({len(listed)} group{many} below)" if listed else "(by card removal)")))
        assert not listed or sum(group.situations for group in listed) == wrong
        out += [(f"{where}: exception", f"{group.text}; {group.situations:,} situations") for group in listed]
    return tuple(out)


def exception_groups(rules: ThreeCardRules, solution: Solution, found: list[Threshold]
                     ) -> dict[int, tuple[Deviation, ...]]:
    """Per upcard rank whose rule has exceptions, every situation it gets wrong, grouped (the
    situations' decisions are the solve's, spread over the full deck as the simulator reads them;
    a solve of a smaller deck has none listed)."""
    counts = solution.counts
    if not any(t.exceptions for t in found) or len(counts.deck) != 52:
        return {}
    cuts = {t.up_rank: None if t.index is None else counts.strength[t.index] for t in found if t.exceptions}
    spoken: dict[int, list[tuple[str, int, tuple[int, ...], int, str, bool]]] = {rank: [] for rank in cuts}
    order: dict[int, set[tuple[int, str]]] = {rank: set() for rank in cuts}
    labels: dict[int, str] = {}
    for hand, up, weight, strength, play in situations(play_table(solution), bool(rules.upcards), rules.ranking):
        rank = up >> 2 if up >= 0 else -1
        if rank not in cuts:
            continue
        if strength not in labels:
            labels[strength] = hand_text(rules, strength, hand)
        cut = cuts[rank]
        spoken[rank].append((labels[strength], strength, suiting(hand, up), weight, "play" if play else "fold",
                             bool(play) == (cut is not None and strength >= cut)))
        order[rank].add((strength, labels[strength]))
    return {rank: exceptions(spoken[rank], [hand for _s, hand in sorted(order[rank], reverse=True)]) for rank in cuts}
