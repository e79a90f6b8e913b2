# Caribbean Stud kernel pieces other kernels share (the simulator).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

# 0 below ace-king, 1 ace-king, 2 pair .. 10 royal flush
cdef int payout_class(uint16_t strength) noexcept nogil
# colex index 0..2,598,959 of five distinct cards in any order
cdef int32_t hand_index(const uint8_t* cards) noexcept nogil
# every completion of a dealer hand with n_seen cards seen, from others: strengths and positions
cdef int64_t enumerate_completions(const int* seen, int n_seen, const uint8_t* others, int n_others,
                                   uint16_t* strength, uint32_t* positions) noexcept nogil
# the pays of n pay classes as integer fractions num[c] / den[c] (non-negative, checked)
cdef int read_pays(pay_numerators, pay_denominators, int n, int64_t* num, int64_t* den) except -1
# counting sort: order[0..n) lists 0..n-1 by ascending strength (bucket: N_STRENGTHS + 1 entries)
cdef void order_by_strength(uint16_t* strength, int64_t n, int32_t* bucket, int32_t* order) noexcept nogil


# Sorted lists of dealer strengths (each ending in a sentinel above every strength) are walked
# with a pointer that only moves forward: the first entry at least / above a strength.
cdef inline int32_t advance_below(const uint16_t* lists, int32_t* pointer, uint16_t strength) noexcept nogil:
    while lists[pointer[0]] < strength:
        pointer[0] += 1
    return pointer[0]


cdef inline int32_t advance_upto(const uint16_t* lists, int32_t* pointer, uint16_t strength) noexcept nogil:
    while lists[pointer[0]] <= strength:
        pointer[0] += 1
    return pointer[0]


# A dealer hand against the player's: 0 the dealer does not qualify, 1 the player wins, 2 a tie,
# 3 the dealer wins (the order of the tallies the brute-force counters return).
cdef inline int completion_outcome(uint16_t dealer, uint16_t player, int qualify_strength) noexcept nogil:
    if dealer < qualify_strength:
        return 0
    if dealer < player:
        return 1
    return 2 if dealer == player else 3


# --- sorted strength lists by card subset -----------------------------------------------------
# The dealer completions holding each card (level 1), pair (2) or triple (3) of the cards left,
# their strengths sorted in one run per subset: the inclusion-exclusion of the stud kernels walks
# a level's runs with pointers that only move forward as the player's hands get stronger.

cdef enum:
    SENTINEL = 0xFFFF      # ends every run: stronger than any hand

cdef struct Level:
    uint16_t* list       # the runs, `length` entries (+ a sentinel) each, an entry `stride` values
    int32_t* fill        # where each run is filled up to
    int32_t* nq          # completions of each run that do not qualify (`stride` counts per run)
    int32_t* lt          # each run's pointer to the first strength >= the hand
    int32_t* le          # ... and to the first strength > the hand
    int32_t n            # subsets of the level
    int32_t length       # completions per subset
    int32_t stride       # values per entry and counts per run


cdef inline bint level_alloc(Level* level, int64_t n, int64_t length, int stride) noexcept nogil:
    """Allocate a level's arrays (False when memory ran out; level_free frees what was)."""
    level.n = <int32_t>n
    level.length = <int32_t>length
    level.stride = stride
    level.list = <uint16_t*>malloc(stride * n * (length + 1) * sizeof(uint16_t))
    level.fill = <int32_t*>malloc(n * sizeof(int32_t))
    level.nq = <int32_t*>calloc(stride * n, sizeof(int32_t))
    level.lt = <int32_t*>malloc(n * sizeof(int32_t))
    level.le = <int32_t*>malloc(n * sizeof(int32_t))
    return not (level.list == NULL or level.fill == NULL or level.nq == NULL or level.lt == NULL
                or level.le == NULL)


cdef inline void level_free(Level* level) noexcept nogil:
    free(level.list)
    free(level.fill)
    free(level.nq)
    free(level.lt)
    free(level.le)


cdef inline void level_open(Level* level) noexcept nogil:
    """Empty every run: each is filled from its start, with no completion counted yet."""
    cdef int32_t t
    for t in range(level.n):
        level.fill[t] = t * (level.length + 1)
    memset(level.nq, 0, level.stride * level.n * sizeof(int32_t))


cdef inline void level_push(Level* level, int32_t t, uint16_t s, int q) noexcept nogil:
    """Append strength s to run t (entries of one value), counting it when below the qualifier q."""
    level.list[level.fill[t]] = s
    level.fill[t] += 1
    level.nq[t] += s < q


cdef inline void level_rewind(Level* level) noexcept nogil:
    """Point every run's walkers at its start."""
    cdef int32_t t
    for t in range(level.n):
        level.lt[t] = level.le[t] = t * (level.length + 1)


cdef inline void level_close(Level* level) noexcept nogil:
    """End every run (entries of one value) with the sentinel and rewind its walkers."""
    cdef int32_t t
    for t in range(level.n):
        level.list[t * (level.length + 1) + level.length] = SENTINEL
    level_rewind(level)


cdef inline int32_t level_below(Level* level, int32_t t, uint16_t strength) noexcept nogil:
    """Entries of run t below ``strength`` (which only grows from call to call)."""
    return advance_below(level.list, &level.lt[t], strength) - t * (level.length + 1)


cdef inline int32_t level_upto(Level* level, int32_t t, uint16_t strength) noexcept nogil:
    """Entries of run t at most ``strength`` (which only grows from call to call)."""
    return advance_upto(level.list, &level.le[t], strength) - t * (level.length + 1)
