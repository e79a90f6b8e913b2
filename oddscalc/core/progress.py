"""Progress on stderr for long runs: only when stderr is a terminal and after one second.

>>> p = Progress("demo", 3); p.step(); p.done()
"""
from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """A quiet progress line: shown only on a terminal, and only once a run passes one second."""

    def __init__(self, label: str, steps: int, stream: TextIO | None = None, delay: float = 1.0):
        self.label, self.steps, self.done_steps = label, steps, 0
        self.stream = stream or sys.stderr
        self.start, self.delay, self.shown = time.monotonic(), delay, False
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()

    def step(self, count: int = 1) -> None:
        """Record finished steps and redraw the line when it is due."""
        self.done_steps += count
        if self.enabled and time.monotonic() - self.start > self.delay:
            self.shown = True
            self.stream.write(f"\r{self.label}: {self.done_steps}/{self.steps}")
            self.stream.flush()

    def done(self) -> None:
        """Clear the line if it was shown."""
        if self.shown:
            self.stream.write("\r" + " " * (len(self.label) + 24) + "\r")
            self.stream.flush()
