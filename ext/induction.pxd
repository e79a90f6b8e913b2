# cython: language_level=3
"""The solver's induction step, for the kernels that solve a staged game by backward induction
(ext/staged.pyx over every seen set, ext/staged_sorted.pyx with sorted cards seen; docs/solver.md).

A stage's options each add whole units to the wager in action (a raise; a bet pulled back is
negative) or fold (every unit in action lost).  At a situation reached with ``units`` in action, an
option that goes on is worth the next stage's value with its units, summed over the cards that come
before that stage (the kernel's gather, ``after``); a fold is worth the units lost over the stage's
denominator.  The option taken is the best by choice.pxd's rule, or the one the caller fixes.  The
gather follows the cards, so each kernel keeps its own; this step is the same for all of them.
"""
from libc.stdint cimport int64_t

from oddscalc._native.choice cimport best_option

cdef enum:
    MAX_OPTIONS = 16
    MAX_UNITS = 255


cdef struct Options:
    int n_options
    int lo, hi                   # units in action on reaching the stage
    int next_lo, next_hi         # units in action after its decision (fold aside)
    int64_t delta[MAX_OPTIONS]   # units each option adds (0 for a fold)
    int fold[MAX_OPTIONS]
    int64_t wager[MAX_OPTIONS]   # for the choice's tie-break: a fold least, else its delta


cdef inline int read_options(Options* st, int i, object deltas, object folds, int lo, int hi) except -1:
    """Stage i's options from Python (``deltas[o]``, ``folds[o]``), reached with lo..hi units."""
    cdef int o
    st.n_options = len(deltas)
    if not 1 <= st.n_options <= MAX_OPTIONS or len(folds) != st.n_options:
        raise ValueError(f"stage {i}: 1 to {MAX_OPTIONS} options, each with a fold flag")
    st.lo, st.hi = lo, hi
    st.next_lo, st.next_hi = MAX_UNITS + 1, -1
    for o in range(st.n_options):
        st.fold[o] = 1 if folds[o] else 0
        st.delta[o] = 0 if st.fold[o] else deltas[o]
        st.wager[o] = -MAX_UNITS - 1 if st.fold[o] else st.delta[o]
        if not st.fold[o]:
            st.next_lo = min(st.next_lo, lo + st.delta[o])
            st.next_hi = max(st.next_hi, hi + st.delta[o])
    if st.next_hi < 0:
        raise ValueError(f"stage {i}: every option folds")
    if st.next_lo < 1 or st.next_hi > MAX_UNITS:
        raise ValueError(f"stage {i}: the units in action must stay 1 to {MAX_UNITS}")
    return 0


cdef inline void option_values(const Options* st, const int64_t* after, int units, int64_t denominator,
                               int64_t* values) noexcept nogil:
    """Each option's value with ``units`` in action: ``after[u - next_lo]`` is going on with u units,
    a fold loses every unit (over ``denominator``)."""
    cdef int o
    for o in range(st.n_options):
        values[o] = -units * denominator if st.fold[o] else after[units + st.delta[o] - st.next_lo]


cdef inline int decide(const Options* st, const int64_t* after, int units, int64_t denominator, int forced,
                       bint wager_more, int64_t* value) noexcept nogil:
    """The option taken with ``units`` in action (``forced`` if it is one, else the best), its value
    written to ``value``."""
    cdef int64_t values[MAX_OPTIONS]
    cdef int o
    option_values(st, after, units, denominator, values)
    o = forced if forced >= 0 else best_option(st.n_options, values, st.wager, wager_more)
    value[0] = values[o]
    return o
