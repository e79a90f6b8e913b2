"""``analyze``, ``decide`` and ``strategy``: a game's own reports, through its engine.

Every option is known to the parser whatever the game (so options may come before the game);
the engine's declared inputs say which apply, and one that does not is refused.

>>> from oddscalc.cli.main import run
>>> run(["decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qd", "--format", "json"])[0][:1]
'{'
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from oddscalc.api.analysis import analyze, decide, input_spec, strategy
from oddscalc.api.tables import Inputs
from oddscalc.cli.options import (
    OneLineParser,
    Output,
    add_scale_out,
    game_parser,
    load_table,
    samples_of,
    scale_out,
    seed_of,
)
from oddscalc.core.errors import InputError
from oddscalc.core.limits import OTHERS_BET, PLAYERS
from oddscalc.core.numbers import parse_int


def _add_sampling(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--samples", metavar="N", help="Monte Carlo samples where exact enumeration is too large")
    parser.add_argument("--seed", metavar="S", help="Monte Carlo seed (default 1)")
    add_scale_out(parser)


def analyze_parser() -> OneLineParser:
    parser = game_parser("analyze", "The exact outcome table and metrics of a game under its optimal strategy.")
    parser.add_argument("--seats", metavar="LIST", help="occupied seats (Fast Action Poker), e.g. 1,2,4,7")
    _add_sampling(parser)
    return parser


def decide_parser() -> OneLineParser:
    parser = game_parser("decide", "The best decision in one situation, with each choice's exact expected value.")
    parser.add_argument("--hand", "--hole", dest="hand", metavar="CARDS",
                        help="your cards (5 in Caribbean Stud, 3 in three-card games, 2 hole cards in Fast Action)")
    parser.add_argument("--up", metavar="CARD", help="the dealer's face-up card")
    parser.add_argument("--flop", "--board", dest="board", metavar="CARDS", help="community cards (3 to 5)")
    parser.add_argument("--dead", metavar="CARDS", help="other cards you can see (other boxes), out of the deck")
    parser.add_argument("--players", metavar="N", help="players at the table (Fast Action Poker)")
    parser.add_argument("--others-bet", action="append", metavar="J",
                        help="other players who make the optional bet (repeatable; default: every number)")
    parser.add_argument("--hero-button", action="store_true", help="you hold the button (Fast Action Poker)")
    _add_sampling(parser)
    return parser


def strategy_parser() -> OneLineParser:
    parser = game_parser("strategy", "The optimal strategy as players use it, with its exceptions; or any "
                                     "strategy priced exactly.")
    parser.add_argument("--compare", action="store_true", help="also price simple strategies exactly")
    parser.add_argument("--price", metavar="FILE|RULES", help="price a strategy exactly against the optimal one: a "
                        "strategy file, a built-in name or rules such as 'A-K-J-8-3+; A-K if match'")
    return parser


def _refuse_unused(args: argparse.Namespace, inputs: Inputs | None, game: str, command: str) -> None:
    """Refuse an option that the game's engine does not read for this command."""
    applies = {
        "hand": inputs is not None and inputs.hand > 0, "up": inputs is not None and inputs.upcards,
        "board": inputs is not None and inputs.board, "dead": inputs is not None and inputs.dead,
        "players": inputs is not None and inputs.players, "seats": inputs is not None and inputs.seats,
        "others_bet": inputs is not None and inputs.betting, "hero_button": inputs is not None and inputs.betting,
        "samples": inputs is not None and inputs.samples is not None,
        "seed": inputs is not None and inputs.samples is not None,
        "workers": inputs is not None and inputs.samples is not None,
        "scheduler": inputs is not None and inputs.samples is not None,
    }
    for name, used in applies.items():
        value = getattr(args, name, None)
        if value not in (None, False) and not used:
            raise InputError(f"{command} {game}: --{name.replace('_', '-')} does not apply to this game")


def _sampling(args: argparse.Namespace, inputs: Inputs | None) -> dict[str, Any]:
    """The sampling options of a command line, for an engine that samples (else none)."""
    if inputs is None or inputs.samples is None:
        return {}
    workers, scheduler = scale_out(args)
    return {"samples": samples_of(args), "seed": seed_of(args),
            "workers": workers, "scheduler": scheduler}


def analyze_command(argv: Sequence[str]) -> Output:
    """``oddscalc analyze GAME``."""
    args = analyze_parser().parse(argv)
    table = load_table(args)
    inputs = input_spec(table, "analyze")
    _refuse_unused(args, inputs, table.name, "analyze")
    return analyze(table, seats=args.seats, **_sampling(args, inputs)).report, args.format


def decide_command(argv: Sequence[str]) -> Output:
    """``oddscalc decide GAME --hand … [--up …] [--dead …]``."""
    args = decide_parser().parse(argv)
    table = load_table(args)
    inputs = input_spec(table, "decide")
    if inputs is None:
        raise InputError(f"decide is not available for {table.name}: it has no decision to make")
    _refuse_unused(args, inputs, table.name, "decide")
    players = None if args.players is None else parse_int(args.players, "--players", *PLAYERS)
    others = (None if args.others_bet is None
              else tuple(parse_int(j, "--others-bet", *OTHERS_BET) for j in args.others_bet))
    return decide(table, args.hand, args.up, board=args.board, dead=args.dead, players=players, others_bet=others,
                  hero_button=bool(args.hero_button), **_sampling(args, inputs)).report, args.format


def strategy_command(argv: Sequence[str]) -> Output:
    """``oddscalc strategy GAME [--compare | --price FILE|RULES]``."""
    args = strategy_parser().parse(argv)
    if args.compare and args.price is not None:
        raise InputError("strategy: --compare and --price do not go together")
    return strategy(load_table(args), compare=args.compare, price=args.price).report, args.format
