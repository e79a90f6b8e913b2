"""The ``design``, ``sweep``, ``distribution``, ``simulate`` and ``check`` game commands.

Each entry of :data:`COMMANDS` is ``(add_arguments(parser), run(game, args) -> Report)``; an engine
module registers them all with ``COMMANDS.update(design_commands.COMMANDS)``.  They need only the
engine's ``analyze_game`` (``simulate``: a simulator for the engine).  Every argument, and a
``--plot`` or ``--output`` path, is checked before any work, so bad input writes nothing.

>>> sorted(COMMANDS)
['check', 'design', 'distribution', 'simulate', 'sweep']
"""
from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from oddscalc.errors import InputError
from oddscalc.report import Report, Table, analysis_data, decimal_text, metrics_table, outcome_table, percent_text
from oddscalc.tables import GameTable, parse_payout

PER_LABEL = {"ante": "per unit", "unit": "per unit", "total": "per total amount wagered"}


def big_text(value: Fraction) -> str:
    """``p/q`` of any size (``str(int)`` refuses more than 4300 digits; ``Decimal`` does not).

    >>> big_text(Fraction(10 ** 5000 + 1, 3))[-2:]
    '/3'
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(Decimal(value.numerator))
    return f"{Decimal(value.numerator)}/{Decimal(value.denominator)}"


def probability_text(value: Fraction) -> str:
    """A probability as a decimal; in scientific notation when it is below one in a million.

    >>> probability_text(Fraction(1, 4)), probability_text(Fraction(1, 10 ** 9))
    ('0.2500000000', '1.000e-09')
    """
    return decimal_text(value, 10) if value == 0 or value >= Fraction(1, 10 ** 6) else f"{float(value):.3e}"


def _short(value: Fraction, limit: int = 40):
    """The exact value for a table cell when it is short, else an empty cell."""
    return value if len(big_text(value)) <= limit else ""


# --- design ---------------------------------------------------------------------------

def _design_arguments(parser) -> None:
    parser.add_argument("--target-return", metavar="RTP",
                        help="target return to player: 0.975, 97.5%% or 39/40")
    parser.add_argument("--vary", metavar="CATEGORY", help="payout to solve for: flush, or PAYTABLE.CATEGORY")
    parser.add_argument("--per", choices=("ante", "unit", "total"), default="ante",
                        help="the target is per unit (the Ante or the Bet; default) or per total amount wagered")
    parser.add_argument("--symbolic", action="store_true",
                        help="print the return as an exact expression in the payouts (fixed optimal strategy)")
    parser.add_argument("--max-payout", default="1000000", metavar="P", help="largest payout searched")
    parser.add_argument("--step", default="1", metavar="S", help="also show the nearby payouts on this grid")


def _paytable_rows(game: GameTable, name: str) -> tuple:
    return tuple((category, pay) for category, pay in game.paytable(name).pays.items())


def _nearby(game, key, payout: Fraction, step: Fraction) -> list[tuple]:
    from oddscalc.payouts import analysis_at
    below = step * math.floor(payout / step)
    grid = [below] if below == payout else [below, below + step]
    rows = []
    for value in grid:
        if value >= 0:
            a = analysis_at(game, key, value)
            rows.append((value, a.rtp, a.rtp_total))
    return rows


def _symbolic_tables(symbolic, solved=None) -> tuple[list[Table], dict, list[str]]:
    import sympy
    values = dict(symbolic.values)
    if solved is not None:
        key, payout = solved
        values[symbolic.symbols[key]] = sympy.Rational(payout)
    wager = symbolic.analysis.average_wager
    rows, data = [], {}
    for key, coefficient in symbolic.coefficients.items():
        pay = Fraction(str(values[symbolic.symbols[key]]))
        rows.append((str(symbolic.symbols[key]), pay, coefficient, decimal_text(coefficient, 8),
                     decimal_text(coefficient / wager, 8), decimal_text(coefficient * pay, 8)))
        data[key.text] = {"symbol": str(symbolic.symbols[key]), "pay": pay, "marginal_effect": coefficient,
                          "marginal_effect_per_total": coefficient / wager, "contribution": coefficient * pay}
    table = Table("marginal effect of each payout (fixed optimal strategy): return per unit gained when the "
                  "payout rises by 1", ("payout", "pays", "exact", "per unit", "per total wagered",
                                        "contribution to the return"), tuple(rows))
    rtp, rtp_total = symbolic.rtp_expression, symbolic.rtp_total_expression
    notes = [f"RTP per unit = {rtp}", f"RTP per total wagered = {rtp_total}",
             f"(at these pays: {rtp.subs(values)} per unit, {rtp_total.subs(values)} per total wagered)"]
    json = {"rtp_expression": str(rtp), "rtp_total_expression": str(rtp_total),
            "rtp_expression_latex": sympy.latex(rtp), "constant": symbolic.constant,
            "average_wager": wager, "payouts": data}
    return [table], json, notes


def _design_run(game: GameTable, args) -> Report:
    from oddscalc.design import metric_value, parse_target, solve_payout
    from oddscalc.payouts import current_payout, payout_key, strategy_of, with_payout
    from oddscalc.symbolic import symbolic_return
    if args.target_return is None and args.vary is None:
        if not args.symbolic:
            raise InputError("design needs --target-return and --vary (or --symbolic)")
        symbolic = symbolic_return(game)
        tables, data, notes = _symbolic_tables(symbolic)
        return Report(f"{game.title}: the return as an expression in the payouts", tuple(tables),
                      {"game": game.name, "symbolic": data}, tuple(notes))
    if args.target_return is None or args.vary is None:
        raise InputError("design needs both --target-return and --vary")
    target = parse_target(args.target_return)
    key = payout_key(game, args.vary)
    limit = parse_payout(args.max_payout, "--max-payout")
    step = parse_payout(args.step, "--step")
    if limit <= 0 or step <= 0:
        raise InputError("--max-payout and --step must be positive")
    solution = solve_payout(game, key, target, args.per, limit)
    per = PER_LABEL[args.per]
    title = f"{game.title}: {key.text} for a return of {percent_text(target, 4)} {per}"
    data = {"game": game.name, "vary": key.text, "per": "total" if args.per == "total" else "unit",
            "target": target, "table_payout": current_payout(game, key), "found": solution.found,
            "payout": solution.payout, "reason": solution.reason, "analyses": len(solution.tried)}
    tried = Table("payouts tried (each an exact analysis with its own optimal strategy)",
                  ("payout", "decimal", f"return {per}"),
                  tuple((_short(p.payout), decimal_text(p.payout, 6), percent_text(p.value, 6))
                        for p in sorted(solution.tried, key=lambda p: p.payout)))
    if not solution.found:
        summary = Table("result", ("", "value"), (("target", f"{percent_text(target, 6)} {per}"),
                                                  ("result", solution.reason)))
        return Report(title, (summary, tried), data)
    a = solution.analysis
    solved_game = with_payout(game, key, solution.payout)
    summary = Table("solution", ("", "exact", "decimal"), (
        (f"{key.text}: the table pays", current_payout(game, key), decimal_text(current_payout(game, key), 6)),
        (f"{key.text}: pays for the target", solution.payout, decimal_text(solution.payout, 10)),
        (f"target return {per}", target, percent_text(target, 6)),
        ("return per unit (RTP)", _short(a.rtp), percent_text(a.rtp, 6)),
        ("return per total wagered", _short(a.rtp_total), percent_text(a.rtp_total, 6)),
        ("exact analyses made", len(solution.tried), ""),
    ))
    near = _nearby(game, key, solution.payout, step)
    nearby = Table(f"nearby payouts on a grid of {step}", ("payout", "return per unit", "return per total wagered"),
                   tuple((v, percent_text(r, 6), percent_text(t, 6)) for v, r, t in near))
    paytable = Table(f"paytable {key.paytable} with the solved payout", ("category", "pays"),
                     _paytable_rows(solved_game, key.paytable))
    tables = [summary, nearby, paytable, outcome_table(a), metrics_table(a)]
    notes = [f"The optimal strategy is re-solved at every payout tried ({len(solution.tried)} exact analyses); "
             f"the return {per} is exactly {big_text(metric_value(a, args.per))}, the target."]
    data.update({"payout_decimal": float(solution.payout),
                 "paytable": dict(_paytable_rows(solved_game, key.paytable)),
                 "nearby": [{"payout": v, "rtp": r, "rtp_total": t} for v, r, t in near],
                 "analysis": analysis_data(a)})
    if args.symbolic:
        piece = next(p for p in solution.tried if strategy_of(p.analysis) == strategy_of(a))
        symbolic = symbolic_return(with_payout(game, key, piece.payout))
        more, data["symbolic"], more_notes = _symbolic_tables(symbolic, (key, solution.payout))
        tables += more
        notes += more_notes
    return Report(title, tuple(tables), data, tuple(notes))


# --- sweep ---------------------------------------------------------------------------

def _sweep_arguments(parser) -> None:
    parser.add_argument("--vary", required=True, metavar="CATEGORY=A..B",
                        help="payout and values: flush=1..10, flush=1..10 with --step 0.5, or flush=5,6,7.5")
    parser.add_argument("--step", metavar="S", help="spacing of a range A..B (default 1)")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the return against the payout")


def _sweep_run(game: GameTable, args) -> Report:
    from oddscalc.payouts import current_payout
    from oddscalc.plotting import plot_target, save_lines
    from oddscalc.sweep import parse_sweep, sweep
    key, values = parse_sweep(game, args.vary, args.step)
    plot = plot_target(args.plot)
    rows = sweep(game, key, values)
    table_pay = current_payout(game, key)
    calls = rows[0].analysis.call_probability is not None
    headers = ("payout", "return per unit", "return per total wagered", "house edge per unit",
               "element of risk", *(("call probability",) if calls else ()), "note")
    cells = tuple((r.payout, percent_text(r.analysis.rtp, 4), percent_text(r.analysis.rtp_total, 4),
                   percent_text(r.analysis.house_edge, 4), percent_text(r.analysis.element_of_risk, 4),
                   *((percent_text(r.analysis.call_probability, 4),) if calls else ()),
                   "the table's payout" if r.payout == table_pay else "") for r in rows)
    data = {"game": game.name, "vary": key.text, "table_payout": table_pay,
            "rows": [{"payout": r.payout, "rtp": r.analysis.rtp, "rtp_total": r.analysis.rtp_total,
                      "house_edge": r.analysis.house_edge, "element_of_risk": r.analysis.element_of_risk,
                      "call_probability": r.analysis.call_probability} for r in rows]}
    notes = ["Each row is an exact analysis with the optimal strategy for that payout."]
    if plot is not None:
        save_lines(plot, f"{game.title}: return against the {key.text} payout", f"{key.text} pays",
                   "return to player (%)", [float(r.payout) for r in rows],
                   [("per unit", [float(r.analysis.rtp) * 100 for r in rows]),
                    ("per total wagered", [float(r.analysis.rtp_total) * 100 for r in rows])],
                   float(table_pay) if values[0] <= table_pay <= values[-1] else None)
        notes.append(f"chart written to {plot}")
        data["plot"] = str(plot)
    return Report(f"{game.title}: return against {key.text}", (Table("sweep", headers, cells),), data,
                  tuple(notes))


# --- distribution ----------------------------------------------------------------------

DEFAULT_QUANTILES = "0.01,0.05,0.1,0.25,0.5,0.75,0.9,0.95,0.99"


def _distribution_arguments(parser) -> None:
    parser.add_argument("--rounds", type=int, default=1, metavar="N", help="rounds played (default 1)")
    parser.add_argument("--quantiles", default=DEFAULT_QUANTILES, metavar="Q,Q,...",
                        help=f"levels of the quantiles of the total (default {DEFAULT_QUANTILES})")
    parser.add_argument("--losing-more-than", metavar="X,X,...",
                        help="losses (in units) to give the chance of exceeding (default: 1, 2, 5, 10, 20, ...)")
    parser.add_argument("--full", action="store_true", help="list the probability of every total")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the distribution of the total")


def _levels(text: str) -> list[Fraction]:
    levels = [parse_payout(item, "--quantiles") for item in text.split(",") if item.strip()]
    if not levels or any(not 0 < q < 1 for q in levels):
        raise InputError(f"--quantiles must be levels between 0 and 1, got '{text}'")
    return levels


def _default_losses(largest_loss: Fraction) -> list[Fraction]:
    steps, scale = [], 1
    while len(steps) < 12:
        for base in (1, 2, 5):
            if base * scale < largest_loss:
                steps.append(Fraction(base * scale))
        scale *= 10
        if scale >= largest_loss:
            break
    return steps[:12]


def _distribution_run(game: GameTable, args) -> Report:
    from oddscalc.distribution import analysis_distribution, cost, power, MAX_DIGITS
    from oddscalc.payouts import analyzer
    from oddscalc.plotting import plot_target, save_bars
    if args.rounds < 1:
        raise InputError(f"--rounds must be at least 1, got {args.rounds}")
    levels = _levels(args.quantiles)
    losses = None
    if args.losing_more_than is not None:
        losses = [parse_payout(item, "--losing-more-than") for item in args.losing_more_than.split(",")
                  if item.strip()]
        if not losses:
            raise InputError("--losing-more-than needs amounts, e.g. 10,50")
    plot = plot_target(args.plot)
    analysis = analyzer(game)(game)
    one = analysis_distribution(analysis)
    if cost(one, args.rounds) > MAX_DIGITS:
        raise InputError(f"{args.rounds} rounds of {game.name} are too many to convolve exactly "
                         f"(about {cost(one, args.rounds):,} digits of work; at most {MAX_DIGITS:,})")
    dist = power(one, args.rounds)
    n = args.rounds
    unit = analysis.unit
    by_net: dict[Fraction, list[str]] = {}
    for row in analysis.outcomes:
        by_net.setdefault(row.net, []).append(row.outcome)
    round_rows = tuple((v, one.probability(i), probability_text(one.probability(i)), ", ".join(by_net.get(v, [])))
                       for i, v in enumerate(one.values()) if one.weights[i])
    tables = [Table(f"one round: net per {unit}", ("net", "probability", "decimal", "outcomes"), round_rows)]
    ahead, behind = dist.above(0), dist.below(0)
    even = 1 - ahead - behind
    mean, variance = n * analysis.expected_return, n * analysis.variance
    smallest, largest = dist.value(0), dist.value(len(dist.weights) - 1)
    summary = (("expected total", mean, decimal_text(mean, 6)),
               ("standard deviation of the total", "", f"{math.sqrt(variance):.6f}"),
               ("probability of being ahead (total > 0)", _short(ahead), probability_text(ahead)),
               ("probability of breaking even (total = 0)", _short(even), probability_text(even)),
               ("probability of being behind (total < 0)", _short(behind), probability_text(behind)),
               ("smallest possible total", smallest, ""), ("largest possible total", largest, ""))
    tables.append(Table(f"total net after {n} round{'s' if n > 1 else ''} (in {unit}s)",
                        ("", "exact", "decimal"), summary))
    quantiles = dist.quantiles(levels)
    tables.append(Table("quantiles of the total (smallest total whose cumulative probability reaches the level)",
                        ("level", "total"), tuple((decimal_text(q, 4), v) for q, v in zip(levels, quantiles))))
    losses = losses if losses is not None else _default_losses(-smallest)
    loss_rows = [(x, dist.below(-x)) for x in losses]
    tables.append(Table(f"chance of losing more than X {unit}s in total", ("X", "probability", "decimal"),
                        tuple((x, _short(p), probability_text(p)) for x, p in loss_rows)))
    data = {"game": game.name, "rounds": n, "unit": unit,
            "round": [{"net": v, "probability": p, "outcomes": names.split(", ") if names else []}
                      for v, p, _d, names in round_rows],
            "expected_total": mean, "variance_total": variance,
            "ahead": big_text(ahead), "even": big_text(even), "behind": big_text(behind),
            "ahead_decimal": float(ahead), "even_decimal": float(even), "behind_decimal": float(behind),
            "smallest": smallest, "largest": largest,
            "quantiles": [{"level": q, "total": v} for q, v in zip(levels, quantiles)],
            "losing_more_than": [{"x": x, "probability": big_text(p), "probability_decimal": float(p)}
                                 for x, p in loss_rows]}
    if args.full:
        tables.append(Table("every total", ("total", "probability"),
                            tuple((dist.value(i), f"{dist.probability_float(i):.6e}")
                                  for i in range(len(dist.weights)) if dist.weights[i])))
        data["denominator"] = big_text(Fraction(dist.denominator))
        data["totals"] = [{"total": dist.value(i), "weight": big_text(Fraction(int(dist.weights[i])))}
                          for i in range(len(dist.weights)) if dist.weights[i]]
    notes = ["Exact: the N-round distribution is the N-th convolution power of the round's, in integers."]
    if plot is not None:
        low, high = dist.quantiles([Fraction(1, 10000), Fraction(9999, 10000)])
        shown = [i for i in range(dist.index_below(low), dist.index_below(high) + 1)
                 if i < len(dist.weights) and dist.weights[i]]
        save_bars(plot, f"{game.title}: total net after {n} round{'s' if n > 1 else ''}",
                  f"total net ({unit}s)", "probability", [float(dist.value(i)) for i in shown],
                  [dist.probability_float(i) for i in shown], width=0.8 * dist.step / dist.scale)
        notes.append(f"chart (totals between the 0.01% and 99.99% quantiles) written to {plot}")
        data["plot"] = str(plot)
    return Report(f"{game.title}: distribution of the net result over {n} round{'s' if n > 1 else ''}",
                  tuple(tables), data, tuple(notes))


# --- simulate --------------------------------------------------------------------------

def simulate_arguments(parser, strategies=None, strategy_help=None) -> None:
    """``simulate``'s options; an engine with other strategies passes its own (three_card.py)."""
    from oddscalc.simulate import STRATEGIES, STRATEGY_HELP
    parser.add_argument("--rounds", type=int, required=True, metavar="N", help="rounds to play")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    parser.add_argument("--strategy", choices=strategies or STRATEGIES, default="optimal",
                        help=strategy_help or STRATEGY_HELP)
    parser.add_argument("--output", metavar="FILE", help="also write the counts file (.csv or .json)")


def _output_target(path: str | None) -> Path | None:
    if path is None:
        return None
    target = Path(path)
    if target.suffix.lower() not in (".csv", ".json"):
        raise InputError(f"--output writes a counts file: the name must end in .csv or .json, got '{path}'")
    if not target.parent.is_dir():
        raise InputError(f"--output: no such folder: {target.parent}")
    if target.is_dir():
        raise InputError(f"--output: {path} is a folder")
    return target


def _simulate_run(game: GameTable, args) -> Report:
    from oddscalc.counts_file import counts_report
    from oddscalc.progress import Progress
    from oddscalc.report import render
    from oddscalc.simulate import CHUNK, MAX_ROUNDS, check_strategy, reference_analysis, simulate
    check_strategy(game, args.strategy)
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise InputError(f"--rounds must be between 1 and {MAX_ROUNDS}, got {args.rounds}")
    if not 0 <= args.seed < 2 ** 64:
        raise InputError(f"--seed must be between 0 and 2**64 - 1, got {args.seed}")
    output = _output_target(args.output)
    nets = {row.outcome: row.net for row in reference_analysis(game, args.strategy).outcomes}
    progress = Progress(f"simulating {game.name}", args.rounds)
    try:
        counts = simulate(game, args.rounds, args.seed, args.strategy, progress.step)
    finally:
        progress.done()
    report = counts_report(counts, nets, f"{game.title}: {counts.rounds} simulated rounds, strategy "
                                          f"{counts.strategy}, seed {counts.seed}")
    if output is not None:
        try:
            output.write_text(render(report, "json" if output.suffix.lower() == ".json" else "csv"),
                              encoding="utf-8")
        except OSError as error:
            raise InputError(f"--output: cannot write {output}: {error.strerror}") from None
    rate = counts.rounds / counts.seconds if counts.seconds else float("inf")
    notes = (f"{counts.rounds} rounds in {counts.seconds:.3f} s ({rate / 1e6:.1f} million rounds/s)",
             "Check them against the exact distribution: oddscalc check "
             f"{game.name} --counts FILE" + _bonus_hint(args) + (f" (written to {output})" if output else ""))
    return Report(report.title, report.tables, report.data, notes)


def _bonus_hint(args) -> str:
    """The ``--bonus`` a check of these counts needs too (engines that take it, three_card.py)."""
    return "" if getattr(args, "bonus", None) is None else f" --bonus {args.bonus}"


# --- check -----------------------------------------------------------------------------

def check_arguments(parser, strategies=None) -> None:
    """``check``'s options; an engine with other strategies passes its own (three_card.py)."""
    from oddscalc.simulate import STRATEGIES
    parser.add_argument("--counts", required=True, metavar="FILE", help="outcome counts (CSV or JSON)")
    parser.add_argument("--alpha", default="0.01", metavar="A", help="significance level (default 0.01)")
    parser.add_argument("--strategy", choices=strategies or STRATEGIES,
                        help="strategy the counts were played with (default: the file's, else optimal)")


def _check_run(game: GameTable, args) -> Report:
    from oddscalc.check import POOL_BELOW, check_file
    alpha = parse_payout(args.alpha, "--alpha")
    if not 0 < alpha < 1:
        raise InputError(f"--alpha must be between 0 and 1, got {args.alpha}")
    r = check_file(game, args.counts, args.strategy, alpha)
    verdict = Table("verdict", ("result",), ((r.verdict,),))
    rows = tuple((row.outcome, row.observed, f"{float(row.expected):.2f}", decimal_text(row.probability, 10),
                  "" if row.z is None else f"{row.z:+.2f}", row.net,
                  "" if row.reported_net is None else row.reported_net) for row in r.rows)
    outcomes = Table(f"outcomes over {r.rounds} rounds", ("outcome", "observed", "expected", "probability",
                                                          "z", "net", "simulator's net"), rows)
    pooled = f" ({len(r.pooled)} rare outcomes pooled)" if r.pooled else ""
    level = f"{float(1 - r.alpha):.4g}"
    tests = Table("tests", ("test", "statistic", "p-value", f"rejects at {float(r.alpha):g}"), (
        (f"chi-square goodness of fit, {r.degrees_of_freedom} degrees of freedom{pooled}",
         "" if r.chi_square is None else f"{r.chi_square:.4f}", "" if r.p_value is None else f"{r.p_value:.4g}",
         "" if r.p_value is None else r.p_value < r.alpha),
        ("return per unit, z against the exact return", f"{r.return_z:+.4f}", f"{r.return_p_value:.4g}",
         r.return_p_value < r.alpha),
    ))
    returns = Table("return per unit", ("", "value"), (
        ("exact", decimal_text(r.exact_return, 8)),
        (f"observed (from {r.return_source})", decimal_text(r.observed_return, 8)),
        (f"confidence interval ({level})", f"{r.confidence_interval[0]:.6f} .. {r.confidence_interval[1]:.6f}"),
    ))
    data = {"game": r.game, "strategy": r.strategy, "rounds": r.rounds, "alpha": r.alpha, "passed": r.passed,
            "verdict": r.verdict, "problems": list(r.problems),
            "chi_square": r.chi_square, "degrees_of_freedom": r.degrees_of_freedom, "p_value": r.p_value,
            "pooled": list(r.pooled), "exact_return": r.exact_return, "observed_return": r.observed_return,
            "observed_return_source": r.return_source, "confidence_interval": list(r.confidence_interval),
            "return_z": r.return_z, "return_p_value": r.return_p_value,
            "outcomes": [{"outcome": row.outcome, "observed": row.observed, "expected": row.expected,
                          "probability": row.probability, "z": row.z, "net": row.net,
                          "reported_net": row.reported_net} for row in r.rows]}
    notes = (f"Pooled into one chi-square cell (each expected fewer than {POOL_BELOW} times): "
             f"{', '.join(r.pooled)}.",) if r.pooled else ()
    return Report(f"{game.title}: simulator counts against the exact distribution (strategy {r.strategy})",
                  (verdict, tests, returns, outcomes), data, notes, exit_status=0 if r.passed else 1)


COMMANDS = {
    "design": (_design_arguments, _design_run),
    "sweep": (_sweep_arguments, _sweep_run),
    "distribution": (_distribution_arguments, _distribution_run),
    "simulate": (simulate_arguments, _simulate_run),
    "check": (check_arguments, _check_run),
}
