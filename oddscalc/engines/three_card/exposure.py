"""What the player sees, priced exactly: three-card games when the player, deciding play/fold
optimally, also sees some of the dealer's cards, other boxes' cards, or sorted card backs.

Three kinds of exposure (one at a time):

* ``dealer_cards=K``: K of the dealer's three cards (K = 0..3; a table that already shows an
  upcard, ``rules.dealer_upcards = 1``, needs K >= 1).  A deal is (player hand, the K seen dealer
  cards, the 3 - K hidden ones), so K = 1 counts exactly the deals of ``dealer_upcards = 1``.
* ``boxes=K``: the three cards of K other boxes face up, the dealer's cards hidden (K = 1, 2
  exact).  A deal is (player hand, box 1, ..., box K, dealer hand).  On a table with an upcard
  one box is priced exactly, the upcard seen as the table shows it.
* ``sorted_ranks=R, dealer_cards=K``: for K of the dealer's cards the player sees only whether
  each has a rank in R (edge sorting); a deal is as for ``dealer_cards=K``.

Everything is priced by solve.Prices for the rules given (Bet, Play, ante bonus, the
Bonus at the rules' ratio, which a fold forfeits); the kernels (ext/exposure3*.pyx) only see the
integer decision coefficients of solve.scaled_coefficients and return the tally of a
solve.Solution, which the outcome builders turn into the Analysis.

>>> from oddscalc.engines.base import load
>>> from oddscalc.engines.three_card.rules import three_card_rules
>>> tcp = three_card_rules(load("three-card-poker"))
>>> one = analyze_exposure(tcp, dealer_cards=1)
>>> round(float(one.baseline.expected_return), 5), round(float(one.analysis.expected_return), 5)
(-0.03373, 0.03483)
>>> one.strategy[0]
('against 2 to J', 'play every hand')
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction

from oddscalc._native import exposure3, exposure3_boxes, exposure3_ranks
from oddscalc.core.cards import DECK, RANKS, parse_rank_set
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.parallel import chunk_seed
from oddscalc.engines.base import Exposure, GainSample, Seen, settle_ties
from oddscalc.engines.reads import Classes, classes_text, parse_classes, read_name
from oddscalc.engines.situation_price import SituationPrice
from oddscalc.engines.solver import takes
from oddscalc.engines.three_card.counts import GameCounts, game_counts
from oddscalc.engines.three_card.outcomes import game_analysis
from oddscalc.engines.three_card.rules import ThreeCardRules, three_card_rules
from oddscalc.engines.three_card.solve import (
    LOSE,
    PUSH,
    WIN,
    Prices,
    Solution,
    prices,
    scaled_coefficients,
    settled_counts,
    solve,
)
from oddscalc.engines.three_card.strategy import threshold_text, thresholds

# a row of the kernel's decisions (Game.dealer_cards, sorted_cards): observation, strength, situations
# played, situations folded, and a hand's three cards
Group = tuple[int, int, int, int, int, int, int]

MAX_EXACT_BOXES = 2


def seen_text(dealer_cards: int, boxes: int, sorted_ranks: Sequence[str] | None) -> str:
    """What is seen, in words.

    >>> seen_text(1, 0, None), seen_text(0, 2, None), seen_text(2, 0, ("K", "A"))
    ('1 dealer card', '2 other boxes', 'whether each of 2 dealer cards is A or K')
    >>> seen_text(1, 1, None), seen_text(0, 0, None), seen_text(1, 0, ("A",))
    ('1 other box and 1 dealer card', 'nothing more', 'whether the dealer card seen is A')
    """
    if sorted_ranks:
        ranks = " or ".join(sorted(sorted_ranks, key=RANKS.index, reverse=True))
        if dealer_cards == 1:
            return f"whether the dealer card seen is {ranks}"
        return f"whether each of {_plural(dealer_cards, 'dealer card')} is {ranks}"
    parts = [_plural(boxes, "other box", "other boxes")] if boxes else []
    if dealer_cards:
        parts.append(_plural(dealer_cards, "dealer card"))
    return " and ".join(parts) or "nothing more"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# ---------------------------------------------------------------------------------------------

def parse_sorted_ranks(ranks: str | Iterable[int]) -> tuple[int, ...]:
    """Rank numbers (0..12) of a sorted set given as ``"A K"``, ``"AK"``, ``"Q,K,A"`` or ranks.

    >>> parse_sorted_ranks("A K"), parse_sorted_ranks("QKA"), parse_sorted_ranks([12])
    ((11, 12), (10, 11, 12), (12,))
    """
    out = parse_rank_set(ranks) if isinstance(ranks, str) else tuple(sorted(set(ranks)))
    if not out or any(not 0 <= r <= 12 for r in out):
        raise InputError("the sorted set must name one or more ranks such as 'A K'")
    if len(out) == 13:
        raise InputError("a sorted set of all 13 ranks tells nothing")
    return out


def parse_sorted_classes(ranks: str | Iterable[int]) -> Classes:
    """The sorted classes of a read: one set (``"A K"``, checked as parse_sorted_ranks checks it) or
    a partition written with ``|`` between classes (``"A|K Q J|*"``, engines.reads.parse_classes).

    >>> parse_sorted_classes("A K"), parse_sorted_classes("A|K Q J|*")
    (((11, 12),), ((12,), (9, 10, 11)))
    """
    if not isinstance(ranks, str) or "|" not in ranks:
        return (parse_sorted_ranks(ranks),)
    return parse_classes(ranks)


def _class_of_strengths(rules: ThreeCardRules) -> list[int]:
    """Pay-class index (into rules.pay_classes: the hand classes and the game's classes the main
    paytables name) of every strength of the rules' ranking."""
    return [rules.pay_classes.index(klass) for klass in rules.pay_class_of]


def kernel_game(rules: ThreeCardRules, deck: Iterable[int] = DECK,
                sorted_ranks: Sequence[int] | Classes = ()) -> exposure3.Game:
    """The kernel's Game for these rules: classes per strength and the scaled decision
    coefficients of each class (the kernel knows no paytable); ``sorted_ranks`` one sorted set of
    ranks or the classes of a partition."""
    p = prices(rules)
    coefficients = [scaled_coefficients(p, klass)[0] for klass in rules.pay_classes]
    try:
        return exposure3.Game(rules.ranking.native, tuple(sorted(deck)), rules.qualify,
                              _class_of_strengths(rules), coefficients, rules.play_on_tie,
                              sorted_ranks, int(rules.ties))
    except ValueError as error:
        raise InputError(f"exposure: {error}") from None


def _solution(rules: ThreeCardRules, p: Prices, rows: list[tuple[int, ...]], total: int,
              deck: tuple[int, ...], factor: int = 1) -> Solution:
    tally = {klass: _settled(rules, tuple(factor * v for v in row))
             for klass, row in zip(rules.pay_classes, rows, strict=True) if any(row)}
    counted = sum(sum(row) for row in tally.values())
    if counted != total:
        raise AssertionError(f"exposure tally counts {counted} deals, not {total}")
    return Solution(rules, GameCounts.tallied(total, deck), p, (), tally)


def _settled(rules: ThreeCardRules, row: tuple[int, ...]) -> tuple[int, ...]:
    """A kernel tally row with its ties (counted as pushes) settled by ``rules.ties``."""
    settled = list(row)
    settled[LOSE], settled[PUSH], settled[WIN] = settle_ties(rules.ties, row[LOSE], row[PUSH], row[WIN])
    return tuple(settled)


def analyze_exposure(rules: ThreeCardRules, dealer_cards: int | None = None, boxes: int = 0,
                     sorted_ranks: str | Iterable[int] | None = None, deck: Iterable[int] = DECK) -> Exposure:
    """The exact analysis of ``rules`` when the player also sees ``dealer_cards`` dealer cards,
    or ``boxes`` other boxes, or (with ``sorted_ranks``) whether each of ``dealer_cards`` dealer
    cards has a rank of the sorted set: the whole wager (Bonus included when staked) per Bet under
    the informed optimal strategy, and that strategy as players say it where it is simple."""
    deck = tuple(sorted(deck))
    n = len(deck)
    classes = parse_sorted_classes(sorted_ranks) if sorted_ranks is not None else ()
    ranks = classes[0] if len(classes) == 1 else tuple(r for c in classes for r in c)
    if dealer_cards is None:
        dealer_cards = rules.upcards
    if not 0 <= dealer_cards <= 3:
        raise InputError(f"--dealer-cards must be 0 to 3 in a three-card game, got {dealer_cards}")
    if boxes < 0:
        raise InputError(f"boxes must be 0 or more, got {boxes}")
    if boxes and (dealer_cards > rules.upcards or ranks):
        raise InputError("boxes= is priced with the dealer's cards hidden (no dealer_cards or sorted_ranks)")
    if ranks and rules.upcards:
        raise InputError(f"{rules.game.name} shows a dealer card; sorted_ranks= prices games whose "
                         "dealer cards are face down (use fast-poker for the same paytables)")
    if boxes > 1 and rules.upcards:
        raise InputError(f"{rules.game.name} shows a dealer card: boxes= is priced exactly for one box "
                         "there; estimate more with price_situation")
    if dealer_cards < rules.upcards:
        raise InputError(f"{rules.game.name} already shows {rules.upcards} dealer card; dealer_cards "
                         f"must be at least {rules.upcards}")
    if ranks and not dealer_cards:
        raise InputError("sorted_ranks= needs dealer_cards=1, 2 or 3 (the cards whose backs are seen)")
    if boxes > MAX_EXACT_BOXES:
        raise InputError(f"boxes={boxes} is not priced exactly (at most {MAX_EXACT_BOXES}); "
                         "estimate it with exposure_chunk")
    if n < 6 + 3 * boxes:
        raise InputError(f"a deck of {n} cards is too small for {boxes} boxes")
    p = prices(rules)
    baseline_solution = solve(rules, game_counts(rules, deck))
    baseline = game_analysis(baseline_solution)
    game = kernel_game(rules, deck, ranks if len(classes) == 1 else classes)
    strategy: tuple[tuple[str, str], ...] = ()
    if ranks:
        rows, groups = game.sorted_cards(dealer_cards)
        total = math.comb(n, 3) * math.comb(n - 3, 3) * math.comb(3, dealer_cards)
        solution = _solution(rules, p, rows, total, deck)
        names = [read_name(classes, read, dealer_cards) for read in game.observations(dealer_cards)]
        strategy = _strategy_lines(rules, p, groups, names, deck)
    elif boxes and rules.upcards:
        rows, _borderline = exposure3_boxes.upcard_box(game)
        total = math.comb(n, 3) * (n - 3) * math.comb(n - 4, 3) * math.comb(n - 7, 2)
        solution = _solution(rules, p, rows, total, deck)
    elif boxes:
        if boxes == 1:
            rows, _borderline = exposure3_boxes.boxes_by_card(game, 1)
        else:
            rows, _stats = exposure3_ranks.boxes_by_rank(game, 3 * boxes)
        ways = math.factorial(3 * boxes) // 6 ** boxes       # splits of the dead cards into boxes
        total = math.comb(n, 3) * math.comb(n - 3, 3 * boxes) * ways * math.comb(n - 3 - 3 * boxes, 3)
        solution = _solution(rules, p, rows, total, deck, ways)
    else:
        rows, groups = game.dealer_cards(dealer_cards)
        total = math.comb(n, 3) * math.comb(n - 3, 3) * math.comb(3, dealer_cards)
        solution = _solution(rules, p, rows, total, deck)
        if dealer_cards == 1:
            strategy = _strategy_lines(rules, p, groups, [f"against {RANKS[r]}" for r in range(13)], deck,
                                       merge=True)
        elif dealer_cards == 0:
            strategy = _strategy_lines(rules, p, _plain_groups(baseline_solution), ["every hand"], deck)
    analysis = game_analysis(solution)
    seen = (seen_text(dealer_cards, boxes, tuple(RANKS[r] for r in ranks) or None) if len(classes) < 2 else
            f"the class of each of {_plural(dealer_cards, 'dealer card')} in {classes_text(classes)}")
    return Exposure(seen, baseline, analysis.expected_return - baseline.expected_return, analysis, strategy=strategy)


def _plain_groups(solution: Solution) -> list[Group]:
    c = solution.counts
    out: list[Group] = []
    for i in range(len(c)):
        w = c.weight[i]
        out.append((0, c.strength[i], w if solution.play[i] else 0, 0 if solution.play[i] else w,
                    *c.examples[i]))
    return out


def _strategy_lines(rules: ThreeCardRules, p: Prices, groups: list[Group], names: list[str],
                    deck: tuple[int, ...], merge: bool = False) -> tuple[tuple[str, str], ...]:
    """(observation, "play T or better") per observation (strategy.thresholds on the kernel's
    decisions), consecutive observations with one rule merged (``against 2 to J``)."""
    up_ranks: list[int] = []
    strengths: list[int] = []
    weights: list[int] = []
    examples: list[tuple[int, int, int]] = []
    plays: list[bool] = []
    for obs, strength, played, folded, a, b, c in groups:
        for weight, play in ((played, True), (folded, False)):
            if weight:
                up_ranks.append(obs)
                strengths.append(strength)
                weights.append(weight)
                examples.append((a, b, c))
                plays.append(play)
    size = len(weights)
    zeros = [0] * size
    counts = GameCounts(up_ranks, strengths, weights, zeros, zeros, zeros,
                        zeros, examples, [-1] * size, [""] * size, 1, deck)
    solution = Solution(rules, counts, p, tuple(plays), {})
    lines = []
    for t in thresholds(solution):
        text = threshold_text(rules, counts, t)
        if t.exceptions:
            text += f" ({len(t.exceptions)} card-removal exceptions)"
        lines.append((t.up_rank, text))
    if not merge:
        return tuple((names[obs], text) for obs, text in lines)
    out, i = [], 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and lines[j + 1][1] == lines[i][1] and lines[j + 1][0] == lines[j][0] + 1:
            j += 1
        first, last = names[lines[i][0]], RANKS[lines[j][0]]
        out.append((f"{first}{'' if i == j else ' to ' + last}", lines[i][1]))
        i = j + 1
    return tuple(out)


# ---------------------------------------------------------------------------------------------

def price_situation(rules: ThreeCardRules, hand: Sequence[int], dealer_seen: Sequence[int] = (),
                    dead: Sequence[int] = (), deck: Iterable[int] = DECK, game: exposure3.Game | None = None,
                    p: Prices | None = None) -> SituationPrice:
    """EV(play), EV(fold) and the gain over the no-information decision of one observed
    situation: the player's hand, the dealer cards he sees and the dead cards he sees (other
    boxes).  The no-information decision sees the hand (and the game's own upcard).

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.core.cards import parse_cards
    >>> tcp = three_card_rules(load("three-card-poker"))
    >>> x = price_situation(tcp, parse_cards("Qh 6d 4s"), dead=parse_cards("2c 2d 3h 4c 5d 5s"))
    >>> x.plain_choice, x.choice, x.gain > 0
    ('play', 'fold', True)
    """
    hand, dealer_seen, dead = tuple(hand), tuple(dealer_seen), tuple(dead)
    deck = tuple(sorted(deck))
    if len(dealer_seen) < rules.upcards:
        raise InputError(f"{rules.game.name} shows {rules.upcards} dealer card: give it in dealer_seen")
    if len(dealer_seen) > 3:
        raise InputError("the dealer has three cards")
    game = game or kernel_game(rules, deck)
    try:
        counts = game.situation(hand, dealer_seen, dead)
        plain = game.situation(hand, dealer_seen[:rules.upcards], ())
    except ValueError as error:
        raise InputError(str(error)) from None
    p = p or prices(rules)
    klass = rules.pay_class_of[rules.ranking.strength(hand)]
    ev_fold = p.ev_fold(klass)
    ev_play = p.ev_play(klass, counts[0], *settled_counts(rules, *counts[1:]))
    plain_margin = p.ev_play(klass, plain[0], *settled_counts(rules, *plain[1:])) - ev_fold
    not_qualify, beaten_by, tied, beating = counts        # the kernel counts the dealer's wins first
    return SituationPrice(hand, dealer_seen, dead, (not_qualify, beating, tied, beaten_by),
                          {"play": ev_play, "fold": ev_fold}, _choice(ev_play - ev_fold, rules),
                          _choice(plain_margin, rules))


def _choice(margin: Fraction, rules: ThreeCardRules) -> str:
    """Play or fold on EV(play) - EV(fold) (an exact tie as ``rules.ev_tie`` says)."""
    return "play" if takes(margin, 0, rules.play_on_tie) else "fold"


def _margin_scale(rules: ThreeCardRules) -> int:
    """One denominator for every hand class's scaled decision margin."""
    p = prices(rules)
    return math.lcm(*(scaled_coefficients(p, klass)[1] for klass in rules.pay_classes))


def exposure_chunk(table: GameTable, seen: Seen, seed: int, chunk: int, size: int,
                   deck: Iterable[int] = DECK) -> GainSample:
    """``size`` situations drawn uniformly with chunk ``chunk`` of ``seed`` (the player's hand,
    the seen dealer cards, ``seen.boxes`` other boxes' cards), each priced exactly: the gain of
    the informed decision over the plain one, as integer numerators over one denominator
    (dealer completions x the margins' common denominator).

    >>> from oddscalc.engines.base import load
    >>> sample = exposure_chunk(load("three-card-poker"), Seen(boxes=3), seed=1, chunk=0, size=50)
    >>> len(sample.numerators), min(sample.numerators) >= 0
    (50, True)
    """
    rules = three_card_rules(table)
    if seen.sorted_ranks is not None:
        raise InputError("sorted dealer cards are counted exactly, not sampled")
    deck = tuple(sorted(deck))
    shown = max(seen.dealer_cards, rules.upcards)
    if shown > 3:
        raise InputError(f"the dealer has three cards, so at most 3 are seen, got {shown}")
    need = 3 + shown + 3 * seen.boxes
    if len(deck) < need + 3 - shown:
        raise InputError(f"a deck of {len(deck)} cards is too small for {seen.boxes} other boxes")
    game = kernel_game(rules, deck)
    p = prices(rules)
    scale = _margin_scale(rules)
    completions = math.comb(len(deck) - need, 3 - shown)
    rng = random.Random(chunk_seed(seed, chunk))
    numerators = []
    for _ in range(size):
        cards = rng.sample(deck, need)
        price = price_situation(rules, cards[:3], cards[3:3 + shown], cards[3 + shown:], deck, game, p)
        margin = (price.values["play"] - price.values["fold"]) * completions * scale
        if margin.denominator != 1:
            raise AssertionError("a scaled margin is not an integer")
        numerators.append(abs(int(margin)) if price.choice != price.plain_choice else 0)
    return GainSample(seed, chunk, tuple(numerators), completions * scale)


def exposure(table: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure | None:
    """The engine's exposure analysis: exact for 0 to 3 whole dealer cards, sorted dealer cards and
    one or two other boxes (one with an upcard); None (to be sampled) for more boxes or boxes with
    dealer cards.

    >>> from oddscalc.engines.base import load
    >>> found = exposure(load("fast-poker"), Seen(dealer_cards=1))
    >>> found is not None and found.exact and found.gain > 0
    True
    """
    rules = three_card_rules(table)
    dealer_cards = max(seen.dealer_cards, rules.upcards)
    if seen.sorted_ranks is None and seen.boxes and (dealer_cards > rules.upcards or seen.boxes > MAX_EXACT_BOXES
                                                     or (rules.upcards and seen.boxes > 1)):
        if dealer_cards > 3:
            raise InputError(f"the dealer has three cards, so at most 3 are seen, got {dealer_cards}")
        return None
    if seen.sorted_ranks is not None and seen.boxes:
        raise InputError("sorted dealer cards and other boxes are not priced together")
    return analyze_exposure(rules, dealer_cards, seen.boxes, seen.sorted_ranks)


__all__ = ["SituationPrice", "analyze_exposure", "exposure", "exposure_chunk", "price_situation", "kernel_game",
           "parse_sorted_ranks", "parse_sorted_classes", "seen_text"]
