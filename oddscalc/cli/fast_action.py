"""``oddscalc fast-action odds``: exact odds of a partly known deal, or its settlement when all is known.

>>> from oddscalc.cli.main import run
>>> output, status = run(["fast-action", "odds", "--seats", "1,2,3", "--hole", "1:AsAd 2:KsKd 3:7c2h",
...                       "--board", "Ah Kh 9c 9d 3s", "--format", "json"])
>>> output.count('"seat"'), status
(3, 0)
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc.api.fast_action import EXACT_LIMIT, SAMPLES, SEED, fast_action_odds
from oddscalc.cli.options import (
    HelpShown,
    OneLineParser,
    Output,
    add_format,
    add_limits,
    add_scale_out,
    samples_of,
    scale_out,
    seed_of,
    shown,
)
from oddscalc.core.errors import InputError
from oddscalc.core.limits import MAX_EXACT_LIMIT
from oddscalc.core.numbers import parse_int

SUBCOMMANDS = ("odds",)


def odds_parser() -> OneLineParser:
    parser = OneLineParser(prog="oddscalc fast-action odds", description=(
        "Exact odds of a partly known Fast Action Poker deal; with every card known, the settlement."))
    parser.add_argument("--seats", required=True, metavar="LIST", help="occupied seats, e.g. 1,2,4,7 (3 to 8 of 1-8)")
    parser.add_argument("--button", metavar="SEAT", help="seat of the dealer button")
    parser.add_argument("--hole", metavar="'SEAT:CARDS ...'", help="known hole cards, e.g. '1:AsKd 7:QcJc'")
    parser.add_argument("--board", metavar="CARDS", help="community cards so far: flop, turn, river (0, 3, 4 or 5)")
    parser.add_argument("--bettors", metavar="LIST", help="seats that made the optional bet: list, all "
                        "(default) or none")
    parser.add_argument("--dead", metavar="CARDS", help="cards known to be out of play")
    parser.add_argument("--draws", metavar="CARDS", help="cards turned from the deck for the action hand "
                        "(only when every card is known)")
    parser.add_argument("--game", default="fast-action-poker", help="game table (default fast-action-poker)")
    parser.add_argument("--table", metavar="PATH", help="your own table file, laid over the game's")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="change one rule")
    parser.add_argument("--exact-limit", default=str(EXACT_LIMIT), metavar="N",
                        help=f"largest number of completions enumerated exactly (default {EXACT_LIMIT})")
    parser.add_argument("--samples", default=str(SAMPLES), metavar="N",
                        help=f"Monte Carlo samples past the exact limit (default {SAMPLES})")
    parser.add_argument("--seed", default=str(SEED), metavar="S", help=f"Monte Carlo seed (default {SEED})")
    add_scale_out(parser)
    add_limits(parser)
    add_format(parser)
    return parser


def odds_command(argv: Sequence[str]) -> Output:
    """The odds, or the step-by-step settlement, of a Fast Action Poker deal."""
    args = odds_parser().parse(argv)
    exact_limit = parse_int(args.exact_limit, "--exact-limit", 0, MAX_EXACT_LIMIT)
    samples = samples_of(args, SAMPLES)
    seed = seed_of(args, SEED)
    workers, scheduler = scale_out(args)
    return fast_action_odds(args.seats, button=args.button, hole=args.hole, board=args.board, bettors=args.bettors,
                            dead=args.dead, draws=args.draws, game=args.game, rules=args.rule, table=args.table,
                            exact_limit=exact_limit, samples=samples, seed=seed, workers=workers,
                            scheduler=scheduler).report, shown(args)


def fast_action_command(argv: Sequence[str]) -> Output:
    """``oddscalc fast-action SUBCOMMAND ...``."""
    if not argv or argv[0] in ("-h", "--help"):
        if argv:
            raise HelpShown("usage: oddscalc fast-action odds --seats LIST [options]   "
                            "(oddscalc fast-action odds -h for the options)\n")
        raise InputError("fast-action: a subcommand is required (odds)")
    if argv[0] not in SUBCOMMANDS:
        raise InputError(f"fast-action: unknown subcommand '{argv[0]}' (expected: {', '.join(SUBCOMMANDS)})")
    return odds_command(argv[1:])
