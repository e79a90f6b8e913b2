# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""How many n-card sets of the deck make each five-card category (best five of n)."""
from oddscalc._native.eval5 cimport category_of, N_CATEGORIES

from oddscalc._native.eval5 import strength_census


def category_census(int n):
    """Counts per category (high card .. royal flush) of the best five of every n-card set,
    n = 5, 6 or 7: the strength census (eval5.strength_census) summed by category."""
    cdef int s
    if n < 5 or n > 7:
        raise ValueError(f"census of {n}-card sets is not provided (5, 6 or 7)")
    counts = [0] * N_CATEGORIES
    for s, sets in enumerate(strength_census(n, range(52))):
        counts[category_of(s)] += sets
    return counts
