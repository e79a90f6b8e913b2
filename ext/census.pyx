# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""How many n-card sets of the deck make each five-card category (best five of n)."""
from libc.stdint cimport uint8_t, int64_t

from oddscalc._native.eval5 cimport strength5, strength6, category_of, N_CATEGORIES


def category_census(int n):
    """Counts per category (high card .. royal flush) of the best five of every n-card set, n = 5 or 6."""
    cdef int64_t counts[N_CATEGORIES]
    cdef uint8_t h[6]
    cdef int a, b, c, d, e, f, k
    for k in range(N_CATEGORIES):
        counts[k] = 0
    if n == 5:
        with nogil:
            for a in range(48):
                for b in range(a + 1, 49):
                    for c in range(b + 1, 50):
                        for d in range(c + 1, 51):
                            for e in range(d + 1, 52):
                                counts[category_of(strength5(a, b, c, d, e))] += 1
    elif n == 6:
        with nogil:
            for a in range(47):
                h[0] = a
                for b in range(a + 1, 48):
                    h[1] = b
                    for c in range(b + 1, 49):
                        h[2] = c
                        for d in range(c + 1, 50):
                            h[3] = d
                            for e in range(d + 1, 51):
                                h[4] = e
                                for f in range(e + 1, 52):
                                    h[5] = f
                                    counts[category_of(strength6(h))] += 1
    else:
        raise ValueError(f"census of {n}-card sets is not provided (5 or 6)")
    return [counts[k] for k in range(N_CATEGORIES)]
