"""A staged Hold'em decision (Ultimate Texas Hold'em, Texas Hold'em Bonus) when the player has seen the
dealer's hole cards, one or both (``--seen``, a flashed card), or read them by rank class only
(``--reads``, engines/reads.py).

``completion_endings`` is ``holdem.completion_endings`` (ext/holdem.pyx) with the dealer's hand
restricted to what is seen: for every completion of the board, the player's final category and the
dealer holdings by ending (does not qualify and the player wins, ties, loses; qualifies and ...).
Here the dealer holdings are enumerated one by one (at most 46 x 45 of them per completion, fewer
once a card is seen), each read card any unseen card of its ranks, so every counted (completion,
holding) is one equally likely deal given what is seen.  Later stages are decided on the same
knowledge: what is seen stays seen.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from oddscalc._native import holdem
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_category, five_card_strength
from oddscalc.engines.holdem_stages import SIX
from oddscalc.engines.reads import Reads, dealer_hands

HOLE_CARDS = 2
Endings = list[tuple[tuple[int, ...], int, tuple[int, ...]]]


def cards_left(shown: Sequence[int], seen: Sequence[int], reads: Reads, dead: Sequence[int],
               board_option: str) -> list[int]:
    """The cards not seen anywhere, the dealer's seen and read hole cards checked (at most two, every
    card named once; ``board_option`` names the community cards in the refusal)."""
    if len(seen) + len(reads) > HOLE_CARDS:
        raise InputError(f"--seen and --reads: the dealer has two hole cards, {len(seen) + len(reads)} are named")
    known = {*shown, *seen, *dead}
    if len(known) != len(shown) + len(seen) + len(dead):
        raise InputError(f"--hand, {board_option}, --seen and --dead must be distinct cards")
    return [card for card in range(52) if card not in known]


def completion_endings(hand: Sequence[int], board: Sequence[int], dead: Sequence[int], qualifier: int,
                       seen: Sequence[int] = (), reads: Reads = ()) -> Endings:
    """Every completion of the board: (its cards, the player's final category, the six counts)."""
    if not seen and not reads:
        found: Endings = holdem.completion_endings(tuple(hand), tuple(board), tuple(dead), qualifier)
        return found
    rest = cards_left((*hand, *board), seen, reads, dead, "--board")
    missing = 5 - len(board)
    if len(rest) < missing + HOLE_CARDS - len(seen):
        raise InputError(f"{len(rest)} cards are left for the rest of the board and the dealer's hand")
    for _ in dealer_hands(seen, reads, rest, HOLE_CARDS):    # one line if no unseen card fits a read
        break
    out: Endings = []
    for extra in combinations(rest, missing):
        full = (*board, *extra)
        mine = five_card_strength((*hand, *full))
        ends = [0] * SIX
        left = [card for card in rest if card not in extra]
        for dealer in dealer_hands(seen, reads, left, HOLE_CARDS, required=False):
            theirs = five_card_strength((*dealer, *full))
            ends[(0 if mine > theirs else 1 if mine == theirs else 2) + (3 if theirs >= qualifier else 0)] += 1
        out.append((extra, five_card_category(mine).value, tuple(ends)))
    return out
