"""The part every seeded simulator shares (ext/simulation.pyx)."""
from typing_extensions import disjoint_base

@disjoint_base
class Simulation:
    @property
    def rounds(self) -> int: ...
    def run(self, rounds: int) -> None: ...
