"""The part every seeded simulator shares (ext/simulation.pyx)."""

class Simulation:
    rounds: int
    def run(self, rounds: int) -> None: ...
