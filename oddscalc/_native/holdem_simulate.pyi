"""Hold'em against the dealer simulator (ext/holdem_simulate.pyx)."""
from collections.abc import Sequence
from typing import Any

from typing_extensions import disjoint_base

from oddscalc._native.simulation import Simulation

def spread_flops(flop_cards: Any, flop_rest: Any, decided: Any, table: bytearray) -> int: ...

@disjoint_base
class HoldemSimulator(Simulation):
    def __init__(self, seed: int, preflop: bytes | bytearray, n_preflop: int, flop: bytes | bytearray,
                 flop_folds: bool, qualifier: int, river_min: int = 0, river: Sequence[int] | None = None,
                 fold: int = 0, wager_more: bool = True, fold_extra: Sequence[int] | None = None) -> None: ...
    def plays_at_river(self, hand: Sequence[int], board: Sequence[int]) -> bool: ...
    def counts(self) -> tuple[list[list[list[int]]], list[int]]: ...

@disjoint_base
class BonusSimulator(Simulation):
    def __init__(self, seed: int, preflop: bytes | bytearray, flop: bytes | bytearray,
                 wager_more: bool = True, river: int = -1) -> None: ...
    def bets_at_turn(self, hand: Sequence[int], board: Sequence[int]) -> bool: ...
    def counts(self) -> tuple[list[list[list[int]]], list[int]]: ...
