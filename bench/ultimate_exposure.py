"""Ultimate Three Card Poker exposure speed (oddscalc/engines/three_card/ultimate_exposure.py) against
the 10 s target of issue 19 (prints timings and whether each case meets it).

    python bench/ultimate_exposure.py

Every exact case (the face-up table with 1 to 3 dealer cards seen, WoO's face-down table with 0 to
3) is timed end to end on a fresh table (kernel, the plain baseline, the decisions, the Analysis),
wall and CPU seconds (the CPU time is what the case costs when other work shares the machine).
Beside it, the brute force: every observation (the player's hand and the seen dealer cards) priced
on its own in plain Python, its dealer completions enumerated and valued by the evaluator, no suit
classes, no merging; timed on a random sample of observations and scaled to the case's number of
observations.  The ratio is that estimate over the case's wall time.

Then the hole cards read by rank class (``--sorted``, face up: the upcard whole, one or two hole
cards read) for a set and a partition: the brute force's observation is the hand, the upcard and
the classes read, its completions every ordered read card of those classes and hidden card; its
time per completion, on a sample of observations dealt at random, times the case's deals.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from itertools import combinations, permutations

from oddscalc.core.cards import DECK
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.engines.base import load, overlay
from oddscalc.engines.reads import parse_classes
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate import hand_class
from oddscalc.engines.three_card.ultimate_exposure import analyze_exposure, card_classes, ending_nets
from oddscalc.engines.three_card.ultimate_family import ultimate_rules

GAME = "ultimate-three-card-poker"
TABLES = {"face up": (), "face down": ("dealer_upcards=0",)}
SAMPLE = 400
TARGET = 10.0


def brute_seconds(table, seen, rng):
    """Seconds per observation of the brute force, on SAMPLE random observations."""
    rules = ultimate_rules(table)
    ranking = ThreeCardRanking()
    native = ranking.native
    qualify = qualifier_strength(rules.qualifier, ranking)
    top = native.n_strengths - 1
    picks = [rng.sample(DECK, 3 + seen) for _ in range(SAMPLE)]
    start = time.perf_counter()
    for cards in picks:
        hand, shown = cards[:3], cards[3:]
        mine = native.strength(hand)
        klass = hand_class(ranking, mine, top)
        nets = ending_nets(rules, klass)
        sizes = rules.play_multiples_below_pair if klass == "high-card" else rules.play_multiples_pair_or_better
        counts = [0] * 6
        taken = set(cards)
        rest = [c for c in DECK if c not in taken]
        for hidden in combinations(rest, 3 - seen):
            dealer = native.strength((*shown, *hidden))
            ending = (0 if dealer >= qualify else 3) + (0 if dealer < mine else 1 if dealer > mine else 2)
            counts[ending] += 1
        values = [-2 * math.comb(len(rest), 3 - seen)]
        values += [sum(n * (c + k * m) for n, (c, k) in zip(counts, nets, strict=True)) for m in sizes]
        max(values)
    return (time.perf_counter() - start) / SAMPLE


def brute_read_seconds(table, classes, reads, rng):
    """The brute force's estimated seconds for the face-up table with ``reads`` hole cards read by
    ``classes``: seconds per completion on SAMPLE observations, times every deal."""
    rules = ultimate_rules(table)
    ranking = ThreeCardRanking()
    native = ranking.native
    qualify = qualifier_strength(rules.qualifier, ranking)
    top = native.n_strengths - 1
    of = card_classes(classes)
    spent, done = 0.0, 0
    for _ in range(SAMPLE // 4):
        cards = rng.sample(DECK, 4 + reads)
        hand, up, read = cards[:3], cards[3], [of[c] for c in cards[4:]]
        start = time.perf_counter()
        mine = native.strength(hand)
        klass = hand_class(ranking, mine, top)
        nets = ending_nets(rules, klass)
        sizes = rules.play_multiples_below_pair if klass == "high-card" else rules.play_multiples_pair_or_better
        counts = [0] * 6
        rest = [c for c in DECK if c not in hand and c != up]
        for chosen in permutations(rest, reads):
            if [of[c] for c in chosen] != read:
                continue
            for hidden in combinations([c for c in rest if c not in chosen], 2 - reads):
                dealer = native.strength((up, *chosen, *hidden))
                ending = (0 if dealer >= qualify else 3) + (0 if dealer < mine else 1 if dealer > mine else 2)
                counts[ending] += 1
        values = [-2 * sum(counts)]
        values += [sum(n * (c + k * m) for n, (c, k) in zip(counts, nets, strict=True)) for m in sizes]
        max(values)
        spent += time.perf_counter() - start
        done += sum(counts)
    deals = math.comb(52, 3) * math.comb(49, 3) * 3 * math.perm(2, reads)
    return spent / done * deals


def run():
    rng = random.Random(5)
    print(f"{'table':10} {'dealer cards':>12} {'return/Ante':>12} {'gain/Ante':>10} {'wall s':>7} {'cpu s':>6} "
          f"{'brute s (est.)':>15} {'ratio':>7}  {'<= 10 s'}")
    for name, rules in TABLES.items():
        shipped = overlay(load(GAME), rules=rules)
        low = ultimate_rules(shipped).dealer_upcards
        for seen in range(low, 4):
            table = replace(shipped)                   # a fresh table: nothing built yet
            wall, cpu = time.perf_counter(), time.process_time()
            found = analyze_exposure(table, seen)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            brute = brute_seconds(table, seen, rng) * math.comb(52, 3) * math.comb(49, seen)
            print(f"{name:10} {seen:12} {float(found.expected_return):12.6f} {float(found.gain):10.6f} "
                  f"{wall:7.2f} {cpu:6.2f} {brute:15.0f} {brute / wall:7.0f}  {'yes' if wall <= TARGET else 'NO'}")
    print(f"\n{'hole cards read (face up)':32} {'return/Ante':>12} {'gain/Ante':>10} {'wall s':>7} {'cpu s':>6} "
          f"{'brute s (est.)':>15} {'ratio':>7}  {'<= 10 s'}")
    shipped = load(GAME)
    for text in ("A K", "A|K Q J"):
        for reads in (1, 2):
            table = replace(shipped)
            classes = parse_classes(text)
            wall, cpu = time.perf_counter(), time.process_time()
            found = analyze_exposure(table, 1 + reads, classes)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            brute = brute_read_seconds(table, classes, reads, rng)
            name = f"{reads} read as {text}"
            print(f"{name:32} {float(found.expected_return):12.6f} {float(found.gain):10.6f} {wall:7.2f} {cpu:6.2f} "
                  f"{brute:15.0f} {brute / wall:7.0f}  {'yes' if wall <= TARGET else 'NO'}")


if __name__ == "__main__":
    run()
