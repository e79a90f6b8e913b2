"""A Fast Action Poker deal as the user states it: seats, button, bettors and the cards known.

Every check on what a user types lives here, so each bad input is one clear ``InputError``.

>>> from oddscalc.core.cards import format_cards
>>> from oddscalc.engines.fast_action.rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,4,7", button="2", holes="1:AsKd 2:7h7c 7:QcJc", board="Qs Jd 2c")
>>> deal.seats, deal.unknown_seats, deal.bettors
((1, 2, 4, 7), (4,), (1, 2, 4, 7))
>>> format_cards(deal.holes[1]), format_cards(deal.board)
('As Kd', 'Qs Jd 2c')
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from oddscalc.core.cards import format_cards, parse_cards
from oddscalc.core.errors import InputError, quoted
from oddscalc.engines.fast_action.rules import FastActionRules


@dataclass(frozen=True)
class Deal:
    """Occupied seats clockwise, button, optional bettors, and what is known of the cards.

    ``holes`` maps a seat to its two cards (a seat not in it is unknown); ``board`` lists the
    community cards known so far in deal order (flop1 flop2 flop3 turn river); ``dead`` are
    cards known to be out of play; ``draws`` are cards turned from the deck for the action hand.
    """
    seats: tuple[int, ...]
    button: int | None
    bettors: tuple[int, ...]
    holes: dict[int, tuple[int, ...]]
    board: tuple[int, ...]
    dead: tuple[int, ...] = ()
    draws: tuple[int, ...] = ()

    @property
    def unknown_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.seats if seat not in self.holes)

    @property
    def known_cards(self) -> tuple[int, ...]:
        cards = [card for seat in self.seats if seat in self.holes for card in self.holes[seat]]
        return (*cards, *self.board, *self.dead, *self.draws)

    @property
    def complete(self) -> bool:
        """Every hole card and all five community cards known."""
        return not self.unknown_seats and len(self.board) == 5

    def left_of(self, seat: int) -> int:
        """The next occupied seat clockwise (the player to this seat's left)."""
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]


def parse_seats(rules: FastActionRules, text: str) -> tuple[int, ...]:
    """Occupied seat numbers from ``"1,2,4,7"`` (any order), checked against the table.

    >>> from oddscalc.engines.fast_action.rules import default_rules
    >>> parse_seats(default_rules(), "7 1 4")
    (1, 4, 7)
    """
    seats = []
    for token in _seat_tokens(text, "seat"):
        if not (token.isascii() and token.isdigit()):
            raise InputError(f"seat '{token[:20]}' is not a number (seats are 1-{rules.seats})")
        seat = int(token)
        if not 1 <= seat <= rules.seats:
            raise InputError(f"seat {seat} is outside 1-{rules.seats}")
        if seat in seats:
            raise InputError(f"seat {seat} is listed twice")
        seats.append(seat)
    if not rules.players_min <= len(seats) <= rules.players_max:
        raise InputError(f"{len(seats)} players: the game needs {rules.players_min} to "
                         f"{rules.players_max} occupied seats")
    return tuple(sorted(seats))


def _seat_tokens(text: str, what: str) -> list[str]:
    """The items of a seat list (commas, semicolons or spaces between them); an empty item, as in
    ``1,2,3,`` or ``5,,6``, is a typo and is refused.

    >>> _seat_tokens("1, 2 4", "seat")
    ['1', '2', '4']
    >>> _seat_tokens("5,,6", "seat")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: an empty seat in '5,,6'
    """
    items = [item.strip() for item in re.split(r"\s*[,;]\s*|\s+", text.strip())]
    if not text.strip() or any(not item for item in items):
        raise InputError(f"an empty {what} in '{text[:40]}'")
    return items


def _one_seat(text: str, seats: tuple[int, ...], what: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise InputError(f"{what} '{text}' is not a seat number")
    seat = int(text)
    if seat not in seats:
        raise InputError(f"{what} seat {seat} is not an occupied seat ({', '.join(map(str, seats))})")
    return seat


def _parse_bettors(text: str | None, seats: tuple[int, ...]) -> tuple[int, ...]:
    if text is None or text.strip().lower() == "all":
        return seats
    if text.strip().lower() in ("none", ""):
        return ()
    bettors = set()
    for token in _seat_tokens(text, "bettor seat"):
        seat = _one_seat(token, seats, "bettor")
        if seat in bettors:
            raise InputError(f"bettor seat {seat} is listed twice")
        bettors.add(seat)
    return tuple(sorted(bettors))


# a seat's label: the text just before a ':' (up to a space, a comma or a semicolon)
_SEAT_LABEL = re.compile(r"([^\s:,;]*)\s*:")
HOLE_FORM = "write SEAT:CARDS, e.g. '1:AsKd 7:QcJc'"


def _parse_holes(text: str | None, seats: tuple[int, ...], seen: list[int]) -> dict[int, tuple[int, ...]]:
    """Hole cards by seat from ``"1:AsKd 7:QcJc"`` (spaces, commas or semicolons between seats);
    a refusal names the mistake: a missing seat, cards run into the next seat, a seat without cards.

    >>> _parse_holes("1:AsKd,2:Qc Jc", (1, 2, 3), [])
    {1: (51, 45), 2: (40, 36)}
    >>> _parse_holes("1:AsKd2:QcJc", (1, 2, 3), [])
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: hole cards: 'AsKd2:' runs cards into a seat: put a space between 'AsKd' and '2:'
    """
    holes: dict[int, tuple[int, ...]] = {}
    text = (text or "").strip()
    if not text:
        return holes
    labels = list(_SEAT_LABEL.finditer(text))
    if not labels:
        hint = ": put a ':' after the seat number" if re.match(r"[0-9]+\s*[^0-9\s]", text) else ""
        raise InputError(f"hole cards {quoted(text)} name no seat{hint} ({HOLE_FORM})")
    before = text[:labels[0].start()].strip(" ,;")
    if before:
        raise InputError(f"hole cards: {quoted(before)} comes before any seat ({HOLE_FORM})")
    numbers = []
    for label in labels:
        seat_text = label.group(1)
        if seat_text.isascii() and seat_text.isdigit():
            numbers.append(int(seat_text))
            continue
        if not seat_text:
            raise InputError(f"hole cards: a ':' with no seat before it in {quoted(text)} ({HOLE_FORM})")
        run_in = re.fullmatch(r"(.*?[^0-9])([0-9]+)", seat_text)
        if run_in:
            raise InputError(f"hole cards: {quoted(seat_text + ':')} runs cards into a seat: put a space between "
                             f"{quoted(run_in.group(1))} and {quoted(run_in.group(2) + ':')}")
        raise InputError(f"hole cards: seat {quoted(seat_text)} is not a seat number ({HOLE_FORM})")
    for i, (label, seat) in enumerate(zip(labels, numbers, strict=True)):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        cards_text = text[label.end():end].strip(" ,;\t")
        if seat not in seats:
            raise InputError(f"hole cards for seat {seat}, which is empty "
                             f"(occupied: {', '.join(map(str, seats))})")
        if seat in holes:
            raise InputError(f"hole cards for seat {seat} are given twice")
        if not cards_text:
            raise InputError(f"hole cards for seat {seat}: no cards after '{seat}:' ({HOLE_FORM})")
        try:
            holes[seat] = parse_cards(cards_text, count=2, exclude=seen)
        except InputError as error:
            raise InputError(f"seat {seat} hole cards: {error}") from None
        seen.extend(holes[seat])
    return holes


def parse_deal(rules: FastActionRules, seats: str, button: str | None = None, holes: str | None = None,
               board: str | None = None, bettors: str | None = None, dead: str | None = None,
               draws: str | None = None) -> Deal:
    """Check and build a deal from the command-line texts (bettors default to every seat)."""
    seat_list = parse_seats(rules, seats)
    button_seat = None if button is None else _one_seat(button, seat_list, "button")
    seen: list[int] = []
    hole_map = _parse_holes(holes, seat_list, seen)
    try:
        board_cards = parse_cards(board or "", count=(0, 3, 4, 5), exclude=seen)
    except InputError as error:
        raise InputError(f"board: {error} (the board is 3, 4 or 5 cards: flop, turn, river)") from None
    seen.extend(board_cards)
    dead_cards = parse_cards(dead or "", exclude=seen)
    seen.extend(dead_cards)
    draw_cards = parse_cards(draws or "", exclude=seen)
    bettor_seats = _parse_bettors(bettors, seat_list)
    deal = Deal(seat_list, button_seat, bettor_seats, hole_map, board_cards, dead_cards, draw_cards)
    _check_room(deal)
    if not bettor_seats and rules.no_optional_bet == "button" and button_seat is None:
        raise InputError("nobody made the optional bet, so the button takes the antes: give --button")
    if rules.phase_one_tie == "nearest-button-left" and button_seat is None:
        raise InputError("this table breaks phase-one ties from the button: give --button")
    if rules.action_fallback == "button" and button_seat is None:
        # else the chance that no card names a seat would go to a seat nobody holds, and the
        # action-hand chances would sum to less than one
        raise InputError("this table gives the action hand to the button when no card names a seat: give --button")
    return deal


def _check_room(deal: Deal) -> None:
    needed = 2 * len(deal.unknown_seats) + 5 - len(deal.board)
    left = 52 - len(deal.known_cards)
    if needed > left:
        raise InputError(f"{len(deal.known_cards)} cards are known: {left} left, but the deal needs {needed} more")


def describe(deal: Deal) -> str:
    """A one-line summary of the deal.

    >>> from oddscalc.engines.fast_action.rules import default_rules
    >>> describe(parse_deal(default_rules(), "1,2,3", holes="2:AsAd"))
    'seats 1 2 3; button -; bettors 1 2 3; holes 2:As Ad; board -'
    """
    holes = " ".join(f"{seat}:{format_cards(deal.holes[seat])}" for seat in deal.seats if seat in deal.holes)
    parts = [f"seats {' '.join(map(str, deal.seats))}",
             f"button {deal.button if deal.button is not None else '-'}",
             f"bettors {' '.join(map(str, deal.bettors)) or 'none'}",
             f"holes {holes or '-'}", f"board {format_cards(deal.board) or '-'}"]
    if deal.dead:
        parts.append(f"dead {format_cards(deal.dead)}")
    if deal.draws:
        parts.append(f"draws {format_cards(deal.draws)}")
    return "; ".join(parts)
