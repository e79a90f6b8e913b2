"""Fast Action Poker rule set (tables/fast-action-poker.toml), read and checked once.

>>> from oddscalc.core.cards import parse_card
>>> rules = default_rules()
>>> rules.seat_named(parse_card("Ah")), rules.seat_named(parse_card("9c"))
(1, None)
>>> rules.action_cards
('river', 'turn', 'flop3', 'flop2', 'flop1')
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from oddscalc.core.cards import RANKS, parse_rank
from oddscalc.core.errors import InputError, quoted
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import FiveCardCategory
from oddscalc.engines.base import load

# Board positions by name; the board is typed flop1 flop2 flop3 turn river.
BOARD_POSITIONS = {"flop1": 0, "flop2": 1, "flop3": 2, "turn": 3, "river": 4}
PHASE_ONE_TIES = ("split", "nearest-button-left")
NO_OPTIONAL_BET = ("button", "best-hand")
FALLBACKS = ("deck", "button")
ENDS = ("one-revolution", "every-player")
PHASE_TWO_TIES = ("push", "pass")
JACKPOT = "jackpot"

RULE_SPECS = (
    RuleSpec("seats", "integer", 8, "seats at the table, numbered clockwise", low=3, high=8),
    RuleSpec("players_min", "integer", 3, "fewest players a hand is dealt to", low=2, high=8),
    RuleSpec("players_max", "integer", None, "most players (default: every seat)", low=2, high=8),
    RuleSpec("ante", "number", Fraction(1), "each player's ante, in units"),
    RuleSpec("bet", "number", Fraction(1), "the bet moved by each phase-two comparison, in units"),
    RuleSpec("optional_bet", "number", Fraction(1), "the one optional bet after the flop, in units"),
    RuleSpec("phase_one_tie", "text", "split", "tied best optional bettors split the pot, or the first "
             "clockwise from the button's left takes it", choices=PHASE_ONE_TIES),
    RuleSpec("no_optional_bet", "text", "button", "who takes the antes when nobody makes the optional bet",
             choices=NO_OPTIONAL_BET),
    RuleSpec("seat_ranks", "strings", ("A", "2", "3", "4", "5", "6", "7", "8"),
             "the ranks that name each seat, seat 1 first"),
    RuleSpec("action_cards", "strings", ("river", "turn", "flop3", "flop2", "flop1"),
             "community cards checked for a rank naming an occupied seat, first to last"),
    RuleSpec("action_fallback", "text", "deck", "no community card names a seat: turn cards from the deck, "
             "or the button holds the action hand", choices=FALLBACKS),
    RuleSpec("phase_two_end", "text", "one-revolution", "when the action-hand chain stops", choices=ENDS),
    RuleSpec("phase_two_tie", "text", "push", "a tie in phase two keeps the action hand, or passes it",
             choices=PHASE_TWO_TIES),
    RuleSpec("jackpot_stake", "number", Fraction(0), "units each player pays into the jackpot per hand"),
)


@dataclass(frozen=True)
class FastActionRules:
    """Every rule decision of a Fast Action Poker table, as plain values."""
    game: str
    seats: int
    players_min: int
    players_max: int
    ante: Fraction
    bet: Fraction
    optional_bet: Fraction
    phase_one_tie: str
    no_optional_bet: str
    seat_of_rank: tuple[int | None, ...]      # rank 0..12 -> seat number or None
    action_cards: tuple[str, ...]
    action_fallback: str
    phase_two_end: str
    phase_two_tie: str
    jackpot_stake: Fraction
    jackpot_basis: str
    jackpot_pays: tuple[tuple[str, Fraction], ...]   # (five-card category label, pay)

    def seat_named(self, card: int) -> int | None:
        """Seat number a card's rank names (or None), whether or not that seat is occupied."""
        return self.seat_of_rank[card >> 2]

    @property
    def action_positions(self) -> tuple[int, ...]:
        """Board indexes (0..4, flop1..river) checked for the action hand, in order."""
        return tuple(BOARD_POSITIONS[name] for name in self.action_cards)

    @property
    def has_jackpot(self) -> bool:
        return any(pay for _category, pay in self.jackpot_pays)

    def jackpot_net(self, category: int) -> Fraction:
        """A player's jackpot net in units when the final hand has this five-card category."""
        label = FiveCardCategory(category).label
        pay = dict(self.jackpot_pays).get(label, Fraction(0))
        if not pay:
            return -self.jackpot_stake
        return pay if self.jackpot_basis == "to" else pay - self.jackpot_stake


def _seat_of_rank(game: GameTable, seats: int) -> tuple[int | None, ...]:
    names = game.rules.strings("seat_ranks")
    seat_of_rank: list[int | None] = [None] * len(RANKS)
    for seat, text in enumerate(names, start=1):
        for token in text.split():
            try:
                rank = parse_rank(token)
            except InputError:
                raise InputError(f"table '{game.name}': rules.seat_ranks: unknown rank {quoted(token)} "
                                 f"for seat {seat}") from None
            if seat_of_rank[rank] is not None:
                raise InputError(f"table '{game.name}': rules.seat_ranks names rank {RANKS[rank]} "
                                 f"for seats {seat_of_rank[rank]} and {seat}")
            seat_of_rank[rank] = seat
    if len(names) != seats:
        raise InputError(f"table '{game.name}': rules.seat_ranks lists {len(names)} seat{'s' * (len(names) != 1)}, "
                         f"but the table has {seats}: give one entry per seat, seat 1 first (\"\" for a seat "
                         "no rank names)")
    return tuple(seat_of_rank)


def _action_cards(game: GameTable) -> tuple[str, ...]:
    cards = game.rules.strings("action_cards")
    for name in cards:
        if name not in BOARD_POSITIONS:
            raise InputError(f"table '{game.name}': rules.action_cards: unknown card {quoted(name)} "
                             f"(expected some of: {', '.join(BOARD_POSITIONS)})")
    if len(set(cards)) != len(cards):
        raise InputError(f"table '{game.name}': rules.action_cards lists a card twice")
    return tuple(cards)


def _jackpot(game: GameTable) -> tuple[str, tuple[tuple[str, Fraction], ...]]:
    game.check_paytables([JACKPOT])
    if not game.has_paytable(JACKPOT):
        return "for", ()
    game.check_categories(JACKPOT, [c.label for c in FiveCardCategory])
    table = game.paytable(JACKPOT)
    return table.basis, tuple(table.pays.items())


def rules_of_game(game: GameTable) -> FastActionRules:
    """The rules of a Fast Action Poker table, read and checked once per table (InputError names
    a bad field)."""
    return game.built(_read)


def _read(game: GameTable) -> FastActionRules:
    r = game.rules
    seats = r.integer("seats")
    players_min = r.integer("players_min")
    given_max = r.get("players_max")
    players_max = given_max if isinstance(given_max, int) else seats
    if not players_min <= players_max <= seats:
        raise InputError(f"table '{game.name}': players_min {players_min} and players_max {players_max} "
                         f"must satisfy players_min <= players_max <= seats ({seats})")
    stakes = {key: r.number(key) for key in ("ante", "bet", "optional_bet")}
    for key, value in stakes.items():
        if value <= 0:
            raise InputError(f"table '{game.name}': rules.{key} must be positive")
    basis, pays = _jackpot(game)
    return FastActionRules(
        game=game.name, seats=seats, players_min=players_min, players_max=players_max,
        ante=stakes["ante"], bet=stakes["bet"], optional_bet=stakes["optional_bet"],
        phase_one_tie=r.text("phase_one_tie"),
        no_optional_bet=r.text("no_optional_bet"),
        seat_of_rank=_seat_of_rank(game, seats),
        action_cards=_action_cards(game),
        action_fallback=r.text("action_fallback"),
        phase_two_end=r.text("phase_two_end"),
        phase_two_tie=r.text("phase_two_tie"),
        jackpot_stake=r.number("jackpot_stake"),
        jackpot_basis=basis, jackpot_pays=pays,
    )


def default_rules(**changes: Any) -> FastActionRules:
    """The built-in table's rules, with some fields changed (handy for tests and examples).

    >>> default_rules(phase_two_end="every-player").phase_two_end
    'every-player'
    """
    return replace(rules_of_game(load("fast-action-poker")), **changes)
