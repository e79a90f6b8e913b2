"""Fast Action Poker rule set (tables/fast-action-poker.toml), read and checked once.

>>> rules = rules_of_game(load_game("fast-action-poker"))
>>> rules.seat_named(parse_card("Ah")), rules.seat_named(parse_card("9c"))
(1, None)
>>> rules.action_cards
('river', 'turn', 'flop3', 'flop2', 'flop1')
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.cards import RANKS, parse_card, parse_rank
from oddscalc.errors import InputError
from oddscalc.hands import FiveCardCategory
from oddscalc.tables import GameTable, load_game

# Board positions by name; the board is typed flop1 flop2 flop3 turn river.
BOARD_POSITIONS = {"flop1": 0, "flop2": 1, "flop3": 2, "turn": 3, "river": 4}
PHASE_ONE_TIES = ("split", "nearest-button-left")
NO_OPTIONAL_BET = ("button", "best-hand")
FALLBACKS = ("deck", "button")
ENDS = ("one-revolution", "every-player")
PHASE_TWO_TIES = ("push", "pass")
JACKPOT = "jackpot"


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
    names = game.rules.strings("seat_ranks", ["A", "2", "3", "4", "5", "6", "7", "8"])
    if len(names) > seats:
        raise InputError(f"table '{game.name}': rules.seat_ranks lists {len(names)} seats, "
                         f"but the table has {seats}")
    seat_of_rank: list[int | None] = [None] * len(RANKS)
    for seat, text in enumerate(names, start=1):
        for token in text.split():
            try:
                rank = parse_rank(token)
            except InputError:
                raise InputError(f"table '{game.name}': rules.seat_ranks: unknown rank '{token}' "
                                 f"for seat {seat}") from None
            if seat_of_rank[rank] is not None:
                raise InputError(f"table '{game.name}': rules.seat_ranks names rank {RANKS[rank]} "
                                 f"for seats {seat_of_rank[rank]} and {seat}")
            seat_of_rank[rank] = seat
    return tuple(seat_of_rank)


def _action_cards(game: GameTable) -> tuple[str, ...]:
    cards = game.rules.strings("action_cards", ["river", "turn", "flop3", "flop2", "flop1"])
    for name in cards:
        if name not in BOARD_POSITIONS:
            raise InputError(f"table '{game.name}': rules.action_cards: unknown card '{name}' "
                             f"(expected some of: {', '.join(BOARD_POSITIONS)})")
    if len(set(cards)) != len(cards):
        raise InputError(f"table '{game.name}': rules.action_cards lists a card twice")
    return tuple(cards)


def _jackpot(game: GameTable) -> tuple[str, tuple[tuple[str, Fraction], ...]]:
    names = {t.name for t in game.paytables}
    unknown = names - {JACKPOT}
    if unknown:
        raise InputError(f"table '{game.name}': unknown paytable '{sorted(unknown)[0]}' "
                         "(Fast Action Poker has only an optional 'jackpot')")
    if JACKPOT not in names:
        return "for", ()
    table = game.paytable(JACKPOT)
    for label in table.pays:
        FiveCardCategory.from_label(label)
    return table.basis, tuple(table.pays.items())


def rules_of_game(game: GameTable) -> FastActionRules:
    """Read and check the rule fields of a Fast Action Poker table (InputError names a bad field)."""
    r = game.rules
    seats = r.integer("seats", 8, 3, 8)
    players_min = r.integer("players_min", 3, 2, seats)
    players_max = r.integer("players_max", seats, players_min, seats)
    stakes = {key: r.number(key, 1) for key in ("ante", "bet", "optional_bet")}
    for key, value in stakes.items():
        if value <= 0:
            raise InputError(f"table '{game.name}': rules.{key} must be positive")
    basis, pays = _jackpot(game)
    return FastActionRules(
        game=game.name, seats=seats, players_min=players_min, players_max=players_max,
        ante=stakes["ante"], bet=stakes["bet"], optional_bet=stakes["optional_bet"],
        phase_one_tie=r.text("phase_one_tie", "split", PHASE_ONE_TIES),
        no_optional_bet=r.text("no_optional_bet", "button", NO_OPTIONAL_BET),
        seat_of_rank=_seat_of_rank(game, seats),
        action_cards=_action_cards(game),
        action_fallback=r.text("action_fallback", "deck", FALLBACKS),
        phase_two_end=r.text("phase_two_end", "one-revolution", ENDS),
        phase_two_tie=r.text("phase_two_tie", "push", PHASE_TWO_TIES),
        jackpot_stake=r.number("jackpot_stake", 0),
        jackpot_basis=basis, jackpot_pays=pays,
    )


def default_rules(**changes) -> FastActionRules:
    """The built-in table's rules, with some fields changed (handy for tests and examples).

    >>> default_rules(phase_two_end="every-player").phase_two_end
    'every-player'
    """
    from dataclasses import replace
    return replace(rules_of_game(load_game("fast-action-poker")), **changes)
