"""Ultimate Texas Hold'em as a game file reads it, and its exact analyses (engine ``holdem-ultimate``).

Ante and an equal Blind; preflop check or Play 3x or 4x; at the flop check or Play 2x; at the river
Play 1x or fold (losing Ante and Blind).  The dealer qualifies with a pair, for the Ante only; the
Blind pays the player's winning hand by its table (pushes below it); Trips is a side bet on the
player's final hand, settled whatever he does.  ``engines/holdem_stages`` counts and solves every
stage; this module reads the table (``UltimateGame.of``) and makes the outcome tables, the action
shares and the strategy charts of the solution.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.base import OPTIMAL
from oddscalc.engines.charts import StrategyChart, StrategyCharts, action_key
from oddscalc.engines.holdem_simulate import NamedSimulator, ultimate_simulator
from oddscalc.engines.holdem_stages import (
    ENDINGS,
    FLOP_ROWS,
    N_CATEGORIES,
    SIX,
    TIE_ENDINGS,
    WIN_ENDINGS,
    UltimatePlay,
    UltimateRules,
    Work,
    orbits,
    ultimate_categories,
    ultimate_play,
)

from . import starting_hands
from .rules import CATEGORIES, WAGER_LESS, WAGER_MORE, qualifier_of
from .staged_report import row_words
from .ultimate_strategies import SIMPLE

NAME = "holdem-ultimate"
BLIND, TRIPS = "blind", "trips"
BAD_BEAT = "bad-beat"              # optional: the two-way Bad Beat (ultimate_bad_beat.py)
CHECK, FOLD = "check", "fold"
PREFLOP, FLOP, RIVER = "preflop", "flop", "river"
MAX_MULTIPLE = 10

RULE_SPECS = (
    RuleSpec("preflop_multiples", "text", "3 4", "the preflop Play sizes in Antes (whole numbers separated by "
             "spaces; 4 alone is the original game)"),
    RuleSpec("flop_multiple", "integer", 2, "the Play at the flop, in Antes", low=1, high=MAX_MULTIPLE),
    RuleSpec("river_multiple", "integer", 1, "the Play at the river, in Antes", low=1, high=MAX_MULTIPLE),
    RuleSpec("dealer_qualifier", "text", "pair", "the dealer's least qualifying hand, for the Ante only: pair "
             "(any pair), pair-<rank> (a pair of that rank or better) or none"),
    RuleSpec("trips_survives_fold", "flag", True, "a river fold keeps Trips in action (the usual rule); false: "
             "a fold forfeits it (player-banked games)"),
    RuleSpec("trips_ratio", "number", Fraction(0), "Trips staked per Ante, for the river decision when a fold "
             "forfeits it (0: the river is decided on the Ante, Blind and Play alone)", low=Fraction(0),
             high=Fraction(100)),
    RuleSpec("trips_requires_win", "flag", False, "Trips also needs the player's hand to beat the dealer's (Florida "
             "racetracks): a tie with three of a kind or better pushes it, a lower hand loses it; the hands are "
             "compared whether or not the player folded"),
    RuleSpec("tie_break", "text", WAGER_MORE, "the action taken when two are worth exactly the same: the one "
             "that wagers more (wager_more) or less", choices=(WAGER_MORE, WAGER_LESS)),
)


def play_action(multiple: int) -> str:
    return f"play {multiple}x"


def preflop_wagers(rules: UltimateRules) -> dict[str, int]:
    """The preflop options and the Play each wagers (the check none), for the choice's tie-break."""
    return {**{play_action(m): m for m in rules.preflop_multiples}, CHECK: 0}


@dataclass(frozen=True)
class UltimateGame:
    """One Ultimate Texas Hold'em table, typed."""
    game: GameTable
    rules: UltimateRules
    qualifier_text: str
    trips_requires_win: bool = False
    trips_survives_fold: bool = True

    @classmethod
    def of(cls, game: GameTable) -> UltimateGame:
        return game.built(_read)


def _multiples(game: GameTable) -> tuple[int, ...]:
    text = game.rules.text("preflop_multiples")
    parts = text.split()
    if not 1 <= len(parts) <= 4 or not all(p.isdigit() and 1 <= int(p) <= MAX_MULTIPLE for p in parts):
        raise InputError(f"table '{game.name}': rules.preflop_multiples must be one to four Play sizes from 1 to "
                         f"{MAX_MULTIPLE} separated by spaces, got {text!r}")
    return tuple(sorted({int(p) for p in parts}, reverse=True))


def _read(game: GameTable) -> UltimateGame:
    where = f"table '{game.name}'"
    game.check_paytables([BLIND, TRIPS, BAD_BEAT], [BLIND, TRIPS])
    if game.has_paytable(BAD_BEAT):
        game.pays_to_one(BAD_BEAT, CATEGORIES)
    if game.main_paytable != BLIND:
        raise InputError(f"{where}: main_paytable is '{BLIND}'")
    if game.classes:
        raise InputError(f"{where}: takes no [classes]")
    blind = game.pays_to_one(BLIND, CATEGORIES)
    if any(v < 0 for v in blind.values()):
        raise InputError(f"{where}: paytables.{BLIND} pays a winning hand: no pay can be negative")
    trips = game.pays_to_one(TRIPS, CATEGORIES)
    pair, text = qualifier_of(game)
    survives = game.rules.flag("trips_survives_fold")
    if not survives and game.rules.flag("trips_requires_win"):
        raise InputError(f"{where}: rules.trips_requires_win with trips_survives_fold = false is not priced (a "
                         f"folded hand's showdown is not counted); choose one")
    rules = UltimateRules(
        blind=tuple((Cat.from_label(k), v) for k, v in blind.items()),
        trips=tuple((Cat.from_label(k), v) for k, v in trips.items()), preflop_multiples=_multiples(game),
        flop_multiple=game.rules.integer("flop_multiple"), river_multiple=game.rules.integer("river_multiple"),
        qualifier_pair=pair, wager_more=game.rules.text("tie_break") == WAGER_MORE,
        trips_forfeit=Fraction(0) if survives else game.rules.number("trips_ratio"))
    return UltimateGame(game, rules, text, game.rules.flag("trips_requires_win"), survives)


def play(game: GameTable, work: Work | None = None, strategy: str = OPTIMAL) -> UltimatePlay:
    """Every stage solved over every deal (or played by a simple strategy), once per table and strategy
    (the counts are kept for another paytable); ``work``: how the first count splits (every split gives
    the same integers)."""
    return game.built_for(play, strategy, lambda: ultimate_play(
        UltimateGame.of(game).rules, work=work, strategy=None if strategy == OPTIMAL else SIMPLE[strategy]))


# ---- the outcome tables ---------------------------------------------------------------------------

def path_names(r: UltimateRules) -> list[tuple[str, int]]:
    """(name, Play size) of every way a round reaches the showdown, in the order of play (the
    simulator's paths too)."""
    return [*((f"{PREFLOP}-{m}x", m) for m in r.preflop_multiples), (f"{FLOP}-{r.flop_multiple}x", r.flop_multiple),
            (f"{RIVER}-{r.river_multiple}x", r.river_multiple)]


def paths(found: UltimatePlay) -> list[tuple[str, int, tuple[tuple[int, ...], ...]]]:
    """(name, Play size, cells) of every way a round reaches the showdown, in the order of play."""
    cells = (*found.preflop_cells, found.flop_cells, found.river_cells)
    return [(name, m, c) for (name, m), c in zip(path_names(found.rules), cells, strict=True)]


def cell_name(path: str, category: int, ending: int) -> str:
    """An outcome row's name: the way of play, the ending and the player's final hand."""
    return f"{path}-{ENDINGS[ending]}-{Cat(category).label}"


def fold_name(category: int) -> str:
    return f"{FOLD}-{Cat(category).label}"


def action_probabilities(found: UltimatePlay) -> dict[str, Fraction]:
    """Each action's share of all rounds at each stage (a later stage's shares sum to the rounds
    reaching it)."""
    r = found.rules
    n = found.situations
    out = {action_key(PREFLOP, play_action(m)): Fraction(k, n)
           for m, k in zip(r.preflop_multiples, found.preflop_situations, strict=True)}
    checked_preflop = found.flop_situations + found.checked_situations
    out[action_key(PREFLOP, CHECK)] = Fraction(checked_preflop, n)
    out[action_key(FLOP, play_action(r.flop_multiple))] = Fraction(found.flop_situations, n)
    out[action_key(FLOP, CHECK)] = Fraction(found.checked_situations, n)
    played = sum(map(sum, found.river_cells))
    out[action_key(RIVER, play_action(r.river_multiple))] = Fraction(played, found.deals)
    out[action_key(RIVER, FOLD)] = Fraction(sum(found.river_folds), found.deals)
    return out


def plain_best(game: GameTable) -> tuple[Fraction, ...]:
    """The plain optimal value per Ante of every starting-hand orbit, from the exact analysis (kept
    with the table once counted)."""
    return tuple(max(values) for values in play(game).orbit_values)


def main_of(game: GameTable, found: UltimatePlay) -> Analysis:
    """Ante, Blind and Play per Ante: a row per way of play, ending and final hand, then the folds by
    final hand."""
    r = found.rules
    rows = []
    for name, m, cells in paths(found):
        for c in reversed(range(N_CATEGORIES)):
            for e in range(SIX):
                if cells[c][e]:
                    rows.append(Outcome(cell_name(name, c, e), cells[c][e], r.net(m, c, e), Fraction(2 + m)))
    rows += [Outcome(fold_name(c), found.river_folds[c], Fraction(-2), Fraction(2))
             for c in reversed(range(N_CATEGORIES)) if found.river_folds[c]]
    return Analysis(game.name, game.paytables_text(), found.deals, tuple(rows), None, game.unit,
                    action_probabilities=action_probabilities(found))


def main_analysis(game: GameTable, strategy: str = OPTIMAL) -> Analysis:
    """Ante, Blind and Play per Ante under a strategy (the optimal one by default), once per table."""
    return game.built_for(main_analysis, strategy, lambda: main_of(game, play(game, strategy=strategy)))


def trips_of(game: GameTable, found: UltimatePlay) -> Analysis:
    """Trips per its own stake: the player's final hand over every deal, whatever he did (with
    ``trips_requires_win``, and the ending of the two hands: only a win pays, a tie pushes)."""
    r = found.rules
    typed = UltimateGame.of(game)
    if typed.trips_requires_win:
        rows = _trips_needing_a_win(found)
    else:
        by_category = ultimate_categories(found)
        rows = [Outcome(f"{TRIPS}-{Cat(c).label}", by_category[c], r.trips_pay(c))
                for c in reversed(range(N_CATEGORIES)) if r.trips_pay(c) > -1]
        rows.append(Outcome(f"{TRIPS}-lose", sum(by_category[c] for c in range(N_CATEGORIES)
                                                 if r.trips_pay(c) <= -1), Fraction(-1)))
    if not typed.trips_survives_fold:
        rows = _forfeited_on_folds(found, rows)
    paytable = game.paytable(TRIPS)
    text = f"{TRIPS} ({paytable.basis} one): " + ", ".join(f"{k} {v}" for k, v in paytable.pays.items())
    return Analysis(game.name, text, found.deals, tuple(rows), None, f"{TRIPS} stake")


def _forfeited_on_folds(found: UltimatePlay, rows: list[Outcome]) -> list[Outcome]:
    """Trips when a fold forfeits it: a folded round's Trips loses, whatever it would have paid (a
    folded hand below three of a kind loses it anyway: only the paying hands move to the fold row)."""
    r = found.rules
    moved = {f"{TRIPS}-{Cat(c).label}": found.river_folds[c] for c in range(N_CATEGORIES) if r.trips_pay(c) > -1}
    kept = [replace(row, count=row.count - moved.get(row.outcome, 0)) for row in rows]
    return [*kept, Outcome(f"{TRIPS}-fold", sum(moved.values()), Fraction(-1))]


def _trips_needing_a_win(found: UltimatePlay) -> list[Outcome]:
    """Florida's Trips: a paying hand wins its pay when it beats the dealer's and pushes on a tie;
    everything else loses (the showdown of every deal, a fold's included)."""
    r = found.rules
    paying = [c for c in reversed(range(N_CATEGORIES)) if r.trips_pay(c) > -1]
    shown = found.showdowns
    rows = [Outcome(f"{TRIPS}-{Cat(c).label}", sum(shown[c][e] for e in WIN_ENDINGS), r.trips_pay(c)) for c in paying]
    rows.append(Outcome(f"{TRIPS}-tie", sum(shown[c][e] for c in paying for e in TIE_ENDINGS), Fraction(0)))
    lost = found.deals - sum(row.count for row in rows)
    return [*rows, Outcome(f"{TRIPS}-lose", lost, Fraction(-1))]


def _trips(game: GameTable) -> Analysis:
    return trips_of(game, play(game))


def trips_analysis(game: GameTable) -> Analysis:
    return game.built(_trips)


def simulator(game: GameTable, strategy: str, seed: int) -> NamedSimulator:
    """A fresh seeded simulator of a strategy as the analysis solved it, its tally named as the main
    wager's rows (Trips is not simulated)."""
    found = play(game, strategy=strategy)
    names = [name for name, _ in path_names(found.rules)]
    native = ultimate_simulator(found, None if strategy == OPTIMAL else SIMPLE[strategy], seed)
    return NamedSimulator(native, lambda p, c, e: cell_name(names[p], c, e), fold_name)


# ---- the strategy -----------------------------------------------------------------------------------

def preflop_choices(found: UltimatePlay) -> dict[str, str]:
    """The optimal preflop action of every starting hand (a full deck: one orbit per hand)."""
    r = found.rules
    reps = orbits(()).representatives
    if len(reps) != len(found.preflop_choice):
        raise InputError("the preflop chart is drawn for the full deck")
    return {starting_hands.hand_name(*reps[o]): CHECK if k < 0 else play_action(r.preflop_multiples[k])
            for o, k in enumerate(found.preflop_choice)}


def charts(game: GameTable) -> StrategyCharts:
    """The optimal strategy: the preflop chart of the 169 starting hands (and in words), then the flop
    and river decisions by the player's final hand (their shares of the rounds reaching them)."""
    found = play(game)
    r = found.rules
    choices = preflop_choices(found)
    actions = (CHECK, *(play_action(m) for m in sorted(r.preflop_multiples)))
    # every chart counts deals, so that a later stage's count is the rounds reaching it
    per_holding = found.deals // comb(52, 2)
    found_orbits = orbits(())
    deals = {starting_hands.hand_name(*rep): size * per_holding
             for rep, size in zip(found_orbits.representatives, found_orbits.sizes, strict=True)}
    preflop = starting_hands.chart(actions, choices.__getitem__, deals.__getitem__, PREFLOP,
                                   starting_hands.in_words(choices.__getitem__, actions),
                                   "each cell: the deals of the starting hand (4 suited, 6 pairs, 12 offsuit "
                                   "holdings)")
    flop_counts = tuple(tuple((n_check * found.completions, n_play * found.completions) for n_check, n_play in row)
                        for row in found.flop_chart)
    flop_actions = (CHECK, play_action(r.flop_multiple))
    words = tuple((row, row_words(flop_actions[1], cells))
                  for row, cells in zip(FLOP_ROWS, flop_counts, strict=True) if any(map(sum, cells)))
    flop = StrategyChart(flop_actions, FLOP_ROWS, tuple(starting_hands.RANKS), flop_counts, FLOP,
                         "what the hole cards and the flop make", "highest hole card", words,
                         "counts are deals of the rounds checked preflop")
    river_rows = tuple(Cat(c).label for c in reversed(range(N_CATEGORIES)))
    river = StrategyChart(
        (FOLD, play_action(r.river_multiple)), river_rows, ("every board",),
        tuple(((found.river_folds[c], sum(found.river_cells[c])),) for c in reversed(range(N_CATEGORIES))),
        RIVER, "player's final hand", "boards",
        (("river", "the decision is made per board and per hand exactly (decide prices one); the chart counts "
                   "the deals reaching the river by the player's final hand"),),
        "counts are deals (holding, board, dealer holding) of the rounds checked twice")
    return StrategyCharts((preflop, flop, river))
