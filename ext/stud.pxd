# Caribbean Stud kernel pieces other kernels share (the simulator).
from libc.stdint cimport uint8_t, uint16_t, int32_t

# 0 below ace-king, 1 ace-king, 2 pair .. 10 royal flush
cdef int payout_class(uint16_t strength) noexcept nogil
# colex index 0..2,598,959 of five distinct cards in any order
cdef int32_t hand_index(const uint8_t* cards) noexcept nogil


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
