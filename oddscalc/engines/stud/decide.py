"""One Caribbean Stud decision: exact EVs of calling and folding over every dealer completion
consistent with the known cards.

>>> from oddscalc.engines.base import load
>>> from oddscalc.core.cards import parse_cards
>>> d = decide(load("caribbean-stud"), parse_cards("As Kd 9c 5h 2s"), parse_cards("Qd")[0])
>>> d.choice, d.total
('fold', 163185)
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc._native import stud as kernel
from oddscalc.core.economics import Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Decision, settle_ties
from oddscalc.engines.reads import Reads, dealer_hands
from oddscalc.engines.stud.counts import PAYOUT_CLASSES, call_layout
from oddscalc.engines.stud.rules import StudRules


def decide(game: GameTable, hand: Sequence[int], upcard: int, dead: Sequence[int] = (),
           seen: Sequence[int] = (), reads: Reads = ()) -> Decision:
    """Call or fold ``hand`` against ``upcard`` (``dead``: other cards seen, out of the deck; ``seen``:
    dealer cards seen beside the upcard, in his hand; ``reads``: dealer cards read by rank class only)."""
    rules = StudRules.of(game)
    known = [*hand, upcard, *seen, *dead]
    if len(hand) != 5 or len(set(known)) != len(known) or not all(0 <= card < 52 for card in known):
        raise InputError("a Caribbean Stud decision needs five cards, an upcard and distinct seen and dead cards")
    if len(seen) + len(reads) > 4:
        raise InputError(f"--seen and --reads name {len(seen) + len(reads)} cards: the dealer has four beside "
                         "the upcard")
    if 52 - len(known) < 4 - len(seen):
        needs = ("no", "one", "two", "three", "four")[4 - len(seen)]         # the read cards among them
        raise InputError(f"too many dead cards: {52 - len(known)} are left and the dealer needs {needs} more")
    if seen or reads:
        nq, wins, ties, losses = seen_completions(hand, (upcard, *seen), known, rules.qualify_strength, reads)
    else:
        nq, wins, ties, losses = kernel.count_completions(tuple(hand), upcard, tuple(dead), rules.qualify_strength)
    total = nq + wins + ties + losses
    category = call_layout(game).name_of(five_card_strength(hand))
    pay = game.paytable().pay(category) if category != PAYOUT_CLASSES[0] else Fraction(0)
    wager = Fraction(1 + rules.call_multiple)
    win_net = 1 + rules.call_multiple * pay
    losses, pushes, wins = settle_ties(rules.ties, losses, ties, wins)
    ev_call = Fraction(nq + wins * win_net - wager * losses, total)
    outcomes = (Outcome("dealer-not-qualify", nq, Fraction(1), wager), Outcome("lose", losses, -wager, wager),
                Outcome("push", pushes, Fraction(0), wager), Outcome(f"win-{category}", wins, win_net, wager))
    # equal expectations fold: the same return with less money at risk
    return Decision("call" if ev_call > -1 else "fold", {"call": ev_call, "fold": Fraction(-1)}, total,
                    outcomes=outcomes, facts={"dealer_qualifies_probability": 1 - Fraction(nq, total)})


def seen_completions(hand: Sequence[int], dealer: Sequence[int], known: Sequence[int],
                     qualifier: int, reads: Reads = ()) -> tuple[int, int, int, int]:
    """(dealer does not qualify, player wins, ties, loses) over every completion of the dealer's known
    cards (and read classes) by the cards not known: C(46, 3) = 15,180 hands when one hole card is seen,
    each ranked directly (the kernel's counting is for the upcard alone)."""
    player = five_card_strength(hand)
    rest = [card for card in range(52) if card not in set(known)]
    counts = [0, 0, 0, 0]
    for dealt in dealer_hands(dealer, reads, rest, 5):
        strength = five_card_strength(dealt)
        counts[0 if strength < qualifier else 1 if player > strength else 2 if player == strength else 3] += 1
    return counts[0], counts[1], counts[2], counts[3]
