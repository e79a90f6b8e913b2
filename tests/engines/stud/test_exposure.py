"""Caribbean Stud exposure: the exact counts against brute force on reduced decks (pure Python,
the slow oracle five_card_value), identities on the full deck, the single-situation pricer and
the seeded sampler.

The kernel deals from every suit of a set of ranks, so the same code runs on the full deck and
on decks small enough for brute force: 3 ranks (12 cards: every card-removal corner), 4 ranks
(16 cards) and 5 ranks (20 cards, with flushes and ace-king hands).
"""
import bisect
import itertools
import math
from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache

import pytest

from oddscalc._native import exposure_stud, exposure_stud_pairs, exposure_stud_seen, exposure_stud_whole
from oddscalc._native import stud as stud_kernel
from oddscalc.core.cards import RANKS, parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.hands import FiveCardCategory as F
from oddscalc.core.oracle import five_card_value
from oddscalc.engines.base import load, overlay
from oddscalc.engines.stud import exposure as ex
from oddscalc.engines.stud import solve
from oddscalc.engines.stud.counts import PAYOUT_CLASSES, class_counts, class_pays
from oddscalc.engines.stud.decide import decide
from oddscalc.engines.stud.rules import StudRules, parse_qualifier
from oddscalc.tools.exposure import combine

SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))
ACE_KING = five_card_value(parse_cards("Ac Kd 4h 3s 2c"))
ALL = (1 << 13) - 1
slow = pytest.mark.slow
WHOLE_HAND_RETURN = Fraction(71185534689, 110740169540)     # classic table, the dealer's five cards seen
TWO_CARDS_RETURN = Fraction(-2558246932, 415275635775)      # classic table, two dealer cards seen
THREE_CARDS_RETURN = Fraction(397558091753, 3322205086200)   # classic table, three dealer cards seen
FOUR_CARDS_RETURN = Fraction(439218068918, 1245826907325)    # classic table, four dealer cards seen


def variant(name="caribbean-stud", qualifier="A K 4 3 2", call_multiple=2, pays=()):
    """A stud game with another qualifier, call multiple or pays (for small decks)."""
    game = load(name)
    game = overlay(game, rules=[f"dealer_qualifies={qualifier}", f"call_multiple={call_multiple}"])
    return overlay(game, list(pays)) if pays else game


# --- the brute-force oracle ------------------------------------------------------------------

def payout_class(value):
    if value[0] == F.HIGH_CARD:
        return 1 if value >= ACE_KING else 0
    return int(value[0]) + 1


def qualifier_value(game):
    """The qualifier's five ranks in mixed suits, valued by the reference evaluator."""
    cards = []
    for i, rank in enumerate(parse_qualifier(StudRules.of(game).qualifier_text, game.name)):
        suit = next(s for s in ((i + j) % 4 for j in range(4)) if rank * 4 + s not in cards)
        cards.append(rank * 4 + suit)
    return five_card_value(cards)


@cache
def deck_tables(ranks):
    """The deck, the rank of every five cards by reference value (0 weakest), the player's
    hands up to suits, and the sorted reference values."""
    deck = tuple(c for c in range(52) if RANKS[c >> 2] in ranks)
    value = {hand: five_card_value(hand) for hand in itertools.combinations(deck, 5)}
    values = sorted(set(value.values()))
    dense = {v: i for i, v in enumerate(values)}
    strength = {hand: dense[v] for hand, v in value.items()}
    classes = Counter(min(tuple(sorted((c & ~3) | p[c & 3] for c in hand)) for p in SUIT_PERMUTATIONS)
                      for hand in itertools.combinations(deck, 5))
    return deck, strength, classes, values


def whole(k):
    """The player sees k of the dealer's cards (every k-subset equally likely)."""
    return lambda dealer: itertools.combinations(dealer, k)


def sorted_by(n, ranks):
    """The upcard whole, then n more dealer cards (in dealing order) as in or out of the ranks, or
    (ranks written with '|') as the class each is in."""
    classes = ranks.split("|") if "|" in ranks else None

    def class_of(card):
        if classes is None:
            return RANKS[card >> 2] in ranks
        return next((i for i, c in enumerate(classes) if RANKS[card >> 2] in c.replace(" ", "")), -1)

    def observe(dealer):
        flags = [class_of(c) for c in dealer]
        for i, up in enumerate(dealer):
            for seq in itertools.permutations(flags[:i] + flags[i + 1:], n):
                yield up, seq
    return observe


def brute_force(game, ranks, observe=None):
    """Every (hand, dealer hand) deal, grouped by what the player sees (observe(dealer) yields
    the observations of one dealer hand; None: the whole hand is seen), the informed optimal
    decision per group.  Returns ({outcome: probability}, call probability)."""
    deck, strength, classes, values = deck_tables(ranks)
    rules = StudRules.of(game)
    pays = class_pays(game.paytable())
    m = rules.call_multiple
    qualify = bisect.bisect_left(values, qualifier_value(game))    # dealer strengths below do not qualify
    rows = Counter()
    total = called = 0
    for hand, weight in classes.items():
        mine = strength[hand]
        cls = payout_class(values[mine])
        win_net = 1 + m * pays[cls]
        net, unit = win_net.numerator, win_net.denominator
        rest = [c for c in deck if c not in hand]
        groups = defaultdict(lambda: [0, 0, 0, 0])
        for dealer in itertools.combinations(rest, 5):
            theirs = strength[dealer]
            outcome = 0 if theirs < qualify else 1 if theirs < mine else 2 if theirs == mine else 3
            if observe is None:      # each deal decided on its own: deals of one outcome decide alike
                groups[outcome][outcome] += 1
            else:
                for seen in observe(dealer):
                    groups[seen][outcome] += 1
        for nq, win, tie, lose in groups.values():
            n = nq + win + tie + lose
            total += weight * n
            if unit * (nq - (1 + m) * lose + n) + net * win > 0:      # EV(call) > EV(fold) = -1
                called += weight * n
                rows["dealer-not-qualify"] += weight * nq
                rows[f"win-{PAYOUT_CLASSES[cls]}"] += weight * win
                rows["push"] += weight * tie
                rows["lose"] += weight * lose
            else:
                rows["fold"] += weight * n
    return {name: Fraction(count, total) for name, count in rows.items() if count}, Fraction(called, total)


def distribution(analysis):
    return {row.outcome: analysis.probability(row) for row in analysis.outcomes if row.count}


def assert_matches(result, expected):
    probabilities, call_probability = expected
    assert distribution(result.analysis) == probabilities
    assert result.analysis.call_probability == call_probability


# --- reduced decks against brute force --------------------------------------------------------

SMALL_GAMES = [
    ("QKA", variant(qualifier="K K 4 3 2")),
    ("QKA", variant(qualifier="A A K Q 2", call_multiple=1, pays=["pair=3/2", "two-pair=0"])),
    ("JQKA", variant(qualifier="Q Q 4 3 2")),
    ("JQKA", variant("live-caribbean-stud", qualifier="K K Q J 2", call_multiple=3)),
]


@pytest.mark.slow
@pytest.mark.parametrize("ranks, game", SMALL_GAMES)
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_whole_dealer_cards_equal_brute_force(ranks, game, k):
    observe = None if k == 5 else whole(k)
    assert_matches(ex.analyze_exposure(game, k, deck_ranks=ranks), brute_force(game, ranks, observe))


@pytest.mark.parametrize("ranks, game, n, sorted_ranks", [
    ("QKA", SMALL_GAMES[0][1], 1, "A"),
    ("QKA", SMALL_GAMES[0][1], 2, "KA"),
    ("QKA", SMALL_GAMES[1][1], 3, "A"),
    ("QKA", SMALL_GAMES[1][1], 4, "Q"),
    ("JQKA", SMALL_GAMES[2][1], 1, "KA"),
    # reads of a partition: the class each card is in
    ("JQKA", SMALL_GAMES[2][1], 1, "A|K"),
    ("JQKA", SMALL_GAMES[3][1], 2, "A|K"),
    ("QKA", SMALL_GAMES[0][1], 3, "A|K|Q"),
])
@pytest.mark.slow
def test_sorted_cards_equal_brute_force(ranks, game, n, sorted_ranks):
    result = ex.analyze_exposure(game, n + 1, sorted_ranks=sorted_ranks, deck_ranks=ranks)
    assert_matches(result, brute_force(game, ranks, sorted_by(n, sorted_ranks)))


@pytest.mark.slow
def test_a_partition_of_the_sorted_cards_is_worth_at_least_its_coarser_reads():
    game, deck = load("caribbean-stud"), "789TJQKA"
    coarse = ex.analyze_exposure(game, 3, sorted_ranks="A K", deck_ranks=deck)
    same = ex.analyze_exposure(game, 3, sorted_ranks="A K|*", deck_ranks=deck)
    finer = ex.analyze_exposure(game, 3, sorted_ranks="A|K", deck_ranks=deck)
    whole = ex.analyze_exposure(game, 3, deck_ranks=deck)
    assert same.analysis == coarse.analysis and same.strategy == coarse.strategy
    assert coarse.gain < finer.gain < whole.gain
    assert "0 of 2 sorted cards in {A}, 0 in {K}" in finer.strategy[0][0]


@pytest.mark.slow
def test_five_ranks_with_flushes_and_ace_king_equal_brute_force():
    # a five-rank deck has one high-card rank pattern (A K Q J 9 here): a pair of nines qualifies
    game = variant(qualifier="9 9 4 3 2", pays=["ace-king=2", "flush=6"])
    result = ex.analyze_exposure(game, 5, deck_ranks="9JQKA")
    assert_matches(result, brute_force(game, "9JQKA"))
    assert {"win-flush", "win-full-house", "dealer-not-qualify"} <= set(distribution(result.analysis))


@pytest.mark.slow
@pytest.mark.parametrize("k", [3, 4])
def test_three_and_four_cards_with_flushes_equal_brute_force(k):
    # five ranks: the player's and the dealer's flushes are in play, so the kernel's suit cases
    # (the seen cards in one suit, the hand's cards in that suit) are all checked
    game = variant(qualifier="9 9 4 3 2", pays=["ace-king=2", "flush=6"])
    result = ex.analyze_exposure(game, k, deck_ranks="9JQKA")
    expected = brute_force(game, "9JQKA", whole(k))
    assert_matches(result, expected)
    assert "win-flush" in expected[0]


@pytest.mark.slow
@pytest.mark.parametrize("k, kernel", [(1, lambda st: exposure_stud.sorted_counts(
    st.qualify, st.deck_mask, 0, 0, st.numerators, st.denominators, st.call_multiple)[0][0]),
    (2, lambda st: ex.add_sums(*(sums for *_, sums in exposure_stud_pairs.seen_pair_counts(
        st.qualify, st.deck_mask, st.numerators, st.denominators, st.call_multiple)[0])))])
def test_counting_by_ranks_equals_the_card_kernels(k, kernel):
    """The rank kernel of three and four cards also counts one and two: the same sums, class by class,
    as the kernels that walk every card (a deck of nine ranks, with straights and flushes)."""
    for name in ("caribbean-stud", "live-caribbean-stud"):
        setup = ex.setup_of(load(name), "6789TJQKA")
        rows, _ = exposure_stud_seen.seen_counts(setup.qualify, setup.deck_mask, k, setup.numerators,
                                                 setup.denominators, setup.call_multiple)
        assert ex.add_sums(*(sums for _, sums in rows)) == [list(row) for row in kernel(setup)]


@pytest.mark.slow
def test_three_and_four_cards_count_every_deal_and_seeing_more_never_hurts():
    game = load("caribbean-stud")
    returns = [ex.analyze_exposure(game, k, deck_ranks="789TJQKA") for k in (2, 3, 4, 5)]
    for k, result in zip((3, 4), returns[1:3], strict=True):
        assert result.analysis.total == math.comb(32, 5) * math.comb(27, k) * math.comb(27 - k, 5 - k)
        assert sum(result.analysis.probability(row) for row in result.analysis.outcomes) == 1
    values = [r.analysis.expected_return for r in returns]
    assert values == sorted(values) and len(set(values)) == 4


@pytest.mark.parametrize("bad", [0, 5])
def test_the_rank_kernel_refuses_what_it_does_not_count(bad):
    with pytest.raises(ValueError, match="1 to 4"):
        exposure_stud_seen.seen_multisets(ALL, bad)


def test_chunks_of_the_rank_count_sum_to_the_whole():
    setup = ex.setup_of(load("caribbean-stud"), "89TJQKA")
    whole, groups = exposure_stud_seen.seen_counts(setup.qualify, setup.deck_mask, 3, setup.numerators,
                                                   setup.denominators, setup.call_multiple)
    assert [ranks for ranks, _ in whole] == exposure_stud_seen.seen_multisets(setup.deck_mask, 3)
    parts = [ex.count_seen_chunk(setup, 3, first, last) for first, last in ((0, 10), (10, 50), (50, -1))]
    assert [row for part, _ in parts for row in part] == whole
    assert sum(n for _, n in parts) == groups
    assert ex.seen_cards(setup, 3) == (whole, groups)


@pytest.mark.slow
def test_local_workers_and_a_dask_cluster_give_the_same_integers():
    distributed = pytest.importorskip("distributed", reason="the [distributed] extra is not installed")
    setup = ex.setup_of(load("caribbean-stud"), "789TJQKA")
    here = ex.seen_cards(setup, 4)
    assert ex.seen_cards(setup, 4, workers=2) == here
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        assert ex.seen_cards(setup, 4, scheduler=cluster.scheduler_address) == here


@pytest.mark.slow
def test_two_cards_on_a_larger_deck_count_every_deal_of_the_whole_hand():
    """With call_multiple 0 calling never loses to folding, so every deal is called unless the
    dealer surely wins; the kernel's sums are then the deal counts, which K = 5 counts too."""
    q = StudRules.of(load("caribbean-stud")).qualify_strength
    mask = ex.rank_mask("6789TJQKA")
    whole_counts = exposure_stud_whole.whole_hand_counts(q, mask)
    pays = [0] * 11
    pairs, _ = exposure_stud_pairs.seen_pair_counts(q, mask, pays, [1] * 11, 0)
    (upcard,), _ = exposure_stud.sorted_counts(q, mask, 0, 0, pays, [1] * 11, 0)
    sorted_two, _ = exposure_stud.sorted_counts(q, mask, ex.rank_mask("A9"), 2, pays, [1] * 11, 0)
    for c in range(11):
        nq, win, tie, _ = whole_counts[c]
        assert [sum(s[c][i] for *_, s in pairs) for i in (1, 2, 3)] == [10 * nq, 10 * win, 10 * tie]
        assert [upcard[c][i] for i in (1, 2, 3)] == [5 * nq, 5 * win, 5 * tie]
        assert [sum(s[c][i] for s in sorted_two) for i in (1, 2, 3)] == [30 * nq, 30 * win, 30 * tie]


# --- the full deck -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def classic():
    return load("caribbean-stud")


@pytest.mark.slow
def test_one_dealer_card_is_the_plain_analysis_exactly(classic):
    result = ex.analyze_exposure(classic, 1)
    plain = solve.analyze(classic).analysis
    assert result.analysis == plain == result.baseline
    assert result.gain == 0
    assert plain.expected_return == Fraction(-142031221, 2718662100)
    assert round(float(plain.house_edge) * 100, 4) == 5.2243
    assert result.facts["classes"] == 5649150


@pytest.mark.slow
def test_two_card_classes_on_the_full_deck_equal_one_situation_counts(classic):
    """Full-deck classes of a pocket, an offsuit and a suited seen pair, counted one situation
    at a time by brute force; the pocket pair's class weights cover every player hand once."""
    q = StudRules.of(classic).qualify_strength
    pairs = {group: (card1, card2) for card1, card2, group, _ in exposure_stud_pairs.canonical_pairs(ALL)}
    pocket = exposure_stud_pairs.pair_class_counts(*parse_cards("Ac Ad"), q, ALL)
    assert sum(row[1] for row in pocket) == math.comb(50, 5)
    for dealer, rows in ((parse_cards("Ac Ad"), pocket[::9973]),
                         (pairs[1], exposure_stud_pairs.pair_class_counts(*pairs[1], q, ALL, 9973)),
                         (pairs[0], exposure_stud_pairs.pair_class_counts(*pairs[0], q, ALL, 9973))):
        assert len(rows) > 30
        for cards, _, *counts in rows:
            assert tuple(counts) == stud_kernel.situation_counts(cards, dealer, (), ALL, q)


@pytest.mark.slow
def test_whole_hand_counts_every_pair_once_and_matches_the_class_counts(classic):
    rules = StudRules.of(classic)
    counts = exposure_stud_whole.whole_hand_counts(rules.qualify_strength, ALL)
    assert sum(map(sum, counts)) == math.comb(52, 5) * math.comb(47, 5)
    # every (hand, upcard) class called: the plain kernel's completion counts, five upcards a pair
    classes = class_counts(rules.qualify_strength)
    rows = classes.aggregate(classes.decide_threshold(0))
    for c in range(11):
        nq, win, tie, lose = counts[c]
        assert (rows[c][1], rows[c][2], rows[c][3], rows[c][4]) == (5 * nq, 5 * win, 5 * tie, 5 * lose)


@pytest.mark.slow
def test_whole_hand_return(classic):
    five = ex.analyze_exposure(classic, 5)
    assert five.analysis.total == math.comb(52, 5) * math.comb(47, 5)
    assert five.gain == five.analysis.expected_return - five.baseline.expected_return > 0
    lose = next(row for row in five.analysis.outcomes if row.outcome == "lose")
    assert lose.count == 0
    assert five.analysis.expected_return == WHOLE_HAND_RETURN


@slow
def test_two_dealer_cards_full_deck(classic):
    """About 16 s of CPU (8 s on two free cores): the whole-deck figures."""
    two = ex.analyze_exposure(classic, 2)
    assert two.facts["classes"] == 123156254
    assert two.analysis.total == math.comb(52, 5) * math.comb(47, 2) * math.comb(45, 3)
    assert two.baseline == solve.analyze(classic).analysis
    assert 0 < two.gain < WHOLE_HAND_RETURN - two.baseline.expected_return
    assert two.analysis.expected_return == TWO_CARDS_RETURN
    rules = {where: rule.split(" (")[0] for where, rule in two.strategy}
    assert rules["two-pair, a pair"] == rules["royal-flush, no ace, king or pair"] == "always call"
    assert rules["below-ace-king, a pair"] == "always fold"
    assert 0 < two.call_probability < 1


@pytest.mark.slow
def test_returns_grow_with_what_is_seen_on_a_reduced_deck():
    game = load("caribbean-stud")
    ranks = "789TJQKA"
    returns = [ex.analyze_exposure(game, k, deck_ranks=ranks).analysis.expected_return for k in (1, 2, 5)]
    assert returns[0] < returns[1] < returns[2]
    sorted_one = ex.analyze_exposure(game, 2, sorted_ranks="AK", deck_ranks=ranks).analysis.expected_return
    sorted_two = ex.analyze_exposure(game, 3, sorted_ranks="AK", deck_ranks=ranks).analysis.expected_return
    assert returns[0] < sorted_one < sorted_two and sorted_one <= returns[1]
    # sorting by every rank, or by none, tells nothing
    for ranks_sorted in (RANKS, "2"):
        none = ex.analyze_exposure(game, 3, sorted_ranks=ranks_sorted, deck_ranks=ranks)
        assert none.analysis.expected_return == returns[0] and none.gain == 0


@slow
@pytest.mark.parametrize("k", [3, 4])
def test_three_and_four_dealer_cards_full_deck(classic, k):
    """About 6 s each on two free cores: the whole deck counted by ranks, between two and five
    cards seen, and the seeded estimate (every situation priced one at a time by the stud kernel)
    within three standard errors of it."""
    result = ex.analyze_exposure(classic, k)
    assert result.analysis.total == math.comb(52, 5) * math.comb(47, k) * math.comb(47 - k, 5 - k)
    assert TWO_CARDS_RETURN < result.analysis.expected_return < WHOLE_HAND_RETURN
    assert result.analysis.expected_return == {3: THREE_CARDS_RETURN, 4: FOUR_CARDS_RETURN}[k]
    mean, std_error, _ = estimate_gain(classic, k, seed=3, chunks=4, chunk_size=500)
    assert abs(float(mean - result.gain)) < 3 * std_error
    rules = {where: rule.split(" (")[0] for where, rule in result.strategy}
    assert rules["below-ace-king, a pair or better"] == "always fold"
    assert rules["royal-flush, a pair or better"] == "always call"


@slow
def test_two_dealer_cards_counted_by_ranks_full_deck(classic):
    setup = ex.setup_of(classic)
    rows, _ = exposure_stud_seen.seen_counts(setup.qualify, setup.deck_mask, 2, setup.numerators,
                                             setup.denominators, setup.call_multiple)
    assert ex.analysis_of(ex.add_sums(*(sums for _, sums in rows)), setup).expected_return == TWO_CARDS_RETURN


# --- one situation -----------------------------------------------------------------------------

@pytest.mark.slow
def test_pricer_with_only_the_upcard_agrees_with_count_completions(classic):
    rules = StudRules.of(classic)
    for text, up, dead in [("As Kd 9c 5h 2s", "Qd", ""), ("Ah Kh Jd 8c 3s", "2c", "Ks 9d 4h"),
                           ("7c 7d Qs 4h 2d", "Ac", "")]:
        hand, upcard, dead = parse_cards(text), parse_cards(up)[0], parse_cards(dead)
        price = ex.price_situation(classic, hand, (upcard,), dead)
        counts = stud_kernel.count_completions(hand, upcard, dead, rules.qualify_strength)
        assert (price.not_qualify, price.wins, price.ties, price.losses) == counts
        decision = decide(classic, hand, upcard, dead)
        assert price.values == decision.values and price.choice == decision.choice
        if not dead:
            assert price.plain_choice == price.choice and price.gain == 0
        assert price.gain == price.value - price.plain_value >= 0


@pytest.mark.slow
def test_no_information_decision_is_the_plain_strategy(classic):
    """The sampler's baseline: the plain optimal decision of every sampled ace-king class (the
    one payout class whose decision depends on the cards) and of the uniform classes."""
    setup = ex.setup_of(classic)
    _, uniform = ex.plain_analysis(classic, setup)
    assert uniform[0] is False and uniform[1] is None and all(uniform[2:])
    result = solve.analyze(classic)
    classes = class_counts(StudRules.of(classic).qualify_strength)
    rows = classes.rows(1, result.calls)
    for k in range(0, len(rows), len(rows) // 25):
        cards, upcard, *_, called = rows[k]
        assert ex.baseline_call(setup, uniform, cards, upcard) == called


def test_pricer_with_more_dealer_cards_equals_brute_force():
    game = variant(qualifier="Q Q 4 3 2")
    deck = [c for c in range(52) if c >> 2 >= 8]       # T J Q K A
    qualify = qualifier_value(game)
    hand, dealer, dead = parse_cards("Ah Ad Kc Qs Jh"), parse_cards("Kd Ts"), parse_cards("As Jc Tc")
    price = ex.price_situation(game, hand, dealer, dead, deck_ranks="TJQKA")
    rest = [c for c in deck if c not in hand + dealer + dead]
    mine = five_card_value(hand)
    counts = [0, 0, 0, 0]
    for three in itertools.combinations(rest, 3):
        theirs = five_card_value(dealer + three)
        counts[0 if theirs < qualify else 1 if theirs < mine else 2 if theirs == mine else 3] += 1
    assert [price.not_qualify, price.wins, price.ties, price.losses] == counts
    assert price.completions == math.comb(len(rest), 3)


@pytest.mark.slow
def test_pricer_refuses_bad_cards(classic):
    with pytest.raises(InputError, match="twice"):
        ex.price_situation(classic, parse_cards("As Kd 9c 5h 2s"), parse_cards("As"))


# --- the sampler -------------------------------------------------------------------------------

def estimate_gain(game, dealer_cards=1, boxes=0, *, seed, chunks, chunk_size, deck_ranks=None):
    """Mean, standard error and count of the gains of chunks 0..chunks-1, as the exposure tool combines them."""
    return combine([ex.sample_gains(game, dealer_cards, boxes, seed=seed, chunk=i, size=chunk_size,
                                    deck_ranks=deck_ranks) for i in range(chunks)])


def test_sampler_chunks_are_deterministic_and_independent_of_one_another():
    game = variant(qualifier="Q Q 4 3 2")
    a = ex.sample_gains(game, 2, seed=5, chunk=3, size=200, deck_ranks="JQKA")
    b = ex.sample_gains(game, 2, seed=5, chunk=3, size=200, deck_ranks="JQKA")
    c = ex.sample_gains(game, 2, seed=5, chunk=4, size=200, deck_ranks="JQKA")
    assert a == b and a.numerators != c.numerators
    assert all(n >= 0 for n in a.numerators)
    estimate = estimate_gain(game, 2, seed=5, chunks=5, chunk_size=200, deck_ranks="JQKA")
    chunks = [ex.sample_gains(game, 2, seed=5, chunk=i, size=200, deck_ranks="JQKA") for i in reversed(range(5))]
    assert combine(chunks) == estimate


@pytest.mark.slow
@pytest.mark.parametrize("k, sorted_ranks", [(2, None), (5, None)])
def test_sampler_mean_is_within_three_standard_errors_of_the_exact_gain(k, sorted_ranks):
    game = variant(qualifier="Q Q 4 3 2")
    exact = ex.analyze_exposure(game, k, deck_ranks="JQKA").gain
    mean, std_error, samples = estimate_gain(game, k, seed=1, chunks=4, chunk_size=1500, deck_ranks="JQKA")
    assert samples == 6000 and std_error > 0
    assert abs(float(mean - exact)) < 3 * std_error


@pytest.mark.slow
def test_sampler_with_other_boxes_on_the_full_deck(classic):
    mean, _std_error, samples = estimate_gain(classic, 1, 2, seed=2, chunks=2, chunk_size=100)
    assert samples == 200 and mean >= 0
    sample = ex.sample_gains(classic, 3, seed=0, chunk=0, size=50)
    assert sample.denominator == math.comb(52 - 8, 2)


def test_the_payout_class_kernel_checks_its_cards():
    with pytest.raises(ValueError, match="card code 60"):
        exposure_stud.hand_payout_class((60, 1, 2, 3, 4))
    with pytest.raises(ValueError, match="given twice"):
        exposure_stud.hand_payout_class((1, 1, 2, 3, 4))
