"""What seeing more is worth: the exposure analysis of any engine that prices it.

Exact where the engine's counting fits (``Engine.exposure``); otherwise an estimate: situations
drawn at random and each priced exactly over every dealer completion, and only the *gain* over the
no-information strategy sampled (the plain return is known exactly), which shrinks the variance.

The samples run in seeded chunks: chunk i of seed s is the same whoever runs it, and the chunks are
combined in order, so a seed gives the same estimate on one process, on N local processes or on a
Dask cluster (``scheduler``: its address, with the optional ``[distributed]`` extra installed).
The first chunk runs here and times the rest, so the work is sized before most of it starts.

>>> from oddscalc.engines.base import Seen, load
>>> estimate = analyze_exposure(load("caribbean-stud"), Seen(dealer_cards=1, boxes=1), samples=400, seed=7)
>>> estimate.exact, estimate.samples, estimate.gain > 0
(False, 400, True)
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.parallel import default_workers, run_chunks
from oddscalc.core.progress_bar import Progress
from oddscalc.engines.base import EXACT, EXPOSURE, Exposes, Exposure, GainSample, Seen

CHUNK = 250                   # situations per chunk: the unit of work a worker takes
# (a family whose situations take a good part of a second says fewer: ``exposure_chunk_situations``,
# so the first chunk, which times the run, is quick)
DEFAULT_SAMPLES = 20_000
MAX_SAMPLES = 10 ** 9
# what a family prices unless it says otherwise (``exposure_prices``): the dealer-hand families'
# dimensions, declared before community cards could be seen
DEALER_HAND_PRICES = frozenset({"dealer_cards", "boxes", "sorted_ranks"})
# how each dimension is asked for, in the API's words (the command line renames them)
ASKED_AS = {"dealer_cards": "dealer_cards=K", "boxes": "boxes=K", "board_cards": "board_cards=K",
            "sorted_ranks": "sorted_ranks=RANKS", "sorted_classes": "sorted_ranks=CLASSES ('A|K Q J')"}


def priced(family: Exposes) -> frozenset[str]:
    """The dimensions of :class:`Seen` a family prices: its ``exposure_prices``, else the dealer
    hand's."""
    declared: frozenset[str] = getattr(family, "exposure_prices", DEALER_HAND_PRICES)
    return declared


def refuse_unpriced(table: GameTable, family: Exposes, seen: Seen) -> None:
    """One line for a dimension the table's family does not price, rather than ignoring it.

    >>> from oddscalc.engines.base import load
    >>> table = load("mississippi-stud")
    >>> try:
    ...     refuse_unpriced(table, EXPOSURE.of(table), Seen(dealer_cards=2))
    ... except InputError as error:
    ...     print(error)
    dealer_cards=K is not priced for mississippi-stud (its family prices board_cards=K, sorted_ranks=RANKS or CLASSES)
    """
    prices = priced(family)
    for name in seen.given():
        if name not in prices:
            raise InputError(f"{ASKED_AS[name]} is not priced for {table.name} (its family prices {offer(prices)})")


def offer(prices: frozenset[str]) -> str:
    """The dimensions a family prices, as a refusal lists them (sorted classes beside the sorted set).

    >>> offer(frozenset({"dealer_cards", "sorted_ranks", "sorted_classes"}))
    'dealer_cards=K, sorted_ranks=RANKS or CLASSES'
    """
    return ", ".join(ASKED_AS[n] + (" or CLASSES" if n == "sorted_ranks" and "sorted_classes" in prices else "")
                     for n in ASKED_AS if n in prices and n != "sorted_classes")


def run_chunk(table: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """One chunk, priced by the table's engine (a module-level function, so it pickles to a worker)."""
    return EXPOSURE.of(table).exposure_chunk(table, seen, seed, chunk, size)


def chunk_sizes(samples: int, chunk: int = CHUNK) -> list[int]:
    """How many situations each chunk prices.

    >>> chunk_sizes(600, 250)
    [250, 250, 100]
    """
    return [min(chunk, samples - start) for start in range(0, samples, chunk)]


def combine(samples: Sequence[GainSample]) -> tuple[Fraction, float, int]:
    """Mean gain (exact over the samples drawn), its standard error, and the number of samples.

    >>> mean, std_error, n = combine([GainSample(1, 0, (0, 2, 4), 2)])
    >>> mean, round(std_error, 6), n
    (Fraction(1, 1), 0.57735, 3)
    >>> combine([GainSample(1, 0, (0, 2), 2), GainSample(1, 1, (4,), 2)])[0]   # over 2 and over 2: 1
    Fraction(1, 1)
    >>> combine([GainSample(1, 0, (0, 1), 1), GainSample(1, 1, (6,), 3)])[0]   # 0, 1 and 2: 1
    Fraction(1, 1)
    """
    # chunks may count over different denominators (a read's situations differ in their deals): one
    # common denominator keeps every gain exact
    denominator = math.lcm(*(s.denominator for s in samples))
    values = [n * (denominator // s.denominator) for s in sorted(samples, key=lambda s: s.chunk) for n in s.numerators]
    n, total = len(values), sum(values)
    mean = Fraction(total, n * denominator)
    if n < 2:
        return mean, math.inf, n
    variance = Fraction(sum(v * v for v in values) * n - total * total, n * (n - 1)) / denominator ** 2
    return mean, math.sqrt(variance / n), n


def sampled_on_request(family: Exposes, seen: Seen) -> bool:
    """Whether ``seen`` is a case the family counts exactly but at length, and samples when a sample
    size is given (its ``exposure_sampled_on_request``: the dimensions asked for, as
    :meth:`Seen.given` names them; none unless it says so).

    >>> from oddscalc.engines.base import load
    >>> sampled_on_request(EXPOSURE.of(load("ultimate-texas-holdem")), Seen(dealer_cards=2))
    True
    >>> sampled_on_request(EXPOSURE.of(load("caribbean-stud")), Seen(dealer_cards=3))
    False
    """
    cases: frozenset[tuple[str, ...]] = getattr(family, "exposure_sampled_on_request", frozenset())
    return seen.given() in cases


def analyze_exposure(table: GameTable, seen: Seen, samples: int | None = None, seed: int = 1,
                     workers: int | None = None, scheduler: str | None = None) -> Exposure:
    """The exposure analysis of ``table`` when the player also sees ``seen``: exact if the engine
    counts it (an exact count that splits into chunks runs them on ``workers`` or at ``scheduler``
    when given), else an estimate from ``samples`` situations (default :data:`DEFAULT_SAMPLES`) in
    seeded chunks (on ``workers`` local processes, one per core by default, or on the Dask cluster
    at ``scheduler``).  A case counted exactly only at length is estimated when ``samples`` is given."""
    family = EXPOSURE.of(table)
    refuse_unpriced(table, family, seen)
    # an exact count runs here unless workers or a scheduler are asked for: its kernels use every core
    exact = None if samples is not None and sampled_on_request(family, seen) else \
        family.exposure(table, seen, workers, scheduler)
    if exact is not None:
        return exact
    samples = DEFAULT_SAMPLES if samples is None else samples
    baseline = EXACT.of(table).analyze(table)      # counted before the first chunk times the rest
    workers = default_workers() if workers is None else workers
    if not 2 <= samples <= MAX_SAMPLES:
        raise InputError(f"--samples must be between 2 and {MAX_SAMPLES}, got {samples}")
    if not 0 <= seed < 2 ** 64:
        raise InputError(f"--seed must be between 0 and 2**64 - 1, got {seed}")
    sizes = chunk_sizes(samples, getattr(family, "exposure_chunk_situations", CHUNK))
    progress = Progress(f"pricing {samples:,} situations", samples)
    try:
        start = time.perf_counter()
        results = [run_chunk(table, seen, seed, 0, sizes[0])]
        progress.step(sizes[0])
        per_sample = (time.perf_counter() - start) / sizes[0]
        if scheduler is None:          # a cluster's time is not this machine's: its size is unknown here
            Limits.resolve().check(f"pricing {samples:,} sampled situations", seconds=per_sample * samples
                                   / max(1, workers), memory=0)
        jobs = [(table, seen, seed, chunk, sizes[chunk]) for chunk in range(1, len(sizes))]
        results += run_chunks(run_chunk, jobs, workers, scheduler,
                              lambda result: progress.step(len(result.numerators)))
    finally:
        progress.done()
    mean, std_error, n = combine(results)
    return Exposure(seen.text(), baseline, mean, None, std_error, n, seed)
