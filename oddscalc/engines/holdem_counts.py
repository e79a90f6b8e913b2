"""Hold'em against the dealer on the board kernel (ext/holdem.pyx): Casino Hold'em exact over every deal.

The counts, the optimal flop decision and the exact figures; the family ``holdem``
(oddscalc/engines/holdem/, the game casino-holdem) reads a game file into these rules and reports
them.  docs/holdem-kernel.md is the algorithm.

The kernel counts, this module prices: a paytable becomes integer coefficients (every pay times
the least common denominator), the kernel takes the better of call and fold at every (flop,
holding) by those coefficients, and the figures come back here as exact ``Fraction``\\ s.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb, lcm

from oddscalc._native import eval5, holdem, holdem_price
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.core.solution_store import kept

N_CATEGORIES = 10
N_ENDINGS = 4              # the columns of a cell: dealer does not qualify; qualifies and the player wins, ties, loses
PAIR_OF_ACES = 10          # the kernel's five-card class of a pair of aces (classes 0..9 are the categories)
ACE = 12

# Ante pays by the player's final category (to one); the default is the online and live table.
DEFAULT_ANTE = {Cat.ROYAL_FLUSH: Fraction(100), Cat.STRAIGHT_FLUSH: Fraction(20), Cat.FOUR_OF_A_KIND: Fraction(10),
                Cat.FULL_HOUSE: Fraction(3), Cat.FLUSH: Fraction(2)}
WOO_ANTE_1 = {Cat.ROYAL_FLUSH: Fraction(20), Cat.STRAIGHT_FLUSH: Fraction(20), Cat.FOUR_OF_A_KIND: Fraction(10),
              Cat.FULL_HOUSE: Fraction(3), Cat.FLUSH: Fraction(2)}
WOO_ANTE_2 = {Cat.ROYAL_FLUSH: Fraction(25), Cat.STRAIGHT_FLUSH: Fraction(25), Cat.FOUR_OF_A_KIND: Fraction(12),
              Cat.FULL_HOUSE: Fraction(3), Cat.FLUSH: Fraction(2)}
ANTE_TABLES = {"default": DEFAULT_ANTE, "woo-1": WOO_ANTE_1, "woo-2": WOO_ANTE_2}
# AA Bonus pays on the player's two cards and the flop (exactly five cards); a pair of aces or better
DEFAULT_AA_BONUS: dict[Cat | str, Fraction] = {Cat.ROYAL_FLUSH: Fraction(100), Cat.STRAIGHT_FLUSH: Fraction(50),
                    Cat.FOUR_OF_A_KIND: Fraction(40), Cat.FULL_HOUSE: Fraction(30), Cat.FLUSH: Fraction(20),
                    Cat.STRAIGHT: Fraction(7), Cat.THREE_OF_A_KIND: Fraction(7), Cat.TWO_PAIR: Fraction(7),
                    "pair-of-aces": Fraction(7)}


class TooLarge(InputError, OverflowError):
    """Pays the 64-bit kernel cannot hold exactly: one line on the command line (an InputError), and
    an OverflowError to a tool that prices such a payout another way (design interpolates)."""


def pair_qualifier(rank: int) -> int:
    """The least strength of "a pair of ``rank`` (0 = deuces .. 12 = aces) or better": the pair with
    the lowest three kickers.

    >>> pair_qualifier(2) == eval5.strength([8, 9, 0, 4, 12])      # 4c 4d 2c 3c 5c
    True
    """
    if not 0 <= rank <= ACE:
        raise InputError(f"a pair's rank is 0..12 (deuces to aces), got {rank}")
    kickers = [r for r in range(13) if r != rank][:3]
    return eval5.strength([rank * 4, rank * 4 + 1] + [r * 4 + (2 if r < rank else 0) for r in kickers])


@dataclass(frozen=True)
class CasinoHoldemRules:
    """Casino Hold'em as docs/holdem-kernel.md reads it: the Ante table by category (unlisted
    categories pay 1 to 1), the dealer qualifier (the rank of the least qualifying pair, None for
    none), the Call multiple, the AA Bonus table (categories and "pair-of-aces"; unlisted lose) and
    how it enters the decision (``bonus_ratio`` Bonus units per Ante; with ``bonus_requires_call`` a
    fold forfeits it), and the tie-break of equal values."""
    ante: tuple[tuple[Cat, Fraction], ...] = tuple(DEFAULT_ANTE.items())
    qualifier_pair: int | None = 2          # a pair of 4s (rank 2 counts from deuces = 0)
    call_multiple: int = 2
    aa_bonus: tuple[tuple[Cat | str, Fraction], ...] = tuple(DEFAULT_AA_BONUS.items())
    bonus_ratio: Fraction = Fraction(0)
    bonus_requires_call: bool = True
    wager_more: bool = True

    def ante_pay(self, category: int) -> Fraction:
        return dict(self.ante).get(Cat(category), Fraction(1))

    def bonus_pay(self, five_class: int) -> Fraction:
        key: Cat | str = "pair-of-aces" if five_class == PAIR_OF_ACES else Cat(five_class)
        return dict(self.aa_bonus).get(key, Fraction(-1))

    @property
    def qualifier(self) -> int:
        return 0 if self.qualifier_pair is None else pair_qualifier(self.qualifier_pair)


@dataclass(frozen=True)
class CasinoHoldemFigures:
    """Exact figures of optimal play, per Ante (the AA Bonus per unit of its own stake)."""
    deals: int                      # (holding, flop, turn and river, dealer holding) sets
    expected_return: Fraction       # Ante and Call, per Ante
    average_wager: Fraction         # Ante + Call at risk, per Ante
    call_probability: Fraction
    equal_situations: Fraction      # probability of a situation whose call and fold are worth the same
    aa_bonus_return: Fraction

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        return self.house_edge / self.average_wager


def _dead_cards(dead: tuple[int, ...]) -> tuple[int, ...]:
    if len(set(dead)) != len(dead) or any(not 0 <= c < 52 for c in dead):
        raise InputError("the dead cards must be distinct card codes 0..51")
    if 52 - len(dead) < 9:
        raise InputError(f"a round deals 9 cards; {52 - len(dead)} are left without the dead cards")
    return tuple(sorted(dead))


@cache
def flop_counts(dead: tuple[int, ...] = (), qualifier: int = 0) -> holdem.FlopCounts:
    """The kernel's counts for every flop decision (kept: another paytable reuses them)."""
    return holdem.flop_counts(_dead_cards(dead), qualifier)


def _coefficients(rules: CasinoHoldemRules) -> tuple[int, list[int], int, list[int], list[int]]:
    """(scale, call coefficients by cell, fold value, call and fold extras by five-card class), all
    integers: every value times ``scale``, the least common denominator."""
    m = rules.call_multiple
    call = [Fraction(0)] * (N_CATEGORIES * N_ENDINGS)
    for cat in range(N_CATEGORIES):
        ante = rules.ante_pay(cat)
        call[cat * N_ENDINGS + 0] = ante                # dealer does not qualify: Ante by its table, Call pushes
        call[cat * N_ENDINGS + 1] = ante + m            # player wins
        call[cat * N_ENDINGS + 3] = Fraction(-1 - m)    # player loses; a tie pushes both
    fold = Fraction(-1)
    call_extra = [Fraction(0)] * 11
    fold_extra = [Fraction(0)] * 11
    if rules.bonus_requires_call and rules.bonus_ratio:
        call_extra = [rules.bonus_ratio * rules.bonus_pay(c) for c in range(11)]
        fold_extra = [-rules.bonus_ratio] * 11
    values = [*call, fold, *call_extra, *fold_extra]
    scale = lcm(*(v.denominator for v in values))
    ints = [int(v * scale) for v in values]
    n = len(call)
    return scale, ints[:n], ints[n], ints[n + 1:n + 12], ints[n + 12:]


@dataclass(frozen=True)
class OptimalPlay:
    """Optimal play at the flop counted over every deal: what the figures and the outcome table are
    made of.  ``called_cells[category][ending]`` are the deals of a call (endings as the kernel's
    columns); a fold is ``situations - calls`` situations, each ``completions`` deals; the AA Bonus
    is settled on the five-card class of holding and flop (``called_by_class``, ``folded_by_class``,
    in situations)."""
    situations: int                 # (holding, flop) pairs
    completions: int                # (turn and river, dealer holding) per situation
    calls: int
    equal: int
    called_cells: tuple[tuple[int, ...], ...]
    called_by_class: tuple[int, ...]
    folded_by_class: tuple[int, ...]
    main_value: Fraction            # Ante and Call, per Ante, summed over every deal (not divided)

    @property
    def deals(self) -> int:
        return self.situations * self.completions


def optimal_play(rules: CasinoHoldemRules | None = None, dead: tuple[int, ...] = (),
                 rule: bytes | None = None) -> OptimalPlay:
    """The kernel's optimal flop decision over every deal of the deck without ``dead``, counted (kept on
    disk for the next run: core/solution_store); or a simple strategy's, ``rule`` a byte per flop
    chart cell (FLOP_ROWS x 13 highest hole ranks: 0 fold, 1 call, 2 the optimal choice)."""
    rules = rules or CasinoHoldemRules()
    dead = _dead_cards(dead)
    code = tuple(m.__file__ or "" for m in (sys.modules[__name__], holdem, holdem_price))
    return kept("casino-holdem", (rules, dead, rule), code, lambda: _optimal_play(rules, dead, rule))


def choices(rules: CasinoHoldemRules, rule: bytes | None = None, dead: tuple[int, ...] = ()) -> bytes:
    """The call (1) or fold (0) of every (canonical flop, holding) of the counts, optimal or by ``rule``."""
    counts = flop_counts(_dead_cards(dead), rules.qualifier)
    _, call, fold, call_extra, fold_extra = _coefficients(rules)
    forced = None if rule is None else holdem_price.chart_choices(counts, rule)
    chosen: bytes = counts.decide(call, fold, call_extra, fold_extra, rules.wager_more, forced)["choices"]
    return chosen


def _optimal_play(rules: CasinoHoldemRules, dead: tuple[int, ...], rule: bytes | None) -> OptimalPlay:
    counts = flop_counts(_dead_cards(dead), rules.qualifier)
    scale, call, fold, call_extra, fold_extra = _coefficients(rules)
    n = counts.n_live
    situations = comb(n, 3) * comb(n - 3, 2)
    # the kernel values one situation at a time in 64 bits (at most every coefficient's size times its
    # completions); the sums over every deal are made here, in Python integers, from its counts
    if 2 * counts.completions * max(map(abs, [*call, fold, *call_extra, *fold_extra])) >= 2 ** 62:
        raise TooLarge("the paytable's common denominator is too large for the kernel's exact 64-bit values "
                       "(give pays with smaller denominators)")
    forced = None if rule is None else holdem_price.chart_choices(counts, rule)
    out = counts.decide(call, fold, call_extra, fold_extra, rules.wager_more, forced)
    assert out["classes"] == situations
    called, folded = out["called_by_class"], out["folded_by_class"]
    flat = out["called_cells"]
    assert sum(flat) == out["calls"] * counts.completions
    main = sum(c * k for c, k in zip(call, flat, strict=True)) + fold * (situations - out["calls"]) * counts.completions
    cells = tuple(tuple(flat[r * N_ENDINGS:(r + 1) * N_ENDINGS]) for r in range(N_CATEGORIES))
    return OptimalPlay(situations, counts.completions, out["calls"], out["equal"], cells, tuple(called),
                       tuple(folded), Fraction(main, scale))


def casino_holdem(rules: CasinoHoldemRules | None = None, dead: tuple[int, ...] = ()) -> CasinoHoldemFigures:
    """Casino Hold'em played optimally at the flop over every deal of the deck without ``dead``."""
    rules = rules or CasinoHoldemRules()
    play = optimal_play(rules, dead)
    called, folded = play.called_by_class, play.folded_by_class
    if rules.bonus_requires_call:
        bonus = sum(called[c] * rules.bonus_pay(c) for c in range(11)) - sum(folded)
    else:
        bonus = sum((called[c] + folded[c]) * rules.bonus_pay(c) for c in range(11))
    calls = Fraction(play.calls, play.situations)
    return CasinoHoldemFigures(
        deals=play.deals, expected_return=play.main_value / play.deals,
        average_wager=1 + rules.call_multiple * calls, call_probability=calls,
        equal_situations=Fraction(play.equal, play.situations), aa_bonus_return=Fraction(bonus, play.situations))


def optimal_choices(rules: CasinoHoldemRules | None = None,
                    dead: tuple[int, ...] = ()) -> dict[tuple[tuple[int, int, int], tuple[int, int]], bool]:
    """Whether the optimal player calls, for every canonical flop and every holding of it (the other
    flops of a class are its suit relabellings)."""
    rules = rules or CasinoHoldemRules()
    counts = flop_counts(_dead_cards(dead), rules.qualifier)
    _, call, fold, call_extra, fold_extra = _coefficients(rules)
    chosen = counts.decide(call, fold, call_extra, fold_extra, rules.wager_more)["choices"]
    out = {}
    for f, (flop, _) in enumerate(counts.flops()):
        for h, holding in enumerate(counts.holdings(f)):
            out[(flop, holding)] = chosen[f * counts.n_holdings + h] == 1
    return out


def _suit_maps(dead: tuple[int, ...]) -> list[list[int]]:
    """The suit permutations (as card maps) that keep the dead cards."""
    maps = []
    for perm in permutations(range(4)):
        card_map = [(c >> 2) * 4 + perm[c & 3] for c in range(52)]
        if {card_map[c] for c in dead} == set(dead):
            maps.append(card_map)
    return maps


def flop_cell(holding: tuple[int, int], flop: tuple[int, int, int], dead: tuple[int, ...] = (),
              qualifier: int = 0) -> list[list[int]]:
    """The kernel's 10 x 4 counts for one (holding, flop), found through its canonical flop."""
    dead = _dead_cards(dead)
    counts = flop_counts(dead, qualifier)
    cards = {*holding, *flop}
    if len(cards) != 5 or cards & set(dead):
        raise InputError("a holding and a flop are five distinct live cards")
    canonical = {tuple(sorted(f)): i for i, (f, _) in enumerate(counts.flops())}
    for card_map in _suit_maps(dead):
        image = tuple(sorted(card_map[c] for c in flop))
        if image in canonical:
            index = canonical[image]
            low, high = sorted(card_map[c] for c in holding)
            mapped = (low, high)
            return counts.cell(index, counts.holdings(index).index(mapped))
    raise AssertionError("every flop has a canonical image")


def situation_cell(holding: tuple[int, int], flop: tuple[int, int, int], rules: CasinoHoldemRules | None = None,
                   dead: tuple[int, ...] = ()) -> list[list[int]]:
    """One (holding, flop)'s 10 x 4 counts over its turns, rivers and dealer holdings, made directly."""
    rules = rules or CasinoHoldemRules()
    dead = _dead_cards(dead)
    cards = {*holding, *flop}
    if len(holding) != 2 or len(flop) != 3 or len(cards) != 5 or cards & set(dead):
        raise InputError("a situation is a two-card holding and a three-card flop, five distinct live cards")
    return holdem.situation_counts(holding, flop, dead, rules.qualifier)


def call_and_fold(holding: tuple[int, int], flop: tuple[int, int, int], rules: CasinoHoldemRules | None = None,
                  dead: tuple[int, ...] = ()) -> tuple[Fraction, Fraction]:
    """The expected Ante-and-Call net of calling and of folding, per Ante, at one (holding, flop)
    (the AA Bonus at ``bonus_ratio`` included when a fold forfeits it): the situation's own counts,
    made directly (milliseconds; no whole table)."""
    rules = rules or CasinoHoldemRules()
    cell = situation_cell(holding, flop, rules, dead)
    scale, call, fold, call_extra, fold_extra = _coefficients(rules)
    total = sum(map(sum, cell))
    five = _five_class([*holding, *flop])
    v_call = sum(call[r * N_ENDINGS + e] * cell[r][e] for r in range(N_CATEGORIES) for e in range(N_ENDINGS))
    v_call += call_extra[five] * total
    v_fold = (fold + fold_extra[five]) * total
    return Fraction(v_call, scale * total), Fraction(v_fold, scale * total)


def _five_class(cards: list[int]) -> int:
    category = eval5.category(eval5.strength(cards))
    if category == Cat.PAIR and sum(1 for c in cards if c >> 2 == ACE) == 2:
        return PAIR_OF_ACES
    return category
