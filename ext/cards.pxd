# The one card encoding shared by every kernel and by oddscalc.cards:
# card = rank * 4 + suit, rank 0..12 for 2..A, suit 0..3 for c d h s.
from libc.stdint cimport uint8_t, int64_t

cdef enum:
    N_RANKS = 13
    N_SUITS = 4
    N_CARDS = 52
    ACE = 12

cdef inline int card_rank(int card) noexcept nogil:
    return card >> 2

cdef inline int card_suit(int card) noexcept nogil:
    return card & 3

cdef inline int make_card(int rank, int suit) noexcept nogil:
    return rank * 4 + suit


cdef inline int mark_cards(object cards, uint8_t* seen) except -1:
    """Mark every card of ``cards`` in ``seen`` (52 flags), refusing a code outside 0..51 or a card
    seen twice: every kernel entry that takes cards from Python checks them here, before a card
    code indexes any table."""
    cdef int card
    for card in cards:
        if card < 0 or card >= N_CARDS:
            raise ValueError(f"card code {card} is not 0..51")
        if seen[card]:
            raise ValueError(f"card code {card} is given twice")
        seen[card] = 1
    return 0


cdef inline int64_t choose(int64_t n, int k) noexcept nogil:
    """C(n, k) for the small k of card counting (0 outside 0 <= k <= n)."""
    cdef int64_t out = 1
    cdef int i
    if k < 0 or n < k:
        return 0
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


# C(n, k) for k = 2, 3, 4 in closed form: the colex index of a sorted card subset a < b < c < d is
# C(d, 4) + C(c, 3) + C(b, 2) + a, in hot loops where the loop of choose() would cost
cdef inline int64_t choose2(int64_t n) noexcept nogil:
    return n * (n - 1) // 2


cdef inline int64_t choose3(int64_t n) noexcept nogil:
    return n * (n - 1) * (n - 2) // 6


cdef inline int64_t choose4(int64_t n) noexcept nogil:
    return n * (n - 1) * (n - 2) * (n - 3) // 24


cdef inline int next_combination(int* idx, int k, int n) noexcept nogil:
    """Step the increasing positions idx[0] < ... < idx[k-1] (out of 0..n-1) to the next k-subset in
    lexicographic order; returns the first position that changed (the prefix before it is the same,
    so a caller keeping sums over the prefix recomputes only from there), or -1 after the last."""
    cdef int i = k - 1, j
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return -1
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return i


cdef inline bint next_colex(int* idx, int k) noexcept nogil:
    """Step the increasing positions idx[0] < ... < idx[k-1] to the next k-subset in colex order
    (the order of the index C(idx[k-1], k) + ... + C(idx[0], 1), which grows by one a step);
    the caller stops after the subset it wants last.  Returns False for k = 0 (one subset)."""
    cdef int i = 0, j
    if k == 0:
        return False
    while i < k - 1 and idx[i] + 1 == idx[i + 1]:
        i += 1
    idx[i] += 1
    for j in range(i):
        idx[j] = j
    return True


cdef inline (int, int, int) sort3_desc(int x, int y, int z) noexcept nogil:
    """Three numbers (ranks, card codes) sorted high to low."""
    if x < y:
        x, y = y, x
    if y < z:
        y, z = z, y
    if x < y:
        x, y = y, x
    return x, y, z
