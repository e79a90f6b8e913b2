"""One hand's category, strength and class under a game's ranking."""
from __future__ import annotations

from dataclasses import dataclass

from oddscalc.api.arguments import Cards, OptionalGame, boundary
from oddscalc.api.result import Result
from oddscalc.api.tables import cards_of, load
from oddscalc.core.cards import format_cards
from oddscalc.core.evaluate import HandRank
from oddscalc.engines.base import engine_of
from oddscalc.report.model import Report, Table

# the game whose ranking applies when none is named: three cards, and five to seven
DEFAULT_GAMES = {3: "fast-poker", 5: "caribbean-stud"}


@dataclass(frozen=True)
class Ranked(Result):
    """A hand's category and strength (higher is stronger) under a game's ranking."""
    game: str
    hand: HandRank


@boundary
def rank(cards: Cards, game: OptionalGame = None) -> Ranked:
    """The category and strength of a hand under a game's ranking (its family's: how many cards,
    which categories); with no game, of 3 cards, or of 5, 6 or 7 (the best five of six or seven).

    >>> rank("Qh 6d 4s").hand.category.label, rank("As Ks Qs Js Ts 2c 2d").hand.category.label
    ('high-card', 'royal-flush')
    """
    parsed = cards_of(cards, None if game else (3, 5, 6, 7))
    table = load(game or DEFAULT_GAMES[3 if len(parsed) == 3 else 5])
    hand = engine_of(table).rank(table, parsed)
    rows: list[tuple[str, object]] = [("cards", format_cards(hand.cards))]
    if len(hand.best) < len(hand.cards):
        rows.append(("best five", format_cards(hand.best)))
    rows += [("category", hand.category.label),
             ("strength", f"{hand.strength} of 0..{hand.n_strengths - 1} (higher is stronger)")]
    data: dict[str, object] = {"cards": format_cards(hand.cards), "best": format_cards(hand.best),
                               "category": hand.category.label, "strength": hand.strength,
                               "strengths": hand.n_strengths}
    if hand.hand_class:           # the most specific hand class of the game that holds it
        rows.append(("class", hand.hand_class))
        data["class"] = hand.hand_class
    if len(parsed) == 3 or game:
        data["game"] = table.name
        rows.append(("game", table.name))
    return Ranked(table.name, hand, report=Report("hand rank", (Table("hand", ("field", "value"), tuple(rows)),),
                                                  data))
