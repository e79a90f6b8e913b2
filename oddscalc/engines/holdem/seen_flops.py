"""Casino Hold'em with dealer hole cards or the turn seen at the flop decision, counted exactly over
every deal (``exposure casino-holdem --dealer-cards 1|2 [--sorted ...]``, ``--board-cards 4``, or one
dealer card and the turn).

The kernel (ext/holdem_seen_flops.pyx) counts each flop's observations (the holding and what is
seen) board by board and decides each with the analysis' own integer coefficients, so the informed
player's play comes back as the same counts the plain analysis is made of: the calls' cells and the
folds.  The outcome table, the return and every metric of the informed player follow as for the plain
game (analysis.main_of).  The flops are taken one per class of suit-symmetric flops (1,755 on the
full deck), each weighted by its class's size; they split into chunks whose integer counts simply add,
so the count gives the same Fractions here, on ``--workers N`` or on a Dask cluster.

>>> len(flop_classes()), sum(weight for _, weight in flop_classes())
(1755, 22100)
>>> Case.of(Seen(dealer_cards=1, sorted_ranks="A|K Q J")).groups()[48:52], Case.of(Seen(board_cards=4)).kernel
((0, 0, 0, 0), 'turn')
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from oddscalc._native import holdem_seen_flops
from oddscalc.core.cards import RANKS, rank_set_text
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import percent_text
from oddscalc.core.parallel import counted_in_chunks
from oddscalc.engines.base import Exposure, Seen
from oddscalc.engines.holdem_counts import (
    N_CATEGORIES,
    N_ENDINGS,
    CasinoHoldemRules,
    OptimalPlay,
    TooLarge,
    _coefficients,
    _suit_maps,
)
from oddscalc.engines.reads import parse_classes, read_of

from .analysis import main_analysis, main_of
from .rules import HoldemGame

FIRST_CHUNK = 2        # flops counted first, here, to size the rest before it starts
CHUNK = 64             # flops a worker takes at a time


@dataclass(frozen=True)
class Case:
    """What the player sees beside the flop, as the kernel counts it: ``kernel`` one of ``dealer``
    (one dealer hole card), ``turn``, ``dealer-turn``, ``read-pair`` (both hole cards by class) and
    ``both`` (both seen whole); ``sorted_ranks`` the classes a dealer card is read by, if read."""
    kernel: str
    sorted_ranks: str | None = None

    @staticmethod
    def of(seen: Seen) -> Case:
        """The count of what ``seen`` asks for (checked by exposure.seen_cards)."""
        if seen.board_cards > 3:
            return Case("dealer-turn" if seen.dealer_cards else "turn", seen.sorted_ranks)
        if seen.dealer_cards == 2:
            return Case("both" if seen.sorted_ranks is None else "read-pair", seen.sorted_ranks)
        return Case("dealer", seen.sorted_ranks)

    def reads(self) -> tuple[tuple[int, ...], ...]:
        """The ranks of each class a card can be read as (the highest class first), or () when the
        dealer cards are seen whole."""
        if self.sorted_ranks is None:
            return ()
        classes = parse_classes(self.sorted_ranks)
        return tuple(sorted({read_of(classes, rank) for rank in range(13)}, key=max, reverse=True))

    def groups(self) -> tuple[int, ...] | None:
        """The kernel's group of every card code: the class it is read as (None: seen whole)."""
        reads = self.reads()
        if not reads:
            return None
        return tuple(next(i for i, read in enumerate(reads) if card >> 2 in read) for card in range(52))

    def seen_names(self) -> dict[int, str]:
        """What the kernel's ``seen_deals`` index means, in words, for the rows of the report."""
        reads = self.reads()
        if self.kernel == "read-pair":
            return {g + h * (h + 1) // 2: f"dealer cards read as {rank_set_text(reads[g])} and "
                                          f"{rank_set_text(reads[h])}"
                    for h in range(len(reads)) for g in range(h + 1)}
        if reads:
            return dict(enumerate(f"dealer card read as {rank_set_text(read)}" for read in reads))
        if self.kernel == "both":          # a pair of ranks, high * 13 + low: named by the higher
            return {high * 13 + low: f"dealer's higher hole card {RANKS[high]}" for high in range(13)
                    for low in range(high + 1)}
        what = "turn" if self.kernel == "turn" else "dealer card"
        return {rank: f"{what} {RANKS[rank]}" for rank in range(13)}


@dataclass(frozen=True)
class Counts:
    """The informed player's play over some flops (weighted), as the kernel counts it."""
    deals: int
    called_cells: tuple[int, ...]
    called_by_class: tuple[int, ...]
    folded_by_class: tuple[int, ...]
    equal: int
    seen_deals: tuple[int, ...]
    seen_called: tuple[int, ...]

    def __add__(self, other: Counts) -> Counts:
        def add(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
            return tuple(x + y for x, y in zip(a, b, strict=True))
        return Counts(self.deals + other.deals, add(self.called_cells, other.called_cells),
                      add(self.called_by_class, other.called_by_class),
                      add(self.folded_by_class, other.folded_by_class), self.equal + other.equal,
                      add(self.seen_deals, other.seen_deals), add(self.seen_called, other.seen_called))

    def play(self, rules: CasinoHoldemRules) -> OptimalPlay:
        """The counts as the analysis reads a play: each deal one situation of one completion (an
        observation's deals differ in number, so the deal is the unit)."""
        scale, call, fold, _call_extra, _fold_extra = _coefficients(rules)
        calls = sum(self.called_by_class)
        main = sum(c * n for c, n in zip(call, self.called_cells, strict=True)) + fold * (self.deals - calls)
        cells = tuple(self.called_cells[r * N_ENDINGS:(r + 1) * N_ENDINGS] for r in range(N_CATEGORIES))
        return OptimalPlay(self.deals, 1, calls, self.equal, cells, self.called_by_class, self.folded_by_class,
                           Fraction(main, scale))


@cache
def flop_classes(dead: tuple[int, ...] = ()) -> tuple[tuple[tuple[int, int, int], int], ...]:
    """One flop of each class of the live flops under the suit permutations that keep ``dead`` (the
    least, as sorted cards), with the class's size."""
    maps = _suit_maps(dead)
    live = [c for c in range(52) if c not in set(dead)]
    found: dict[tuple[int, ...], int] = {}
    for flop in combinations(live, 3):
        canonical = min(tuple(sorted(m[c] for c in flop)) for m in maps)
        found[canonical] = found.get(canonical, 0) + 1
    return tuple(((a, b, c), n) for (a, b, c), n in sorted(found.items()))


def count_chunk(rules: CasinoHoldemRules, case: Case, first: int, last: int, dead: tuple[int, ...] = ()) -> Counts:
    """Flop classes first..last of the deck without ``dead`` counted and decided (a module-level
    function, so it pickles to a worker)."""
    flops = flop_classes(dead)[first:last]
    _scale, call, fold, call_extra, fold_extra = _coefficients(rules)
    # an observation's value is held in 64 bits: at most twice the largest coefficient times its deals,
    # which are at most twice a (holding, flop)'s completions (a dealer card read: every card of its class)
    live = 52 - len(dead)
    deals = 2 * comb(live - 5, 2) * comb(live - 7, 2)
    if 2 * deals * max(map(abs, [*call, fold, *call_extra, *fold_extra])) >= 2 ** 62:
        raise TooLarge("the paytable's common denominator is too large for the kernel's exact 64-bit values "
                       "(give pays with smaller denominators)")
    out = holdem_seen_flops.count_flops([f for f, _ in flops], [w for _, w in flops], dead, rules.qualifier,
                                        case.kernel, case.groups(), call, fold, call_extra, fold_extra,
                                        rules.wager_more)
    return Counts(out["deals"], tuple(out["called_cells"]), tuple(out["called_by_class"]),
                  tuple(out["folded_by_class"]), out["equal"], tuple(out["seen_deals"]), tuple(out["seen_called"]))


def counted_exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
                     ) -> Exposure:
    """The informed optimal player's exact play over every deal, beside the plain optimal one's; the
    first chunk runs here and sizes the rest (on ``workers`` or at ``scheduler``)."""
    rules = HoldemGame.of(game).rules
    case = Case.of(seen)
    baseline = main_analysis(game)          # the plain count once, before the first chunk is timed
    n = len(flop_classes())
    starts = [0, *range(FIRST_CHUNK, n, CHUNK)]
    jobs = [(rules, case, first, last) for first, last in zip(starts, [*starts[1:], n], strict=True)]
    parts = counted_in_chunks(count_chunk, jobs, workers, scheduler, f"counting {n:,} classes of flop ({seen.text()})",
                              lambda job: job[3] - job[2])
    total = parts[0]
    for part in parts[1:]:
        total += part
    informed = main_of(game, rules, total.play(rules))
    return Exposure(seen.text(), baseline, informed.expected_return - baseline.expected_return, informed,
                    strategy=calls_by_what_is_seen(case, total),
                    facts={"flop_classes": n, "deals_counted": total.deals})


def calls_by_what_is_seen(case: Case, counts: Counts) -> tuple[tuple[str, str], ...]:
    """How often the informed player calls, by what he sees: the rank seen (the higher of two), the
    class read, the turn's rank."""
    deals: dict[str, int] = {}
    called: dict[str, int] = {}
    for index, name in case.seen_names().items():
        deals[name] = deals.get(name, 0) + counts.seen_deals[index]
        called[name] = called.get(name, 0) + counts.seen_called[index]
    order = list(deals) if case.reads() else list(reversed(deals))      # the highest rank first
    return tuple((name, f"calls {percent_text(Fraction(called[name], deals[name]), 2)}") for name in order
                 if deals[name])
