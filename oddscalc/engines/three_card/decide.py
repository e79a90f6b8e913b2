"""One decision: exact EVs of playing and folding a hand, with an upcard and dead cards.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> from oddscalc.core.cards import parse_cards
>>> d = decide(three_card_rules(load("three-card-poker")), parse_cards("Qh 6d 4s"))
>>> d.choice, d.total
('play', 18424)
"""
from __future__ import annotations

from collections.abc import Sequence

from oddscalc._native import three
from oddscalc.core.economics import Outcome
from oddscalc.core.errors import InputError
from oddscalc.engines.base import Decision
from oddscalc.engines.reads import Reads, dealer_hands, three_card_dealer
from oddscalc.engines.solver import takes
from oddscalc.engines.three_card.outcomes import main_row
from oddscalc.engines.three_card.rules import ThreeCardRules
from oddscalc.engines.three_card.solve import LOSE, NOT_QUALIFY, PUSH, WIN, prices, settled_counts


def decide(rules: ThreeCardRules, hand: Sequence[int], upcard: int | None = None,
           dead: Sequence[int] = (), seen: Sequence[int] = (), reads: Reads = ()) -> Decision:
    """Play or fold ``hand`` (``upcard``: the dealer's face-up card; ``dead``: cards out of play;
    ``seen``: other dealer cards seen, a flashed card, in his hand).

    The EVs are per Bet with the Bonus included; the outcomes (the Bet and Play if played, Bonus
    not included) are counted over the dealer hands the known cards leave.
    """
    if rules.upcards and upcard is None:
        raise InputError(f"{rules.game.name} shows a dealer card: give it with --up")
    if not rules.upcards and upcard is not None:
        raise InputError(f"{rules.game.name} shows no dealer card, so --up does not apply")
    dealer, deck = three_card_dealer(hand, upcard, seen, dead, reads, "a three-card decision")
    strength = rules.ranking.strength(hand)
    if seen or reads:
        nq, dw, tie, pw = seen_counts(rules, strength, dealer, deck, reads)
    else:
        nq, dw, tie, pw, _ = three.hand_counts(rules.ranking.native, deck, tuple(hand), rules.qualify,
                                               -1 if upcard is None else upcard)
    dw, tie, pw = settled_counts(rules, dw, tie, pw)
    klass = rules.pay_class_of[strength]
    p = prices(rules)
    ev_play, ev_fold = p.ev_play(klass, nq, dw, tie, pw), p.ev_fold(klass)
    play = takes(ev_play, ev_fold, rules.play_on_tie)
    outcomes = []
    for result, count in ((NOT_QUALIFY, nq), (LOSE, dw), (PUSH, tie), (WIN, pw)):
        _key, name, net, wager = main_row(rules, p, klass, result)
        outcomes.append(Outcome(name, count, net, wager))
    return Decision("play" if play else "fold", {"play": ev_play, "fold": ev_fold}, nq + dw + tie + pw,
                    outcomes=tuple(outcomes), facts={"hand_class": klass, "bonus_ratio": rules.bonus_ratio})


def seen_counts(rules: ThreeCardRules, strength: int, dealer: Sequence[int],
                deck: Sequence[int], reads: Reads = ()) -> tuple[int, int, int, int]:
    """(not qualifying, beating the player, tying, losing to a qualifying dealer) over every completion
    of the dealer's known cards (and read classes) from ``deck`` (each hand ranked directly)."""
    counts = [0, 0, 0, 0]
    for dealt in dealer_hands(dealer, reads, deck, 3):
        t = rules.ranking.strength(dealt)
        counts[0 if t < rules.qualify else 1 if t > strength else 2 if t == strength else 3] += 1
    return counts[0], counts[1], counts[2], counts[3]
