"""Ultimate Texas Hold'em's simple strategies, priced exactly beside the optimal one (``strategy
--compare``): each a preflop range (written as players write it), a flop rule by the flop chart's
rows and highest hole card, and a river rule by the final hand (holdem_stages.SimpleStrategy).

>>> len(hand_range("33+ A2s+ A2o+ K2s+ K5o+ Q6s+ Q8o+ J8s+ JTo+"))
69
"""
from __future__ import annotations

from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.holdem_stages import FLOP_ROWS, SimpleStrategy

from .flop_rules import flop_rule
from .starting_hands import hand_range

MADE = {row: "*" for row in FLOP_ROWS[:8]}            # two pair or better
BASIC = SimpleStrategy(
    "simple", hand_range("33+ A2s+ A2o+ K2s+ K5o+ Q6s+ Q8o+ J8s+ JTo+"),
    flop_rule({**MADE, "pair in the hand": "AKQJT9876543", "hole card paired": "*", "four to a flush": "AKQJT"}),
    int(Cat.PAIR))
PAIRS_ACES = SimpleStrategy(
    "pairs-aces", hand_range("22+ A2s+ A2o+"), flop_rule({**MADE, "pair in the hand": "*", "hole card paired": "*"}),
    int(Cat.PAIR))
NEVER_FOLD = SimpleStrategy("never-fold", frozenset(), flop_rule({}), int(Cat.HIGH_CARD))

SIMPLE = {s.name: s for s in (BASIC, PAIRS_ACES, NEVER_FOLD)}
STRATEGIES = (
    NamedStrategy(OPTIMAL, "the exact optimal strategy"),
    NamedStrategy("simple", "4x with 33+, any ace, K-x suited, K5o+, Q6s+, Q8o+, J8s+, JTo (the optimal range); "
                            "2x at the flop with two pair or better, a hidden pair but 2-2, four to a flush with a "
                            "highest hole card of T or better; 1x at the river with a pair or better (a board pair "
                            "too), else fold"),
    NamedStrategy("pairs-aces", "4x with any pair or ace; 2x at the flop with two pair or better or a hidden pair; "
                                "1x at the river with a pair or better"),
    NamedStrategy("never-fold", "check preflop and at the flop, Play 1x at the river with every hand"),
)
