"""The rules of a five-card stud game table (Caribbean Stud, Live Caribbean Stud), read once.

>>> from oddscalc.engines.base import load
>>> StudRules.of(load("caribbean-stud")).call_multiple
2
"""
from __future__ import annotations

from dataclasses import dataclass

from oddscalc.core.cards import parse_rank
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.engines.base import TIES_RULE, Ties

RULE_SPECS = (
    RuleSpec("dealer_qualifies", "text", "A K 4 3 2",
             "the weakest dealer hand that qualifies, as five ranks (any pair qualifies)"),
    RuleSpec("call_multiple", "integer", 2, "the Call as a multiple of the Ante", low=1, high=100),
    TIES_RULE,
    RuleSpec("side_bets", "strings", (), "paytables of side bets (each says in 'hand' what it is settled on)"),
)


@dataclass(frozen=True)
class StudRules:
    """The rule parameters of a five-card stud game table."""
    qualify_strength: int      # weakest dealer hand that qualifies
    qualifier_text: str
    call_multiple: int         # the Call is this many Antes
    ties: Ties = Ties.PUSH     # a tie with a qualifying dealer
    side_bets: tuple[str, ...] = ()    # the paytables of the side bets staked beside the Ante

    @classmethod
    def of(cls, game: GameTable) -> StudRules:
        """The rules of a game table, read and checked once per table."""
        return game.built(_read)


def _read(game: GameTable) -> StudRules:
    text = game.rules.text("dealer_qualifies")
    ranks = parse_qualifier(text, game.name)
    return StudRules(qualifier_strength(ranks), text, game.rules.integer("call_multiple"),
                     Ties.read(game.rules.text("ties")), game.rules.strings("side_bets"))


def parse_qualifier(text: str, game: str) -> tuple[int, ...]:
    """Five ranks of the weakest qualifying dealer hand, e.g. ``"A K 4 3 2"``.

    >>> parse_qualifier("AK432", "x")
    (12, 11, 2, 1, 0)
    """
    tokens = text.replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) == 5:
        tokens = list(tokens[0])
    if len(tokens) != 5:
        raise InputError(f"table '{game}': rules.dealer_qualifies must name five ranks, got '{text}'")
    ranks = tuple(parse_rank(token) for token in tokens)
    if max(ranks.count(r) for r in ranks) > 4:
        raise InputError(f"table '{game}': rules.dealer_qualifies '{text}' is not a hand")
    return ranks


def qualifier_strength(ranks: tuple[int, ...]) -> int:
    """Strength of five ranks dealt in mixed suits (a qualifier is never a flush).

    >>> from oddscalc.core.evaluate import five_card_category
    >>> five_card_category(qualifier_strength((12, 11, 2, 1, 0))).label
    'high-card'
    """
    used: set[int] = set()
    cards = []
    for i, rank in enumerate(ranks):
        suit = next(s for s in ((i + j) % 4 for j in range(4)) if rank * 4 + s not in used)
        used.add(rank * 4 + suit)
        cards.append(rank * 4 + suit)
    return five_card_strength(cards)
