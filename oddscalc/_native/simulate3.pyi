"""Three-card simulator (ext/simulate3.pyx)."""
from collections.abc import Sequence

from typing_extensions import disjoint_base

from oddscalc._native.eval3 import ThreeCardRanking
from oddscalc._native.simulation import Simulation

@disjoint_base
class ThreeCardSimulator(Simulation):
    def __init__(self, seed: int, ranking: ThreeCardRanking, qualify: int, upcard: bool,
                 classes: bytes | bytearray, threshold: int = -1, decisions: bytearray | None = None,
                 strategy_table: bytes | None = None) -> None: ...
    def plays(self, hand: Sequence[int], upcard: int = 0) -> bool: ...
    def counts(self) -> list[list[int]]: ...
