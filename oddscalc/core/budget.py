"""One place that sizes work before it starts: refuse, in one line, what would run for hours or
exhaust memory, naming the limit and how to raise it.

Every command that can run long estimates its time and peak memory from its input first (the
simulator from its rounds, the N-round distribution from its support and digits, a sampler from
its samples) and asks :class:`Limits` whether that fits.  The limits come from the command line
(``--max-memory``, ``--max-seconds`` where a command offers them), else the environment
(``ODDSCALC_MAX_MEMORY_MB``, ``ODDSCALC_MAX_SECONDS``), else the defaults below, so a lab with a
bigger machine raises them without code.

>>> Limits(100, 10).within(seconds=1, memory=10 ** 6)
True
>>> Limits.resolve(environ={}).check("simulating 10 rounds", seconds=10 ** 6, memory=0)
Traceback (most recent call last):
...
oddscalc.core.errors.InputError: simulating 10 rounds needs about 12 days: beyond the time limit ...
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_exact, ratio_text

MEMORY_ENV, SECONDS_ENV = "ODDSCALC_MAX_MEMORY_MB", "ODDSCALC_MAX_SECONDS"
DEFAULT_MEMORY_MB, DEFAULT_SECONDS = 2048, 300

# the limits one command line sets (--max-memory, --max-seconds), for every sizing it reaches
_OVERRIDE: ContextVar[tuple[float | None, float | None]] = ContextVar("limits", default=(None, None))


def override(memory_mb: float | None, seconds: float | None) -> None:
    """Set the limits of the current command (inside a :func:`scope`)."""
    _OVERRIDE.set((memory_mb, seconds))


@contextmanager
def scope() -> Iterator[None]:
    """Run one command: the limits it overrides end with it.

    >>> with scope():
    ...     override(None, 7)
    ...     Limits.resolve(environ={}).seconds
    7.0
    >>> Limits.resolve(environ={}).seconds
    300.0
    """
    token = _OVERRIDE.set(_OVERRIDE.get())
    try:
        yield
    finally:
        _OVERRIDE.reset(token)


@dataclass(frozen=True)
class Limits:
    """The largest estimated work allowed: peak memory in MB and time in seconds."""
    memory_mb: float = DEFAULT_MEMORY_MB
    seconds: float = DEFAULT_SECONDS

    @classmethod
    def resolve(cls, memory_mb: float | None = None, seconds: float | None = None,
                environ: Mapping[str, str] = os.environ) -> Limits:
        """The values given, else the command line's (:func:`override`), else the environment's,
        else the defaults.

        >>> Limits.resolve(seconds=5, environ={"ODDSCALC_MAX_MEMORY_MB": "100"})
        Limits(memory_mb=100.0, seconds=5.0)
        """
        given_memory, given_seconds = _OVERRIDE.get()
        memory_mb = memory_mb if memory_mb is not None else given_memory
        seconds = seconds if seconds is not None else given_seconds
        memory = _limit(memory_mb, environ.get(MEMORY_ENV), DEFAULT_MEMORY_MB, "--max-memory", MEMORY_ENV)
        time = _limit(seconds, environ.get(SECONDS_ENV), DEFAULT_SECONDS, "--max-seconds", SECONDS_ENV)
        return cls(memory, time)

    def check(self, what: str, seconds: float, memory: float, advice: str = "") -> None:
        """Refuse (one line) work whose estimate is beyond a limit; ``memory`` in bytes.

        >>> Limits(100, 10).check("the job", 1, 10 ** 9)
        Traceback (most recent call last):
        ...
        oddscalc.core.errors.InputError: the job needs about 1,000 MB and 1 s: beyond the memory limit \
of 100 MB (raise it with --max-memory MB or ODDSCALC_MAX_MEMORY_MB)
        """
        over = []
        if memory > self.memory_mb * 1e6:
            over.append(f"the memory limit of {self.memory_mb:,.0f} MB (raise it with --max-memory MB or {MEMORY_ENV})")
        if seconds > self.seconds:
            over.append(f"the time limit of {self.seconds:,.0f} s (raise it with --max-seconds S or {SECONDS_ENV})")
        if over:
            needs = f"{_size_text(memory)} and {_time_text(seconds)}" if memory else _time_text(seconds)
            raise InputError(f"{what} needs about {needs}: beyond {' and '.join(over)}{advice}")

    def within(self, seconds: float, memory: float) -> bool:
        return seconds <= self.seconds and memory <= self.memory_mb * 1e6


def parse_limit(value: object, name: str) -> float:
    """A limit (``--max-memory`` MB, ``--max-seconds`` S, or the environment's): a positive number
    read by the one exact-number parser, so every source refuses what the others refuse (``0``,
    ``-1``, ``inf``, ``３００``); 0 is refused, not read as "unlimited".

    >>> parse_limit("300", "--max-seconds"), parse_limit("1/2", "--max-seconds")
    (300.0, 0.5)
    >>> parse_limit("0", "--max-seconds")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --max-seconds must be a positive number, got 0 (0 does not mean unlimited: ...
    >>> parse_limit("٣٠٠", "ODDSCALC_MAX_SECONDS")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: ODDSCALC_MAX_SECONDS: '٣٠٠' is not a number (use the ASCII digits 0-9; ...)
    """
    number = parse_exact(value, name, negative=True)
    if number < 0:
        raise InputError(f"{name}: negative value {ratio_text(number)} (a limit must be a positive number)")
    if number == 0:
        raise InputError(f"{name} must be a positive number, got 0 (0 does not mean unlimited: give the largest "
                         "value you allow)")
    return float(number)


def _limit(given: float | None, environ_text: str | None, default: float, option: str, variable: str) -> float:
    if given is not None:
        return parse_limit(given, option)
    if environ_text is not None:
        return parse_limit(environ_text, variable)
    return float(default)


def _size_text(size: float) -> str:
    """A size in bytes as MB or GB.

    >>> _size_text(3.2e6), _size_text(4.1e10)
    ('3 MB', '41 GB')
    """
    return f"{size / 1e9:,.0f} GB" if size >= 1e10 else f"{size / 1e6:,.0f} MB"


def _time_text(seconds: float) -> str:
    """A time in seconds as seconds or days.

    >>> _time_text(0.04), _time_text(75), _time_text(1e6)
    ('0.04 s', '75 s', '12 days')
    """
    if seconds >= 2 * 86400:
        return f"{seconds / 86400:,.0f} days"
    return f"{seconds:,.0f} s" if seconds >= 1 else f"{seconds:.2f} s"
