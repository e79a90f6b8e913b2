"""The strategy language of the staged games: rules a player follows at each stage, by what his
seen cards make (:mod:`strategy_cards`) and the units already in action, turned into one option
per (card set, units in action) of every stage, which the kernel plays and prices exactly.

A strategy is rules tried in order: at each stage the first rule about it that holds decides, and
where none holds the player takes the stage's first option (fold, pull back).  A rule is
``[STAGE:] OPTION [if CONDITION and CONDITION ...]``: STAGE a stage's name as the game file gives it
(``4th street``, ``second bet``; left out: the stage of the rule before), OPTION one of its options
(``raise 3x``, ``let it ride``).  The conditions are about the cards seen so far:

======================================  ==================================================================
CONDITION                               holds when the cards seen so far ...
======================================  ==================================================================
``any``                                 always
``pair``                                hold a pair or better (two pair, trips, quads)
``pair 6+``                             hold a pair of sixes or higher, or two pair or better
``pair 2-5``, ``pair 9``                hold one pair (nothing better) of a rank in the range
``two pair``, ``trips``                 hold two pair or better; three or four of a kind
``3 suited``                            hold three (or more) cards of one suit
``flush draw``                          are all of one suit
``straight draw``                       have different ranks that fit five consecutive ranks (A-2-3-4-5
                                        to T-J-Q-K-A)
``straight flush draw``                 both
``straights >= 2``                      can make that many straights (4-5-6-7: 2, open-ended; 4-5-6-8: 1)
``gaps <= 1``                           leave that many ranks missing inside the straight (5-6-8: 1)
``lowest >= 5``, ``highest >= 8``       the straight's lowest (highest) rank, the ace low in A-2-3
``points >= 3``                         count that many points (a rank's pay band: at Mississippi Stud
                                        2-5 = 0, 6-T = 1, J-A = 2)
``cards J+ >= 1``, ``cards 6-T >= 3``   hold that many cards of those ranks
``holds 6 5``                           hold these ranks
``units >= 5``                          have that many units in action now (before this stage's bet)
======================================  ==================================================================

A number's comparison is ``>=``, ``<=``, ``>``, ``<``, ``=`` or none (equal).

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.staged.rules import StagedRules
>>> rules = StagedRules.of(load("mississippi-stud"))
>>> strategy = parse(rules, ("3rd street: raise 3x if pair", "raise 1x if points >= 2"))
>>> [strategy.option(0, cards, 1) for cards in ((48, 49), (48, 4), (0, 4))]      # A-A, A-3, 2-3
['raise 3x', 'raise 1x', 'fold']
"""
from __future__ import annotations

import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations

from oddscalc.core.cards import parse_rank
from oddscalc.core.errors import InputError, unknown
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.strategy_cards import Shape, colex_keys, pay_bands, points_of, shape_of, shape_of_key

Test = Callable[[Shape, int], bool]
COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "=": operator.eq, "": operator.eq}
NUMBER = re.compile(r"^(points|straights|gaps|units|lowest|highest|cards\s+(\S+))\s*(>=|<=|>|<|=)?\s*(\S+)$")
EXAMPLE = "'4th street: raise 3x if pair 6+' or 'raise 1x if points >= 3'"


@dataclass(frozen=True)
class Rule:
    """One rule: at ``stage``, take ``option`` where every test holds."""
    text: str
    stage: int
    option: int
    tests: tuple[Test, ...]

    def holds(self, shape: Shape, units: int) -> bool:
        return all(test(shape, units) for test in self.tests)


@dataclass(frozen=True)
class StagedStrategy:
    """A strategy's rules for one game: each stage's option at any cards and units in action."""
    rules: StagedRules
    parsed: tuple[Rule, ...]

    @cached_property
    def points(self) -> tuple[int, ...]:
        return points_of(pay_bands(self.rules.game))

    def index(self, stage: int, shape: Shape, units: int) -> int:
        """The option (its index) the first rule about the stage that holds takes, else the first."""
        for rule in self.parsed:
            if rule.stage == stage and rule.holds(shape, units):
                return rule.option
        return 0

    def option(self, stage: int, cards: Sequence[int], units: int) -> str:
        return self.rules.stages[stage].labels[self.index(stage, shape_of(cards, self.points), units)]

    def table(self, stage: int, deck: Sequence[int]) -> bytes:
        """The option at every (set of the stage's cards from ``deck``, in colex order of their
        positions in the sorted deck; units in action from the lowest), as the kernel reads it."""
        lo, hi = self.rules.units_reached()[stage]
        width = hi - lo + 1
        points = self.points
        keys = colex_keys(sorted(deck), self.rules.stages[stage].seen)
        options = {}
        for key in set(keys):
            shape = shape_of_key(key, points)
            options[key] = bytes(self.index(stage, shape, u) for u in range(lo, lo + width))
        return b"".join(map(options.__getitem__, keys))

    def tables(self, deck: Sequence[int]) -> list[bytes | None]:
        return [self.table(i, deck) for i in range(len(self.rules.stages))]


def colex_sets(deck: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """The k-card sets of a sorted deck in colex order of their positions (the kernel's order):
    colex is the order of the sets written largest card first."""
    return [tuple(reversed(cards)) for cards in reversed(list(combinations(reversed(deck), k)))]


def parse(rules: StagedRules, texts: Sequence[str]) -> StagedStrategy:
    """A strategy's rules for a game, each checked (one line naming the rule that does not parse)."""
    parsed, stage = [], 0
    for text in texts:
        rule = _rule(rules, text.strip(), stage)
        stage = rule.stage
        parsed.append(rule)
    return StagedStrategy(rules, tuple(parsed))


def _rule(rules: StagedRules, text: str, previous: int) -> Rule:
    where = f"strategy rule '{text}'"
    names = [stage.name.lower() for stage in rules.stages]
    stage = previous
    head, colon, rest = text.partition(":")
    if colon:
        if head.strip().lower() not in names:
            raise unknown("stage", head.strip(), [s.name for s in rules.stages], where)
        stage, text = names.index(head.strip().lower()), rest.strip()
    labels = rules.stages[stage].labels
    lowered = text.lower()
    matches = [o for o, label in enumerate(labels)
               if lowered == label.lower() or lowered.startswith(label.lower() + " ")]
    if not matches:
        raise InputError(f"{where}: give one of {rules.stages[stage].name}'s options ({', '.join(labels)}) first, "
                         f"as in {EXAMPLE}")
    option = max(matches, key=lambda o: len(labels[o]))
    rest = text[len(labels[option]):].strip()
    if rest.lower().startswith("if "):
        rest = rest[3:]
    conditions = [part.strip() for part in re.split(r"\s+and\s+", rest, flags=re.IGNORECASE) if part.strip()]
    if not conditions:
        raise InputError(f"{where}: say where it holds ('any' for everywhere), as in {EXAMPLE}")
    return Rule(text, stage, option, tuple(condition(c, where) for c in conditions))


def _rank(text: str, where: str) -> int:
    try:
        return parse_rank(text)
    except InputError:
        raise InputError(f"{where}: '{text}' is not a rank (2-9, T, J, Q, K, A)") from None


def _ranks(text: str, where: str) -> tuple[int, int, bool]:
    """``6+`` (6 and up), ``2-5``, ``9``: (low, high, open above)."""
    if text.endswith("+"):
        return _rank(text[:-1], where), 12, True
    low, dash, high = text.partition("-")
    first = _rank(low, where)
    last = _rank(high, where) if dash else first
    if last < first:
        raise InputError(f"{where}: the range '{text}' runs from the lower rank to the higher")
    return first, last, False


@lru_cache(maxsize=512)
def condition(text: str, where: str) -> Test:
    """One condition as a test of (shape, units in action)."""
    words = text.lower().split()
    plain = " ".join(words)
    simple: dict[str, Test] = {
        "any": lambda s, u: True,
        "pair": lambda s, u: bool(s.made),
        "two pair": lambda s, u: s.made in ("two pair", "trips", "quads"),
        "trips": lambda s, u: s.made in ("trips", "quads"),
        "quads": lambda s, u: s.made == "quads",
        "flush draw": lambda s, u: s.flush_draw,
        "straight draw": lambda s, u: s.straight_draw,
        "straight flush draw": lambda s, u: s.straight_flush_draw,
    }
    if plain in simple:
        return simple[plain]
    if len(words) == 2 and words[0] == "pair":
        low, high, better = _ranks(words[1].upper(), where)
        if better:
            return lambda s, u: s.made in ("two pair", "trips", "quads") or (s.made == "pair" and s.pair >= low)
        return lambda s, u: s.made == "pair" and low <= s.pair <= high
    if len(words) == 2 and words[1] == "suited" and words[0].isdigit():
        n = int(words[0])
        return lambda s, u: s.suited >= n
    if words and words[0] == "holds" and len(words) > 1:
        wanted = [_rank(w.upper(), where) for w in words[1:]]
        return lambda s, u: all(s.ranks.count(r) >= wanted.count(r) for r in set(wanted))
    found = NUMBER.match(plain)
    if found:
        feature, ranks, op, value = found.group(1), found.group(2), found.group(3) or "", found.group(4)
        compare = COMPARE[op]
        if feature in ("lowest", "highest"):
            limit = -1 if value.upper() == "A" and feature == "lowest" else _rank(value.upper(), where)
            # no straight: no lowest or highest card to compare
            if feature == "lowest":
                return lambda s, u: s.straights > 0 and compare(s.lowest, limit)
            return lambda s, u: s.straights > 0 and compare(s.highest, limit)
        if not value.isdigit():
            raise InputError(f"{where}: '{value}' is not a whole number")
        n = int(value)
        if ranks is not None:
            low, high, _ = _ranks(ranks.upper(), where)
            return lambda s, u: compare(sum(low <= r <= high for r in s.ranks), n)
        if feature == "units":
            return lambda s, u: compare(u, n)
        if feature == "gaps":
            return lambda s, u: s.straights > 0 and compare(s.gaps, n)
        pick: Callable[[Shape], int] = operator.attrgetter(feature)
        return lambda s, u: compare(pick(s), n)
    raise InputError(f"{where}: unknown condition '{text}' (say e.g. pair 6+, pair 2-5, 3 suited, straight "
                     "flush draw, straights >= 2, gaps <= 1, points >= 3, cards J+ >= 1, holds 6 5, units >= 5)")
