"""The API's typed boundary: every argument of every public function is checked before any work,
and every refusal is an :class:`~oddscalc.InputError` in the caller's terms.

Each parameter is annotated with its checker (``typing.Annotated``: the type mypy sees, and the
checker :func:`boundary` applies), so a signature is its own specification:

    def simulate(game: Game, rounds: SimulatedRounds, seed: Seed = 1, ...)

:func:`boundary` binds the call (a wrong signature, ``pay=`` for ``pays=``, is refused with the
nearest name), runs each given argument through its checker (which may normalize it: an
iterable is read once into a list, a numpy integer becomes an ``int``) and calls the function.
A function whose parameter has no checker fails when its module is imported.

One vocabulary below, two for callers.  Below the boundary a message names the command line's
option (``--pay flush: negative value``), because the command line is one caller of these
functions and speaks it; every other caller gets the message with the parameter's name instead
(``pays= flush: negative value``): :func:`api_terms` rewrites each option by the table of
:data:`OPTIONS` (and the environment variables for the time and memory limits).  Which caller it
is, the outermost boundary sees: a call from ``oddscalc.cli`` keeps the options.

A wrong type is an :class:`ArgumentTypeError`, an InputError that is also a ``TypeError``.

>>> import oddscalc
>>> oddscalc.simulate("fast-poker", 100.5)
Traceback (most recent call last):
oddscalc.api.arguments.ArgumentTypeError: rounds= must be a whole number (an int) between 1 and \
1000000000000000, got float 100.5
>>> oddscalc.load("fast-poker", pays={"flush": -1})
Traceback (most recent call last):
oddscalc.core.errors.InputError: pays= flush: negative value -1 (it must be 0 or more)
"""
from __future__ import annotations

import functools
import inspect
import operator
import os
import re
import sys
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import islice
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

from oddscalc.core.errors import InputError, nearest
from oddscalc.core.gametable import GameTable
from oddscalc.core.limits import (
    BOARD_CARDS,
    BOXES,
    DEALER_CARDS,
    MAX_EXACT_LIMIT,
    MAX_ITEMS,
    MAX_ROUNDS,
    MAX_SAMPLES,
    MAX_SEED,
    MAX_TEXT,
    MAX_WORKERS,
    MIN_SAMPLES,
    OTHERS_BET,
    PLAYERS,
)

__all__ = [
    "OPTIONS", "ArgumentTypeError", "Below", "BoardCards", "Boxes", "Cards", "Check", "CheckedBelow", "DealerCards",
    "ExactLimit",
    "FilePath", "Flag", "Game", "IsBool", "IsCards", "IsGame", "IsNumber", "IsNumbers", "IsOverlay",
    "IsPath", "IsText", "Number", "Numbers", "OneOf", "OptionalCards", "OptionalFilePath", "OptionalGame",
    "OptionalNumber", "OptionalNumbers", "OptionalOthersBet", "OptionalPlayers", "OptionalSamples",
    "OptionalStrategy", "OptionalText", "OptionalWorkers", "Pays", "Rules", "Samples", "Seed", "SimulatedRounds",
    "Strategy", "Text", "Whole", "Wholes", "api_terms", "boundary", "option_of",
]

P = ParamSpec("P")
R = TypeVar("R")


class ArgumentTypeError(InputError, TypeError):
    """An argument of the wrong type, or a call that does not fit the signature: bad input (an
    InputError, as every refusal) that is also a ``TypeError``, as Python calls it."""


# --- the two vocabularies ----------------------------------------------------------------------

# parameter -> the command line's option, where it is not --the-parameter-hyphenated
OPTIONS = {"pays": "--pay", "rules": "--rule", "target": "--target-return", "sorted_ranks": "--sorted",
           "variants": "--variant"}
# options the layers below name for a parameter of another name
ALIASES = {"--hole": "hand", "--flop": "board", "--meter": "rules", "--bonus": "rules",
           **{option: parameter for parameter, option in OPTIONS.items()}}


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """An option, a limit's hint, quoted text (what the caller typed): compiled when a message is
    first rewritten (a refusal), not at every start (the three cost about 2 ms to compile)."""
    return (re.compile(r"(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?::| (?=[0-9]))?"),
            re.compile(r"--max-(?:memory MB|seconds S) or (ODDSCALC_\w+)"),
            re.compile(r"""((?<!\w)'[^']*'(?!\w)|(?<!\w)"[^"]*"(?!\w))"""))


def option_of(parameter: str) -> str:
    """The command line's option for a parameter (its name in the messages below the boundary).

    >>> option_of("pays"), option_of("others_bet")
    ('--pay', '--others-bet')
    """
    return OPTIONS.get(parameter, "--" + parameter.replace("_", "-"))


def api_terms(message: str, parameters: Iterable[str] = ()) -> str:
    """A message in the API's terms: each option as the parameter of ``parameters`` it stands for
    (``--others-bet`` → ``others_bet=``, ``--pay`` → ``pays=``, ``--table:`` → ``table=``), a limit's
    option as its environment variable; quoted text (what the caller typed) is left as it is.

    >>> api_terms("--pay flush: negative value -1", ["pays"])
    'pays= flush: negative value -1'
    >>> api_terms("--table: no such file: t.toml", ["table"])
    'table= no such file: t.toml'
    >>> api_terms("needs --seats, e.g. --seats 1,2,4,7", ["seats"])
    'needs seats=, e.g. seats=1,2,4,7'
    >>> api_terms("decide fast-action-poker needs --hole with your 2 cards", ["hand"])
    'decide fast-action-poker needs hand= with your 2 cards'
    >>> api_terms("the time limit of 300 s (raise it with --max-seconds S or ODDSCALC_MAX_SECONDS)")
    'the time limit of 300 s (raise it with ODDSCALC_MAX_SECONDS)'
    >>> api_terms("unknown game '--pay'"), api_terms('unknown strategy "--pay x"')
    ("unknown game '--pay'", 'unknown strategy "--pay x"')
    """
    names = set(parameters)

    def parameter(match: re.Match[str]) -> str:
        option = match.group(0).rstrip(": ")
        name = match.group(1).replace("-", "_")
        return f"{name if name in names else ALIASES.get(option, name)}="

    option, limit_hint, quoted = _patterns()
    parts = quoted.split(limit_hint.sub(r"\1", message))
    parts[::2] = [option.sub(parameter, part) for part in parts[::2]]
    return "".join(parts)


# the terms of the call in progress: "cli" or "api" (None: no public function is running)
_TERMS: ContextVar[str | None] = ContextVar("terms", default=None)


def _terms_of(frame: Any) -> str:
    caller = frame.f_globals.get("__name__", "") if frame is not None else ""
    return "cli" if caller == "oddscalc.cli" or caller.startswith("oddscalc.cli.") else "api"


# --- what a refusal shows of a value ----------------------------------------------------------

def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def shown(value: object) -> str:
    """A value as a refusal quotes it: its type and a short repr (a huge int by its size).

    >>> shown(100.5), shown("3"), shown(None), shown(10 ** 100)
    ('float 100.5', "str '3'", 'None', 'an int of 101 digits')
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int) and abs(value) >= 10 ** 40:
        return f"an int of {_digits(value)} digits"
    if isinstance(value, Fraction) and max(abs(value.numerator), value.denominator) >= 10 ** 40:
        return f"a Fraction of {_digits(max(abs(value.numerator), value.denominator))} digits"
    try:
        text = repr(value)
    except Exception:                       # a hostile __repr__ says nothing of the input
        text = "…"
    return f"{type(value).__name__} {_clip(text)}"


def _digits(value: int) -> str:
    """The decimal digits of a huge int (without writing it out, past Python's str() limit)."""
    return str(len(str(abs(value)))) if value.bit_length() < 10_000 else f"about {int(value.bit_length() * 0.30103)}"


def _int_text(value: int) -> str:
    return str(value) if abs(value) < 10 ** 40 else shown(value)


def _wrong(option: str, expected: str, value: object) -> ArgumentTypeError:
    return ArgumentTypeError(f"{option} must be {expected}, got {shown(value)}")


def _index(value: object) -> int | None:
    """An integer (an ``int``, or anything with ``__index__`` as numpy's integers) as an ``int``;
    None for anything else, a bool included."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    if isinstance(value, int):
        return int(value)
    try:
        return operator.index(typing.cast(typing.SupportsIndex, value))
    except Exception:                       # no __index__ (TypeError), or a hostile one
        return None


def _items(value: object, option: str, expected: str, limit: int = MAX_ITEMS) -> list[object]:
    """The items of a list argument (any iterable but text, bytes and mappings), read once."""
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise _wrong(option, expected, value)
    items = list(islice(value, limit + 1))
    if len(items) > limit:
        raise InputError(f"{option} has more than {limit} items")
    return items


# --- the checkers ------------------------------------------------------------------------------

class Check:
    """The checker of one argument: ``check(value, option)`` gives the value (perhaps normalized)
    or raises an InputError naming ``option``.  None, where the type allows it, is not checked."""

    def __call__(self, value: object, option: str) -> object:
        raise NotImplementedError


@dataclass(frozen=True)
class Whole(Check):
    """An integer from ``low`` to ``high`` (a bool or a float, even 3.0, is refused)."""
    low: int
    high: int

    def __call__(self, value: object, option: str) -> int:
        number = _index(value)
        if number is None:
            raise _wrong(option, f"a whole number (an int) between {self.low} and {self.high}", value)
        if not self.low <= number <= self.high:
            raise InputError(f"{option} must be between {self.low} and {self.high}, got {_int_text(number)}")
        return number


@dataclass(frozen=True)
class Wholes(Check):
    """A list of integers from ``low`` to ``high``."""
    low: int
    high: int

    def __call__(self, value: object, option: str) -> list[int]:
        expected = f"a list of whole numbers between {self.low} and {self.high}"
        return [Whole(self.low, self.high)(item, option) for item in _items(value, option, expected)]


@dataclass(frozen=True)
class IsBool(Check):
    """True or False (not 1, not "yes")."""

    def __call__(self, value: object, option: str) -> bool:
        if not isinstance(value, bool):
            raise _wrong(option, "True or False", value)
        return value


def _text(value: object, option: str, expected: str) -> str:
    if not isinstance(value, str):
        raise _wrong(option, expected, value)
    if len(value) > MAX_TEXT:
        raise InputError(f"{option} is longer than {MAX_TEXT} characters")
    if "\0" in value:
        raise InputError(f"{option} contains a NUL character")
    return value


@dataclass(frozen=True)
class IsText(Check):
    """A string (of at most :data:`MAX_TEXT` characters, without NUL, as a command-line argument)."""
    what: str = "a string"

    def __call__(self, value: object, option: str) -> str:
        return _text(value, option, self.what)


@dataclass(frozen=True)
class OneOf(Check):
    """One of a few names."""
    choices: tuple[str, ...]

    def __call__(self, value: object, option: str) -> str:
        expected = f"one of {', '.join(self.choices)}"
        text = _text(value, option, expected)
        if text not in self.choices:
            close = nearest(text, self.choices)
            hint = f" (did you mean '{close}'?)" if close else ""
            raise InputError(f"{option} must be {expected}, got '{_clip(text)}'{hint}")
        return text


def _path(value: object, option: str, expected: str) -> str | os.PathLike[str]:
    if isinstance(value, os.PathLike):
        try:
            name = os.fspath(value)
        except Exception:                   # a hostile __fspath__ names no file
            raise _wrong(option, expected, value) from None
        if not isinstance(name, str):
            raise _wrong(option, expected, value)
        _text(name, option, expected)
        if not name:
            raise InputError(f"{option} is an empty path")
        return value
    text = _text(value, option, expected)
    if not text:
        raise InputError(f"{option} is an empty path")
    return text


@dataclass(frozen=True)
class IsPath(Check):
    """A file's path: a string or an ``os.PathLike`` (not a file descriptor, not bytes)."""

    def __call__(self, value: object, option: str) -> str | os.PathLike[str]:
        return _path(value, option, "a path (a str or an os.PathLike)")


@dataclass(frozen=True)
class IsGame(Check):
    """A game: a built-in name, a game file's path or a loaded ``GameTable``."""

    def __call__(self, value: object, option: str) -> object:
        if isinstance(value, GameTable):
            return value
        return _path(value, option, "a game name (oddscalc.games().names), a game file's path or a GameTable")


def _small_number(value: object) -> bool:
    """A number the exact parser reads: an int, a Fraction, a float, a Decimal (huge ones are
    refused here, before they are written out as text)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value.bit_length() <= 128
    if isinstance(value, Fraction):
        return value.numerator.bit_length() <= 128 and value.denominator.bit_length() <= 128
    return isinstance(value, (float, Decimal))


NUMBER = "a number (an int, a Fraction, a float or a string such as '3/2')"


@dataclass(frozen=True)
class IsNumber(Check):
    """An exact number as the parser takes it: an int, a Fraction, a float, a Decimal or text."""

    def __call__(self, value: object, option: str) -> object:
        if isinstance(value, str):
            return _text(value, option, NUMBER)
        if not _small_number(value):
            if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
                raise InputError(f"{option} must have at most 36 digits, got {shown(value)}")
            raise _wrong(option, NUMBER, value)
        return value


@dataclass(frozen=True)
class IsNumbers(Check):
    """A list of exact numbers."""
    limit: int = MAX_ITEMS

    def __call__(self, value: object, option: str) -> list[object]:
        return [IsNumber()(item, option) for item in _items(value, option, "a list of numbers", self.limit)]


@dataclass(frozen=True)
class IsTexts(Check):
    """A list of strings (``compare``'s variants), each as :class:`IsText` checks it."""
    expected: str = "a list of strings"
    limit: int = MAX_ITEMS

    def __call__(self, value: object, option: str) -> list[str]:
        return [_text(item, option, self.expected) for item in _items(value, option, self.expected, self.limit)]


@dataclass(frozen=True)
class IsHands(Check):
    """Many hands: a 2-D buffer of card codes (a NumPy uint8 array, a ``memoryview.cast("B", (n, k))``),
    kept as a ``memoryview``; or a list of hands, each cards as :class:`IsCards` reads them."""
    limit: int = 10_000_000

    def __call__(self, value: object, option: str) -> object:
        expected = "hands: a (hands, cards) uint8 array of card codes, or a list of hands (text or card codes)"
        if not isinstance(value, (str, bytes, bytearray)):
            try:
                view = memoryview(value)  # type: ignore[arg-type]
            except TypeError:
                view = None
            if view is not None:
                if view.ndim != 2:
                    raise _wrong(option, expected, value)
                if view.shape is not None and view.shape[0] > self.limit:
                    raise InputError(f"{option} has more than {self.limit} hands")
                return view
        items = _items(value, option, expected, self.limit)
        return [IsCards()(item, option) for item in items]


@dataclass(frozen=True)
class IsCards(Check):
    """Cards: text (``"As Kd"``), a list of card names, or a list of codes 0..51."""

    def __call__(self, value: object, option: str) -> object:
        expected = "cards: text such as 'As Kd', a list of card names or a list of codes 0 to 51"
        if isinstance(value, str):
            return _text(value, option, expected)
        items = _items(value, option, expected, 52)
        if all(isinstance(item, str) for item in items):
            return [_text(item, option, expected) for item in items]
        codes = [_index(item) for item in items]
        if all(code is not None for code in codes):
            return codes
        odd = [item for item, code in zip(items, codes, strict=True) if not isinstance(item, str) and code is None]
        if odd:
            raise _wrong(option, expected, odd[0])
        raise ArgumentTypeError(f"{option} must be card names or card codes, not both")


PAY_VALUE = "a payout (an int, a Fraction, a float, a string such as '3/2', or None for no pay)"
RULE_VALUE = "a rule value (a string, a number, True or False, or a list of strings)"


@dataclass(frozen=True)
class IsOverlay(Check):
    """``pays`` or ``rules``: a mapping of names to values, or a list of ``"KEY=VALUE"`` strings."""
    rules: bool = False

    def _value(self, key: str, value: object, option: str) -> object:
        if value is None and not self.rules:
            return None
        if isinstance(value, str):
            return _text(value, f"{option} {key}", RULE_VALUE if self.rules else PAY_VALUE)
        if self.rules and isinstance(value, bool):
            return value
        if _small_number(value):
            return value
        if self.rules and isinstance(value, (list, tuple)) and len(value) <= MAX_ITEMS \
                and all(isinstance(item, str) for item in value):
            return [_text(item, f"{option} {key}", RULE_VALUE) for item in value]
        if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
            raise InputError(f"{option} {key}: must have at most 36 digits, got {shown(value)}")
        raise _wrong(f"{option} {key}", RULE_VALUE if self.rules else PAY_VALUE, value)

    def __call__(self, value: object, option: str) -> object:
        what = "rule" if self.rules else "category"
        expected = f"a mapping of {what} to value, or a list of 'KEY=VALUE' strings"
        if isinstance(value, Mapping):
            if len(value) > MAX_ITEMS:
                raise InputError(f"{option} has more than {MAX_ITEMS} items")
            checked = {}
            for key, item in value.items():
                name = _text(key, f"{option} keys", f"{what} names (strings)")
                if not name.strip() or "=" in name:
                    raise InputError(f"{option} keys must be {what} names, got '{_clip(name)}'")
                checked[name] = self._value(name, item, option)
            return checked
        if isinstance(value, str):
            raise ArgumentTypeError(f"{option} must be {expected}, got the string '{_clip(value)}'")
        return [_text(line, option, expected) for line in _items(value, option, expected)]    # parsed below


@dataclass(frozen=True)
class Below(Check):
    """An argument the function checks itself, whole, below the boundary (``check``'s counts: what
    the counts reader takes, and refuses)."""

    def __call__(self, value: object, option: str) -> object:
        return value


# --- the annotations the public functions use (a tool's own limits: in the module that uses it) -

STRATEGY = "a strategy: optimal, a built-in name, a strategy file or rules"
Game = Annotated[str | Path | GameTable, IsGame()]
OptionalGame = Annotated[str | Path | GameTable | None, IsGame()]
Pays = Annotated[Mapping[str, Any] | Iterable[str] | None, IsOverlay()]
Rules = Annotated[Mapping[str, Any] | Iterable[str] | None, IsOverlay(rules=True)]
Cards = Annotated[str | Sequence[str] | Sequence[int], IsCards()]
Hands = Annotated[Any, IsHands()]
OptionalCards = Annotated[str | Sequence[str] | Sequence[int] | None, IsCards()]
Text = Annotated[str, IsText()]
OptionalText = Annotated[str | None, IsText()]
Strategy = Annotated[str, IsText(STRATEGY)]
OptionalStrategy = Annotated[str | None, IsText(STRATEGY)]
Flag = Annotated[bool, IsBool()]
FilePath = Annotated[str | Path, IsPath()]
OptionalFilePath = Annotated[str | Path | None, IsPath()]
CheckedBelow = Annotated[Any, Below()]
Number = Annotated[Fraction | int | float | str, IsNumber()]
OptionalNumber = Annotated[Fraction | int | float | str | None, IsNumber()]
Numbers = Annotated[Sequence[Fraction | int | float | str], IsNumbers()]
Variants = Annotated[Sequence[str], IsTexts("a list of variants (strings of settings, or table files)")]
OptionalVariants = Annotated[Sequence[str] | None, IsTexts("a list of variants (strings of settings, or table files)")]
OptionalNumbers = Annotated[Sequence[Fraction | int | float | str] | None, IsNumbers()]

Seed = Annotated[int, Whole(0, MAX_SEED)]
Samples = Annotated[int, Whole(MIN_SAMPLES, MAX_SAMPLES)]
OptionalSamples = Annotated[int | None, Whole(MIN_SAMPLES, MAX_SAMPLES)]
OptionalWorkers = Annotated[int | None, Whole(1, MAX_WORKERS)]
SimulatedRounds = Annotated[int, Whole(1, MAX_ROUNDS)]
OptionalPlayers = Annotated[int | None, Whole(*PLAYERS)]
OptionalOthersBet = Annotated[Sequence[int] | None, Wholes(*OTHERS_BET)]
DealerCards = Annotated[int, Whole(*DEALER_CARDS)]
Boxes = Annotated[int, Whole(*BOXES)]
BoardCards = Annotated[int, Whole(*BOARD_CARDS)]
ExactLimit = Annotated[int, Whole(0, MAX_EXACT_LIMIT)]


# --- the boundary ------------------------------------------------------------------------------

def _checks(function: Callable[..., Any]) -> dict[str, tuple[Check, bool]]:
    """Each parameter's checker, and whether None is allowed, from the function's annotations."""
    hints = typing.get_type_hints(function, include_extras=True)
    checks = {}
    for name in inspect.signature(function).parameters:
        hint = hints.get(name)
        found = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Check)]
        if not found:
            raise TypeError(f"{function.__qualname__}: parameter '{name}' has no checker (annotate it with one "
                            "of oddscalc.api.arguments)")
        base = typing.get_args(hint)[0]
        checks[name] = (found[0], base is type(None) or type(None) in typing.get_args(base))
    return checks


def _bind(function: Callable[..., Any], signature: inspect.Signature, args: tuple[Any, ...],
          kwargs: dict[str, Any]) -> inspect.BoundArguments:
    try:
        return signature.bind(*args, **kwargs)
    except TypeError as error:
        text = str(error)
        unexpected = re.search(r"unexpected keyword argument '([^']*)'", text)
        close = nearest(unexpected.group(1), signature.parameters) if unexpected else None
        hint = f" (did you mean '{close}='?)" if close else ""
        raise ArgumentTypeError(f"{function.__name__}(): {_clip(text, 200)}{hint}") from None


def boundary(function: Callable[P, R]) -> Callable[P, R]:
    """Check every argument of a public function by its annotations before it runs, and give the
    caller each refusal in its own terms (see the module's note)."""
    signature = inspect.signature(function)
    checks = _checks(function)

    @functools.wraps(function)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        outer = _TERMS.get() is None
        terms = _terms_of(sys._getframe(1)) if outer else _TERMS.get()
        token = _TERMS.set(terms) if outer else None
        try:
            bound = _bind(function, signature, args, kwargs)
            for name, value in bound.arguments.items():
                check, optional = checks[name]
                if value is None and optional:
                    continue
                bound.arguments[name] = check(value, option_of(name))
            return function(*bound.args, **bound.kwargs)
        except InputError as error:
            if outer and terms == "api" and error.args and isinstance(error.args[0], str):
                error.args = (api_terms(error.args[0], signature.parameters), *error.args[1:])
            raise
        finally:
            if token is not None:
                _TERMS.reset(token)

    return checked
