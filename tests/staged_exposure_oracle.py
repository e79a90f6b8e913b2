"""Brute-force reference for the staged games' exposure (tests only; slow on purpose).

Mississippi Stud and Let It Ride over a (reduced) deck when the player sees more than the game
shows him: the first K community cards, in the order they will be turned, either whole
(``sorted_ranks=None``) or only as in or out of a set of ranks (their backs, edge sorting), or by
the class of a partition of the ranks they are in (``"A|K Q J"``), until each is turned and seen
whole.  Nothing here uses a kernel or an engine: hands are classed and paid
by ``tests/staged_oracle.py`` (``five_card_class``, ``pay``, its paytables).

Every ordered deal of the cards a round uses is listed.  What the player knows at stage i is
literally what he sees: his cards and the i community cards turned (as a set: he holds them all),
and the face-down cards ahead of them that he can see, in their order (whole, or their class).
The deals are grouped by that; backward induction values each group by averaging, over its deals,
the next stage's value of what he then knows (each deal equally likely), with every option of the
stage tried (fold, raise 1x..3x; pull back or ride), ties broken as the engines do (the option that
wagers more).  A second pass plays every deal with those decisions and counts the nets.  Nothing
merges stages, and nothing assumes any symmetry of the cards.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations

from oddscalc.core.cards import parse_cards, parse_rank_set
from tests.staged_oracle import PAYTABLES, five_card_class, pay

FOLD = None          # the fold option's delta


@dataclass(frozen=True)
class Game:
    """A staged game as the brute force reads it: cards dealt to the player, the units dealt in,
    each stage's options (units added, or FOLD), the paytable (net per unit in action)."""
    player: int
    initial: int
    stages: tuple[tuple[int | None, ...], ...]
    table: dict[str, Fraction]


GAMES = {
    "mississippi-stud": lambda table: Game(2, 1, ((FOLD, 1, 2, 3),) * 3, table),
    "let-it-ride": lambda table: Game(3, 3, ((-1, 0),) * 2, table),
}
DEFAULT_TABLE = {"mississippi-stud": "standard", "let-it-ride": "default"}


@dataclass(frozen=True)
class Result:
    """Exact counts over ``total`` ordered deals: the net (per unit) of each, and the backward
    induction's own value (it must equal ``expected_return``)."""
    total: int
    net_counts: Counter[Fraction]
    value: Fraction

    @property
    def expected_return(self) -> Fraction:
        return Fraction(sum(net * n for net, n in self.net_counts.items()), self.total)


def wagered(delta: int | None) -> int:
    return -10 ** 6 if delta is FOLD else delta


class Solver:
    def __init__(self, game: Game, deck: tuple[int, ...], board_cards: int, sorted_ranks: str | None):
        self.game = game
        self.board = board_cards
        # the classes a face-down card is read as: a set's ranks (in it or not), or a partition's
        # classes ("A|K Q J", "*" naming the ranks in none), the ranks in none one class more
        self.classes = None if sorted_ranks is None else \
            [set(parse_rank_set(part)) for part in sorted_ranks.split("|") if part.strip() != "*"]
        community = 5 - game.player
        self.deals = [hand + rest for hand in combinations(deck, game.player)
                      for rest in permutations([c for c in deck if c not in hand], community)]
        self.groups: list[dict[tuple[object, ...], list[tuple[int, ...]]]] = []
        for stage in range(len(game.stages)):
            grouped: dict[tuple[object, ...], list[tuple[int, ...]]] = {}
            for deal in self.deals:
                grouped.setdefault(self.known(deal, stage), []).append(deal)
            self.groups.append(grouped)
        self.memo: dict[tuple[int, tuple[object, ...], int], tuple[Fraction, int]] = {}

    def known(self, deal: tuple[int, ...], stage: int) -> tuple[object, ...]:
        """What the player sees at a stage: his cards and the turned ones, then the face-down cards
        ahead that he can see (whole, or whether each is in the sorted ranks), in order."""
        turned = self.game.player + stage
        ahead = deal[turned:self.game.player + self.board]
        shown = tuple(ahead) if self.classes is None else \
            tuple(next((i for i, ranks in enumerate(self.classes) if card >> 2 in ranks), -1) for card in ahead)
        return (tuple(sorted(deal[:turned])), shown)

    def settle(self, deal: tuple[int, ...], units: int) -> Fraction:
        return units * pay(self.game.table, five_card_class(tuple(sorted(deal))))

    def after(self, stage: int, deal: tuple[int, ...], units: int) -> Fraction:
        if stage == len(self.game.stages):
            return self.settle(deal, units)
        return self.decision(stage, self.known(deal, stage), units)[0]

    def decision(self, stage: int, key: tuple[object, ...], units: int) -> tuple[Fraction, int]:
        """The best option's value per deal at a stage, and its index."""
        memo = (stage, key, units)
        if memo not in self.memo:
            deals = self.groups[stage][key]
            options = self.game.stages[stage]
            values = []
            for delta in options:
                if delta is FOLD:
                    values.append(Fraction(-units))
                else:
                    values.append(Fraction(sum(self.after(stage + 1, deal, units + delta) for deal in deals),
                                           len(deals)))
            best = 0
            for index in range(1, len(options)):
                if values[index] > values[best] or (values[index] == values[best]
                                                    and wagered(options[index]) > wagered(options[best])):
                    best = index
            self.memo[memo] = (values[best], best)
        return self.memo[memo]

    def play(self, deal: tuple[int, ...]) -> Fraction:
        units = self.game.initial
        for stage, options in enumerate(self.game.stages):
            delta = options[self.decision(stage, self.known(deal, stage), units)[1]]
            if delta is FOLD:
                return Fraction(-units)
            units += delta
        return self.settle(deal, units)


def exposure(game: str, deck: str | Iterable[int], board_cards: int, sorted_ranks: str | None = None,
             table: str | None = None) -> Result:
    """Every ordered deal of ``deck`` played optimally by a player who also sees the first
    ``board_cards`` community cards (whole, or sorted by ``sorted_ranks``); 0 is the plain game."""
    cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    paytable = {hand: Fraction(p) for hand, p in PAYTABLES[game][table or DEFAULT_TABLE[game]].items()}
    solver = Solver(GAMES[game](paytable), cards, board_cards, sorted_ranks)
    nets = Counter(solver.play(deal) for deal in solver.deals)
    first = solver.groups[0]
    root = sum(solver.decision(0, key, solver.game.initial)[0] * len(deals) for key, deals in first.items())
    return Result(len(solver.deals), nets, Fraction(root, len(solver.deals)))
