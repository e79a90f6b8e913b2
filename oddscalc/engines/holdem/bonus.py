"""Texas Hold'em Bonus as a game file reads it, and its exact analyses (engine ``holdem-bonus``).

Ante; preflop fold or the Flop wager (2x); at the flop check or the Turn wager (1x); at the turn check
or the River wager (1x); no qualifier.  A win pays the Flop, Turn and River wagers 1 to 1 and the
Ante 1 to 1 from a straight up (Las Vegas; a flush up in Atlantic City), pushing it below; a tie
pushes.  The Bonus is a side bet on the player's two cards (and the dealer's, for A-A against A-A),
settled whatever he does.  ``engines/holdem_stages`` counts and solves every stage; this module
reads the table (``BonusGame.of``) and makes the outcome tables, action shares and charts.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.base import OPTIMAL
from oddscalc.engines.charts import StrategyCharts, action_key
from oddscalc.engines.holdem_simulate import NamedSimulator, bonus_simulator
from oddscalc.engines.holdem_stages import ENDINGS, N_CATEGORIES, SIX, BonusPlay, BonusRules, Work, bonus_play, orbits

from . import starting_hands
from .bonus_strategies import SIMPLE
from .rules import CATEGORIES, WAGER_LESS, WAGER_MORE

NAME = "holdem-bonus"
ANTE, BONUS = "ante", "bonus"
FOLD, CHECK, BET = "fold", "check", "bet 1x"
PREFLOP, FLOP, TURN = "preflop", "flop", "turn"
AA_VS_AA = "aa-vs-aa"

RULE_SPECS = (
    RuleSpec("flop_multiple", "integer", 2, "the Flop wager (made preflop), in Antes", low=1, high=10),
    RuleSpec("tie_break", "text", WAGER_MORE, "the action taken when two are worth exactly the same: the one "
             "that wagers more (wager_more) or less", choices=(WAGER_MORE, WAGER_LESS)),
    RuleSpec("bonus_survives_fold", "flag", True, "a preflop fold keeps the Bonus in action (the Evolution rule); "
             "false: a fold forfeits it (a land rack card)"),
)


def bonus_hands() -> tuple[str, ...]:
    """The Bonus' hand names: A-A against A-A, then the 169 starting hands (``aks``, ``ako``, ``aa``)."""
    return (AA_VS_AA, *(name.lower() for name in starting_hands.every_hand()))


def flop_action(multiple: int) -> str:
    return f"bet {multiple}x"


@dataclass(frozen=True)
class BonusGame:
    """One Texas Hold'em Bonus table, typed: the solver's rules and the Bonus table by hand name."""
    game: GameTable
    rules: BonusRules
    bonus: tuple[tuple[str, Fraction], ...]
    bonus_survives_fold: bool = True

    @classmethod
    def of(cls, game: GameTable) -> BonusGame:
        return game.built(_read)

    def bonus_pay(self, hand: str) -> Fraction:
        """A hand's Bonus pay (A-A against A-A falls back to A-A's when not listed; unlisted lose)."""
        pays = dict(self.bonus)
        if hand == AA_VS_AA and hand not in pays:
            hand = "aa"
        return pays.get(hand, Fraction(-1))


def _read(game: GameTable) -> BonusGame:
    where = f"table '{game.name}'"
    game.check_paytables([ANTE, BONUS], [ANTE, BONUS])
    if game.main_paytable != ANTE:
        raise InputError(f"{where}: main_paytable is '{ANTE}'")
    if game.classes:
        raise InputError(f"{where}: takes no [classes]")
    ante = game.pays_to_one(ANTE, CATEGORIES)
    if any(v < 0 for v in ante.values()):
        raise InputError(f"{where}: paytables.{ANTE} pays a winning hand: no pay can be negative")
    bonus = game.pays_to_one(BONUS, bonus_hands())
    rules = BonusRules(flop_multiple=game.rules.integer("flop_multiple"),
                       wager_more=game.rules.text("tie_break") == WAGER_MORE,
                       ante=tuple((Cat.from_label(k), v) for k, v in ante.items()))
    return BonusGame(game, rules, tuple(bonus.items()), game.rules.flag("bonus_survives_fold"))


def play(game: GameTable, work: Work | None = None, strategy: str = OPTIMAL) -> BonusPlay:
    """Every stage solved over every deal (or played by a simple strategy), once per table and strategy
    (the counts are kept for another table); ``work``: how the first count splits (every split gives
    the same integers)."""
    return game.built_for(play, strategy, lambda: bonus_play(
        BonusGame.of(game).rules, work=work, strategy=None if strategy == OPTIMAL else SIMPLE[strategy]))


def plain_best(game: GameTable) -> tuple[Fraction, ...]:
    """The plain optimal value per Ante of every starting-hand orbit (the Flop wager or the fold),
    from the exact analysis (kept with the table once counted)."""
    return tuple(max(values) for values in play(game).orbit_values)


def wagers_name(turn: int, river: int) -> str:
    return "-".join(["flop", *(["turn"] if turn else []), *(["river"] if river else [])])


def simulator(game: GameTable, strategy: str, seed: int) -> NamedSimulator:
    """A fresh seeded simulator of a strategy as the analysis solved it, its tally named as the main
    wager's rows (the Bonus is not simulated)."""
    native = bonus_simulator(play(game, strategy=strategy), seed,
                             strategy=None if strategy == OPTIMAL else SIMPLE[strategy])
    return NamedSimulator(native, lambda p, c, e: cell_name(p // 2, p % 2, c, e), lambda _: FOLD)


def cell_name(turn: int, river: int, category: int, ending: int) -> str:
    """An outcome row's name: the wagers made, the ending and the player's final hand."""
    return f"{wagers_name(turn, river)}-{ENDINGS[ending]}-{Cat(category).label}"


def action_probabilities(found: BonusPlay) -> dict[str, Fraction]:
    n = found.situations
    fm = found.rules.flop_multiple
    turns = found.situations * found.turn_cards
    return {action_key(PREFLOP, flop_action(fm)): Fraction(found.played_situations, n),
            action_key(PREFLOP, FOLD): Fraction(found.folded_situations, n),
            action_key(FLOP, BET): Fraction(found.turn_situations, n),
            action_key(FLOP, CHECK): Fraction(found.played_situations - found.turn_situations, n),
            action_key(TURN, BET): Fraction(found.river_turns, turns),
            action_key(TURN, CHECK): Fraction(found.played_situations * found.turn_cards - found.river_turns, turns)}


def main_of(game: GameTable, found: BonusPlay) -> Analysis:
    """Ante and the wagers made, per Ante: a row per wagers made, ending and final hand, then the fold."""
    r = found.rules
    rows = []
    for t in (1, 0):
        for v in (1, 0):
            cells = found.played[t][v]
            for c in reversed(range(N_CATEGORIES)):
                for e in range(SIX):
                    if cells[c][e]:
                        rows.append(Outcome(cell_name(t, v, c, e), cells[c][e],
                                            r.net(r.flop_multiple, t, v, c, e), Fraction(1 + r.flop_multiple + t + v)))
    folds = found.folded_situations * found.completions
    if folds:
        rows.append(Outcome(FOLD, folds, Fraction(-1), Fraction(1)))
    return Analysis(game.name, game.paytables_text(), found.deals, tuple(rows), None, game.unit,
                    action_probabilities=action_probabilities(found))


def main_analysis(game: GameTable, strategy: str = OPTIMAL) -> Analysis:
    """Ante and the wagers made, per Ante, under a strategy (the optimal one by default), once per table."""
    return game.built_for(main_analysis, strategy, lambda: main_of(game, play(game, strategy=strategy)))


def bonus_of(game: BonusGame, dead: tuple[int, ...] = ()) -> Analysis:
    """The Bonus per its own stake over every player and dealer holding of the deck without ``dead``."""
    live = [c for c in range(52) if c not in set(dead)]
    others = comb(len(live) - 2, 2)
    aces = [c for c in live if c >> 2 == 12]
    counts: dict[str, int] = {}
    for a, b in combinations(live, 2):
        name = starting_hands.hand_name(a, b).lower()
        if name == "aa":
            both = 1 if len(aces) == 4 else 0             # the dealer holds the other two aces
            counts[AA_VS_AA] = counts.get(AA_VS_AA, 0) + both
            counts[name] = counts.get(name, 0) + others - both
        else:
            counts[name] = counts.get(name, 0) + others
    if not game.bonus_survives_fold:
        _check_no_paying_fold(game, live, dead)
    paying = [(h, n) for h, n in counts.items() if game.bonus_pay(h) > -1]
    rows = [Outcome(f"{BONUS}-{h}", n, game.bonus_pay(h)) for h, n in
            sorted(paying, key=lambda item: (-game.bonus_pay(item[0]), bonus_hands().index(item[0])))]
    rows.append(Outcome(f"{BONUS}-lose", sum(n for h, n in counts.items() if game.bonus_pay(h) <= -1), Fraction(-1)))
    paytable = game.game.paytable(BONUS)
    text = f"{BONUS} ({paytable.basis} one): " + ", ".join(f"{k} {v}" for k, v in paytable.pays.items())
    return Analysis(game.game.name, text, comb(len(live), 2) * others, tuple(rows), None, f"{BONUS} stake")


def _check_no_paying_fold(game: BonusGame, live: list[int], dead: tuple[int, ...]) -> None:
    """Where a fold forfeits the Bonus, the rounds it changes are the folded ones that the Bonus
    would pay: refuse the table unless there are none.  (Then the Bonus is the same as where it
    survives, and so is the play: forfeiting a losing Bonus changes nothing, and a hand that plays
    on the Ante alone plays all the more.  Were a paying hand folded, its preflop decision would
    have to weigh the Bonus against the Ante.)"""
    found = play(game.game) if not dead else bonus_play(game.rules, tuple(sorted(dead)))
    table = orbits(tuple(sorted(dead)))
    for a, b in combinations(live, 2):
        name = starting_hands.hand_name(a, b)
        if not found.raises[table.of(a, b)] and game.bonus_pay(name.lower()) > -1:
            raise InputError(f"table '{game.game.name}': rules.bonus_survives_fold = false is priced where no hand "
                             f"the Bonus pays is folded preflop, and {name} is folded (its decision would have to "
                             "weigh the Bonus)")


def _bonus(game: GameTable) -> Analysis:
    return bonus_of(BonusGame.of(game))


def bonus_analysis(game: GameTable) -> Analysis:
    return game.built(_bonus)


def charts(game: GameTable) -> StrategyCharts:
    """The preflop chart of the 169 starting hands (and in words); the flop and turn wagers are made
    exactly when the hand wins more often than it loses over the cards still to come (both pay 1 to 1,
    so no pay moves them: decide prices any flop or turn)."""
    found = play(game)
    fm = found.rules.flop_multiple
    reps, sizes = orbits(()).representatives, orbits(()).sizes
    if len(reps) != len(found.raises):
        raise InputError("the preflop chart is drawn for the full deck")
    choice = {starting_hands.hand_name(*rep): flop_action(fm) if up else FOLD
              for rep, up in zip(reps, found.raises, strict=True)}
    per_holding = found.deals // comb(52, 2)
    deals = {starting_hands.hand_name(*rep): size * per_holding for rep, size in zip(reps, sizes, strict=True)}
    actions = (FOLD, flop_action(fm))
    words = (*starting_hands.in_words(choice.__getitem__, actions),
             (f"{FLOP}: {BET}", "make the Turn wager exactly when, over the turn, the river and the dealer's "
                                "cards, the hand wins more often than it loses"),
             (f"{TURN}: {BET}", "make the River wager exactly when, over the river and the dealer's cards, the "
                                "hand wins more often than it loses"))
    preflop = starting_hands.chart(actions, choice.__getitem__, deals.__getitem__, PREFLOP, words,
                                   "each cell: the deals of the starting hand (4 suited, 6 pairs, 12 offsuit "
                                   "holdings)")
    return StrategyCharts((preflop,))

