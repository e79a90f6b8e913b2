"""Ultimate Three Card Poker with dealer cards seen (ext/ultimate_exposure.pyx): merged observations."""
from collections.abc import Iterable, Sequence

from oddscalc._native.eval3 import ThreeCardRanking

def observations(ranking: ThreeCardRanking, deck: Iterable[int], qualify: int, class_of_strength: Sequence[int],
                 seen: int) -> dict[tuple[int, ...], int]: ...
def read_observations(ranking: ThreeCardRanking, deck: Iterable[int], qualify: int, class_of_strength: Sequence[int],
                      whole: int, card_class: Sequence[int], reads: int) -> dict[tuple[int, ...], int]: ...
