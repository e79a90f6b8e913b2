"""Casino Hold'em when the player sees more at his flop decision: one or both dealer hole cards, or the
turn (``exposure casino-holdem --dealer-cards K`` or ``--board-cards 4``), an ESTIMATE.

Every such situation (holding, flop and what is seen) is priced exactly: ext/holdem_seen.pyx counts its
10 x 4 cell over every completion of the board and of the dealer's holding the player cannot see, and
the cell is priced by the table's paytable with the analysis' own coefficients, for the informed
player (the better of calling and folding on what he sees) and for the plain optimal player (the
analysis' decision for the holding and flop alone).  The situations are drawn from a seed in chunks
(the exposure tool: the same estimate on any number of workers); their number is the only estimate.
An exact count is out of one machine's reach: with both dealer cards seen there are about 10^9
situations up to suit symmetry, each with 990 completions.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from math import lcm

from oddscalc._native import holdem_seen
from oddscalc._native.holdem_simulate import spread_flops
from oddscalc.core.cards import rank_of
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.parallel import chunk_seed
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.holdem_counts import (
    N_CATEGORIES,
    N_ENDINGS,
    CasinoHoldemRules,
    _coefficients,
    _five_class,
    choices,
    flop_counts,
)
from oddscalc.engines.holdem_simulate import FLOP_TABLE
from oddscalc.engines.reads import Classes, parse_classes, read_of

from .rules import HoldemGame

CALL = 1                      # the plain player's byte for a call (holdem_counts.choices)
FLOP_CARDS = 3                # the community cards every player sees at the decision


def seen_cards(seen: Seen) -> tuple[int, int]:
    """(dealer cards seen, board cards seen beyond the flop) asked for, or one line saying why not."""
    if seen.boxes:
        raise InputError("Casino Hold'em prices dealer cards and the turn seen (--dealer-cards, --board-cards 4); "
                         "other players' cards: decide --dead")
    if seen.sorted_ranks is not None:
        parse_classes(seen.sorted_ranks)
        if not seen.dealer_cards or seen.board_cards > FLOP_CARDS:
            raise InputError("--sorted reads the dealer's hole cards by class: give --dealer-cards 1 or 2, "
                             "without the turn")
    if not 0 <= seen.dealer_cards <= 2:
        raise InputError(f"--dealer-cards {seen.dealer_cards}: the dealer has two hole cards")
    if seen.board_cards not in (0, FLOP_CARDS, FLOP_CARDS + 1):
        raise InputError(f"--board-cards {seen.board_cards}: the flop (3) is seen at the decision; 4 adds the turn")
    board = max(seen.board_cards - FLOP_CARDS, 0)
    if not seen.dealer_cards and not board:
        raise InputError("nothing is seen beyond the flop: that is the plain game (oddscalc analyze casino-holdem)")
    if seen.dealer_cards + board > 2:
        raise InputError("both dealer cards and the turn: the decision is known; price at most two cards seen")
    return seen.dealer_cards, board


@cache
def plain_table(rules: CasinoHoldemRules) -> bytes:
    """The plain optimal call (1) or fold (0) of every (flop, holding), from the exact analysis."""
    table = bytearray(FLOP_TABLE)
    arrays = flop_counts((), rules.qualifier).arrays()
    spread_flops(arrays["flop_cards"], arrays["flop_rest"], choices(rules), table)
    return bytes(table)


def completions(dealer: int, board: int) -> int:
    """The deals one situation weighs: the board's and the dealer's missing cards from the rest."""
    rest = 52 - 5 - dealer - board
    missing_board = 2 - board
    boards = rest * (rest - 1) // 2 if missing_board == 2 else rest
    left = rest - missing_board
    return boards * (1 if dealer == 2 else left if dealer == 1 else left * (left - 1) // 2)


def values(rules: CasinoHoldemRules, cards: Sequence[int], cell: Sequence[int]) -> tuple[int, int]:
    """(call, fold) values of one situation's cell, times the analysis' scale and the cell's deals (the
    AA Bonus, settled on the holding and the flop, in the decision when a fold forfeits it)."""
    _scale, call, fold, call_extra, fold_extra = _coefficients(rules)
    total = sum(cell)
    five = _five_class(list(cards[:5]))
    return (sum(c * n for c, n in zip(call, cell, strict=True)) + call_extra[five] * total,
            (fold + fold_extra[five]) * total)


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure | None:
    """Always sampled (None), once what is seen is checked and the plain player's decisions are made
    (the exact analysis, once per process: so the first chunk's time, which sizes the run, is pricing)."""
    seen_cards(seen)
    plain_table(HoldemGame.of(game).rules)
    return None


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """One seeded chunk of situations, each priced exactly: the informed player's gain over the plain one
    (with ``--sorted``, the dealer cards seen are read by class: each situation's cell is summed over
    every card each class could be, ``read_cell``)."""
    dealer, board = seen_cards(seen)
    rules = HoldemGame.of(game).rules
    scale = _coefficients(rules)[0]
    drawn = holdem_seen.sample_situations(plain_table(rules), dealer, board, chunk_seed(seed, chunk), size,
                                          rules.qualifier)
    classes = None if seen.sorted_ranks is None else parse_classes(seen.sorted_ranks)
    gains = []
    for cards, plain, cell in drawn:
        if classes is not None:
            cell = read_cell(cards, classes, rules.qualifier)
        v_call, v_fold = values(rules, cards, cell)
        gains.append(Fraction(max(v_call, v_fold) - (v_call if plain == CALL else v_fold), scale * sum(cell)))
    # a read situation's deals depend on its classes: the chunk's gains over one common denominator
    denominator = lcm(*(g.denominator for g in gains))
    return GainSample(seed, chunk, tuple(int(g * denominator) for g in gains), denominator)


def read_cell(cards: Sequence[int], classes: Classes, qualifier: int) -> tuple[int, ...]:
    """The cell of a situation (holding, flop, dealer cards) whose dealer cards are seen only by their
    class: every completion of each card (in order) its class could be, among the cards not shown."""
    shown = cards[:5]
    ranks = [read_of(classes, rank_of(card)) for card in cards[5:]]
    candidates = [[c for c in range(52) if rank_of(c) in read and c not in shown] for read in ranks]
    total = [0] * (N_CATEGORIES * N_ENDINGS)
    for dealer in product(*candidates):
        if len(set(dealer)) != len(dealer):
            continue
        found = holdem_seen.situation_cell([*shown, *dealer], len(dealer), 0, qualifier)
        total = [t + n for t, n in zip(total, (n for row in found for n in row), strict=True)]
    return tuple(total)


def situation_values(game: GameTable, cards: Sequence[int], dealer: int, board: int) -> tuple[Fraction, Fraction]:
    """EV(call) and EV(fold) per Ante of one situation with ``dealer`` dealer cards and ``board`` turn seen
    (``cards``: holding, flop, the dealer cards, the turn), exactly."""
    rules = HoldemGame.of(game).rules
    cell = [n for row in holdem_seen.situation_cell(cards, dealer, board, rules.qualifier) for n in row]
    v_call, v_fold = values(rules, cards, cell)
    denominator = _coefficients(rules)[0] * sum(cell)
    return Fraction(v_call, denominator), Fraction(v_fold, denominator)
