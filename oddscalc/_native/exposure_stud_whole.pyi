"""Caribbean Stud exposure, the whole dealer hand seen (ext/exposure_stud_whole.pyx): (player hand,
dealer hand) pairs per payout class of the player's hand."""

def whole_hand_counts(qualify_strength: int, deck_mask: int) -> list[tuple[int, int, int, int]]: ...
