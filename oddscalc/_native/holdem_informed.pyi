"""Hold'em before the flop with dealer hole cards seen (ext/holdem_informed.pyx)."""
from collections.abc import Sequence
from typing import Any

from typing_extensions import disjoint_base

@disjoint_base
class Boards:
    def __new__(cls, hand: Sequence[int], seen: Sequence[int], dead: Sequence[int], qualifier: int,
                reads: Sequence[Sequence[int]] = ()) -> Boards: ...

def ultimate_preflop(hand: Sequence[int], seen: Sequence[int], dead: Sequence[int], qualifier: int,
                     preflop: Sequence[Sequence[int]], flop: Sequence[int], river: Sequence[int],
                     fold: Sequence[int], wager_more: bool = True,
                     reads: Sequence[Sequence[int]] = ()) -> dict[str, Any]: ...
def bonus_preflop(hand: Sequence[int], seen: Sequence[int], dead: Sequence[int], check: Sequence[int],
                  bet: Sequence[int], river: Sequence[int], wager_more: bool = True,
                  reads: Sequence[Sequence[int]] = ()) -> dict[str, Any]: ...
