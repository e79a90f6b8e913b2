"""Caribbean Stud strategies: the optimal one, strategies written as rules (the built-in files
under tables/strategies/stud5/ that ``strategy --compare``, ``simulate --strategy`` and ``check
--strategy`` share, a strategy file, an expression), and the optimal decisions as a chart with the
strategy in words (the ace-king rules and their card-removal exceptions: :mod:`ace_king`).

A written strategy is one decision per (upcard rank, strength) (oddscalc/engines/handrules.py),
which the kernel spreads over its (hand, upcard) classes, so its analysis is exact.

>>> [s.name for s in STRATEGIES]
['optimal', 'pair-plus', 'ace-king', 'akj83', 'akj83-match', 'always']
"""
from __future__ import annotations

from collections.abc import Sequence
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
from oddscalc.engines.stud.ace_king import WHY, AceKingRule
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


def class_words(labels: Sequence[str], counts: Sequence[Sequence[tuple[int, int]]]) -> tuple[tuple[str, str], ...]:
    """The chart's rows other than ace-king in words: consecutive classes (strongest first) that
    decide alike are one line (``pair or better: always call``).

    >>> class_words(("flush", "pair", "below-ace-king"), (((0, 5), (0, 3)), ((0, 4), (0, 1)), ((7, 0), (2, 0))))
    (('pair or better', 'always call'), ('below-ace-king', 'never call'))
    """
    lines: list[tuple[list[str], str]] = []
    for label, row in zip(labels, counts, strict=True):
        fold, call = sum(cell[0] for cell in row), sum(cell[1] for cell in row)
        if not fold:
            decision = "always call"
        elif not call:
            decision = "never call"
        else:
            against = [RANKS[up] for up, cell in enumerate(row) if cell[1] and not cell[0]]
            some = [f"{RANKS[up]} ({cell[1]:,} of {sum(cell):,} situations)" for up, cell in enumerate(row)
                    if cell[0] and cell[1]]
            decision = "; ".join(part for part in (
                f"call against upcard {', '.join(against)}" if against else "",
                f"call in some situations against upcard {', '.join(some)}" if some else "",
                "fold against the others") if part)
        if lines and lines[-1][1] == decision:
            lines[-1][0].append(label)
        else:
            lines.append(([label], decision))
    out = []
    for i, (names, decision) in enumerate(lines):
        where = (names[0] if len(names) == 1 else f"{names[-1]} or better" if i == 0
                 else f"{names[0]} to {names[-1]}")
        out.append((where, decision))
    return tuple(out)


def chart(classes: kernel.StudClasses, calls: bytes | bytearray,
          rules: list[AceKingRule] | None = None) -> StrategyChart:
    """The decisions as a grid: payout class (ace-king hands by their third card) by upcard rank.

    Each cell counts (hand, upcard) situations over all 47 x 2,598,960, and how many call.  The
    words: every other class's decision, then the ace-king rule per upcard with its card-removal
    exceptions, each group listed (``rules``: :func:`ace_king_rules` of the same decisions)."""
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
    others = [i for i, (payout, _kicker) in enumerate(keys) if payout != 1]
    words = class_words([labels[i] for i in others], [counts[i] for i in others]) if rules is not None else ()
    words += tuple(line for rule in rules or () for line in rule.words())
    note = ("Cells count (hand, upcard) situations over all 47 x 2,598,960; ace-king hands are split by their "
            "third-highest card and by whether the upcard pairs one of their cards.")
    if any(rule.groups for rule in rules or ()):
        note += " " + WHY
    return StrategyChart(ACTIONS.points[0].actions, labels, tuple(RANKS), counts, rules=words, note=note)
