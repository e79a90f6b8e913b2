# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Caribbean Stud when the player sees more than the upcard: exact counts, no paytable.

Four kernels, all over a deck of whole ranks (every suit of the ranks in ``deck_mask``, so the
full deck or a reduced one for brute-force checks; suit symmetry holds for either):

- ``sorted_counts``: the upcard seen, and for ``n_sorted`` further dealer cards only whether
  each has a rank in ``sorted_mask`` (edge sorting).  The counts of every (hand, upcard) class
  are split by j, the number of sorted-set cards among the dealer's four unseen cards, so any
  number of sorted cards is priced from them: seeing j' of the n sorted cards in the set has
  weight C(j, j') C(4 - j, n - j') (out of C(4, n) ways to choose which cards are sorted).
  Card removal is inclusion-exclusion over the player's cards with sorted strength lists and
  forward pointers, as in ext/stud.pyx, each list carrying running counts per j.
- ``seen_pair_counts``: two dealer cards seen (both whole).  Per canonical dealer pair (169 up
  to suits) every player-hand class under the pair's suit stabiliser is counted against the
  dealer's three-card completions by the same inclusion-exclusion.
- ``whole_hand_counts``: the whole dealer hand seen.  The informed play is known per deal, so
  the return is a count of (player hand, dealer hand) pairs by strength: pairs sharing no card
  are all pairs minus those sharing one card plus ..., i.e. a sum over card sets T of
  (-1)^|T| times the pairs of hands both holding T, each a walk along a sorted list.
One situation by brute force over the dealer's completions is ``stud.situation_counts``, which
the plain decision shares.

The kernels that decide take the pay of each payout class as integer numerator/denominator (as
StudClasses.decide_optimal does); every count they return is an exact integer.

Speed: the work items (upcard ranks, canonical seen pairs, levels |T|) run on every core with
prange (setup.py builds this module with OpenMP).  A
class is one 64-bit record (card positions, weight, strength), sorted by strength before the
main loop so it is read in order; a list entry of the sorted kernel carries its strength and its
running counts per j side by side, and each list's not-qualifying counts are kept apart, so the
half of the hands that cannot beat a qualifying dealer never touch the lists.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset
from cython.parallel cimport prange

from oddscalc._native.cards cimport (N_RANKS, N_CARDS, make_card, card_rank, card_suit, choose, choose2, choose3,
                                     choose4, mark_cards)
from oddscalc._native.eval5 cimport strength5, N_STRENGTHS
from oddscalc._native.stud cimport (SENTINEL, Level, advance_below, advance_upto, level_alloc, level_below,
                                    level_close, level_free, level_open, level_push, level_rewind, level_upto,
                                    enumerate_completions, order_by_strength, payout_class, read_pays)

cdef extern from *:
    # gcc and clang's 128-bit integer: a pay's numerator times a count needs more than 64 bits
    ctypedef long long int128 "__int128"

cdef enum:
    N_PAYOUT_CLASSES = 11   # below ace-king, ace-king, pair .. royal flush
    N_SUMS = 6              # called deals, not-qualify, wins, ties, losses, folded deals
    GROUP_ONE_SUIT = 0      # suit 0 fixed, suits 1..3 interchangeable (upcard, suited pair)
    GROUP_TWO_SUITS = 1     # suits 0 and 1 fixed, 2 and 3 interchangeable (offsuit pair)
    GROUP_POCKET = 2        # {0, 1} and {2, 3} each interchangeable (dealer pair)


cdef int deck_of(int deck_mask, uint8_t* deck) noexcept nogil:
    """The cards of the ranks in deck_mask, ascending; their number."""
    cdef int n = 0, card
    for card in range(N_CARDS):
        if (deck_mask >> card_rank(card)) & 1:
            deck[n] = card
            n += 1
    return n


cdef int deck_without(const uint8_t* deck, int n_deck, int card1, int card2, uint8_t* others) noexcept nogil:
    """Copy the deck's cards other than card1 and card2 (-1: none) to others; returns how many."""
    cdef int i, n = 0
    for i in range(n_deck):
        if deck[i] != card1 and deck[i] != card2:
            others[n] = deck[i]
            n += 1
    return n


cdef inline int class_weight(int group, uint64_t suits) noexcept nogil:
    """0 if the suit masks (16 bits per suit) are not their group's canonical image, else the
    number of images (situations the class stands for)."""
    cdef uint64_t m0 = suits & 0xFFFF, m1 = (suits >> 16) & 0xFFFF
    cdef uint64_t m2 = (suits >> 32) & 0xFFFF, m3 = suits >> 48
    if group == GROUP_ONE_SUIT:
        if m1 < m2 or m2 < m3:
            return 0
        if m1 == m3:
            return 1
        if m1 == m2 or m2 == m3:
            return 3
        return 6
    if group == GROUP_TWO_SUITS:
        if m2 < m3:
            return 0
        return 1 if m2 == m3 else 2
    if m0 < m1 or m2 < m3:
        return 0
    return (1 if m0 == m1 else 2) * (1 if m2 == m3 else 2)


cdef inline uint64_t suit_bit(int card) noexcept nogil:
    return (<uint64_t>1) << (16 * card_suit(card) + card_rank(card))


# A player-hand class as one 64-bit record: five card positions (8 bits each), its weight
# (bits 40..47) and its strength (bits 48..63).
cdef inline int record_position(uint64_t record, int i) noexcept nogil:
    return (record >> (8 * i)) & 0xFF


cdef inline int record_weight(uint64_t record) noexcept nogil:
    return (record >> 40) & 0xFF


cdef inline uint16_t record_strength(uint64_t record) noexcept nogil:
    return record >> 48


cdef int64_t player_classes(const uint8_t* others, int n, int group, uint64_t* records) noexcept nogil:
    """Every canonical five-card hand from others[0..n) as a record (positions ascending)."""
    cdef int a, b, c, d, e, w
    cdef uint64_t sa, sb, sc, sd, se
    cdef int64_t k = 0
    for a in range(n):
        sa = suit_bit(others[a])
        for b in range(a + 1, n):
            sb = sa | suit_bit(others[b])
            for c in range(b + 1, n):
                sc = sb | suit_bit(others[c])
                for d in range(c + 1, n):
                    sd = sc | suit_bit(others[d])
                    for e in range(d + 1, n):
                        se = sd | suit_bit(others[e])
                        w = class_weight(group, se)
                        if w:
                            records[k] = (<uint64_t>a | (<uint64_t>b << 8) | (<uint64_t>c << 16)
                                          | (<uint64_t>d << 24) | (<uint64_t>e << 32) | (<uint64_t>w << 40)
                                          | (<uint64_t>strength5(others[a], others[b], others[c], others[d],
                                                                 others[e]) << 48))
                            k += 1
    return k


cdef void order_records(const uint64_t* records, int64_t n, int32_t* bucket, uint16_t* strength,
                        int32_t* order) noexcept nogil:
    """order[0..n) lists the class records by ascending strength (so the main loop reads them in
    order); strength receives each record's."""
    cdef int64_t i
    for i in range(n):
        strength[i] = record_strength(records[i])
    order_by_strength(strength, n, bucket, order)


cdef inline int call_beats_fold(int64_t tot, int64_t nq, int64_t win, int64_t lose, int64_t num,
                                int64_t den, int m) noexcept nogil:
    """(EV(call) - EV(fold)) * tot * den > 0: calling nets +1 when the dealer does not qualify,
    1 + m * pay on a win, 0 on a tie, -(1 + m) on a loss; folding -1.  Exact ties fold."""
    cdef int128 edge = <int128>den * (nq + win - (1 + m) * lose + tot) + <int128>num * (m * win)
    return edge > 0


cdef inline void settle(int64_t* out, int called, int64_t w, int64_t tot, int64_t nq, int64_t win,
                        int64_t tie, int64_t lose) noexcept nogil:
    if called:
        out[0] += w * tot
        out[1] += w * nq
        out[2] += w * win
        out[3] += w * tie
        out[4] += w * lose
    else:
        out[5] += w * tot


def check_deck(int deck_mask):
    if deck_mask <= 0 or deck_mask >= (1 << N_RANKS):
        raise ValueError("deck_mask must name some of the 13 ranks")
    cdef int n = 0, r
    for r in range(N_RANKS):
        n += (deck_mask >> r) & 1
    if n < 3:
        raise ValueError("the deck needs at least three ranks (twelve cards)")
    return 4 * n


# --- the upcard and sorted cards -------------------------------------------------------------

cdef enum:
    STRIDE = 5              # a list entry: strength, then entries before it with j = 1, 2, 3, 4


cdef struct SortedScratch:
    uint16_t* dealer       # strength of every four-card completion (colex order)
    uint8_t* sorted_in     # its number of sorted-set cards
    uint32_t* quads
    int32_t* order
    int32_t* bucket
    uint16_t* list0        # strengths of all completions, ascending
    int32_t* cum0          # per position of list0: entries before it with j = 1..4
    Level one              # the runs of one card, two, three: entries of STRIDE values, and per
    Level two              # run the entries below the qualifier, then those with j = 1..4
    Level three
    uint64_t* records      # player-hand classes, as found
    uint16_t* hand_strength  # their strengths
    int32_t* hand_order    # their order by strength


cdef void sorted_free(SortedScratch* w) noexcept nogil:
    free(w.dealer)
    free(w.sorted_in)
    free(w.quads)
    free(w.order)
    free(w.bucket)
    free(w.list0)
    free(w.cum0)
    free(w.records)
    free(w.hand_strength)
    free(w.hand_order)
    level_free(&w.one)
    level_free(&w.two)
    level_free(&w.three)


cdef bint sorted_alloc(SortedScratch* w, int D) noexcept nogil:
    """Allocate the buffers for a deck of D cards; False (and nothing held) when memory ran out."""
    cdef int64_t n4 = choose(D, 4), hands = choose(D, 5)
    cdef bint levels
    memset(w, 0, sizeof(SortedScratch))
    levels = (level_alloc(&w.one, D, choose(D - 1, 3), STRIDE)
              and level_alloc(&w.two, choose(D, 2), choose(D - 2, 2), STRIDE)
              and level_alloc(&w.three, choose(D, 3), D - 3, STRIDE))
    w.dealer = <uint16_t*>malloc(n4 * sizeof(uint16_t))
    w.sorted_in = <uint8_t*>malloc(n4)
    w.quads = <uint32_t*>malloc(n4 * sizeof(uint32_t))
    w.order = <int32_t*>malloc(n4 * sizeof(int32_t))
    w.bucket = <int32_t*>malloc((N_STRENGTHS + 1) * sizeof(int32_t))
    w.list0 = <uint16_t*>malloc((n4 + 1) * sizeof(uint16_t))
    w.cum0 = <int32_t*>malloc(4 * (n4 + 1) * sizeof(int32_t))
    w.records = <uint64_t*>malloc(hands * sizeof(uint64_t))
    w.hand_strength = <uint16_t*>malloc(hands * sizeof(uint16_t))
    w.hand_order = <int32_t*>malloc(hands * sizeof(int32_t))
    if levels and not (w.dealer == NULL or w.sorted_in == NULL or w.quads == NULL or w.order == NULL
                       or w.bucket == NULL or w.list0 == NULL or w.cum0 == NULL or w.records == NULL
                       or w.hand_strength == NULL or w.hand_order == NULL):
        return True
    sorted_free(w)
    return False


cdef inline void append_entry(Level* level, int32_t t, uint16_t s, int j, int q) noexcept nogil:
    """Append strength s (a completion with j sorted-set cards) to run t; count it in the run's
    not-qualifying counts."""
    cdef uint16_t* entry = level.list + STRIDE * level.fill[t]
    entry[0] = s
    entry[1] = <uint16_t>j        # close_lists turns it into the counts before the entry
    level.fill[t] += 1
    if s < q:
        level.nq[STRIDE * t] += 1
        if j:
            level.nq[STRIDE * t + j] += 1


cdef void close_lists(Level* level) noexcept nogil:
    """Turn each entry's j into the counts per j of the entries before it, end each run with a
    sentinel carrying the run's totals, and rewind the run's walkers."""
    cdef int32_t t, p, length = level.length
    cdef int k, j
    cdef uint16_t run[4]
    cdef uint16_t* entry
    for t in range(level.n):
        for k in range(4):
            run[k] = 0
        entry = level.list + STRIDE * t * (length + 1)
        for p in range(length + 1):
            j = entry[1] if p < length else 0
            for k in range(4):
                entry[1 + k] = run[k]
            if p == length:
                entry[0] = SENTINEL
            elif j:
                run[j - 1] += 1
            entry += STRIDE
    level_rewind(level)


cdef inline int32_t entry_at_least(const uint16_t* lists, int32_t* pointer, uint16_t strength) noexcept nogil:
    while lists[STRIDE * pointer[0]] < strength:
        pointer[0] += 1
    return pointer[0]


cdef inline int32_t entry_above(const uint16_t* lists, int32_t* pointer, uint16_t strength) noexcept nogil:
    while lists[STRIDE * pointer[0]] <= strength:
        pointer[0] += 1
    return pointer[0]


cdef inline void add_entry(int64_t* acc, const uint16_t* lists, int32_t at, int32_t entries, int sign) noexcept nogil:
    """acc[0] += sign * entries before position at; acc[j] += sign * those with j sorted cards."""
    cdef const uint16_t* entry = lists + STRIDE * at
    acc[0] += sign * entries
    acc[1] += sign * entry[1]
    acc[2] += sign * entry[2]
    acc[3] += sign * entry[3]
    acc[4] += sign * entry[4]


cdef inline void add_run(int64_t* below, int64_t* upto, Level* level, int32_t t, uint16_t strength,
                         int sign) noexcept nogil:
    """Add (sign) run t's entries below ``strength`` to ``below`` and those at most it to ``upto``,
    each split by j."""
    cdef int32_t start = t * (level.length + 1)
    cdef int32_t p = entry_at_least(level.list, &level.lt[t], strength)
    add_entry(below, level.list, p, p - start, sign)
    p = entry_above(level.list, &level.le[t], strength)
    add_entry(upto, level.list, p, p - start, sign)


cdef inline void add_counts(int64_t* acc, const int32_t* counts, int sign) noexcept nogil:
    acc[0] += sign * counts[0]
    acc[1] += sign * counts[1]
    acc[2] += sign * counts[2]
    acc[3] += sign * counts[3]
    acc[4] += sign * counts[4]


cdef inline void add32(int64_t* acc, const int32_t* cum, int32_t at, int sign) noexcept nogil:
    acc[0] += sign * at
    acc[1] += sign * cum[4 * at]
    acc[2] += sign * cum[4 * at + 1]
    acc[3] += sign * cum[4 * at + 2]
    acc[4] += sign * cum[4 * at + 3]


cdef inline void split_by_j(int64_t* acc) noexcept nogil:
    """acc[0] held the total: make it the count with j = 0."""
    acc[0] -= acc[1] + acc[2] + acc[3] + acc[4]


cdef int sorted_upcard(int up_rank, const uint8_t* deck, int n_deck, int q, int sorted_mask, int n_sorted,
                       const int64_t* num, const int64_t* den, int m, int64_t* out,
                       int64_t* n_classes) noexcept nogil:
    """Every class of one upcard rank (suit 0): decide for each number j' of seen sorted-set
    cards and add the counts to out[(j' * 11 + class) * 6 ...].  0, or 1 if memory ran out."""
    cdef SortedScratch w
    cdef uint8_t others[52]
    cdef uint8_t in_set[52]
    cdef int up = make_card(up_rank, 0)
    cdef int D = 0, i, a, b, c, d, j, jp, s, cls, s_others = 0, s_hand, rest
    cdef int32_t idx, k, t, fill0 = 0, lt0 = 0, le0 = 0
    cdef int32_t nq0[STRIDE]
    cdef int64_t kk, n_hands
    cdef uint64_t record
    cdef int x[5]
    cdef int64_t NQ[5]
    cdef int64_t LT[5]
    cdef int64_t LE[5]
    cdef int64_t TOT[5]
    cdef int64_t wt, tot, nq, win, tie, lose, weight
    cdef int run0[4]
    cdef uint16_t h
    D = deck_without(deck, n_deck, up, -1, others)
    for i in range(D):
        in_set[i] = (sorted_mask >> card_rank(others[i])) & 1
        s_others += in_set[i]
    cdef int32_t n4 = <int32_t>choose(D, 4)
    if not sorted_alloc(&w, D):
        return 1
    # every dealer completion (four cards of the D), in colex order
    enumerate_completions(&up, 1, others, D, w.dealer, w.quads)
    for idx in range(n4):
        w.sorted_in[idx] = 0
        for i in range(4):
            w.sorted_in[idx] += in_set[(w.quads[idx] >> (8 * i)) & 0xFF]
    order_by_strength(w.dealer, n4, w.bucket, w.order)
    # sorted strength lists of the completions holding each card, pair and triple
    level_open(&w.one)
    level_open(&w.two)
    level_open(&w.three)
    for i in range(4):
        run0[i] = 0
    for i in range(STRIDE):
        nq0[i] = 0
    for k in range(n4):
        idx = w.order[k]
        s = w.dealer[idx]
        j = w.sorted_in[idx]
        x[0] = w.quads[idx] & 0xFF
        x[1] = (w.quads[idx] >> 8) & 0xFF
        x[2] = (w.quads[idx] >> 16) & 0xFF
        x[3] = w.quads[idx] >> 24
        w.list0[fill0] = s
        for i in range(4):
            w.cum0[4 * fill0 + i] = run0[i]
        if j:
            run0[j - 1] += 1
        if s < q:
            nq0[0] += 1
            if j:
                nq0[j] += 1
        fill0 += 1
        for a in range(4):
            append_entry(&w.one, x[a], s, j, q)
            for b in range(a + 1, 4):
                append_entry(&w.two, <int32_t>(choose2(x[b]) + x[a]), s, j, q)
                for c in range(b + 1, 4):
                    append_entry(&w.three, <int32_t>(choose3(x[c]) + choose2(x[b]) + x[a]), s, j, q)
    w.list0[n4] = SENTINEL
    for i in range(4):
        w.cum0[4 * n4 + i] = run0[i]
    close_lists(&w.one)
    close_lists(&w.two)
    close_lists(&w.three)
    # the player-hand classes, in order of strength
    n_hands = player_classes(others, D, GROUP_ONE_SUIT, w.records)
    n_classes[0] = n_hands
    order_records(w.records, n_hands, w.bucket, w.hand_strength, w.hand_order)
    rest = D - 5
    for kk in range(n_hands):
        record = w.records[w.hand_order[kk]]
        h = record_strength(record)
        s_hand = 0
        for i in range(5):
            x[i] = record_position(record, i)
            s_hand += in_set[x[i]]
        for i in range(5):
            NQ[i] = 0
            LT[i] = 0
            LE[i] = 0
        add_counts(NQ, nq0, 1)
        if h >= q:
            add32(LT, w.cum0, advance_below(w.list0, &lt0, h), 1)
            add32(LE, w.cum0, advance_upto(w.list0, &le0, h), 1)
        for a in range(5):
            add_counts(NQ, w.one.nq + STRIDE * x[a], -1)
            if h >= q:
                add_run(LT, LE, &w.one, x[a], h, -1)
            for b in range(a + 1, 5):
                t = <int32_t>(choose2(x[b]) + x[a])
                add_counts(NQ, w.two.nq + STRIDE * t, 1)
                if h >= q:
                    add_run(LT, LE, &w.two, t, h, 1)
                for c in range(b + 1, 5):
                    t = <int32_t>(choose3(x[c]) + choose2(x[b]) + x[a])
                    add_counts(NQ, w.three.nq + STRIDE * t, -1)
                    if h >= q:
                        add_run(LT, LE, &w.three, t, h, -1)
                    for d in range(c + 1, 5):
                        idx = <int32_t>(choose4(x[d]) + choose3(x[c]) + choose2(x[b]) + x[a])
                        s = w.dealer[idx]
                        j = w.sorted_in[idx]
                        if s < q:
                            NQ[0] += 1
                            if j:
                                NQ[j] += 1
                        if s < h:
                            LT[0] += 1
                            if j:
                                LT[j] += 1
                        if s <= h:
                            LE[0] += 1
                            if j:
                                LE[j] += 1
        split_by_j(NQ)
        split_by_j(LT)
        split_by_j(LE)
        s_hand = s_others - s_hand          # sorted-set cards the dealer can still get
        for j in range(5):
            TOT[j] = choose(s_hand, j) * choose(rest - s_hand, 4 - j)
        cls = payout_class(h)
        weight = 4 * record_weight(record)
        for jp in range(n_sorted + 1):
            tot = nq = win = tie = 0
            for j in range(5):
                wt = choose(j, jp) * choose(4 - j, n_sorted - jp)
                if wt == 0:
                    continue
                tot += wt * TOT[j]
                nq += wt * NQ[j]
                if h >= q:
                    win += wt * (LT[j] - NQ[j])
                    tie += wt * (LE[j] - LT[j])
            if tot == 0:
                continue
            lose = tot - nq - win - tie
            settle(out + (jp * N_PAYOUT_CLASSES + cls) * N_SUMS,
                   call_beats_fold(tot, nq, win, lose, num[cls], den[cls], m), weight, tot, nq, win, tie, lose)
    sorted_free(&w)
    return 0


def sorted_counts(int qualify_strength, int deck_mask, int sorted_mask, int n_sorted, pay_numerators,
                  pay_denominators, int call_multiple):
    """The upcard seen, and n_sorted further dealer cards sorted by the ranks of sorted_mask.

    Returns (sums, classes): sums[j'][c] = (called deals, not-qualify, wins, ties, losses, folded
    deals) for the situations where j' of the sorted cards are in the set and the player's hand
    is of payout class c, each decided optimally; a deal is (hand, upcard, four dealer cards,
    which n_sorted of the four are sorted), C(4, n_sorted) per plain deal.  ``classes`` is the
    number of (hand, upcard) classes counted.  n_sorted = 0 is the plain analysis.
    """
    cdef int64_t num[N_PAYOUT_CLASSES]
    cdef int64_t den[N_PAYOUT_CLASSES]
    cdef uint8_t deck[52]
    cdef int n_deck, r, failed = 0, n_ranks = 0, i
    cdef int ranks[13]
    cdef int64_t counted[13]
    cdef Py_ssize_t width = (n_sorted + 1) * N_PAYOUT_CLASSES * N_SUMS
    check_deck(deck_mask)
    read_pays(pay_numerators, pay_denominators, N_PAYOUT_CLASSES, num, den)
    if not 0 <= qualify_strength < N_STRENGTHS:
        raise ValueError("qualifying strength out of range")
    if not 0 <= n_sorted <= 4:
        raise ValueError("between 0 and 4 further dealer cards can be sorted")
    if not 0 <= sorted_mask < (1 << N_RANKS):
        raise ValueError("sorted_mask must be a set of ranks")
    n_deck = deck_of(deck_mask, deck)
    for r in range(N_RANKS):
        if (deck_mask >> r) & 1:
            ranks[n_ranks] = r
            n_ranks += 1
    cdef int64_t* out = <int64_t*>calloc(n_ranks * width, sizeof(int64_t))
    if out == NULL:
        raise MemoryError()
    for i in prange(n_ranks, nogil=True, schedule="dynamic", chunksize=1):
        failed += sorted_upcard(ranks[i], deck, n_deck, qualify_strength, sorted_mask, n_sorted, num, den,
                                call_multiple, out + i * width, &counted[i])
    if failed:
        free(out)
        raise MemoryError()
    sums = [[[0] * N_SUMS for _ in range(N_PAYOUT_CLASSES)] for _ in range(n_sorted + 1)]
    cdef Py_ssize_t jp, cls, col
    for i in range(n_ranks):
        for jp in range(n_sorted + 1):
            for cls in range(N_PAYOUT_CLASSES):
                for col in range(N_SUMS):
                    sums[jp][cls][col] += out[i * width + (jp * N_PAYOUT_CLASSES + cls) * N_SUMS + col]
    free(out)
    return sums, sum(counted[i] for i in range(n_ranks))


# --- two dealer cards seen --------------------------------------------------------------------

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


# --- the whole dealer hand seen ---------------------------------------------------------------

cdef int whole_level(int level, const uint8_t* deck, int n_deck, const uint16_t* strength,
                     const uint32_t* hands, const int32_t* order, int64_t n_hands, int q,
                     int64_t* out) noexcept nogil:
    """The pairs of hands that both hold a card set T of `level` cards, summed over every T with
    sign (-1)^level, by the player's payout class: out[class * 4 ...] += (dealer does not qualify,
    player wins, tie, qualifying dealer wins).  0, or 1 if memory ran out."""
    cdef int64_t n_sets = choose(n_deck, level), length = choose(n_deck - level, 5 - level)
    cdef int64_t colex[N_CARDS][6]          # C(card, position), read for every subset of every hand
    cdef uint16_t* lists = <uint16_t*>malloc(n_sets * length * sizeof(uint16_t))
    cdef int64_t* fill = <int64_t*>malloc(n_sets * sizeof(int64_t))
    cdef int64_t t, k, p, start, end, below_q, below, run, idx
    cdef int x[5]
    cdef int subsets[32]
    cdef int i, n, n_subsets, sign = -1 if level & 1 else 1, cls, r
    cdef uint16_t v
    if lists == NULL or fill == NULL:
        free(lists)
        free(fill)
        return 1
    for t in range(n_sets):
        fill[t] = t * length
    for t in range(N_CARDS):
        for i in range(6):
            colex[t][i] = choose(t, i)
    # the `level`-subsets of five positions, as bit masks
    n_subsets = 0
    for r in range(32):
        n = 0
        for i in range(5):
            n += (r >> i) & 1
        if n == level:
            subsets[n_subsets] = r
            n_subsets += 1
    for k in range(n_hands):
        idx = order[k]
        for i in range(5):
            x[i] = (hands[idx] >> (6 * i)) & 0x3F
        for r in range(n_subsets):
            # colex index of the subset (positions ascending)
            t = 0
            n = 0
            for i in range(5):
                if (subsets[r] >> i) & 1:
                    n += 1
                    t += colex[x[i]][n]
            lists[fill[t]] = strength[idx]
            fill[t] += 1
    for t in range(n_sets):
        start = t * length
        end = start + length
        below_q = 0
        p = start
        while p < end and lists[p] < q:
            p += 1
        below_q = p - start
        p = start
        while p < end:
            v = lists[p]
            run = 1
            while p + run < end and lists[p + run] == v:
                run += 1
            below = p - start
            cls = payout_class(v)
            out[cls * 4] += sign * run * below_q
            if v >= q:
                out[cls * 4 + 1] += sign * run * (below - below_q)
                out[cls * 4 + 2] += sign * run * run
                out[cls * 4 + 3] += sign * run * (length - below - run)
            else:
                out[cls * 4 + 3] += sign * run * (length - below_q)
            p += run
    free(lists)
    free(fill)
    return 0


def whole_hand_counts(int qualify_strength, int deck_mask):
    """The whole dealer hand seen: per payout class of the player's hand, the (player hand,
    dealer hand) pairs sharing no card where (the dealer does not qualify, the player wins, they
    tie, a qualifying dealer wins)."""
    cdef uint8_t deck[52]
    cdef int n_deck, a, b, c, d, e, level, failed = 0, cls, col
    cdef int64_t idx, n_hands
    check_deck(deck_mask)
    if not 0 <= qualify_strength < N_STRENGTHS:
        raise ValueError("qualifying strength out of range")
    n_deck = deck_of(deck_mask, deck)
    n_hands = choose(n_deck, 5)
    cdef uint16_t* strength = <uint16_t*>malloc(n_hands * sizeof(uint16_t))
    cdef uint32_t* hands = <uint32_t*>malloc(n_hands * sizeof(uint32_t))
    cdef int32_t* order = <int32_t*>malloc(n_hands * sizeof(int32_t))
    cdef int32_t* bucket = <int32_t*>malloc((N_STRENGTHS + 1) * sizeof(int32_t))
    cdef int64_t* out = <int64_t*>calloc(6 * N_PAYOUT_CLASSES * 4, sizeof(int64_t))
    if strength == NULL or hands == NULL or order == NULL or bucket == NULL or out == NULL:
        free(strength)
        free(hands)
        free(order)
        free(bucket)
        free(out)
        raise MemoryError()
    with nogil:
        idx = 0
        for e in range(4, n_deck):
            for d in range(3, e):
                for c in range(2, d):
                    for b in range(1, c):
                        for a in range(b):
                            strength[idx] = strength5(deck[a], deck[b], deck[c], deck[d], deck[e])
                            hands[idx] = a | (b << 6) | (c << 12) | (d << 18) | (e << 24)
                            idx += 1
        order_by_strength(strength, n_hands, bucket, order)
    # the biggest levels (two and three shared cards) first
    cdef int[6] levels = [2, 3, 1, 4, 0, 5]
    for level in prange(6, nogil=True, schedule="dynamic", chunksize=1):
        failed += whole_level(levels[level], deck, n_deck, strength, hands, order, n_hands, qualify_strength,
                              out + level * N_PAYOUT_CLASSES * 4)
    result = [[0, 0, 0, 0] for _ in range(N_PAYOUT_CLASSES)]
    for level in range(6):
        for cls in range(N_PAYOUT_CLASSES):
            for col in range(4):
                result[cls][col] += out[(level * N_PAYOUT_CLASSES + cls) * 4 + col]
    free(strength)
    free(hands)
    free(order)
    free(bucket)
    free(out)
    if failed:
        raise MemoryError()
    return [tuple(row) for row in result]


def hand_payout_class(cards):
    """Payout class (0 below ace-king, 1 ace-king, 2 pair .. 10 royal flush) of five cards."""
    cdef uint8_t seen[52]
    memset(seen, 0, sizeof(seen))
    mark_cards(cards, seen)
    a, b, c, d, e = cards
    return payout_class(strength5(a, b, c, d, e))
