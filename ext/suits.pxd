# The suit permutations that keep a situation, shared by the kernels that count only one board or
# hand per class of suit-symmetric ones: a permutation is kept when every card and its image carry
# the same mark (live or dead; or the player's, the dealer's seen, dead and the rest).
from libc.stdint cimport uint8_t

from oddscalc._native.cards cimport N_CARDS, card_rank, card_suit, make_card

cdef enum:
    MAX_SUIT_MAPS = 24         # 4! permutations


cdef inline int suit_maps(const uint8_t* marks, uint8_t* maps) noexcept nogil:
    """The suit permutations under which every card's image has the card's mark, as card maps
    (N_CARDS entries each, one after another in ``maps``: room for MAX_SUIT_MAPS), in lexicographic
    order of the suits' images, so the identity first; returns how many."""
    cdef int p[4]
    cdef int n = 0, c
    cdef bint kept
    for p[0] in range(4):
        for p[1] in range(4):
            for p[2] in range(4):
                for p[3] in range(4):
                    if p[0] == p[1] or p[0] == p[2] or p[0] == p[3] or p[1] == p[2] or p[1] == p[3] \
                            or p[2] == p[3]:
                        continue
                    kept = True
                    for c in range(N_CARDS):
                        if marks[c] != marks[make_card(card_rank(c), p[card_suit(c)])]:
                            kept = False
                            break
                    if not kept:
                        continue
                    for c in range(N_CARDS):
                        maps[n * N_CARDS + c] = make_card(card_rank(c), p[card_suit(c)])
                    n += 1
    return n
