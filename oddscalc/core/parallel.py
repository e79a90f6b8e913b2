"""Seeded chunks of sampling work, run here, on local worker processes or on a Dask cluster.

An estimate is split into chunks whose random streams depend only on (seed, chunk), so its
result for a seed is the same however many workers ran the chunks: the caller combines the
chunks' results in chunk order.  Scale-out goes through an existing engine: local processes
(``concurrent.futures``) by default, or Dask's ``distributed`` when given a scheduler's address.

>>> chunk_seed(1, 0) != chunk_seed(1, 1) != chunk_seed(2, 0)
True
>>> run_chunks(pow, [(2, 3), (3, 2)], workers=1)
[8, 9]
"""
from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from oddscalc.core.budget import Limits
from oddscalc.core.errors import InputError
from oddscalc.core.progress_bar import Progress

R = TypeVar("R")
# how a refused exact count may still run: what the refusal of counted_in_chunks adds by default
SPREAD_ADVICE = " (or spread the chunks with --workers 2 or more, or a Dask --scheduler)"


def default_workers() -> int:
    """Local worker processes when none are asked for: one per core."""
    return max(1, os.cpu_count() or 1)


def chunk_seed(seed: int, chunk: int) -> int:
    """A 64-bit seed for chunk ``chunk`` of a run seeded ``seed`` (the same in every process).

    >>> chunk_seed(7, 3)
    5748252727059225960
    """
    # imported here: it loads OpenSSL, several milliseconds of every start that samples nothing
    import hashlib
    digest = hashlib.blake2b(f"oddscalc:{seed}:{chunk}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def run_chunks(function: Callable[..., R], jobs: Sequence[tuple[Any, ...]], workers: int = 1,
               scheduler: str | None = None, step: Callable[[R], None] | None = None) -> list[R]:
    """``function(*job)`` for every job, in job order; ``step`` sees each result as it arrives.

    ``function`` must be a module-level function (it is pickled to the workers)."""
    if scheduler is not None:
        return _on_dask(function, jobs, scheduler, step)
    if workers > 1 and len(jobs) > 1:
        # imported here: multiprocessing costs a twentieth of a second at every start of a command
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # fresh worker processes (spawn), never forks: a fork of a process whose OpenMP kernels have
        # run (libgomp keeps its thread pool) hangs at the child's first parallel loop
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context) as pool:
            results = []
            for result in pool.map(function, *zip(*jobs, strict=True)):
                results.append(result)
                if step is not None:
                    step(result)
            return results
    results = []
    for job in jobs:
        result = function(*job)
        results.append(result)
        if step is not None:
            step(result)
    return results


def counted_in_chunks(function: Callable[..., R], jobs: Sequence[tuple[Any, ...]], workers: int | None,
                      scheduler: str | None, what: str, units: Callable[[tuple[Any, ...]], int],
                      advice: str = SPREAD_ADVICE) -> list[R]:
    """An exact count split into ``jobs`` (``function(*job)`` each, in job order), ``units(job)`` units
    of work each: the first job runs here and is timed, the time of the rest (on ``workers`` local
    processes, or at ``scheduler``, whose size is not known here and so not checked) is checked
    against the time limit before it starts (``advice`` ends the refusal), and a progress bar
    counts the units on a terminal.

    >>> counted_in_chunks(pow, [(2, 3), (3, 2)], None, None, "powers", lambda job: 1)
    [8, 9]
    """
    total = sum(units(job) for job in jobs)
    progress = Progress(what, total)
    try:
        start = time.perf_counter()
        results = [function(*jobs[0])]
        first = units(jobs[0])
        progress.step(first)
        if scheduler is None and total > first:
            per_unit = (time.perf_counter() - start) / max(1, first)
            Limits.resolve().check(what + " exactly", seconds=per_unit * (total - first) / max(1, workers or 1),
                                   memory=0, advice=advice)
        rest = iter(jobs[1:])                   # the results come back in job order
        results += run_chunks(function, jobs[1:], workers or 1, scheduler,
                              lambda result: progress.step(units(next(rest))))
    finally:
        progress.done()
    return results


def scheduler_timeout() -> float:
    """Seconds to wait for a Dask scheduler to answer before one line says it cannot be reached:
    ``ODDSCALC_SCHEDULER_TIMEOUT``, 10 by default.

    >>> scheduler_timeout()
    10.0
    """
    given = os.environ.get("ODDSCALC_SCHEDULER_TIMEOUT", "10")
    try:
        seconds = float(given)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise InputError(f"ODDSCALC_SCHEDULER_TIMEOUT={given!r}: give the seconds to wait for a scheduler, "
                         "more than 0 and at most 3600")
    return seconds


def _on_dask(function: Callable[..., R], jobs: Sequence[tuple[Any, ...]], scheduler: str,
             step: Callable[[R], None] | None) -> list[R]:
    timeout = scheduler_timeout()            # a bad setting is refused before Dask is imported
    try:
        # an optional dependency, untyped: held as Any
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise InputError("--scheduler needs Dask's distributed, which is not installed: "
                         "pip install 'oddscalc[distributed]'") from None
    try:
        client = distributed.Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"--scheduler {scheduler}: cannot reach the Dask scheduler: {error}") from None
    try:
        futures = [client.submit(function, *job, pure=False) for job in jobs]
        results = []
        for future in futures:                  # in job order; each waits for its own chunk
            result = future.result()
            results.append(result)
            if step is not None:
                step(result)
        return results
    finally:
        client.close()
