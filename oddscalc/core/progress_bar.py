"""Progress of long runs on stderr, drawn by tqdm: only when stderr is a terminal, and only once a
run passes a delay (one second), so pipes, files, tests and short runs print nothing.

The same small API wherever work can run long (a simulator's rounds, an exact N-round convolution,
a sampler's samples, a par sheet's steps): ``step(n)`` as work is done, ``done()`` at the end (or
use it as a context manager).

A bar is a courtesy: a terminal that goes away (a closed window, a full or broken stream) stops
the bar, never the work, and no error escapes from it (tqdm's own monitor thread included).

>>> with Progress("demo", 3) as progress:
...     progress.step()
...     progress.step(2)
"""
from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from tqdm import tqdm


def on_terminal(stream: TextIO) -> bool:
    """Whether a stream is an interactive terminal (a closed or odd stream is not).

    >>> import io
    >>> on_terminal(io.StringIO())
    False
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class _Guarded:
    """A stream for tqdm whose writes never raise: the first failure marks it broken, and nothing
    is written after it."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self.stream.write(text)
            except (OSError, ValueError):     # ValueError: the stream was closed
                self.broken = True
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self.broken = True

    def __getattr__(self, name: str) -> Any:      # fileno, encoding, isatty ...: the stream's
        return getattr(self.stream, name)


class Progress:
    """A progress bar of ``steps`` units of work: drawn only on a terminal, after ``delay`` seconds."""

    def __init__(self, label: str, steps: float, stream: TextIO | None = None, delay: float = 1.0,
                 unit: str = "it"):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = on_terminal(self.stream)
        self.bar: tqdm[Any] | None = None
        if self.enabled:
            # imported only for a terminal: tqdm costs a thirtieth of a second at every start
            from tqdm import tqdm as drawn_bar
            self.guarded = _Guarded(self.stream)
            try:
                self.bar = drawn_bar(total=steps, desc=label, file=self.guarded, delay=delay, leave=False,
                                     unit=unit, unit_scale=True, dynamic_ncols=True)
            except (OSError, ValueError):
                self.bar = None

    def _check(self) -> None:
        """Stop drawing once the stream has failed (tqdm is told so it writes nothing more)."""
        if self.bar is not None and self.guarded.broken:
            self.bar.disable = True
            self.bar = None

    def resize(self, steps: float, unit: str | None = None) -> None:
        """Change the amount of work (and its unit) once it is known."""
        if self.bar is not None:
            self.bar.total = steps
            if unit is not None:
                self.bar.unit = unit

    def step(self, count: float = 1) -> None:
        """Record finished work (the bar redraws itself at most a few times a second)."""
        if self.bar is not None:
            self.bar.update(count)
            self._check()

    def done(self) -> None:
        """Clear the bar if it was drawn."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.done()
