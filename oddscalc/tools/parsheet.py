"""A par sheet: every figure of a game that a regulator or test lab asks for, on one page.

Figures are collected through the Engine protocol and the other tools, never computed apart:
the wagers and their analyses (``engine.wagers``: the same analyses ``oddscalc analyze`` prints,
shown with the same table functions, :mod:`oddscalc.report.analysis`), the strategy chart
(``engine.strategy_chart``), the return against every payout (:func:`oddscalc.tools.sweep.sweep`,
the optimal strategy re-solved at each payout) and the distribution of the total after 1 to N
rounds (:func:`oddscalc.tools.distribution.running_powers`, every probability within
``10 ** -digits``).  :func:`page` lays them out for :func:`oddscalc.report.html.render_page`.

>>> from oddscalc.engines.base import load
>>> sheet = collect(load("five-plus-one-bonus"), rounds=3, sweep_points=3)
>>> [s.key.text for s in sheet.sweeps][:2], sheet.horizon.rounds
(['royal-flush', 'straight-flush'], (1, 2, 3))
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.budget import Limits
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, list_games
from oddscalc.core.numbers import decimal_text, exact_text, percent_text
from oddscalc.core.progress_bar import Progress
from oddscalc.core.version import __version__
from oddscalc.engines.base import EXACT, OPTIMAL, STRATEGY, NamedStrategy, Wager, engine_of, load
from oddscalc.engines.charts import COMPARED_TITLE, StrategyChart, StrategyCharts
from oddscalc.report.analysis import metrics_table, net_table, outcome_table
from oddscalc.report.html import Block, Details, Figure, Fine, Group, Named, Page, Section
from oddscalc.report.language import Verbatim
from oddscalc.report.model import Report, Table
from oddscalc.report.svg import Band, Series, grid_chart, line_chart
from oddscalc.tools.check import DEFAULT_ALPHA, CheckResult, check_counts
from oddscalc.tools.compare import Variant, compare_report
from oddscalc.tools.distribution import Bounded, analysis_distribution, running_powers
from oddscalc.tools.payouts import PayoutKey, check_denominators, current_payout, payout_key, with_payout
from oddscalc.tools.simulation import check_run, simulate, simulator_of
from oddscalc.tools.sweep import SweepRow, sweep
from oddscalc.tools.worked_examples import WorkedExample, worked_examples

ROUNDS = 200                 # the distribution is shown for 1 to ROUNDS rounds
SWEEP_POINTS = 9             # payouts per sweep, from 0 to twice the table's
DIGITS = 15                  # every N-round probability within 10 ** -DIGITS of the exact value
LEVELS = (Fraction(5, 100), Fraction(25, 100), Fraction(1, 2), Fraction(75, 100), Fraction(95, 100))
SHOWN_ROUNDS = (1, 5, 10, 25, 50, 100, 200, 500, 1000)
KEY_FIGURES = ("house_edge", "rtp", "element_of_risk", "rtp_total", "call_probability", "hit_frequency",
               "std_dev", "volatility_index_90", "volatility_index_95")
MAX_ROUNDS = 5000
HANDS_PER_HOUR = 60          # the pace the per-hour figures assume unless told
MAX_HANDS_PER_HOUR = 10_000


@dataclass(frozen=True)
class PaySweep:
    """The return against one payout: of the whole wager (when the paytable settles it) and of each
    side wager the paytable settles, at every payout tried."""
    key: PayoutKey
    current: Fraction
    whole: tuple[SweepRow, ...]
    sides: tuple[tuple[str, tuple[tuple[Fraction, Analysis], ...]], ...]


@dataclass(frozen=True)
class Horizon:
    """The total net after 1 to N rounds: chances of being ahead, even and behind, and quantiles."""
    rounds: tuple[int, ...]
    ahead: tuple[Bounded, ...]
    even: tuple[Bounded, ...]
    behind: tuple[Bounded, ...]
    quantiles: tuple[tuple[Fraction | None, ...], ...]    # per number of rounds, per level in LEVELS
    undecided: int                                          # quantiles the error bound leaves open
    digits: int                                             # digits every probability is good to
    expected: Fraction                                      # expected net per round


@dataclass(frozen=True)
class ParSheet:
    """Everything a par sheet shows, collected through the Engine protocol and the tools."""
    game: GameTable
    strategy: NamedStrategy
    wagers: tuple[Wager, ...]
    whole: Analysis
    chart: StrategyChart | StrategyCharts | None        # a chart per decision point where there are several
    sweeps: tuple[PaySweep, ...]
    horizon: Horizon
    # the simple strategies players use, priced exactly beside the optimal one (strategy --compare)
    compared: Table | None = None
    # a seeded run of the game's own simulator checked against the exact outcome table (None: not asked)
    confirmation: CheckResult | None = None
    confirmation_seed: int = 1
    hands_per_hour: int = HANDS_PER_HOUR
    # the games staked beside this one and settled on their own (``side_games``), each with its wagers
    side_games: tuple[tuple[GameTable, tuple[Wager, ...]], ...] = ()
    # paytables, rule sets or strategies side by side (``report --variant``), as ``compare`` prints them
    variants: Report | None = None
    # the game file's worked examples, each priced and settled by the family (``decide``)
    examples: tuple[WorkedExample, ...] = ()

    @property
    def main(self) -> Analysis:
        """The main wager: the first analysis ``oddscalc analyze`` prints."""
        return self.wagers[0].analysis

    @property
    def whole_title(self) -> str:
        """The wager the sweeps and the distribution are about (the engine's ``analyze``)."""
        return next((w.title for w in self.wagers if w.analysis == self.whole), "the whole wager")


def sweep_values(current: Fraction, points: int) -> list[Fraction]:
    """``points`` payouts evenly from 0 to twice the table's (0 to 2 when the table pays 0); one
    point draws no line, so it gives the two ends.

    >>> sweep_values(Fraction(5), 5)
    [Fraction(0, 1), Fraction(5, 2), Fraction(5, 1), Fraction(15, 2), Fraction(10, 1)]
    >>> sweep_values(Fraction(5), 1)
    [Fraction(0, 1), Fraction(10, 1)]
    """
    top = 2 * current if current > 0 else Fraction(2)
    points = max(points, 2)
    return [top * i / (points - 1) for i in range(points)]


def _sweep_keys(game: GameTable) -> list[PayoutKey]:
    keys = []
    for table in game.paytables:
        for category in table.pays:
            keys.append(payout_key(game, category if table.name == game.main_paytable else f"{table.name}.{category}"))
    return keys


def _horizon(whole: Analysis, rounds: int, digits: int, limits: Limits | None, progress: Progress) -> Horizon:
    one = analysis_distribution(whole, limits)
    ahead, even, behind, quantiles = [], [], [], []
    undecided, worst = 0, digits
    for dist in running_powers(one, rounds, digits, limits):
        up, level, down = dist.outlook()
        ahead.append(up)
        even.append(level)
        behind.append(down)
        bounds = dist.quantile_bounds(LEVELS)
        undecided += sum(1 for low, high in bounds if low != high)
        quantiles.append(tuple(high for _low, high in bounds))
        found = dist.guaranteed_digits()
        worst = min(worst, found if found is not None else digits)
        progress.step()
    return Horizon(tuple(range(1, rounds + 1)), tuple(ahead), tuple(even), tuple(behind), tuple(quantiles),
                   undecided, worst, whole.expected_return)


def collect(game: GameTable, strategy_name: str = OPTIMAL, rounds: int = ROUNDS, sweep_points: int = SWEEP_POINTS,
            digits: int = DIGITS, limits: Limits | None = None, simulated: int = 0, seed: int = 1,
            hands_per_hour: int = HANDS_PER_HOUR, variants: Sequence[Variant] = ()) -> ParSheet:
    """Every figure of the par sheet (with a progress bar on a terminal); ``simulated``: rounds of the
    game's simulator to confirm the outcome table with (0: none); ``variants``: paytables, rule sets or
    strategies analysed beside the game (``compare``), the game as given first."""
    engine = EXACT.of(game)
    strategy = engine.parse_strategy(game, strategy_name)
    examples = worked_examples(game)                        # a bad example is refused before the work
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InputError(f"--rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
    if not 1 <= hands_per_hour <= MAX_HANDS_PER_HOUR:
        raise InputError(f"--hands-per-hour must be between 1 and {MAX_HANDS_PER_HOUR}, got {hands_per_hour}")
    simulator = None
    if simulated:
        check_run(simulated, seed)
        simulator = simulator_of(game, strategy.name, seed)   # refused before any work: no simulator, bad seed
    keys = _sweep_keys(game) if sweep_points else []
    sweep_points = max(sweep_points, 2) if sweep_points else 0      # as sweep_values draws them
    with Progress(f"par sheet of {game.name}", 3 + len(keys) * sweep_points + rounds, unit="step") as progress:
        wagers = engine.wagers(game, strategy.name)
        whole = engine.analyze(game, strategy.name)
        progress.step()
        chart = STRATEGY.of(game).strategy_chart(game, strategy.name) if STRATEGY.has(engine_of(game)) else None
        compared = _compared(game)
        progress.step()
        horizon = _horizon(whole, rounds, digits, limits, progress)
        sweeps = []
        for key in keys:
            values = sweep_values(current_payout(game, key), sweep_points)
            try:
                for value in values:
                    check_denominators(with_payout(game, key, value))
            except InputError:
                progress.step(len(values))
                continue
            sides = tuple(w for w in wagers if w.side and key.paytable in w.paytables)
            settles_whole = any(key.paytable in w.paytables for w in wagers if not w.side)
            rows = tuple(sweep(game, key, values, strategy.name, progress.step)) if settles_whole else ()
            side_rows = []
            for wager in sides:
                points = []
                for value in values:
                    found = {w.key: w for w in engine.wagers(with_payout(game, key, value), strategy.name)}
                    points.append((value, found[wager.key].analysis))
                    if not settles_whole:
                        progress.step()
                side_rows.append((wager.title, tuple(points)))
            sweeps.append(PaySweep(key, current_payout(game, key), rows, tuple(side_rows)))
        progress.step()
    side_games = tuple((side, EXACT.of(side).wagers(side)) for side in map(load, game.side_games))
    confirmation = None
    if simulator is not None:
        counts = simulate(game, simulated, seed, strategy.name, simulator=simulator)
        confirmation = check_counts(wagers[0].analysis, counts, DEFAULT_ALPHA, strategy.name)
    return ParSheet(game, strategy, wagers, whole, chart, tuple(sweeps), horizon, compared, confirmation, seed,
                    hands_per_hour, side_games, compare_report(game, variants) if variants else None, examples)


def per_hour(analysis: Analysis, hands: int) -> Table:
    """What an hour at ``hands`` rounds costs and swings, per unit staked: exact where it is rational."""
    rows = (("rounds per hour (the pace assumed)", hands, "", ""),
            ("expected loss per hour, in units", hands * analysis.house_edge,
             decimal_text(hands * analysis.house_edge, 6), ""),
            ("average total wagered per hour, in units", hands * analysis.average_wager,
             decimal_text(hands * analysis.average_wager, 6), ""),
            ("standard deviation of the hour's net, in units", "(irrational)",
             f"{analysis.std_dev * hands ** 0.5:.6f}", "√(rounds) × standard deviation per round"))
    return Table(f"per hour at {hands} rounds (per {analysis.unit} staked a round)",
                 ("figure", "exact", "decimal", "note"), rows)


def _confirmation_blocks(sheet: ParSheet) -> list[Block]:
    r = sheet.confirmation
    if r is None:
        return ["No simulation was asked for this sheet (oddscalc report GAME --simulate N plays N seeded rounds "
                "of the game's own simulator and checks them against the exact outcome table here)."]
    low, high = r.confidence_interval
    rows = (("verdict", r.verdict), ("rounds simulated (seeded)", f"{r.rounds:,} (seed {sheet.confirmation_seed})"),
            ("chi-square goodness of fit", "" if r.chi_square is None else
             f"{r.chi_square:.4f} with {r.degrees_of_freedom} degrees of freedom, p = {r.p_value:.4g}"),
            ("observed return per unit", f"{float(r.observed_return):.6f} (interval {low:.6f} .. {high:.6f})"),
            ("exact return per unit", decimal_text(r.exact_return, 8)),
            ("return's z against the exact", f"{r.return_z:+.4f} (p = {r.return_p_value:.4g})"))
    return [Named(Table("simulation confirmation", ("item", "value"), rows), "simulation-confirmation"),
            Fine(f"ESTIMATE: a seeded Monte Carlo of {r.rounds:,} rounds by the game's native simulator, which "
                 "plays the analysed strategy; the check is oddscalc check's (significance "
                 f"{float(r.alpha):g}). Every other figure on the sheet is exact.")]


def _example_blocks(sheet: ParSheet) -> list[Block]:
    if not sheet.examples:
        return ["The game file names no example ([[examples]]: situations as oddscalc decide takes them)."]
    blocks: list[Block] = ["Each example is a situation the game file names, priced and settled exactly by the "
                           "game's own engine, as oddscalc decide prints it: every action's expected value, the "
                           "choice, and every way the round then ends, with its count, probability and net."]
    for i, example in enumerate(sheet.examples, start=1):
        blocks.append(f"Example {i}. {example.title}")
        if example.note:
            blocks.append(Verbatim(example.note))
        blocks += [Named(table, f"example-{i}-{k}") for k, table in enumerate(example.tables, start=1)]
        blocks += [Fine(note) for note in example.notes]
    return blocks


def _variant_blocks(sheet: ParSheet) -> list[Block]:
    if sheet.variants is None:
        return ["No variant was asked for this sheet (oddscalc report GAME --variant flush=6 --variant my.toml "
                "puts other paytables, rule sets or strategies beside the game, as oddscalc compare does)."]
    settings, figures = sheet.variants.tables
    return [Named(settings, "variants"), Named(figures, "variants-compared"), *map(Fine, sheet.variants.notes)]


def method_text(game: GameTable, sheet: ParSheet) -> str:
    """The statement of method: how every figure on the sheet was made."""
    return (f"Every deal of the {game.title} is counted: the engine ({game.engine}) enumerates every card subset "
            f"the round can deal ({sheet.main.total:,} equally likely deals for the main wager), in integers, "
            "with suit symmetry and card removal exact; the strategy is solved per situation by comparing the "
            "exact expected value of each action; the economics (every probability, return and metric) are "
            "exact rationals made from those counts, and only the standard deviation, an irrational number, is "
            "computed as a decimal. The N-round distribution is the exact convolution power of one round's "
            "(every probability within 10^-15). Nothing is sampled unless the simulation confirmation says "
            "so. The same functions give oddscalc analyze, strategy, sweep and distribution; the footer's "
            "command makes this sheet again, and the identification block's digest names the table analysed.")


def _compared(game: GameTable) -> Table | None:
    """The simple strategies' table of ``strategy --compare``, where the family names more than one."""
    if not STRATEGY.has(engine_of(game)):
        return None
    report = STRATEGY.of(game).strategy_report(game, compare=True)
    return next((t for t in report.tables if t.title == COMPARED_TITLE), None)


# --- the page ----------------------------------------------------------------------------------

def key_figures(analysis: Analysis, title: str) -> Table:
    """The figures a par sheet leads with, exact, as a decimal and in per cent (irrational ones as
    decimals), straight from the analysis' metrics."""
    rows: list[tuple[str, str, object, str, str]] = []
    for key, label, value in analysis.metrics():
        if key not in KEY_FIGURES:
            continue
        if isinstance(value, float):
            rows.append((label, key, "(irrational)", f"{value:.8f}", ""))
        else:
            percent = percent_text(value, 4) if key not in ("std_dev",) else ""
            rows.append((label, key, value, decimal_text(value, 8), percent))
    return Table(title, ("figure", "key", "exact", "decimal", "per cent"), tuple(rows))


def every_wager(sheet: ParSheet) -> Table:
    """Every wager a player can make at the table, each with its own house edge: the game's own
    wagers, then those of the games staked beside it."""
    rows = []
    for game, wagers in ((sheet.game, sheet.wagers), *sheet.side_games):
        for wager in wagers:
            a = wager.analysis
            rows.append((wager.title, game.name, a.unit, percent_text(a.house_edge, 4), percent_text(a.rtp, 4),
                         percent_text(a.rtp_total, 4), percent_text(a.hit_frequency, 4)))
    return Table("every wager: its own house edge", ("wager", "game", "per", "house edge", "return per unit",
                                                     "return per total wagered", "hit frequency"), tuple(rows))


def shipped_of(game: GameTable) -> GameTable | None:
    """The built-in table a game was laid over (its name is a built-in game's), else None."""
    if game.name not in list_games():
        return None
    return load(game.name)


def pay_cells(game: GameTable, shipped: GameTable | None) -> dict[str, list[tuple[str, str]]]:
    """Each paytable's rows as the sheet shows them: every pay, and where it differs from the shipped
    table's, the shipped pay beside it (a pay the shipped table lists and this one does not: ``none``)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for table in game.paytables:
        theirs = shipped.paytable(table.name).pays if shipped is not None and shipped.has_paytable(table.name) else None
        rows = []
        for category, pay in table.pays.items():
            mark = "" if theirs is None or theirs.get(category) == pay else \
                f"  (changed; shipped: {exact_text(theirs[category]) if category in theirs else 'none'})"
            rows.append((category, exact_text(pay) + mark))
        if theirs is not None:
            rows += [(category, f"none  (changed; shipped: {exact_text(pay)})")
                     for category, pay in theirs.items() if category not in table.pays]
        out[table.name] = rows
    return out


def changed_pays(cells: dict[str, list[tuple[str, str]]]) -> int:
    return sum(1 for rows in cells.values() for _, text in rows if "(changed;" in text)


def identification(sheet: ParSheet, shipped: GameTable | None) -> Table:
    """The title block: what was analysed, exactly (the table's digest names rules and pays)."""
    game = sheet.game
    changed = changed_pays(pay_cells(game, shipped))
    rows = (("game", Verbatim(f"{game.name} ({game.title})")), ("engine (family)", game.engine), ("unit", game.unit),
            ("strategy", sheet.strategy.label),
            ("table digest (SHA-256 of the rules and pays analysed)", game.digest()),
            ("pays changed from the shipped table", "not a built-in game" if shipped is None else
             f"{changed} (marked in the paytables)" if changed else "none"),
            *((f"side game {side.name}: table digest", side.digest()) for side, _wagers in sheet.side_games),
            ("made by", f"oddscalc {__version__}"))
    return Table("identification", ("item", "value"), rows)


def _rules_blocks(game: GameTable) -> list[Block]:
    engine = engine_of(game)
    specs = {spec.key: spec for spec in engine.rule_specs}
    rows = []
    for key, value in game.rules.values.items():
        if value is None:
            continue
        shown = ", ".join(map(str, value)) if isinstance(value, tuple) else exact_text(value) \
            if isinstance(value, Fraction) else str(value).lower() if isinstance(value, bool) else str(value)
        rows.append((key, Verbatim(shown), specs[key].help if key in specs else "",
                     "table" if key in game.rules.given else "default"))
    blocks: list[Block] = []
    if game.description:
        blocks.append(Verbatim(game.description))         # the game file's words, in its author's language
    blocks.append(f"Game file: {game.name} ({game.title}), engine {game.engine}; the unit is the {game.unit}. "
                  f"Main paytable: {game.main_paytable}.")
    cells = pay_cells(game, shipped_of(game))
    paytables: list[Block] = [
        Named(Table(f"paytable {table.name}", ("category", f"pays ({table.basis} one)"), tuple(cells[table.name])),
              f"paytable-{table.name}")
        for table in game.paytables]
    blocks.append(Group((Named(Table("rules", ("rule", "value", "meaning", "set by"), tuple(rows)), "rules-table"),
                         *paytables)))
    blocks.append(Fine("A pay 'to one' comes with the stake back (a win of 5 to 1 returns 6); a pay 'for one' "
                       "includes the stake (5 for 1 returns 5)."))
    return blocks


def _wager_blocks(wager: Wager, name: str) -> list[Block]:
    """The outcome table and the net per round side by side, then the metrics and the family's
    further figures of the wager."""
    return [Group((Named(outcome_table(wager.analysis, f"outcomes: {wager.title}", odds=True), f"outcomes-{name}"),
                   Named(net_table(wager.analysis, f"net per round: {wager.title}"), f"net-{name}"))),
            Named(metrics_table(wager.analysis, f"metrics: {wager.title}"), f"metrics-{name}"),
            *(Named(table, f"{'-'.join(table.title.split())}-{name}") for table in wager.tables)]


def _strategy_blocks(sheet: ParSheet) -> list[Block]:
    if sheet.chart is None:
        return ["This wager has no decision: it is settled on the cards alone."]
    charts = sheet.chart if isinstance(sheet.chart, StrategyCharts) else StrategyCharts((sheet.chart,))
    blocks: list[Block] = []
    for chart in charts:
        blocks += _chart_blocks(sheet.strategy.label, chart, len(charts) > 1)
    if sheet.compared is not None:
        blocks += [Named(sheet.compared, "strategies-compared"),
                   Fine("The house edge of the simple strategies players use, each priced exactly over every deal "
                        "(oddscalc strategy GAME --compare).")]
    return blocks


def _chart_blocks(label: str, chart: StrategyChart, several: bool) -> list[Block]:
    """One decision point's chart: how often each action is taken, its grid (a yes/no point to
    fold), the strategy in words and the counts behind it."""
    at = f" at the {chart.decision_point}" if several else ""
    name = "-" + "-".join(chart.decision_point.split()) if several else ""     # the point's tables' ids
    shown = chart.shown
    if not several and len(shown) == 1:
        blocks: list[Block] = [
            f"Strategy: {label}. The player should {chart.action} in "
            f"{percent_text(chart.action_probability, 4)} of all situations "
            f"({exact_text(chart.action_probability)}), the call probability of the analysis."]
    else:
        taken = ", ".join(f"{action} in {percent_text(chart.probability(action), 4)} "
                          f"({exact_text(chart.probability(action))})" for action in shown)
        blocks = [f"Strategy: {label}{at}. The player should {taken} of the situations there, and "
                  f"{chart.default} in the rest."]
    # the grid shows one action against the point's default (fold, check); a point of several
    # actions beyond its default has its counts in the table below
    if len(shown) == 1:
        shares = [[chart.share(i, j) for j in range(len(chart.columns))] for i in range(len(chart.rows))]
        svg = grid_chart(chart.rows, chart.columns, shares, chart.action, chart.row_title, chart.column_title,
                         f"{label}{at}: {chart.action} or {chart.default}", other=chart.default)
        blocks.append(Figure(svg, chart.note))
    elif chart.note:
        blocks.append(chart.note)
    if chart.rules:
        blocks.append(Named(Table(f"the strategy in words{at}", ("situation", "rule"), chart.rules),
                            f"strategy-rules{name}"))
    rows = tuple((row, *(cell for column in range(len(chart.columns))
                         for cell in (*(chart.counts[i][column][chart.index(a)] for a in shown),
                                      chart.situations[i][column])))
                 for i, row in enumerate(chart.rows))
    headers = (chart.row_title, *(f"{c} {what}" for c in chart.columns for what in (*shown, "situations")))
    blocks.append(Details(f"the counts behind the chart{at} (situations that "
                          f"{', '.join(shown)}, and all situations, per cell)",
                          (Named(Table(f"strategy chart counts{at}", headers, rows), f"strategy-counts{name}"),)))
    return blocks


def _percent(value: Fraction) -> float:
    return float(value) * 100


def _sweep_blocks(sheet: ParSheet) -> list[Block]:
    if not sheet.sweeps:
        return ["No sweep was asked for (--sweep-points 0)."]
    blocks: list[Block] = [
        "Each point is an exact analysis at that payout, everything else as the table has it; "
        + ("the optimal strategy is re-solved at every payout." if sheet.strategy.name == OPTIMAL else
           f"the strategy is '{sheet.strategy.label}' at every payout.")
        + f" Main lines: {sheet.whole_title}. The dotted line marks what the table pays."]
    figures: list[Block] = []
    rows = []
    charts = []
    for item in sheet.sweeps:
        xs = [float(r.payout) for r in item.whole] or [float(v) for v, _a in item.sides[0][1]]
        series = []
        if item.whole:
            series.append(Series("return per unit", xs, [_percent(r.analysis.rtp) for r in item.whole]))
            if any(r.analysis.average_wager != 1 for r in item.whole):
                series.append(Series("per total wagered", xs, [_percent(r.analysis.rtp_total) for r in item.whole]))
            for r in item.whole:
                rows.append((item.key.text, r.payout, sheet.whole_title, percent_text(r.analysis.rtp, 4),
                             percent_text(r.analysis.rtp_total, 4),
                             percent_text(r.analysis.call_probability, 4) if r.analysis.call_probability is not None
                             else ""))
        for title, points in item.sides:
            series.append(Series(title.split(",")[0], xs, [_percent(a.rtp) for _v, a in points], dashed=True))
            rows += [(item.key.text, value, title, percent_text(a.rtp, 4), percent_text(a.rtp_total, 4), "")
                     for value, a in points]
        charts.append((item, series))
    # one y-range for every sweep, so the charts compare at a glance; each titled above its chart
    ys = [y for _item, series in charts for line in series for y in line.ys if math.isfinite(y)] or [0.0]
    for item, series in charts:
        svg = line_chart(series, f"{item.key.text} pays", "return to player (%)",
                         f"return against the {item.key.text} payout", float(item.current),
                         f"table: {exact_text(item.current)}", width=440, height=270, dots=True,
                         y_floor=min(ys), y_ceiling=max(ys))
        figures.append(Figure(svg, f"{item.key.text} (the table pays {exact_text(item.current)})", heading=True))
    blocks.append(Group(tuple(figures)))
    blocks.append(Details("every point of the sweeps", (Named(Table(
        "return at each payout", ("payout", "pays", "wager", "return per unit", "return per total wagered",
                                  "call probability"), tuple(rows)), "sweep-points"),)))
    return blocks


def _distribution_blocks(sheet: ParSheet) -> list[Block]:
    h = sheet.horizon
    xs = [float(n) for n in h.rounds]
    ahead = line_chart([Series("ahead (total > 0)", xs, [_percent(b.low) for b in h.ahead]),
                        Series("behind (total < 0)", xs, [_percent(b.low) for b in h.behind]),
                        Series("even (total = 0)", xs, [_percent(b.low) for b in h.even], dashed=True)],
                       "rounds played", "probability (%)", "chance of being ahead, even or behind",
                       y_floor=0, y_ceiling=100)

    def level(k: int) -> list[float]:
        values = (q[k] for q in h.quantiles)
        return [float("nan") if value is None else float(value) for value in values]

    mean = [float(h.expected * n) for n in h.rounds]
    middle = level(2)
    bands = line_chart([Series("median", xs, middle, colour="#1f5fa8"),
                        Series("expected total", xs, mean, colour="#c0392b", dashed=True)],
                       "rounds played", f"total net ({sheet.whole.unit}s)", "quantiles of the total net",
                       bands=[Band("5 % to 95 %", xs, level(0), level(4), "#1f5fa8", 0.15),
                              Band("25 % to 75 %", xs, level(1), level(3), "#1f5fa8", 0.3)])
    shown = [n for n in SHOWN_ROUNDS if n <= len(h.rounds)] or [len(h.rounds)]
    if len(h.rounds) not in shown:
        shown.append(len(h.rounds))
    rows = tuple((n, h.ahead[n - 1].text(), h.even[n - 1].text(), h.behind[n - 1].text(), h.expected * n,
                  decimal_text(h.expected * n, 6),
                  *(q if q is not None else "beyond the stored totals" for q in h.quantiles[n - 1])) for n in shown)
    table = Table(f"total net after N rounds (in {sheet.whole.unit}s)",
                  ("rounds", "P(ahead)", "P(even)", "P(behind)", "expected total", "(decimal)",
                   *(f"{decimal_text(q * 100, 0)} % quantile" for q in LEVELS)), rows)
    blocks: list[Block] = [
        f"The total net of {sheet.whole_title.split(',')[0]} after N independent rounds, N = 1 to "
        f"{len(h.rounds)}: the N-th convolution power of the exact distribution of one round's net, computed in "
        f"high precision (every probability within 10^-{h.digits} of its exact value; probabilities are shown "
        "to the digits that bound guarantees).",
        Figure(ahead, "Chance of being ahead, even or behind after N rounds."),
        Figure(bands, "Quantiles of the total: the q-quantile is the smallest total whose cumulative probability "
                      "reaches q; half the sessions end within the dark band, 90 % within the light one."),
        Named(table, "distribution-table")]
    if h.undecided:
        blocks.append(Fine(f"{h.undecided} quantiles lie within the error bound of a jump; the larger "
                           "candidate is shown."))
    return blocks


def page(sheet: ParSheet, command: str, generated: str) -> Page:
    """The par sheet laid out: summary, rules and paytables, outcomes, metrics, strategy, sweeps,
    N-round distribution, side bets; the footer says how to make the page again."""
    game, main = sheet.game, sheet.main
    whole_differs = sheet.whole != main
    summary: list[Block] = [
        f"Exact over all {main.total:,} equally likely deals; strategy: {sheet.strategy.label}. "
        f"Figures are per {main.unit} unless they say otherwise; exact figures are rationals p/q, decimals "
        "are exactly rounded from them; only the standard deviation and the volatility index, irrational, "
        "are computed as decimals.",
        Named(identification(sheet, shipped_of(game)), "identification"),
        Named(key_figures(main, f"key figures: {sheet.wagers[0].title}"), "key-figures")]
    if whole_differs:
        summary.append(Named(key_figures(sheet.whole, f"key figures: {sheet.whole_title}"), "key-figures-whole"))
    summary.append(Named(per_hour(main, sheet.hands_per_hour), "per-hour"))
    summary.append(Named(every_wager(sheet), "every-wager"))
    outcomes: list[Block] = _wager_blocks(sheet.wagers[0], "main")[:1]
    metrics: list[Block] = _wager_blocks(sheet.wagers[0], "main")[1:]
    for wager in sheet.wagers[1:]:
        if not wager.side:
            outcomes += _wager_blocks(wager, wager.key)[:1]
            metrics += _wager_blocks(wager, wager.key)[1:]
    metrics.append(Fine(
        "hit_frequency: probability that a round ends with the player ahead (net > 0); a push, or a round that "
        "returns part of the stakes, is not a hit. volatility_index_C: z × standard deviation of the net per "
        "round, z the two-sided normal quantile of confidence C (1.6449 at 90 %, 1.9600 at 95 %): over n rounds "
        "the net lies within n × expected return ± VI × √n with about that confidence."))
    sides: list[Block] = []
    for wager in sheet.wagers[1:]:
        if wager.side:
            sides += _wager_blocks(wager, wager.key)
    for side, wagers in sheet.side_games:
        sides.append(f"{side.name} ({side.title}): staked beside the game and settled on its own; its own table "
                     f"(digest {side.digest()[:16]}…), as oddscalc analyze {side.name} prints it.")
        for wager in wagers:
            sides += _wager_blocks(wager, side.name if wager.key == "main" else f"{side.name}-{wager.key}")
    if not sides:
        sides = ["This game table defines no side bet (a game file lists side bets in rules.side_bets, and side "
                 "games settled on their own, such as a progressive, in side_games)."]
    sections = (
        Section("summary", "Summary", tuple(summary)),
        Section("rules", "Rules and paytables", tuple(_rules_blocks(game))),
        Section("outcomes", "Outcomes", tuple(outcomes)),
        Section("metrics", "Metrics", tuple(metrics)),
        Section("strategy", "Strategy", tuple(_strategy_blocks(sheet))),
        Section("examples", "Worked examples", tuple(_example_blocks(sheet))),
        Section("sweeps", "Return against each payout", tuple(_sweep_blocks(sheet))),
        Section("distribution", "Distribution over N rounds", tuple(_distribution_blocks(sheet))),
        Section("side-bets", "Side bets", tuple(sides)),
        Section("variants", "Variants compared", tuple(_variant_blocks(sheet))),
        Section("simulation", "Simulation confirmation", tuple(_confirmation_blocks(sheet))),
        Section("method", "Method", (method_text(game, sheet),)),
    )
    footer = (f"oddscalc {__version__} · generated {generated} · every figure comes from the engine's exact "
              "analysis, through the same functions as `oddscalc analyze`, `sweep` and `distribution`. "
              "To make this page again:", f"$ {command}")
    return Page(f"{game.title}: par sheet", f"{sheet.wagers[0].title} · strategy: {sheet.strategy.label} · "
                f"house edge {percent_text(main.house_edge, 4)} · return to player {percent_text(main.rtp, 4)}",
                sections, footer)


def summary_report(sheet: ParSheet, written: str, seconds: float | None = None) -> Report:
    """What the ``report`` command prints: the key figures and where the page went."""
    notes: Sequence[str] = (f"Par sheet written to {written}" + (f" in {seconds:.1f} s" if seconds else ""),)
    data = {"game": sheet.game.name, "strategy": sheet.strategy.name, "output": written,
            **{key: value for key, _label, value in sheet.main.metrics() if key in KEY_FIGURES}}
    return Report(f"{sheet.game.title}: par sheet", (key_figures(sheet.main, "key figures"),), data, tuple(notes))
