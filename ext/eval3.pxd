# Three-card strength under a configurable ranking (category order, flush on or off).
from libc.stdint cimport uint8_t, uint16_t

cdef enum ThreeCardCategory:
    T_HIGH_CARD = 0
    T_PAIR = 1
    T_FLUSH = 2
    T_STRAIGHT = 3
    T_THREE_OF_A_KIND = 4
    T_STRAIGHT_FLUSH = 5

cdef class ThreeCardRanking:
    # strength of every ordered card triple, indexed a * 2704 + b * 52 + c
    cdef uint16_t* by_cards
    # category code of every strength
    cdef uint8_t* category_by_strength
    cdef readonly int n_strengths
    cdef readonly tuple order
    cdef readonly bint flush_counts

cdef inline uint16_t strength3(ThreeCardRanking ranking, int a, int b, int c) noexcept nogil:
    return ranking.by_cards[a * 2704 + b * 52 + c]
