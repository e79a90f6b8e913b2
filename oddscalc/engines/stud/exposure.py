"""Caribbean Stud exposure: the exact return when the player sees more than his five cards and
the upcard, and calls or folds optimally with everything he sees.

Exact analyses (``analyze_exposure``):

- ``dealer_cards=K`` whole dealer cards seen, counting the upcard: K = 1 (the plain analysis),
  K = 2 (every player hand against every seen pair, 123 million classes up to suits), K = 3 and
  4 (counted by ranks, ext/exposure_stud_seen.pyx: groups of situations that share every count,
  in chunks that run here, on local worker processes or on a Dask cluster) and K = 5 (the whole
  dealer hand: call unless a qualifying dealer beats you).
- ``sorted_ranks="AK"``: the upcard seen whole and K - 1 further dealer cards seen only as in or
  out of a set of ranks (edge sorting), any K from 1 to 5.

Other boxes' cards seen are estimated: ``price_situation`` prices one
observed situation exactly (EV of calling and folding over every dealer completion, and the gain
over the no-information decision); ``sample_gains`` draws situations in seeded, deterministic
chunks, which the exposure tool (oddscalc/tools/exposure.py) runs and combines.

The kernels (ext/exposure_stud*.pyx) know no paytable: they return integer counts, deciding with
each payout class's pay as an integer fraction.  Every analysis here is a core economics
``Analysis`` with the outcome rows of the plain analysis (fold, dealer-not-qualify, lose, push,
win-<class>), so every metric comes from the same code.  A deal is the player's hand, what he
sees and the dealer's unseen cards; a reduced deck (``deck_ranks``, every suit of those ranks)
serves the brute-force tests.

>>> from oddscalc.engines.base import load
>>> five = analyze_exposure(load("caribbean-stud"), 5)
>>> five.seen, five.analysis.call_probability > five.baseline.call_probability
('the whole dealer hand (5 cards)', True)
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from oddscalc._native import colex, exposure_stud, exposure_stud_pairs, exposure_stud_seen, exposure_stud_whole
from oddscalc._native import stud as stud_kernel
from oddscalc.core.cards import RANKS, parse_rank_set, rank_set_text
from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import share_text
from oddscalc.core.parallel import chunk_seed, run_chunks
from oddscalc.core.progress_bar import Progress
from oddscalc.engines.base import Exposure, GainSample, Seen, Ties
from oddscalc.engines.reads import classes_text, parse_classes, read_name
from oddscalc.engines.situation_price import SituationPrice
from oddscalc.engines.stud.counts import PAYABLE, PAYOUT_CLASSES, class_pays
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.solve import analyze as plain_analyze
from oddscalc.engines.stud.solve import paytable_text

if TYPE_CHECKING:
    from oddscalc.core.gametable import GameTable

ALL_RANKS = RANKS                     # "23456789TJQKA"
CALLED, NOT_QUALIFY, WINS, TIES, LOSSES, FOLDED = range(6)   # columns of the kernel's sums


# --- inputs -------------------------------------------------------------------------------

def rank_mask(ranks: str) -> int:
    """13-bit mask of ranks written like ``"AK"``, ``"A K"`` or ``"T J Q K A"``.

    >>> rank_mask("AK") == (1 << 12) | (1 << 11)
    True
    """
    return sum(1 << rank for rank in parse_rank_set(ranks))


def ranks_text(mask: int) -> str:
    """``{A, K}`` for a rank mask, strongest first."""
    return rank_set_text(r for r in range(13) if (mask >> r) & 1)


def deck_cards(deck_mask: int) -> tuple[int, ...]:
    """Every card of the ranks in the mask, ascending."""
    return tuple(card for card in range(52) if (deck_mask >> (card >> 2)) & 1)


@dataclass(frozen=True)
class Setup:
    """What the kernel needs of a game: rules, pays as integer fractions, the deck."""
    game: str
    table: str
    unit: str
    qualify: int
    call_multiple: int
    pays: tuple[Fraction, ...]        # per payout class
    deck_mask: int

    @property
    def numerators(self) -> list[int]:
        return [p.numerator for p in self.pays]

    @property
    def denominators(self) -> list[int]:
        return [p.denominator for p in self.pays]

    @property
    def deck_size(self) -> int:
        return 4 * bin(self.deck_mask).count("1")

    @property
    def full_deck(self) -> bool:
        return self.deck_mask == (1 << 13) - 1


def setup_of(game: GameTable, deck_ranks: str | None = None) -> Setup:
    """Read a stud game table (any call paytable) and the deck to deal from."""
    rules = StudRules.of(game)
    paytable = game.paytable()
    # the exposure kernel pays the Call by its payout classes and pushes ties
    if rules.ties is not Ties.PUSH:
        raise InputError(f"exposure prices Caribbean Stud with ties that push, not ties={rules.ties.text}")
    paid_classes = [k.name for k in game.classes if k.name in paytable.pays]
    if paid_classes:
        raise InputError(f"exposure prices the Call by the standard payout classes, not the class "
                         f"'{paid_classes[0]}' this table pays")
    pays = tuple(class_pays(paytable))
    if any(max(p.numerator, p.denominator) >= 2 ** 63 for p in pays):
        raise InputError("a payout's numerator or denominator is too large (over 2**63)")
    mask = (1 << 13) - 1 if deck_ranks is None else rank_mask(deck_ranks)
    if bin(mask).count("1") < 3:
        raise InputError("a reduced deck needs at least three ranks")
    return Setup(game.name, paytable_text(paytable), game.unit, rules.qualify_strength, rules.call_multiple,
                 pays, mask)


# --- results ------------------------------------------------------------------------------

@dataclass(frozen=True)
class StrategyRow:
    """How often the informed player calls with one class of hand in one kind of situation."""
    hand: str             # payout class of the player's hand
    seen: str             # kind of dealer cards seen
    deals: int
    called: int           # deals in which he calls

    @property
    def call_share(self) -> Fraction:
        return Fraction(self.called, self.deals)

    @property
    def rule(self) -> str:
        if self.called == self.deals:
            return "always call"
        if self.called == 0:
            return "always fold"
        return "depends on the cards"


Sums = Sequence[Sequence[int]]       # per payout class: the six columns above


def outcome_rows(sums: Sums, setup: Setup) -> tuple[Outcome, ...]:
    """Outcome rows named as the plain analysis names them, from per-class kernel sums."""
    wager = Fraction(1 + setup.call_multiple)

    def column(i: int) -> int:
        return sum(row[i] for row in sums)
    rows = [
        Outcome("fold", column(FOLDED), Fraction(-1), Fraction(1)),
        Outcome("dealer-not-qualify", column(NOT_QUALIFY), Fraction(1), wager),
        Outcome("lose", column(LOSSES), -wager, wager),
        Outcome("push", column(TIES), Fraction(0), wager),
    ]
    for index, name in enumerate(PAYOUT_CLASSES):
        if name in PAYABLE or sums[index][WINS]:
            rows.append(Outcome(f"win-{name}", sums[index][WINS], 1 + setup.call_multiple * setup.pays[index], wager))
    return tuple(rows)


def analysis_of(sums: Sums, setup: Setup) -> Analysis:
    total = sum(row[CALLED] + row[FOLDED] for row in sums)
    return Analysis(game=setup.game, table=setup.table, total=total, outcomes=outcome_rows(sums, setup),
                    call_probability=Fraction(sum(row[CALLED] for row in sums), total), unit=setup.unit)


def add_sums(*tables: Sums) -> list[list[int]]:
    """Element-wise sum of per-class sum tables."""
    return [[sum(table[c][i] for table in tables) for i in range(6)] for c in range(len(PAYOUT_CLASSES))]


def _uniform(sums: Sums) -> tuple[bool | None, ...]:
    return tuple(True if row[FOLDED] == 0 else False if row[CALLED] == 0 else None for row in sums)


_PLAIN_CACHE: dict[Setup, tuple[Analysis, tuple[bool | None, ...]]] = {}


def plain_analysis(game: GameTable, setup: Setup) -> tuple[Analysis, tuple[bool | None, ...]]:
    """The plain optimal analysis (the full deck: engines.stud.solve.analyze itself) and the
    per-payout-class decision where it does not depend on the cards."""
    if setup not in _PLAIN_CACHE:
        if setup.full_deck:
            result = plain_analyze(game)
            s = result.totals
            uniform = tuple(True if s.folded[c] == 0 else False if s.called[c] == 0 else None
                            for c in range(len(PAYOUT_CLASSES)))
            _PLAIN_CACHE[setup] = (result.analysis, uniform)
        else:
            sums, _ = exposure_stud.sorted_counts(setup.qualify, setup.deck_mask, 0, 0, setup.numerators,
                                                  setup.denominators, setup.call_multiple)
            _PLAIN_CACHE[setup] = (analysis_of(sums[0], setup), _uniform(sums[0]))
    return _PLAIN_CACHE[setup]


# --- exact analyses -----------------------------------------------------------------------

def pair_kind(card1: int, card2: int) -> str:
    """The kind of a seen dealer pair the strategy summary groups by."""
    r1, r2 = card1 >> 2, card2 >> 2
    if r1 == r2:
        return "a pair"
    if max(r1, r2) >= 11:
        return "an ace or king, no pair"
    return "no ace, king or pair"


PAIR_KINDS = ("a pair", "an ace or king, no pair", "no ace, king or pair")


def seen_kind(ranks: Sequence[int]) -> str:
    """The kind of three or four seen dealer cards (their ranks) the strategy summary groups by."""
    if len(set(ranks)) < len(ranks):
        return "a pair or better"
    if max(ranks) >= 11:
        return "an ace or king, no pair"
    return "no ace, king or pair"


SEEN_KINDS = ("a pair or better", "an ace or king, no pair", "no ace, king or pair")
PAIR_SLICES = 16          # the two-card count runs in slices, progress shown between them
SEEN_CHUNKS = 16          # the three- and four-card counts run in chunks of rank multisets


def analyze_exposure(game: GameTable, dealer_cards: int = 1, *, sorted_ranks: str | None = None,
                     deck_ranks: str | None = None, workers: int | None = None,
                     scheduler: str | None = None) -> Exposure:
    """The exact return of the informed optimal player.

    ``dealer_cards`` counts the upcard.  Without ``sorted_ranks`` all of them are seen whole
    (1 to 5); with it the upcard is seen whole and the other ``dealer_cards - 1`` only as in or
    out of the set (1 to 5).  ``deck_ranks`` deals from every suit of fewer ranks (for tests).
    Three or four whole cards are counted in chunks: here, on ``workers`` local processes, or on
    the Dask cluster at ``scheduler``, to the same integers.
    """
    setup = setup_of(game, deck_ranks)
    baseline, _ = plain_analysis(game, setup)
    strategy: tuple[StrategyRow, ...] = ()
    if sorted_ranks is not None:
        # the upcard is seen whole, so sorting asks for at least one more card (1 would price the
        # plain game under a heading that promises sorted cards)
        if not 2 <= dealer_cards <= 5:
            raise InputError("with sorted cards, dealer_cards counts the upcard: 2 to 5 (the upcard and 1 to 4 "
                             "sorted cards)")
        sorted_classes = parse_classes(sorted_ranks)
        masks = [sum(1 << r for r in ranks) for ranks in sorted_classes]
        n_sorted = dealer_cards - 1
        by_seen, classes = exposure_stud.sorted_counts(setup.qualify, setup.deck_mask, masks[0], n_sorted,
                                                       setup.numerators, setup.denominators, setup.call_multiple,
                                                       masks[1:])
        analysis = analysis_of(add_sums(*by_seen), setup)
        seen = (f"the upcard and {n_sorted} more dealer card{'s' if n_sorted != 1 else ''} sorted by "
                f"{classes_text(sorted_classes)}" if n_sorted else "the upcard only")
        reads = [read_name(sorted_classes, read, n_sorted).replace(" in ", " sorted cards in ", 1)
                 for read in colex.class_reads(n_sorted, len(sorted_classes) + 1)]
        strategy = tuple(StrategyRow(name, reads[jp], by_seen[jp][c][CALLED] + by_seen[jp][c][FOLDED],
                                     by_seen[jp][c][CALLED])
                         for c, name in enumerate(PAYOUT_CLASSES) for jp in range(len(reads))
                         if by_seen[jp][c][CALLED] + by_seen[jp][c][FOLDED])
    elif dealer_cards == 1:
        sums, classes = exposure_stud.sorted_counts(setup.qualify, setup.deck_mask, 0, 0, setup.numerators,
                                                    setup.denominators, setup.call_multiple)
        analysis = analysis_of(sums[0], setup)
        seen = "the upcard only"
    elif dealer_cards == 2:
        pairs, classes = seen_pairs(setup)
        analysis = analysis_of(add_sums(*(sums for *_, sums in pairs)), setup)
        seen = "2 dealer cards (the upcard and one more)"
        strategy = pair_strategy(pairs)
    elif dealer_cards == 5:
        counts = exposure_stud_whole.whole_hand_counts(setup.qualify, setup.deck_mask)
        # call unless a qualifying dealer beats the hand: the decision is known per deal
        whole = [[nq + win + tie, nq, win, tie, 0, lose] for nq, win, tie, lose in counts]
        analysis = analysis_of(whole, setup)
        seen = "the whole dealer hand (5 cards)"
        classes = 0
    elif dealer_cards in (3, 4):
        by_ranks, classes = seen_cards(setup, dealer_cards, workers or 1, scheduler)
        analysis = analysis_of(add_sums(*(sums for _, sums in by_ranks)), setup)
        seen = f"{dealer_cards} dealer cards (the upcard and {dealer_cards - 1} more)"
        strategy = seen_strategy(by_ranks)
    else:
        raise InputError("dealer_cards counts the upcard: 1 to 5")
    rows = tuple((f"{row.hand}, {row.seen}", f"{row.rule} (calls {share_text(row.call_share)})") for row in strategy)
    return Exposure(seen, baseline, analysis.expected_return - baseline.expected_return, analysis, strategy=rows,
                    facts={"classes": classes})      # the player-hand classes the kernel counted (0: none)


def seen_pairs(setup: Setup) -> tuple[list[tuple[int, int, int, Sums]], int]:
    """The kernel's counts of every canonical seen pair, in slices with progress between them."""
    total = len(exposure_stud_pairs.canonical_pairs(setup.deck_mask))
    bounds = [total * i // PAIR_SLICES for i in range(PAIR_SLICES + 1)]
    pairs: list[tuple[int, int, int, Sums]] = []
    classes = 0
    progress = Progress("counting seen dealer pairs", total)
    try:
        for first, last in zip(bounds, bounds[1:], strict=False):
            part, counted = exposure_stud_pairs.seen_pair_counts(setup.qualify, setup.deck_mask, setup.numerators,
                                                                 setup.denominators, setup.call_multiple, first,
                                                                 last)
            pairs += part
            classes += counted
            progress.step(last - first)
    finally:
        progress.done()
    return pairs, classes


def count_seen_chunk(setup: Setup, dealer_cards: int, first: int, last: int
                     ) -> tuple[Sequence[tuple[tuple[int, ...], Sums]], int]:
    """One chunk of the three- or four-card count: the rank multisets first..last (a module-level
    function, so it pickles to a worker)."""
    return exposure_stud_seen.seen_counts(setup.qualify, setup.deck_mask, dealer_cards, setup.numerators,
                                          setup.denominators, setup.call_multiple, first, last)


def seen_cards(setup: Setup, dealer_cards: int, workers: int = 1, scheduler: str | None = None
               ) -> tuple[list[tuple[tuple[int, ...], Sums]], int]:
    """Every rank multiset of the seen cards with its sums, counted in chunks (here, on local
    workers or on a Dask cluster: the chunks are independent and their integers simply add up),
    with progress between them; and the number of groups of situations decided."""
    total = len(exposure_stud_seen.seen_multisets(setup.deck_mask, dealer_cards))
    bounds = [total * i // SEEN_CHUNKS for i in range(SEEN_CHUNKS + 1)]
    jobs = [(setup, dealer_cards, first, last) for first, last in zip(bounds, bounds[1:], strict=False) if last > first]
    progress = Progress(f"counting {dealer_cards} seen dealer cards", len(jobs))
    try:
        parts = run_chunks(count_seen_chunk, jobs, workers, scheduler, lambda _: progress.step())
    finally:
        progress.done()
    return [row for part, _ in parts for row in part], sum(groups for _, groups in parts)


def seen_strategy(by_ranks: Sequence[tuple[tuple[int, ...], Sums]]) -> tuple[StrategyRow, ...]:
    """Three or four seen cards: per payout class of the hand and kind of seen cards, how often he calls."""
    cells: dict[tuple[int, str], tuple[int, int]] = {}
    for ranks, sums in by_ranks:
        kind = seen_kind(ranks)
        for c in range(len(PAYOUT_CLASSES)):
            deals, called = cells.get((c, kind), (0, 0))
            cells[(c, kind)] = (deals + sums[c][CALLED] + sums[c][FOLDED], called + sums[c][CALLED])
    return tuple(StrategyRow(name, kind, *cells[(c, kind)])
                 for c, name in enumerate(PAYOUT_CLASSES) for kind in SEEN_KINDS if cells.get((c, kind), (0, 0))[0])


def pair_strategy(pairs: Sequence[tuple[int, int, int, Sums]]) -> tuple[StrategyRow, ...]:
    """Two seen cards: per payout class of the hand and kind of seen pair, how often he calls."""
    cells: dict[tuple[int, str], tuple[int, int]] = {}
    for card1, card2, _mult, sums in pairs:
        kind = pair_kind(card1, card2)
        for c in range(len(PAYOUT_CLASSES)):
            deals, called = cells.get((c, kind), (0, 0))
            cells[(c, kind)] = (deals + sums[c][CALLED] + sums[c][FOLDED], called + sums[c][CALLED])
    return tuple(StrategyRow(name, kind, *cells[(c, kind)])
                 for c, name in enumerate(PAYOUT_CLASSES) for kind in PAIR_KINDS if cells.get((c, kind), (0, 0))[0])


# --- one situation, and sampling ------------------------------------------------------------

SuitKey = tuple[int, int, tuple[int, ...]]      # upcard rank, ranks in its suit, ranks in the others


def _suit_key(hand: Iterable[int], upcard: int) -> SuitKey:
    """The (hand, upcard) class up to suits: the upcard's rank, the hand's ranks in the upcard's
    suit, and in the other suits (sorted)."""
    masks = [0, 0, 0, 0]
    for card in hand:
        masks[card & 3] |= 1 << (card >> 2)
    own = masks[upcard & 3]
    others = sorted((masks[s] for s in range(4) if s != upcard & 3), reverse=True)
    return upcard >> 2, own, tuple(others)


_BASELINE_DECISIONS: dict[tuple[Setup, SuitKey], bool] = {}


def baseline_call(setup: Setup, uniform: Sequence[bool | None], hand: Sequence[int], upcard: int) -> bool:
    """The no-information optimal decision of (hand, upcard): the plain strategy's, exactly."""
    cls = exposure_stud.hand_payout_class(tuple(hand))
    decided = uniform[cls]
    if decided is not None:
        return decided
    key = (setup, _suit_key(hand, upcard))
    if key not in _BASELINE_DECISIONS:
        nq, win, tie, lose = stud_kernel.situation_counts(tuple(hand), (upcard,), (), setup.deck_mask, setup.qualify)
        total = nq + win + tie + lose
        ev_call = Fraction(nq - (1 + setup.call_multiple) * lose, 1) + win * (1 + setup.call_multiple * setup.pays[cls])
        _BASELINE_DECISIONS[key] = ev_call > -total
    return _BASELINE_DECISIONS[key]


def price_situation(game: GameTable, hand: Iterable[int], dealer: Iterable[int], dead: Iterable[int] = (), *,
                    deck_ranks: str | None = None) -> SituationPrice:
    """Exact EV(call) and EV(fold) of one situation over every completion of the dealer's hand
    (1 to 5 seen dealer cards, the upcard first; any dead cards), and the no-information decision.

    >>> from oddscalc.engines.base import load
    >>> from oddscalc.core.cards import parse_cards
    >>> p = price_situation(load("caribbean-stud"), parse_cards("As Kd 9c 5h 2s"), parse_cards("Qd Qs"))
    >>> p.completions, p.choice, p.plain_choice
    (14190, 'fold', 'fold')
    """
    setup = setup_of(game, deck_ranks)
    _, uniform = plain_analysis(game, setup)
    return _price(setup, uniform, tuple(hand), tuple(dealer), tuple(dead))


def _price(setup: Setup, uniform: Sequence[bool | None], hand: tuple[int, ...], dealer: tuple[int, ...],
           dead: tuple[int, ...]) -> SituationPrice:
    try:
        nq, win, tie, lose = stud_kernel.situation_counts(hand, dealer, dead, setup.deck_mask, setup.qualify)
    except ValueError as error:
        raise InputError(str(error)) from None
    cls = exposure_stud.hand_payout_class(hand)
    win_net = 1 + setup.call_multiple * setup.pays[cls]
    ev_call = Fraction(nq + win * win_net - (1 + setup.call_multiple) * lose, nq + win + tie + lose)
    # exact ties fold, as the plain strategy does: the same return with less money at risk
    return SituationPrice(hand, dealer, dead, (nq, win, tie, lose), {"call": ev_call, "fold": Fraction(-1)},
                          "call" if ev_call > -1 else "fold",
                          "call" if baseline_call(setup, uniform, hand, dealer[0]) else "fold")


def chunk_rng(seed: int, chunk: int) -> random.Random:
    """The random stream of one chunk: chunk i of seed s is the same in every process, whoever
    runs the other chunks (core.parallel.chunk_seed)."""
    return random.Random(chunk_seed(seed, chunk))


def sample_gains(game: GameTable, dealer_cards: int = 1, boxes: int = 0, *, seed: int, chunk: int, size: int,
                 deck_ranks: str | None = None) -> GainSample:
    """Draw ``size`` situations uniformly (the player's hand, ``dealer_cards`` seen dealer cards
    with the upcard first, ``boxes`` other boxes' five cards seen) and price each exactly: the
    gain of the informed decision over the no-information one, as integer numerators over one
    common denominator (completions x the pays' common denominator)."""
    setup = setup_of(game, deck_ranks)
    _, uniform = plain_analysis(game, setup)
    deck = list(deck_cards(setup.deck_mask))
    need = 5 + dealer_cards + 5 * boxes
    if not 1 <= dealer_cards <= 5 or boxes < 0 or len(deck) - need < 5 - dealer_cards:
        raise InputError("dealer_cards must be 1 to 5 and the deck must hold every seen card and the rest "
                         "of the dealer's hand")
    lcm = math.lcm(*setup.denominators)
    completions = math.comb(len(deck) - need, 5 - dealer_cards)
    m = setup.call_multiple
    win_nets = [int(lcm * (1 + m * pay)) for pay in setup.pays]       # exact: lcm x net of a won call
    rng = chunk_rng(seed, chunk)
    numerators = []
    for _ in range(size):
        cards = rng.sample(deck, need)
        hand, dealer, dead = tuple(cards[:5]), tuple(cards[5:5 + dealer_cards]), tuple(cards[5 + dealer_cards:])
        nq, win, tie, lose = stud_kernel.situation_counts(hand, dealer, dead, setup.deck_mask, setup.qualify)
        cls = exposure_stud.hand_payout_class(hand)
        call = lcm * (nq - (1 + m) * lose) + win * win_nets[cls]
        fold = -lcm * completions
        base = call if baseline_call(setup, uniform, hand, dealer[0]) else fold
        numerators.append(max(call, fold) - base)
    return GainSample(seed, chunk, tuple(numerators), lcm * completions)


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure | None:
    """The engine's exposure analysis: exact for 1 to 5 whole dealer cards (3 and 4 in chunks, on
    ``workers`` or at ``scheduler`` when given) and for sorted cards beside the upcard; None (to
    be sampled) for other boxes' cards."""
    dealer_cards = max(seen.dealer_cards, 1)           # the upcard is always seen
    if seen.sorted_ranks is not None:
        if seen.boxes:
            raise InputError("sorted dealer cards and other boxes are not priced together")
        return analyze_exposure(game, dealer_cards, sorted_ranks=seen.sorted_ranks)
    if seen.boxes:
        return None
    return analyze_exposure(game, dealer_cards, workers=workers, scheduler=scheduler)


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """One seeded chunk of sampled situations, each priced exactly."""
    if seen.sorted_ranks is not None:
        raise InputError("sorted dealer cards are counted exactly, not sampled")
    return sample_gains(game, max(seen.dealer_cards, 1), seen.boxes, seed=seed, chunk=chunk, size=size)


__all__ = ["StrategyRow", "SituationPrice", "Setup", "exposure", "exposure_chunk",
           "analyze_exposure", "price_situation", "sample_gains", "setup_of",
           "plain_analysis", "rank_mask", "deck_cards"]
