"""Caribbean Stud's ace-king hands in words: per upcard rank (and whether the upcard pairs one of the
player's cards) the "call with X or better" threshold that the exact optimum follows most nearly,
and every situation where it does not, grouped as a player can read them.

The dealer holds the upcard and four more cards, so the only flush the dealer can make is in the
upcard's suit, and an ace-king hand's decision against an upcard is a function of its ranks and of
**which of its cards share the upcard's suit** (:mod:`oddscalc.engines.upcard_suit`).  Each
exception is written as the rank patterns it concerns and how many (and, where that alone does
not decide, which) of the player's cards share the upcard's suit: against a jack (not pairing a
card of the hand) the threshold is "never call", and of the 4,464 situations that call the first
group reads "call A-K-Q-T-9 with two or more of your cards in the upcard's suit" (1,500
situations).  Nothing is listed by hand: every group is computed from the exact decision of every
(hand, upcard) class, and :meth:`AceKingRule.decides`, which reads only the rule and its groups,
gives that decision back for every class (the tests check all of them).

>>> rule = AceKingRule("2", True, "A-K-4-3-2 or better", 0, 137700, 0, ())
>>> rule.words()
(('upcard 2 pairing one of your cards', 'ace-king hands: call with A-K-4-3-2 or better'),)
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from oddscalc._native import stud as kernel
from oddscalc.core.cards import RANKS
from oddscalc.engines.upcard_suit import FOLD, Deviation, Ranks, deviations, suited_ranks

CALL = "call"
# why the suits decide, for the chart's note and the report
WHY = ("The dealer can make a flush only in the upcard's suit, so card removal decides an ace-king hand only "
       "through which of your cards share that suit.")


def ranks_text(cards: Iterable[int]) -> str:
    """Ranks of a hand from the top, e.g. 'A-K-Q-6-2'."""
    return "-".join(RANKS[c >> 2] for c in sorted(cards, key=lambda c: c >> 2, reverse=True))


@dataclass(frozen=True)
class AceKingRule:
    """One upcard rank's rule for ace-king hands (``pairs``: the upcard pairs one of the player's
    cards): call with ``threshold`` or better (a rank pattern, ``never``), the situations that call
    and fold under the optimum, and the ones the threshold gets wrong, grouped."""
    upcard: str
    pairs: bool
    threshold: str
    threshold_strength: int | None       # None: never call
    called: int
    folded: int
    groups: tuple[Deviation, ...]

    @property
    def exceptions(self) -> int:
        """The situations where the threshold and the exact optimum differ."""
        return sum(group.situations for group in self.groups)

    @property
    def row(self) -> tuple[str, str, str, int, int, int]:
        """(upcard, pairs, call with, call situations, fold situations, exceptions), as tabulated."""
        return (self.upcard, "yes" if self.pairs else "no", self.threshold, self.called, self.folded,
                self.exceptions)

    @property
    def where(self) -> str:
        return f"upcard {self.upcard}" + (" pairing one of your cards" if self.pairs else "")

    @property
    def text(self) -> str:
        rule = "never call" if self.threshold_strength is None else f"call with {self.threshold}"
        if not self.groups:
            return f"ace-king hands: {rule}"
        return (f"ace-king hands: {rule}, except in {self.exceptions:,} situations "
                f"({len(self.groups)} group{'s' if len(self.groups) > 1 else ''} below)")

    def decides(self, cards: Sequence[int], upcard: int, strength: int) -> bool:
        """Whether the rule in words calls with an ace-king hand (of ``strength``) against the upcard:
        the threshold, unless one of the groups names the hand and its suiting."""
        hand, suited = ranks_text(cards), suited_ranks(cards, upcard)
        for group in self.groups:
            if group.holds(hand, suited):
                return group.action == CALL
        return self.threshold_strength is not None and strength >= self.threshold_strength

    def words(self) -> tuple[tuple[str, str], ...]:
        """The rule and each group of its exceptions as (where, rule) rows."""
        rows = [(self.where, self.text)]
        rows += [(f"{self.where}: exception", f"{group.text}; {group.situations:,} situations")
                 for group in self.groups]
        return tuple(rows)

    def data(self) -> dict[str, object]:
        return {"upcard": self.upcard, "pairs": self.pairs, "call_with": self.threshold, "call": self.called,
                "fold": self.folded, "exceptions": self.exceptions,
                "exception_groups": [group.data() for group in self.groups]}


@dataclass
class _Tally:
    """One strength of one rule: situations called and folded per suiting (the ranks of the
    player's cards in the upcard's suit), and a hand of it."""
    suitings: defaultdict[Ranks, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    cards: tuple[int, ...] = ()

    @property
    def called(self) -> int:
        return sum(c for c, _f in self.suitings.values())

    @property
    def folded(self) -> int:
        return sum(f for _c, f in self.suitings.values())


def ace_king_rules(classes: kernel.StudClasses, calls: bytes | bytearray) -> list[AceKingRule]:
    """Per upcard rank (and whether it pairs one of the player's cards): the best 'call with X or
    better' threshold for ace-king hands, and the situations it gets wrong, grouped by the hands and
    the suitings they are (the strongest rule first)."""
    # situations per (upcard rank, strength, suiting, called), a hand per (upcard rank, strength)
    flat: defaultdict[tuple[int, int, Ranks, bool], int] = defaultdict(int)
    hands: dict[tuple[int, int], tuple[int, ...]] = {}
    for cards, up, situations, strength, _nq, _wins, _ties, called in classes.rows(1, calls):
        suit = up & 3
        # the kernel's cards ascend, so these ranks come from the highest
        flat[(up >> 2, strength, tuple(c >> 2 for c in reversed(cards) if c & 3 == suit), called)] += situations
        hands[(up >> 2, strength)] = cards
    groups: defaultdict[tuple[int, bool], defaultdict[int, _Tally]] = defaultdict(lambda: defaultdict(_Tally))
    for (rank, strength, suited, called), situations in flat.items():
        cards = hands[(rank, strength)]
        tally = groups[(rank, any(c >> 2 == rank for c in cards))][strength]
        tally.suitings[suited][0 if called else 1] += situations
        tally.cards = cards
    rules = []
    for (rank, pairs), by_strength in sorted(groups.items(), key=lambda g: (-g[0][0], g[0][1])):
        strengths = sorted(by_strength)
        called_total = sum(by_strength[s].called for s in strengths)
        folded_total = sum(by_strength[s].folded for s in strengths)
        # call from strengths[i] up: the errors are calls below it and folds from it on
        best_errors, best_index = called_total, len(strengths)     # never call
        calls_below, folds_from = 0, folded_total
        for i, strength in enumerate(strengths):
            if calls_below + folds_from < best_errors:
                best_errors, best_index = calls_below + folds_from, i
            calls_below += by_strength[strength].called
            folds_from -= by_strength[strength].folded
        cut = strengths[best_index] if best_index < len(strengths) else None
        threshold = "never" if cut is None else ranks_text(by_strength[cut].cards) + " or better"
        order = tuple(ranks_text(by_strength[s].cards) for s in reversed(strengths))
        wrong = []
        for strength in reversed(strengths):
            tally = by_strength[strength]
            rule_calls = cut is not None and strength >= cut
            # per suiting, the situations that deviate (folds where the rule calls, calls where it
            # folds) and the others
            suitings = {suited: (folded, called) if rule_calls else (called, folded)
                        for suited, (called, folded) in tally.suitings.items()}
            wrong.append((ranks_text(tally.cards), FOLD if rule_calls else CALL, suitings))
        found = deviations(wrong, order)
        assert sum(d.situations for d in found) == best_errors
        rules.append(AceKingRule(RANKS[rank], pairs, threshold, cut, called_total, folded_total, found))
    return rules
