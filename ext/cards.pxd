# The one card encoding shared by every kernel and by oddscalc.cards:
# card = rank * 4 + suit, rank 0..12 for 2..A, suit 0..3 for c d h s.
from libc.stdint cimport uint8_t

cdef enum:
    N_RANKS = 13
    N_SUITS = 4
    N_CARDS = 52
    ACE = 12

cdef inline int card_rank(int card) noexcept nogil:
    return card >> 2

cdef inline int card_suit(int card) noexcept nogil:
    return card & 3

cdef inline int make_card(int rank, int suit) noexcept nogil:
    return rank * 4 + suit
