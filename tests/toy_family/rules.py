"""The toy game's rules, read and checked once per table into a typed object.

``ToyRules.of(table)`` is what the rest of the family reads: the loader has typed each rule by
:data:`RULE_SPECS` and the family's ``validate`` made this object once (``GameTable.built`` keeps
it on the table; a variant with another pay or rule is a new table, read anew).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.engines.base import TIES_RULE, Ties

from .ranking import CATEGORIES, hand_text, parse_hand

MAIN = "raise"                 # the one paytable: what a winning raise pays per raised ante
RULE_SPECS = (
    RuleSpec("dealer_qualifies", "text", "K Q", "the dealer's weakest qualifying hand as two ranks: 'K Q' "
             "(king-queen high or better), 'T T' (any pair)"),
    RuleSpec("max_raise", "integer", 2, "the largest raise in antes: the player folds or raises 1 to this "
             "many antes", low=1, high=4),
    RuleSpec("dealer_not_qualify_pays", "number", Fraction(0), "what the Ante wins when the dealer does not "
             "qualify (the raise pushes): 0 pushes it, 1 pays even money", low=0, high=1),
    TIES_RULE,
)


@dataclass(frozen=True)
class ToyRules:
    """One toy game, typed: the dealer's qualifier, the raises, who takes a tie, and what a won
    raise nets per raised ante for each of the player's categories."""
    game: GameTable
    qualify: int                        # strength of the weakest qualifying dealer hand
    max_raise: int
    ties: Ties
    not_qualify_net: Fraction           # the Ante's net when the dealer does not qualify
    raise_net: tuple[Fraction, ...]     # by category code: the net per raised ante of a won raise

    @classmethod
    def of(cls, game: GameTable) -> ToyRules:
        return game.built(_read)

    @property
    def raises(self) -> tuple[int, ...]:
        return tuple(range(1, self.max_raise + 1))

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action, by its stake: fold (0), then each raise."""
        return ("fold", *(action_name(k) for k in self.raises))

    @property
    def qualify_text(self) -> str:
        return hand_text(self.qualify) + " or better"


def action_name(raised: int) -> str:
    # as the strategy vocabulary names actions (engines/actions.py): lower-case words, "raise 2x"
    return "fold" if raised == 0 else f"raise {raised}x"


def _read(game: GameTable) -> ToyRules:
    where = f"table '{game.name}'"
    game.check_paytables([MAIN], [MAIN])
    game.check_categories(MAIN, CATEGORIES)
    paytable = game.paytable(MAIN)
    if paytable.settlement:
        raise InputError(f"{where}: paytables.{MAIN} pays the raise: hand, when and paid_on are for side bets")
    if game.classes:
        raise InputError(f"{where}: this family pays categories only, so [classes] does not apply")
    missing = [category for category in CATEGORIES if paytable.listed(category) is None]
    if missing:
        # a won raise is always paid something: an unlisted category would leave it undefined
        raise InputError(f"{where}: paytables.{MAIN} must pay every category a raise can win with, and lists "
                         f"no {missing[0]}")
    # "to one" pays on top of the stake returned, "for one" includes it
    nets = tuple(paytable.pay(c) - (1 if paytable.basis == "for" else 0) for c in CATEGORIES)
    qualify = parse_hand(game.rules.text("dealer_qualifies"), f"{where}: rules.dealer_qualifies")
    return ToyRules(game, qualify, game.rules.integer("max_raise"), Ties.read(game.rules.text("ties")),
                    game.rules.number("dealer_not_qualify_pays"), nets)
