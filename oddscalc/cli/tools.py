"""``design``, ``sweep``, ``compare``, ``distribution``, ``simulate`` and ``check``: the tools on the
command line.

Each command reads its options, checks every one (and any ``--plot`` or ``--output`` path)
before the work starts, calls its tool and returns the tool's report.

>>> from oddscalc.cli.main import run
>>> run(["sweep", "five-plus-one-bonus", "--vary", "flush=14..15", "--format", "csv"])[0].splitlines()[1]
'payout,return per unit,return per total wagered,house edge per unit,element of risk,note'
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.api.comparison import compare
from oddscalc.api.payouts import OF, PERS, design, sweep, symbolic
from oddscalc.api.rounds import DEFAULT_DIGITS, MAX_DIGITS, QUANTILES, distribution
from oddscalc.api.simulation import OPTIMAL, check, parse_alpha, simulate
from oddscalc.cli.options import Output, game_parser, load_table, overlay_hint, seed_of, shown
from oddscalc.core.errors import InputError
from oddscalc.core.files import output_path
from oddscalc.core.limits import MAX_ROUNDS
from oddscalc.core.numbers import parse_exact, parse_int

QUANTILES_TEXT = ",".join(f"{float(q):g}" for q in QUANTILES)    # the default levels, for the help


def _numbers(text: str, what: str) -> list[Fraction]:
    """A comma-separated list of exact numbers, every item present."""
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise InputError(f"{what} expects numbers separated by commas, got '{text[:80]}'")
    return [parse_exact(item, what) for item in items]


# --- design --------------------------------------------------------------------------------------

def design_command(argv: Sequence[str]) -> Output:
    """``oddscalc design GAME --target-return RTP --vary CATEGORY`` (or ``--symbolic``)."""
    parser = game_parser("design", "Solve one payout for a target return (the optimal strategy re-solved each time).")
    parser.add_argument("--target-return", metavar="RTP", help="target return to player: 0.975, 97.5%% or 39/40")
    parser.add_argument("--vary", metavar="CATEGORY", help="payout to solve for: flush, or PAYTABLE.CATEGORY")
    parser.add_argument("--per", choices=PERS, default="ante",
                        help="the target is per unit (the stake of the wager solved for: the Ante, the Bet, the "
                             "side-bet stake; default) or per total amount wagered")
    parser.add_argument("--of", choices=OF, default="wager",
                        help="solve for the return of the wager the payout belongs to (default; a side bet's pay: "
                             "that side bet) or of the whole game")
    parser.add_argument("--symbolic", action="store_true",
                        help="print the return as an exact expression in the payouts (fixed optimal strategy)")
    parser.add_argument("--max-payout", default="1000000", metavar="P", help="largest payout searched")
    parser.add_argument("--step", default="1", metavar="S", help="also show the nearby payouts on this grid")
    args = parser.parse(argv)
    game = load_table(args)
    if args.target_return is None and args.vary is None:
        if not args.symbolic:
            raise InputError("design needs --target-return and --vary (or --symbolic)")
        return symbolic(game).report, shown(args)
    if args.target_return is None or args.vary is None:
        raise InputError("design needs both --target-return and --vary")
    return design(game, args.vary, args.target_return, per=args.per, of=args.of, max_payout=args.max_payout,
                  step=args.step, symbolic=args.symbolic).report, shown(args)


# --- sweep ---------------------------------------------------------------------------------------

def sweep_command(argv: Sequence[str]) -> Output:
    """``oddscalc sweep GAME --vary CATEGORY=A..B``."""
    parser = game_parser("sweep", "The exact return at every payout of a range.")
    parser.add_argument("--vary", required=True, metavar="CATEGORY=A..B",
                        help="payout and values: flush=1..10, flush=1..10 with --step 0.5, or flush=5,6,7.5")
    parser.add_argument("--step", metavar="S", help="spacing of a range A..B (default 1)")
    parser.add_argument("--of", choices=OF, default="wager",
                        help="the return of the wager the payout belongs to (default; a side bet's pay: that side "
                             "bet) or of the whole game")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the return against the payout")
    args = parser.parse(argv)
    return sweep(load_table(args), args.vary, step=args.step, of=args.of, plot=args.plot).report, shown(args)


# --- compare -------------------------------------------------------------------------------------

def compare_command(argv: Sequence[str]) -> Output:
    """``oddscalc compare GAME --variant SPEC [--variant SPEC ...]``."""
    parser = game_parser("compare", "Paytables, rule sets or strategies of one game side by side, exact.")
    parser.add_argument("--variant", action="append", required=True, metavar="SPEC",
                        help="a variant laid over the game: settings separated by commas, each a pay (flush=5, "
                             "pair-plus.flush=4), a rule (KEY=VALUE) or strategy=NAME; or a table file (my.toml); "
                             "repeatable, the game as given is the first column")
    parser.add_argument("--strategy", default=OPTIMAL, metavar="NAME",
                        help="the strategy of every variant that names none (default optimal)")
    args = parser.parse(argv)
    return compare(args.game, args.variant, strategy=args.strategy, pays=args.pay, rules=args.rule,
                   table=args.table).report, shown(args)


# --- distribution --------------------------------------------------------------------------------

def distribution_command(argv: Sequence[str]) -> Output:
    """``oddscalc distribution GAME --rounds N``."""
    parser = game_parser("distribution", "The exact distribution of the net result after N rounds.")
    parser.add_argument("--rounds", default="1", metavar="N", help="rounds played (default 1)")
    parser.add_argument("--quantiles", metavar="Q,Q,...",
                        help=f"levels of the quantiles of the total (default {QUANTILES_TEXT})")
    parser.add_argument("--losing-more-than", metavar="X,X,...",
                        help="losses (in units) to give the chance of exceeding (default: 1, 2, 5, 10, 20, ...)")
    parser.add_argument("--full", action="store_true", help="list the probability of every total")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the distribution of the total")
    parser.add_argument("--exact", action="store_true",
                        help="exact mode even when it is costly (default: exact when cheap, else high precision)")
    parser.add_argument("--digits", metavar="D", help="high precision mode: every probability within 10^-D of "
                        f"the exact value (default {DEFAULT_DIGITS} when chosen automatically)")
    args = parser.parse(argv)
    rounds = parse_int(args.rounds, "--rounds", 1, MAX_ROUNDS)
    digits = None if args.digits is None else parse_int(args.digits, "--digits", 1, MAX_DIGITS)
    levels = QUANTILES if args.quantiles is None else _numbers(args.quantiles, "--quantiles")
    losses = None if args.losing_more_than is None else _numbers(args.losing_more_than, "--losing-more-than")
    return distribution(load_table(args), rounds, quantiles=levels, losing_more_than=losses, full=args.full,
                        digits=digits, exact=args.exact, plot=args.plot).report, shown(args)


# --- simulate ------------------------------------------------------------------------------------

def simulate_command(argv: Sequence[str]) -> Output:
    """``oddscalc simulate GAME --rounds N [--seed S] [--strategy NAME] [--output FILE]``."""
    parser = game_parser("simulate", "A seeded Monte Carlo of the game, counted under the analysis' outcome names.")
    parser.add_argument("--rounds", required=True, metavar="N", help="rounds to play")
    parser.add_argument("--seed", default="1", metavar="S", help="random seed (default 1)")
    parser.add_argument("--strategy", default=OPTIMAL, metavar="NAME|FILE|RULES",
                        help="optimal (default), a built-in strategy (strategy --compare lists them), a strategy "
                             "file, or rules such as 'A-K-J-8-3+; A-K if match'")
    parser.add_argument("--output", metavar="FILE", help="also write the counts file (.csv or .json)")
    args = parser.parse(argv)
    rounds = parse_int(args.rounds, "--rounds", 1, MAX_ROUNDS)
    seed = seed_of(args)
    output = None if args.output is None else output_path(args.output, "--output", (".csv", ".json"))
    return simulate(load_table(args), rounds, seed, args.strategy, output=output,
                    check_hint=overlay_hint(args)).report, shown(args)


# --- check ---------------------------------------------------------------------------------------

def check_command(argv: Sequence[str]) -> Output:
    """``oddscalc check GAME --counts FILE``: exit status 0 on PASS, 1 on FAIL."""
    parser = game_parser("check", "A simulator's outcome counts against the exact distribution.")
    parser.add_argument("--counts", required=True, metavar="FILE", help="outcome counts (CSV or JSON)")
    parser.add_argument("--alpha", default="0.01", metavar="A", help="significance level (default 0.01)")
    parser.add_argument("--strategy", metavar="NAME|FILE|RULES",
                        help="strategy the counts were played with, as simulate takes it (default: the file's, "
                             "else optimal)")
    parser.add_argument("--wager", default="main", metavar="KEY",
                        help="the wager the counts are of: main (default) or a side bet's key (pair-plus, ...)")
    args = parser.parse(argv)
    alpha = parse_alpha(args.alpha, "--alpha")
    return check(load_table(args), args.counts, strategy=args.strategy, alpha=alpha,
                 wager=args.wager).report, shown(args)
