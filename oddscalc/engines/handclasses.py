"""Hand classes on the engines' five-card hands (the stud engines, and the three-card engine's
best five of six cards): one row per strength, and the pay-class map a kernel reads.

A five-card class must be a function of the strength, because every exact count here is kept per
strength (the stud kernel's classes, the census of five or six cards): a class that asks for part
of a hand to be suited (``ranks = "A K"`` with ``suited = true`` in a category that is not a flush)
splits hands of one strength, and is refused with one line.

>>> from oddscalc.core.classes import HandClass
>>> cmap = five_card_map((HandClass("p8", "pair", at_least=6),), five_card_categories(), "t")
>>> cmap.sizes["p8"]          # strengths (one row each): 7 pair ranks x 220 kickers
1540
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from oddscalc._native import eval5
from oddscalc.core.classes import ClassMap, HandClass, HandRow, class_map
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import N_FIVE_CARD_STRENGTHS, five_card_category_starts, five_card_examples
from oddscalc.core.gametable import GameTable
from oddscalc.core.hands import FiveCardCategory

FIVE_CARD_CATEGORIES = tuple(c.label for c in FiveCardCategory)
FLUSH_LIKE = ("flush", "straight-flush", "royal-flush")


@lru_cache(maxsize=1)
def five_card_categories() -> tuple[str, ...]:
    """The category label of every five-card strength (the base of a side bet's hands)."""
    starts = five_card_category_starts()
    labels: list[str] = []
    for code, (first, end) in enumerate(zip(starts, starts[1:], strict=False)):
        labels += [FiveCardCategory(code).label] * (end - first)
    return tuple(labels)


def refuse_suits_on_five(classes: Iterable[HandClass], where: str) -> None:
    """Refuse a class that asks for part of a five-card hand to be suited (see the module note).

    >>> refuse_suits_on_five([HandClass("aks", "high-card", ranks=(12, 11), suited=True)], "t")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: t: classes.aks: suited on part of a five-card hand splits hands of one ...
    """
    for klass in classes:
        if klass.suited is not None and 0 < len(klass.ranks) < 5 and klass.category not in FLUSH_LIKE:
            raise InputError(f"{where}: classes.{klass.name}: suited on part of a five-card hand splits hands of "
                             "one strength, which the exact five-card counts cannot; classes of three-card "
                             "hands may")


@lru_cache(maxsize=16)
def five_card_map(classes: tuple[HandClass, ...], bases: tuple[str, ...], where: str) -> ClassMap:
    """The classes evaluated on one hand of every strength, ``bases[s]`` naming strength s's class
    in the engine (its category, or e.g. the stud Call's ``ace-king``)."""
    categories = five_card_categories()
    if not classes:          # nothing to evaluate: the rows need no example hand
        return ClassMap(tuple(HandRow((), bases[s], categories[s]) for s in range(N_FIVE_CARD_STRENGTHS)),
                        ((),) * N_FIVE_CARD_STRENGTHS, {})
    examples = five_card_examples()
    rows = tuple(HandRow(examples[s], bases[s], categories[s]) for s in range(N_FIVE_CARD_STRENGTHS))
    return class_map(classes, rows, where)


def category_map(game: GameTable) -> ClassMap:
    """A game's classes on five-card hands named by their category (a side bet's hands), classes
    that split a strength refused."""
    where = f"table '{game.name}'"
    refuse_suits_on_five(game.classes, where)
    return five_card_map(game.classes, five_card_categories(), where)


@lru_cache(maxsize=2)
def five_card_census(cards: int) -> tuple[int, ...]:
    """Sets of ``cards`` cards (5 or 6) of the deck by the strength of their best five."""
    return tuple(eval5.strength_census(cards, range(52)))


def pay_map(cmap: ClassMap, named: Iterable[str] | Mapping[str, object], names: Sequence[str]
            ) -> tuple[bytes, tuple[str, ...]]:
    """Every row's pay class as an index into ``names`` extended by the classes that turn up
    (a kernel's class map), and the extended names.

    >>> cmap = five_card_map((HandClass("p8", "pair", at_least=6),), five_card_categories(), "t")
    >>> table, names = pay_map(cmap, {"p8": 1}, FIVE_CARD_CATEGORIES)
    >>> names[-1], table[five_card_strength_of("8s 8d 4c 3h 2s")] == len(names) - 1
    ('p8', True)
    """
    out = list(names)
    index = {name: i for i, name in enumerate(out)}
    keyed = set(named)
    data = bytearray(len(cmap.rows))
    for i, (row, chain) in enumerate(zip(cmap.rows, cmap.chains, strict=True)):
        # most rows are in no class: their base, without a search (cmap.pay_name, once per row)
        name = next((name for name in chain if name in keyed), row.base) if chain else row.base
        if name not in index:
            index[name] = len(out)
            out.append(name)
        data[i] = index[name]
    if len(out) > 64:
        raise InputError("at most 64 pay classes (categories and named classes) per paytable")
    return bytes(data), tuple(out)


def five_card_strength_of(text: str) -> int:
    """Strength of five cards typed as text (examples and tests)."""
    from oddscalc.core.cards import parse_cards
    return int(eval5.strength(parse_cards(text)))
