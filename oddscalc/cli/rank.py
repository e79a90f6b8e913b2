"""``rank`` (a hand's category and strength under a game's ranking) and ``games`` (the list).

>>> from oddscalc.cli.main import run
>>> run(["rank", "Qh", "6d", "4s", "--format", "json"])[0].count('"game": "fast-poker"')
1
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc.cli.options import OneLineParser, Output, add_format
from oddscalc.core.cards import format_cards, parse_cards
from oddscalc.core.gametable import list_games
from oddscalc.engines.base import engine_of, load
from oddscalc.report.model import Report, Table

# the game whose ranking applies when none is named: three cards, and five to seven
DEFAULT_GAMES = {3: "fast-poker", 5: "caribbean-stud"}


def rank_command(argv: Sequence[str]) -> Output:
    """``oddscalc rank CARDS [--game G]``: category and strength of a 3-, 5-, 6- or 7-card hand."""
    parser = OneLineParser(prog="oddscalc rank", description="Category and strength of a hand.")
    parser.add_argument("cards", nargs="+", help="3, 5, 6 or 7 cards, e.g. 'As Kd Qh Jc Ts' or AsKdQhJcTs")
    parser.add_argument("--game", help="game whose ranking applies (default: fast-poker for three cards, "
                                       "the standard five-card ranking otherwise)")
    add_format(parser, ("text", "json"))
    args = parser.parse(argv)
    cards = parse_cards(" ".join(args.cards), count=(3, 5, 6, 7))
    name = args.game or DEFAULT_GAMES[3 if len(cards) == 3 else 5]
    table = load(name)
    hand = engine_of(table).rank(table, cards)
    rows: list[tuple[str, object]] = [("cards", format_cards(hand.cards))]
    if len(cards) > 5:
        rows.append(("best five", format_cards(hand.best)))
    rows += [("category", hand.category.label),
             ("strength", f"{hand.strength} of 0..{hand.n_strengths - 1} (higher is stronger)")]
    data: dict[str, object] = {"cards": format_cards(hand.cards), "best": format_cards(hand.best),
                               "category": hand.category.label, "strength": hand.strength,
                               "strengths": hand.n_strengths}
    if hand.hand_class:           # the most specific hand class of the game that holds it
        rows.append(("class", hand.hand_class))
        data["class"] = hand.hand_class
    if len(cards) == 3 or args.game:
        data["game"] = table.name
        rows.append(("game", table.name))
    return Report("hand rank", (Table("hand", ("field", "value"), tuple(rows)),), data), args.format


def games_command(argv: Sequence[str]) -> Output:
    """``oddscalc games``: the built-in games and their engines."""
    parser = OneLineParser(prog="oddscalc games", description="List the built-in games.")
    add_format(parser)
    args = parser.parse(argv)
    rows = []
    for name in list_games():
        table = load(name)
        rows.append((name, table.title, table.engine))
    data = {"games": [{"name": n, "title": t, "engine": e} for n, t, e in rows]}
    return Report("games", (Table("built-in games", ("game", "title", "engine"), tuple(rows)),), data), args.format
