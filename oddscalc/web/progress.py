"""A long task's progress as a worker process hears of it.

The API draws a long run's progress as a bar on stderr, and only on a terminal
(:mod:`oddscalc.core.progress_bar`: a par sheet's steps, a simulation's rounds).  A worker runs
one task at a time in a process of its own, so its stderr can be a :class:`Tap`: a stream that
says it is a terminal, reads the fraction done off each bar it is drawn (tqdm's ``NN%|``), and
passes everything else on to the real stderr.  Tasks that are a series of API calls (a sweep's
payouts) report their own steps through the same callback.

>>> heard = []
>>> tap = Tap(lambda done, label: heard.append((done, label)), None)
>>> _ = tap.write("\\rsweeping payouts:  45%|####5     | 9/20 [00:03<00:04]")
>>> heard
[(0.45, 'sweeping payouts')]
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import TextIO

# what the bar prints: "label:  45%|" (tqdm's default l_bar)
BAR = re.compile(r"(?:^|\r)\s*(?P<label>[^\r\n]*?):?\s+(?P<percent>\d{1,3})%\|")

Heard = Callable[[float | None, str], None]       # (fraction done or None when unknown, what is running)


class Tap(io.TextIOBase):
    """A stream that hears progress bars (``heard(fraction, label)``) and passes other text to
    ``passed`` (None: drops it)."""

    def __init__(self, heard: Heard, passed: TextIO | None):
        super().__init__()
        self.heard, self.passed = heard, passed

    def isatty(self) -> bool:
        return True            # so the API draws its bar here (it draws only on a terminal)

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        bars = list(BAR.finditer(text))
        if bars:
            found = bars[-1]            # several bars in one write: the latest is the news
            self.heard(min(int(found.group("percent")), 100) / 100, found.group("label").strip())
        elif text.strip(" \r\n\x1b[A") and self.passed is not None:
            self.passed.write(text)
            self.passed.flush()
        return len(text)

    def flush(self) -> None:
        return None
