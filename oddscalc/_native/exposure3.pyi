"""Three-card exposure kernel (ext/exposure3.pyx): the Game every case uses, and exact tallies per
hand class x (fold, dealer-not-qualify, lose, push, win) when the player sees dealer cards or
sorted backs; the paytable comes in only as integer decision coefficients per hand class.  Other
boxes: exposure3_boxes, exposure3_ranks."""
from collections.abc import Iterable, Sequence

from oddscalc._native.eval3 import ThreeCardRanking

Rows = list[tuple[int, ...]]
Group = tuple[int, int, int, int, int, int, int]

class Game:
    qualify: int
    n_strengths: int
    n_deck: int
    n_classes: int
    n_cls: int
    tie_plays: bool
    symmetric: bool

    def __init__(self, ranking: ThreeCardRanking, deck: Iterable[int], qualify: int, klass: Sequence[int],
                 coefficients: Sequence[tuple[int, int, int, int]], tie_plays: bool,
                 sorted_ranks: Sequence[int] = ..., ties: int = ...) -> None: ...
    @property
    def hand_classes(self) -> int: ...
    def dealer_cards(self, k: int) -> tuple[Rows, list[Group]]: ...
    def sorted_cards(self, k: int) -> tuple[Rows, list[Group]]: ...
    def situation(self, hand: Sequence[int], dealer_seen: Sequence[int] = ..., dead: Sequence[int] = ...,
                  sorted_k: int = ..., sorted_j: int = ...) -> tuple[int, int, int, int]: ...
