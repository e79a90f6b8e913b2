"""Caribbean Stud simulator (ext/simulate.pyx)."""
from collections.abc import Sequence

from typing_extensions import disjoint_base

from oddscalc._native.simulation import Simulation

@disjoint_base
class StudSimulator(Simulation):
    def __init__(self, seed: int, qualify_strength: int, threshold: int = -1,
                 rules: Sequence[int] | None = None, table: bytearray | None = None,
                 class_map: bytes | None = None, strategy_table: bytes | None = None, ties: int = 0) -> None: ...
    def calls(self, hand: Sequence[int], upcard: int) -> bool: ...
    def counts(self) -> list[int]: ...
