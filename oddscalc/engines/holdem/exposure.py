"""Casino Hold'em when the player sees more at his flop decision: one or both dealer hole cards, seen
whole or read by rank class, the turn, or one dealer card and the turn (``exposure casino-holdem
--dealer-cards K [--sorted ...]`` or ``--board-cards 4``), counted exactly over every deal
(seen_flops.py), so nothing is sampled.

``situation_values`` prices one such situation by itself (ext/holdem_seen.pyx counts its 10 x 4 cell
over every completion the player cannot see), as ``decide --seen`` does: the tests' check of the count.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc._native import holdem_seen
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.holdem_counts import CasinoHoldemRules, _coefficients, _five_class
from oddscalc.engines.reads import parse_classes

from .rules import HoldemGame
from .seen_flops import counted_exposure

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


def values(rules: CasinoHoldemRules, cards: Sequence[int], cell: Sequence[int]) -> tuple[int, int]:
    """(call, fold) values of one situation's cell, times the analysis' scale and the cell's deals (the
    AA Bonus, settled on the holding and the flop, in the decision when a fold forfeits it)."""
    _scale, call, fold, call_extra, fold_extra = _coefficients(rules)
    total = sum(cell)
    five = _five_class(list(cards[:5]))
    return (sum(c * n for c, n in zip(call, cell, strict=True)) + call_extra[five] * total,
            (fold + fold_extra[five]) * total)


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None) -> Exposure:
    """The informed optimal player's play over every deal, counted exactly (seen_flops.py), once what
    is seen is checked."""
    seen_cards(seen)
    return counted_exposure(game, seen, workers, scheduler)


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """Never needed: every case is counted exactly."""
    raise InputError(f"{game.name}: what is seen at the flop is counted exactly, not sampled")


def situation_values(game: GameTable, cards: Sequence[int], dealer: int, board: int) -> tuple[Fraction, Fraction]:
    """EV(call) and EV(fold) per Ante of one situation with ``dealer`` dealer cards and ``board`` turn seen
    (``cards``: holding, flop, the dealer cards, the turn), exactly."""
    rules = HoldemGame.of(game).rules
    cell = [n for row in holdem_seen.situation_cell(cards, dealer, board, rules.qualifier) for n in row]
    v_call, v_fold = values(rules, cards, cell)
    denominator = _coefficients(rules)[0] * sum(cell)
    return Fraction(v_call, denominator), Fraction(v_fold, denominator)
