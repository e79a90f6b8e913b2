"""What ``oddscalc serve`` was given: where it listens, the one folder it may touch, how much work
it takes on.  Defaults are safe: the local address only, the command line's work limits."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from oddscalc.core.budget import Limits

LOCAL = "127.0.0.1"
PORT = 8765
MAX_BODY = 256 * 1024          # a request body: a game file is the largest thing a page sends
MAX_JOBS = 16                  # long tasks waiting or running at once; more are refused, not queued
QUICK_THREADS = 2              # analyses answered in the server process at once (two cores)
WARM = ("caribbean-stud",)     # games whose counts are made at start, so the first change is quick


@dataclass(frozen=True)
class Settings:
    """The server's settings.  ``folder``: the only folder game files are read from and exports
    written to; ``workers``: processes for long tasks; ``limits``: the command line's
    ``--max-seconds``/``--max-memory`` (a task's estimate is refused beyond them, and a task still
    running past ``limits.seconds`` is stopped)."""
    host: str = LOCAL
    port: int = PORT
    folder: Path = field(default_factory=lambda: Path(os.getcwd()))
    workers: int = 1
    limits: Limits = field(default_factory=Limits.resolve)
    max_body: int = MAX_BODY
    max_jobs: int = MAX_JOBS
    quick_threads: int = QUICK_THREADS
    warm: tuple[str, ...] = WARM

    def environment(self) -> dict[str, str]:
        """The limits as a worker process reads them (the API sizes its work from these)."""
        # written as exact rationals: the one number parser reads them back as the command line would
        return {"ODDSCALC_MAX_SECONDS": str(Fraction(self.limits.seconds).limit_denominator(1000)),
                "ODDSCALC_MAX_MEMORY_MB": str(Fraction(self.limits.memory_mb).limit_denominator(1000))}
