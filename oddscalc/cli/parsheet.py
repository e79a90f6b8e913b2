"""``oddscalc report GAME --output FILE.html``: the par sheet of a game as one self-contained page
(``FILE.pdf``: the same page printed by headless Chromium).

The output path is checked before any work starts, and the page is written through a temporary
file, so a failure writes nothing.  What the command prints is the key figures and where the page
went (``--format`` as for every report).

>>> report_command(["caribbean-stud", "--output", "sheet.doc"])
Traceback (most recent call last):
oddscalc.core.errors.InputError: --output: the file name must end in .html or .htm or .pdf, got 'sheet.doc'
"""
from __future__ import annotations

import shlex
from collections.abc import Sequence

from oddscalc.api.parsheet import (
    HANDS_PER_HOUR,
    MAX_HANDS_PER_HOUR,
    MAX_ROUNDS,
    MAX_SIMULATED,
    MAX_SWEEP_POINTS,
    OPTIMAL,
    ROUNDS,
    SUFFIXES,
    SWEEP_POINTS,
    par_sheet,
)
from oddscalc.cli.options import OneLineParser, Output, add_game_options, load_table, shown
from oddscalc.core.files import output_path
from oddscalc.core.numbers import parse_int


def report_parser() -> OneLineParser:
    parser = OneLineParser(prog="oddscalc report", description=(
        "A par sheet: one self-contained HTML page with the rules and paytables, the outcome table, every "
        "metric (exact), the strategy chart, the return against each payout, the distribution over N rounds "
        "and the side bets."))
    add_game_options(parser)
    parser.add_argument("--output", required=True, metavar="FILE.html",
                        help="the page to write (FILE.pdf: printed to PDF by headless Chromium)")
    parser.add_argument("--strategy", default=OPTIMAL, metavar="NAME",
                        help="optimal (default), or a simple strategy of the game (strategy --compare lists them)")
    parser.add_argument("--rounds", default=str(ROUNDS), metavar="N",
                        help=f"the distribution is shown for 1 to N rounds (default {ROUNDS})")
    parser.add_argument("--simulate", default="0", metavar="N",
                        help="also play N seeded rounds of the game's simulator and put check's verdict on the sheet")
    parser.add_argument("--seed", default="1", metavar="S", help="the simulation's seed (default 1)")
    parser.add_argument("--hands-per-hour", default=str(HANDS_PER_HOUR), metavar="H",
                        help=f"the pace of the per-hour figures (default {HANDS_PER_HOUR})")
    parser.add_argument("--variant", action="append", metavar="SPEC",
                        help="another paytable, rule set or strategy beside the game, as compare takes it "
                             "(flush=6,straight=3, strategy=NAME or a table file; repeatable)")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help="a PDF's page size (default a4); every section is printed open, pages numbered")
    parser.add_argument("--sweep-points", default=str(SWEEP_POINTS), metavar="K",
                        help=f"payouts per sweep, from 0 to twice the table's (default {SWEEP_POINTS}; 0: no sweeps)")
    return parser


def report_command(argv: Sequence[str]) -> Output:
    """``oddscalc report GAME [--pay …] [--rule …] [--table …] [--strategy NAME] --output FILE.html``."""
    args = report_parser().parse(argv)
    output = output_path(args.output, "--output", SUFFIXES)       # checked before any work
    rounds = parse_int(args.rounds, "--rounds", 1, MAX_ROUNDS)
    points = parse_int(args.sweep_points, "--sweep-points", 0, MAX_SWEEP_POINTS)
    simulated = parse_int(args.simulate, "--simulate", 0, MAX_SIMULATED)
    seed = parse_int(args.seed, "--seed", 0, 2 ** 64 - 1)
    hands = parse_int(args.hands_per_hour, "--hands-per-hour", 1, MAX_HANDS_PER_HOUR)
    return par_sheet(load_table(args), output, strategy=args.strategy, rounds=rounds, sweep_points=points,
                     command="oddscalc report " + shlex.join(argv), paper=args.paper, simulate=simulated, seed=seed,
                     hands_per_hour=hands, lang=args.lang, variants=args.variant).report, shown(args)
