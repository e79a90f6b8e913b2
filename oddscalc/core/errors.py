"""The one exception type for bad input (the CLI prints it as one line and exits with 2),
the one way a refusal echoes what the user typed (:func:`quoted`), and the "did you mean" hint
every refusal of a misspelt name carries."""
from __future__ import annotations

import re
from collections.abc import Iterable

# a character that would break a one-line message or hide what it shows: C0/C1 controls (a new
# line, a tab, an escape), and the Unicode line and paragraph separators
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with every control character written as its escape, so it prints as one line.

    >>> one_line("flush\\nstraight\\t\\x1b[31m")
    'flush\\\\nstraight\\\\t\\\\x1b[31m'
    """
    return _UNSAFE.sub(lambda match: repr(match.group(0))[1:-1], text)


class InputError(ValueError):
    """Bad input from the user: an unknown card, a malformed table, an unknown game…

    Its message is always one line: a control character that reached it from user text is shown
    escaped (``\\n``), never printed.

    >>> str(InputError("unknown card 'Ax'"))
    "unknown card 'Ax'"
    >>> str(InputError("unknown class 'a\\nb'"))
    "unknown class 'a\\\\nb'"
    """

    def __init__(self, message: object = "", *args: object):
        super().__init__(one_line(message) if isinstance(message, str) else message, *args)


def quoted(text: object, limit: int = 60) -> str:
    """User text as a message echoes it: in quotes, on one line, cut past ``limit`` characters.
    Text that prints as it is gets single quotes; text with a quote, a control character or an
    invisible one (a new line, a tab, a non-breaking space, a bidirectional mark) is shown as
    Python writes it (``repr``), escapes and all, so what is shown is what was typed.

    >>> quoted("flush"), quoted("a\\nb"), quoted("it's"), quoted(""), quoted("x" * 70)[-3:]
    ("'flush'", "'a\\\\nb'", '"it\\'s"', "''", "x…'")
    """
    text = str(text)
    if len(text) > limit:
        text = text[:limit] + "…"
    return f"'{text}'" if text.isprintable() and "'" not in text and "\\" not in text else repr(text)


# a name a game file gives (a paytable, a class, a strategy): what --pay TABLE.CATEGORY, a
# strategy rule and every report can name and show as it is
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def check_name(name: object, kind: str, where: str) -> str:
    """Refuse a name of a game file that is not letters, digits, ``-`` and ``_`` (at most 64,
    starting with a letter or digit): a ``.`` would make ``--pay TABLE.CATEGORY`` ambiguous, a
    space or ``+`` a strategy rule, a ``|`` or a new line a report's table.

    >>> check_name("pair-8-or-better", "class", "t")
    'pair-8-or-better'
    >>> check_name("a|b", "class", "t")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: t: the class name 'a|b' is not a name: use letters, digits, '-' and '_' ...
    """
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise InputError(f"{where}: the {kind} name {quoted(name)} is not a name: use letters, digits, '-' and "
                         "'_' (at most 64, starting with a letter or digit), e.g. pair-8-or-better")
    return name


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The valid name closest to a misspelt one, if any is close (never the name itself).

    >>> nearest("dealer_qualifes", ["dealer_qualifies", "call_multiple"]), nearest("zz", ["call"])
    ('dealer_qualifies', None)
    """
    # imported here: only a refusal needs it, and it costs every start a millisecond
    import difflib
    candidates = [item for item in dict.fromkeys(known) if item != name]
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    return close[0] if close else None


def unknown(kind: str, name: str, known: Iterable[str], where: str = "") -> InputError:
    """The error for a name that is not one of ``known``: the nearest valid name, or the list.

    >>> str(unknown("paytable", "cal", ["call"], "table caribbean-stud"))
    "table caribbean-stud: unknown paytable 'cal' (did you mean 'call'?)"
    >>> str(unknown("game", "nope", ["fast-poker", "caribbean-stud", "fast-poker"]))
    "unknown game 'nope' (expected one of: fast-poker, caribbean-stud)"
    >>> str(unknown("class", "a\\nb", []))
    "unknown class 'a\\\\nb' (none is allowed here)"
    """
    known = list(dict.fromkeys(known))
    close = nearest(name, known)
    hint = f"did you mean {quoted(close)}?" if close else (
        f"expected one of: {', '.join(known)}" if known else "none is allowed here")
    prefix = f"{where}: " if where else ""
    return InputError(f"{prefix}unknown {kind} {quoted(name)} ({hint})")
