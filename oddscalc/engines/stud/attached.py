"""Side bets attached to a stud game (``[rules] side_bets``), exact over every deal, and the hand
classes of its hands.

A side bet's paytable says what it is settled on (oddscalc/engines/sidebets.py): the player's five
cards or the dealer's five (every five-card set is equally likely either way), the best five of the
player's cards and the upcard (every six-card set), or the showdown, paid by the player's hand
(the stud kernel's counts of every (hand, upcard) class against every dealer completion).

>>> from oddscalc.core.gametable import tables_dir
>>> from oddscalc.engines.base import load
>>> game = load("caribbean-stud", table=tables_dir() / "examples" / "caribbean-stud-bad-beat.toml")
>>> analyses(game)["bad-beat"].total
19933230517200
"""
from __future__ import annotations

import math

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.handclasses import (
    FIVE_CARD_CATEGORIES,
    category_map,
    five_card_census,
    pay_map,
)
from oddscalc.engines.sidebets import (
    DEALER_STRONGER,
    EQUAL,
    PLAYER_STRONGER,
    SideBet,
    showdown_counts,
    side_bet,
    side_bet_analysis,
)
from oddscalc.engines.stud.counts import COMPLETIONS, SITUATIONS, call_map, class_counts
from oddscalc.engines.stud.rules import StudRules

HANDS = ("player", "dealer", "player+upcard", "showdown")
CARDS = {"player": 5, "dealer": 5, "player+upcard": 6}


def side_bets(game: GameTable) -> tuple[SideBet, ...]:
    """The game's side bets, each checked: what it is settled on, the classes it pays."""
    where = f"table '{game.name}'"
    bets = tuple(side_bet(game.paytable(name), HANDS, where) for name in StudRules.of(game).side_bets)
    known = (*FIVE_CARD_CATEGORIES, *(k.name for k in game.classes))
    for bet in bets:
        game.check_categories(bet.table.name, known)
        if bet.hand == "showdown" and bet.paid_on != "player":
            raise InputError(f"{where}: paytables.{bet.table.name}: a stud showdown bet is paid by the player's "
                             "hand (paid_on = \"player\"); the exact counts do not split the dealer's hands")
        empty = [name for name in bet.table.pays if category_map(game).sizes.get(name) == 0]
        if empty:
            raise InputError(f"{where}: paytables.{bet.table.name}: class '{empty[0]}' holds no five-card hand")
    return bets


def call_sizes(game: GameTable) -> dict[str, int]:
    """Player hands (of 2,598,960) in each class of the game, on the Call's hands."""
    return call_map(game).totals(five_card_census(5))


def side_sizes(game: GameTable, cards: int) -> dict[str, int]:
    """Sets of ``cards`` cards whose best five is in each class of the game."""
    return category_map(game).totals(five_card_census(cards))


def _showdown(game: GameTable, bet: SideBet) -> tuple[dict[str, int], int]:
    data, names = pay_map(category_map(game), bet.table.pays, FIVE_CARD_CATEGORIES)
    qualify = StudRules.of(game).qualify_strength
    # below the qualifier the kernel does not split the dealer's hands by strength: count at no
    # qualifier when a paid hand is below it
    low_paid = any(names[data[s]] in bet.table.pays for s in range(qualify))
    classes = class_counts(0 if low_paid else qualify)
    rows = classes.aggregate(bytes([1]) * classes.n, data, len(names))
    cells: dict[tuple[int, str, str], int] = {}
    for name, (_called, nq, wins, ties, losses, _folded) in zip(names, rows, strict=True):
        for relation, count in ((DEALER_STRONGER, losses), (EQUAL, ties), (PLAYER_STRONGER, wins + nq)):
            cells[(relation, name, "")] = cells.get((relation, name, ""), 0) + count
    return showdown_counts(bet, cells), SITUATIONS * COMPLETIONS


def side_bet_result(game: GameTable, bet: SideBet) -> Analysis:
    """The exact outcome table of one side bet, per side-bet stake."""
    if bet.hand == "showdown":
        counts, total = _showdown(game, bet)
    else:
        cmap = category_map(game)
        counts = {}
        for s, sets in enumerate(five_card_census(CARDS[bet.hand])):
            name = cmap.pay_name(s, bet.table.pays)
            counts[name] = counts.get(name, 0) + sets
        total = math.comb(52, CARDS[bet.hand])
    result = side_bet_analysis(game.name, bet, counts, (*FIVE_CARD_CATEGORIES, *(k.name for k in game.classes)),
                               bet.table.name)
    assert result.total == total
    return result


def analyses(game: GameTable) -> dict[str, Analysis]:
    """Every side bet of a game by its paytable name."""
    return {bet.table.name: side_bet_result(game, bet) for bet in side_bets(game)}

