# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""How many n-card sets of the deck make each five-card category (best five of n)."""
from libc.stdint cimport uint8_t, int64_t

from oddscalc._native.cards cimport next_combination
from oddscalc._native.eval5 cimport strength_best, category_of, N_CATEGORIES


def category_census(int n):
    """Counts per category (high card .. royal flush) of the best five of every n-card set,
    n = 5, 6 or 7 (C(52, 7) = 133,784,560 sets take about a second)."""
    cdef int64_t counts[N_CATEGORIES]
    cdef uint8_t cards[7]
    cdef int idx[7]
    cdef int i, changed = 0
    if n < 5 or n > 7:
        raise ValueError(f"census of {n}-card sets is not provided (5, 6 or 7)")
    for i in range(N_CATEGORIES):
        counts[i] = 0
    for i in range(n):
        idx[i] = i
    with nogil:
        while changed >= 0:
            for i in range(changed, n):
                cards[i] = idx[i]
            counts[category_of(strength_best(cards, n))] += 1
            changed = next_combination(idx, n, 52)
    return [counts[i] for i in range(N_CATEGORIES)]
