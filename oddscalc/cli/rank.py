"""``rank`` (a hand's category and strength under a game's ranking) and ``games`` (the list).

>>> from oddscalc.cli.main import run
>>> run(["rank", "Qh", "6d", "4s", "--format", "json"])[0].count('"game": "fast-poker"')
1
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc.api.hands import rank
from oddscalc.api.tables import games
from oddscalc.cli.options import OneLineParser, Output, add_format, shown


def rank_command(argv: Sequence[str]) -> Output:
    """``oddscalc rank CARDS [--game G]``: category and strength of a 3-, 5-, 6- or 7-card hand."""
    parser = OneLineParser(prog="oddscalc rank", description="Category and strength of a hand.")
    parser.add_argument("cards", nargs="+", help="3, 5, 6 or 7 cards, e.g. 'As Kd Qh Jc Ts' or AsKdQhJcTs")
    parser.add_argument("--game", help="game whose ranking applies (default: fast-poker for three cards, "
                                       "the standard five-card ranking otherwise)")
    add_format(parser, ("text", "json"))
    args = parser.parse(argv)
    return rank(" ".join(args.cards), args.game).report, shown(args)


def games_command(argv: Sequence[str]) -> Output:
    """``oddscalc games``: the built-in games and their engines."""
    parser = OneLineParser(prog="oddscalc games", description="List the built-in games.")
    add_format(parser)
    args = parser.parse(argv)
    return games().report, shown(args)
