# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The whole dealer hand seen: exact counts of Caribbean Stud, no paytable (see exposure_stud.pyx
for the deck and the payout classes).

``whole_hand_counts``: the informed play is known per deal, so the return is a count of (player
hand, dealer hand) pairs by strength: pairs sharing no card are all pairs minus those sharing one
card plus ..., i.e. a sum over card sets T of (-1)^|T| times the pairs of hands both holding T,
each a walk along a sorted list.

Speed: the levels |T| run on every core with prange (setup.py builds this module with OpenMP),
the biggest first.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from cython.parallel cimport prange

from oddscalc._native.cards cimport N_CARDS, choose
from oddscalc._native.eval5 cimport strength5, N_STRENGTHS
from oddscalc._native.exposure_stud cimport N_PAYOUT_CLASSES, check_deck, deck_of
from oddscalc._native.stud cimport order_by_strength, payout_class


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
