"""Three-card exposure, other boxes rank by rank (ext/exposure3_ranks.pyx): tally rows per hand class."""
from oddscalc._native.exposure3 import Game

_Rows = list[tuple[int, ...]]

def boxes_by_rank(game: Game, n_dead: int) -> tuple[_Rows, dict[str, int]]: ...
