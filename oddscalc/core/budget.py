"""One place that sizes work before it starts: refuse, in one line, what would run for hours or
exhaust memory, naming the limit and how to raise it.

Limits come from the environment so a lab with a bigger machine can raise them without code:
``ODDSCALC_MAX_SECONDS`` (default 600) and ``ODDSCALC_MAX_MEMORY_MB`` (default 2048).

>>> check_work("simulate", seconds=1.0, memory_mb=10)
>>> check_work("simulate", seconds=10 ** 6)
Traceback (most recent call last):
oddscalc.core.errors.InputError: simulate would take about 11.6 days, over the limit of 10 minutes (set ...)
"""
from __future__ import annotations

import os

from oddscalc.core.errors import InputError

DEFAULT_SECONDS = 600
DEFAULT_MEMORY_MB = 2048


def _limit(name: str, default: int) -> int:
    text = os.environ.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else default


def max_seconds() -> int:
    """The time one command may take, in seconds."""
    return _limit("ODDSCALC_MAX_SECONDS", DEFAULT_SECONDS)


def max_memory_mb() -> int:
    """The memory one command may use, in MB."""
    return _limit("ODDSCALC_MAX_MEMORY_MB", DEFAULT_MEMORY_MB)


def duration_text(seconds: float) -> str:
    """A duration as people say it.

    >>> duration_text(42), duration_text(7200), duration_text(3 * 86400)
    ('42 seconds', '2.0 hours', '3.0 days')
    """
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:.1f} days"


def check_work(what: str, seconds: float = 0.0, memory_mb: float = 0.0) -> None:
    """Refuse work whose estimated time or memory is over the limits."""
    if seconds > max_seconds():
        raise InputError(f"{what} would take about {duration_text(seconds)}, over the limit of "
                         f"{duration_text(max_seconds())} (set ODDSCALC_MAX_SECONDS to raise it)")
    if memory_mb > max_memory_mb():
        raise InputError(f"{what} would need about {memory_mb:,.0f} MB of memory, over the limit of "
                         f"{max_memory_mb():,} MB (set ODDSCALC_MAX_MEMORY_MB to raise it)")
