"""Texas Hold'em Bonus' simple strategies, priced exactly beside the optimal one (``strategy
--compare`` and ``--price NAME``, ``report`` and ``simulate --strategy NAME``): each a preflop range
(the hands that make the Flop wager), the Turn wager by the flop chart's cell (``flop_rules``) and
the River wager never, always or as the optimal play makes it (holdem_stages.BonusStrategy). Every
wager pays 1 to 1 and adds to the others, so a rule at one stage costs what it costs there, whatever
the other stages do.

>>> len(SIMPLE["simple"].preflop), len(SIMPLE["always-bet"].preflop)
(164, 169)
"""
from __future__ import annotations

from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.holdem_stages import FLOP_ROWS, BonusStrategy

from .flop_rules import flop_rule
from .starting_hands import every_hand, hand_range

NEVER, ALWAYS, OPTIMAL_RIVER = 0, 1, -1
EVERY_HAND = frozenset(every_hand())
# the optimal range: every hand but 2-3 to 2-7 offsuit (docs/holdem-stages.md)
OPTIMAL_RANGE = EVERY_HAND - hand_range("32o 42o 52o 62o 72o")
PAIRED = {row: "*" for row in FLOP_ROWS[:10]}          # a pair that uses a hole card or better

SIMPLE = {s.name: s for s in (
    BonusStrategy("simple", OPTIMAL_RANGE, flop_rule({**PAIRED, "four to a flush": "*"}), OPTIMAL_RIVER),
    BonusStrategy("flop-wager-only", OPTIMAL_RANGE, flop_rule({}), NEVER),
    BonusStrategy("always-bet", EVERY_HAND, flop_rule({row: "*" for row in FLOP_ROWS}), ALWAYS),
)}
STRATEGIES = (
    NamedStrategy(OPTIMAL, "the exact optimal strategy"),
    NamedStrategy("simple", "the Flop wager with every hand but 2-3 to 2-7 offsuit (the optimal range); the Turn "
                            "wager with a pair that uses a hole card or better, or four to a flush; the River wager "
                            "when the hand wins more often than it loses (the optimal River wager)"),
    NamedStrategy("flop-wager-only", "the Flop wager with the optimal range, then check to the showdown"),
    NamedStrategy("always-bet", "every wager with every hand: the Flop, the Turn and the River wager"),
)
