"""Three-card exposure speed (oddscalc/engines/three_card/exposure.py) against the 2 s target of its
issue (prints timings and whether each case meets it).

    python bench/exposure_three.py [--quick]

Every exact case of every three-card game is timed end to end (kernel, baseline, pricing, the
Analysis), wall and CPU seconds (the CPU time is what the case costs when other work shares the
machine).  Beside it, the brute force: every observed situation priced on its own by
enumerating the dealer hands it leaves (the C loop of price_situation, no suit classes, no
tables, no shortcut), timed on a random sample of situations and scaled to the case's number of
situations; the ratio is that estimate over the case's wall time.  The last lines time the
Monte Carlo estimate of three and four boxes (seeded chunks through tools.exposure on one process),
which no exact case covers.  The Caribbean Fast Poker rows deal its what-if with one dealer card
face up (--rule dealer_upcards=1); the game as dealt is Fast Poker's deal.
"""
from __future__ import annotations

import math
import random
import sys
import time

from oddscalc.core.cards import DECK
from oddscalc.engines.base import Seen, load
from oddscalc.engines.three_card.exposure import analyze_exposure, kernel_game, parse_sorted_ranks
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.tools.exposure import analyze_exposure as estimate_exposure

GAMES = {"three-card-poker": (), "fast-poker": (), "caribbean-fast-poker (upcard)": ("dealer_upcards=1",)}

SAMPLE = 300
TARGET = 2.0


def cases(rules):
    if rules.upcards:
        yield from ({"dealer_cards": k} for k in (1, 2, 3))
        yield {"boxes": 1}
        return
    yield from ({"dealer_cards": k} for k in range(4))
    for ranks in ("A K", "Q K A"):
        yield from ({"dealer_cards": k, "sorted_ranks": ranks} for k in (1, 2, 3))
    yield from ({"boxes": k} for k in (1, 2))


def label(case):
    if "boxes" in case:
        return f"boxes={case['boxes']}"
    if "sorted_ranks" in case:
        return f"sorted {{{case['sorted_ranks']}}} x{case['dealer_cards']}"
    return f"dealer_cards={case['dealer_cards']}"


def situations(case, upcards):
    """How many situations the brute force prices, and a random one (hand, seen, dead, sorted k, j)."""
    n = len(DECK)
    hands = math.comb(n, 3)
    if "boxes" in case:
        dead = 3 * case["boxes"]
        count = hands * math.comb(n - 3, upcards) * math.comb(n - 3 - upcards, dead)
        return count, lambda cards, rng: (cards[:3], cards[3:3 + upcards], cards[3 + upcards:3 + upcards + dead], 0, -1)
    k = case["dealer_cards"]
    if "sorted_ranks" in case:
        return hands * (k + 1), lambda cards, rng: (cards[:3], (), (), k, rng.randrange(k + 1))
    return hands * math.comb(n - 3, k), lambda cards, rng: (cards[:3], cards[3:3 + k], (), 0, -1)


def brute_seconds(rules, case, rng):
    """Seconds per situation of the brute force, on SAMPLE random situations."""
    ranks = parse_sorted_ranks(case["sorted_ranks"]) if "sorted_ranks" in case else ()
    game = kernel_game(rules, DECK, ranks)
    count, draw = situations(case, rules.upcards)
    picks = [draw(rng.sample(DECK, 10), rng) for _ in range(SAMPLE)]
    start = time.perf_counter()
    for hand, seen, dead, k, j in picks:
        game.situation(hand, seen, dead, k, j)
    return (time.perf_counter() - start) / SAMPLE, count


def run(case_filter=None):
    rng = random.Random(5)
    print(f"{'game':30} {'case':18} {'return/Bet':>11} {'gain/Bet':>10} {'wall s':>7} {'cpu s':>6} "
          f"{'brute s (est.)':>15} {'ratio':>9}  {'< 2 s'}")
    for name, overlay in GAMES.items():
        rules = three_card_rules(load(name.split()[0], rules=overlay))
        for case in cases(rules):
            if case_filter and not case_filter(case):
                continue
            wall, cpu = time.perf_counter(), time.process_time()
            result = analyze_exposure(rules, **case)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            per, count = brute_seconds(rules, case, rng)
            brute = per * count
            print(f"{name:30} {label(case):18} {float(result.expected_return):11.6f} {float(result.gain):10.6f} "
                  f"{wall:7.2f} {cpu:6.2f} {brute:15.0f} {brute / wall:9.0f}  "
                  f"{'yes' if cpu < TARGET else 'NO'}")
    table = load("three-card-poker")
    for boxes, samples in ((3, 10000), (4, 10000)):
        start = time.perf_counter()
        estimate = estimate_exposure(table, Seen(boxes=boxes), samples, seed=boxes, workers=1)
        print(f"three-card-poker       boxes={boxes} ESTIMATE gain {float(estimate.gain):.5f} +- "
              f"{estimate.std_error:.5f} (1 s.e., seed {boxes}) from {samples} deals in "
              f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    run((lambda case: case.get("boxes", 0) < 2) if quick else None)
