"""Ultimate Texas Hold'em's two-way Bad Beat side bet (paytable ``bad-beat``, optional in a table).

It pays on the *losing* hand of the round, the player's or the dealer's, by its category (to one;
unlisted categories lose), and loses when the hands tie (docs/holdem-stages.md section 8).  As Trips,
it is settled on the showdown of every deal, whatever the player did: the hands are compared even
after a fold (Stephen How prices it so, over every deal).
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.gametable import GameTable
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.holdem_stages import N_CATEGORIES, UltimatePlay, losing_hands

from .ultimate import BAD_BEAT, play


def offered(game: GameTable) -> bool:
    return game.has_paytable(BAD_BEAT)


def pay(game: GameTable, category: int) -> Fraction:
    """The pay to one of a losing hand of ``category`` (-1: it loses)."""
    table = game.paytable(BAD_BEAT)
    label = Cat(category).label
    return table.pay(label) if label in table.pays else Fraction(-1)


def bad_beat_of(game: GameTable, found: UltimatePlay) -> Analysis:
    """The Bad Beat per its own stake: a row per paying losing hand, the ties, then the rest."""
    losing, ties = losing_hands(found)
    rows = [Outcome(f"{BAD_BEAT}-{Cat(c).label}", losing[c], pay(game, c))
            for c in reversed(range(N_CATEGORIES)) if pay(game, c) > -1]
    rows.append(Outcome(f"{BAD_BEAT}-tie", ties, Fraction(-1)))
    rows.append(Outcome(f"{BAD_BEAT}-lose", found.deals - sum(row.count for row in rows), Fraction(-1)))
    paytable = game.paytable(BAD_BEAT)
    text = f"{BAD_BEAT} ({paytable.basis} one, the losing hand): " + ", ".join(
        f"{k} {v}" for k, v in paytable.pays.items())
    return Analysis(game.name, text, found.deals, tuple(rows), None, f"{BAD_BEAT} stake")


def _bad_beat(game: GameTable) -> Analysis:
    return bad_beat_of(game, play(game))


def bad_beat_analysis(game: GameTable) -> Analysis | None:
    """The Bad Beat of the table's optimal play, once per table (None: the table offers none)."""
    return game.built(_bad_beat) if offered(game) else None
