"""One observed situation priced exactly, as every family that prices what a player sees gives it
(the exposure analyses of Caribbean Stud and of the three-card games, and their samplers).

A situation is the player's hand, the dealer cards he sees and the other cards he sees (other
boxes); its price is every action's expected net per unit over the completions of the dealer's
hand those cards leave, the informed decision (the best with everything seen) and the plain one
(what the player who sees only his hand and what the game shows decides), so what the extra
information is worth there is one subtraction.

>>> from fractions import Fraction
>>> price = SituationPrice((51, 47, 43), (), (), (1, 2, 0, 1), {"play": Fraction(1, 4), "fold": Fraction(-1)},
...                        "play", "fold")
>>> price.completions, price.gain
(4, Fraction(5, 4))
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class SituationPrice:
    """One observed situation priced exactly, per unit.

    ``counts`` are the dealer's completions (dealer hands) that do not qualify, that the hand
    beats, ties and loses to (ties before the table's tie rule); ``values`` every action's exact
    expected net, in the family's order; ``choice`` the informed decision, ``plain_choice`` the
    decision without the extra information.
    """
    hand: tuple[int, ...]
    dealer: tuple[int, ...]           # the dealer cards seen (the upcard first where the game shows one)
    dead: tuple[int, ...]             # other cards seen (other boxes)
    counts: tuple[int, int, int, int]
    values: Mapping[str, Fraction]
    choice: str
    plain_choice: str

    @property
    def completions(self) -> int:
        return sum(self.counts)

    @property
    def not_qualify(self) -> int:
        return self.counts[0]

    @property
    def wins(self) -> int:
        return self.counts[1]

    @property
    def ties(self) -> int:
        return self.counts[2]

    @property
    def losses(self) -> int:
        return self.counts[3]

    @property
    def value(self) -> Fraction:
        """The expected net of the informed decision."""
        return self.values[self.choice]

    @property
    def plain_value(self) -> Fraction:
        """The expected net here of the decision made without the extra information."""
        return self.values[self.plain_choice]

    @property
    def gain(self) -> Fraction:
        """What the extra information is worth here (0 when both decide alike; never negative)."""
        return self.value - self.plain_value
