"""The return as an exact linear expression in the payouts, for the fixed optimal strategy (sympy).

With the strategy held fixed, every outcome's count is fixed and its net is linear in each
payout, so the expected return per unit is ``constant + sum(coefficient * payout)``.  Each
coefficient is the payout's marginal effect: how much the return per unit rises when that
payout rises by one (for Caribbean Stud, the Call multiple times the probability of winning
with that category).  A coefficient is measured exactly from two analyses with one strategy:
the game's own and one with the payout moved by a small step (down when a step up would change
the strategy), so it holds for any engine whose analysis is exact.

>>> from oddscalc.engines.base import load
>>> s = symbolic_return(load("five-plus-one-bonus"))
>>> s.rtp_expression.subs(s.values) == s.analysis.rtp
True
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.tools.payouts import PayoutKey, analyzer, check_denominators, current_payout, strategy_of, with_payout

STEPS = (Fraction(1, 1000), Fraction(1, 100000))


def symbol_name(key: PayoutKey) -> str:
    """A sympy-friendly name: ``full_house``, or ``meter_royal_flush`` outside the main paytable.

    >>> symbol_name(PayoutKey("meter", "royal-flush", False))
    'meter_royal_flush'
    """
    return key.text.replace("-", "_").replace(".", "_")


def marginal_effect(game: GameTable, key: PayoutKey, base: Analysis) -> Fraction:
    """d(expected return per unit)/d(payout) for the strategy that is optimal in ``game``."""
    analyze = analyzer(game)
    value = current_payout(game, key)
    for step in STEPS:
        for moved in (value + step, value - step):
            if moved < 0:
                continue
            probe = analyze(with_payout(game, key, moved))
            if strategy_of(probe) == strategy_of(base):
                return (probe.expected_return - base.expected_return) / (moved - value)
    raise InputError(f"the optimal strategy changes within {STEPS[-1]} of {key.text} = {value}: "
                     "no single strategy to express the return for")


@dataclass(frozen=True)
class SymbolicReturn:
    """The expected return per unit as ``constant + sum(coefficient * payout)``; both RTPs in sympy."""
    analysis: Analysis
    constant: Fraction
    coefficients: dict[PayoutKey, Fraction]
    symbols: dict[PayoutKey, sympy.Symbol]
    values: dict[sympy.Symbol, sympy.Rational]

    @property
    def return_expression(self) -> sympy.Expr:
        """Expected net return per unit."""
        return sympy.Rational(self.constant) + sum(
            (sympy.Rational(c) * self.symbols[k] for k, c in self.coefficients.items()), sympy.Integer(0))

    @property
    def rtp_expression(self) -> sympy.Expr:
        """Return to player per unit: 1 + expected return."""
        return 1 + self.return_expression

    @property
    def rtp_total_expression(self) -> sympy.Expr:
        """Return to player per total amount wagered (the average wager is fixed with the strategy)."""
        return 1 + self.return_expression / sympy.Rational(self.analysis.average_wager)


def symbolic_return(game: GameTable) -> SymbolicReturn:
    """The return of ``game``'s optimal strategy as a linear expression in every listed payout."""
    check_denominators(game)
    base = analyzer(game)(game)
    keys = [PayoutKey(t.name, category, t.name == game.main_paytable)
            for t in game.paytables for category in t.pays]
    coefficients = {key: marginal_effect(game, key, base) for key in keys}
    constant = base.expected_return - sum((c * current_payout(game, k) for k, c in coefficients.items()),
                                          Fraction(0))
    symbols = {key: sympy.Symbol(symbol_name(key)) for key in keys}
    values = {symbols[k]: sympy.Rational(current_payout(game, k)) for k in keys}
    result = SymbolicReturn(base, constant, coefficients, symbols, values)
    if result.return_expression.subs(values) != sympy.Rational(base.expected_return):
        raise AssertionError("the symbolic return does not reproduce the analysis")
    return result
