"""Caribbean Stud exposure, K whole dealer cards seen counted by ranks (ext/exposure_stud_seen.pyx):
exact counts per rank multiset of the seen cards; pays come in as integer numerators and
denominators."""
from collections.abc import Sequence

_Sums = tuple[tuple[int, ...], ...]

def seen_multisets(deck_mask: int, k: int) -> list[tuple[int, ...]]: ...
def seen_counts(qualify_strength: int, deck_mask: int, k: int, pay_numerators: Sequence[int],
                pay_denominators: Sequence[int], call_multiple: int, first: int = 0,
                last: int = -1) -> tuple[list[tuple[tuple[int, ...], _Sums]], int]: ...
