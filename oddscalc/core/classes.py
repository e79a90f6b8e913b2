"""Hand classes: named parts of a category that a paytable may pay, written as data.

A game file may define classes inside the categories of its engine::

    [classes.mini-royal]
    category = "straight-flush"
    ranks = "A K Q"                # the hand holds these ranks
    [classes.pair-8-or-better]
    category = "pair"
    at_least = "8"                 # the rank that defines the category is at least 8
    [classes.ace-king-suited]
    category = "ace-high"
    ranks = "A K"
    suited = true                  # the cards named by ranks (all cards without ranks) share a suit

A hand is in a class when its engine's class name for it (``base``: ``pair``, ``ace-high``,
``ace-king`` ...) is the class's category and every given condition holds.  Which hand a
condition looks at is the engine's business: three cards, or the best five of five or more.

Classes of one category must be nested or disjoint, so the most specific class of a hand (the
smallest class holding it) is well defined; two classes that overlap without one holding the
other are refused with one line.  A paytable pays the most specific class it names that holds the
hand; a hand no named class holds is paid as its base class, so a class no pay names changes
nothing.

>>> mini = HandClass("mini-royal", "straight-flush", ranks=(12, 11, 10))
>>> from oddscalc.core.cards import parse_cards
>>> mini.holds(parse_cards("Qs As Ks"), "straight-flush", "straight-flush")
True
>>> mini.text
'straight-flush holding A K Q'
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from oddscalc.core.cards import RANKS, format_cards, parse_rank
from oddscalc.core.errors import InputError, check_name, quoted, unknown

CLASS_KEYS = ("category", "ranks", "at_least", "suited", "description")
STRAIGHTS = ("straight", "straight-flush")


@dataclass(frozen=True)
class HandClass:
    """One class: a category and the conditions its hands meet (an empty condition always holds)."""
    name: str
    category: str
    ranks: tuple[int, ...] = ()       # a rank multiset the hand holds
    at_least: int | None = None       # the hand's defining rank is at least this
    suited: bool | None = None        # the cards named by ranks (or all cards) share a suit, or not
    description: str = ""

    def holds(self, cards: Sequence[int], base: str, category: str) -> bool:
        """Whether a hand is in the class: ``cards`` are the hand (three cards, or the best five),
        ``base`` the engine's class name of the hand, ``category`` its ranking category."""
        if base != self.category:
            return False
        if self.ranks:
            ranks = Counter(card >> 2 for card in cards)
            if any(ranks[r] < n for r, n in Counter(self.ranks).items()):
                return False
        if self.at_least is not None and _defining_rank(cards if isinstance(cards, tuple) else tuple(cards),
                                                        category) < self.at_least:
            return False
        if self.suited is not None and suited(cards, self.ranks) != self.suited:
            return False
        return True

    @property
    def uses_suits(self) -> bool:
        """Whether a condition looks at suits (then the class may split hands of one strength)."""
        return self.suited is not None

    @property
    def text(self) -> str:
        """The class in words.

        >>> HandClass("p8", "pair", at_least=6, suited=None).text
        'pair of at least 8'
        """
        parts = [self.category]
        if self.ranks:
            parts.append("holding " + " ".join(RANKS[r] for r in sorted(self.ranks, reverse=True)))
        if self.at_least is not None:
            parts.append(f"of at least {RANKS[self.at_least]}")
        if self.suited is not None:
            parts.append("suited" if self.suited else "not suited")
        return " ".join(parts)


def defining_rank(cards: Sequence[int], category: str) -> int:
    """The rank that defines a hand's category: the rank held most often, the higher one on a tie
    (a pair's rank, trips' rank, the top card of a high-card hand or flush), and a straight's top
    card (A-2-3 and A-2-3-4-5 top at 3 and 5).

    >>> from oddscalc.core.cards import parse_cards
    >>> [RANKS[defining_rank(parse_cards(h), c)] for h, c in (("8s 8d Ah", "pair"), ("As 2d 3h", "straight"))]
    ['8', '3']
    """
    ranks = [card >> 2 for card in cards]
    if category in STRAIGHTS and 12 in ranks and 0 in ranks:
        return max(r for r in ranks if r != 12)           # the wheel: the ace plays low
    # five cards at most: count() beats a Counter; count and rank packed in one int beat a key function
    return max([ranks.count(r) << 4 | r for r in ranks]) & 15


@lru_cache(maxsize=1 << 16)
def _defining_rank(cards: tuple[int, ...], category: str) -> int:
    # remembered: every class map of a game asks again for the same example hands
    return defining_rank(cards, category)


def suited(cards: Sequence[int], ranks: Sequence[int]) -> bool:
    """Whether the cards of ``ranks`` (every card when empty) can be chosen all of one suit.

    >>> from oddscalc.core.cards import parse_cards
    >>> suited(parse_cards("As Ks 2d"), (12, 11)), suited(parse_cards("As Ks 2d"), ())
    (True, False)
    """
    if not ranks:
        return len({card & 3 for card in cards}) == 1
    wanted = Counter(ranks)
    held = Counter((card >> 2, card & 3) for card in cards)
    return any(all(held[(rank, suit)] >= n for rank, n in wanted.items()) for suit in range(4))


def _ranks(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{where}: ranks must be a string of ranks such as \"A K Q\", got {value!r}")
    tokens = value.replace(",", " ").replace("-", " ").split()
    if len(tokens) == 1 and len(tokens[0]) > 1 and tokens[0] != "10":
        tokens = [t for t in tokens[0].replace("10", "T")]
    try:
        ranks = tuple(parse_rank(token) for token in tokens)
    except InputError as error:
        raise InputError(f"{where}: {error} in ranks {quoted(value)}") from None
    if len(ranks) > 5 or max(Counter(ranks).values()) > 4:
        raise InputError(f"{where}: ranks {quoted(value)} is not part of a hand")
    return ranks


def _rank(value: object, where: str) -> int:
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(text, str):
        raise InputError(f"{where}: at_least must be one rank such as \"8\" or \"Q\", got {value!r}")
    try:
        return parse_rank(text)
    except InputError as error:
        raise InputError(f"{where}: {error}") from None


def parse_classes(raw: object, where: str) -> tuple[HandClass, ...]:
    """The ``[classes.NAME]`` tables of a game file, strictly (unknown keys get the nearest name).

    >>> parse_classes({"p8": {"category": "pair", "at_least": 8}}, "t")[0].at_least
    6
    >>> parse_classes({"p8": {"category": "pair", "at_leest": 8}}, "t")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: t: classes.p8: unknown key 'at_leest' (did you mean 'at_least'?)
    """
    if not isinstance(raw, dict):
        raise InputError(f"{where}: [classes] must be a table of [classes.NAME] tables")
    out = []
    for name, body in raw.items():
        check_name(name, "class", where)
        here = f"{where}: classes.{name}"
        if not isinstance(body, dict):
            raise InputError(f"{here} must be a table with a category")
        for key in body:
            if key not in CLASS_KEYS:
                raise unknown("key", key, CLASS_KEYS, here)
        category = body.get("category")
        if not isinstance(category, str) or not category.strip():
            raise InputError(f"{here}: 'category' must name the category the class is part of")
        if not any(key in body for key in ("ranks", "at_least", "suited")):
            raise InputError(f"{here}: give at least one of ranks, at_least, suited (else it is the category)")
        suited_value = body.get("suited")
        if suited_value is not None and not isinstance(suited_value, bool):
            raise InputError(f"{here}: suited must be true or false, got {suited_value!r}")
        description = body.get("description", "")
        if not isinstance(description, str):
            raise InputError(f"{here}: description must be a string, got {description!r}")
        out.append(HandClass(
            name=name, category=category.strip(),
            ranks=_ranks(body["ranks"], here) if "ranks" in body else (),
            at_least=_rank(body["at_least"], here) if "at_least" in body else None,
            suited=suited_value, description=description))
    return tuple(out)


class HandRow(NamedTuple):
    """One kind of hand of a universe: representative cards (three, or the best five), the engine's
    class name for it, its ranking category, and how many hands it stands for.  A named tuple, not
    a dataclass: a five-card universe has 7,462 rows, made at the start of most commands, and a
    named tuple is made several times faster."""
    cards: tuple[int, ...]
    base: str
    category: str
    weight: int = 1


@dataclass(frozen=True)
class ClassMap:
    """Classes evaluated over the hands of one universe (one kind of hand of a game).

    ``chains[i]``: the classes holding row i, most specific first; ``sizes``: hands per class
    (every class, 0 for one that holds no hand here).
    """
    rows: tuple[HandRow, ...]
    chains: tuple[tuple[str, ...], ...]
    sizes: Mapping[str, int]

    def totals(self, counts: Sequence[int]) -> dict[str, int]:
        """Sets in each class when row i stands for ``counts[i]`` sets (the rows being strengths).

        >>> ClassMap((), ((), ("p8",), ("p8",)), {"p8": 2}).totals([5, 6, 7])
        {'p8': 13}
        """
        out = dict.fromkeys(self.sizes, 0)
        for count, chain in zip(counts, self.chains, strict=True):
            for name in chain:
                out[name] += count
        return out

    def pay_name(self, i: int, named: Iterable[str] | Mapping[str, object]) -> str:
        """The name a paytable naming ``named`` pays row i under: its most specific named class,
        else its base class."""
        names = set(named)
        return next((name for name in self.chains[i] if name in names), self.rows[i].base)

    def nonempty(self) -> list[str]:
        """Classes holding at least one hand of this universe, in definition order."""
        return [name for name, size in self.sizes.items() if size]


def class_map(classes: Sequence[HandClass], rows: Sequence[HandRow], where: str) -> ClassMap:
    """Evaluate every class on every row; refuse classes that overlap without nesting.

    >>> from oddscalc.core.cards import parse_cards
    >>> rows = [HandRow(parse_cards(h), "pair", "pair") for h in ("8s 8d 2c", "As Ad 2c", "2s 2d 3c")]
    >>> book = [HandClass("p8", "pair", at_least=6), HandClass("aces", "pair", ranks=(12, 12))]
    >>> class_map(book, rows, "t").chains
    (('p8',), ('aces', 'p8'), ())
    """
    members: dict[str, set[int]] = {}
    sizes: dict[str, int] = {}
    by_base: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_base.setdefault(row.base, []).append(i)
    defining: dict[str, list[int]] = {}       # base -> the defining rank of each of its rows, once asked
    for klass in classes:
        # only rows of the class's own base can hold it (classes are checked at every start)
        holds, base = klass.holds, klass.category
        candidates = by_base.get(base, [])
        if klass.at_least is not None and not klass.ranks and klass.suited is None:
            # a rank bound alone (pair-8-or-better): compare each row's defining rank, found once
            # per base for every such class (what holds does, without a call per row and class)
            if base not in defining:
                defining[base] = [_defining_rank(tuple(rows[i].cards), rows[i].category) for i in candidates]
            held = {i for i, rank in zip(candidates, defining[base], strict=True) if rank >= klass.at_least}
        else:
            held = {i for i in candidates if holds(rows[i].cards, base, rows[i].category)}
        members[klass.name] = held
        sizes[klass.name] = sum(rows[i].weight for i in held)
    names = [k.name for k in classes]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            common = members[a] & members[b]
            if not common:
                continue
            if members[a] == members[b]:
                raise InputError(f"{where}: classes '{a}' and '{b}' hold the same hands: keep one")
            if not (members[a] <= members[b] or members[b] <= members[a]):
                example = format_cards(rows[min(common)].cards)
                raise InputError(f"{where}: classes '{a}' and '{b}' overlap without one holding the other "
                                 f"(both hold {example}): make one a part of the other")
    order = sorted(names, key=lambda n: (sizes[n], names.index(n)))
    held_by: list[tuple[str, ...]] = [()] * len(rows)
    for i in set().union(*members.values()):
        held_by[i] = tuple(n for n in order if i in members[n])
    chains = tuple(held_by)
    return ClassMap(tuple(rows), chains, {n: sizes[n] for n in names})


def check_class_names(classes: Sequence[HandClass], categories: Iterable[str], where: str) -> None:
    """Refuse a class whose category the engine does not know, or whose name is a category's.

    >>> check_class_names([HandClass("pair", "pair", at_least=6)], ["pair"], "t")
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: t: class 'pair' has the name of a category; give it its own name
    """
    known = list(categories)
    for klass in classes:
        if klass.name in known:
            raise InputError(f"{where}: class '{klass.name}' has the name of a category; give it its own name")
        if klass.category not in known:
            raise unknown("category", klass.category, known, f"{where}: classes.{klass.name}")
