"""Staged game simulator (ext/staged_simulate.pyx)."""
from collections.abc import Sequence

from typing_extensions import disjoint_base

from oddscalc._native.simulation import Simulation

@disjoint_base
class StagedSimulator(Simulation):
    def __init__(self, seed: int, seen: Sequence[int], deltas: Sequence[Sequence[int]],
                 folds: Sequence[Sequence[bool]], initial_units: int, choices: Sequence[bytes],
                 class_map: bytes, n_classes: int) -> None: ...
    def choice_of(self, i: int, cards: Sequence[int], units: int) -> int: ...
    def folds(self) -> list[tuple[int, int, int]]: ...
    def outcomes(self) -> list[tuple[int, int, int]]: ...
