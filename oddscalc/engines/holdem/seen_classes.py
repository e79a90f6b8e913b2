"""The staged Hold'em games (Ultimate Texas Hold'em, Texas Hold'em Bonus) with the dealer's hole cards
seen, counted exactly (``exposure ultimate-texas-holdem --dealer-cards 1`` or ``2``, and the same for
``texas-holdem-bonus``): every situation the player can be in before the flop, priced by the informed
kernel through the family's ``Pricer``.

A situation is the player's holding and the dealer cards he has seen: with one card 1,326 x 50 of
them, 5,083 up to suit symmetry (five to ten minutes here); with both, 93,769 classes (one and a half
hours, or a cluster's time).  With the cards read by rank class only (``--dealer-cards 1 --sorted
"A|K Q J"``, or 2) the read says nothing of suits, so a class is a holding orbit and the classes
read: 169 x the classes for one card (about a minute for three classes), 169 x the pairs of classes
for both (the cards are alike: "A and K Q J" is one read), each priced over every card its class
could be (a pair of one class: over every two cards of it).
Each class is priced once (informed.py: every board and every unseen dealer card, every later stage
decided on what is seen) and weighted by its size, so the informed return is exact.  The classes
split into chunks whose exact sums simply add up, so the count runs here, on ``--workers N`` or on
a Dask cluster to the same Fractions.  What it does not give is the informed outcome table: the
kernel prices each option's value, not the cells of the outcomes.

>>> classes = situation_classes(Case(1))
>>> len(classes), sum(c.size for c in classes)
(5083, 66300)
>>> read = situation_classes(Case(1, "A|K Q J"))
>>> len(read), sum(c.size for c in read)
(507, 66300)
>>> both = situation_classes(Case(2, "A|K Q J"))
>>> len(both), sum(c.size for c in both) == 1326 * 1225
(1014, True)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, lcm, prod

from oddscalc.core.cards import rank_set_text
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.numbers import percent_text
from oddscalc.core.parallel import chunk_seed, counted_in_chunks
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.holdem_counts import _suit_maps
from oddscalc.engines.holdem_stages import hand_of, orbits
from oddscalc.engines.reads import Reads, classes_text, parse_classes, read_of

from .starting_hands import RANKS, in_words

HOLE = 2
FIRST_CHUNK = 8        # classes priced first, here, to size the rest before it starts
CHUNK = 64             # classes a worker takes at a time (about 7 s)
# a starting hand whose situations with one seen rank decide apart, by the suits of the hand and the card
BY_SUITS = "one or the other by the suits"


@dataclass(frozen=True)
class Pricer:
    """What a staged Hold'em family gives the count (module-level functions, so it pickles to a
    worker): the exact value per Ante of each preflop option of a holding with dealer cards seen or
    read (``values(game, holding, seen, reads)``), the options' names, the family's choice among
    valued options (its tie-break), the plain optimal value of each holding orbit and the plain
    analysis; ``later`` the stages decided afterwards, in words."""
    values: Callable[[GameTable, tuple[int, int], tuple[int, ...], Reads], dict[str, Fraction]]
    options: Callable[[GameTable], list[str]]
    choose: Callable[[GameTable, dict[str, Fraction]], str]
    plain_best: Callable[[GameTable], tuple[Fraction, ...]]
    baseline: Callable[[GameTable], Analysis]
    later: str


@dataclass(frozen=True)
class Case:
    """What is counted: ``seen_cards`` dealer cards seen whole, or (``sorted_ranks`` given) one read
    by the classes of a partition."""
    seen_cards: int
    sorted_ranks: str | None = None


@dataclass(frozen=True)
class SituationClass:
    """One class of (holding, dealer cards seen or read) under the suit permutations: a
    representative and how many situations it stands for (``reads``: the ranks of each read card's
    class, when read, the highest class first)."""
    holding: tuple[int, int]
    seen: tuple[int, ...]
    size: int
    reads: tuple[tuple[int, ...], ...] = ()

    def what_is_seen(self) -> tuple[tuple[int, ...], ...]:
        """The ranks of what is seen of each dealer card: its own, or its class's."""
        return self.reads or tuple((c >> 2,) for c in self.seen)


@dataclass(frozen=True)
class ClassSums:
    """Classes ``first`` onward priced: the sum over their situations of the informed best value less
    the plain optimal value of the holding (per Ante), and the option each class takes."""
    first: int
    gain: Fraction
    choices: tuple[str, ...]


@cache
def situation_classes(case: Case) -> tuple[SituationClass, ...]:
    """Every class of (holding, dealer cards seen): per holding orbit, the seen sets up to the
    permutations that keep its representative; or, read, per holding orbit each class the card can
    be read as, as many situations as cards of the class are left."""
    if case.sorted_ranks is not None:
        return _read_classes(parse_classes(case.sorted_ranks), case.seen_cards)
    seen_cards = case.seen_cards
    maps = _suit_maps(())
    found = []
    for holding, orbit_size in zip(orbits().representatives, orbits().sizes, strict=True):
        keeping = [m for m in maps if tuple(sorted((m[holding[0]], m[holding[1]]))) == holding]
        rest = [c for c in range(52) if c not in holding]
        by_canonical: dict[tuple[int, ...], int] = {}
        for seen in combinations(rest, seen_cards):
            canonical = min(tuple(sorted(m[c] for c in seen)) for m in keeping)
            by_canonical[canonical] = by_canonical.get(canonical, 0) + 1
        found += [SituationClass(holding, seen, orbit_size * n) for seen, n in by_canonical.items()]
    return tuple(found)


def _read_classes(classes: tuple[tuple[int, ...], ...], cards: int) -> tuple[SituationClass, ...]:
    reads = sorted({read_of(classes, rank) for rank in range(13)}, key=max, reverse=True)
    found = []
    for holding, orbit_size in zip(orbits().representatives, orbits().sizes, strict=True):
        left = [sum(1 for c in range(52) if c not in holding and c >> 2 in read) for read in reads]
        # the classes the dealer's cards are read as, as a multiset (the cards are alike)
        for which in combinations_with_replacement(range(len(reads)), cards):
            hands = prod(left[i] for i in which) if len(set(which)) == cards else comb(left[which[0]], cards)
            if hands:
                found.append(SituationClass(holding, (), orbit_size * hands, tuple(reads[i] for i in which)))
    return tuple(found)


def price_classes(pricer: Pricer, game: GameTable, case: Case, first: int, last: int, plain: Sequence[Fraction]
                  ) -> ClassSums:
    """Classes first..last priced exactly against ``plain``, the plain best value of each holding
    orbit (given, so a worker never counts the plain game; a module-level function, so it pickles
    to a worker)."""
    table = orbits()
    gain = Fraction(0)
    choices = []
    for c in situation_classes(case)[first:last]:
        values = pricer.values(game, c.holding, c.seen, c.reads)
        choice = pricer.choose(game, values)
        gain += c.size * (values[choice] - plain[table.of(*c.holding)])
        choices.append(choice)
    return ClassSums(first, gain, tuple(choices))


def combined(parts: Sequence[ClassSums]) -> ClassSums:
    """The chunks' sums added up (exact), their choices in class order; the chunks must follow one
    another."""
    ordered = sorted(parts, key=lambda p: p.first)
    if any(a.first + len(a.choices) != b.first for a, b in zip(ordered, ordered[1:], strict=False)):
        raise ValueError("the chunks do not follow one another")
    return ClassSums(ordered[0].first if ordered else 0, sum((p.gain for p in ordered), Fraction(0)),
                     tuple(c for p in ordered for c in p.choices))


def taken(classes: Sequence[SituationClass], choices: Sequence[str], names: Sequence[str]) -> dict[str, int]:
    """How many situations take each option."""
    count = dict.fromkeys(names, 0)
    for c, choice in zip(classes, choices, strict=True):
        count[choice] += c.size
    return count


def seen_rank_rules(classes: Sequence[SituationClass], choices: Sequence[str], names: Sequence[str],
                    usual: str) -> tuple[tuple[str, str], ...]:
    """The preflop decision in words, per rank (or class read) of each dealer card seen: for each
    option but the ``usual`` one, the starting hands that take it (where the suits of the seen card and
    the hand decide, the hand takes it "by the suits")."""
    by_hand: dict[tuple[tuple[tuple[int, ...], ...], str], set[str]] = {}
    for c, choice in zip(classes, choices, strict=True):
        by_hand.setdefault((c.what_is_seen(), hand_of(c.holding)), set()).add(choice)
    actions = [usual, *(n for n in names if n != usual)]
    rows = []
    for seen in sorted({r for r, _ in by_hand}, key=lambda ranks: [max(r) for r in ranks], reverse=True):
        def choose(hand: str, seen: tuple[tuple[int, ...], ...] = seen) -> str:
            found = by_hand.get((seen, hand), {usual})
            return next(iter(found)) if len(found) == 1 else BY_SUITS
        cards = "dealer cards" if len(seen) > 1 else "dealer card"
        if classes[0].reads:
            words = f"{cards} read as " + " and ".join(map(rank_set_text, seen))
        else:
            words = f"{cards} " + " ".join(RANKS[12 - r[0]] for r in seen) + " seen"
        for action, text in in_words(choose, [*actions, BY_SUITS]):
            if text != "no starting hand":
                rows.append((f"{words}: {action}", text))
    return tuple(rows)


def chunk_bounds(classes: int) -> list[tuple[int, int]]:
    """The chunks: a small first one that times the count, then even ones.

    >>> chunk_bounds(150)
    [(0, 8), (8, 72), (72, 136), (136, 150)]
    """
    starts = [0, *range(FIRST_CHUNK, classes, CHUNK)]
    return list(zip(starts, [*starts[1:], classes], strict=True))


def counted_exposure(pricer: Pricer, game: GameTable, seen: Seen, workers: int | None = None,
                     scheduler: str | None = None) -> Exposure:
    """The informed optimal player's exact return with ``seen.dealer_cards`` dealer cards seen, over
    every class; the first chunk runs here and sizes the rest (on ``workers`` or at ``scheduler``)."""
    k = seen.dealer_cards
    case = Case(k, seen.sorted_ranks)
    classes = situation_classes(case)
    baseline = pricer.baseline(game)       # the plain count once, before the first chunk is timed
    cards = f"dealer card{'s' if k > 1 else ''} " + ("seen" if seen.sorted_ranks is None else "read")
    plain = pricer.plain_best(game)
    jobs = [(pricer, game, case, first, last, plain) for first, last in chunk_bounds(len(classes))]
    parts = counted_in_chunks(price_classes, jobs, workers, scheduler,
                              f"counting {len(classes):,} classes of (holding, {cards})", lambda job: job[4] - job[3],
                              " (or spread the chunks with --workers 2 or more, or a Dask --scheduler; --samples 1000 "
                              "estimates it)")
    total = combined(parts)
    assert len(total.choices) == len(classes), "every class is counted once"
    situations = sum(c.size for c in classes)
    names = pricer.options(game)
    count = taken(classes, total.choices, names)
    shares = ", ".join(f"{name} {percent_text(Fraction(n, situations), 2)}" for name, n in count.items() if n)
    never = "".join(f"; {name} never" for name, n in count.items() if not n)
    known = cards if seen.sorted_ranks is None else f"{cards} as {classes_text(parse_classes(seen.sorted_ranks))}"
    rows = (("preflop", f"the best option of each situation ({shares} of the situations{never}); {pricer.later} "
                        f"decided on the {known}"),
            # the option most situations take goes without saying: the words list the others'
            *(seen_rank_rules(classes, total.choices, names, max(count, key=lambda name: count[name]))
              if k == 1 or seen.sorted_ranks else ()))
    return Exposure(seen.text(), baseline, total.gain / situations, counted=True, strategy=rows,
                    facts={"situation_classes": len(classes), "situations": situations})


def check_dealer_cards(seen: Seen) -> None:
    """One line unless one or both dealer hole cards are seen, and any classes read are well written."""
    if not 1 <= seen.dealer_cards <= HOLE:
        raise InputError(f"--dealer-cards {seen.dealer_cards}: the dealer has two hole cards (1 or 2)")
    if seen.sorted_ranks is not None:
        parse_classes(seen.sorted_ranks)


def sampled_chunk(pricer: Pricer, game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """One seeded chunk of situations (a holding and the dealer cards seen, drawn uniformly), each priced
    exactly: the informed best value less the plain optimal value of the holding (with ``seen`` read
    by class, each dealer card replaced by its class, priced over every card it could be)."""
    classes = None if seen.sorted_ranks is None else parse_classes(seen.sorted_ranks)
    plain = pricer.plain_best(game)
    table = orbits(())
    rng = random.Random(chunk_seed(seed, chunk))
    gains: list[Fraction] = []
    for _ in range(size):
        cards = rng.sample(range(52), HOLE + seen.dealer_cards)
        holding = (cards[0], cards[1])
        if classes is None:
            values = pricer.values(game, holding, tuple(cards[HOLE:]), ())
        else:
            values = pricer.values(game, holding, (), tuple(read_of(classes, card >> 2) for card in cards[HOLE:]))
        gains.append(max(values.values()) - plain[table.of(*holding)])
    # each gain over its situation's deals (a read's situations differ in theirs): one denominator
    denominator = lcm(*(g.denominator for g in gains))
    return GainSample(seed, chunk, tuple(int(g * denominator) for g in gains), denominator)
