"""Brute-force reference for Hold'em against the dealer, issue 20 (tests only; slow on purpose).

Ultimate Texas Hold'em, Casino Hold'em and Texas Hold'em Bonus as docs/holdem-games.md states them,
over any deck (card codes ``rank * 4 + suit``, or text such as ``"As Ks Qs Js Ts 9h 2c 2d 7h"``),
in practice a reduced one of 9-11 cards (a round deals 9).  Nothing here uses a kernel or an engine:
five-card hands are valued by the plain evaluator ``oddscalc.core.oracle``, the best five of seven by
trying all 21.

The deal is cut into **groups**, dealt one after the other, each a set of cards (the order within a
group changes nothing): the player's two cards, the community cards street by street, and last the
dealer's two cards, which no decision sees (so where the real deal gives them out does not matter).
``dealer_cards_seen`` moves one or both dealer cards up, to be seen with the player's own (group
``dealer-seen``); ``board_cards_seen_early`` shows that many cards of the next street at the first
decision (group ``<street>-early``).  A decision is taken after a fixed number of groups, knowing
exactly the groups dealt so far: the players' information is always a prefix of the deal.

* Ultimate Texas Hold'em: player, flop (3), turn-river (2), dealer; decisions "preflop" (check,
  play3, play4), "flop" (check, play2), "river" (fold, play1); once the Play is made the later stages
  offer only "none".
* Casino Hold'em: player, flop, turn-river, dealer; one decision "flop" (fold, call).
* Texas Hold'em Bonus: player, flop, turn (1), river (1), dealer; decisions "preflop" (fold, bet2),
  "flop" (check, bet1), "turn" (check, bet1).

Two independent passes over the same rules, as in tests/staged_oracle.py:

* **Backward induction.**  ``Solver.total(dealt, history)`` is the objective summed over every way
  the rest of the round can be dealt; at a decision the player takes the option with the largest
  total (ties broken by ``tie_break``: ``wager_more`` puts the most at risk, ``wager_less`` the
  least); the options of one decision are dealt the same number of ways, so totals compare as
  expectations do.  Nets are scaled by ``Game.scale`` (a common denominator of every pay) so that
  every total is an exact integer.
* **Every deal.**  Every deal of the groups is dealt out, the player acting as the first pass chose
  for exactly what he has seen, and the ends are counted and settled.  Each deal of the groups
  stands for the same number of ordered deals (the product of the groups' factorials), so every
  count is reported per ordered deal: ``Analysis.total == perm(len(deck), 9)``.

The first pass's root (``Analysis.value``) must equal the second's average objective.

The unit is the Ante (Ultimate Texas Hold'em's Ante and Blind make two units).  ``average_wager``
counts what is at risk at settlement, side bets excluded.  A side bet is reported per unit of its
own stake; when a fold forfeits it, it enters the decisions at ``<side>_ratio`` of its units per
Ante (the objective, and ``value``, then include it); when it survives a fold no decision can touch
it and the objective is the main game alone.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb, factorial, lcm, perm, prod
from typing import Any

from oddscalc.core.cards import RANKS, parse_cards
from oddscalc.core.oracle import best_five_value, five_card_value

# The categories of oddscalc.core.oracle's values (their first element), weakest first.
FIVE_CARD_CLASSES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
                     "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
PAIR = FIVE_CARD_CLASSES.index("pair")

# Paytables: hand class -> what one unit wins, to one (0 a push, -1 a loss).  Five-card hands are
# classed by category, one pair by its rank ("pair-A"); two-card Bonus hands as "AA", "AKs", "AQo",
# "77", with "AA-vs-AA" when the dealer holds the other two aces.  A missing row falls back: a
# royal flush to the straight-flush row, AA-vs-AA to the AA row; then the row "else" if the table
# has one; then the wager's own default (the Blind pushes, the Casino Hold'em Ante pays 1, every
# side bet loses).
PAYTABLES: dict[str, dict[str, dict[str, Fraction | int]]] = {
    "uth-blind": {
        "A": {"royal-flush": 500, "straight-flush": 50, "four-of-a-kind": 10, "full-house": 3,
              "flush": Fraction(3, 2), "straight": 1},
        "B": {"royal-flush": 500, "straight-flush": 50, "four-of-a-kind": 10, "full-house": 3,
              "flush": Fraction(3, 2)},
    },
    "trips": {      # Pennsylvania's names (58 Pa. Code 653a.12); "florida" goes with trips_requires_win
        "A": {"royal-flush": 50, "straight-flush": 40, "four-of-a-kind": 30, "full-house": 9, "flush": 7,
              "straight": 4, "three-of-a-kind": 3},
        "B": {"royal-flush": 50, "straight-flush": 40, "four-of-a-kind": 30, "full-house": 8, "flush": 6,
              "straight": 5, "three-of-a-kind": 3},
        "C": {"royal-flush": 50, "straight-flush": 40, "four-of-a-kind": 30, "full-house": 8, "flush": 7,
              "straight": 4, "three-of-a-kind": 3},
        "D": {"royal-flush": 50, "straight-flush": 40, "four-of-a-kind": 20, "full-house": 7, "flush": 6,
              "straight": 5, "three-of-a-kind": 3},
        "florida": {"royal-flush": 50, "straight-flush": 40, "four-of-a-kind": 30, "full-house": 10, "flush": 8,
                    "straight": 6, "three-of-a-kind": 3},
    },
    "ch-ante": {
        "default": {"royal-flush": 100, "straight-flush": 20, "four-of-a-kind": 10, "full-house": 3, "flush": 2,
                    "else": 1},
        "woo-1": {"straight-flush": 20, "four-of-a-kind": 10, "full-house": 3, "flush": 2, "else": 1},
        "woo-2": {"straight-flush": 25, "four-of-a-kind": 12, "full-house": 3, "flush": 2, "else": 1},
    },
    "aa-bonus": {
        "default": {"royal-flush": 100, "straight-flush": 50, "four-of-a-kind": 40, "full-house": 30, "flush": 20,
                    "straight": 7, "three-of-a-kind": 7, "two-pair": 7, "pair-A": 7},
    },
    "thb-bonus": {
        "default": {"AA-vs-AA": 1000, "AA": 30, "AKs": 25, "AQs": 20, "AJs": 20, "AKo": 15,
                    "KK": 10, "QQ": 10, "JJ": 10, "AQo": 5, "AJo": 5, **{r + r: 3 for r in "23456789T"}},
    },
}
FALLBACK = {"royal-flush": "straight-flush", "AA-vs-AA": "AA"}

# Every parameter a game reads, with its default (the rule names of docs/holdem-games.md).  A table
# is named (a key of PAYTABLES[kind]) or given as {hand class: pay}.  dealer_qualifier is None (no
# qualifier) or the least qualifying hand: a category ("pair", "two-pair", ...) or "pair-<rank>".
_COMMON = {"dealer_cards_seen": 0, "board_cards_seen_early": 0, "tie_rule": "push",
           "tie_break": "wager_more", "aggregate_payout_cap": None}
DEFAULTS: dict[str, dict[str, Any]] = {
    "ultimate-texas-holdem": {
        "blind_paytable": "A", "trips_paytable": "C", "trips_ratio": 0, "trips_survives_fold": True,
        "trips_requires_win": False, "preflop_multiples": (3, 4), "flop_multiples": (2,), "river_multiples": (1,),
        "fold_allowed_before_river": False, "dealer_qualifier": "pair", "hole_cards_used": "any", **_COMMON},
    "casino-holdem": {
        "ante_paytable": "default", "aa_bonus_paytable": "default", "aa_bonus_ratio": 0,
        "bonus_requires_call": True, "call_multiple": 2, "dealer_qualifier": "pair-4", **_COMMON},
    "texas-holdem-bonus": {
        "ante_min_hand": "straight", "bonus_paytable": "default", "bonus_ratio": 0, "bonus_survives_fold": True,
        "flop_multiple": 2, "turn_multiple": 1, "river_multiple": 1, "dealer_qualifier": None, **_COMMON},
}

Strategy = Callable[[str, tuple[tuple[int, ...], ...], tuple[str, ...], tuple[str, ...]], str]
Value = tuple[int, ...]


# ---- hands ---------------------------------------------------------------------------------------

@cache
def hand_value(hole: tuple[int, ...], board: tuple[int, ...], hole_cards_used: str = "any") -> Value:
    """The best five-card value of two hole cards with the board: any five of the seven, or (Auckland's
    rule, ``exactly_2``) both hole cards with three of the board."""
    if hole_cards_used == "any":
        return best_five_value(hole + board)
    if hole_cards_used == "exactly_2":
        return max(five_card_value(hole + three) for three in combinations(board, 3))
    raise ValueError(f"hole_cards_used is 'any' or 'exactly_2', not {hole_cards_used!r}")


def hand_class(value: Value) -> str:
    """A five-card value's paytable class: its category, or ``pair-<rank>`` for one pair."""
    name = FIVE_CARD_CLASSES[value[0]]
    return f"pair-{RANKS[value[1]]}" if value[0] == PAIR else name


def two_card_class(hole: tuple[int, ...], dealer: tuple[int, ...]) -> str:
    """Texas Hold'em Bonus's class of the player's two cards (the dealer's matter only for AA-vs-AA)."""
    high, low = sorted((card >> 2 for card in hole), reverse=True)
    if high == low:
        both_aces = RANKS[high] == "A" and all(RANKS[card >> 2] == "A" for card in dealer)
        return "AA-vs-AA" if both_aces else RANKS[high] * 2
    suited = (hole[0] & 3) == (hole[1] & 3)
    return RANKS[high] + RANKS[low] + ("s" if suited else "o")


def pay(table: Mapping[str, Fraction], hand: str, unlisted: Fraction = Fraction(-1)) -> Fraction:
    """What one unit wins on ``hand`` under ``table`` (missing rows fall back as PAYTABLES says)."""
    while hand not in table and hand in FALLBACK:
        hand = FALLBACK[hand]
    return table.get(hand, table.get("else", unlisted))


def _table(kind: str, given: str | Mapping[str, Any]) -> dict[str, Fraction]:
    table = PAYTABLES[kind][given] if isinstance(given, str) else given
    return {hand: Fraction(p) for hand, p in table.items()}


def qualifier_key(value: Value) -> tuple[int, int]:
    """What a qualifier looks at: the category, and for one pair its rank."""
    return (value[0], value[1] if value[0] == PAIR else 0)


def parse_qualifier(text: str | None) -> tuple[int, int] | None:
    """``"pair-4"`` -> the key of the least qualifying hand (a pair of 4s); a category -> its least hand."""
    if text is None:
        return None
    category, _, rank = text.partition("-") if text.startswith("pair-") else (text, "", "")
    if category not in FIVE_CARD_CLASSES or (rank and rank not in RANKS):
        raise ValueError(f"dealer_qualifier is None, a hand category or pair-<rank>, not {text!r}")
    return (FIVE_CARD_CLASSES.index(category), RANKS.index(rank) if rank else 0)


# ---- the deal ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Group:
    name: str
    size: int


@dataclass(frozen=True)
class Stage:
    name: str
    dealt: int      # groups dealt when the player decides


def deal_order(streets: tuple[tuple[str, int], ...], decisions: tuple[tuple[str, int], ...],
               dealer_seen: int, board_early: int) -> tuple[tuple[Group, ...], tuple[Stage, ...]]:
    """The groups in the order the player meets them, and when each decision is due.

    ``streets`` are the community cards in the order they are turned; ``decisions`` name each
    decision with the number of streets turned before it.  The dealer's unseen cards come last.
    """
    if not 0 <= dealer_seen <= 2:
        raise ValueError("dealer_cards_seen is 0, 1 or 2")
    first, first_turned = decisions[0]
    if board_early and (first_turned >= len(streets) or not 0 < board_early <= streets[first_turned][1]):
        raise ValueError(f"board_cards_seen_early is 0 to the size of the street after the {first} decision")
    groups = [Group("player", 2)] + ([Group("dealer-seen", dealer_seen)] if dealer_seen else [])
    stages = []
    for turned in range(len(streets) + 1):
        for name, at in decisions:
            if at == turned:
                if name == first and board_early:
                    groups.append(Group(f"{streets[turned][0]}-early", board_early))
                stages.append(Stage(name, len(groups)))
        if turned < len(streets):
            street, size = streets[turned]
            size -= board_early if turned == first_turned else 0
            if size:
                groups.append(Group(street, size))
    if dealer_seen < 2:
        groups.append(Group("dealer", 2 - dealer_seen))
    return tuple(groups), tuple(stages)


# ---- the games -----------------------------------------------------------------------------------

class Game:
    """What the two passes need of a game; the subclasses read like the rules.

    A deal is a tuple of groups (each a sorted tuple of cards, ``groups`` order).  Every settlement
    depends on a deal only through its ``summary`` (the two hands' values and what the side bets
    look at), so the passes settle each summary once.
    """
    name: str
    streets: tuple[tuple[str, int], ...]
    decisions: tuple[tuple[str, int], ...]
    wager_of: dict[str, int]                # units an action puts at risk
    side_bet: str                           # the side bet's name, and its parameters' prefix

    def __init__(self, params: Mapping[str, Any]):
        self.params = params
        self.groups, self.stages = deal_order(self.streets, self.decisions, params["dealer_cards_seen"],
                                              params["board_cards_seen_early"])
        self.cards = sum(group.size for group in self.groups)
        names = [group.name for group in self.groups]
        self._player = names.index("player")
        self._dealer = [i for i, name in enumerate(names) if name.startswith("dealer")]
        self._board = [i for i, name in enumerate(names) if i != self._player and i not in self._dealer]
        self.qualifier = parse_qualifier(params["dealer_qualifier"])
        if params["tie_rule"] not in ("push", "dealer_wins"):
            raise ValueError(f"tie_rule is push or dealer_wins, not {params['tie_rule']!r}")
        self.hole_cards_used = "any"

    # -- what the rules say, per game

    def options(self, stage: int, history: tuple[str, ...]) -> tuple[str, ...]:
        raise NotImplementedError

    def main_net(self, summary: tuple[Any, ...], history: tuple[str, ...]) -> Fraction:
        """Net of the main wagers per Ante (after a fold the summary is not looked at)."""
        raise NotImplementedError

    def side_net(self, summary: tuple[Any, ...], history: tuple[str, ...]) -> Fraction:
        """The side bet's net per unit of its own stake."""
        raise NotImplementedError

    def side_survives_fold(self) -> bool:
        raise NotImplementedError

    def side_ratio(self) -> Fraction:
        return Fraction(self.params[f"{self.side_bet}_ratio"])

    def tables(self) -> Iterable[Mapping[str, Fraction]]:
        raise NotImplementedError

    def extra_summary(self, player: tuple[int, ...], board: tuple[int, ...],
                      dealer: tuple[int, ...]) -> tuple[Any, ...]:
        """What a side bet needs of the cards beyond the two hands' values."""
        return ()

    # -- shared

    def split(self, deal: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The player's two cards, the board, the dealer's two cards."""
        board = tuple(sorted(card for i in self._board for card in deal[i]))
        dealer = tuple(sorted(card for i in self._dealer for card in deal[i]))
        return deal[self._player], board, dealer

    def summary(self, deal: tuple[tuple[int, ...], ...]) -> tuple[Any, ...]:
        player, board, dealer = self.split(deal)
        return (hand_value(player, board, self.hole_cards_used), hand_value(dealer, board, self.hole_cards_used),
                *self.extra_summary(player, board, dealer))

    def showdown(self, summary: tuple[Any, ...]) -> int:
        """+1 if the player's hand is higher, -1 if the dealer's, 0 for equal hands (or -1 if ties lose)."""
        player, dealer = summary[0], summary[1]
        if player != dealer:
            return 1 if player > dealer else -1
        return 0 if self.params["tie_rule"] == "push" else -1

    def qualifies(self, summary: tuple[Any, ...]) -> bool:
        return self.qualifier is None or qualifier_key(summary[1]) >= self.qualifier

    def folded(self, history: tuple[str, ...]) -> bool:
        return "fold" in history

    def wagered(self, history: tuple[str, ...]) -> int:
        """Units of the main game at risk at settlement."""
        return self.base_units + sum(self.wager_of[action] for action in history)

    base_units = 1

    def objective(self, summary: tuple[Any, ...], history: tuple[str, ...]) -> Fraction:
        """What the decisions maximise: the main net, and the side bet when a fold forfeits it."""
        net = self.main_net(summary, history)
        if self.side_survives_fold() or not self.side_ratio():
            return net
        return net + self.side_ratio() * self.side_net(summary, history)

    def outcome(self, summary: tuple[Any, ...], history: tuple[str, ...]) -> tuple[str, str, bool]:
        """(player's hand class, win / tie / lose / fold, dealer qualifies): the outcome table's row."""
        result = "fold" if self.folded(history) else {1: "win", 0: "tie", -1: "lose"}[self.showdown(summary)]
        return hand_class(summary[0]), result, self.qualifies(summary)

    @property
    def scale(self) -> int:
        """A common denominator of every objective value (pays, and the side stake times its pays)."""
        denominators = [pay.denominator for table in self.tables() for pay in table.values()]
        return lcm(1, *denominators) ** 2 * self.side_ratio().denominator


class UltimateTexasHoldem(Game):
    name = "ultimate-texas-holdem"
    streets = (("flop", 3), ("turn-river", 2))
    decisions = (("preflop", 0), ("flop", 1), ("river", 2))
    side_bet = "trips"
    base_units = 2          # the Ante and the Blind

    def __init__(self, params: Mapping[str, Any]):
        super().__init__(params)
        self.hole_cards_used = params["hole_cards_used"]
        self.blind = _table("uth-blind", params["blind_paytable"])
        self.trips = _table("trips", params["trips_paytable"])
        self.sizes = (params["preflop_multiples"], params["flop_multiples"], params["river_multiples"])
        self.wager_of = {"check": 0, "fold": 0, "none": 0,
                         **{f"play{m}": int(m) for sizes in self.sizes for m in sizes}}

    def options(self, stage, history):
        if any(action.startswith("play") for action in history):
            return ("none",)                # one Play per round: nothing left to decide
        plays = tuple(f"play{m}" for m in sorted(self.sizes[stage]))
        if stage == 2:
            return ("fold", *plays)         # the river: play 1x or fold
        return ("fold",) * self.params["fold_allowed_before_river"] + ("check", *plays)

    def main_net(self, summary, history):
        if self.folded(history):
            return Fraction(-2)             # the Ante and the Blind lose
        play = self.wagered(history) - 2
        qualifies = self.qualifies(summary)
        result = self.showdown(summary)
        if result > 0:
            blind = pay(self.blind, hand_class(summary[0]), unlisted=Fraction(0))
            return (1 if qualifies else 0) + play + blind
        if result < 0:
            return -(1 if qualifies else 0) - play - 1
        return Fraction(0)

    def side_survives_fold(self):
        return bool(self.params["trips_survives_fold"])

    def side_net(self, summary, history):
        if self.folded(history) and not self.side_survives_fold():
            return Fraction(-1)
        won = pay(self.trips, hand_class(summary[0]))
        if self.params["trips_requires_win"] and won > 0:
            # the Florida rule: trips or better must also beat the dealer (equal hands push); the two
            # hands are compared even after a fold
            return won if summary[0] > summary[1] else Fraction(0 if summary[0] == summary[1] else -1)
        return won

    def tables(self):
        return (self.blind, self.trips)


class CasinoHoldem(Game):
    name = "casino-holdem"
    streets = (("flop", 3), ("turn-river", 2))
    decisions = (("flop", 1),)
    side_bet = "aa_bonus"

    def __init__(self, params: Mapping[str, Any]):
        super().__init__(params)
        self.ante = _table("ch-ante", params["ante_paytable"])
        self.bonus = _table("aa-bonus", params["aa_bonus_paytable"])
        self.wager_of = {"fold": 0, "call": int(params["call_multiple"])}
        names = [group.name for group in self.groups]
        self._flop = [i for i, name in enumerate(names) if name.startswith("flop")]

    def summary(self, deal):
        # the AA Bonus is judged on exactly five cards: the player's two and the three flop cards
        flop = tuple(card for i in self._flop for card in deal[i])
        return (*super().summary(deal), five_card_value(deal[self._player] + flop))

    def options(self, stage, history):
        return ("fold", "call")

    def main_net(self, summary, history):
        if self.folded(history):
            return Fraction(-1)
        call = self.wager_of["call"]
        ante = pay(self.ante, hand_class(summary[0]), unlisted=Fraction(1))
        if not self.qualifies(summary):
            return ante                     # the Ante is paid by its table, the Call pushes
        result = self.showdown(summary)
        return ante + call if result > 0 else Fraction(-1 - call) if result < 0 else Fraction(0)

    def side_survives_fold(self):
        return not self.params["bonus_requires_call"]

    def side_net(self, summary, history):
        if self.folded(history) and not self.side_survives_fold():
            return Fraction(-1)
        return pay(self.bonus, hand_class(summary[2]))

    def tables(self):
        return (self.ante, self.bonus)


class TexasHoldemBonus(Game):
    name = "texas-holdem-bonus"
    streets = (("flop", 3), ("turn", 1), ("river", 1))
    decisions = (("preflop", 0), ("flop", 1), ("turn", 2))
    side_bet = "bonus"

    def __init__(self, params: Mapping[str, Any]):
        super().__init__(params)
        if params["ante_min_hand"] not in FIVE_CARD_CLASSES:
            raise ValueError(f"ante_min_hand is a hand category, not {params['ante_min_hand']!r}")
        self.ante_min = FIVE_CARD_CLASSES.index(params["ante_min_hand"])
        self.bonus = _table("thb-bonus", params["bonus_paytable"])
        self.bets = (f"bet{params['flop_multiple']}", f"bet{params['turn_multiple']}",
                     f"bet{params['river_multiple']}")
        self.wager_of = {"fold": 0, "check": 0, **{bet: int(bet[3:]) for bet in self.bets}}

    def extra_summary(self, player, board, dealer):
        return (two_card_class(player, dealer),)

    def options(self, stage, history):
        return ("fold" if stage == 0 else "check", self.bets[stage])   # no check before the flop

    def main_net(self, summary, history):
        if self.folded(history):
            return Fraction(-1)
        bets = self.wagered(history) - 1
        result = self.showdown(summary)
        if result > 0:
            return Fraction(bets + (1 if summary[0][0] >= self.ante_min else 0))   # else the Ante pushes
        return Fraction(-bets - 1) if result < 0 else Fraction(0)

    def side_survives_fold(self):
        return bool(self.params["bonus_survives_fold"])

    def side_net(self, summary, history):
        if self.folded(history) and not self.side_survives_fold():
            return Fraction(-1)
        return pay(self.bonus, summary[2])

    def tables(self):
        return (self.bonus,)


GAMES: dict[str, type[Game]] = {g.name: g for g in (UltimateTexasHoldem, CasinoHoldem, TexasHoldemBonus)}
SIDE_BETS = {"ultimate-texas-holdem": "trips", "casino-holdem": "aa-bonus", "texas-holdem-bonus": "bonus"}


# ---- the two passes ------------------------------------------------------------------------------

class Solver:
    """Backward induction over every deal of the groups still to come, memoised on (dealt, history)."""

    def __init__(self, game: Game, deck: tuple[int, ...], tie_break: str, strategy: Strategy | None):
        if tie_break not in ("wager_more", "wager_less"):
            raise ValueError(f"tie_break is wager_more or wager_less, not {tie_break!r}")
        self.game, self.deck, self.tie_break, self.strategy = game, deck, tie_break, strategy
        self.scale = game.scale
        # ways[k]: how many ways the groups after the first k can be dealt
        left = [len(deck) - sum(g.size for g in game.groups[:k]) for k in range(len(game.groups) + 1)]
        self.ways = [prod(comb(left[j], game.groups[j].size) for j in range(k, len(game.groups)))
                     for k in range(len(game.groups) + 1)]
        self._totals: dict[Any, int] = {}
        self._choices: dict[Any, str] = {}
        self._objectives: dict[Any, int] = {}
        self._summaries: dict[Any, tuple[Any, ...]] = {}
        self._next: dict[Any, list[tuple[int, ...]]] = {}

    def due(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> int | None:
        """The stage to decide now, if one is due."""
        stage = len(history)
        if (not self.game.folded(history) and stage < len(self.game.stages)
                and len(dealt) == self.game.stages[stage].dealt):
            return stage
        return None

    def next_groups(self, dealt: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
        """Every way the next group can be dealt (each a sorted tuple), all equally likely."""
        if dealt not in self._next:
            used = {card for group in dealt for card in group}
            unseen = sorted(card for card in self.deck if card not in used)
            self._next[dealt] = list(combinations(unseen, self.game.groups[len(dealt)].size))
        return self._next[dealt]

    def summary(self, deal: tuple[tuple[int, ...], ...]) -> tuple[Any, ...]:
        if deal not in self._summaries:
            self._summaries[deal] = self.game.summary(deal)
        return self._summaries[deal]

    def scaled_objective(self, summary: tuple[Any, ...] | None, history: tuple[str, ...]) -> int:
        key = (summary, history)
        if key not in self._objectives:
            scaled = self.game.objective(summary or (), history) * self.scale
            assert scaled.denominator == 1, "Game.scale must clear every denominator"
            self._objectives[key] = scaled.numerator
        return self._objectives[key]

    def total(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> int:
        """The objective times ``scale``, summed over every way the rest of the round can be dealt."""
        complete = len(dealt) == len(self.game.groups)
        if self.game.folded(history) and not complete:
            # a fold settles now: the main net, and a forfeited side bet, owe nothing to the cards to come
            return self.scaled_objective(None, history) * self.ways[len(dealt)]
        key = (dealt, history)
        if key not in self._totals:
            if self.due(dealt, history) is not None:      # first: a decision may follow the last group
                result = self.total(dealt, (*history, self.choose(dealt, history)))
            elif complete:
                return self.scaled_objective(self.summary(dealt), history)     # leaves are not memoised
            else:
                result = sum(self.total((*dealt, group), history) for group in self.next_groups(dealt))
            self._totals[key] = result
        return self._totals[key]

    def value(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> Fraction:
        """The expected objective from this point on."""
        return Fraction(self.total(dealt, history), self.ways[len(dealt)] * self.scale)

    def option_values(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> dict[str, Fraction]:
        stage = self.due(dealt, history)
        assert stage is not None
        return {a: self.value(dealt, (*history, a)) for a in self.game.options(stage, history)}

    def choose(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> str:
        key = (dealt, history)
        if key not in self._choices:
            stage = self.due(dealt, history)
            assert stage is not None
            options = self.game.options(stage, history)
            if len(options) == 1:
                action = options[0]
            elif self.strategy is not None:
                action = self.strategy(self.game.stages[stage].name, dealt, history, options)
                if action not in options:
                    raise ValueError(f"strategy chose {action!r}, not one of {options}")
            else:
                totals = {a: self.total(dealt, (*history, a)) for a in options}
                best = max(totals.values())
                tied = [a for a in options if totals[a] == best]
                # wager_more: the most at risk, and staying in rather than folding when both risk nothing
                pick = max if self.tie_break == "wager_more" else min
                action = pick(tied, key=lambda a: (self.game.wager_of[a], a != "fold"))
            self._choices[key] = action
        return self._choices[key]


@dataclass(frozen=True)
class Analysis:
    game: str
    total: int                                  # ordered deals
    value: Fraction                             # backward induction's value of the round (the objective)
    expected_return: Fraction                   # main wagers' net per Ante
    net_counts: dict[Fraction, int]             # main net per Ante -> deals
    action_counts: dict[str, dict[str, int]]    # stage -> action (or "not-reached" after a fold) -> deals
    average_wager: Fraction                     # main-game units at risk at settlement, per round
    side_bets: dict[str, dict[Fraction, int]]   # side bet -> net per unit of its stake -> deals
    outcomes: dict[tuple[str, str, bool], int]  # (player's hand class, win/tie/lose/fold, dealer qualifies) -> deals
    policy: dict[tuple[Any, ...], str]          # (groups seen, history) -> the action taken there

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        return self.house_edge / self.average_wager

    @property
    def action_probabilities(self) -> dict[str, dict[str, Fraction]]:
        return {stage: {a: Fraction(n, self.total) for a, n in counts.items()}
                for stage, counts in self.action_counts.items()}

    def side_bet_return(self, name: str) -> Fraction:
        return Fraction(sum(net * n for net, n in self.side_bets[name].items()), self.total)

    def probability(self, hand: str | None = None, result: str | None = None,
                    qualifies: bool | None = None) -> Fraction:
        """The probability of the outcome rows matching every criterion given."""
        matching = sum(n for (h, r, q), n in self.outcomes.items()
                       if hand in (None, h) and result in (None, r) and qualifies in (None, q))
        return Fraction(matching, self.total)

    def strategy(self) -> Strategy:
        """The decisions taken here, as a fixed strategy (to replay them under other rules)."""
        return lambda stage, dealt, history, options: self.policy[(dealt, history)]


def parameters(game: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's defaults with ``params`` over them (an unknown name is refused)."""
    if game not in DEFAULTS:
        raise ValueError(f"no game {game!r}; the games are {sorted(DEFAULTS)}")
    merged = dict(DEFAULTS[game])
    unknown = set(params or {}) - set(merged)
    if unknown:
        raise ValueError(f"{game} has no parameter {sorted(unknown)}; it has {sorted(merged)}")
    merged.update(params or {})
    if merged["aggregate_payout_cap"] is not None:
        raise ValueError("aggregate_payout_cap is not modelled by the oracle (the rules ignore it by default)")
    return merged


def _deck(deck: str | Iterable[int], needed: int, game: str) -> tuple[int, ...]:
    cards = tuple(parse_cards(deck)) if isinstance(deck, str) else tuple(deck)
    if len(set(cards)) != len(cards) or len(cards) < needed:
        raise ValueError(f"{game} needs at least {needed} distinct cards")
    return cards


def analyze(game: str, deck: str | Iterable[int], params: Mapping[str, Any] | None = None,
            strategy: Strategy | None = None) -> Analysis:
    """Every deal of ``deck`` played optimally (or by ``strategy``), counted exactly."""
    settings = parameters(game, params)
    rules = GAMES[game](settings)
    cards = _deck(deck, rules.cards, game)
    solver = Solver(rules, cards, settings["tie_break"], strategy)
    value = solver.value((), ())
    actions = {stage.name: Counter[str]() for stage in rules.stages}
    ends: Counter[tuple[Any, ...]] = Counter()     # (summary, history) -> deals of the groups

    def deal_on(dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> None:
        # every deal of the groups; a decision is taken once for the cards it sees and counts for
        # every deal that shares them; after a fold the cards are still dealt, for the side bet
        stage = solver.due(dealt, history)
        if stage is None and len(dealt) == len(rules.groups):
            ends[(solver.summary(dealt), history)] += 1
            return
        if stage is not None:
            action = solver.choose(dealt, history)
            actions[rules.stages[stage].name][action] += solver.ways[len(dealt)]
            if action == "fold":
                for later in rules.stages[stage + 1:]:
                    actions[later.name]["not-reached"] += solver.ways[len(dealt)]
            deal_on(dealt, (*history, action))
            return
        for group in solver.next_groups(dealt):
            deal_on((*dealt, group), history)

    deal_on((), ())
    orders = prod(factorial(group.size) for group in rules.groups)     # ordered deals per deal of the groups
    nets: Counter[Fraction] = Counter()
    sides: Counter[Fraction] = Counter()
    outcomes: Counter[tuple[str, str, bool]] = Counter()
    wagered = objective = Fraction(0)
    for (summary, history), n in ends.items():
        nets[rules.main_net(summary, history)] += n * orders
        sides[rules.side_net(summary, history)] += n * orders
        outcomes[rules.outcome(summary, history)] += n * orders
        wagered += rules.wagered(history) * n
        objective += rules.objective(summary, history) * n
    deals = sum(ends.values())
    assert deals == solver.ways[0] and deals * orders == perm(len(cards), rules.cards)
    assert objective / deals == value, "the two passes disagree"
    return Analysis(
        game=game, total=deals * orders, value=value,
        expected_return=Fraction(sum(net * n for net, n in nets.items()), deals * orders),
        net_counts=dict(nets), action_counts={s: {a: n * orders for a, n in c.items()} for s, c in actions.items()},
        average_wager=wagered / deals, side_bets={SIDE_BETS[game]: dict(sides)}, outcomes=dict(outcomes),
        policy=dict(solver._choices))


def decide(game: str, deck: str | Iterable[int], seen: Iterable[Iterable[int] | str], history: Iterable[str] = (),
           params: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """Each option's expected value per Ante at the decision due after the groups ``seen`` (one entry
    per group, in deal order: the player's cards, then the streets) and ``history``, later decisions
    taken optimally: what ``analyze`` compares."""
    settings = parameters(game, params)
    rules = GAMES[game](settings)
    cards = _deck(deck, rules.cards, game)
    dealt = tuple(tuple(sorted(parse_cards(g) if isinstance(g, str) else g)) for g in seen)
    shown = [card for group in dealt for card in group]
    if not set(shown) <= set(cards) or len(set(shown)) != len(shown):
        raise ValueError("the seen cards must be distinct cards of the deck")
    if any(len(group) != g.size for group, g in zip(dealt, rules.groups, strict=False)):
        raise ValueError(f"the groups are {[(g.name, g.size) for g in rules.groups]}")
    solver = Solver(rules, cards, settings["tie_break"], None)
    if solver.due(dealt, tuple(history)) is None:
        raise ValueError(f"no decision is due after {len(dealt)} groups and {tuple(history)}")
    return solver.option_values(dealt, tuple(history))


# ---- dealer cards read by rank class -------------------------------------------------------------

class ReadSolver(Solver):
    """The dealer's unseen cards known only by rank class: ``reads`` gives a rank set for each of the
    first cards of the dealer's unseen group.  A read card is one particular card of his hand, so
    the group is dealt as ordered cards (each read card any unseen card of its ranks, the rest any
    of what is left) and entered as the sorted group once per order: a group whose two cards could
    each be the read one is counted twice.  No decision sees the group, so every decision is taken
    on the read alone; totals are over these weighted deals and ``value`` divides by their count."""

    def __init__(self, game: Game, deck: tuple[int, ...], tie_break: str, reads: tuple[frozenset[int], ...]):
        super().__init__(game, deck, tie_break, None)
        if len(reads) > game.groups[-1].size or not game.groups[-1].name == "dealer":
            raise ValueError("the reads name cards of the dealer's unseen group")
        self.reads = reads
        self._counts: dict[Any, int] = {}

    def next_groups(self, dealt: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
        if len(dealt) != len(self.game.groups) - 1:
            return super().next_groups(dealt)
        if dealt not in self._next:
            used = {card for group in dealt for card in group}
            unseen = [card for card in self.deck if card not in used]
            size = self.game.groups[-1].size
            found = []
            for order in permutations(unseen, size):
                # the read cards in order, the others as a set (each set once: ascending)
                read, others = order[:len(self.reads)], order[len(self.reads):]
                if all(card // 4 in ranks for card, ranks in zip(read, self.reads, strict=True)) \
                        and list(others) == sorted(others):
                    found.append(tuple(sorted(order)))
            self._next[dealt] = found
        return self._next[dealt]

    def count(self, dealt: tuple[tuple[int, ...], ...]) -> int:
        """The weighted deals from ``dealt`` on."""
        if len(dealt) == len(self.game.groups):
            return 1
        if dealt not in self._counts:
            self._counts[dealt] = sum(self.count((*dealt, group)) for group in self.next_groups(dealt))
        return self._counts[dealt]

    def value(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> Fraction:
        return Fraction(self.total(dealt, history), self.count(dealt) * self.scale)

    def total(self, dealt: tuple[tuple[int, ...], ...], history: tuple[str, ...]) -> int:
        if self.game.folded(history) and len(dealt) < len(self.game.groups):
            return self.scaled_objective(None, history) * self.count(dealt)
        return super().total(dealt, history)


def decide_read(game: str, deck: str | Iterable[int], seen: Iterable[Iterable[int] | str], reads: Iterable[str],
                params: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """``decide`` at the first decision with the dealer's unseen cards read by rank class (``reads``:
    rank letters per card, as ``"A"`` or ``"K Q J"``), every later decision on the same read."""
    settings = parameters(game, params)
    rules = GAMES[game](settings)
    cards = _deck(deck, rules.cards, game)
    dealt = tuple(tuple(sorted(parse_cards(g) if isinstance(g, str) else g)) for g in seen)
    classes = tuple(frozenset(RANKS.index(r) for r in read.split()) for read in reads)
    solver = ReadSolver(rules, cards, settings["tie_break"], classes)
    if solver.due(dealt, ()) is None:
        raise ValueError(f"no decision is due after {len(dealt)} groups")
    return solver.option_values(dealt, ())
