# Colex indices of sets of deck positions, shared by the counting kernels: the binomial table
# (ext/colex.h, a constant) and the inline helpers that rank, unrank and extend a set.  A set of k
# ascending positions p_0 < ... < p_{k-1} has index sum C(p_j, j + 1), so the sets of k positions
# of 0..n-1 fill 0..C(n, k)-1 and a set's index never depends on n.
from libc.stdint cimport int64_t

cdef extern from "colex.h":
    const int64_t BINOM[53][6]

cdef enum:
    COLEX_MAX_K = 5        # the largest set the table ranks (k = 0..5)


cdef inline void unrank(int64_t r, int k, int n, int* idx) noexcept nogil:
    """The k positions (ascending) of the subset with colex index r of 0..n-1."""
    cdef int j, a = n - 1
    for j in range(k - 1, -1, -1):
        while BINOM[a][j + 1] > r:
            a -= 1
        idx[j] = a
        r -= BINOM[a][j + 1]
        a -= 1


cdef inline int64_t rank_of(const int* idx, int k) noexcept nogil:
    """The colex index of k ascending positions."""
    cdef int64_t r = 0
    cdef int j
    for j in range(k):
        r += BINOM[idx[j]][j + 1]
    return r


cdef inline int64_t rank_union(const int* a, int ka, const int* b, int kb) noexcept nogil:
    """The colex index of the union of two disjoint ascending position lists."""
    cdef int64_t r = 0
    cdef int i = 0, j = 0, t
    for t in range(ka + kb):
        if j >= kb or (i < ka and a[i] < b[j]):
            r += BINOM[a[i]][t + 1]
            i += 1
        else:
            r += BINOM[b[j]][t + 1]
            j += 1
    return r


cdef inline int complement(const int* idx, int k, int n, int* out) noexcept nogil:
    """The positions of 0..n-1 not among the ascending idx, ascending; returns how many."""
    cdef int p, j = 0, m = 0
    for p in range(n):
        if j < k and idx[j] == p:
            j += 1
        else:
            out[m] = p
            m += 1
    return m


cdef inline int one_more_in(const int* idx, int k, int n, const unsigned char* marked, int want,
                            int64_t* out) noexcept nogil:
    """The colex indices of the sets of one more position than the ascending idx (k < 5), in the
    order of the added position, the added position x only where ``marked[x] == want`` (every
    position when ``want`` < 0); returns how many.  (The hot case: a card drawn at a time.)"""
    cdef int64_t low[COLEX_MAX_K + 1]
    cdef int64_t high[COLEX_MAX_K + 1]
    cdef int j, x, p = 0, m = 0
    low[0] = 0
    for j in range(k):
        low[j + 1] = low[j] + BINOM[idx[j]][j + 1]
    high[k] = 0
    for j in range(k - 1, -1, -1):
        high[j] = high[j + 1] + BINOM[idx[j]][j + 2]
    for x in range(n):
        if p < k and idx[p] == x:
            p += 1
            continue
        if want < 0 or marked[x] == want:
            out[m] = low[p] + BINOM[x][p + 1] + high[p]
            m += 1
    return m


cdef inline int one_more(const int* idx, int k, int n, int64_t* out) noexcept nogil:
    """Every set of one more position than the ascending idx (see one_more_in)."""
    return one_more_in(idx, k, n, NULL, -1, out)


cdef inline int64_t insert_sorted(unsigned char* held, int k, unsigned char card) noexcept nogil:
    """Put ``card`` among the ``k`` ascending cards of ``held`` (k + 1 then), and return the colex
    index of the k + 1 cards."""
    cdef int j = k
    cdef int64_t r = 0
    while j > 0 and held[j - 1] > card:
        held[j] = held[j - 1]
        j -= 1
    held[j] = card
    for j in range(k + 1):
        r += BINOM[held[j]][j + 1]
    return r


cdef inline int pair_index(int a, int b) noexcept nogil:
    """The colex index of two distinct cards (0..1325), in either order."""
    if a > b:
        a, b = b, a
    return a + b * (b - 1) // 2


cdef inline int flop_index(int a, int b, int c) noexcept nogil:
    """The colex index of three distinct cards (0..22099), in any order."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return <int>(BINOM[a][1] + BINOM[b][2] + BINOM[c][3])
