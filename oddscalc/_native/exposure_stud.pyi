"""Caribbean Stud exposure kernel (ext/exposure_stud.pyx): what the exposure kernels share (the
deck, the payout class) and exact counts when the player sees the upcard and sorted cards; pays
come in as integer numerators and denominators.  Two dealer cards seen: exposure_stud_pairs; the
whole dealer hand: exposure_stud_whole."""
from collections.abc import Sequence

_Sums = list[list[int]]

def check_deck(deck_mask: int) -> int: ...
def hand_payout_class(cards: Sequence[int]) -> int: ...
def sorted_counts(qualify_strength: int, deck_mask: int, sorted_mask: int, n_sorted: int,
                  pay_numerators: Sequence[int], pay_denominators: Sequence[int],
                  call_multiple: int, more_masks: Sequence[int] = ()) -> tuple[list[_Sums], int]: ...
