"""Caribbean Stud exposure, two dealer cards seen (ext/exposure_stud_pairs.pyx): exact counts per
canonical seen pair; pays come in as integer numerators and denominators."""
from collections.abc import Sequence

_Sums = list[list[int]]

def canonical_pairs(deck_mask: int) -> list[tuple[int, int, int, int]]: ...
def seen_pair_counts(qualify_strength: int, deck_mask: int, pay_numerators: Sequence[int],
                     pay_denominators: Sequence[int], call_multiple: int, first: int = 0,
                     last: int = -1) -> tuple[list[tuple[int, int, int, _Sums]], int]: ...
def pair_class_counts(card1: int, card2: int, qualify_strength: int, deck_mask: int,
                      every: int = 1) -> list[tuple[object, ...]]: ...
