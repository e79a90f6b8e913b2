"""``oddscalc fast-action odds``: exact odds of a partly known deal, or its settlement when all is known.

>>> print(fast_action_command(["odds", "--seats", "1,2,3", "--hole", "1:AsAd 2:KsKd 3:7c2h",
...                            "--board", "Ah Kh 9c 9d 3s", "--format", "json"]).count('"seat"'))
3
"""
from __future__ import annotations

from oddscalc.cli import OneLineParser, add_format
from oddscalc.errors import InputError
from oddscalc.games.fast_action_deal import parse_deal
from oddscalc.games.fast_action_odds import EXACT_LIMIT, SAMPLES, SEED, deal_odds
from oddscalc.games.fast_action_report import odds_report
from oddscalc.games.fast_action_rules import rules_of_game
from oddscalc.report import render
from oddscalc.tables import load_game

SUBCOMMANDS = ("odds",)


def add_deal_arguments(parser, button: bool = True) -> None:
    """Options that describe the table (shared with ``analyze``)."""
    parser.add_argument("--seats", required=True, metavar="LIST",
                        help="occupied seats, e.g. 1,2,4,7 (3 to 8 of seats 1-8)")
    if button:
        parser.add_argument("--button", metavar="SEAT", help="seat of the dealer button")


def add_sampling_arguments(parser, samples: int = SAMPLES) -> None:
    """Options of the seeded Monte Carlo used past the exact limit."""
    parser.add_argument("--samples", type=int, default=samples, metavar="N",
                        help=f"Monte Carlo samples when exact enumeration is too large (default {samples})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"Monte Carlo seed (default {SEED})")


def odds_parser() -> OneLineParser:
    parser = OneLineParser(prog="oddscalc fast-action odds", description=(
        "Exact odds of a partly known Fast Action Poker deal; with every card known, the settlement."))
    add_deal_arguments(parser)
    parser.add_argument("--hole", metavar="'SEAT:CARDS ...'", help="known hole cards, e.g. '1:AsKd 7:QcJc'")
    parser.add_argument("--board", metavar="CARDS", help="community cards so far: flop, turn, river (0, 3, 4 or 5)")
    parser.add_argument("--bettors", metavar="LIST", help="seats that made the optional bet: list, all "
                        "(default) or none")
    parser.add_argument("--dead", metavar="CARDS", help="cards known to be out of play")
    parser.add_argument("--draws", metavar="CARDS", help="cards turned from the deck for the action hand "
                        "(only when every card is known)")
    parser.add_argument("--game", default="fast-action-poker", help="game table (default fast-action-poker)")
    parser.add_argument("--table", metavar="PATH", help="your own table file, laid over the game's")
    parser.add_argument("--exact-limit", type=int, default=EXACT_LIMIT, metavar="N",
                        help=f"largest number of completions enumerated exactly (default {EXACT_LIMIT})")
    add_sampling_arguments(parser)
    add_format(parser)
    return parser


def odds_command(argv: list[str]) -> str:
    args = odds_parser().parse_args(argv)
    game = load_game(args.game, args.table)
    if game.engine != "fast-action":
        raise InputError(f"game '{game.name}' is not a Fast Action Poker game")
    rules = rules_of_game(game)
    deal = parse_deal(rules, args.seats, args.button, args.hole, args.board, args.bettors, args.dead,
                      args.draws)
    if deal.complete:
        # imported here: the hand evaluator's front end is only needed to settle a known hand
        from oddscalc.games.fast_action_settlement import settle
        from oddscalc.games.fast_action_settlement_report import settlement_report
        return render(settlement_report(settle(rules, deal)), args.format)
    if deal.draws:
        raise InputError("--draws needs every hole card and all five community cards")
    if args.samples < 2:
        raise InputError("--samples must be at least 2")
    return render(odds_report(deal_odds(rules, deal, args.exact_limit, args.samples, args.seed)), args.format)


def fast_action_command(argv: list[str]) -> str:
    """Run ``oddscalc fast-action SUBCOMMAND ...`` and return what it prints."""
    if not argv or argv[0] in ("-h", "--help"):
        if argv:
            return ("usage: oddscalc fast-action odds --seats LIST [--button SEAT] [--hole 'SEAT:CARDS ...'] "
                    "[--board CARDS] [--bettors LIST] [--dead CARDS] [--draws CARDS] [--format ...]\n")
        raise InputError("fast-action: a subcommand is required (odds)")
    if argv[0] not in SUBCOMMANDS:
        raise InputError(f"fast-action: unknown subcommand '{argv[0]}' (expected: {', '.join(SUBCOMMANDS)})")
    return odds_command(argv[1:])
