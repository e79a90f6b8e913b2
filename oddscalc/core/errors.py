"""The one exception type for bad input (the CLI prints it as one line and exits with 2),
and the "did you mean" hint every refusal of a misspelt name carries."""
from __future__ import annotations

from collections.abc import Iterable


class InputError(ValueError):
    """Bad input from the user: an unknown card, a malformed table, an unknown game…

    >>> str(InputError("unknown card 'Ax'"))
    "unknown card 'Ax'"
    """


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The valid name closest to a misspelt one, if any is close.

    >>> nearest("dealer_qualifes", ["dealer_qualifies", "call_multiple"]), nearest("zz", ["call"])
    ('dealer_qualifies', None)
    """
    # imported here: only a refusal needs it, and it costs every start a millisecond
    import difflib
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown(kind: str, name: str, known: Iterable[str], where: str = "") -> InputError:
    """The error for a name that is not one of ``known``: the nearest valid name, or the list.

    >>> str(unknown("paytable", "cal", ["call"], "table caribbean-stud"))
    "table caribbean-stud: unknown paytable 'cal' (did you mean 'call'?)"
    >>> str(unknown("game", "nope", ["fast-poker", "caribbean-stud"]))
    "unknown game 'nope' (expected one of: fast-poker, caribbean-stud)"
    """
    known = list(known)
    close = nearest(name, known)
    hint = f"did you mean '{close}'?" if close else (
        f"expected one of: {', '.join(known)}" if known else "none is allowed here")
    prefix = f"{where}: " if where else ""
    return InputError(f"{prefix}unknown {kind} '{name}' ({hint})")
