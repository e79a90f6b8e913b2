# cython: language_level=3
"""The solver's one choice rule, for the kernels that decide (oddscalc/engines/solver.py is the
same rule for the decisions taken in Python; docs/solver.md).

At a situation every option has an exact value, an integer over the stage's common denominator.
The option of highest value is taken; of options of equal value, the one that wagers more when
the game's tie-break says so (``wager_more``), else the one that wagers less.  A fold wagers least.
"""
from libc.stdint cimport int64_t

cdef extern from *:
    # gcc and clang's 128-bit integer, for values a 64-bit product could overflow
    ctypedef long long int128 "__int128"

ctypedef fused exact:
    int64_t
    int128


cdef inline bint takes(int64_t more, int64_t less, bint wager_more) noexcept nogil:
    """Whether the option that wagers more, worth ``more``, is taken over one worth ``less``."""
    return more > less or (more == less and wager_more)


cdef inline int best_option(int n, const exact* values, const int64_t* wagers, bint wager_more) noexcept nogil:
    """The index of the best of ``n`` options, each with its value and the units it wagers."""
    cdef int o, best = 0
    for o in range(1, n):
        if values[o] > values[best]:
            best = o
        elif values[o] == values[best] and (wagers[o] > wagers[best] if wager_more else wagers[o] < wagers[best]):
            best = o
    return best
