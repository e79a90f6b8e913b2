"""A family's declared inputs as the API takes them: keyword arguments (and, for ``decide``, the
first ones by position), each checked by its kind as every API argument is, then read into the
family's typed situation.

>>> from oddscalc.engines.base import DECIDE, load
>>> family = DECIDE.of(load("caribbean-stud"))
>>> situation_of("decide", "caribbean-stud", family.decide_inputs, ("As Kd 9c 5h 2s", "Qd"), {}).cards("up")
(41,)
>>> situation_of("decide", "caribbean-stud", family.decide_inputs, ("As Kd 9c 5h 2s",), {"players": 4})
Traceback (most recent call last):
oddscalc.core.errors.InputError: decide caribbean-stud: --players does not apply to this game (it takes: hand, up, ...)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from oddscalc.api.arguments import ArgumentTypeError, Check, IsBool, IsCards, IsText, Whole, Wholes
from oddscalc.core.errors import InputError, nearest
from oddscalc.engines.inputs import Input, Inputs, Sampling, Situation, read_situation

TYPO = 0.75        # as alike as 'hnad' and 'hand' (a name of another family's, 'players', is not 'pays')


def _alike(name: str, close: str) -> bool:
    # imported here: only a refusal needs it, and it costs every start a millisecond
    from difflib import SequenceMatcher
    return SequenceMatcher(None, name, close).ratio() >= TYPO


def _checker(spec: Input) -> Check:
    if spec.kind == "cards":
        return IsCards()
    if spec.kind == "integer":
        return Whole(spec.low, spec.high)
    if spec.kind == "integers":
        return Wholes(spec.low, spec.high)
    if spec.kind == "flag":
        return IsBool()
    return IsText()


def situation_of(command: str, game: str, inputs: Inputs, positional: Sequence[object],
                 given: Mapping[str, object], sampling: Sampling | None = None,
                 parameters: Iterable[str] = ()) -> Situation:
    """The situation of an API call: ``positional`` fills the declared inputs in order, ``given``
    names them; each value is checked by its kind, then read (cards checked against each other).
    A name close to one of the function's own ``parameters`` or of the declared inputs is a typo,
    refused as Python refuses an unexpected keyword argument, with the name meant."""
    for name in given:
        if inputs.named(name) is None:
            close = nearest(name, [*parameters, *inputs.names])
            if close is not None and _alike(name, close):
                raise ArgumentTypeError(f"{command}(): got an unexpected keyword argument '{name}' "
                                        f"(did you mean '{close}='?)")
    if len(positional) > len(inputs.fields):
        raise InputError(f"{command} {game} takes at most {len(inputs.fields)} inputs by position "
                         f"({', '.join(inputs.names)}), got {len(positional)}")
    values: dict[str, object] = {}
    for field_, value in zip(inputs.fields, positional, strict=False):
        values[field_.name] = value
    for name, value in given.items():
        if name in values:
            raise InputError(f"{command} {game}: {name} is given twice, by position and by name")
        values[name] = value
    for name, value in values.items():
        spec = inputs.named(name)
        if spec is None or value is None:
            continue
        values[name] = _checker(spec)(value, spec.flag)
    return read_situation(inputs, values, command, game, sampling)
