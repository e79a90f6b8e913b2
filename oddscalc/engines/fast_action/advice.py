"""Optional-bet decision support: should the hero make the one optional bet after the flop?

The bet only changes phase one (phase two moves the compulsory bet whatever is done), so it
pays when the hero's expected share of the pot beats the break-even equity
``optional_bet / pot``, the pot holding every ante and the optional bets of the hero and of
the others who bet.  The others' hands are taken as random: a bettor's hand is likely
stronger than random, so read a narrow "bet" with care.

>>> from oddscalc.core.cards import parse_cards
>>> from oddscalc.engines.fast_action.rules import default_rules
>>> rows = decision_rows(default_rules(), parse_cards("As Ad"), parse_cards("Ac 7d 2h"), (), 4, [1])
>>> rows[0].break_even, rows[0].advice
(Fraction(1, 6), 'bet')
>>> decision_of(rows[0]).case, decision_of(rows[0]).choice
({'others_bet': 1}, 'bet')
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.engines.base import Decision
from oddscalc.engines.fast_action.equity import Equity, showdown_equity
from oddscalc.engines.fast_action.rules import FastActionRules

CLOSE = 2     # an estimate within this many standard errors of break-even is too close to call


@dataclass(frozen=True)
class BetAdvice:
    """One row: j other bettors, the hero's equity against them, and what the bet is worth."""
    others: int
    equity: Equity
    pot: Fraction                  # pot if the hero bets, units
    break_even: Fraction | None    # equity needed (None: no showdown when nobody else bets)
    gain: Fraction                 # expected gain of betting over not betting, units
    gain_se: float | None
    advice: str


def _advice(gain: Fraction, se: float | None) -> str:
    if se is not None and abs(float(gain)) <= CLOSE * se:
        return "too close to call (estimate)"
    word = "bet" if gain > 0 else "do not bet" if gain < 0 else "either"
    return word if se is None else f"{word} (estimate)"


def decide_row(rules: FastActionRules, hero: Sequence[int], board: Sequence[int], dead: Sequence[int],
               players: int, others: int,
               hero_button: bool = False, samples: int = 200_000, seed: int = 1, workers: int = 1,
               scheduler: str | None = None, known: dict[int, Equity] | None = None) -> BetAdvice:
    """The value of the optional bet when ``others`` other players bet too (``known``: equities
    already found, by opponent count: the rows of one decision share them)."""
    known = {} if known is None else known

    def equity_against(opponents: int) -> Equity:
        if opponents not in known:
            known[opponents] = showdown_equity(hero, board, dead, opponents, samples, seed, workers=workers,
                                               scheduler=scheduler)
        return known[opponents]

    if not 0 <= others < players:
        raise InputError(f"--others-bet must be between 0 and {players - 1} with {players} players")
    antes = rules.ante * players
    pot = antes + rules.optional_bet * (others + 1)
    equity = equity_against(others)
    se = None if equity.std_error is None else equity.std_error * float(pot)
    if others:
        return BetAdvice(others, equity, pot, rules.optional_bet / pot, equity.equity * pot - rules.optional_bet,
                        se, _advice(equity.equity * pot - rules.optional_bet, se))
    # alone: betting takes every ante; not betting leaves them to the button or the best hand
    if rules.no_optional_bet == "button":
        keep, se = (antes if hero_button else Fraction(0)), None
    else:
        everyone = equity_against(players - 1)
        keep = everyone.equity * antes
        se = None if everyone.std_error is None else everyone.std_error * float(antes)
    gain = antes - keep
    return BetAdvice(0, equity, pot, None, gain, se, _advice(gain, se))


def decision_rows(rules: FastActionRules, hero: Sequence[int], board: Sequence[int], dead: Sequence[int],
                  players: int, others: Iterable[int] | None = None, hero_button: bool = False,
                  samples: int = 200_000, seed: int = 1, workers: int = 1,
                  scheduler: str | None = None) -> list[BetAdvice]:
    """A decision row for each number of other bettors asked (all of 0..players-1 by default)."""
    if rules.phase_one_tie != "split":
        raise InputError("decide assumes tied best hands split the pot (rules.phase_one_tie = split)")
    if not rules.players_min <= players <= rules.players_max:
        raise InputError(f"--players must be between {rules.players_min} and {rules.players_max}")
    left = 52 - len(hero) - len(board) - len(dead)
    needed = 2 * (players - 1) + 5 - len(board)
    if needed > left:
        raise InputError(f"{players} players need {needed} more cards (the others' hole cards and the rest of "
                         f"the board) but {left} are left after the known and dead cards")
    wanted = range(players) if others is None else others
    known: dict[int, Equity] = {}
    return [decide_row(rules, hero, board, dead, players, j, hero_button, samples, seed, workers, scheduler, known)
            for j in wanted]


def decision_of(row: BetAdvice) -> Decision:
    """One case of the optional bet as a Decision: the value of betting measured from not betting
    (phase two is the same either way), in units; the case is the number of other bettors."""
    equity = row.equity
    facts = {"equity": equity.equity, "equity_std_error": equity.std_error, "win": equity.win, "pot": row.pot,
             "break_even_equity": row.break_even, "advice": row.advice}
    return Decision("bet" if row.gain > 0 else "no bet", {"bet": row.gain, "no bet": Fraction(0)}, equity.total,
                    equity.exact, std_error=row.gain_se, facts=facts, case={"others_bet": row.others})


