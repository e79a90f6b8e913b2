"""One hand's category, strength and class under a game's ranking."""
from __future__ import annotations

import functools
from array import array
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.api.arguments import Cards, Hands, OptionalGame, boundary
from oddscalc.api.result import Result
from oddscalc.api.tables import cards_of, load
from oddscalc.core.cards import format_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import (
    N_FIVE_CARD_STRENGTHS,
    HandRank,
    ThreeCardRanking,
    evaluate_batch,
    five_card_category,
    strength_counts,
)
from oddscalc.core.gametable import GameTable
from oddscalc.core.hands import FiveCardCategory
from oddscalc.engines.base import RanksThreeCards, engine_of
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
    # a card may come twice here: a hand from a shoe can hold it; the family's ranking says whether
    parsed = cards_of(cards, None if game else (3, 5, 6, 7), repeats=True)
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
class BatchScale:
    """What a batch's strengths mean: the category of every strength (weakest first) and the
    categories strongest first (the order of ``by_category``)."""
    names: tuple[str, ...]
    strongest_first: tuple[str, ...]


@functools.cache
def _five_card_scale() -> BatchScale:
    return BatchScale(tuple(five_card_category(s).label for s in range(N_FIVE_CARD_STRENGTHS)),
                      tuple(c.label for c in reversed(FiveCardCategory)))


@functools.cache
def _three_card_scale(ranking: ThreeCardRanking) -> BatchScale:
    return BatchScale(tuple(c.label for c in ranking.categories), tuple(c.label for c in reversed(ranking.order)))


@dataclass(frozen=True)
class RankedBatch(Result):
    """Many hands ranked at once: ``strengths[i]`` (higher is stronger) of hand i, in an ``array('H')``,
    under the standard five-card ranking (the best five of 5, 6 or 7 cards: 0..7461), or for three
    cards under the three-card ranking of ``game`` (Three Card Poker's: 0..740): the strengths and
    category names ``rank(hand, game=game)`` gives.  ``game`` is None for the five-card ranking."""
    strengths: array[int] = field(repr=False)
    game: str | None
    scale: BatchScale = field(repr=False, compare=False)

    @property
    def categories(self) -> list[str]:
        """Each hand's category name (``flush``, ``pair``, ...), in order."""
        names = self.scale.names
        return [names[s] for s in self.strengths]

    @property
    def by_category(self) -> dict[str, int]:
        """How many hands fall in each category, strongest first (categories with none left out)."""
        return _by_category(self.strengths, self.scale)


def _by_category(strengths: array[int], scale: BatchScale) -> dict[str, int]:
    counts = dict.fromkeys(scale.strongest_first, 0)
    for name, n in zip(scale.names, strength_counts(strengths, len(scale.names)), strict=True):
        counts[name] += n
    return {name: n for name, n in counts.items() if n}


def _hand_rows(hands: memoryview | list[object]) -> memoryview:
    """A (rows, cards) byte view of the hands: a 2-D buffer as it is, or a list of hands read and packed."""
    if isinstance(hands, memoryview):
        if hands.format not in ("B", "<B", "=B") or not hands.c_contiguous or hands.shape is None \
                or hands.shape[1] not in (3, 5, 6, 7):
            raise InputError("hands= as an array is C-contiguous uint8 card codes, 3, 5, 6 or 7 a hand (hands, cards)")
        if hands.shape[0] == 0:
            raise InputError("hands= holds no hand (give at least one)")
        return hands
    rows = [cards_of(hand, (3, 5, 6, 7)) for hand in hands]  # type: ignore[arg-type]
    sizes = {len(row) for row in rows}
    if len(sizes) > 1:
        raise InputError(f"hands= must all have the same number of cards, got {sorted(sizes)}")
    if not rows:
        raise InputError("hands= holds no hand (give at least one)")
    return memoryview(bytes(c for row in rows for c in row)).cast("B", (len(rows), sizes.pop()))


def _three_card_ranking(table: GameTable) -> ThreeCardRanking:
    """The ranking under which ``rank`` ranks a game's three-card hands, or the game's refusal."""
    family = engine_of(table)
    if not isinstance(family, RanksThreeCards):
        family.rank(table, (48, 44, 40))         # a game that ranks no three cards says so, as rank() does
        raise InputError(f"{table.name} ranks three-card hands under a ranking of its own: "
                         f"rank them one at a time with rank()")
    return family.three_card_ranking(table)


@boundary
def rank_batch(hands: Hands, game: OptionalGame = None) -> RankedBatch:
    """Many hands ranked at once, in the native evaluator without Python per hand when ``hands`` is
    a (hands, cards) uint8 buffer of card codes (``bench/rank_batch.py``: millions a second); a list
    of hands (text or codes) is read first, at Python's pace.  Five, six or seven cards rank under
    the standard five-card ranking (the best five); three cards under the three-card ranking of
    ``game`` (default ``fast-poker``, as ``rank``: a game file may reorder the categories or make
    suited cards no flush), which only three-card hands take.

    >>> found = rank_batch(["As Ks Qs Js Ts", "2c 2d 5h 7s 9c", "9c 9d 9h Ah Kd"])
    >>> found.categories, found.by_category
    (['royal-flush', 'pair', 'three-of-a-kind'], {'royal-flush': 1, 'three-of-a-kind': 1, 'pair': 1})
    >>> list(found.strengths) == [rank(h).strength for h in ("As Ks Qs Js Ts", "2c 2d 5h 7s 9c", "9c 9d 9h Ah Kd")]
    True
    >>> threes = ["Qh Kh Ah", "As Kd Qc", "Js 8s 3s", "7c 7d Ah"]
    >>> three = rank_batch(threes, game="three-card-poker")
    >>> three.categories, three.by_category
    (['straight-flush', 'straight', 'flush', 'pair'], {'straight-flush': 1, 'straight': 1, 'flush': 1, 'pair': 1})
    >>> list(three.strengths) == [rank(h, game="three-card-poker").strength for h in threes]
    True
    """
    view = _hand_rows(hands)
    rows, size = view.shape if view.shape else (0, 0)
    out = array("H", bytes(2 * rows))
    name: str | None = None
    if size == 3:
        table = load(game or DEFAULT_GAMES[3])
        ranking = _three_card_ranking(table)
        name, scale, rank_rows = table.name, _three_card_scale(ranking), ranking.evaluate_batch
    elif game is not None:
        raise InputError(f"game= chooses the ranking of three-card hands; {size} cards rank under the "
                         f"standard five-card ranking (give no game=)")
    else:
        scale, rank_rows = _five_card_scale(), evaluate_batch
    try:
        rank_rows(view, out)
    except ValueError as error:
        raise InputError(f"hands= {error}") from None
    counts = _by_category(out, scale)
    table_rows = tuple((category, n, Fraction(n, rows)) for category, n in counts.items())
    data: dict[str, object] = {"hands": rows, "by_category": counts}
    if name is not None:
        data["game"] = name          # as rank() reports a three-card hand's game
    return RankedBatch(out, name, scale, report=Report(f"{rows:,} hands ranked",
                                                       (Table("hands by category", ("category", "hands", "share"),
                                                              table_rows),), data))
