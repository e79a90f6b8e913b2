# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Two dealer cards seen (both whole): exact counts of Caribbean Stud, no paytable (see
exposure_stud.pyx for the deck, the classes as records and the pays as integer fractions).

``seen_pair_counts``: per canonical dealer pair (169 up to suits, ``canonical_pairs``) every
player-hand class under the pair's suit stabiliser is counted against the dealer's three-card
completions by inclusion-exclusion over the player's cards, with sorted strength lists and
forward pointers as in ext/stud.pyx; ``pair_class_counts`` lists one pair's classes with their
counts, for the brute-force checks.

Speed: the canonical pairs run on every core with prange (setup.py builds this module with
OpenMP); each list's not-qualifying counts are kept apart, so the half of the hands that cannot
beat a qualifying dealer never touch the lists.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset
from cython.parallel cimport prange

from oddscalc._native.cards cimport N_RANKS, make_card, choose, choose2, choose3
from oddscalc._native.eval5 cimport N_STRENGTHS
from oddscalc._native.exposure_stud cimport (GROUP_ONE_SUIT, GROUP_POCKET, GROUP_TWO_SUITS, N_PAYOUT_CLASSES, N_SUMS,
                                             call_beats_fold, check_deck, deck_of, deck_without, order_records,
                                             player_classes, record_position, record_strength, record_weight,
                                             settle)
from oddscalc._native.stud cimport (SENTINEL, Level, advance_below, advance_upto, level_alloc, level_below,
                                    level_close, level_free, level_open, level_push, level_upto,
                                    enumerate_completions, order_by_strength, payout_class, read_pays)


cdef struct PairScratch:
    uint16_t* dealer       # strength of every three-card completion (colex order)
    uint32_t* triples
    int32_t* order
    int32_t* bucket
    uint16_t* list0
    Level one              # the runs of one card and of two
    Level two
    uint64_t* records      # player-hand classes, as found
    uint16_t* hand_strength  # their strengths
    int32_t* hand_order    # their order by strength


cdef void pair_free(PairScratch* w) noexcept nogil:
    free(w.dealer)
    free(w.triples)
    free(w.order)
    free(w.bucket)
    free(w.list0)
    free(w.records)
    free(w.hand_strength)
    free(w.hand_order)
    level_free(&w.one)
    level_free(&w.two)


cdef bint pair_alloc(PairScratch* w, int D) noexcept nogil:
    """Allocate the buffers for a deck of D cards; False (and nothing held) when memory ran out."""
    cdef int64_t n3 = choose(D, 3), hands = choose(D, 5)
    cdef bint levels
    memset(w, 0, sizeof(PairScratch))
    levels = level_alloc(&w.one, D, choose(D - 1, 2), 1) and level_alloc(&w.two, choose(D, 2), D - 2, 1)
    w.dealer = <uint16_t*>malloc(n3 * sizeof(uint16_t))
    w.triples = <uint32_t*>malloc(n3 * sizeof(uint32_t))
    w.order = <int32_t*>malloc(n3 * sizeof(int32_t))
    w.bucket = <int32_t*>malloc((N_STRENGTHS + 1) * sizeof(int32_t))
    w.list0 = <uint16_t*>malloc((n3 + 1) * sizeof(uint16_t))
    w.records = <uint64_t*>malloc(hands * sizeof(uint64_t))
    w.hand_strength = <uint16_t*>malloc(hands * sizeof(uint16_t))
    w.hand_order = <int32_t*>malloc(hands * sizeof(int32_t))
    if levels and not (w.dealer == NULL or w.triples == NULL or w.order == NULL or w.bucket == NULL
                       or w.list0 == NULL or w.records == NULL or w.hand_strength == NULL or w.hand_order == NULL):
        return True
    pair_free(w)
    return False


cdef int seen_pair(int card1, int card2, int group, int64_t multiplicity, const uint8_t* deck, int n_deck,
                   int q, const int64_t* num, const int64_t* den, int m, int64_t* out,
                   int64_t* n_classes, uint64_t* class_records, int32_t* class_counts) noexcept nogil:
    """Every player-hand class against one canonical pair of seen dealer cards: decide and add
    the counts to out[class * 6 ...].  When class_records is not NULL, each class's record and
    (not qualify, wins, ties) are also written there, in strength order (for tests).  0, or 1 if
    memory ran out."""
    cdef PairScratch w
    cdef uint8_t others[52]
    cdef int D = 0, i, a, b, c, s, cls
    cdef int seen[2]
    cdef int32_t idx, k, t, fill0 = 0, nq0 = 0, lt0 = 0, le0 = 0, cnt_nq, cnt_lt, cnt_le
    cdef int64_t kk, n_hands, total, weight, win, tie, lose
    cdef uint64_t record
    cdef int x[5]
    cdef uint16_t h
    D = deck_without(deck, n_deck, card1, card2, others)
    cdef int32_t n3 = <int32_t>choose(D, 3)
    if not pair_alloc(&w, D):
        return 1
    seen[0], seen[1] = card1, card2
    enumerate_completions(seen, 2, others, D, w.dealer, w.triples)
    order_by_strength(w.dealer, n3, w.bucket, w.order)
    level_open(&w.one)
    level_open(&w.two)
    for k in range(n3):
        idx = w.order[k]
        s = w.dealer[idx]
        x[0] = w.triples[idx] & 0xFF
        x[1] = (w.triples[idx] >> 8) & 0xFF
        x[2] = w.triples[idx] >> 16
        w.list0[fill0] = s
        fill0 += 1
        nq0 += s < q
        for a in range(3):
            level_push(&w.one, x[a], s, q)
            for b in range(a + 1, 3):
                level_push(&w.two, <int32_t>(choose2(x[b]) + x[a]), s, q)
    w.list0[n3] = SENTINEL
    level_close(&w.one)
    level_close(&w.two)
    n_hands = player_classes(others, D, group, w.records)
    n_classes[0] = n_hands
    order_records(w.records, n_hands, w.bucket, w.hand_strength, w.hand_order)
    total = choose(D - 5, 3)
    for kk in range(n_hands):
        record = w.records[w.hand_order[kk]]
        h = record_strength(record)
        for i in range(5):
            x[i] = record_position(record, i)
        cnt_nq = nq0
        cnt_lt = 0
        cnt_le = 0
        if h >= q:
            cnt_lt = advance_below(w.list0, &lt0, h)
            cnt_le = advance_upto(w.list0, &le0, h)
        for a in range(5):
            cnt_nq -= w.one.nq[x[a]]
            if h >= q:
                cnt_lt -= level_below(&w.one, x[a], h)
                cnt_le -= level_upto(&w.one, x[a], h)
            for b in range(a + 1, 5):
                t = <int32_t>(choose2(x[b]) + x[a])
                cnt_nq += w.two.nq[t]
                if h >= q:
                    cnt_lt += level_below(&w.two, t, h)
                    cnt_le += level_upto(&w.two, t, h)
                for c in range(b + 1, 5):
                    s = w.dealer[choose3(x[c]) + choose2(x[b]) + x[a]]
                    cnt_nq -= s < q
                    cnt_lt -= s < h
                    cnt_le -= s <= h
        if h >= q:
            win = cnt_lt - cnt_nq
            tie = cnt_le - cnt_lt
        else:
            win = 0
            tie = 0
        lose = total - cnt_nq - win - tie
        cls = payout_class(h)
        weight = multiplicity * record_weight(record)
        settle(out + cls * N_SUMS, call_beats_fold(total, cnt_nq, win, lose, num[cls], den[cls], m),
               weight, total, cnt_nq, win, tie, lose)
        if class_records != NULL:
            class_records[kk] = record
            class_counts[3 * kk] = cnt_nq
            class_counts[3 * kk + 1] = <int32_t>win
            class_counts[3 * kk + 2] = <int32_t>tie
    pair_free(&w)
    return 0


def canonical_pairs(int deck_mask):
    """The seen dealer pairs up to suits: (card1, card2, group, multiplicity), the heaviest first."""
    ranks = [r for r in range(N_RANKS) if (deck_mask >> r) & 1]
    offsuit = [(make_card(r1, 0), make_card(r2, 1), GROUP_TWO_SUITS, 12)
               for r1 in ranks for r2 in ranks if r1 > r2]
    pocket = [(make_card(r, 0), make_card(r, 1), GROUP_POCKET, 6) for r in ranks]
    suited = [(make_card(r1, 0), make_card(r2, 0), GROUP_ONE_SUIT, 4)
              for r1 in ranks for r2 in ranks if r1 > r2]
    return offsuit + pocket + suited


def seen_pair_counts(int qualify_strength, int deck_mask, pay_numerators, pay_denominators, int call_multiple,
                     int first=0, int last=-1):
    """Two dealer cards seen: per canonical pair, (card1, card2, multiplicity, sums) with sums[c] =
    (called deals, not-qualify, wins, ties, losses, folded deals) for the player's payout class c,
    each class decided optimally.  A deal is (hand, the two seen cards, three more dealer cards).
    Also returns the number of (hand, pair) classes counted.  ``first``..``last`` (exclusive, -1:
    to the end) count a slice of canonical_pairs(deck_mask), so a caller can show progress between
    slices: nothing calls back into Python from the parallel loop."""
    cdef int64_t num[N_PAYOUT_CLASSES]
    cdef int64_t den[N_PAYOUT_CLASSES]
    cdef uint8_t deck[52]
    cdef int n_deck, failed = 0, i, n_pairs
    check_deck(deck_mask)
    read_pays(pay_numerators, pay_denominators, N_PAYOUT_CLASSES, num, den)
    if not 0 <= qualify_strength < N_STRENGTHS:
        raise ValueError("qualifying strength out of range")
    n_deck = deck_of(deck_mask, deck)
    pairs = canonical_pairs(deck_mask)
    pairs = pairs[first:len(pairs) if last < 0 else last]
    n_pairs = len(pairs)
    cdef int* card1 = <int*>malloc(n_pairs * sizeof(int))
    cdef int* card2 = <int*>malloc(n_pairs * sizeof(int))
    cdef int* group = <int*>malloc(n_pairs * sizeof(int))
    cdef int64_t* mult = <int64_t*>malloc(n_pairs * sizeof(int64_t))
    cdef int64_t* counted = <int64_t*>calloc(n_pairs, sizeof(int64_t))
    cdef int64_t* out = <int64_t*>calloc(n_pairs * N_PAYOUT_CLASSES * N_SUMS, sizeof(int64_t))
    if card1 == NULL or card2 == NULL or group == NULL or mult == NULL or counted == NULL or out == NULL:
        free(card1)
        free(card2)
        free(group)
        free(mult)
        free(counted)
        free(out)
        raise MemoryError()
    for i in range(n_pairs):
        card1[i], card2[i], group[i], mult[i] = pairs[i]
    for i in prange(n_pairs, nogil=True, schedule="dynamic", chunksize=1):
        failed += seen_pair(card1[i], card2[i], group[i], mult[i], deck, n_deck, qualify_strength, num, den,
                            call_multiple, out + i * N_PAYOUT_CLASSES * N_SUMS, &counted[i], NULL, NULL)
    result = []
    cdef int cls
    for i in range(n_pairs):
        result.append((card1[i], card2[i], mult[i],
                       tuple(tuple(out[(i * N_PAYOUT_CLASSES + cls) * N_SUMS + col] for col in range(N_SUMS))
                             for cls in range(N_PAYOUT_CLASSES))))
    classes = sum(counted[i] for i in range(n_pairs))
    free(card1)
    free(card2)
    free(group)
    free(mult)
    free(counted)
    free(out)
    if failed:
        raise MemoryError()
    return result, classes


def pair_class_counts(int card1, int card2, int qualify_strength, int deck_mask, int every=1):
    """The classes of one canonical seen pair (as canonical_pairs gives it) with their counts,
    every ``every``-th in strength order: (player cards, weight, not qualify, wins, ties, losses).
    For checking the kernel against brute force one situation at a time."""
    cdef uint8_t deck[52]
    cdef int64_t num[N_PAYOUT_CLASSES]
    cdef int64_t den[N_PAYOUT_CLASSES]
    cdef int64_t sums[N_PAYOUT_CLASSES * N_SUMS]
    cdef int n_deck, group = -1, c, failed
    cdef int64_t n_classes = 0, k, mult = 0
    check_deck(deck_mask)
    for pair in canonical_pairs(deck_mask):
        if pair[0] == card1 and pair[1] == card2:
            group, mult = pair[2], pair[3]
    if group < 0:
        raise ValueError("not a canonical pair of this deck (see canonical_pairs)")
    if every < 1:
        raise ValueError("every must be at least 1")
    n_deck = deck_of(deck_mask, deck)
    for c in range(N_PAYOUT_CLASSES):
        num[c] = 0
        den[c] = 1
    memset(sums, 0, sizeof(sums))
    cdef int64_t bound = choose(n_deck - 2, 5)
    cdef uint64_t* records = <uint64_t*>malloc(bound * sizeof(uint64_t))
    cdef int32_t* counts = <int32_t*>malloc(3 * bound * sizeof(int32_t))
    if records == NULL or counts == NULL:
        free(records)
        free(counts)
        raise MemoryError()
    with nogil:
        failed = seen_pair(card1, card2, group, mult, deck, n_deck, qualify_strength, num, den, 1, sums,
                           &n_classes, records, counts)
    try:
        others = [card for card in (deck[i] for i in range(n_deck)) if card != card1 and card != card2]
        total = choose(n_deck - 7, 3)
        result = []
        for k in range(0, n_classes, every):
            cards = tuple(others[record_position(records[k], i)] for i in range(5))
            result.append((cards, record_weight(records[k]), counts[3 * k], counts[3 * k + 1], counts[3 * k + 2],
                           total - counts[3 * k] - counts[3 * k + 1] - counts[3 * k + 2]))
    finally:
        free(records)
        free(counts)
    if failed:
        raise MemoryError()
    return result
