"""One Ultimate Texas Hold'em decision, at the stage the cards seen name: the two hole cards alone
(preflop: check or Play 3x or 4x), with the flop (check or Play 2x), with the whole board (Play 1x or
fold); each option's exact expected net per Ante, later stages played optimally.

The river and the flop are counted on the spot over the situation's own boards (``holdem.completion_endings``,
or dealer_seen's with the dealer's cards seen or read:
one board, or the 1,081 turn and river cards of a flop, about 0.1 s); the preflop values are the
whole solution's (every flop of the hand), counted once per table and deck, or, with dealer cards
seen, the situation's own (informed.py: every board and unseen dealer card, under a second).
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.economics import Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.engines.base import Decision
from oddscalc.engines.holdem_stages import ENDINGS, SIX, UltimateRules, enough_cards, orbits, ultimate_play
from oddscalc.engines.reads import Reads
from oddscalc.engines.solver import best_of, takes

from .dealer_seen import completion_endings
from .informed import dealer_cards_known, ultimate_values
from .ultimate import CHECK, FOLD, UltimateGame, play, play_action, preflop_wagers


def _rows(rules: UltimateRules, multiple: int, rows: list[tuple[int, tuple[int, ...]]]) -> tuple[Outcome, ...]:
    """The Play's outcomes over the completions counted (category, six endings each)."""
    cells: dict[tuple[int, int], int] = {}
    for category, ends in rows:
        for e in range(SIX):
            if ends[e]:
                cells[(category, e)] = cells.get((category, e), 0) + ends[e]
    return tuple(Outcome(f"{ENDINGS[e]}-{Cat(c).label}", n, rules.net(multiple, c, e), Fraction(2 + multiple))
                 for (c, e), n in sorted(cells.items(), key=lambda item: (-item[0][0], item[0][1])))


def _value(rules: UltimateRules, multiple: int, category: int, ends: tuple[int, ...]) -> Fraction:
    return sum((rules.net(multiple, category, e) * ends[e] for e in range(SIX)), Fraction(0))


def river(game: UltimateGame, hand: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...],
          seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    rules = game.rules
    ((_, category, ends),) = completion_endings(hand, board, dead, rules.qualifier, seen, reads)
    total = sum(ends)
    m = rules.river_multiple
    values = {FOLD: Fraction(-2) + rules.fold_extra(category), play_action(m): _value(rules, m, category, ends) / total}
    choice = best_of(values, {FOLD: 0, play_action(m): m}, rules.wager_more)
    return Decision(choice, values, total, outcomes=_rows(rules, m, [(category, ends)]),
                    facts={"stage": "river", "outcomes_of": play_action(m)})


def flop(game: UltimateGame, hand: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...],
         seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    rules = game.rules
    found = completion_endings(hand, board, dead, rules.qualifier, seen, reads)
    rm, fm = rules.river_multiple, rules.flop_multiple
    total = sum(sum(ends) for _, _, ends in found)
    check = Fraction(0)
    for _, category, ends in found:
        played = _value(rules, rm, category, ends)
        folded = (Fraction(-2) + rules.fold_extra(category)) * sum(ends)
        check += played if takes(played, folded, rules.wager_more) else folded
    values = {CHECK: check / total,
              play_action(fm): sum((_value(rules, fm, c, ends) for _, c, ends in found), Fraction(0)) / total}
    choice = best_of(values, {CHECK: 0, play_action(fm): fm}, rules.wager_more)
    return Decision(choice, values, total, outcomes=_rows(rules, fm, [(c, ends) for _, c, ends in found]),
                    facts={"stage": "flop", "outcomes_of": play_action(fm),
                           "check_means": "the river decided optimally on each turn and river"})


def preflop(game: UltimateGame, hand: tuple[int, ...], dead: tuple[int, ...]) -> Decision:
    rules = game.rules
    # the table's own solution when nothing is dead (kept once counted), else the deck's
    found = play(game.game) if not dead else ultimate_play(rules, tuple(sorted(dead)))
    table = orbits(tuple(sorted(dead)))
    orbit = table.of(hand[0], hand[1])
    options = [play_action(m) for m in rules.preflop_multiples] + [CHECK]
    values = dict(zip(options, found.orbit_values[orbit], strict=True))
    wagers = preflop_wagers(rules)
    choice = best_of(values, wagers, rules.wager_more)
    return Decision(choice, values, found.deals // sum(table.sizes),
                    facts={"stage": "preflop", "check_means": "the flop and the river decided optimally"})


def informed_preflop(game: UltimateGame, hand: tuple[int, ...], dead: tuple[int, ...], seen: tuple[int, ...],
                     reads: Reads = ()) -> Decision:
    """Preflop with one or both dealer hole cards seen or read: counted for the situation on the spot."""
    rules = game.rules
    values, found = ultimate_values(rules, hand, seen, dead, reads)
    wagers = preflop_wagers(rules)
    choice = best_of(values, wagers, rules.wager_more)
    return Decision(choice, values, found["deals"],
                    facts={"stage": "preflop", **dealer_cards_known(seen, reads),
                           "check_means": "the flop and the river decided optimally on the dealer's cards known",
                           "flops_played": f"{found['flops_played']} of {found['flops']} flops"})


def decide(game: UltimateGame, hand: tuple[int, ...], board: tuple[int, ...], dead: tuple[int, ...],
           seen: tuple[int, ...] = (), reads: Reads = ()) -> Decision:
    """The decision due with ``board`` seen (0, 3 or 5 community cards); ``seen`` the dealer's hole
    cards seen (at every stage), ``reads`` those read by rank class (at every stage)."""
    if len(hand) != 2:
        raise InputError(f"{game.game.name}: --hand is your two hole cards, not {len(hand)}")
    if board:
        enough_cards(game.game.name, hand, board, dead)
    if len(board) == 5:
        return river(game, hand, board, dead, seen, reads)
    if len(board) == 3:
        return flop(game, hand, board, dead, seen, reads)
    if not board:
        return informed_preflop(game, hand, dead, seen, reads) if seen or reads else preflop(game, hand, dead)
    raise InputError(f"{game.game.name} decides preflop (no --board), at the flop (3 cards) or at the river (5), "
                     f"not with {len(board)} community cards")
