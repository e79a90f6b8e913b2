"""``oddscalc exposure GAME``: the return when the player sees more than his own cards.

>>> from oddscalc.cli.main import run
>>> output, status = run(["exposure", "caribbean-stud", "--dealer-cards", "5", "--format", "json"])
>>> status, '"exact": true' in output
(0, True)
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from oddscalc.api.visibility import DEFAULT_SAMPLES, exposure
from oddscalc.cli.options import Output, add_scale_out, game_parser, load_table, samples_of, scale_out, seed_of, shown
from oddscalc.core.errors import InputError
from oddscalc.core.limits import BOARD_CARDS, BOXES, DEALER_CARDS
from oddscalc.core.numbers import parse_int


def exposure_command(argv: Sequence[str]) -> Output:
    """Parse, check, price, report."""
    parser = game_parser("exposure", "What seeing more than your own cards is worth: the exact return of a "
                                     "player who uses it optimally (estimated where exact does not fit).")
    parser.add_argument("--dealer-cards", metavar="K",
                        help="dealer cards seen (Caribbean Stud counts the upcard: 1 is the plain game)")
    parser.add_argument("--boxes", default="0", metavar="K", help="other boxes' hands seen (open cards, shared hands)")
    parser.add_argument("--board-cards", default="0", metavar="K",
                        help="the first K community cards seen before they are turned (Mississippi Stud, Let It Ride)")
    parser.add_argument("--sorted", metavar="RANKS",
                        help="the dealer cards beyond an upcard (or the --board-cards) are seen only as in or out of "
                             "these ranks, e.g. 'A K' (edge sorting; give --dealer-cards or --board-cards too), or "
                             "as their class, e.g. 'A|K Q J|*' (three-card games, Caribbean Stud)")
    parser.add_argument("--samples", metavar="N",
                        help=f"situations priced when an estimate is needed (default {DEFAULT_SAMPLES}); given, it "
                             f"also estimates a case counted exactly but at length (Ultimate Texas Hold'em's dealer "
                             f"cards seen)")
    parser.add_argument("--seed", default="1", metavar="S", help="seed of the estimate (default 1)")
    add_scale_out(parser)
    args = parser.parse(argv)
    dealer_cards = 0 if args.dealer_cards is None else parse_int(args.dealer_cards, "--dealer-cards", *DEALER_CARDS)
    boxes = parse_int(args.boxes, "--boxes", *BOXES)
    board_cards = parse_int(args.board_cards, "--board-cards", *BOARD_CARDS)
    if args.sorted is not None:
        # the options' own rules, in the options' words (the API's messages name its parameters)
        if not args.sorted.strip():
            raise InputError("--sorted needs a set of ranks, e.g. --sorted 'A K'")
        if boxes:
            raise InputError("--sorted with --boxes: sorted dealer cards and other boxes are not priced together")
        if args.dealer_cards is None and not board_cards:
            raise InputError("--sorted needs --dealer-cards K or --board-cards K: how many dealer cards (Caribbean "
                             "Stud counts the upcard) or community cards are seen sorted")
    samples = samples_of(args)
    seed = seed_of(args)
    workers, scheduler = scale_out(args)
    table = load_table(args)
    try:
        found = exposure(table, dealer_cards, boxes, args.sorted, board_cards, samples=samples, seed=seed,
                         workers=workers, scheduler=scheduler)
    except InputError as error:
        raise InputError(option_terms(str(error))) from None
    return found.report, shown(args)


# the API's parameters (``sorted_ranks=``, ``dealer_cards=2``) as this command's options; the
# names that are also English words (boxes, seed) only with their "="
_PARAMETERS = {"sorted_ranks": "--sorted", "dealer_cards": "--dealer-cards", "board_cards": "--board-cards",
               "boxes": "--boxes",
               "samples": "--samples", "seed": "--seed", "workers": "--workers", "scheduler": "--scheduler"}
_PARAMETER = re.compile(r"(?<![\w-])(?:(sorted_ranks|dealer_cards|board_cards)\b(=?)"
                        r"|(boxes|samples|seed|workers|scheduler)(=))( ?)")


def option_terms(message: str) -> str:
    """A refusal in this command's words: each parameter of the API named as its option.

    >>> option_terms("sorted_ranks= needs dealer_cards=1, 2 or 3 (the cards whose backs are seen)")
    '--sorted needs --dealer-cards 1, 2 or 3 (the cards whose backs are seen)'
    >>> option_terms("boxes=4 is not priced exactly; dealer_cards must be at least 1, with other boxes")
    '--boxes 4 is not priced exactly; --dealer-cards must be at least 1, with other boxes'
    >>> option_terms("board_cards=K is not priced for fast-poker (its family prices dealer_cards=K, boxes=K)")
    '--board-cards K is not priced for fast-poker (its family prices --dealer-cards K, --boxes K)'
    """
    def option(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(3)
        equals, space = match.group(2) or match.group(4), match.group(5)
        return _PARAMETERS[name] + (" " if equals or space else "")

    return _PARAMETER.sub(option, message)
