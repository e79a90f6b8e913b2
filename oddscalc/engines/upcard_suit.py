"""Card-removal exceptions in words, for a game whose dealer completes a hand around one face-up
card: the exceptions to a rule of thumb ("call with X or better") grouped by the hands they are
and by **which of the player's cards share the upcard's suit**.

Why that decides them: the dealer's cards are the upcard and the rest of one hand of as many
cards (five in Caribbean Stud, three in the three-card games), so the only flush (and straight
flush) the dealer can make is in the upcard's suit.  A player's card of another suit matters only
by its rank, so, for a hand of given ranks and strength against an upcard rank, the exact decision
is a function of which of the player's ranks are in the upcard's suit: how many of them (the
more, the fewer dealer flushes) and, where that alone does not decide, which (the dealer's
straight flushes, the ranks of the dealer's flushes).  :func:`condition_of` finds, for one hand,
the suitings that deviate from the rule and writes them as a number of cards in the upcard's suit
("two or more"), with a split of one number where only some of its suitings deviate ("or one
(the 3 or the 2)"); where the cards in the upcard's suit do not decide, it says so and the group
only counts its situations.  :func:`deviations` gathers hands that deviate alike.

>>> Condition((2, 3, 4)).text(True)
"with two or more of your cards in the upcard's suit"
>>> Condition((0,), (Split(1, WITHOUT, (12, 11)),)).text(False)
"with none of your cards in the upcard's suit, or one (not the A or the K)"
>>> Deviation("call", ("A-K-Q-T-9",), Condition((2, 3, 4)), 1500).text
"call A-K-Q-T-9 with two or more of your cards in the upcard's suit"
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from oddscalc.core.cards import RANKS

FOLD = "fold"           # the passive action: a deviation that folds reads its suitings from the fewest up
NUMBERS = ("none", "one", "two", "three", "four")
IN_SUIT = "of your cards in the upcard's suit"
# how a level of cards in the upcard's suit is split where only some of its suitings deviate
INCLUDING, WITHOUT, ARE, OTHER_THAN = "including", "without", "are", "other_than"
WHY = ("The dealer can make a flush only in the upcard's suit, so card removal decides a hand only through which "
       "of your cards share that suit.")

Ranks = tuple[int, ...]          # ranks from the highest
Suitings = Mapping[Ranks, Sequence[int]]     # per suiting (ranks in the upcard's suit): (deviating, other) situations


def suited_ranks(cards: Iterable[int], upcard: int) -> Ranks:
    """The ranks of the cards that share the upcard's suit, from the highest.

    >>> suited_ranks((51, 0, 47, 3), 7)          # As 2c Ks 2s against 3s
    (12, 11, 0)
    """
    return tuple(sorted((c >> 2 for c in cards if c & 3 == upcard & 3), reverse=True))


def _ranks(ranks: Ranks) -> str:
    return "-".join(RANKS[r] for r in ranks)


def _either(ranks: Ranks) -> str:
    """'the A or the K', 'the Q, the 6 or the 2'."""
    named = [f"the {RANKS[r]}" for r in ranks]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]


@dataclass(frozen=True)
class Split:
    """At one level (``cards`` of the player's cards in the upcard's suit), the suitings that deviate:
    those whose cards in the upcard's suit include one of ``ranks`` (INCLUDING), include none of them
    (WITHOUT), are one of ``sets`` (ARE) or are none of them (OTHER_THAN)."""
    cards: int
    kind: str
    ranks: Ranks = ()
    sets: tuple[Ranks, ...] = ()

    def holds(self, suited: Ranks) -> bool:
        if len(suited) != self.cards:
            return False
        if self.kind == INCLUDING:
            return any(r in self.ranks for r in suited)
        if self.kind == WITHOUT:
            return not any(r in self.ranks for r in suited)
        return (suited in self.sets) == (self.kind == ARE)

    @property
    def text(self) -> str:
        """The qualifier in words, in brackets after the level's number."""
        if self.kind in (INCLUDING, WITHOUT):
            named = _either(self.ranks)
            if self.cards == 1:
                return f"({named})" if self.kind == INCLUDING else f"(not {named})"
            return f"({'including' if self.kind == INCLUDING else 'without'} {named})"
        if self.kind == ARE and len(self.sets) == 1 and len(self.sets[0]) > 1:
            *firsts, last = (f"the {RANKS[r]}" for r in self.sets[0])
            return f"({', '.join(firsts)} and {last})"
        listed = " or ".join(_ranks(s) if len(s) > 1 else f"the {RANKS[s[0]]}" for s in self.sets)
        return f"({listed})" if self.kind == ARE else f"(other than {listed})"

    def data(self) -> dict[str, object]:
        ranks = [RANKS[r] for r in self.ranks]
        sets = [[RANKS[r] for r in s] for s in self.sets]
        return {"cards": self.cards, self.kind: ranks if self.kind in (INCLUDING, WITHOUT) else sets}


@dataclass(frozen=True)
class Condition:
    """Which suitings of a hand deviate from the rule: every one with a number of its cards in the
    upcard's suit among ``levels``, and at the levels of ``splits`` the ones each split names.  With
    ``decided`` False the cards in the upcard's suit do not decide (the module's note says why they
    should), and the group only counts its situations."""
    levels: tuple[int, ...]
    splits: tuple[Split, ...] = ()
    top: int = 4                 # the most cards of the hand that can share the upcard's suit
    decided: bool = True

    def holds(self, suited: Ranks) -> bool:
        return len(suited) in self.levels or any(split.holds(suited) for split in self.splits)

    def text(self, most_first: bool) -> str:
        """``with two or more of your cards in the upcard's suit``, ``with none …, or one (not the A
        or the K)``; empty where every suiting deviates."""
        if not self.decided:
            return "in some of their suitings"
        if set(self.levels) == set(range(self.top + 1)):
            return ""
        clauses: list[tuple[int, str]] = []
        runs: list[list[int]] = []
        for level in sorted(self.levels):
            if runs and runs[-1][-1] == level - 1:
                runs[-1].append(level)
            else:
                runs.append([level])
        for run in runs:
            low, high = run[0], run[-1]
            if low == high:
                words = NUMBERS[low] if low in (0, self.top) else f"exactly {NUMBERS[low]}"
            elif high == self.top:
                words = f"{NUMBERS[low]} or more"
            elif low == 0:
                words = f"at most {NUMBERS[high]}"
            else:
                words = f"{NUMBERS[low]} to {NUMBERS[high]}"
            clauses.append((low, words))
        clauses += [(split.cards, f"{NUMBERS[split.cards]} {split.text}") for split in self.splits]
        # a wager reads from the most cards in the suit down, a fold from the fewest up
        clauses.sort(key=lambda c: -c[0] if most_first else c[0])
        first, *rest = (words for _level, words in clauses)
        head = first.split(" (", 1)
        first = f"{head[0]} {IN_SUIT}" + (f" ({head[1]}" if len(head) > 1 else "")
        return "with " + ", or ".join([first, *rest])

    def data(self) -> dict[str, object]:
        if not self.decided:
            return {"decided": False}
        return {"cards_in_upcard_suit": list(self.levels), "or": [split.data() for split in self.splits]}


@dataclass(frozen=True)
class Deviation:
    """Hands of one rule that it gets wrong alike: with the suitings of ``condition`` the optimum
    takes ``action`` (a wager below the rule's threshold, a fold from it up)."""
    action: str
    hands: tuple[str, ...]               # rank patterns, strongest first
    condition: Condition
    situations: int
    order: tuple[str, ...] = field(default=(), repr=False, compare=False)     # every pattern of the rule

    @property
    def hands_text(self) -> str:
        """The hands, strongest first; three or more consecutive ones (in the rule's order) that
        differ only in their lowest card as ``X to Y`` (``A-K-Q-T-6 to A-K-Q-T-2``)."""
        position = {hand: i for i, hand in enumerate(self.order)}
        runs: list[list[str]] = []
        for hand in self.hands:
            last = runs[-1][-1] if runs else ""
            if (last and hand in position and position.get(last, -2) + 1 == position[hand]
                    and last.rsplit("-", 1)[0] == hand.rsplit("-", 1)[0]):
                runs[-1].append(hand)
            else:
                runs.append([hand])
        return ", ".join(f"{run[0]} to {run[-1]}" if len(run) > 2 else ", ".join(run) for run in runs)

    def holds(self, hand: str, suited: Ranks) -> bool:
        """Whether the group names a situation: its hand (ranks as written), and the ranks of its
        cards in the upcard's suit."""
        return hand in self.hands and self.condition.decided and self.condition.holds(suited)

    @property
    def when(self) -> str:
        """The deviating suitings in words (empty: every suiting of the hands)."""
        return self.condition.text(self.action != FOLD)

    @property
    def text(self) -> str:
        return f"{self.action} {self.hands_text} {self.when or 'whatever the suits'}"

    def data(self) -> dict[str, object]:
        return {"action": self.action, "hands": list(self.hands), "situations": self.situations,
                "when": self.when, **self.condition.data()}


def split_of(level: int, deviating: set[Ranks], others: set[Ranks]) -> Split:
    """The shortest true description of the deviating suitings of one level."""
    every = deviating | others
    ranks = sorted({r for s in every for r in s}, reverse=True)
    candidates: list[tuple[int, Split]] = []
    # ranks whose every suiting deviates: does "including one of them" name exactly the deviating ones?
    inside = tuple(r for r in ranks if all(s in deviating for s in every if r in s))
    if inside and {s for s in every if any(r in inside for r in s)} == deviating:
        candidates.append((len(inside), Split(level, INCLUDING, inside)))
    outside = tuple(r for r in ranks if all(s in others for s in every if r in s))
    if outside and {s for s in every if not any(r in outside for r in s)} == deviating:
        candidates.append((len(outside), Split(level, WITHOUT, outside)))
    candidates.append((len(deviating), Split(level, ARE, sets=tuple(sorted(deviating, reverse=True)))))
    candidates.append((len(others), Split(level, OTHER_THAN, sets=tuple(sorted(others, reverse=True)))))
    return min(candidates, key=lambda c: c[0])[1]       # the first of the shortest (min keeps it)


def condition_of(suitings: Suitings) -> tuple[Condition, int]:
    """Which suitings of one hand deviate from the rule, and their situations, from the
    (deviating, other) situations of each suiting (the ranks of the player's cards in the upcard's
    suit)."""
    situations = sum(counts[0] for counts in suitings.values())
    if any(counts[0] and counts[1] for counts in suitings.values()):
        return Condition((), decided=False), situations
    by_level: defaultdict[int, tuple[set[Ranks], set[Ranks]]] = defaultdict(lambda: (set(), set()))
    for suited, counts in suitings.items():
        by_level[len(suited)][0 if counts[0] else 1].add(suited)
    levels = tuple(k for k in sorted(by_level) if not by_level[k][1])
    splits = tuple(split_of(k, *by_level[k]) for k in sorted(by_level) if by_level[k][0] and by_level[k][1])
    return Condition(levels, splits, top=max(by_level)), situations


def deviations(hands: Iterable[tuple[str, str, Suitings]], order: Sequence[str]) -> tuple[Deviation, ...]:
    """The exceptions of one rule, grouped: ``hands`` are (hand, the action its deviating
    situations take, suitings), strongest first, and ``order`` every hand of the rule, strongest
    first.  Hands that deviate alike (same action, same suitings in words) are one group; one that
    the cards in the upcard's suit do not decide stands alone.  Wagers first, then folds, each by
    its strongest hand."""
    alike: dict[tuple[str, Condition, str], list[tuple[str, int]]] = {}
    for hand, action, suitings in hands:
        condition, situations = condition_of(suitings)
        if situations:
            alike.setdefault((action, condition, "" if condition.decided else hand), []).append((hand, situations))
    place = {hand: i for i, hand in enumerate(order)}
    found = [Deviation(action, tuple(hand for hand, _n in members), condition, sum(n for _h, n in members),
                       tuple(order))
             for (action, condition, _hand), members in alike.items()]
    return tuple(sorted(found, key=lambda d: (d.action == FOLD, place.get(d.hands[0], len(place)))))
