"""Ultimate Texas Hold'em and Texas Hold'em Bonus before the flop with dealer hole cards seen or read
by rank class (ext/holdem_informed.pyx), against the issues' decide limits and a plain enumeration of
a sample of the same work in the same run.

    python bench/holdem_informed.py              # one and two dealer cards seen, and reads
    python bench/holdem_informed.py --flops 40   # more plain flops (default 12)
    python bench/holdem_informed.py --whole      # and the whole one-card exposure count (~9 min)

1. **kernel**: ``oddscalc.decide(game, hand, seen=..., reads=...)`` with no board, every
   stage decided on what is seen: every board and every unseen dealer card (after one warm-up call
   that builds the evaluator's tables).
2. **plain**: an independent straightforward enumeration, plain Python over ``eval5.strength`` on
   seven cards: for a seeded sample of flops, every turn and river and every unseen dealer card,
   one comparison each, the last decision by exhaustive search (UTH: the river Play 1x or fold, the
   Blind's table A written out here; THB: the River wager per turn card).  Its time per flop times
   the situation's flops is the plain estimate.  The plain side is one thread; the kernel runs on
   both cores.

3. **the one-card exposure count** (``exposure ultimate-texas-holdem --dealer-cards 1``): the first
   ``--classes`` of its 5,083 classes of (holding, card seen) timed, times 5,083, against the plain
   enumeration's time for a situation with one card seen (the first case) times 5,083; with
   ``--whole``, the whole count run and its return printed.

The limit held to: 0.2 s for a decision with seen cards (issue 23), a card read by rank class
too, however wide the class (with no card seen, a read's hands are counted by pairs of ranks whose
strengths are looked up per board rank multiset, so the cost hardly grows with the class).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMIT = 0.2
UTH, THB = "ultimate-texas-holdem", "texas-holdem-bonus"
# (game, hand, seen, read)
CASES = ((UTH, "As Kd", "7c", ""), (UTH, "As Kd", "7c 2h", ""), (UTH, "7h 2c", "Ac", ""), (THB, "7h 2c", "Ac", ""),
         (THB, "Qs Jh", "9c 9d", ""), (UTH, "7h 2c", "", "A"), (UTH, "As Kd", "7c", "K Q J"),
         (THB, "7h 2c", "", "A"), (UTH, "7h 2c", "", "K Q J"), (UTH, "7h 2c", "", "T 9 8 7 6 5 4 3 2"))


def dealer_hands(seen, read, left):
    """The dealer's hands given the cards seen and a read class (ranks): a read card is one of his, so
    it and the other card are ordered."""
    if not read:
        return [(*seen, *extra) for extra in combinations(left, 2 - len(seen))]
    if seen:
        return [(*seen, c) for c in left if c // 4 in read]
    return [(c, x) for c in left if c // 4 in read for x in left if x != c]
BLIND_A = {9: Fraction(500), 8: Fraction(50), 7: Fraction(10), 6: Fraction(3), 5: Fraction(3, 2), 4: Fraction(1)}


def plain_bonus_flop(strength, hand, seen, read, flop, rest):
    """The River wager's best net summed over every turn card of one flop (rivers and unseen dealer
    cards enumerated), and the showdown's wins less losses over every ordered turn and river."""
    left = [c for c in rest if c not in flop]
    river_total = showdown = 0
    for turn in left:
        net = 0
        for river in left:
            if river == turn:
                continue
            board = (*flop, turn, river)
            mine = strength((*hand, *board))
            for dealer in dealer_hands(seen, read, [c for c in left if c not in (turn, river)]):
                theirs = strength((*dealer, *board))
                net += (mine > theirs) - (mine < theirs)
        river_total += max(net, 0)
        showdown += net
    return river_total, showdown


def plain_flop(strength, category, hand, seen, read, flop, rest, qualifier):
    """The river's best value summed over every turn, river and unseen dealer card of one flop."""
    total = Fraction(0)
    left = [c for c in rest if c not in flop]
    for turn_river in combinations(left, 2):
        board = (*flop, *turn_river)
        mine = strength((*hand, *board))
        play = Fraction(0)
        hands = 0
        for dealer in dealer_hands(seen, read, [c for c in left if c not in turn_river]):
            theirs = strength((*dealer, *board))
            hands += 1
            if mine > theirs:
                play += 1 + (1 if theirs >= qualifier else 0) + BLIND_A.get(category(mine), Fraction(0))
            elif mine < theirs:
                play -= 3 if theirs >= qualifier else 2
        total += max(play, Fraction(-2 * hands))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flops", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--classes", type=int, default=24)
    parser.add_argument("--whole", action="store_true")
    args = parser.parse_args()
    import oddscalc
    from oddscalc._native import eval5
    from oddscalc.core.cards import RANKS, parse_cards
    qualifier = eval5.strength(parse_cards("2c 2d 3h 4s 5c"))
    oddscalc.decide("ultimate-texas-holdem", hand="As Kd", seen="7c")          # warm-up: the 7-card tables
    print(f"Hold'em preflop, dealer cards seen or read by rank class (limit {LIMIT:g} s)")
    print(f"  {'game':22} {'hand':8} {'seen':8} {'read':17} {'kernel s':>9} {'plain s':>12} {'ratio':>10}  choice")
    ok = True
    plains = []
    rng = random.Random(args.seed)
    for game, hand_text, seen_text, read_text in CASES:
        hand, seen = parse_cards(hand_text), parse_cards(seen_text)
        read = {RANKS.index(r) for r in read_text.split()}
        started = time.perf_counter()
        decision = oddscalc.decide(game, hand=hand_text, seen=seen_text, reads=read_text or None).decisions[0]
        kernel = time.perf_counter() - started
        rest = [c for c in range(52) if c not in (*hand, *seen)]
        flops = list(combinations(rest, 3))
        sample = rng.sample(flops, args.flops)
        started = time.perf_counter()
        for flop in sample:
            if game == UTH:
                plain_flop(eval5.strength, eval5.category, hand, seen, read, flop, rest, qualifier)
            else:
                plain_bonus_flop(eval5.strength, hand, seen, read, flop, rest)
        plain = (time.perf_counter() - started) / args.flops * comb(len(rest), 3)
        plains.append(plain)
        ok &= kernel <= LIMIT
        print(f"  {game:22} {hand_text:8} {seen_text:8} {read_text:17} {kernel:9.3f} {plain:12,.0f} "
              f"{plain / kernel:9,.0f}x  {decision.choice}")
    print("  within the limit" if ok else "  OVER the limit")
    whole_count(plains[0], args.classes, args.whole)


def whole_count(plain_situation, classes, whole):
    """The one-card exposure count: a sample of its classes timed (after the plain analysis it
    subtracts, counted first), against the plain enumeration of as many situations."""
    from oddscalc.engines.base import Seen, load
    from oddscalc.engines.holdem import seen_classes as sc
    from oddscalc.engines.holdem.ultimate import plain_best
    from oddscalc.engines.holdem.ultimate_exposure import PRICER
    from oddscalc.tools.exposure import analyze_exposure
    game = load(UTH)
    plain = plain_best(game)
    case = sc.Case(1)
    n = len(sc.situation_classes(case))
    started = time.perf_counter()
    sc.price_classes(PRICER, game, case, 0, classes, plain)
    per_class = (time.perf_counter() - started) / classes
    print(f"exposure {UTH} --dealer-cards 1, exact over {n:,} classes: {per_class:.3f} s a class "
          f"({classes} timed), about {per_class * n / 60:.1f} min; plain about {plain_situation * n / 86400:,.1f} "
          f"days: {plain_situation / per_class:,.0f}x")
    if whole:
        from oddscalc.core.budget import override, scope
        with scope():
            override(None, 10 ** 5)
            started = time.perf_counter()
            found = analyze_exposure(game, Seen(dealer_cards=1))
        print(f"  the whole count: {time.perf_counter() - started:.0f} s; return {float(found.expected_return):+.4%}, "
              f"gain {float(found.gain):+.4%} per Ante")


if __name__ == "__main__":
    main()
