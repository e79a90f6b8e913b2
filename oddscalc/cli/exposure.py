"""``oddscalc exposure GAME``: the return when the player sees more than his own cards.

>>> from oddscalc.cli.main import run
>>> output, status = run(["exposure", "caribbean-stud", "--dealer-cards", "5", "--format", "json"])
>>> status, '"exact": true' in output
(0, True)
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc.api.visibility import DEFAULT_SAMPLES, exposure
from oddscalc.cli.options import Output, add_scale_out, game_parser, load_table, samples_of, scale_out, seed_of
from oddscalc.core.numbers import parse_int


def exposure_command(argv: Sequence[str]) -> Output:
    """Parse, check, price, report."""
    parser = game_parser("exposure", "What seeing more than your own cards is worth: the exact return of a "
                                     "player who uses it optimally (estimated where exact does not fit).")
    parser.add_argument("--dealer-cards", default="0", metavar="K",
                        help="dealer cards seen (Caribbean Stud counts the upcard: 1 is the plain game)")
    parser.add_argument("--boxes", default="0", metavar="K", help="other boxes' hands seen (open cards, shared hands)")
    parser.add_argument("--sorted", metavar="RANKS",
                        help="the dealer cards beyond an upcard are seen only as in or out of these ranks, "
                             "e.g. 'A K' (edge sorting)")
    parser.add_argument("--samples", default=str(DEFAULT_SAMPLES), metavar="N",
                        help=f"situations priced when an estimate is needed (default {DEFAULT_SAMPLES})")
    parser.add_argument("--seed", default="1", metavar="S", help="seed of the estimate (default 1)")
    add_scale_out(parser)
    args = parser.parse(argv)
    dealer_cards = parse_int(args.dealer_cards, "--dealer-cards", 0, 5)
    boxes = parse_int(args.boxes, "--boxes", 0, 7)
    samples = samples_of(args, DEFAULT_SAMPLES)
    seed = seed_of(args)
    workers, scheduler = scale_out(args)
    return exposure(load_table(args), dealer_cards, boxes, args.sorted, samples=samples, seed=seed, workers=workers,
                    scheduler=scheduler).report, args.format
