"""One hand's category, strength and class under a game's ranking."""
from __future__ import annotations

import functools
from array import array
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.api.arguments import Cards, Hands, OptionalGame, boundary
from oddscalc.api.result import Result
from oddscalc.api.tables import cards_of, load
from oddscalc.core.cards import format_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import N_FIVE_CARD_STRENGTHS, HandRank, evaluate_batch, five_card_category
from oddscalc.core.hands import FiveCardCategory
from oddscalc.engines.base import engine_of
from oddscalc.report.model import Report, Table

# the game whose ranking applies when none is named: three cards, and five to seven
DEFAULT_GAMES = {3: "fast-poker", 5: "caribbean-stud"}


@dataclass(frozen=True)
class Ranked(Result):
    """A hand's category and strength (higher is stronger) under a game's ranking.  Hands of one game
    order by strength (``rank("As Ks Qs Js Ts") > rank("9c 9d 9h 2s 3d")``: ``<``, ``<=``, ``>``,
    ``>=``; ``==`` compares the hands themselves, cards included) and name their category
    (``.category``)."""
    game: str
    hand: HandRank

    @property
    def category(self) -> str:
        """The category's name: ``flush``, ``pair``, ``high-card``."""
        return self.hand.category.label

    @property
    def strength(self) -> int:
        return self.hand.strength

    def _against(self, other: object) -> int | None:
        if not isinstance(other, Ranked):
            return None
        if other.game != self.game:
            raise InputError(f"hands rank by their game: {self.game} and {other.game} do not compare")
        return other.hand.strength

    def __lt__(self, other: object) -> bool:
        theirs = self._against(other)
        return NotImplemented if theirs is None else self.hand.strength < theirs

    def __le__(self, other: object) -> bool:
        theirs = self._against(other)
        return NotImplemented if theirs is None else self.hand.strength <= theirs

    def __gt__(self, other: object) -> bool:
        theirs = self._against(other)
        return NotImplemented if theirs is None else self.hand.strength > theirs

    def __ge__(self, other: object) -> bool:
        theirs = self._against(other)
        return NotImplemented if theirs is None else self.hand.strength >= theirs


@boundary
def rank(cards: Cards, game: OptionalGame = None) -> Ranked:
    """The category and strength of a hand under a game's ranking (its family's: how many cards,
    which categories); with no game, of 3 cards, or of 5, 6 or 7 (the best five of six or seven).

    >>> rank("Qh 6d 4s").category, rank("As Ks Qs Js Ts 2c 2d").category
    ('high-card', 'royal-flush')
    >>> rank("As Ks Qs Js Ts") > rank("9c 9d 9h 2s 3d"), max(rank("2c 2d 5h 7s 9c"), rank("Ah Kd 5h 7s 9c")).category
    (True, 'pair')
    """
    parsed = cards_of(cards, None if game else (3, 5, 6, 7))
    table = load(game or DEFAULT_GAMES[3 if len(parsed) == 3 else 5])
    hand = engine_of(table).rank(table, parsed)
    rows: list[tuple[str, object]] = [("cards", format_cards(hand.cards))]
    if len(hand.best) < len(hand.cards):
        rows.append(("best five", format_cards(hand.best)))
    rows += [("category", hand.category.label),
             ("strength", f"{hand.strength} of 0..{hand.n_strengths - 1} (higher is stronger)")]
    data: dict[str, object] = {"cards": format_cards(hand.cards), "best": format_cards(hand.best),
                               "category": hand.category.label, "strength": hand.strength,
                               "strengths": hand.n_strengths}
    if hand.hand_class:           # the most specific hand class of the game that holds it
        rows.append(("class", hand.hand_class))
        data["class"] = hand.hand_class
    if len(parsed) == 3 or game:
        data["game"] = table.name
        rows.append(("game", table.name))
    return Ranked(table.name, hand, report=Report("hand rank", (Table("hand", ("field", "value"), tuple(rows)),),
                                                  data))


@dataclass(frozen=True)
class RankedBatch(Result):
    """Many hands ranked at once under the standard five-card ranking (the best five of 5, 6 or 7
    cards): ``strengths[i]`` (0..7461, higher is stronger) of hand i, in an ``array('H')``."""
    strengths: array[int] = field(repr=False)

    @property
    def categories(self) -> list[str]:
        """Each hand's category name (``flush``, ``pair``, ...), in order."""
        names = _category_names()
        return [names[s] for s in self.strengths]

    @property
    def by_category(self) -> dict[str, int]:
        """How many hands fall in each category, strongest first (categories with none left out)."""
        return _by_category(self.strengths)


def _by_category(strengths: array[int]) -> dict[str, int]:
    names = _category_names()
    counts: Counter[str] = Counter()
    for strength, n in Counter(strengths).items():
        counts[names[strength]] += n
    return {c.label: counts[c.label] for c in reversed(FiveCardCategory) if counts[c.label]}


@functools.cache
def _category_names() -> tuple[str, ...]:
    return tuple(five_card_category(s).label for s in range(N_FIVE_CARD_STRENGTHS))


def _hand_rows(hands: memoryview | list[object]) -> memoryview:
    """A (rows, cards) byte view of the hands: a 2-D buffer as it is, or a list of hands read and packed."""
    if isinstance(hands, memoryview):
        if hands.format not in ("B", "<B", "=B") or not hands.c_contiguous or hands.shape is None \
                or not 5 <= hands.shape[1] <= 7:
            raise InputError("hands= as an array is C-contiguous uint8 card codes, 5, 6 or 7 a hand (hands, cards)")
        if hands.shape[0] == 0:
            raise InputError("hands= holds no hand (give at least one)")
        return hands
    rows = [cards_of(hand, (5, 6, 7)) for hand in hands]  # type: ignore[arg-type]
    sizes = {len(row) for row in rows}
    if len(sizes) > 1:
        raise InputError(f"hands= must all have the same number of cards, got {sorted(sizes)}")
    if not rows:
        raise InputError("hands= holds no hand (give at least one)")
    return memoryview(bytes(c for row in rows for c in row)).cast("B", (len(rows), sizes.pop()))


@boundary
def rank_batch(hands: Hands) -> RankedBatch:
    """Many hands ranked at once, the standard five-card ranking (the best five of 5, 6 or 7 cards),
    in the native evaluator without Python per hand when ``hands`` is a (hands, cards) uint8 buffer
    of card codes (``bench/rank_batch.py``: millions a second); a list of hands (text or codes) is
    read first, at Python's pace.

    >>> found = rank_batch(["As Ks Qs Js Ts", "2c 2d 5h 7s 9c", "9c 9d 9h Ah Kd"])
    >>> found.categories, found.by_category
    (['royal-flush', 'pair', 'three-of-a-kind'], {'royal-flush': 1, 'three-of-a-kind': 1, 'pair': 1})
    >>> list(found.strengths) == [rank(h).strength for h in ("As Ks Qs Js Ts", "2c 2d 5h 7s 9c", "9c 9d 9h Ah Kd")]
    True
    """
    view = _hand_rows(hands)
    rows = view.shape[0] if view.shape else 0
    out = array("H", bytes(2 * rows))
    try:
        evaluate_batch(view, out)
    except ValueError as error:
        raise InputError(f"hands= {error}") from None
    counts = _by_category(out)
    table = Table("hands by category", ("category", "hands", "share"),
                  tuple((name, n, Fraction(n, rows)) for name, n in counts.items()))
    return RankedBatch(out, report=Report(f"{rows:,} hands ranked", (table,),
                                          {"hands": rows, "by_category": counts}))
