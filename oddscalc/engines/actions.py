"""A game's decisions as its strategies name them: the decision points of a round in the order
of play, each with its actions, the default first (what a player does where no rule holds: fold,
check).  The engine gives them to the strategy language (:mod:`oddscalc.engines.handrules`), whose
rules name them, and its charts and analyses name each action's probability by them.

>>> UTH = Actions((Point("preflop", ("check", "raise 4x", "raise 3x")), Point("flop", ("check", "raise 2x")),
...                Point("river", ("fold", "raise 1x"))))
>>> UTH.spoken(), UTH.index("River"), UTH.points[2].implied
(['check', 'raise 4x', 'raise 3x', 'raise 2x', 'fold', 'raise 1x'], 2, 'raise 1x')
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# a point's or an action's name: lower-case words (rules are read with their case and spaces folded)
_NAME = re.compile(r"[a-z0-9][a-z0-9-]*(?: [a-z0-9][a-z0-9-]*)*")
# words that end a rule's action where they follow it (``if``, a HANDS word), so no action is called by them
_RESERVED = frozenset({"if", "or", "better", "any", "all", "every"})


def folded(text: str) -> str:
    """A name as rules compare it: lower case, one space between words."""
    return " ".join(text.lower().split())


@dataclass(frozen=True)
class Point:
    """One decision of a round: its name (``preflop``; empty where the game has one decision) and
    its actions, the default first: what a player does where no rule holds (fold, check), and the
    0 of a decision table.

    >>> Point("flop", ("check", "raise 2x")).default, Point("", ("fold", "call", "raise")).implied
    ('check', None)
    """
    name: str
    actions: tuple[str, ...]

    def __post_init__(self) -> None:
        for name in (self.name, *self.actions) if self.name else self.actions:
            if not _NAME.fullmatch(name) or set(name.split()) & _RESERVED:
                raise ValueError(f"decision point or action {name!r}: lower-case words of letters, digits "
                                 f"and '-', none of {', '.join(sorted(_RESERVED))}")
        if len(self.actions) < 2 or len(set(self.actions)) != len(self.actions):
            raise ValueError(f"decision point {self.name!r}: two actions or more, each named once")

    @property
    def default(self) -> str:
        return self.actions[0]

    @property
    def implied(self) -> str | None:
        """The action of a rule that names none: at a yes/no point the one that is not the default
        (call, play); None where the point has more actions (a rule names one)."""
        return self.actions[1] if len(self.actions) == 2 else None

    @property
    def where(self) -> str:
        """The point in a message: `` at the flop``, or nothing for a game's only point."""
        return f" at the {self.name}" if self.name else ""


@dataclass(frozen=True)
class Actions:
    """A game's decisions as its rules name them: the decision points in the order of play, and
    other words for an action (``synonyms``: (word, action), e.g. ``play`` for ``call``).

    >>> Actions.yes_no("call", "play").words(0)
    {'fold': 0, 'call': 1, 'play': 1}
    """
    points: tuple[Point, ...]
    synonyms: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        names = [point.name for point in self.points]
        if not names or (len(names) > 1 and (not all(names) or len(set(names)) != len(names))):
            raise ValueError(f"decision points {names}: one, or several each named once")
        spoken = {action for point in self.points for action in point.actions}
        for word, action in self.synonyms:
            if action not in spoken or word in spoken or not _NAME.fullmatch(word) or word in _RESERVED:
                raise ValueError(f"synonym {word!r} for {action!r}: a new word for an action of the game")
        if set(names) & (spoken | {word for word, _ in self.synonyms}):
            raise ValueError(f"decision points {names}: a point is not called as an action is")

    @classmethod
    def yes_no(cls, action: str, *synonyms: str) -> Actions:
        """A game of one decision: fold (the default) or ``action`` (call, play), which
        ``synonyms`` also name."""
        return cls((Point("", ("fold", action)),), tuple((word, action) for word in synonyms))

    def words(self, point: int) -> dict[str, int]:
        """Every word for an action of one point: the index of the action it names."""
        actions = self.points[point].actions
        found = {action: i for i, action in enumerate(actions)}
        found.update((word, actions.index(action)) for word, action in self.synonyms if action in actions)
        return found

    def spoken(self, point: int | None = None) -> list[str]:
        """The words for the actions of one point (None: of every point), each once, in order."""
        points = range(len(self.points)) if point is None else (point,)
        return list(dict.fromkeys(word for i in points for word in self.words(i)))

    def index(self, name: str) -> int | None:
        """The point of this name (None: no point is called so)."""
        wanted = folded(name)
        return next((i for i, point in enumerate(self.points) if point.name and point.name == wanted), None)
