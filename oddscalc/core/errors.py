"""The one exception type for bad input (the CLI prints it as one line and exits with 2),
and the "did you mean" hint every refusal of a misspelt name carries."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


class InputError(ValueError):
    """Bad input from the user: an unknown card, a malformed table, an unknown game…

    >>> str(InputError("unknown card 'Ax'"))
    "unknown card 'Ax'"
    """


def unknown(kind: str, name: str, known: Iterable[str], where: str = "") -> InputError:
    """The error for a name that is not one of ``known``: the nearest valid name, or the list.

    >>> str(unknown("paytable", "cal", ["call"], "table caribbean-stud"))
    "table caribbean-stud: unknown paytable 'cal' (did you mean 'call'?)"
    >>> str(unknown("game", "nope", ["fast-poker", "caribbean-stud"]))
    "unknown game 'nope' (expected one of: fast-poker, caribbean-stud)"
    """
    known = list(known)
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else (
        f"expected one of: {', '.join(known)}" if known else "none is allowed here")
    prefix = f"{where}: " if where else ""
    return InputError(f"{prefix}unknown {kind} '{name}' ({hint})")
