"""Who holds the first action hand: exact chances in closed form, for any partly known deal.

Given the known cards, the unknown community cards and the deck are a uniformly random
ordering of the unseen cards (the unknown hole cards are just more random cards set aside).
So the checked community cards are walked in the table's order, each unknown one drawn from
the unseen cards; if none names an occupied seat, every naming card still unseen is equally
likely to be the first one turned from the deck.

>>> from oddscalc.engines.fast_action.deal import parse_deal
>>> from oddscalc.engines.fast_action.rules import default_rules
>>> rules = default_rules()
>>> dist = action_distribution(rules, parse_deal(rules, "1,2,3"))
>>> sum(dist.by_seat().values()), dist.by_seat()[1]
(Fraction(1, 1), Fraction(1, 3))
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.engines.fast_action.deal import Deal
from oddscalc.engines.fast_action.rules import BOARD_POSITIONS, FastActionRules

DECK, BUTTON = "deck", "button"


@dataclass(frozen=True)
class ActionDistribution:
    """Chance of each (source, seat): source is a community card's name, ``deck`` or ``button``."""
    seats: tuple[int, ...]
    sources: tuple[str, ...]
    chances: dict[tuple[str, int | None], Fraction]     # (source, seat) -> chance; seat None: the button
                                                        # holds it, and no --button was given
    draws: tuple[Fraction, ...]         # draws[j - 1]: chance that j cards are turned from the deck

    def by_seat(self) -> dict[int, Fraction]:
        """Chance of each seat holding the first action hand."""
        return {seat: sum((self.chances.get((source, seat), Fraction(0)) for source in self.sources),
                          Fraction(0)) for seat in self.seats}

    def by_source(self) -> dict[str, Fraction]:
        """Chance that each source decides the action hand."""
        return {source: sum((self.chances.get((source, seat), Fraction(0)) for seat in self.seats),
                            Fraction(0)) for source in self.sources}


def _naming_counts(rules: FastActionRules, seats: Iterable[int], cards: Iterable[int]) -> dict[int, int]:
    counts = {seat: 0 for seat in seats}
    for card in cards:
        seat = rules.seat_named(card)
        if seat in counts:
            counts[seat] += 1
    return counts


def action_distribution(rules: FastActionRules, deal: Deal) -> ActionDistribution:
    """Exact chance of each seat (and of each way) becoming the first action hand."""
    known = set(deal.known_cards) - set(deal.draws)
    unseen = [card for card in range(52) if card not in known]
    naming = _naming_counts(rules, deal.seats, unseen)
    left, named = len(unseen), sum(naming.values())
    chances: dict[tuple[str, int | None], Fraction] = {}
    sources: list[str] = []
    reach = Fraction(1)
    unknown_board = 5 - len(deal.board)
    for name in rules.action_cards:
        if not reach:
            break
        sources.append(name)
        index = BOARD_POSITIONS[name]
        if index < len(deal.board):
            seat = rules.seat_named(deal.board[index])
            if seat in deal.seats:
                chances[(name, seat)] = reach
                reach = Fraction(0)
            continue
        for seat in deal.seats:
            if naming[seat]:
                chances[(name, seat)] = reach * Fraction(naming[seat], left)
        reach *= Fraction(left - named, left)
        left -= 1
        unknown_board -= 1
    draws: list[Fraction] = []
    if reach and rules.action_fallback == BUTTON:
        sources.append(BUTTON)
        chances[(BUTTON, deal.button)] = reach
    elif reach:
        sources.append(DECK)
        set_aside = unknown_board + 2 * len(deal.unknown_seats)
        if named <= set_aside:
            raise InputError("with these cards known or dead, the deck may hold no card naming an "
                             "occupied seat, and the rules then name no action hand")
        for seat in deal.seats:
            if naming[seat]:
                chances[(DECK, seat)] = reach * Fraction(naming[seat], named)
        # the deck's first cards are a random ordered sample of the cards still unseen
        blank = Fraction(1)
        blanks = left - named
        for j in range(left):
            draws.append(reach * blank * Fraction(named, left - j))
            blank *= Fraction(blanks - j, left - j)
            if not blank:
                break
    return ActionDistribution(deal.seats, tuple(sources), chances, tuple(draws))
