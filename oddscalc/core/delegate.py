"""Read-only attributes answered by an object the instance holds: a result keeps its Analysis (or a
check's result) and shows some of that object's figures as its own, under the same names, without a
property written out for each one."""
from __future__ import annotations

from typing import Any, Generic, TypeVar, cast, overload

T = TypeVar("T")


class Delegated(Generic[T]):
    """``rtp = Delegated[Fraction]("analysis.rtp")``: reading ``obj.rtp`` reads ``obj.analysis.rtp``;
    a step written with ``()`` is called (``"exact_analysis().rtp"``).  Declared without an
    annotation, it is not a field of a dataclass.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     at: complex
    ...     x = Delegated[float]("at.real", "The first coordinate.")
    >>> Point(3 + 4j).x, Point.x.__doc__
    (3.0, 'The first coordinate.')
    """

    def __init__(self, path: str, doc: str | None = None) -> None:
        self.steps = tuple((step.removesuffix("()"), step.endswith("()")) for step in path.split("."))
        self.__doc__ = doc

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Delegated[T]: ...

    @overload
    def __get__(self, instance: object, owner: type[Any]) -> T: ...

    def __get__(self, instance: object | None, owner: type[Any]) -> Delegated[T] | T:
        if instance is None:
            return self
        value: Any = instance
        for name, call in self.steps:
            value = getattr(value, name)
            if call:
                value = value()
        return cast(T, value)
