"""Fast Action Poker kernel (ext/board.pyx): sums over every completion of a partly known deal."""
from collections.abc import Callable, Sequence
from typing import Any

def count_deals(spec: dict[str, Any], samples: int = 0, seed: int = 0,
                categories: bool = False, progress: Callable[[int], None] | None = None) -> dict[str, Any]: ...
def chain_nets(strengths: Sequence[int], start: int, every_player: bool = False,
               tie_pass: bool = False) -> list[int]: ...
def equity_counts(hero: Sequence[int], board: Sequence[int], dead: Sequence[int],
                  opponents: int) -> tuple[int, list[int]]: ...
