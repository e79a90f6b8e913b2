"""Casino Hold'em's simple strategies, priced exactly beside the optimal one (``strategy --compare``,
``--price NAME``, ``report`` and ``simulate --strategy NAME``): each a call-or-fold rule by the flop
chart's cell (what the hole cards and the flop make, and the highest hole card; ``flop_rules``), the
way players learn the game.

>>> sorted(RULES), sum(RULES["always-call"]), sum(RULES["simple"])
(['always-call', 'pairs', 'simple'], 169, 155)
"""
from __future__ import annotations

from oddscalc.engines.base import OPTIMAL, NamedStrategy
from oddscalc.engines.holdem_stages import FLOP_ROWS

from .flop_rules import flop_rule

PAIRED = {row: "*" for row in FLOP_ROWS[:10]}          # two pair or better, or a pair with a hole card
RULES = {
    "simple": flop_rule({**PAIRED, "four to a flush": "*", "pair on the board only": "AKQJT",
                          "nothing": "AKQJT98"}),
    "pairs": flop_rule({**PAIRED, "pair on the board only": "*"}),
    "always-call": flop_rule({row: "*" for row in FLOP_ROWS}),
}
STRATEGIES = (
    NamedStrategy(OPTIMAL, "the exact optimal strategy"),
    NamedStrategy("simple", "call with a pair that uses a hole card or better, or four to a flush; with a pair "
                            "on the board only, call with a ten or higher; with nothing, call with an eight or "
                            "higher; fold otherwise"),
    NamedStrategy("pairs", "call with any pair or better (a pair on the board too), fold otherwise"),
    NamedStrategy("always-call", "call with every hand"),
)
