"""One Texas Hold'em Bonus decision, at the stage the cards seen name: the two hole cards alone
(preflop: fold or the Flop wager), with the flop (check or the Turn wager), with the flop and the
turn (check or the River wager); each option's exact expected net per Ante, later stages optimal.

The flop and the turn are counted on the spot (``holdem.completion_endings``, or dealer_seen's with the
dealer's cards seen or read: the 1,081 turn and river
cards of a flop, about 0.1 s, or the 46 rivers of a turn); the preflop values are the whole
solution's, counted once per table and deck.
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.economics import Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.base import Decision
from oddscalc.engines.holdem_stages import ENDINGS, Q_LOSE, Q_WIN, SIX, BonusRules, bonus_play, enough_cards, orbits
from oddscalc.engines.reads import Reads
from oddscalc.engines.solver import takes

from .bonus import BET, CHECK, FOLD, BonusGame, flop_action, play
from .dealer_seen import completion_endings
from .informed import bonus_values, dealer_cards_known

Rows = list[tuple[tuple[int, ...], int, tuple[int, ...]]]


def _net(ends: tuple[int, ...]) -> int:
    return ends[Q_WIN] - ends[Q_LOSE]


def _showdown(rules: BonusRules, wagers: int, rows: Rows, orders: int = 1) -> Fraction:
    """The Ante and ``wagers`` Antes of 1-to-1 wagers settled over the rows."""
    return sum((orders * rules.net(wagers, 0, 0, c, e) * ends[e] for _, c, ends in rows for e in range(SIX)),
               Fraction(0))


def _outcomes(rules: BonusRules, wagers: int, rows: Rows, orders: int = 1) -> tuple[Outcome, ...]:
    """The outcomes of the rows' completions, each counted ``orders`` times (2: a turn and river as both
    orders, as the decision's total counts them)."""
    cells: dict[tuple[int, int], int] = {}
    for _, c, ends in rows:
        for e in range(SIX):
            if ends[e]:
                cells[(c, e)] = cells.get((c, e), 0) + orders * ends[e]
    return tuple(Outcome(f"{ENDINGS[e]}-{Cat(c).label}", n, rules.net(wagers, 0, 0, c, e), Fraction(1 + wagers))
                 for (c, e), n in sorted(cells.items(), key=lambda item: (-item[0][0], item[0][1])))


def turn(game: BonusGame, hand: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...],
         turn_wager: bool, seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    rules = game.rules
    rows = completion_endings(hand, board, dead, 0, seen, reads)
    total = sum(sum(ends) for _, _, ends in rows)
    made = rules.flop_multiple + (1 if turn_wager else 0)
    check = _showdown(rules, made, rows) / total
    bet = _showdown(rules, made + 1, rows) / total
    choice = BET if takes(bet, check, rules.wager_more) else CHECK
    return Decision(choice, {CHECK: check, BET: bet}, total, outcomes=_outcomes(rules, made + 1, rows),
                    facts={"stage": "turn", "wagers_made": made, "outcomes_of": BET})


def flop(game: BonusGame, hand: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...],
         seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    rules = game.rules
    rows = completion_endings(hand, board, dead, 0, seen, reads)
    # each unordered turn and river is two ordered ones: the River wager is decided per turn card
    nets: dict[int, int] = {}
    for (a, b), _, ends in rows:
        for card in (a, b):
            nets[card] = nets.get(card, 0) + _net(ends)
    river = sum(n for n in nets.values() if takes(n, 0, rules.wager_more))
    total = 2 * sum(sum(ends) for _, _, ends in rows)
    fm = rules.flop_multiple
    check = (_showdown(rules, fm, rows, 2) + river) / total
    bet = (_showdown(rules, fm + 1, rows, 2) + river) / total
    choice = BET if takes(bet, check, rules.wager_more) else CHECK
    return Decision(choice, {CHECK: check, BET: bet}, total, outcomes=_outcomes(rules, fm + 1, rows, 2),
                    facts={"stage": "flop", "outcomes_of": f"{BET} (the River wager aside)",
                           "river_wager": "decided optimally on each turn card"})


def preflop(game: BonusGame, hand: tuple[int, ...], dead: tuple[int, ...]) -> Decision:
    rules = game.rules
    # the table's own solution when nothing is dead (kept once counted), else the deck's
    found = play(game.game) if not dead else bonus_play(rules, tuple(sorted(dead)))
    table = orbits(tuple(sorted(dead)))
    orbit = table.of(hand[0], hand[1])
    up, down = found.orbit_values[orbit]
    action = flop_action(rules.flop_multiple)
    choice = action if takes(up, down, rules.wager_more) else FOLD
    return Decision(choice, {FOLD: down, action: up}, found.deals // sum(table.sizes),
                    facts={"stage": "preflop", "river_wager": "the later wagers decided optimally"})


def informed_preflop(game: BonusGame, hand: tuple[int, ...], dead: tuple[int, ...], seen: tuple[int, ...],
                     reads: Reads = ()) -> Decision:
    """Preflop with one or both dealer hole cards seen or read: counted for the situation on the spot."""
    rules = game.rules
    up, found = bonus_values(rules, hand, seen, dead, reads)
    action = flop_action(rules.flop_multiple)
    down = Fraction(-1)
    choice = action if takes(up, down, rules.wager_more) else FOLD
    return Decision(choice, {FOLD: down, action: up}, found["deals"],
                    facts={"stage": "preflop", **dealer_cards_known(seen, reads),
                           "river_wager": "the later wagers decided optimally on the dealer's cards known",
                           "turn_wagers": f"{found['turn_wagers']} of {found['flops']} flops"})


def decide(game: BonusGame, hand: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...],
           turn_wager: bool, seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    """The decision due with ``board`` seen (0, 3 or 4 community cards); ``seen`` the dealer's hole
    cards seen (at every stage), ``reads`` those read by rank class (at every stage)."""
    if len(hand) != 2:
        raise InputError(f"{game.game.name}: --hand is your two hole cards, not {len(hand)}")
    if board:
        enough_cards(game.game.name, hand, board, dead)
    if len(board) == 4:
        return turn(game, hand, board, dead, turn_wager, seen, reads)
    if turn_wager:
        raise InputError(f"{game.game.name}: --turn-wager says the Turn wager was made at the flop: it needs the "
                         "turn card (--board of 4 cards)")
    if len(board) == 3:
        return flop(game, hand, board, dead, seen, reads)
    if not board:
        return informed_preflop(game, hand, dead, seen, reads) if seen or reads else preflop(game, hand, dead)
    raise InputError(f"{game.game.name} decides preflop (no --board), at the flop (3 cards) or at the turn (4), "
                     f"not with {len(board)} community cards")
