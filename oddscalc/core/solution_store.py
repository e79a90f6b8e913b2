"""Exact solutions kept on disk between runs, so that a count of many seconds is made once per machine.

The Hold'em games' full solution takes 20-40 s (every deal counted); ``decide`` before the flop and
``analyze`` need it whole.  A solution is a pure function of what the caller names in ``key`` (the
typed rules, the dead cards, the strategy) and of the code that computes it (``code``: the files of
the modules, kernels included, whose bytes are hashed into the name), so a stored one is exactly what
a new count would give; any change of rules or code names another file.  Nothing is stored but what
this project computed, on this machine, in an earlier run.

Where: ``$ODDSCALC_CACHE`` (a directory; ``off`` keeps nothing, as the test suite sets), else
``$XDG_CACHE_HOME/oddscalc``, else ``~/.cache/oddscalc``.  A file that cannot be read or written is
ignored: the solution is computed as if nothing were kept.
"""
from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

from oddscalc.core.version import __version__

T = TypeVar("T")
OFF = ("off", "0", "no", "false")


def store_dir() -> Path | None:
    """The directory solutions are kept in, or None when keeping is off."""
    given = os.environ.get("ODDSCALC_CACHE")
    if given is not None:
        return None if given.strip().lower() in OFF or not given.strip() else Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "oddscalc"


@cache
def _code_digest(files: tuple[str, ...]) -> str:
    # imported here: hashlib loads OpenSSL, milliseconds of every start that keeps nothing
    import hashlib
    digest = hashlib.sha256(__version__.encode())
    for name in files:
        digest.update(Path(name).read_bytes())
    return digest.hexdigest()


def _name(kind: str, key: object, code: Sequence[str]) -> str:
    import hashlib
    digest = hashlib.sha256(_code_digest(tuple(code)).encode())
    digest.update(repr(key).encode())
    return f"{kind}-{digest.hexdigest()[:32]}.pickle"


def kept(kind: str, key: object, code: Sequence[str], compute: Callable[[], T]) -> T:
    """The solution of ``key`` (its ``repr`` names it, with the ``code`` files' bytes): read from the
    store when an earlier run kept it, else computed and kept."""
    where = store_dir()
    if where is None:
        return compute()
    path = where / _name(kind, key, code)
    try:
        with path.open("rb") as handle:
            found: T = pickle.load(handle)
        return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    made = compute()
    try:
        where.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        with partial.open("wb") as handle:
            pickle.dump(made, handle, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(path)              # atomic: a reader sees the whole file or none
    except OSError:
        pass
    return made
