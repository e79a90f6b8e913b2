"""The ``oddscalc`` command: argparse front end; bad input is one line on stderr and exit 2.

Game commands (``analyze``, ``decide``, ``strategy``…) take a game name, load its table, and let
the game's engine add its own options, so games stay data and engines stay separate.
"""
from __future__ import annotations

import argparse
import sys

from oddscalc import __version__
from oddscalc.cards import format_cards, parse_cards
from oddscalc.errors import InputError
from oddscalc.report import FORMATS, Report, Table, render

GAME_COMMANDS = ("analyze", "decide", "strategy", "design", "sweep", "simulate", "check", "distribution")


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (the InputError path), not usage text."""

    def error(self, message):
        raise InputError(message)


def add_format(parser: argparse.ArgumentParser, choices=FORMATS) -> None:
    """The ``--format`` option every report command shares."""
    parser.add_argument("--format", choices=choices, default="text",
                        help="output format (default: text)")


def cards_argument(count):
    """An argparse type that parses cards and checks how many."""
    def parse(text):
        return parse_cards(text, count=count)
    return parse


# --- rank ---------------------------------------------------------------------------

def rank_report(cards: tuple[int, ...], game_name: str) -> Report:
    """Category and strength of a 3-, 5-, 6- or 7-card hand."""
    from oddscalc.evaluate import rank_hand
    ranking = None
    if len(cards) == 3:
        from oddscalc.games.three_card_ranking import ranking_of_game
        from oddscalc.tables import load_game
        ranking = ranking_of_game(load_game(game_name))
    hand = rank_hand(cards, ranking)
    rows = [("cards", format_cards(hand.cards))]
    if len(cards) > 5:
        rows.append(("best five", format_cards(hand.best)))
    rows += [("category", hand.category.label),
             ("strength", f"{hand.strength} of 0..{hand.n_strengths - 1} (higher is stronger)")]
    data = {"cards": format_cards(hand.cards), "best": format_cards(hand.best),
            "category": hand.category.label, "strength": hand.strength,
            "strengths": hand.n_strengths}
    if len(cards) == 3:
        data["game"] = game_name
    return Report("hand rank", (Table("hand", ("field", "value"), tuple(rows)),), data)


def _rank_command(argv) -> str:
    parser = OneLineParser(prog="oddscalc rank", description="Category and strength of a hand.")
    parser.add_argument("cards", nargs="+", help="3, 5, 6 or 7 cards, e.g. 'As Kd Qh Jc Ts' or AsKdQhJcTs")
    parser.add_argument("--game", default="fast-poker",
                        help="game whose three-card ranking applies to 3 cards (default: fast-poker)")
    add_format(parser, ("text", "json"))
    args = parser.parse_args(argv)
    cards = parse_cards(" ".join(args.cards), count=(3, 5, 6, 7))
    return render(rank_report(cards, args.game), args.format)


# --- games ---------------------------------------------------------------------------

def _games_command(argv) -> str:
    from oddscalc.tables import list_games, load_game
    parser = OneLineParser(prog="oddscalc games", description="List the built-in games.")
    add_format(parser)
    args = parser.parse_args(argv)
    rows = []
    for name in list_games():
        game = load_game(name)
        rows.append((name, game.title, game.engine))
    data = {"games": [{"name": n, "title": t, "engine": e} for n, t, e in rows]}
    return render(Report("games", (Table("built-in games", ("game", "title", "engine"), tuple(rows)),), data),
                  args.format)


# --- game commands ---------------------------------------------------------------------

def _game_command(command: str, argv) -> tuple[str, int]:
    from oddscalc.games import engine_module
    from oddscalc.tables import load_game
    first = OneLineParser(prog=f"oddscalc {command}", add_help=False)
    first.add_argument("game", nargs="?")
    first.add_argument("--table")
    known, _ = first.parse_known_args(argv)
    if known.game is None or known.game.startswith("-"):
        if "-h" in argv or "--help" in argv:
            return f"usage: oddscalc {command} GAME [options]  (oddscalc games lists the games)\n"
        raise InputError(f"{command}: a game is required (oddscalc games lists them)")
    base = load_game(known.game)
    engine = engine_module(base.engine)
    if command not in engine.COMMANDS:
        raise InputError(f"{command} is not available for {base.name}")
    add_arguments, run = engine.COMMANDS[command]
    parser = OneLineParser(prog=f"oddscalc {command} {base.name}")
    parser.add_argument("game", help="game name (oddscalc games) or a game .toml file")
    parser.add_argument("--table", metavar="PATH", help="your own table file, laid over the game's")
    parser.add_argument("--pay", action="append", default=[], metavar="CATEGORY=VALUE",
                        help="override one payout, e.g. flush=6 or bonus.flush=2 (repeatable)")
    add_format(parser)
    add_arguments(parser)
    args = parser.parse_args(argv)
    game = load_game(args.game, args.table, args.pay)
    report = run(game, args)
    return render(report, args.format), report.exit_status


def build_top_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="oddscalc", description=(
        "Exact odds, optimal strategy and paytable returns for banked poker table games."))
    parser.add_argument("--version", action="version", version=f"oddscalc {__version__}")
    parser.add_argument("command", choices=("rank", "games", "fast-action", *GAME_COMMANDS),
                        help="rank | games | analyze | decide | strategy | fast-action | design | sweep | "
                             "distribution | simulate | check  (oddscalc COMMAND -h for its options)")
    parser.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


def run(argv: list[str]) -> tuple[str, int]:
    """Run one command: what it prints, and its exit status."""
    if not argv:
        raise InputError("a command is required (rank, games, analyze, decide, strategy, …); -h for help")
    if argv[0] in ("-h", "--help", "--version"):
        build_top_parser().parse_args(argv)
    command, rest = argv[0], argv[1:]
    if command == "rank":
        return _rank_command(rest), 0
    if command == "games":
        return _games_command(rest), 0
    if command == "fast-action":
        from oddscalc.games.fast_action_cli import fast_action_command
        return fast_action_command(rest), 0
    if command in GAME_COMMANDS:
        return _game_command(command, rest)
    raise InputError(f"unknown command '{command}' (rank, games, analyze, decide, strategy, fast-action, "
                     "design, sweep, distribution, simulate, check)")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        output, status = run(argv)
    except InputError as error:
        print(f"oddscalc: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("oddscalc: interrupted", file=sys.stderr)
        return 130
    sys.stdout.write(output)
    return status
