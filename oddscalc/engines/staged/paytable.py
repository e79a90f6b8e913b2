"""The main paytable as the kernel reads it: every five-card strength's pay class (its category,
or the most specific class the paytable names that holds it) and each class's net per unit in
action, exact, as integer numerators over their least common denominator.

>>> from oddscalc.engines.base import load
>>> layout = pay_layout(load("mississippi-stud"))
>>> layout.names[-2:], layout.nets[-2:], layout.scale
(('pair-6-or-better', 'jacks-or-better'), (Fraction(0, 1), Fraction(1, 1)), 1)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, Paytable
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES, five_card_categories, five_card_map, pay_map


@dataclass(frozen=True)
class PayLayout:
    """The pay classes of the main paytable: ``names`` (the five-card categories, weakest first,
    then each class the paytable names), the class of every strength (``class_map``, the kernel's
    bytes), each class's net per unit in action and the category it is part of."""
    names: tuple[str, ...]
    class_map: bytes
    nets: tuple[Fraction, ...]
    bases: tuple[str, ...]

    @property
    def scale(self) -> int:
        """The least common denominator of the nets."""
        return math.lcm(*(net.denominator for net in self.nets))

    @property
    def numerators(self) -> tuple[int, ...]:
        """The nets times :attr:`scale`: integers."""
        scale = self.scale
        return tuple(int(net * scale) for net in self.nets)

    def order(self) -> list[int]:
        """The pay classes weakest first, each class the paytable names after its category."""
        found = []
        for index, name in enumerate(self.names[:len(FIVE_CARD_CATEGORIES)]):
            found.append(index)
            found += [i for i in range(len(FIVE_CARD_CATEGORIES), len(self.names)) if self.bases[i] == name]
        return found


def net_of(paytable: Paytable, name: str) -> Fraction:
    """The net per unit in action of a final hand paid as ``name``: the pay "to one", the pay less
    the stake "for one"; a hand the paytable does not list loses the unit."""
    pay = paytable.listed(name)
    if pay is None:
        return Fraction(-1)
    return pay if paytable.basis == "to" else pay - 1


def pay_layout(game: GameTable) -> PayLayout:
    """The pay classes of a game's main paytable, made once per table when first used (a class
    the paytable names is evaluated on a hand of every strength)."""
    return game.built(_layout)


def _layout(game: GameTable) -> PayLayout:
    where = f"table '{game.name}'"
    paytable = game.paytable()
    named = tuple(klass for klass in game.classes if klass.name in paytable.pays)
    cmap = five_card_map(named, five_card_categories(), where)
    empty = [klass.name for klass in named if not cmap.sizes[klass.name]]
    if empty:
        raise InputError(f"{where}: paytables.{game.main_paytable} pays class '{empty[0]}', which holds no "
                         "five-card hand")
    data, names = pay_map(cmap, [klass.name for klass in named], FIVE_CARD_CATEGORIES)
    category = {klass.name: klass.category for klass in named}
    return PayLayout(names, data, tuple(net_of(paytable, name) for name in names),
                     tuple(category.get(name, name) for name in names))
