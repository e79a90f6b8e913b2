"""Ultimate Three Card Poker when the player sees more of the dealer's hand, priced exactly.

``dealer_cards=K`` counts the dealer cards the player sees whole, the upcard included: on the
face-up table K = 1 is the plain game, 2 the upcard and one hole card, 3 the whole hand; on WoO's
face-down table (``rules.dealer_upcards = 0``) K = 0 is the plain game.  A deal is (the player's
hand, the K seen dealer cards, the 3 - K hidden ones), every one equally likely (the upcard is a
uniformly random one of the dealer's cards, and so is each further card seen), so K = 1 counts
exactly the deals of the face-up game.

The kernel (ext/ultimate_exposure.pyx) gives, for every observation (hand and seen cards), how its
dealer completions end (the six endings of the solver: qualifies or not, player higher, dealer
higher, tie), merged over observations of one player class and the same counts.  Here each merged
observation is decided as the solver decides a situation (fold at -2 per Ante, or the Play size
that maximises the net summed over the completions, ties broken by ``rules.tie_break``) and its
deals are added to the outcome rows of the plain analysis (action, ending, the player's class).

Other boxes are not priced: a box's three cards beside the upcard leave about 1.5 billion
observations of up to 990 completions each, which plain enumeration cannot count in seconds.

>>> from oddscalc.engines.base import load
>>> found = analyze_exposure(load("ultimate-three-card-poker"), 3)
>>> found.gain > 0, found.strategy[0]
(True, ('dealer qualifies, player higher', 'play 3x with a pair or better, 1x below a pair'))
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from oddscalc._native import ultimate_exposure
from oddscalc.core.cards import DECK
from oddscalc.core.economics import Analysis
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.reads import Classes, classes_text, parse_classes
from oddscalc.engines.solver import best_of
from oddscalc.engines.three_card.rules import qualifier_strength
from oddscalc.engines.three_card.ultimate import ENDINGS, FOLD, UltimateRules, hand_class, play_action
from oddscalc.engines.three_card.ultimate_family import CLASSES, outcome_analysis, play_multiple, ultimate_rules

HIGH_CARD = "high-card"


@dataclass(frozen=True)
class Informed:
    """The informed optimal player's exact figures per Ante, on one deck.

    ``outcome_counts``: (action, ending, the player's class, net per Ante) -> deals, as the plain
    solver's (a fold's ending is ``fold``); ``decisions``: (the player's class, the six ending
    counts of an observation) -> the action taken there."""
    dealer_cards: int
    deals: int
    completions: int                # hidden dealer hands per observation (0: a read's observations differ)
    outcome_counts: dict[tuple[str, str, str, Fraction], int]
    action_probabilities: dict[str, Fraction]
    decisions: dict[tuple[str, tuple[int, ...]], str]

    @property
    def expected_return(self) -> Fraction:
        return Fraction(sum(n * net for (*_, net), n in self.outcome_counts.items()), self.deals)

    @property
    def average_wager(self) -> Fraction:
        return Fraction(sum(n * (2 + play_multiple(action)) for (action, *_), n in self.outcome_counts.items()),
                        self.deals)

    @property
    def net_counts(self) -> dict[Fraction, int]:
        out: dict[Fraction, int] = {}
        for (*_, net), n in self.outcome_counts.items():
            out[net] = out.get(net, 0) + n
        return dict(sorted(out.items()))


def _blind_pay(rules: UltimateRules, klass: str) -> Fraction:
    """The Blind's pay to one on a higher hand of ``klass`` (unlisted: a push; an unlisted mini royal
    is paid as a straight flush)."""
    pays = rules.blind
    if klass not in pays and klass == "mini-royal":
        klass = "straight-flush"
    return Fraction(pays.get(klass, 0))


def ending_nets(rules: UltimateRules, klass: str) -> tuple[tuple[Fraction, int], ...]:
    """Each ending's net per Ante of a Play as (constant, slope): net = constant + slope * multiple.
    The rules of docs/staged-games.md section 3.2; a tie pushes every wager."""
    blind = _blind_pay(rules, klass)
    play_nq = 0 if rules.play_needs_qualifier else 1
    return ((1 + blind, 1), (Fraction(-2), -1), (Fraction(0), 0),
            (blind, play_nq), (Fraction(-1), -play_nq), (Fraction(0), 0))


def _check(rules: UltimateRules, dealer_cards: int) -> None:
    if rules.pairplus_ratio and not rules.pairplus_survives_fold:
        raise InputError("exposure prices the Ante, Blind and Play: with rules.pairplus_survives_fold false a "
                         "Pair Plus stake moves the folds; give rules.pairplus_ratio=0")
    low = rules.dealer_upcards
    if not low <= dealer_cards <= 3:
        shown = "the upcard counted, so 1" if low else "so 0"
        raise InputError(f"dealer_cards={dealer_cards}: the dealer has three cards, {shown} to 3 are seen")


def informed(rules: UltimateRules, dealer_cards: int, deck: Iterable[int] = DECK,
             classes: Classes | None = None) -> Informed:
    """The exact figures of a player who sees ``dealer_cards`` of the dealer's cards and decides
    optimally with them, over every deal of ``deck``; with ``classes`` (a read, engines.reads) the
    cards the table shows are seen whole and the others of the ``dealer_cards`` by rank class only."""
    _check(rules, dealer_cards)
    deck = tuple(sorted(deck))
    n = len(deck)
    ranking = ThreeCardRanking()
    qualify = qualifier_strength(rules.qualifier, ranking)
    top = ranking.native.n_strengths - 1
    class_of = [CLASSES.index(hand_class(ranking, s, top)) for s in range(ranking.native.n_strengths)]
    whole = dealer_cards if classes is None else rules.dealer_upcards
    reads = dealer_cards - whole
    try:
        if reads:
            assert classes is not None
            merged = ultimate_exposure.read_observations(ranking.native, deck, qualify, class_of, whole,
                                                         card_classes(classes), reads)
        else:
            merged = ultimate_exposure.observations(ranking.native, deck, qualify, class_of, dealer_cards)
    except ValueError as error:
        raise InputError(f"exposure: {error}") from None
    # every dealer hand dealt in each order of its seen set, read cards in order and hidden set
    ways = math.comb(3, whole) * math.perm(3 - whole, reads)
    deals = math.comb(n, 3) * math.comb(n - 3, 3) * ways
    return _decided(rules, dealer_cards, merged, deals)


def card_classes(classes: Classes) -> list[int]:
    """The class of every card code for a read: 1.. for the classes named, 0 for the other ranks."""
    rank_class = [0] * 13
    for index, ranks in enumerate(classes):
        for rank in ranks:
            rank_class[rank] = index + 1
    return [rank_class[card >> 2] for card in range(52)]


def _decided(rules: UltimateRules, dealer_cards: int, merged: Mapping[tuple[int, ...], int], deals: int) -> Informed:
    """Each merged observation decided (its completions the sum of its counts) and its deals tallied."""
    if sum(weight * sum(counts) for (_, *counts), weight in merged.items()) != deals:
        raise AssertionError(f"the kernel's observations do not hold the {deals} deals")
    nets = {klass: ending_nets(rules, klass) for klass in CLASSES}
    # the decisions in integers: every net times one common denominator (the Blind's pays are halves
    # at most), so that thousands of merged observations are compared without Fractions
    scale = math.lcm(*(constant.denominator for ending in nets.values() for constant, _ in ending))
    scaled = {klass: tuple((int(constant * scale), slope * scale) for constant, slope in ending)
              for klass, ending in nets.items()}
    outcome_counts: dict[tuple[str, str, str, Fraction], int] = {}
    shares = dict.fromkeys(rules.actions.points[0].actions, 0)
    decisions: dict[tuple[str, tuple[int, ...]], str] = {}
    every = set()
    for (index, *counts), weight in merged.items():
        klass = CLASSES[index]
        completions = sum(counts)
        every.add(completions)
        action = _best(rules, klass, scaled[klass], counts, completions * scale)
        decisions[(klass, tuple(counts))] = action
        # an action's share of the rounds: of the deals (observations of a read differ in theirs)
        shares[action] += weight * completions
        multiple = play_multiple(action)
        if not multiple:
            key = (FOLD, FOLD, klass, Fraction(-2))
            outcome_counts[key] = outcome_counts.get(key, 0) + weight * completions
            continue
        for ending, (constant, slope), count in zip(ENDINGS, nets[klass], counts, strict=True):
            if count:
                key = (action, ending, klass, constant + slope * multiple)
                outcome_counts[key] = outcome_counts.get(key, 0) + weight * count
    return Informed(dealer_cards, deals, every.pop() if len(every) == 1 else 0, outcome_counts,
                    {action: Fraction(w, deals) for action, w in shares.items()}, decisions)


def _best(rules: UltimateRules, klass: str, nets: tuple[tuple[int, int], ...], counts: list[int],
          completions: int) -> str:
    """The action of largest net summed over the completions (on equal nets, by the tie-break);
    ``nets`` and ``completions`` are scaled alike."""
    constant = sum(n * c for n, (c, _) in zip(counts, nets, strict=True))
    slope = sum(n * k for n, (_, k) in zip(counts, nets, strict=True))
    sizes = rules.play_multiples_below_pair if klass == HIGH_CARD else rules.play_multiples_pair_or_better
    values = {FOLD: (-2 * completions, 0), **{play_action(m): (constant + m * slope, m) for m in sizes}}
    return best_of({a: v for a, (v, _) in values.items()}, {a: m for a, (_, m) in values.items()}, rules.wager_more)


def informed_analysis(game: GameTable, found: Informed) -> Analysis:
    """The informed outcome table, with the plain analysis' outcome names and order."""
    # the report's "probability of calling (playing)": every action but the fold
    return outcome_analysis(game, found.outcome_counts, found.deals, found.action_probabilities,
                            1 - found.action_probabilities[FOLD])


def _classes_text(classes: list[str], occurring: list[str]) -> str:
    """Classes in words, among those that can end so (no three of a kind ties, for one)."""
    if classes == [HIGH_CARD]:
        return "below a pair"
    if classes == [klass for klass in occurring if klass != HIGH_CARD]:
        return "with a pair or better"
    return "with " + ", ".join(classes)


def everything_seen_lines(found: Informed) -> tuple[tuple[str, str], ...]:
    """How a player who sees the whole dealer hand decides, by ending: each ending's action per
    class, as computed (every observation is then one dealer hand, its counts one ending)."""
    lines = []
    for index, ending in enumerate(ENDINGS):
        by_action: dict[str, list[str]] = {}
        occurring = []
        for klass in CLASSES:
            action = found.decisions.get((klass, tuple(int(i == index) for i in range(len(ENDINGS)))))
            if action is not None:
                by_action.setdefault(action, []).append(klass)
                occurring.append(klass)
        if not by_action:
            continue
        if len(by_action) == 1:
            lines.append((ending, next(iter(by_action))))
            continue
        parts: list[str] = []
        for action, classes in by_action.items():
            text = action if not parts else action.removeprefix("play ")
            parts.append(f"{text} {_classes_text(classes, occurring)}")
        lines.append((ending, ", ".join(parts)))
    return tuple(lines)


def seen_text(dealer_cards: int, upcards: int) -> str:
    """What the player sees, in words.

    >>> seen_text(2, 1), seen_text(1, 0)
    ('2 dealer cards (the upcard and 1 hole card)', '1 dealer card')
    >>> seen_text(1, 1), seen_text(3, 1)
    ('nothing more (the upcard)', 'the whole dealer hand')
    """
    if dealer_cards == 3:
        return "the whole dealer hand"
    if dealer_cards == upcards:
        return "nothing more" + (" (the upcard)" if upcards else "")
    if upcards:
        return f"{dealer_cards} dealer cards (the upcard and {dealer_cards - 1} hole card)"
    return f"{dealer_cards} dealer card{'s' if dealer_cards != 1 else ''}"


def read_text(read: int, upcards: int, classes: Classes) -> str:
    """What the player sees when dealer cards are read by class, in words.

    >>> read_text(1, 1, ((12,), (9, 10, 11)))
    'the upcard and 1 hole card read by rank class only ({A} | {K, Q, J} | the other ranks)'
    """
    plural = "s" if read != 1 else ""
    cards = f"{read} hole card{plural}" if upcards else f"{read} dealer card{plural}"
    return f"{'the upcard and ' if upcards else ''}{cards} read by rank class only ({classes_text(classes)})"


def _plain(game: GameTable) -> Analysis:
    return informed_analysis(game, informed(ultimate_rules(game), ultimate_rules(game).dealer_upcards))


def plain_analysis(game: GameTable) -> Analysis:
    """The plain game, once per table: the informed player who sees only what the table shows.  It
    is the family's analysis (main_analysis) outcome by outcome (tests), in a fraction of its time."""
    return game.built(_plain)


def analyze_exposure(game: GameTable, dealer_cards: int, classes: Classes | None = None) -> Exposure:
    """The exact exposure analysis of a table with ``dealer_cards`` dealer cards seen (the upcard
    counted; with ``classes`` those beyond the upcard read by rank class only): the informed outcome
    table beside the plain analysis, the gain per Ante, and with the whole dealer hand seen how the
    informed player decides."""
    rules = ultimate_rules(game)
    _check(rules, dealer_cards)
    if classes is not None and dealer_cards == rules.dealer_upcards:
        raise InputError(f"--sorted reads dealer cards beyond what the table shows: give --dealer-cards "
                         f"{rules.dealer_upcards + 1} to 3")
    baseline = plain_analysis(game)
    strategy: tuple[tuple[str, str], ...] = ()
    if dealer_cards == rules.dealer_upcards:
        analysis = baseline                   # seeing what the table shows is the baseline's count
    else:
        found = informed(rules, dealer_cards, classes=classes)
        analysis = informed_analysis(game, found)
        strategy = everything_seen_lines(found) if dealer_cards == 3 and classes is None else ()
    facts: dict[str, object] = {"dealer_cards": dealer_cards, "average_wager": analysis.average_wager}
    text = seen_text(dealer_cards, rules.dealer_upcards)
    if classes is None or dealer_cards == rules.dealer_upcards:
        facts["completions"] = math.comb(len(DECK) - 3 - dealer_cards, 3 - dealer_cards)
    else:
        read = dealer_cards - rules.dealer_upcards
        facts["read_cards"] = read
        facts["classes"] = classes_text(classes)
        text = read_text(read, rules.dealer_upcards, classes)
    return Exposure(text, baseline, analysis.expected_return - baseline.expected_return, analysis, strategy=strategy,
                    facts=facts)


def exposure(table: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure:
    """The engine's exposure analysis: exact for the dealer cards seen whole or read by rank class
    (``--sorted``, a set or a partition); other boxes are refused."""
    if seen.boxes:
        raise InputError(f"{table.name} prices dealer cards seen, not other boxes (boxes={seen.boxes}): a box beside "
                         "the upcard is too many observations to count exactly")
    rules = ultimate_rules(table)
    classes = None if seen.sorted_ranks is None else parse_classes(seen.sorted_ranks)
    return analyze_exposure(table, max(seen.dealer_cards, rules.dealer_upcards), classes)


def exposure_chunk(table: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """Not used: every dealer-card case is counted exactly, so nothing is sampled."""
    raise InputError(f"{table.name}'s exposure is counted exactly for the dealer cards seen; it samples nothing")


__all__ = ["Informed", "analyze_exposure", "card_classes", "ending_nets", "everything_seen_lines", "exposure",
           "exposure_chunk", "informed", "informed_analysis", "plain_analysis", "seen_text"]
