"""Ultimate Three Card Poker simulator (ext/ultimate_simulate.pyx)."""
from collections.abc import Sequence

from typing_extensions import disjoint_base

from oddscalc._native.eval3 import ThreeCardRanking
from oddscalc._native.simulation import Simulation

@disjoint_base
class UltimateSimulator(Simulation):
    def __init__(self, seed: int, ranking: ThreeCardRanking, qualify: int, upcard: bool,
                 classes: bytes | bytearray, n_actions: int, decisions: bytes | bytearray | None = None,
                 strategy_table: bytes | None = None) -> None: ...
    def action(self, hand: Sequence[int], upcard: int = 0) -> int: ...
    def counts(self) -> list[list[list[int]]]: ...
