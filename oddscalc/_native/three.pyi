"""Three-card game counts (ext/three.pyx): per situation, the dealer hands by how they end."""
from collections.abc import Iterable, Sequence

from oddscalc._native.eval3 import ThreeCardRanking

# the keys of class_counts' columns, in order
COLUMNS: tuple[str, ...]
# the columns class_counts adds with split_not_qualifying
SPLIT_COLUMNS: tuple[str, ...]

def player_hands(ranking: ThreeCardRanking, deck: Iterable[int]) -> list[tuple[int, ...]]: ...
def hand_counts(ranking: ThreeCardRanking, deck: Iterable[int], hand: Sequence[int], qualify: int,
                upcard: int = -1) -> tuple[int, int, int, int, int]: ...
def class_counts(ranking: ThreeCardRanking, deck: Iterable[int], qualify: int,
                 upcard: bool, split_not_qualifying: bool = False) -> tuple[dict[str, list[int]], int]: ...
def group_keys(up_rank: Sequence[int], strength: Sequence[int], not_qualify: Sequence[int],
               dealer_wins: Sequence[int], tie: Sequence[int]) -> list[int]: ...
def spread_decisions(ranking: ThreeCardRanking, qualify: int, upcard: bool, keys: Sequence[int],
                     plays: bytes, splits: Sequence[int] | None = None) -> bytearray: ...
def showdown_counts(ranking: ThreeCardRanking, deck: Iterable[int], player_map: bytes, dealer_map: bytes,
                    n_classes: int) -> list[int]: ...
