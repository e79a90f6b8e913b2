"""The Hold'em simulator's decision tables (ext/holdem_simulate.pyx), taken from the exact solution.

The simulator plays what the analysis solved: preflop, the starting hand orbit's choice; at the flop,
each situation's own decision, written by the pricing pass over the same counts and spread from the
canonical flops to every flop; at the river, a strategy's least final category, or the optimal Play
decided per round by pricing every dealer holding with the analysis' own integer values.  A family
names the simulator's tally with its analysis' outcome names, so ``check`` compares the two.

Full deck only: the simulator deals from 52 cards.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import Protocol

from oddscalc._native import holdem
from oddscalc._native.holdem_simulate import BonusSimulator, HoldemSimulator, spread_flops
from oddscalc.engines.holdem_counts import CasinoHoldemRules, choices, flop_counts
from oddscalc.engines.holdem_stages import (
    BonusPlay,
    BonusStrategy,
    SimpleStrategy,
    UltimatePlay,
    UltimateRules,
    Work,
    bonus_chunk,
    bonus_counts,
    orbits,
    ultimate_chunk,
    ultimate_coefficients,
    ultimate_counts,
)

ON = 255                           # a preflop byte: go on to the flop
# the simulator's six endings (holdem_stages.ENDINGS) as Casino Hold'em's four columns: when the
# dealer does not qualify the Call pushes whoever is higher, so the three are one column
CASINO_ENDING = (0, 0, 0, 1, 2, 3)
FLOP_TABLE = 22100 * 1326          # a byte per (flop, holding), both in colex order


def preflop_table(byte_of_orbit: Sequence[int]) -> bytes:
    """A byte per holding (both orders) from a byte per full-deck starting hand orbit."""
    found = orbits(())
    out = bytearray(52 * 52)
    for a in range(52):
        for b in range(52):
            if a != b:
                out[a * 52 + b] = byte_of_orbit[found.of(a, b)]
    return bytes(out)


def ultimate_preflop(choice: Sequence[int]) -> bytes:
    """Ultimate Texas Hold'em's preflop bytes: a Play size index, or on to the flop for a check (-1)."""
    return preflop_table([ON if k < 0 else k for k in choice])


def _flop_table(counted: Callable[[int, int], holdem.FlopCounts], priced: Callable[[int, int, bytearray], object],
                work: Work | None) -> bytearray:
    """Every (flop, holding)'s flop decision: the pricing pass over each chunk's counts (``counted``,
    kept from the analysis in this process) writes its canonical flops' decisions (``priced``),
    spread to their suit images."""
    work = work or Work()
    table = bytearray(FLOP_TABLE)
    for chunk in range(work.chunks):
        counts = counted(chunk, work.chunks)
        decided = bytearray(counts.n_flops * counts.n_holdings)
        priced(chunk, work.chunks, decided)
        arrays = counts.arrays()
        spread_flops(arrays["flop_cards"], arrays["flop_rest"], decided, table)
    return table


def ultimate_flop_table(rules: UltimateRules, strategy: SimpleStrategy | None, work: Work | None = None) -> bytearray:
    """Every (flop, holding)'s flop Play under the optimal later play or a simple ``strategy``."""
    return _flop_table(
        lambda chunk, chunks: ultimate_counts((), rules.qualifier, rules.river_multiple, rules.blind_from,
                                              rules.wager_more, chunk, chunks),
        lambda chunk, chunks, decided: ultimate_chunk(rules, (), strategy, chunk, chunks, flop_played=decided), work)


def bonus_simulator(play: BonusPlay, seed: int, work: Work | None = None,
                    strategy: BonusStrategy | None = None) -> BonusSimulator:
    """A fresh seeded simulator of Texas Hold'em Bonus as ``play`` solved it (``strategy``: the simple
    strategy it was played by): the Flop wager per starting hand orbit, the Turn wager per (flop,
    holding) as the pricing pass decided it, the River wager by the strategy's rule or decided per
    round at the turn by the simulator itself."""
    rules = play.rules
    flop = _flop_table(lambda chunk, chunks: bonus_counts((), rules.wager_more, chunk, chunks),
                       lambda chunk, chunks, decided: bonus_chunk(rules, (), strategy, chunk, chunks, decided), work)
    return BonusSimulator(seed, preflop_table([int(up) for up in play.raises]), flop, rules.wager_more,
                          -1 if strategy is None else strategy.river)


def ultimate_simulator(play: UltimatePlay, strategy: SimpleStrategy | None, seed: int) -> HoldemSimulator:
    """A fresh seeded simulator of Ultimate Texas Hold'em as ``play`` solved it (``strategy``: the
    simple strategy it was solved under, None for the optimal one)."""
    rules = play.rules
    k = ultimate_coefficients(rules, 52)
    return HoldemSimulator(seed, ultimate_preflop(play.preflop_choice), len(rules.preflop_multiples),
                           ultimate_flop_table(rules, strategy), False, rules.qualifier,
                           -1 if strategy is None else strategy.river_min, k.river, k.fold_board // comb(52 - 7, 2),
                           rules.wager_more, k.fold_extra)


def casino_simulator(rules: CasinoHoldemRules, seed: int, rule: bytes | None = None) -> HoldemSimulator:
    """A fresh seeded simulator of Casino Hold'em played optimally (or by a flop ``rule``): every (flop,
    holding)'s call or fold as the kernel decided it over the analysis' own counts (path 0: a call;
    a fold is a fold)."""
    counts = flop_counts((), rules.qualifier)
    table = bytearray(FLOP_TABLE)
    arrays = counts.arrays()
    spread_flops(arrays["flop_cards"], arrays["flop_rest"], choices(rules, rule), table)
    return HoldemSimulator(seed, bytes([ON]) * (52 * 52), 0, table, True, rules.qualifier)


class Tallying(Protocol):
    """What a native Hold'em simulator gives: rounds played, and its tally as (paths x 10 x 6 cells,
    folds by category)."""

    def run(self, rounds: int) -> None: ...

    def counts(self) -> tuple[list[list[list[int]]], list[int]]: ...


class NamedSimulator:
    """The native simulator with its tally named as the analysis names its rows: ``cell_name(path,
    category, ending)`` of a path's showdown (paths in the simulator's order), ``fold_name(category)``
    of a fold."""

    def __init__(self, native: Tallying, cell_name: Callable[[int, int, int], str],
                 fold_name: Callable[[int], str]):
        self.native, self.cell_name, self.fold_name = native, cell_name, fold_name

    def run(self, rounds: int) -> None:
        self.native.run(rounds)

    def counts(self) -> dict[str, int]:
        cells, folds = self.native.counts()
        out: dict[str, int] = {}
        for p, path in enumerate(cells):
            for c, row in enumerate(path):
                for e, n in enumerate(row):
                    if n:
                        name = self.cell_name(p, c, e)
                        out[name] = out.get(name, 0) + n
        for c, n in enumerate(folds):
            if n:
                name = self.fold_name(c)
                out[name] = out.get(name, 0) + n
        return out
