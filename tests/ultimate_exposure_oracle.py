"""A plain-Python brute force of Ultimate Three Card Poker when the player sees K dealer cards, for
the tests of oddscalc/engines/three_card/ultimate_exposure.py; slow on purpose and independent of
the engines: hands are valued by ``oddscalc.core.oracle`` and nothing else of the package is used.

``analyze(deck, seen, **params)`` enumerates every deal of ``deck``: the player's three cards, the
``seen`` dealer cards he sees, the ``3 - seen`` he does not (with ``reads`` and ``classes``, rank
tuples, the next ``reads`` of those are dealt in order and seen by the class of their rank only).
For every observation (his cards and what he sees of the dealer's) each action's net is summed over
every way the hidden cards can be dealt, and the largest is taken (on equal sums the larger wager
with ``tie_break="wager_more"``, else the smaller); that action's net is then tallied over the same
completions. The rules are those of docs/staged-games.md section 3: Ante and Blind, fold (-2 per
Ante) or Play 1x (1x, 2x or 3x with a pair or better); the dealer qualifies with queen high for the
Ante only; the Blind pays the player's higher hand from a flush up and loses to a higher dealer; a
tie pushes everything.

>>> found = analyze("As Ks Qs 2h 3d 2c Qd 7h", 1)
>>> sum(found.net_counts.values()) == found.deals, sum(found.action_probabilities.values())
(True, Fraction(1, 1))
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations

from oddscalc.core.cards import parse_cards
from oddscalc.core.oracle import three_card_value

CATEGORIES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
QUEEN, ACE = 10, 12
BLIND = {"mini-royal": Fraction(100), "straight-flush": Fraction(8), "three-of-a-kind": Fraction(6),
         "straight": Fraction(3, 2), "flush": Fraction(1)}
ENDINGS = ("dealer qualifies, player higher", "dealer qualifies, dealer higher", "dealer qualifies, tie",
           "dealer does not qualify, player higher", "dealer does not qualify, dealer higher",
           "dealer does not qualify, tie")


def hand_class(cards: tuple[int, ...]) -> str:
    value = three_card_value(cards)
    name = CATEGORIES[value[0]]
    return "mini-royal" if name == "straight-flush" and value[1] == ACE else name


def qualifies(value: tuple[int, ...]) -> bool:
    return value[0] > 0 or value[1] >= QUEEN        # a pair or better, or queen high or better


@dataclass(frozen=True)
class Found:
    deals: int
    expected_return: Fraction
    average_wager: Fraction
    net_counts: dict[Fraction, int]
    action_probabilities: dict[str, Fraction]
    outcome_counts: dict[tuple[str, str, str, Fraction], int]


def analyze(deck: str | Iterable[int], seen: int, blind: Mapping[str, Fraction] = BLIND,
            pair_sizes: tuple[int, ...] = (1, 2, 3), low_sizes: tuple[int, ...] = (1,),
            play_needs_qualifier: bool = False, tie_break: str = "wager_more",
            classes: tuple[tuple[int, ...], ...] | None = None, reads: int = 0) -> Found:
    cards = sorted(parse_cards(deck) if isinstance(deck, str) else deck)
    value = {hand: three_card_value(hand) for hand in combinations(cards, 3)}
    deals = 0
    total_net = Fraction(0)
    total_wager = 0
    net_counts: dict[Fraction, int] = {}
    actions: dict[str, int] = {}
    outcomes: dict[tuple[str, str, str, Fraction], int] = {}
    for player in combinations(cards, 3):
        klass = hand_class(player)
        pay = Fraction(blind.get(klass, blind.get("straight-flush", 0) if klass == "mini-royal" else 0))
        rest = [c for c in cards if c not in player]
        sizes = low_sizes if klass == "high-card" else pair_sizes
        for shown in combinations(rest, seen):
            others = [c for c in rest if c not in shown]
            # every completion's ending and each Play size's net there, by what the reads show
            observed: dict[tuple[int, ...], list[tuple[int, dict[int, Fraction]]]] = {}
            for read in permutations(others, reads):
                left = [c for c in others if c not in read]
                shows = tuple(class_of(c, classes) for c in read)
                for hidden in combinations(left, 3 - seen - reads):
                    dealer = value[tuple(sorted(shown + read + hidden))]
                    mine = value[player]
                    q = qualifies(dealer)
                    play_counts = q or not play_needs_qualifier
                    if mine > dealer:
                        ending, nets = 0, {m: (1 if q else 0) + (m if play_counts else 0) + pay for m in sizes}
                    elif mine < dealer:
                        ending, nets = 1, {m: (-1 if q else 0) - (m if play_counts else 0) - 1 for m in sizes}
                    else:
                        ending, nets = 2, dict.fromkeys(sizes, Fraction(0))
                    observed.setdefault(shows, []).append((ending + (0 if q else 3), nets))
            for completions in observed.values():
                options = {("fold", 0): Fraction(-2 * len(completions))}
                for m in sizes:
                    options[(f"play {m}x", m)] = sum((nets[m] for _, nets in completions), Fraction(0))
                sign = 1 if tie_break == "wager_more" else -1
                action, multiple = max(options, key=lambda o: (options[o], sign * o[1]))
                # an action's share of the rounds: of the deals
                actions[action] = actions.get(action, 0) + len(completions)
                for ending, nets in completions:
                    net = Fraction(-2) if action == "fold" else Fraction(nets[multiple])
                    key = (action, "fold" if action == "fold" else ENDINGS[ending], klass, net)
                    outcomes[key] = outcomes.get(key, 0) + 1
                    net_counts[net] = net_counts.get(net, 0) + 1
                    deals += 1
                    total_net += net
                    total_wager += 2 + multiple
    return Found(deals, total_net / deals, Fraction(total_wager, deals), dict(sorted(net_counts.items())),
                 {a: Fraction(n, deals) for a, n in actions.items()}, outcomes)


def class_of(card: int, classes: tuple[tuple[int, ...], ...] | None) -> int:
    """A read card's class: the index of its rank's class, or -1 for the other ranks."""
    for index, ranks in enumerate(classes or ()):
        if card >> 2 in ranks:
            return index
    return -1
