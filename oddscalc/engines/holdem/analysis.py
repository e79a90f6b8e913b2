"""Casino Hold'em's exact analyses: the Ante and Call played optimally at the flop (one outcome row
per ending and final hand of a call, and the fold), and the AA Bonus per its own stake.

The counts come from the board kernel through ``holdem_counts.optimal_play`` (9-20 s and about
1.5 GB on the full deck, the flop counts kept per dealer qualifier for another paytable); the
analysis is made once per table (``GameTable.built``).
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.gametable import GameTable
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.base import OPTIMAL
from oddscalc.engines.holdem_counts import N_ENDINGS, PAIR_OF_ACES, CasinoHoldemRules, OptimalPlay, optimal_play
from oddscalc.engines.holdem_simulate import CASINO_ENDING, NamedSimulator, casino_simulator

from .casino_strategies import RULES
from .rules import HoldemGame

# the kernel's columns of a cell, as outcome names: dealer does not qualify; qualifies and the player
# wins, ties, loses
ENDINGS = ("no-qualify", "win", "tie", "lose")
CALL, FOLD = "call", "fold"


def ending_net(rules: CasinoHoldemRules, category: int, ending: int) -> Fraction:
    """The Ante-and-Call net per Ante of a call that ends so: against a dealer who does not qualify
    the Ante is paid by its table and the Call pushes; a win pays the Ante by its table and the Call
    1 to 1; a tie pushes both; a loss loses both."""
    m = rules.call_multiple
    return (rules.ante_pay(category), rules.ante_pay(category) + m, Fraction(0), Fraction(-1 - m))[ending]


def call_name(category: int, ending: int) -> str:
    """A call's outcome row name: its ending (the kernel's column) and the player's final hand."""
    return f"{CALL}-{ENDINGS[ending]}-{Cat(category).label}"


def simulator(game: GameTable, seed: int, strategy: str = OPTIMAL) -> NamedSimulator:
    """A fresh seeded simulator of a strategy, its tally named as the Ante-and-Call rows (the AA Bonus
    is not simulated)."""
    native = casino_simulator(HoldemGame.of(game).rules, seed, RULES.get(strategy))
    return NamedSimulator(native, lambda _, c, e: call_name(c, CASINO_ENDING[e]), lambda _: FOLD)


def call_rows(rules: CasinoHoldemRules, cells: tuple[tuple[int, ...], ...] | list[list[int]], *,
              every_row: bool = True) -> list[Outcome]:
    """A call's outcome rows, strongest final hand first (``every_row``: the rows without deals too,
    so a row keeps its name whatever the paytable)."""
    stake = Fraction(1 + rules.call_multiple)
    return [Outcome(call_name(r, e), cells[r][e], ending_net(rules, r, e), stake)
            for r in reversed(range(len(cells))) for e in range(N_ENDINGS) if every_row or cells[r][e]]


def play(game: GameTable, strategy: str = OPTIMAL) -> OptimalPlay:
    """The optimal flop decision (or a simple strategy's, casino_strategies) over every deal, counted
    once per table and strategy."""
    return game.built_for(play, strategy, lambda: optimal_play(HoldemGame.of(game).rules, rule=RULES.get(strategy)))


def main_of(game: GameTable, rules: CasinoHoldemRules, counted: OptimalPlay) -> Analysis:
    """The Ante-and-Call outcome table of a counted play (the game's full deck, or a reduced one in
    the tests)."""
    folds = (counted.situations - counted.calls) * counted.completions
    rows = (*call_rows(rules, counted.called_cells), Outcome(FOLD, folds, Fraction(-1), Fraction(1)))
    return Analysis(game.name, game.paytables_text(), counted.deals, rows,
                    Fraction(counted.calls, counted.situations), game.unit)


def main_analysis(game: GameTable, strategy: str = OPTIMAL) -> Analysis:
    """Ante and Call per Ante, optimal play (or a simple strategy's): every deal (holding, flop, turn and
    river, dealer holding), once per table and strategy."""
    return game.built_for(main_analysis, strategy,
                          lambda: main_of(game, HoldemGame.of(game).rules, play(game, strategy)))


def bonus_class_name(five_class: int) -> str:
    return "pair-of-aces" if five_class == PAIR_OF_ACES else Cat(five_class).label


def bonus_of(game: GameTable, rules: CasinoHoldemRules, counted: OptimalPlay) -> Analysis:
    """The AA Bonus's outcome table of a counted play, per its own stake."""
    order = [PAIR_OF_ACES, *reversed(range(PAIR_OF_ACES))]          # the five-card classes, best first
    forfeit = rules.bonus_requires_call
    settled = [counted.called_by_class[c] + (0 if forfeit else counted.folded_by_class[c]) for c in range(11)]
    rows = [Outcome(f"aa-bonus-{bonus_class_name(c)}", settled[c], rules.bonus_pay(c))
            for c in sorted(order, key=lambda c: -rules.bonus_pay(c)) if rules.bonus_pay(c) > -1]
    rows.append(Outcome("aa-bonus-lose", sum(settled[c] for c in range(11) if rules.bonus_pay(c) <= -1),
                        Fraction(-1)))
    if forfeit:
        rows.append(Outcome("aa-bonus-fold", sum(counted.folded_by_class), Fraction(-1)))
    bonus = game.paytable("aa-bonus")
    text = f"aa-bonus ({bonus.basis} one): " + ", ".join(f"{k} {v}" for k, v in bonus.pays.items())
    return Analysis(game.name, text, counted.situations, tuple(rows), None, "aa-bonus stake")


def _bonus(game: GameTable) -> Analysis:
    return bonus_of(game, HoldemGame.of(game).rules, play(game))


def bonus_analysis(game: GameTable) -> Analysis:
    """The AA Bonus per its own stake, over every (holding, flop), the call as played optimally."""
    return game.built(_bonus)
