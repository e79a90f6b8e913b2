"""What a staged game's seen cards make, in the words players use: a pair and its pay band, cards to
a flush or a straight (and how many straights they can still make), and points.

The pay bands come from the game's paytable: the ranks whose final pair nets the same, in order
(Mississippi Stud: 2-5 loses, 6-T pushes, J-A wins; Let It Ride: 2-9 loses, T-A wins).  A card's
points are its band's index, which is Grochowski's count at Mississippi Stud (2-5 count 0, 6-10
count 1, J-A count 2) and the number of cards ten or higher at Let It Ride.

>>> from oddscalc.engines.base import load
>>> bands = pay_bands(load("mississippi-stud"))
>>> bands, band_name(bands[1])
(((0, 1, 2, 3), (4, 5, 6, 7, 8), (9, 10, 11, 12)), '6-T')
>>> shape = shape_of((4 << 2 | 0, 5 << 2 | 0, 6 << 2 | 0), points_of(bands))      # 6-7-8 suited
>>> shape.made, shape.suited, shape.straights, shape.gaps, shape.points
('', 3, 3, 0, 3)
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc._native import eval5
from oddscalc.core.cards import RANKS
from oddscalc.core.gametable import GameTable
from oddscalc.engines.staged.paytable import pay_layout

ACE = 12
# the five-rank windows a straight fills, lowest first: A-2-3-4-5 (the ace low) to T-J-Q-K-A
WINDOWS = tuple(frozenset((ACE, 0, 1, 2, 3)) if low < 0 else frozenset(range(low, low + 5)) for low in range(-1, 9))


def pay_bands(game: GameTable) -> tuple[tuple[int, ...], ...]:
    """The ranks, lowest first, cut where the net of a final pair of that rank changes."""
    layout = pay_layout(game)
    nets: list[Fraction] = []
    for rank in range(13):
        kickers = [r for r in (12, 10, 8, 6, 4, 2, 0) if r != rank][:3]      # no straight, no flush
        cards = [rank << 2, rank << 2 | 1, kickers[0] << 2 | 2, kickers[1] << 2 | 3, kickers[2] << 2]
        nets.append(layout.nets[layout.class_map[eval5.strength(cards)]])
    bands: list[list[int]] = [[0]]
    for rank in range(1, 13):
        if nets[rank] == nets[rank - 1]:
            bands[-1].append(rank)
        else:
            bands.append([rank])
    return tuple(tuple(band) for band in bands)


def points_of(bands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each rank's points: the index of its pay band."""
    return tuple(next(i for i, band in enumerate(bands) if rank in band) for rank in range(13))


def band_name(band: Sequence[int]) -> str:
    """``6-T``, or one rank alone."""
    return RANKS[band[0]] if len(band) == 1 else f"{RANKS[band[0]]}-{RANKS[band[-1]]}"


@dataclass(frozen=True)
class Shape:
    """What a set of cards makes: ``made`` (``quads``, ``trips``, ``two pair``, ``pair`` or empty),
    the rank of its (highest) pair (-1: none), the most cards of one suit, the straights its ranks
    can still make (0 where a rank repeats or they do not fit five consecutive ranks), the gaps
    between them (-1: no straight), its lowest and highest rank as the straight reads them (an ace
    low in A-2-3), and its points."""
    ranks: tuple[int, ...]
    made: str
    pair: int
    suited: int
    straights: int
    gaps: int
    lowest: int
    highest: int
    points: int

    @property
    def flush_draw(self) -> bool:
        """Every card of one suit."""
        return self.suited == len(self.ranks)

    @property
    def straight_draw(self) -> bool:
        return self.straights > 0

    @property
    def straight_flush_draw(self) -> bool:
        return self.flush_draw and self.straight_draw


ShapeKey = tuple[tuple[int, ...], int]


def shape_key(cards: Sequence[int]) -> ShapeKey:
    """What a shape depends on: the ranks (ascending) and the most cards of one suit."""
    suits = [c & 3 for c in cards]
    return tuple(sorted(c >> 2 for c in cards)), max(map(suits.count, suits))


def shape_of(cards: Sequence[int], points: Sequence[int]) -> Shape:
    """The shape of a set of card codes (rank = code >> 2, suit = code & 3)."""
    return shape_of_key(shape_key(cards), points)


def shape_of_key(key: ShapeKey, points: Sequence[int]) -> Shape:
    """The shape of the cards with these ranks and this many of one suit."""
    ranks, suited = tuple(sorted(key[0], reverse=True)), key[1]
    counts = sorted(Counter(ranks).values(), reverse=True)
    made = {4: "quads", 3: "trips"}.get(counts[0], "two pair" if counts[:2] == [2, 2] else
                                         "pair" if counts[0] == 2 else "")
    pair = max((r for r in ranks if ranks.count(r) >= 2), default=-1)
    held = set(ranks)
    straights = sum(held <= window for window in WINDOWS) if len(held) == len(ranks) else 0
    gaps = lowest = highest = -1
    if straights:
        # the ace low only where the cards fit no window with it high (A-2-3, not Q-K-A)
        low_ace = ACE in held and max(held - {ACE}, default=0) <= 3 and not held <= WINDOWS[-1]
        read = sorted(-1 if (r == ACE and low_ace) else r for r in held)
        lowest, highest = read[0], read[-1]
        gaps = highest - lowest - (len(read) - 1)
    return Shape(ranks, made, pair, suited, straights, gaps, lowest, highest, sum(points[r] for r in ranks))


def colex_keys(deck: Sequence[int], k: int) -> list[ShapeKey]:
    """The shape key of every k-card set of a sorted deck, in colex order of their positions (the
    kernel's order).  The sets of the first ``top`` positions come first, so the sets whose
    largest position is ``top`` are those sets of one card fewer, each with ``top`` added: built
    a card at a time, from partial keys (ranks so far, suit counts packed a byte per suit)."""
    partial: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for size in range(1, k + 1):
        grown = []
        for top, card in enumerate(deck):
            rank, suit = card >> 2, 1 << 8 * (card & 3)
            grown += [(ranks + (rank,), packed + suit) for ranks, packed in partial[:math.comb(top, size - 1)]]
        partial = grown
    most = {packed: max(packed >> shift & 255 for shift in (0, 8, 16, 24)) for packed in {p for _r, p in partial}}
    return [(ranks, most[packed]) for ranks, packed in partial]
