"""The full settlement of a Fast Action Poker hand whose cards are all known, step by step.

>>> from oddscalc.engines.fast_action.deal import parse_deal
>>> from oddscalc.engines.fast_action.rules import default_rules
>>> rules = default_rules()
>>> deal = parse_deal(rules, "1,2,4,7", button="2", holes="1:AsKd 2:7h7c 4:9d9s 7:QcJc",
...                   board="Qs Jd 2c 9h 4h", bettors="1,4")
>>> s = settle(rules, deal)
>>> s.start, [f"{t.action} {t.result} {t.other}" for t in s.steps]
(4, ['4 beats 7', '4 beats 1', '4 beats 2'])
>>> s.total_nets()
{1: Fraction(-3, 1), 2: Fraction(-2, 1), 4: Fraction(7, 1), 7: Fraction(-2, 1)}
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.cards import format_card
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_category, five_card_strength
from oddscalc.engines.fast_action.chain import (
    Step,
    board_action,
    chain_nets,
    draw_probabilities,
    phase_one_contenders,
    phase_one_nets,
    phase_one_shares,
    phase_two_chain,
    pot_size,
)
from oddscalc.engines.fast_action.deal import Deal
from oddscalc.engines.fast_action.rules import FastActionRules

CARD_WORDS = {"river": "river", "turn": "turn", "flop3": "third flop card", "flop2": "second flop card",
              "flop1": "first flop card"}


@dataclass(frozen=True)
class HandSettlement:
    """Everything that happens to a fully known hand; ``start`` None means the deck decides
    and no ``--draws`` were given, so ``chains`` holds the chain of each possible start."""
    deal: Deal
    rules: FastActionRules
    values: dict[int, int]           # seat -> strength 0..7461
    categories: dict[int, str]       # seat -> category label
    pot: Fraction
    contenders: tuple[int, ...]
    shares: dict[int, Fraction]      # seat -> share of the pot
    phase_one: dict[int, Fraction]   # seat -> net in units
    checked: list[tuple[str, int, int | None]]    # (position name, card, seat or None)
    how: str                         # how the first action hand was found
    start: int | None
    start_chances: dict[int, Fraction]    # seat -> chance of being the first action hand
    chains: dict[int, list[Step]]    # start seat -> its comparisons
    jackpot: dict[int, Fraction]     # seat -> net in units

    @property
    def steps(self) -> list[Step]:
        return self.chains[self.start] if self.start is not None else []

    def phase_two(self) -> dict[int, Fraction]:
        """Each seat's phase-two net in bets (expected over the deck when it decides)."""
        nets = {seat: Fraction(0) for seat in self.deal.seats}
        for start, chance in self.start_chances.items():
            if chance:
                for seat, net in chain_nets(self.deal.seats, self.chains[start]).items():
                    nets[seat] += chance * net
        return nets

    def total_nets(self) -> dict[int, Fraction]:
        """Each seat's net for the hand in units: phase one, phase two, jackpot."""
        two = self.phase_two()
        return {seat: self.phase_one[seat] + two[seat] * self.rules.bet + self.jackpot[seat]
                for seat in self.deal.seats}


def _draw_start(rules: FastActionRules, deal: Deal) -> int:
    for i, card in enumerate(deal.draws):
        seat = rules.seat_named(card)
        if seat in deal.seats:
            if i != len(deal.draws) - 1:
                raise InputError(f"draw {format_card(card)} already names seat {seat}: "
                                 "the dealer stops turning cards there")
            return seat
    raise InputError("--draws must end with the first card that names an occupied seat")


def settle(rules: FastActionRules, deal: Deal) -> HandSettlement:
    """Settle a hand with every card known (``deal.draws`` may give the cards turned from the deck)."""
    if not deal.complete:
        raise InputError("a settlement needs every hole card and all five community cards")
    values = {seat: five_card_strength(deal.holes[seat] + deal.board) for seat in deal.seats}
    categories = {seat: five_card_category(value).label for seat, value in values.items()}
    shares = phase_one_shares(rules, deal.seats, deal.button, deal.bettors, values)
    start, checked = board_action(rules, deal.seats, deal.board)
    if start is not None:
        how, chances = f"the {CARD_WORDS[checked[-1][0]]} names seat {start}", {start: Fraction(1)}
    elif rules.action_fallback == "button":
        if deal.button is None:
            raise InputError("no community card names an occupied seat, so the button holds the action hand: "
                             "give --button")
        start, how, chances = deal.button, "no community card names an occupied seat: the button", \
            {deal.button: Fraction(1)}
    elif deal.draws:
        start = _draw_start(rules, deal)
        how, chances = f"cards turned from the deck: {format_card(deal.draws[-1])} names seat {start}", \
            {start: Fraction(1)}
    else:
        deck = [card for card in range(52) if card not in set(deal.known_cards)]
        chances = draw_probabilities(rules, deal.seats, deck)
        how = "no community card names an occupied seat: the deck decides (give --draws to settle)"
    if deal.draws and (start is None or not how.startswith("cards turned")):
        raise InputError("no cards are turned from the deck in this hand: drop --draws")
    chains = {seat: phase_two_chain(deal.seats, values, seat, rules.phase_two_end, rules.phase_two_tie)
              for seat, chance in chances.items() if chance}
    jackpot = {seat: rules.jackpot_net(int(five_card_category(values[seat]))) for seat in deal.seats}
    return HandSettlement(deal, rules, values, categories, pot_size(rules, deal.seats, deal.bettors),
                      phase_one_contenders(rules, deal.seats, deal.bettors), shares,
                      phase_one_nets(rules, deal.seats, deal.button, deal.bettors, values),
                      checked, how, start, chances, chains, jackpot)
