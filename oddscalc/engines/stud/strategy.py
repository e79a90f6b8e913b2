"""Caribbean Stud strategies: the optimal one, strategies written as rules (the built-in files
under tables/strategies/stud5/ that ``strategy --compare``, ``simulate --strategy`` and ``check
--strategy`` share, a strategy file, an expression), and the ace-king rule of thumb.

A written strategy is one decision per (upcard rank, strength) (oddscalc/engines/handrules.py),
which the kernel spreads over its (hand, upcard) classes, so its analysis is exact.

>>> [s.name for s in STRATEGIES]
['optimal', 'pair-plus', 'ace-king', 'akj83', 'akj83-match', 'always']
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from oddscalc._native import stud as kernel
from oddscalc.core.cards import RANKS
from oddscalc.core.classes import HandClass
from oddscalc.core.evaluate import five_card_examples
from oddscalc.core.gametable import GameTable
from oddscalc.engines.actions import Actions
from oddscalc.engines.base import NamedStrategy, builtin, find_strategy
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.handclasses import five_card_categories
from oddscalc.engines.handrules import DecisionTable, HandModel, decision_table
from oddscalc.engines.stud.counts import PAYOUT_CLASSES, call_class_map, payout_bases

# the optimal strategy and the built-in strategy files, in their order
STRATEGIES = builtin("stud5")
# the one decision of Caribbean Stud: fold or call (rules may say play)
ACTIONS = Actions.yes_no("call", "play")


def hand_model(game: GameTable) -> HandModel:
    """The five-card hands of the Call as the strategy language reads them: every strength with its
    category, its payout class (``ace-king`` ...) and the game's classes that hold it."""
    return _model(game.name, game.classes)


@lru_cache(maxsize=8)
def _model(name: str, classes: tuple[HandClass, ...]) -> HandModel:
    categories = five_card_categories()
    bases = payout_bases()
    chains = call_class_map(classes, name).chains if classes else ((),) * len(bases)
    names = tuple(frozenset({categories[s], bases[s], *chains[s]}) for s in range(len(bases)))
    return HandModel(5, five_card_examples(), categories, names, True, ACTIONS, name)


def parse_strategy(game: GameTable, text: str) -> NamedStrategy:
    """A built-in strategy's name, a strategy file or an expression, its rules checked."""
    # the hand model (every class evaluated) only for written rules, not for a built-in's name
    return find_strategy(STRATEGIES, text, game, lambda rules: decision_table(hand_model(game), rules))


def strategy_table(game: GameTable, strategy: NamedStrategy) -> DecisionTable:
    """The decision of every (upcard rank, strength) of a written strategy."""
    return decision_table(hand_model(game), strategy.rules)


def strategy_calls(game: GameTable, classes: kernel.StudClasses, strategy: NamedStrategy) -> bytearray:
    """The decision of every kernel class under a written strategy."""
    return classes.decide_table(strategy_table(game, strategy).data)


def ranks_text(cards: tuple[int, ...]) -> str:
    """Ranks of a hand from the top, e.g. 'A-K-Q-6-2'."""
    return "-".join(RANKS[c >> 2] for c in sorted(cards, key=lambda c: c >> 2, reverse=True))


AceKingRule = tuple[str, str, str, int, int, int]


@dataclass
class _StrengthTally:
    """The situations of one strength (within an upcard rank) that call and that fold, and a hand of it."""
    called: int = 0
    folded: int = 0
    cards: tuple[int, ...] = ()


def ace_king_rules(classes: kernel.StudClasses, calls: bytearray) -> list[AceKingRule]:
    """Per upcard rank (and whether it pairs one of the player's cards): the best 'call with X or
    better' threshold for ace-king hands, and how many situations it gets wrong."""
    groups: defaultdict[tuple[int, bool], defaultdict[int, _StrengthTally]] = defaultdict(
        lambda: defaultdict(_StrengthTally))
    for cards, up, situations, strength, *_counts, called in classes.rows(1, calls):
        pairs = (up >> 2) in {c >> 2 for c in cards}
        entry = groups[(up >> 2, pairs)][strength]
        if called:
            entry.called += situations
        else:
            entry.folded += situations
        entry.cards = cards
    rules = []
    for (rank, pairs), by_strength in sorted(groups.items(), key=lambda g: (-g[0][0], g[0][1])):
        strengths = sorted(by_strength)
        called_total = sum(by_strength[s].called for s in strengths)
        folded_total = sum(by_strength[s].folded for s in strengths)
        # call from strengths[i] up: the errors are calls below it and folds from it on
        best_errors, best_index = called_total, len(strengths)     # never call
        calls_below, folds_from = 0, folded_total
        for i, strength in enumerate(strengths):
            if calls_below + folds_from < best_errors:
                best_errors, best_index = calls_below + folds_from, i
            calls_below += by_strength[strength].called
            folds_from -= by_strength[strength].folded
        threshold = ("never" if best_index == len(strengths)
                     else ranks_text(by_strength[strengths[best_index]].cards) + " or better")
        rules.append((RANKS[rank], "yes" if pairs else "no", threshold, called_total, folded_total, best_errors))
    return rules


def chart(classes: kernel.StudClasses, calls: bytes | bytearray,
          rules: list[AceKingRule] | None = None) -> StrategyChart:
    """The decisions as a grid: payout class (ace-king hands by their third card) by upcard rank.

    Each cell counts (hand, upcard) situations over all 47 x 2,598,960, and how many call."""
    cells: dict[tuple[int, int], list[list[int]]] = {}          # per cell: (fold, call) situations
    for payout, kicker, up, called, folded in classes.tally(calls):
        row = cells.setdefault((payout, kicker), [[0, 0] for _ in RANKS])
        row[up][0] += folded
        row[up][1] += called
    # strongest class first; A-K-Q before A-K-J, each unpaired upcard before a paired one
    keys = sorted(cells, key=lambda key: (-key[0], -(key[1] // 2), key[1] % 2))
    labels = tuple(PAYOUT_CLASSES[payout] if payout != 1 else
                   f"A-K-{RANKS[kicker // 2]}-x-x" + (", upcard pairs one" if kicker % 2 else "")
                   for payout, kicker in keys)
    counts = tuple(tuple((fold, call) for fold, call in cells[key]) for key in keys)
    words = tuple((f"upcard {up}" + (" pairing one of your cards" if pairs == "yes" else ""),
                   f"ace-king hands: call with {threshold}" if threshold != "never" else "ace-king hands: never call")
                  for up, pairs, threshold, *_counts in (rules or ()))
    return StrategyChart(ACTIONS.points[0].actions, labels, tuple(RANKS), counts, rules=words,
                         note="Cells count (hand, upcard) situations over all 47 x 2,598,960; ace-king hands "
                              "are split by their third-highest card and by whether the upcard pairs one of "
                              "their cards.")
