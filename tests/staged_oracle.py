"""Brute-force reference for the staged games of issue 19 (tests only; slow on purpose).

Mississippi Stud, Let It Ride and Ultimate Three Card Poker as docs/staged-games.md states them, over
any deck (card codes ``rank * 4 + suit``, or text such as ``"Js Jh 2c 4d 7s 9h"``), usually a reduced
one of 6-16 cards.  Nothing here uses a kernel or an engine: hands are valued by the plain evaluator
``oddscalc.core.oracle``.

How it works, in two independent passes over the same rules:

* **Backward induction.**  ``Solver.value(seen, history)`` is the expected net of a round given the cards the
  player has seen (a prefix of the ordered deal) and what he has done.  At a chance node the next
  card is each unseen card in turn, equally likely; at a decision node the player takes the option
  with the highest expected value (ties broken by ``tie_break``: ``wager_more`` takes the option that
  puts the most at risk, ``wager_less`` the least); at the end the round is settled.
* **Every ordered deal.**  The ordered deals of the cards a round uses are dealt out card by card,
  every one of them: when a decision is due the player takes the action backward induction chose
  for exactly the cards he has seen, and each deal is settled.  The nets are counted, so every figure
  is an exact count over ``total`` deals.

The two must agree (``Analysis.value`` is the first pass's root, ``expected_return`` the second's).

Interface: ``analyze(game, deck, params=None, strategy=None) -> Analysis`` with ``game`` one of
``mississippi-stud``, ``let-it-ride``, ``ultimate-three-card-poker`` and ``params`` a plain dict
over ``DEFAULTS[game]`` (tables by name from ``PAYTABLES`` or given as ``{hand class: pay}``);
``decide(game, deck, seen, history=(), params=None)`` gives each option's expected value at one
decision.

Deal order (what the player sees is always a prefix of the ordered deal):

* Mississippi Stud: 2 hole cards, then the 3 community cards in the order they are turned; the
  decisions ("3rd-street", "4th-street", "5th-street") come after 2, 3 and 4 cards; the 3 Card Bonus
  is judged on the community cards, ``deal[2:5]``.
* Let It Ride: the player's 3 cards, then the 2 community cards; decisions "decision-1" and
  "decision-2" after 3 and 4 cards; the 3 Card Bonus is judged on ``deal[:3]``.
* Ultimate Three Card Poker: the player's 3 cards, then the dealer's 3 cards; with
  ``dealer_upcards = 1`` the dealer's first card (a uniformly random one of his three, by symmetry)
  is shown, so the one decision ("decision") comes after 4 cards, else after 3.

Actions, in increasing order of what they put at risk: Mississippi Stud ``fold, bet1, bet2, bet3``;
Let It Ride ``pull, ride``; Ultimate Three Card Poker ``fold, play1`` (``play2, play3`` too with a pair
or better).  A strategy given to ``analyze`` (``strategy(stage, info, history, options) -> action``)
replaces the optimal player in both passes, to price fixed strategies; ``info`` is ``state_key``'s
view of the seen cards (sorted within each group, which is all a payoff can depend on).

Units and wagers: the unit is the Ante (Mississippi Stud, Ultimate Three Card Poker, where Ante and
Blind make two units) or one of the three Let It Ride bets.  ``average_wager`` counts what is risked
at settlement: Ante and street bets (folded ones included), the bets left riding, Ante + Blind + Play.
Side bets are separate wagers reported per unit of their own stake; Pair Plus enters the Ultimate
Three Card Poker decision only when a fold forfeits it, for ``pairplus_ratio`` Pair Plus units per
Ante (``Analysis.value`` then includes it).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import perm
from typing import Any

from oddscalc.core.cards import RANKS, parse_cards
from oddscalc.core.oracle import five_card_value, three_card_value

# The categories of oddscalc.core.oracle's values (its first element), weakest first.
FIVE_CARD_CLASSES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
                     "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
THREE_CARD_CLASSES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")

# Paytables: hand class -> what one unit in action wins, to one (0 is a push).  Five-card pairs are
# classed by their rank ("pair-J"); a three-card straight flush of A-K-Q is "mini-royal".  A royal
# flush or mini royal missing from a table is paid as a straight flush (a table without the row).
# An unlisted hand loses, except on the UTCP Blind, where an unlisted winning hand pushes.
PAYTABLES: dict[str, dict[str, dict[str, Fraction | int]]] = {
    "mississippi-stud": {
        "standard": {"royal-flush": 500, "straight-flush": 100, "four-of-a-kind": 40, "full-house": 10,
                     "flush": 6, "straight": 4, "three-of-a-kind": 3, "two-pair": 2,
                     **{f"pair-{r}": 1 for r in "JQKA"}, **{f"pair-{r}": 0 for r in "6789T"}},
    },
    "let-it-ride": {
        "default": {"royal-flush": 1000, "straight-flush": 200, "four-of-a-kind": 50, "full-house": 11,
                    "flush": 8, "straight": 5, "three-of-a-kind": 3, "two-pair": 2,
                    **{f"pair-{r}": 1 for r in "TJQKA"}},
        "isle-of-capri": {"royal-flush": 500, "straight-flush": 100, "four-of-a-kind": 25, "full-house": 15,
                          "flush": 10, "straight": 5, "three-of-a-kind": 3, "two-pair": 2,
                          **{f"pair-{r}": 1 for r in "TJQKA"}},
    },
    "3-card-bonus": {
        "default": {"mini-royal": 50, "straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 3,
                    "pair": 1},
        "flush-4": {"mini-royal": 50, "straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 4,
                    "pair": 1},
        "no-mini-royal": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 5, "flush": 4, "pair": 1},
    },
    "utcp-blind": {
        "default": {"mini-royal": 100, "straight-flush": 8, "three-of-a-kind": 6, "straight": Fraction(3, 2),
                    "flush": 1},
        "alternative": {"mini-royal": 100, "straight-flush": 20, "three-of-a-kind": 10, "straight": 2, "flush": 1},
    },
    "pair-plus": {
        "default": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 3, "pair": 1},
        "flush-4": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 4, "pair": 1},
        "mini-royal-50": {"mini-royal": 50, "straight-flush": 40, "three-of-a-kind": 30, "straight": 6,
                          "flush": 3, "pair": 1},
    },
}
# Mississippi Stud's straight 5-1 table differs from the standard one in one row.
PAYTABLES["mississippi-stud"]["straight5"] = {**PAYTABLES["mississippi-stud"]["standard"], "straight": 5}
PAYTABLES["let-it-ride"]["royal-500"] = {**PAYTABLES["let-it-ride"]["default"], "royal-flush": 500}

# Every parameter a game reads, with its default; a table may be named (a key of PAYTABLES) or given.
# The rules' names where they have one; royal_pay None keeps the table's own royal (1000 by default).
DEFAULTS: dict[str, dict[str, Any]] = {
    "mississippi-stud": {"paytable": "standard", "bonus_paytable": "default", "street_multiples": (1, 2, 3),
                         "tie_break": "wager_more", "aggregate_payout_cap": None},
    "let-it-ride": {"paytable": "default", "royal_pay": None, "bonus_paytable": "default",
                    "tie_break": "wager_more", "aggregate_payout_cap": None},
    "ultimate-three-card-poker": {"blind_paytable": "default", "pairplus_paytable": "default",
                                  "pairplus_ratio": 0, "pairplus_survives_fold": False, "dealer_upcards": 1,
                                  "play_needs_qualifier": False, "play_multiples_pair_or_better": (1, 2, 3),
                                  "play_multiples_below_pair": (1,), "a23_rank": "lowest",
                                  "tie_break": "wager_more", "aggregate_payout_cap": None},
}

Strategy = Callable[[str, tuple[Any, ...], tuple[str, ...], tuple[str, ...]], str]


# ---- hand classes and pays ---------------------------------------------------------------------

@cache
def five_card_class(cards: tuple[int, ...]) -> str:
    """Class of exactly five cards: a category name, or ``pair-<rank>`` for one pair."""
    value = five_card_value(cards)
    name = FIVE_CARD_CLASSES[value[0]]
    return f"pair-{RANKS[value[1]]}" if name == "pair" else name


@cache
def three_card_value_of(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The three-card value (Three Card Poker order: A-2-3 the lowest straight, A-K-Q the highest)."""
    return three_card_value(cards)


def three_card_class(cards: tuple[int, ...]) -> str:
    """Class of three cards under the three-card ranking; A-K-Q suited is ``mini-royal``."""
    value = three_card_value_of(tuple(sorted(cards)))
    name = THREE_CARD_CLASSES[value[0]]
    return "mini-royal" if name == "straight-flush" and value[1] == RANKS.index("A") else name


def pay(table: Mapping[str, Fraction], hand_class: str, unlisted: Fraction = Fraction(-1)) -> Fraction:
    """What one unit wins on ``hand_class``; a missing top row is paid as a straight flush."""
    if hand_class in table:
        return table[hand_class]
    if hand_class in ("royal-flush", "mini-royal") and "straight-flush" in table:
        return table["straight-flush"]
    return unlisted


# ---- the games ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stage:
    name: str
    seen: int       # cards of the ordered deal the player has seen when he decides


class Game:
    """What the two passes need of a game; the subclasses read like the rules."""
    name: str
    cards: int                              # cards one round deals
    stages: tuple[Stage, ...]
    groups: tuple[tuple[int, int], ...]     # slices of the deal within which order never matters
    settled_groups: tuple[tuple[int, int], ...]     # the same for every wager's settlement, side bets too
    wager_of: dict[str, int]                # units each action puts at risk (whole multiples)

    def __init__(self, params: Mapping[str, Any]):
        self.params = params

    def state_key(self, seen: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        # Within a group the order the cards came in changes neither the options nor any settlement,
        # and the unseen cards are equally likely in every order whatever it was: so the value of a
        # state depends on each group's cards as a set, and sorting them is a sound memo key.
        return tuple(tuple(sorted(seen[a:b])) for a, b in self.groups)

    def end_key(self, deal: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        # every wager, side bets too, is settled on these groups of the deal taken as sets
        return tuple(tuple(sorted(deal[a:b])) for a, b in self.settled_groups)

    def folded(self, history: tuple[str, ...]) -> bool:
        return bool(history) and history[-1] == "fold"

    def over(self, seen: tuple[int, ...], history: tuple[str, ...]) -> bool:
        return self.folded(history) or len(seen) == self.cards

    def options(self, stage: int, seen: tuple[int, ...], history: tuple[str, ...]) -> tuple[str, ...]:
        raise NotImplementedError

    def main_net(self, deal: tuple[int, ...], history: tuple[str, ...]) -> Fraction:
        """Net of the main wagers per unit (``deal`` may stop at a fold: nothing after it counts)."""
        raise NotImplementedError

    def objective(self, deal: tuple[int, ...], history: tuple[str, ...]) -> Fraction:
        """What the player's decisions maximise: the main net, plus any side bet a decision can lose."""
        return self.main_net(deal, history)

    def wagered(self, history: tuple[str, ...]) -> int:
        """Units at risk when the round is settled (side bets excluded)."""
        raise NotImplementedError

    def side_nets(self, deal: tuple[int, ...], history: tuple[str, ...]) -> dict[str, Fraction]:
        """Each side bet's net per unit of its own stake, on the full deal."""
        raise NotImplementedError


def _table(kind: str | None, game: str, given: str | Mapping[str, Any]) -> dict[str, Fraction]:
    table = PAYTABLES[kind or game][given] if isinstance(given, str) else given
    return {hand: Fraction(p) for hand, p in table.items()}


class MississippiStud(Game):
    name = "mississippi-stud"
    cards = 5
    stages = (Stage("3rd-street", 2), Stage("4th-street", 3), Stage("5th-street", 4))
    groups = ((0, 5),)      # the hand is the five cards, hole or community alike
    settled_groups = ((0, 2), (2, 5))   # the 3 Card Bonus is on the community cards

    def __init__(self, params: Mapping[str, Any]):
        super().__init__(params)
        self.table = _table(None, self.name, params["paytable"])
        self.bonus = _table("3-card-bonus", self.name, params["bonus_paytable"])
        self.wager_of = {"fold": 0, **{f"bet{m}": int(m) for m in params["street_multiples"]}}

    def options(self, stage, seen, history):
        return tuple(self.wager_of)         # the same choice at every street

    def wagered(self, history):
        return 1 + sum(self.wager_of[a] for a in history)

    def main_net(self, deal, history):
        staked = self.wagered(history)
        if self.folded(history):
            return Fraction(-staked)        # a fold forfeits the Ante and every street bet so far
        return pay(self.table, five_card_class(tuple(sorted(deal)))) * staked

    def side_nets(self, deal, history):
        # the 3 Card Bonus is judged on the three community cards and stays in action after a fold
        return {"3-card-bonus": pay(self.bonus, three_card_class(deal[2:5]))}


class LetItRide(Game):
    name = "let-it-ride"
    cards = 5
    stages = (Stage("decision-1", 3), Stage("decision-2", 4))
    groups = ((0, 5),)
    settled_groups = ((0, 3), (3, 5))   # the 3 Card Bonus is on the player's cards
    wager_of = {"pull": 0, "ride": 1}

    def __init__(self, params: Mapping[str, Any]):
        super().__init__(params)
        self.table = _table(None, self.name, params["paytable"])
        if params["royal_pay"] is not None:
            self.table["royal-flush"] = Fraction(params["royal_pay"])
        self.bonus = _table("3-card-bonus", self.name, params["bonus_paytable"])

    def options(self, stage, seen, history):
        return ("pull", "ride")             # allowed whatever was done with the first bet

    def wagered(self, history):
        return 1 + sum(self.wager_of[a] for a in history)   # the "$" bet can never be pulled

    def main_net(self, deal, history):
        return pay(self.table, five_card_class(tuple(sorted(deal)))) * self.wagered(history)

    def side_nets(self, deal, history):
        # the 3 Card Bonus is judged on the player's own three cards; pulling does not touch it
        return {"3-card-bonus": pay(self.bonus, three_card_class(deal[:3]))}


class UltimateThreeCardPoker(Game):
    name = "ultimate-three-card-poker"
    cards = 6
    groups = ((0, 3), (3, 6))   # the player's cards, the dealer's (the upcard first, while alone)
    settled_groups = groups

    def __init__(self, params: Mapping[str, Any]):
        super().__init__(params)
        if params["a23_rank"] != "lowest":
            raise ValueError("a23_rank: only 'lowest' (A-2-3 the lowest straight) is modelled")
        if params["dealer_upcards"] not in (0, 1):
            raise ValueError("dealer_upcards is 0 or 1")
        self.stages = (Stage("decision", 3 + params["dealer_upcards"]),)
        self.blind = _table("utcp-blind", self.name, params["blind_paytable"])
        self.pairplus = _table("pair-plus", self.name, params["pairplus_paytable"])
        self.ratio = Fraction(params["pairplus_ratio"])
        multiples = sorted({*params["play_multiples_pair_or_better"], *params["play_multiples_below_pair"]})
        self.wager_of = {"fold": 0, **{f"play{m}": int(m) for m in multiples}}

    def options(self, stage, seen, history):
        pair_or_better = three_card_class(seen[:3]) != "high-card"
        key = "play_multiples_pair_or_better" if pair_or_better else "play_multiples_below_pair"
        return ("fold", *(f"play{m}" for m in sorted(self.params[key])))

    def wagered(self, history):
        return 2 + sum(self.wager_of[a] for a in history)   # Ante + Blind, and the Play

    @staticmethod
    def qualifies(dealer_value: tuple[int, ...]) -> bool:
        # queen high or better: any pair or better, or a high card topped by Q, K or A
        return dealer_value[0] > 0 or dealer_value[1] >= RANKS.index("Q")

    def main_net(self, deal, history):
        if self.folded(history):
            return Fraction(-2)             # the Ante and the Blind lose
        play = self.wager_of[history[-1]]
        player = three_card_value_of(tuple(sorted(deal[:3])))
        dealer = three_card_value_of(tuple(sorted(deal[3:6])))
        qualifies = self.qualifies(dealer)
        play_settles = qualifies or not self.params["play_needs_qualifier"]
        if player > dealer:
            ante = Fraction(1 if qualifies else 0)
            blind = pay(self.blind, three_card_class(deal[:3]), unlisted=Fraction(0))
            return ante + (play if play_settles else 0) + blind
        if player < dealer:
            ante = Fraction(-1 if qualifies else 0)
            return ante - (play if play_settles else 0) - 1
        return Fraction(0)                  # equal hands: every wager pushes

    def pairplus_net(self, deal, history):
        if self.folded(history) and not self.params["pairplus_survives_fold"]:
            return Fraction(-1)
        return pay(self.pairplus, three_card_class(deal[:3]))

    def objective(self, deal, history):
        # Pair Plus is judged on the player's cards alone; only a fold that forfeits it lets a
        # decision change it, and then the player decides for the whole wager
        if self.params["pairplus_survives_fold"] or not self.ratio:
            return self.main_net(deal, history)
        return self.main_net(deal, history) + self.ratio * self.pairplus_net(deal, history)

    def side_nets(self, deal, history):
        return {"pair-plus": self.pairplus_net(deal, history)}


GAMES: dict[str, type[Game]] = {g.name: g for g in (MississippiStud, LetItRide, UltimateThreeCardPoker)}


# ---- the two passes ----------------------------------------------------------------------------

class Solver:
    """Backward induction over every ordering of the unseen cards, memoised on state keys.

    It works with totals rather than averages: ``total(seen, history)`` is the objective summed over
    every way the rest of the round can be dealt, all equally likely.  The options of a decision are
    dealt the same number of ways, so comparing their totals compares their expected values; and
    totals of integer nets stay integers, which keeps the sums cheap (a net is an ``int`` when it is
    whole and a ``Fraction`` otherwise: exact either way).
    """

    def __init__(self, game: Game, deck: tuple[int, ...], tie_break: str, strategy: Strategy | None):
        if tie_break not in ("wager_more", "wager_less"):
            raise ValueError(f"tie_break is wager_more or wager_less, not {tie_break!r}")
        self.game, self.deck, self.tie_break, self.strategy = game, deck, tie_break, strategy
        self._totals: dict[Any, int | Fraction] = {}
        self._choices: dict[Any, str] = {}

    def ways(self, seen: tuple[int, ...]) -> int:
        """How many ways the rest of the round can be dealt after ``seen``."""
        return perm(len(self.deck) - len(seen), self.game.cards - len(seen))

    def due(self, seen: tuple[int, ...], history: tuple[str, ...]) -> int | None:
        """The stage to decide now, if one is due."""
        stage = len(history)
        if stage < len(self.game.stages) and len(seen) == self.game.stages[stage].seen:
            return stage
        return None

    def total(self, seen: tuple[int, ...], history: tuple[str, ...]) -> int | Fraction:
        key = (self.game.state_key(seen), history)
        if key not in self._totals:
            if self.game.over(seen, history):
                # settled now: a fold's net does not depend on the cards still to come
                net = self.game.objective(seen, history)
                result: int | Fraction = (net.numerator if net.denominator == 1 else net) * self.ways(seen)
            elif self.due(seen, history) is not None:
                result = self.total(seen, (*history, self.choose(seen, history)))
            else:
                result = sum(self.total((*seen, card), history) for card in self.deck if card not in seen)
            self._totals[key] = result
        return self._totals[key]

    def value(self, seen: tuple[int, ...], history: tuple[str, ...]) -> Fraction:
        """The expected objective from this point on."""
        return Fraction(self.total(seen, history), self.ways(seen))

    def option_values(self, seen: tuple[int, ...], history: tuple[str, ...]) -> dict[str, Fraction]:
        """Each option's expected value at the decision due now (later decisions as the policy takes them)."""
        stage = self.due(seen, history)
        assert stage is not None
        return {a: self.value(seen, (*history, a)) for a in self.game.options(stage, seen, history)}

    def choose(self, seen: tuple[int, ...], history: tuple[str, ...]) -> str:
        key = (self.game.state_key(seen), history)
        if key not in self._choices:
            stage = self.due(seen, history)
            assert stage is not None
            options = self.game.options(stage, seen, history)
            if self.strategy is not None:
                action = self.strategy(self.game.stages[stage].name, self.game.state_key(seen), history, options)
                if action not in options:
                    raise ValueError(f"strategy chose {action!r}, not one of {options}")
            else:
                totals = {a: self.total(seen, (*history, a)) for a in options}
                best = max(totals.values())
                tied = [a for a in options if totals[a] == best]
                pick = max if self.tie_break == "wager_more" else min
                action = pick(tied, key=lambda a: self.game.wager_of[a])
            self._choices[key] = action
        return self._choices[key]


@dataclass(frozen=True)
class Analysis:
    game: str
    total: int                                  # ordered deals enumerated
    value: Fraction                             # backward induction's value of the round (the objective)
    expected_return: Fraction                   # main wagers' net per unit, averaged over the deals
    net_counts: dict[Fraction, int]             # main net per unit -> deals
    action_counts: dict[str, dict[str, int]]    # stage -> action (or "not-reached") -> deals
    average_wager: Fraction                     # units at risk at settlement, per round
    side_bets: dict[str, dict[Fraction, int]]   # side bet -> net per unit of its stake -> deals

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


def parameters(game: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's defaults with ``params`` over them (an unknown name is refused)."""
    merged = dict(DEFAULTS[game])
    unknown = set(params or {}) - set(merged)
    if unknown:
        raise ValueError(f"{game} has no parameter {sorted(unknown)}; it has {sorted(merged)}")
    merged.update(params or {})
    if merged["aggregate_payout_cap"] is not None:
        raise ValueError("aggregate_payout_cap is not modelled by the oracle (the rules ignore it by default)")
    return merged


def analyze(game: str, deck: str | Iterable[int], params: Mapping[str, Any] | None = None,
            strategy: Strategy | None = None) -> Analysis:
    """Every ordered deal of ``deck`` played optimally (or by ``strategy``), counted exactly."""
    settings = parameters(game, params)
    rules = GAMES[game](settings)
    cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    if len(set(cards)) != len(cards) or len(cards) < rules.cards:
        raise ValueError(f"{game} needs at least {rules.cards} distinct cards")
    solver = Solver(rules, cards, settings["tie_break"], strategy)
    actions = {stage.name: Counter[str]() for stage in rules.stages}
    # Deals are counted by how they end (the cards as the settlements see them, and what the player
    # did); each such end is then settled once.
    ends: Counter[tuple[Any, ...]] = Counter()

    def deals_from(seen: tuple[int, ...]) -> int:
        return perm(len(cards) - len(seen), rules.cards - len(seen))

    def deal_on(seen: tuple[int, ...], history: tuple[str, ...]) -> None:
        # every ordered deal, card by card: a decision is taken once for the prefix it sees, and
        # counts for each of the deals that share the prefix
        if len(seen) == rules.cards:
            ends[(rules.end_key(seen), history)] += 1
            return
        stage = None if rules.folded(history) else solver.due(seen, history)
        if stage is not None:
            action = solver.choose(seen, history)
            actions[rules.stages[stage].name][action] += deals_from(seen)
            if action == "fold":
                for later in rules.stages[stage + 1:]:
                    actions[later.name]["not-reached"] += deals_from(seen)
            deal_on(seen, (*history, action))
            return
        for card in cards:
            if card not in seen:
                deal_on((*seen, card), history)

    deal_on((), ())
    nets: Counter[Fraction] = Counter()
    sides: dict[str, Counter[Fraction]] = {}
    wagered = Fraction(0)
    for (end, history), n in ends.items():
        deal = tuple(card for group in end for card in group)
        nets[Fraction(rules.main_net(deal, history))] += n
        wagered += rules.wagered(history) * n
        for name, net in rules.side_nets(deal, history).items():
            sides.setdefault(name, Counter())[net] += n
    total = sum(ends.values())
    assert total == perm(len(cards), rules.cards)
    return Analysis(
        game=game, total=total, value=solver.value((), ()),
        expected_return=Fraction(sum(net * n for net, n in nets.items()), total),
        net_counts=dict(nets), action_counts={s: dict(c) for s, c in actions.items()},
        average_wager=wagered / total, side_bets={name: dict(c) for name, c in sides.items()})


def decide(game: str, deck: str | Iterable[int], seen: str | Iterable[int], history: Iterable[str] = (),
           params: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """Each option's expected value per unit at the decision due after ``seen`` (cards in deal order,
    all from ``deck``) and ``history``, later decisions taken optimally: what ``analyze`` compares."""
    settings = parameters(game, params)
    rules = GAMES[game](settings)
    cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    shown = parse_cards(seen) if isinstance(seen, str) else tuple(seen)
    if not set(shown) <= set(cards):
        raise ValueError("the seen cards must come from the deck")
    solver = Solver(rules, cards, settings["tie_break"], None)
    if solver.due(shown, tuple(history)) is None:
        raise ValueError(f"no decision is due after {len(shown)} cards and {tuple(history)}")
    return solver.option_values(shown, tuple(history))
