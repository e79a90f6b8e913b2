"""Outcome tables of a solved three-card game: main game, Bonus, the two together, side bets.

Row names are stable: ``fold``, ``dealer-not-qualify``, ``lose``, ``push``, ``win-play-1-to-1``,
``win-play-3-to-2`` (named after the Play pay), with ``-ante-bonus-<class>`` when an ante bonus
is paid; Bonus rows ``fold``, ``lose``, ``win-<class>``; a row of the two together joins them
with ``-bonus-``, e.g. ``win-play-3-to-2-bonus-win-flush``.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> from oddscalc.engines.three_card.counts import game_counts
>>> from oddscalc.engines.three_card.solve import solve
>>> rules = three_card_rules(load("three-card-poker"))
>>> main = main_analysis(solve(rules, game_counts(rules)))
>>> [row.outcome for row in main.outcomes][:3]
['fold', 'dealer-not-qualify', 'dealer-not-qualify-ante-bonus-straight']
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.engines.base import Ties
from oddscalc.engines.sidebets import SideBet
from oddscalc.engines.three_card.rules import ThreeCardRules
from oddscalc.engines.three_card.side import side_analysis
from oddscalc.engines.three_card.solve import FOLD, LOSE, NOT_QUALIFY, PUSH, WIN, Prices, Solution


def ratio_name(value: Fraction) -> str:
    """A pay as players say it: 3/2 -> ``3-to-2``, 1 -> ``1-to-1``.

    >>> ratio_name(Fraction(3, 2)), ratio_name(Fraction(2))
    ('3-to-2', '2-to-1')
    """
    return f"{value.numerator}-to-{value.denominator}"


# The order of an outcome row in its table: compared element by element (bools and ints among
# Fractions), of one length within a table.
SortKey = tuple[Fraction | int, ...]
Priced = tuple[SortKey, str, Fraction, Fraction]            # sort key, name, net, wager (per Bet)
Entry = tuple[SortKey, str, int, Fraction, Fraction]        # sort key, name, count, net, wager


def _analysis(solution: Solution, table: str, unit: str, entries: Iterable[Entry],
              call_probability: Fraction | None = None, total: int | None = None) -> Analysis:
    """Rows from (sort key, name, count, net, wager) entries; entries with one name are merged."""
    merged: dict[str, tuple[SortKey, int, Fraction, Fraction]] = {}
    for key, name, count, net, wager in entries:
        if not count:
            continue
        first, counted, seen_net, seen_wager = merged.setdefault(name, (key, 0, net, wager))
        if (seen_net, seen_wager) != (net, wager):
            raise AssertionError(f"outcome {name} has two different nets")
        merged[name] = (min(first, key), counted + count, seen_net, seen_wager)
    rows = sorted(merged.items(), key=lambda item: item[1][0])
    outcomes = tuple(Outcome(name, count, net, wager) for name, (_k, count, net, wager) in rows)
    return Analysis(solution.rules.game.name, table, total or solution.counts.total, outcomes,
                    call_probability, unit)


def main_row(rules: ThreeCardRules, p: Prices, klass: str, result: int) -> Priced:
    """(sort key, name, net per Bet, wager per Bet) of the Bet + Play (+ ante bonus) of a hand
    class ending in ``result`` (an index into RESULTS).

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> from oddscalc.engines.three_card.solve import prices
    >>> rules = three_card_rules(load("three-card-poker"))
    >>> main_row(rules, prices(rules), "straight", WIN)[1:]
    ('win-play-1-to-1-ante-bonus-straight', Fraction(3, 1), Fraction(2, 1))
    """
    if result == FOLD:
        return (FOLD, 0, 0), "fold", Fraction(-1), Fraction(1)
    extra = p.ante_bonus[klass]
    suffix = f"-ante-bonus-{rules.pay_name(rules.ante_bonus, klass)}" if extra else ""
    play_pay = (p.win[klass] - 1) / rules.play_stake
    net, name = {
        NOT_QUALIFY: (p.not_qualify, "dealer-not-qualify"),
        LOSE: (p.lose, "lose"),
        PUSH: (Fraction(0), "push"),
        WIN: (p.win[klass], f"win-play-{ratio_name(play_pay)}"),
    }[result]
    key = (result, play_pay if result == WIN else 0, rules.pay_classes.index(klass) if extra else -1)
    return key, name + suffix, net + extra, 1 + rules.play_stake


def _main_rows(solution: Solution) -> Iterator[tuple[SortKey, str, int, Fraction, Fraction, str, int]]:
    """(sort key, name, count, net per Bet, wager per Bet, hand class, result) of the Bet + Play."""
    for klass, counts in solution.tally.items():
        for result, count in enumerate(counts):
            key, name, net, wager = main_row(solution.rules, solution.prices, klass, result)
            yield key, name, count, net, wager, klass, result


def main_analysis(solution: Solution) -> Analysis:
    """Bet + Play (and ante bonus) per Bet, under the decisions that are optimal with the Bonus."""
    rows = ((key, name, count, net, wager) for key, name, count, net, wager, _klass, _result in _main_rows(solution))
    return _analysis(solution, solution.rules.play.name, solution.rules.game.unit, rows,
                     solution.call_probability)


def _bonus_result(solution: Solution, klass: str, result: int) -> tuple[str, Fraction]:
    """Name and net per Bonus stake of the Bonus in one way a deal ends."""
    p, rules = solution.prices, solution.rules
    if result == FOLD and rules.fold_forfeits_bonus:
        return "fold", p.bonus_folded[klass]
    name = rules.pay_name(rules.bonus, klass)
    paid = rules.bonus is not None and name in rules.bonus.pays
    return (f"win-{name}" if paid else "lose"), p.bonus_played[klass]


def bonus_analysis(solution: Solution) -> Analysis:
    """The Bonus wager per Bonus stake (it is settled on the player's hand; a fold forfeits it)."""
    def rows() -> Iterator[Entry]:
        for _key, _name, count, _net, _wager, klass, result in _main_rows(solution):
            name, net = _bonus_result(solution, klass, result)
            yield (result != FOLD, net, solution.rules.pay_classes.index(klass)), name, count, net, Fraction(1)
    return _analysis(solution, "bonus", "bonus", rows())


def combined_row(solution: Solution, klass: str, result: int) -> Priced:
    """(sort key, name, net per Bet, wager per Bet) of Bet + Play + Bonus for a hand class ending
    in ``result``: the main row's name joined to the Bonus row's with ``-bonus-``."""
    key, name, net, wager = main_row(solution.rules, solution.prices, klass, result)
    bonus_name, bonus_net = _bonus_result(solution, klass, result)
    joined = name if result == FOLD and bonus_name == "fold" else f"{name}-bonus-{bonus_name}"
    r = solution.prices.ratio
    return (*key, bonus_net), joined, net + r * bonus_net, wager + r


def combined_analysis(solution: Solution) -> Analysis:
    """Bet + Play + Bonus together, per Bet: the wager includes the Bonus stake (ratio r)."""
    def rows() -> Iterator[Entry]:
        for _key, _name, count, _net, _wager, klass, result in _main_rows(solution):
            key, name, net, wager = combined_row(solution, klass, result)
            yield key, name, count, net, wager
    return _analysis(solution, "play+bonus", solution.rules.game.unit, rows(), solution.call_probability)


def bonus_staked(rules: ThreeCardRules) -> bool:
    """Whether a Bonus is staked: then the game's analysis is the combined one."""
    return rules.bonus is not None and bool(rules.bonus_ratio)


def game_analysis(solution: Solution) -> Analysis:
    """The analysis of the whole wager: combined when a Bonus is staked, else the main one."""
    return combined_analysis(solution) if bonus_staked(solution.rules) else main_analysis(solution)


def outcome_name(solution: Solution, klass: str, result: int) -> str:
    """The row of :func:`game_analysis` that a hand class ending in ``result`` counts in.

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.engines.three_card.rules import three_card_rules
    >>> from oddscalc.engines.three_card.counts import game_counts
    >>> from oddscalc.engines.three_card.solve import solve
    >>> rules = three_card_rules(load("fast-poker"))
    >>> outcome_name(solve(rules, game_counts(rules)), "flush", WIN)
    'win-play-3-to-2-bonus-win-flush'
    """
    if result == PUSH and solution.rules.ties is not Ties.PUSH:
        result = WIN if solution.rules.ties is Ties.PLAYER else LOSE      # where ties are counted
    if bonus_staked(solution.rules):
        return combined_row(solution, klass, result)[1]
    return main_row(solution.rules, solution.prices, klass, result)[1]


def side_bet_analysis(solution: Solution, bet: SideBet) -> Analysis:
    """A side bet (Pair Plus, a 6 Card Bonus, a bad beat...): per side-bet stake, over every deal."""
    return side_analysis(solution.rules, bet, solution.counts.deck)


def analyses(solution: Solution) -> dict[str, Analysis]:
    """Every analysis of a solved game: ``main``, then ``bonus`` and ``combined`` when a Bonus is
    staked, then each side bet by its paytable name."""
    out = {"main": main_analysis(solution)}
    rules: ThreeCardRules = solution.rules
    if bonus_staked(rules):
        out["bonus"] = bonus_analysis(solution)
        out["combined"] = combined_analysis(solution)
    for bet in rules.side:
        out[bet.table.name] = side_bet_analysis(solution, bet)
    return out
