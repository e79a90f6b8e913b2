"""Ultimate Texas Hold'em before the flop with dealer hole cards seen (ext/holdem_informed.pyx)."""
from collections.abc import Sequence
from typing import Any

def ultimate_preflop(hand: Sequence[int], seen: Sequence[int], dead: Sequence[int], qualifier: int,
                     preflop: Sequence[Sequence[int]], flop: Sequence[int], river: Sequence[int],
                     fold: Sequence[int], wager_more: bool = True) -> dict[str, Any]: ...
