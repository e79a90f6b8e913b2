"""Ultimate Texas Hold'em and Texas Hold'em Bonus exact over every deal, every stage optimal.

The board kernel counts (``holdem.staged_counts``: every canonical flop and holding, 10 x 6 cells,
the decisions no pay can move taken there), the pricing kernels take the rest with integer
coefficients (``holdem_price``), and this module makes the coefficients from the rules and the
figures from the counts, as exact ``Fraction``\\ s.  docs/holdem-stages.md is the method.

Backward induction, stage by stage, over what the player has seen:

- **Ultimate Texas Hold'em.** River (7 cards seen): Play 1x or fold, per board (the kernel; the
  situations the Blind's pay decides are kept whole and decided here).  Flop (5 seen): Play 2x or
  check, per situation (``ultimate_values``).  Preflop (2 seen): Play 3x, 4x or check, per starting
  hand orbit, here, from the orbit's values summed over its flops.
- **Texas Hold'em Bonus.** Turn (6 seen): the River wager, per turn card (the kernel); flop: the Turn
  wager, per situation (``bonus_values``); preflop: the Flop wager or a fold, per orbit, here.  The
  Turn and River wagers pay 1 to 1 whatever the player holds, so no pay moves them; the preflop
  decision alone sees the Ante's pay.

A starting hand *orbit* is a class of holdings under the suit permutations that keep the dead cards:
on a full deck the 169 starting hands of the chart; every holding of an orbit is worth the same.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import comb, lcm
from typing import Any

from oddscalc._native import holdem, holdem_price
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory as Cat
from oddscalc.core.parallel import run_chunks
from oddscalc.core.progress_bar import Progress
from oddscalc.core.solution_store import kept
from oddscalc.engines import holdem_counts, solver
from oddscalc.engines.holdem_counts import TooLarge, _dead_cards, _suit_maps, pair_qualifier

N_CATEGORIES = 10
SIX = 6
# the columns of a cell: the dealer does not qualify and the player wins, ties, loses; qualifies and ...
ENDINGS = ("no-qualify-win", "no-qualify-tie", "no-qualify-lose", "win", "tie", "lose")
NQ_WIN, NQ_TIE, NQ_LOSE, Q_WIN, Q_TIE, Q_LOSE = range(SIX)
SIGN = (1, 0, -1, 1, 0, -1)                  # a wager won, pushed or lost 1 to 1 at each ending
WIN_ENDINGS = (NQ_WIN, Q_WIN)
TIE_ENDINGS = (NQ_TIE, Q_TIE)
LOSE_ENDINGS = (NQ_LOSE, Q_LOSE)

# the rows of the flop chart (holdem_price.flop_row): what the hole cards and the flop make
FLOP_ROWS = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
             "three-of-a-kind", "two-pair", "pair in the hand", "hole card paired", "pair on the board only",
             "four to a flush", "nothing")
DEFAULT_BLIND = {Cat.ROYAL_FLUSH: Fraction(500), Cat.STRAIGHT_FLUSH: Fraction(50), Cat.FOUR_OF_A_KIND: Fraction(10),
                 Cat.FULL_HOUSE: Fraction(3), Cat.FLUSH: Fraction(3, 2), Cat.STRAIGHT: Fraction(1)}
DEFAULT_TRIPS = {Cat.ROYAL_FLUSH: Fraction(50), Cat.STRAIGHT_FLUSH: Fraction(40), Cat.FOUR_OF_A_KIND: Fraction(30),
                 Cat.FULL_HOUSE: Fraction(8), Cat.FLUSH: Fraction(7), Cat.STRAIGHT: Fraction(4),
                 Cat.THREE_OF_A_KIND: Fraction(3)}


# ---- starting hands ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Orbits:
    """The starting hand orbits of a deck: ``table`` (52 x 52 int16, both orders) for the kernels, one
    representative holding and the size of each orbit."""
    table: bytes
    representatives: tuple[tuple[int, int], ...]
    sizes: tuple[int, ...]

    def of(self, a: int, b: int) -> int:
        """The orbit of the holding {a, b}."""
        return int(_orbit_view(self)[a * 52 + b])


@cache
def orbits(dead: tuple[int, ...] = ()) -> Orbits:
    """The orbits of the live holdings under the suit permutations that keep ``dead``.

    >>> full = orbits()
    >>> len(full.sizes), sum(full.sizes), sorted(set(full.sizes))
    (169, 1326, [4, 6, 12])
    """
    maps = _suit_maps(dead)
    live = [c for c in range(52) if c not in set(dead)]
    index = [-1] * (52 * 52)
    reps: list[tuple[int, int]] = []
    sizes: list[int] = []
    for a, b in combinations(live, 2):
        if index[a * 52 + b] >= 0:
            continue
        images = {tuple(sorted((m[a], m[b]))) for m in maps}
        for x, y in images:
            index[x * 52 + y] = index[y * 52 + x] = len(reps)
        reps.append((a, b))
        sizes.append(len(images))
    table = memoryview(bytearray(2 * 52 * 52)).cast("h")
    for k, v in enumerate(index):
        table[k] = max(v, 0)
    return Orbits(table.tobytes(), tuple(reps), tuple(sizes))


@cache
def card_bins(dead: tuple[int, ...] = ()) -> memoryview:
    """The classes of (holding, one more card) under the suit permutations that keep ``dead``: a bin id
    per (a, b, c), both orders of a and b (int32, 52 x 52 x 52).

    >>> bins = card_bins()
    >>> max(bins) + 1, bins[(48 * 52 + 44) * 52 + 40] == bins[(49 * 52 + 45) * 52 + 41]
    (5083, True)
    """
    maps = _suit_maps(dead)
    live = [c for c in range(52) if c not in set(dead)]
    table = memoryview(bytearray(4 * 52 ** 3)).cast("i")
    seen: set[tuple[int, int, int]] = set()
    n = 0
    for a, b in combinations(live, 2):
        for c in live:
            if c == a or c == b or (a, b, c) in seen:
                continue
            for m in maps:
                x, y = sorted((m[a], m[b]))
                seen.add((x, y, m[c]))
                table[(x * 52 + y) * 52 + m[c]] = table[(y * 52 + x) * 52 + m[c]] = n
            n += 1
    return table


def enough_cards(game: str, hand: Sequence[int], board: Sequence[int], dead: Sequence[int]) -> None:
    """Refuse a decision whose deck cannot complete the board and deal the dealer two cards."""
    left = 52 - len({*hand, *board, *dead})
    needed = 5 - len(board) + 2
    if left < needed:
        raise InputError(f"{game}: {left} cards are left for the rest of the board and the dealer's two, "
                         f"who need {needed} (fewer --dead cards)")


def hand_of(holding: tuple[int, int]) -> str:
    """A starting hand's name (``AKs``, ``AKo``, ``AA``).

    >>> hand_of((48, 44)), hand_of((48, 45)), hand_of((0, 1))
    ('AKs', 'AKo', '22')
    """
    a, b = holding
    ranks = "23456789TJQKA"
    hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    if hi == lo:
        return ranks[hi] * 2
    return ranks[hi] + ranks[lo] + ("s" if a & 3 == b & 3 else "o")


def _orbit_view(found: Orbits) -> memoryview:
    return memoryview(found.table).cast("h")


def scaled(values: list[Fraction]) -> tuple[int, list[int]]:
    scale = lcm(*(v.denominator for v in values))
    return scale, [int(v * scale) for v in values]


def _check_size(counts: holdem.FlopCounts, coefficients: list[int], wagers: int = 0) -> None:
    # one situation's value is held in 64 bits by the kernels, and its sum over every flop of an orbit;
    # ``wagers``: what the wagers paid 1 to 1 add to a deal's value beside the coefficients (scaled)
    bound = (max(map(abs, coefficients), default=1) + wagers) * counts.completions * 2 * 22100 * 12
    if bound >= 2 ** 62:
        raise TooLarge("the paytable's common denominator is too large for the kernel's exact 64-bit values "
                       "(give pays with smaller denominators)")


# ---- Ultimate Texas Hold'em -----------------------------------------------------------------------

@dataclass(frozen=True)
class UltimateRules:
    """Ultimate Texas Hold'em as docs/holdem-games.md section 1 reads it: the Blind table (to one, on
    a win; unlisted hands push), Trips (the player's final hand; unlisted lose), the Play sizes
    preflop, at the flop and at the river, the dealer qualifier (rank of the least qualifying pair,
    None for none; it settles the Ante only) and the tie-break of equal values."""
    blind: tuple[tuple[Cat, Fraction], ...] = tuple(DEFAULT_BLIND.items())
    trips: tuple[tuple[Cat, Fraction], ...] = tuple(DEFAULT_TRIPS.items())
    preflop_multiples: tuple[int, ...] = (4, 3)
    flop_multiple: int = 2
    river_multiple: int = 1
    qualifier_pair: int | None = 0
    wager_more: bool = True
    # Trips units per Ante that a river fold forfeits (0: Trips survives a fold and no decision sees it)
    trips_forfeit: Fraction = Fraction(0)

    def blind_pay(self, category: int) -> Fraction:
        return dict(self.blind).get(Cat(category), Fraction(0))

    def trips_pay(self, category: int) -> Fraction:
        return dict(self.trips).get(Cat(category), Fraction(-1))

    @property
    def qualifier(self) -> int:
        return 0 if self.qualifier_pair is None else pair_qualifier(self.qualifier_pair)

    @property
    def blind_from(self) -> int:
        """The least category the kernel must keep river situations apart for: the least the Blind pays
        on, or a straight if that is higher (keeping more apart is exact too, and every table that pays
        from a straight up then shares one count)."""
        paying = min((c for c in range(N_CATEGORIES) if self.blind_pay(c) > 0), default=N_CATEGORIES)
        if self.trips_forfeit:
            # a fold then forfeits what Trips would pay: those river situations are decided with it too
            paying = min(paying, min((c for c in range(N_CATEGORIES) if self.trips_pay(c) > -1), default=paying))
        return min(paying, int(Cat.STRAIGHT))

    def fold_extra(self, category: int) -> Fraction:
        """What a river fold costs besides the Ante and the Blind, per Ante, with a final hand of
        ``category``: the Trips it forfeits (its pay, and its stake back), when a fold forfeits Trips."""
        return -self.trips_forfeit * (1 + self.trips_pay(category))

    def net(self, multiple: int, category: int, ending: int) -> Fraction:
        """Ante, Blind and a Play of ``multiple`` settled at an ending, per Ante."""
        ante = {Q_WIN: 1, Q_LOSE: -1}.get(ending, 0)
        blind = self.blind_pay(category) if ending in WIN_ENDINGS else Fraction(SIGN[ending])
        return multiple * SIGN[ending] + ante + blind

    def coefficients(self, multiple: int) -> list[Fraction]:
        return [self.net(multiple, c, e) for c in range(N_CATEGORIES) for e in range(SIX)]


class Counted:
    """What both games' solutions count: (holding, flop) situations, completions per situation, and
    the value of optimal play summed over every deal."""
    situations: int
    completions: int
    main_value: Fraction

    @property
    def deals(self) -> int:
        return self.situations * self.completions

    @property
    def expected_return(self) -> Fraction:
        return self.main_value / self.deals


@dataclass(frozen=True)
class UltimatePlay(Counted):
    """Optimal play counted over every deal.  Cells are 10 x 6 deal counts (category, ending); a path
    is a Play size made preflop (``preflop_cells[k]`` for ``rules.preflop_multiples[k]``), at the flop,
    at the river, or a river fold (``river_folds``: deals by the player's final category)."""
    rules: UltimateRules
    situations: int                              # (holding, flop) pairs
    completions: int                             # (turn and river, dealer holding) per situation
    preflop_choice: tuple[int, ...]              # per orbit: the Play size index, -1 a check
    orbit_values: tuple[tuple[Fraction, ...], ...]   # per orbit: each preflop size, then the check, per deal
    preflop_situations: tuple[int, ...]
    flop_situations: int
    checked_situations: int
    preflop_cells: tuple[tuple[tuple[int, ...], ...], ...]
    flop_cells: tuple[tuple[int, ...], ...]
    river_cells: tuple[tuple[int, ...], ...]
    river_folds: tuple[int, ...]
    equal_flop: int
    main_value: Fraction                         # Ante, Blind and Play summed over every deal (per Ante)
    # the flop decisions of the rounds checked preflop: [row][highest hole rank, A first] -> (checked,
    # played) situations (rows: FLOP_ROWS)
    flop_chart: tuple[tuple[tuple[int, int], ...], ...] = ()
    # every deal by the player's final category and the ending of the two hands, whatever was played
    # (a side bet that compares the hands even after a fold is settled on these)
    showdowns: tuple[tuple[int, ...], ...] = ()



SHARED_CHUNKS = 8             # the chunks of work shared out to workers or a cluster, unless told


@dataclass(frozen=True)
class Work:
    """How the exact count splits: ``chunks`` contiguous runs of the canonical flops, each counted and
    priced on its own (the chunks' integers sum to the whole's), run here, on ``workers`` local
    processes, or on the Dask cluster at ``scheduler``; a progress bar on a terminal.  In one process
    every chunk's counts are kept (another paytable reuses them) and the chunks share one record of
    the deck's boards (``_board_records``), so the count of chunks costs little (measured on the full
    deck: 1, 2 and 8 chunks 11.9, 10.4 and 11.2 s, 1.7 GB each); one process takes two by default, and
    work shared out eight (``Work.of``), so that workers finish together."""
    chunks: int = 2
    workers: int = 1
    scheduler: str | None = None

    @classmethod
    def of(cls, chunks: int | None, workers: int | None, scheduler: str | None) -> Work:
        """The split asked for: ``chunks`` as given, else two in this process and eight to share out."""
        workers = workers or 1
        shared = workers > 1 or bool(scheduler)
        return cls(chunks or (SHARED_CHUNKS if shared else cls.chunks), workers, scheduler or None)

    def __post_init__(self) -> None:
        if not 1 <= self.chunks <= 1755:
            raise InputError(f"chunks is 1 to 1755 (the canonical flops), got {self.chunks}")
        if self.workers < 1:
            raise InputError(f"workers is at least 1, got {self.workers}")


def _chunked(function: Callable[..., dict[str, Any]], args: tuple[Any, ...], work: Work, title: str
             ) -> dict[str, Any]:
    """Every chunk of ``function(*args, chunk, chunks)`` summed, array by array."""
    jobs = [(*args, chunk, work.chunks) for chunk in range(work.chunks)]
    progress = Progress(title, work.chunks)
    try:
        parts = run_chunks(function, jobs, work.workers, work.scheduler, lambda _: progress.step())
    finally:
        progress.done()
        _board_records.cache_clear()
    total: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key not in total:
                total[key] = list(value) if not isinstance(value, int) else value
            elif isinstance(value, int):
                total[key] += value
            else:
                total[key] = [x + y for x, y in zip(total[key], value, strict=True)]
    return total


@lru_cache(maxsize=1)
def _board_records(dead: tuple[int, ...], qualifier: int, game: str, river_multiple: int, blind_from: int,
                   wager_more: bool) -> holdem.BoardRecords:
    """The deck's boards recorded once for the chunks of one pass in this process (nearly every board
    lies under some flop of every chunk); one kept at a time, and let go when the pass ends
    (``_chunked``): it is the pass's largest table."""
    return holdem.board_records(dead, qualifier, game, river_multiple, blind_from, wager_more)


@cache
def ultimate_counts(dead: tuple[int, ...], qualifier: int, river_multiple: int, blind_from: int,
                    wager_more: bool, chunk: int = 0, chunks: int = 1) -> holdem.FlopCounts:
    """The kernel's counts of one chunk (kept: another paytable with the same least paying Blind hand
    reuses them)."""
    args = (dead, qualifier, "ultimate", river_multiple, blind_from, wager_more)
    return holdem.staged_counts(*args, chunk, chunks, _board_records(*args))


def _cells(flat: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(flat[c * SIX:(c + 1) * SIX]) for c in range(N_CATEGORIES))


@dataclass(frozen=True)
class UltimateCoefficients:
    """The pricing kernel's integers: every value times ``scale``, the least common denominator: the
    preflop Play's coefficients per size (on a situation's 60 cells), the flop Play's, the river
    Play's, a river fold per board and per deal, and what a fold costs besides, per deal, by final
    category."""
    scale: int
    preflop: list[list[int]]
    flop: list[int]
    river: list[int]
    fold_board: int
    fold_extra: list[int]
    fold_deal: int


def ultimate_coefficients(rules: UltimateRules, n_live: int) -> UltimateCoefficients:
    multiples = rules.preflop_multiples
    values = [v for m in (*multiples, rules.flop_multiple, rules.river_multiple) for v in rules.coefficients(m)]
    extras = [rules.fold_extra(c) for c in range(N_CATEGORIES)]
    scale, ints = scaled([*values, *extras, Fraction(-2)])
    k = len(multiples)
    pre = [ints[i * 60:(i + 1) * 60] for i in range(k)]
    rest = (k + 2) * 60
    return UltimateCoefficients(scale, pre, ints[k * 60:(k + 1) * 60], ints[(k + 1) * 60:rest],
                                ints[-1] * comb(n_live - 7, 2), ints[rest:rest + N_CATEGORIES], ints[-1])


@dataclass(frozen=True)
class SimpleStrategy:
    """A strategy a player can learn, instead of the optimal one: the starting hands (``AKs``, ``AKo``,
    ``AA``) that Play the largest preflop size (the others check), the flop decision by the flop
    chart's cell (``flop_rule``: FLOP_ROWS x 13 highest hole ranks, A first; 0 check, 1 Play, 2 the
    optimal choice) and the river Play with ``river_min`` or better (fold below; -1: optimal)."""
    name: str
    preflop: frozenset[str]
    flop_rule: bytes
    river_min: int


def ultimate_chunk(rules: UltimateRules, dead: tuple[int, ...], strategy: SimpleStrategy | None, chunk: int,
                   chunks: int, seen_card: bool = False, flop_played: bytearray | None = None) -> dict[str, Any]:
    """One chunk counted (kept in this process) and priced: its sums per starting hand orbit
    (``flop_played``: each situation's flop decision written there too, the chunk's flops x holdings)."""
    counts = ultimate_counts(dead, rules.qualifier, rules.river_multiple, rules.blind_from, rules.wager_more,
                             chunk, chunks)
    k = ultimate_coefficients(rules, counts.n_live)
    _check_size(counts, [*(x for row in k.preflop for x in row), *k.flop, *k.river, k.fold_board,
                         *(x * comb(counts.n_live - 7, 2) for x in k.fold_extra)])
    found: dict[str, Any] = holdem_price.ultimate_price(
        counts, _orbit_view(orbits(dead)), k.preflop, k.flop, k.river, k.fold_board, rules.wager_more,
        None if strategy is None else strategy.flop_rule, -1 if strategy is None else strategy.river_min,
        card_bins(dead) if seen_card else None, flop_played, k.fold_extra)
    return found


def seen_card_chunk(rules: UltimateRules, dead: tuple[int, ...], chunk: int, chunks: int) -> dict[str, Any]:
    """One chunk priced for a player who sees the first flop card before the preflop decision."""
    return ultimate_chunk(rules, dead, None, chunk, chunks, True)


def _code() -> tuple[str, ...]:
    """The files a kept solution depends on (core/solution_store): this module, the kernels, the suit maps."""
    return tuple(m.__file__ or "" for m in (sys.modules[__name__], holdem, holdem_price, holdem_counts))


def _strategy_key(strategy: SimpleStrategy | BonusStrategy | None) -> object:
    """What names a simple strategy in a kept solution: its fields, the starting hands sorted (a
    frozenset's order, and so its repr, changes from process to process)."""
    if strategy is None:
        return None
    return (type(strategy).__name__, *(sorted(v) if isinstance(v, frozenset) else v for v in astuple(strategy)))


def ultimate_play(rules: UltimateRules | None = None, dead: tuple[int, ...] = (), work: Work | None = None,
                  strategy: SimpleStrategy | None = None) -> UltimatePlay:
    """Ultimate Texas Hold'em played optimally at every stage over every deal of the deck without ``dead``
    (or by a simple ``strategy``); kept on disk for the next run (core/solution_store: every split of
    the work gives the same integers, so ``work`` is not part of what names it)."""
    rules = rules or UltimateRules()
    _check_rules(rules)
    dead = _dead_cards(dead)
    return kept("ultimate-texas-holdem", (rules, dead, _strategy_key(strategy)), _code(),
                lambda: _ultimate_play(rules, dead, work or Work(), strategy))


def _ultimate_play(rules: UltimateRules, dead: tuple[int, ...], work: Work, strategy: SimpleStrategy | None
                   ) -> UltimatePlay:
    found = orbits(dead)
    out = _chunked(ultimate_chunk, (rules, dead, strategy), work, "counting Ultimate Texas Hold'em")
    play = _reduced(rules, dead, out, found.sizes, strategy, found.representatives)
    _check_total(play)
    return play


def ultimate_seen_card(rules: UltimateRules | None = None, dead: tuple[int, ...] = (), work: Work | None = None
                       ) -> UltimatePlay:
    """Ultimate Texas Hold'em played optimally by a player who sees the first flop card before he
    decides preflop (issue 20, item 4): each (holding, flop) counted three times, once per flop card
    seen first, so the deals are three times the plain game's."""
    rules = rules or UltimateRules()
    work = work or Work()
    _check_rules(rules)
    dead = _dead_cards(dead)
    out = _chunked(seen_card_chunk, (rules, dead), work, "counting Ultimate Texas Hold'em, a flop card seen")
    bins = max(card_bins(dead)) + 1
    play = _reduced(rules, dead, out, (1,) * bins, None, None, views=3)
    _check_total(play)
    return play


def _check_rules(rules: UltimateRules) -> None:
    if any(v < 0 for _, v in rules.blind):
        raise InputError("a Blind pay is a win: it cannot be negative")
    if not 1 <= len(rules.preflop_multiples) <= 4:
        raise InputError("Ultimate Texas Hold'em has 1 to 4 preflop Play sizes")


def _reduced(rules: UltimateRules, dead: tuple[int, ...], out: dict[str, Any], sizes: Sequence[int],
             strategy: SimpleStrategy | None, representatives: Sequence[tuple[int, int]] | None,
             views: int = 1) -> UltimatePlay:
    """The preflop decision per bin (an orbit, or a holding with a flop card seen) and the paths it
    leads to, from the chunks' sums."""
    n = 52 - len(dead)
    coefficients = ultimate_coefficients(rules, n)
    scale = coefficients.scale
    multiples = rules.preflop_multiples
    k = len(multiples)
    completions = comb(n - 5, 2) * comb(n - 7, 2)
    per_holding = comb(n - 2, 3) * completions              # deals of one holding
    choice, orbit_values = [], []
    pre_cells = [[0] * 60 for _ in range(k)]
    flop_cells, river_cells, folds = [0] * 60, [0] * 60, [0] * N_CATEGORIES
    pre_sits, flop_sits, checked, main = [0] * k, 0, 0, 0
    chart = [0] * (len(FLOP_ROWS) * 13 * 2)
    every = [sum(out["cells"][x::60]) for x in range(60)]
    for o, size in enumerate(sizes):
        values = [*(out["preflop"][o * k + i] for i in range(k)), out["check"][o]]
        best = solver.best(values, [*multiples[:k], 0], rules.wager_more)
        if strategy is not None:
            largest = max(range(k), key=lambda i: multiples[i])
            assert representatives is not None
            best = largest if hand_of(representatives[o]) in strategy.preflop else k
        if views == 1:
            orbit_values.append(tuple(Fraction(v, scale * size * per_holding) for v in values))
        main += values[best]
        if best < k:
            choice.append(best)
            pre_sits[best] += out["situations"][o * 3]
            pre_cells[best] = [x + y for x, y in zip(pre_cells[best], out["cells"][o * 60:(o + 1) * 60], strict=True)]
            continue
        choice.append(-1)
        width = len(chart)
        chart = [x + y for x, y in zip(chart, out["flop_chart"][o * width:(o + 1) * width], strict=True)]
        flop_sits += out["situations"][o * 3 + 1]
        checked += out["situations"][o * 3 + 2]
        flop_cells = [x + y for x, y in zip(flop_cells, out["flop_cells"][o * 60:(o + 1) * 60], strict=True)]
        river_cells = [x + y for x, y in zip(river_cells, out["river_cells"][o * 60:(o + 1) * 60], strict=True)]
        folds = [x + y for x, y in zip(folds, out["river_folds"][o * 10:(o + 1) * 10], strict=True)]
    disjoint = comb(n - 7, 2)
    # the decisions saw what a fold forfeits besides (Trips): the main wager's value is without it
    main -= sum(f * disjoint * x for f, x in zip(folds, coefficients.fold_extra, strict=True))
    return UltimatePlay(
        rules, views * comb(n, 2) * comb(n - 2, 3), completions, tuple(choice), tuple(orbit_values), tuple(pre_sits),
        flop_sits, checked, tuple(_cells(c) for c in pre_cells), _cells(flop_cells), _cells(river_cells),
        tuple(f * disjoint for f in folds), out["equal"], Fraction(main, scale),
        tuple(tuple((chart[(r * 13 + c) * 2], chart[(r * 13 + c) * 2 + 1]) for c in range(13))
              for r in range(len(FLOP_ROWS))), _cells(every))


def _check_total(play: UltimatePlay) -> None:
    """The paths' deals sum to every deal, and their values to the kernel's optimum."""
    r = play.rules
    deals = sum(map(sum, (c for path in play.preflop_cells for c in path))) + sum(map(sum, play.flop_cells)) \
        + sum(map(sum, play.river_cells)) + sum(play.river_folds)
    if deals != play.deals:
        raise AssertionError(f"the paths hold {deals} deals, not {play.deals}")
    value = Fraction(0)
    for m, path in ((*zip(r.preflop_multiples, play.preflop_cells, strict=True), (r.flop_multiple, play.flop_cells),
                     (r.river_multiple, play.river_cells))):
        value += sum(r.net(m, c, e) * path[c][e] for c in range(N_CATEGORIES) for e in range(SIX))
    value -= 2 * sum(play.river_folds)
    if value != play.main_value:
        raise AssertionError(f"the paths are worth {value}, the optimum {play.main_value}")
    if sum(map(sum, play.showdowns)) != play.deals or tuple(map(sum, play.showdowns)) != ultimate_categories(play):
        raise AssertionError("the showdowns of every deal do not hold every deal by its final category")


def losing_hands(play: UltimatePlay) -> tuple[tuple[int, ...], int]:
    """Deals by the category of the lower of the two hands (the player's or the dealer's), and the
    deals the hands tie, whatever was played.  The showdowns count the player's losing hands; the
    dealer's are as many, category by category: exchanging the two holdings maps every deal the
    player loses with a hand onto one the dealer loses with it."""
    shown = play.showdowns
    return (tuple(2 * sum(shown[c][e] for e in LOSE_ENDINGS) for c in range(N_CATEGORIES)),
            sum(shown[c][e] for c in range(N_CATEGORIES) for e in TIE_ENDINGS))


def ultimate_categories(play: UltimatePlay) -> tuple[int, ...]:
    """Deals by the player's final category (whatever he did): what Trips is settled on."""
    out = list(play.river_folds)
    for path in (*play.preflop_cells, play.flop_cells, play.river_cells):
        for c in range(N_CATEGORIES):
            out[c] += sum(path[c])
    return tuple(out)


# ---- Texas Hold'em Bonus --------------------------------------------------------------------------

@dataclass(frozen=True)
class BonusRules:
    """Texas Hold'em Bonus as docs/holdem-games.md section 3 reads it: a win pays the Ante by ``ante``
    (to one, by the player's final hand; unlisted hands push it), by default 1 to 1 from ``ante_min``
    up (Las Vegas: a straight; Atlantic City: a flush); the Flop wager is ``flop_multiple`` Antes, the
    Turn and River wagers one each, all 1 to 1; no qualifier."""
    ante_min: Cat = Cat.STRAIGHT
    flop_multiple: int = 2
    wager_more: bool = True
    ante: tuple[tuple[Cat, Fraction], ...] | None = None

    def ante_pay(self, category: int) -> Fraction:
        """The Ante's pay on a win with a final hand of ``category``."""
        if self.ante is not None:
            return dict(self.ante).get(Cat(category), Fraction(0))
        return Fraction(1 if category >= self.ante_min else 0)

    def canonical(self) -> BonusRules:
        """The same rules with the Ante's pays written out hand by hand (``ante_min`` then plays no
        part), so that two ways of saying one paytable name one kept solution."""
        pays = tuple((Cat(c), self.ante_pay(c)) for c in range(len(Cat)) if self.ante_pay(c))
        return BonusRules(flop_multiple=self.flop_multiple, wager_more=self.wager_more, ante=pays)

    def net(self, flop: int, turn: int, river: int, category: int, ending: int) -> Fraction:
        """Every wager of a round played to the showdown, per Ante."""
        ante = self.ante_pay(category) if ending in WIN_ENDINGS else Fraction(SIGN[ending])
        return ante + (flop + turn + river) * SIGN[ending]


@dataclass(frozen=True)
class BonusPlay(Counted):
    """Optimal play counted over every deal, (turn, river) ordered.  ``played[t][r]``: the cells of the
    rounds played with (t) and without the Turn wager, (r) and without the River wager."""
    rules: BonusRules
    situations: int
    completions: int                             # ordered (turn, river) and dealer holding per situation
    raises: tuple[bool, ...]                     # per orbit: the Flop wager made
    orbit_values: tuple[tuple[Fraction, Fraction], ...]   # per orbit: the Flop wager's value, the fold's, per deal
    played: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    folded_situations: int
    played_situations: int
    turn_situations: int                         # (holding, flop) pairs with the Turn wager
    river_turns: int                             # (holding, flop, turn) triples with the River wager
    turn_cards: int                              # turn cards per situation
    equal_flop: int
    main_value: Fraction



@dataclass(frozen=True)
class BonusStrategy:
    """A Texas Hold'em Bonus strategy a player can learn: the starting hands (``AKs``, ``AKo``, ``AA``)
    that make the Flop wager (the others fold), the Turn wager by the flop chart's cell (``flop_rule``,
    as ``SimpleStrategy``'s) and the River wager by ``river`` (0 never, 1 always, -1 the optimal one:
    made when the hand wins more often than it loses over the river and the dealer's cards)."""
    name: str
    preflop: frozenset[str]
    flop_rule: bytes
    river: int


@cache
def bonus_counts(dead: tuple[int, ...], wager_more: bool, chunk: int = 0, chunks: int = 1) -> holdem.FlopCounts:
    args = (dead, 0, "bonus", 1, 0, wager_more)
    return holdem.staged_counts(*args, chunk, chunks, _board_records(*args))


def _bonus_coefficients(rules: BonusRules) -> tuple[int, list[int]]:
    ante = [rules.net(0, 0, 0, c, e) for c in range(N_CATEGORIES) for e in range(SIX)]
    return scaled(ante)


def bonus_chunk(rules: BonusRules, dead: tuple[int, ...], strategy: BonusStrategy | None, chunk: int, chunks: int,
                flop_played: bytearray | None = None) -> dict[str, Any]:
    """One chunk counted (kept in this process) and priced: its sums per starting hand orbit, under
    the optimal play or a simple ``strategy`` (``flop_played``: each situation's Turn wager written
    there too)."""
    counts = bonus_counts(dead, rules.wager_more, chunk, chunks)
    scale, ante = _bonus_coefficients(rules)
    _check_size(counts, ante, (rules.flop_multiple + 2) * scale)   # the Flop, Turn and River wagers
    found: dict[str, Any] = holdem_price.bonus_price(
        counts, _orbit_view(orbits(dead)), ante, rules.flop_multiple, rules.wager_more, flop_played, scale,
        None if strategy is None else strategy.flop_rule, -1 if strategy is None else strategy.river)
    return found


def bonus_play(rules: BonusRules | None = None, dead: tuple[int, ...] = (), work: Work | None = None,
               strategy: BonusStrategy | None = None) -> BonusPlay:
    """Texas Hold'em Bonus played optimally at every stage over every deal of the deck without ``dead``
    (or by a simple ``strategy``); kept on disk for the next run, as ``ultimate_play``."""
    rules = (rules or BonusRules()).canonical()
    dead = _dead_cards(dead)
    return kept("texas-holdem-bonus", (rules, dead, _strategy_key(strategy)), _code(),
                lambda: _bonus_play(rules, dead, work or Work(), strategy))


def _bonus_play(rules: BonusRules, dead: tuple[int, ...], work: Work, strategy: BonusStrategy | None) -> BonusPlay:
    found = orbits(dead)
    n = 52 - len(dead)
    scale = _bonus_coefficients(rules)[0]
    out = _chunked(bonus_chunk, (rules, dead, strategy), work, "counting Texas Hold'em Bonus")
    completions = 2 * comb(n - 5, 2) * comb(n - 7, 2)
    per_holding = comb(n - 2, 3) * completions
    raises, values = [], []
    played = [[[0] * 60 for _ in range(2)] for _ in range(2)]
    main = folded = situations = turns = rivers = 0
    for o, size in enumerate(found.sizes):
        fold = -scale * size * per_holding
        up = solver.takes(out["raise"][o], fold, rules.wager_more) if strategy is None else \
            hand_of(found.representatives[o]) in strategy.preflop
        raises.append(up)
        values.append((Fraction(out["raise"][o], scale * size * per_holding), Fraction(-1)))
        sits = out["situations"][o * 3:(o + 1) * 3]
        if not up:
            main += fold
            folded += sits[0]
            continue
        main += out["raise"][o]
        situations, turns, rivers = situations + sits[0], turns + sits[1], rivers + sits[2]
        for t in range(2):
            for v in range(2):
                base = (o * 4 + t * 2 + v) * 60
                played[t][v] = [x + y for x, y in zip(played[t][v], out["played"][base:base + 60], strict=True)]
    play = BonusPlay(rules, comb(n, 2) * comb(n - 2, 3), completions, tuple(raises), tuple(values),
                     tuple(tuple(_cells(played[t][v]) for v in range(2)) for t in range(2)), folded, situations,
                     turns, rivers, n - 5, out["equal"], Fraction(main, scale))
    _check_bonus_total(play)
    return play


def _check_bonus_total(play: BonusPlay) -> None:
    r = play.rules
    deals = sum(sum(map(sum, play.played[t][v])) for t in range(2) for v in range(2)) \
        + play.folded_situations * play.completions
    if deals != play.deals:
        raise AssertionError(f"the paths hold {deals} deals, not {play.deals}")
    value = Fraction(-play.folded_situations * play.completions)
    for t in range(2):
        for v in range(2):
            cells = play.played[t][v]
            value += sum(r.net(r.flop_multiple, t, v, c, e) * cells[c][e] for c in range(N_CATEGORIES)
                         for e in range(SIX))
    if value != play.main_value:
        raise AssertionError(f"the paths are worth {value}, the optimum {play.main_value}")
