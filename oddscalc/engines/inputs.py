"""What a command asks of the user beyond the game table, as each family declares it.

A family declares, per command, the inputs it reads (:class:`Inputs`: a tuple of :class:`Input`,
and whether it samples); the command line's options and the Python API's keyword arguments are
made from those declarations, and :func:`read_situation` turns what the user gave into the typed
:class:`Situation` the family's ``decide`` or ``analysis_report`` reads.  Nothing outside a family
names its inputs, so a new family brings its own (seats, a board, a second decision point, …).

>>> hand = Input("hand", "cards", "your five cards", counts=(5,), required=True)
>>> up = Input("up", "cards", "the dealer's face-up card", counts=(1,))
>>> situation = read_situation(Inputs((hand, up)), {"hand": "As Kd 9c 5h 2s", "up": "Qd"}, "decide", "g")
>>> situation.cards("hand"), situation.cards("up"), situation.cards("dead")
((51, 45, 28, 14, 3), (41,), ())
>>> read_situation(Inputs((hand, up)), {"up": "Qd"}, "decide", "g")
Traceback (most recent call last):
oddscalc.core.errors.InputError: decide g needs --hand with your five cards
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from oddscalc.core.cards import format_cards, parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_int

Kind = Literal["cards", "integer", "integers", "flag", "text"]


@dataclass(frozen=True)
class Input:
    """One input of a command: ``name`` is the API's keyword argument and the :class:`Situation`'s
    key; ``option`` the command line's (default ``--name``), ``aliases`` its other spellings.

    ``kind``: ``cards`` (``counts``: the card counts allowed, empty for any; each input's cards are
    out of the deck for the inputs after it), ``integer`` or ``integers`` (``low``..``high``),
    ``flag`` or ``text``.  ``example`` shows a value in the message of a missing required input.
    """
    name: str
    kind: Kind
    help: str
    option: str = ""
    aliases: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()
    low: int = 0
    high: int = 0
    required: bool = False
    metavar: str = ""
    example: str = ""

    @property
    def flag(self) -> str:
        """The command line's option."""
        return self.option or "--" + self.name.replace("_", "-")

    @property
    def options(self) -> tuple[str, ...]:
        return (self.flag, *self.aliases)


@dataclass(frozen=True)
class Inputs:
    """The inputs of one command of a family; ``samples``: the default sample count of a command
    whose figures may be estimated (None: always exact, no sampling options)."""
    fields: tuple[Input, ...] = ()
    samples: int | None = None

    def named(self, name: str) -> Input | None:
        return next((field_ for field_ in self.fields if field_.name == name), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(field_.name for field_ in self.fields)


NO_INPUTS = Inputs()      # a command that asks nothing beyond the table


@dataclass(frozen=True)
class Sampling:
    """A seeded Monte Carlo's size; the same seed always gives the same estimate, on however many
    ``workers`` (local processes; None: one per core) or on the Dask cluster at ``scheduler``."""
    samples: int
    seed: int = 1
    workers: int | None = None
    scheduler: str | None = None


@dataclass(frozen=True)
class Situation:
    """What a player knows when deciding, or what an analysis is asked about: the values of the
    family's declared inputs by name (cards as codes, integers, flags, text), and the sampling of
    a command that estimates.  An input not given reads as empty (no cards, None, False)."""
    values: Mapping[str, object] = field(default_factory=dict)
    sampling: Sampling | None = None

    def cards(self, name: str) -> tuple[int, ...]:
        value = self.values.get(name, ())
        assert isinstance(value, tuple)
        return value

    def integer(self, name: str) -> int | None:
        value = self.values.get(name)
        assert value is None or isinstance(value, int)
        return value

    def integers(self, name: str) -> tuple[int, ...] | None:
        value = self.values.get(name)
        assert value is None or isinstance(value, tuple)
        return value

    def flag(self, name: str) -> bool:
        return bool(self.values.get(name, False))

    def text(self, name: str) -> str | None:
        value = self.values.get(name)
        assert value is None or isinstance(value, str)
        return value


CardsGiven = str | Sequence[str] | Sequence[int]


def read_cards(cards: CardsGiven | None, count: int | Iterable[int] | None = None, exclude: Iterable[int] = (),
               repeats: bool = False) -> tuple[int, ...]:
    """Cards as text (``"As Kd"``), a list of card names or a list of codes 0..51, each checked
    (``repeats``: a card may come more than once, as parse_cards).

    >>> read_cards("As Kd"), read_cards(["As", "Kd"]), read_cards([51, 45])
    ((51, 45), (51, 45), (51, 45))
    """
    if cards is None:
        return ()
    if isinstance(cards, str):
        return parse_cards(cards, count, exclude, repeats)
    if all(isinstance(card, int) and not isinstance(card, bool) for card in cards):
        codes = [int(card) for card in cards]
        if any(not 0 <= code < 52 for code in codes):
            raise InputError(f"card codes are 0 to 51, got {codes}")
        return parse_cards(format_cards(codes), count, exclude, repeats)
    return parse_cards([str(card) for card in cards], count, exclude, repeats)


def read_situation(inputs: Inputs, given: Mapping[str, object], command: str, game: str,
                   sampling: Sampling | None = None) -> Situation:
    """The typed situation of what a user gave (``given``: name → the command line's text, or the
    API's value), read in the order the family declares its inputs; an input the family does not
    declare is refused, as is a required one not given."""
    for name, value in given.items():
        if inputs.named(name) is None and value is not None and value is not False:
            takes = f"it takes: {', '.join(inputs.names)}" if inputs.fields else "it takes no input"
            raise InputError(f"{command} {game}: --{name.replace('_', '-')} does not apply to this game ({takes})")
    values: dict[str, object] = {}
    seen: tuple[int, ...] = ()
    for spec in inputs.fields:
        value = given.get(spec.name)
        if value is None or value is False:
            if spec.required:
                what = f" with {spec.help}" if spec.kind == "cards" else (f", e.g. {spec.flag} {spec.example}"
                                                                          if spec.example else "")
                raise InputError(f"{command} {game} needs {spec.flag}{what}")
            continue
        if spec.kind == "cards":
            try:
                cards = read_cards(_cards_given(value, spec), spec.counts or None, seen)
            except InputError as error:
                # the message names the input whose cards it refuses
                raise InputError(f"{spec.flag}: {error}") from None
            values[spec.name], seen = cards, seen + cards
        else:
            values[spec.name] = _read(spec, value)
    return Situation(values, sampling)


def _cards_given(value: object, spec: Input) -> CardsGiven:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(item, (str, int)) for item in value):
        return cast(CardsGiven, list(value))
    raise InputError(f"{spec.flag} must be cards: text such as 'As Kd', a list of card names or of codes 0 to 51")


def _read(spec: Input, value: object) -> object:
    if spec.kind == "integer":
        return value if isinstance(value, int) else parse_int(str(value), spec.flag, spec.low, spec.high)
    if spec.kind == "integers":
        items = value if isinstance(value, (list, tuple)) else [value]
        return tuple(item if isinstance(item, int) else parse_int(str(item), spec.flag, spec.low, spec.high)
                     for item in items)
    if spec.kind == "flag":
        return bool(value)
    return str(value)
