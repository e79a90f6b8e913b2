"""Settling one Fast Action Poker deal, written plainly from the rules: the oracle.

The step-by-step output and the tests use these functions; ext/board.pyx repeats the same
logic in C for speed, and tests/test_fast_action_kernel.py shows the two agree.  Hand values
are anything comparable (kernel strengths or the reference evaluator's tuples).

>>> seats = (1, 2, 4, 7)
>>> values = {1: 5, 2: 9, 4: 9, 7: 3}
>>> [f"{s.action}>{s.other}:{s.result}" for s in phase_two_chain(seats, values, 4)]
['4>7:beats', '4>1:beats', '4>2:ties']
>>> chain_nets(seats, phase_two_chain(seats, values, 4))
{1: -1, 2: 0, 4: 2, 7: -1}
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, Self

from oddscalc.core.errors import InputError
from oddscalc.engines.fast_action.rules import BOARD_POSITIONS, FastActionRules

BEATS, TIES, LOSES = "beats", "ties", "loses to"


class HandValue(Protocol):
    """What a hand's value needs here: to be ordered against another of its kind (a kernel
    strength, an int, or the reference evaluator's tuple)."""
    def __lt__(self, other: Self, /) -> bool: ...
    def __gt__(self, other: Self, /) -> bool: ...


@dataclass(frozen=True)
class Step:
    """One phase-two comparison: the action hand against the next player; who paid whom."""
    action: int
    other: int
    result: str                 # BEATS, TIES or LOSES (read: action <result> other)
    payer: int | None
    payee: int | None


def _next_seat(seats: Sequence[int], seat: int) -> int:
    return seats[(seats.index(seat) + 1) % len(seats)]


def phase_two_chain(seats: Sequence[int], values: Mapping[int, HandValue], start: int, end: str = "one-revolution",
                    tie: str = "push") -> list[Step]:
    """The comparisons of phase two from the first action hand ``start`` (seats clockwise).

    The action hand meets each player to its left in turn: it wins one bet from a player it
    beats; a tie is a push (``tie="pass"`` hands the action to the tied player); when it is
    beaten it pays one bet and the beater becomes the action hand.  ``end="one-revolution"``
    stops when the next player would be the first action hand; ``"every-player"`` goes on
    until the current action hand has been compared with every other player, never comparing
    a pair twice.
    """
    steps: list[Step] = []
    compared: set[frozenset[int]] = set()
    current = position = start
    while True:
        position = _next_seat(seats, position)
        if end == "one-revolution":
            if position == start:
                break
        else:
            if all(frozenset((current, other)) in compared for other in seats if other != current):
                break
            if position == current or frozenset((current, position)) in compared:
                continue
        compared.add(frozenset((current, position)))
        mine, theirs = values[current], values[position]
        if mine > theirs:
            steps.append(Step(current, position, BEATS, position, current))
        elif mine < theirs:
            steps.append(Step(current, position, LOSES, current, position))
            current = position
        else:
            steps.append(Step(current, position, TIES, None, None))
            if tie == "pass":
                current = position
    return steps


def chain_nets(seats: Iterable[int], steps: Iterable[Step]) -> dict[int, int]:
    """Each seat's phase-two net in bets from a list of steps."""
    nets = {seat: 0 for seat in seats}
    for step in steps:
        if step.payer is not None and step.payee is not None:     # both or neither
            nets[step.payer] -= 1
            nets[step.payee] += 1
    return nets


def board_action(rules: FastActionRules, seats: Collection[int], board: Sequence[int]
                 ) -> tuple[int | None, list[tuple[str, int, int | None]]]:
    """The seat named by the community cards, and the cards checked as (position, card, seat).

    A checked card's seat is None when its rank names no occupied seat.  The result is None
    when no checked card names one (then the fallback decides).
    """
    checked: list[tuple[str, int, int | None]] = []
    for name in rules.action_cards:
        index = BOARD_POSITIONS[name]
        if index >= len(board):
            continue
        seat = rules.seat_named(board[index])
        seat = seat if seat in seats else None
        checked.append((name, board[index], seat))
        if seat is not None:
            return seat, checked
    return None, checked


def draw_probabilities(rules: FastActionRules, seats: Sequence[int], deck: Sequence[int]) -> dict[int, Fraction]:
    """Chance of each seat being named when cards are turned one by one from ``deck``.

    Written as the dealer does it: turn a random card; if it names an occupied seat, stop,
    else turn the next.  (The kernel uses the shortcut "each naming card equally likely first".)
    """
    naming = {seat: sum(1 for card in deck if rules.seat_named(card) == seat) for seat in seats}
    blanks = len(deck) - sum(naming.values())
    result = {seat: Fraction(0) for seat in seats}
    reach, left = Fraction(1), len(deck)
    while reach and left:
        for seat in seats:
            result[seat] += reach * Fraction(naming[seat], left)
        reach *= Fraction(blanks, left)
        blanks, left = blanks - 1, left - 1
    if reach:
        raise InputError("the deck holds no card naming an occupied seat, so no action hand is named")
    return result


def action_probabilities(rules: FastActionRules, seats: Sequence[int], board: Sequence[int], deck: Sequence[int],
                         button: int | None) -> dict[int, Fraction]:
    """Chance of each seat holding the first action hand, with all five community cards known."""
    seat, _checked = board_action(rules, seats, board)
    if seat is not None:
        return {s: Fraction(int(s == seat)) for s in seats}
    if rules.action_fallback == "button":
        return {s: Fraction(int(s == button)) for s in seats}
    return draw_probabilities(rules, seats, deck)


def phase_one_contenders(rules: FastActionRules, seats: Iterable[int], bettors: Collection[int]) -> tuple[int, ...]:
    """Who can win phase one: the bettors, or (nobody bet, "best-hand" rule) everybody."""
    if bettors:
        return tuple(bettors)
    return tuple(seats) if rules.no_optional_bet == "best-hand" else ()


def pot_size(rules: FastActionRules, seats: Collection[int], bettors: Collection[int]) -> Fraction:
    """Phase-one pot in units: every ante and every optional bet."""
    return rules.ante * len(seats) + rules.optional_bet * len(bettors)


def phase_one_shares(rules: FastActionRules, seats: Sequence[int], button: int | None, bettors: Collection[int],
                     values: Mapping[int, HandValue]) -> dict[int, Fraction]:
    """Each seat's share (0..1) of the phase-one pot."""
    shares = {seat: Fraction(0) for seat in seats}
    contenders = phase_one_contenders(rules, seats, bettors)
    if not contenders:
        if button is None:      # parse_deal refuses such a deal first
            raise InputError("nobody made the optional bet, so the button takes the antes: give --button")
        shares[button] = Fraction(1)
        return shares
    best = max(values[seat] for seat in contenders)
    winners = [seat for seat in contenders if values[seat] == best]
    if rules.phase_one_tie == "nearest-button-left" and len(winners) > 1:
        if button is None:      # parse_deal refuses such a deal first
            raise InputError("this table breaks phase-one ties from the button: give --button")
        order = [_next_seat(seats, button)]
        while order[-1] != button:
            order.append(_next_seat(seats, order[-1]))
        winners = [next(seat for seat in order if seat in winners)]
    for seat in winners:
        shares[seat] = Fraction(1, len(winners))
    return shares


def phase_one_nets(rules: FastActionRules, seats: Sequence[int], button: int | None, bettors: Collection[int],
                   values: Mapping[int, HandValue]) -> dict[int, Fraction]:
    """Each seat's phase-one net in units (pot share less its ante and optional bet)."""
    pot = pot_size(rules, seats, bettors)
    shares = phase_one_shares(rules, seats, button, bettors, values)
    return {seat: shares[seat] * pot - rules.ante - (rules.optional_bet if seat in bettors else 0)
            for seat in seats}


def expected_phase_two(rules: FastActionRules, seats: Sequence[int], values: Mapping[int, HandValue],
                       start_probabilities: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Expected phase-two net in bets, averaging the chain over the first action hand."""
    nets = {seat: Fraction(0) for seat in seats}
    for start, probability in start_probabilities.items():
        if probability:
            chain = phase_two_chain(seats, values, start, rules.phase_two_end, rules.phase_two_tie)
            for seat, net in chain_nets(seats, chain).items():
                nets[seat] += probability * net
    return nets
