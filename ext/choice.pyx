# cython: language_level=3, boundscheck=False, wraparound=False
"""The kernels' choice rule (choice.pxd) called from Python, so that a test holds it to the
Python solver's rule (oddscalc/engines/solver.py) on the same values."""
from libc.stdint cimport int64_t

from oddscalc._native.choice cimport best_option, takes

cdef enum:
    MOST = 64


def best(values, wagers, bint wager_more):
    """The index of the best option (at most 64, each value and wager a 64-bit integer)."""
    cdef int64_t v[MOST]
    cdef int64_t w[MOST]
    cdef int o, n = len(values)
    if not 1 <= n <= MOST or len(wagers) != n:
        raise ValueError("between 1 and 64 options, a wager for each")
    for o in range(n):
        v[o] = values[o]
        w[o] = wagers[o]
    return best_option(n, v, w, wager_more)


def takes_more(int64_t more, int64_t less, bint wager_more):
    """Whether the option that wagers more, worth ``more``, is taken over one worth ``less``."""
    return takes(more, less, wager_more)
