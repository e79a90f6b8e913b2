"""Casino Hold'em's rules, read and checked once per table into the board kernel's rules.

``HoldemGame.of(table)`` is what the rest of the family reads: the Ante paytable (by the player's
final category, to one), the dealer qualifier, the Call multiple, the AA Bonus paytable (the
player's two cards and the flop), whether a fold forfeits the Bonus, the Bonus staked per Ante in
the decision, and the tie-break, as ``holdem_counts.CasinoHoldemRules`` takes them.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.holdem_counts import CasinoHoldemRules

ANTE = "ante"
AA_BONUS = "aa-bonus"
PAIR_OF_ACES = "pair-of-aces"
WAGER_MORE, WAGER_LESS = "wager_more", "wager_less"
CATEGORIES = tuple(c.label for c in reversed(Cat))                 # strongest first
BONUS_CLASSES = (*CATEGORIES[:-2], PAIR_OF_ACES)                   # what the AA Bonus may pay
RANKS = "23456789TJQKA"
RANK_WORDS = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")

RULE_SPECS = (
    RuleSpec("dealer_qualifier", "text", "pair-4", "the dealer's least qualifying hand: pair-<rank> (a pair of "
             "that rank or better, e.g. pair-4), pair (any pair) or none"),
    RuleSpec("call_multiple", "integer", 2, "the Call wager in Antes", low=1, high=4),
    RuleSpec("bonus_requires_call", "flag", True, "a fold forfeits the AA Bonus (the classic rule); false: it "
             "is settled whatever the player does (Evolution)"),
    RuleSpec("aa_bonus_ratio", "number", Fraction(0), "AA Bonus staked per Ante, for the decision when a fold "
             "forfeits it (0: the call is decided on the Ante and Call alone)", low=Fraction(0),
             high=Fraction(100)),
    RuleSpec("tie_break", "text", WAGER_MORE, "the action taken when call and fold are worth exactly the same: "
             "call (wager_more) or fold (wager_less)", choices=(WAGER_MORE, WAGER_LESS)),
)


@dataclass(frozen=True)
class HoldemGame:
    """One Casino Hold'em table, typed: the kernel's rules and the texts the reports print."""
    game: GameTable
    rules: CasinoHoldemRules
    qualifier_text: str

    @classmethod
    def of(cls, game: GameTable) -> HoldemGame:
        return game.built(_read)


def qualifier_of(game: GameTable) -> tuple[int | None, str]:
    """The table's dealer qualifier: the rank of the least qualifying pair (None: always qualifies), in words."""
    text = game.rules.text("dealer_qualifier").strip()
    if text == "none":
        return None, "the dealer always qualifies"
    if text == "pair":
        return 0, "the dealer qualifies with any pair"
    rank = text.removeprefix("pair-").upper().replace("10", "T")
    if not text.startswith("pair-") or len(rank) != 1 or rank not in RANKS:
        raise InputError(f"table '{game.name}': rules.dealer_qualifier is pair-<rank> (pair-4), pair or none, "
                         f"got {text!r}")
    index = RANKS.index(rank)
    return index, f"the dealer qualifies with a pair of {RANK_WORDS[index]} or better"


def _read(game: GameTable) -> HoldemGame:
    where = f"table '{game.name}'"
    game.check_paytables([ANTE, AA_BONUS], [ANTE, AA_BONUS])
    if game.main_paytable != ANTE:
        raise InputError(f"{where}: main_paytable is '{ANTE}'")
    if game.classes:
        raise InputError(f"{where}: takes no [classes] (the AA Bonus names its pair as '{PAIR_OF_ACES}')")
    ante = game.pays_to_one(ANTE, CATEGORIES)
    bonus = game.pays_to_one(AA_BONUS, BONUS_CLASSES)
    qualifier_pair, qualifier_text = qualifier_of(game)
    rules = CasinoHoldemRules(
        ante=tuple((Cat.from_label(k), v) for k, v in ante.items()), qualifier_pair=qualifier_pair,
        call_multiple=game.rules.integer("call_multiple"),
        aa_bonus=tuple((k if k == PAIR_OF_ACES else Cat.from_label(k), v) for k, v in bonus.items()),
        bonus_ratio=game.rules.number("aa_bonus_ratio"), bonus_requires_call=game.rules.flag("bonus_requires_call"),
        wager_more=game.rules.text("tie_break") == WAGER_MORE)
    return HoldemGame(game, rules, qualifier_text)
