# The Caribbean Stud exposure kernels' shared part (ext/exposure_stud.pyx defines it): the deck of
# whole ranks, the player-hand classes up to suits as 64-bit records, the decision and the sums.
# The cases: the upcard and sorted cards (exposure_stud.pyx), two dealer cards seen
# (exposure_stud_pairs.pyx), the whole dealer hand seen (exposure_stud_whole.pyx).
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int32_t, int64_t

from oddscalc._native.cards cimport N_CARDS, card_rank, card_suit
from oddscalc._native.stud cimport order_by_strength

cdef extern from *:
    # gcc and clang's 128-bit integer: a pay's numerator times a count needs more than 64 bits
    ctypedef long long int128 "__int128"

cdef enum:
    N_PAYOUT_CLASSES = 11   # below ace-king, ace-king, pair .. royal flush
    N_SUMS = 6              # called deals, not-qualify, wins, ties, losses, folded deals
    GROUP_ONE_SUIT = 0      # suit 0 fixed, suits 1..3 interchangeable (upcard, suited pair)
    GROUP_TWO_SUITS = 1     # suits 0 and 1 fixed, 2 and 3 interchangeable (offsuit pair)
    GROUP_POCKET = 2        # {0, 1} and {2, 3} each interchangeable (dealer pair)

# the number of cards of a deck mask (ValueError unless it names at least three of the 13 ranks)
cpdef int check_deck(int deck_mask) except -1
# every canonical five-card hand from others[0..n) under the suit group, as a record
cdef int64_t player_classes(const uint8_t* others, int n, int group, uint64_t* records) noexcept nogil


cdef inline int class_weight(int group, uint64_t suits) noexcept nogil:
    """0 if the suit masks (16 bits per suit) are not their group's canonical image, else the
    number of images (situations the class stands for)."""
    cdef uint64_t m0 = suits & 0xFFFF, m1 = (suits >> 16) & 0xFFFF
    cdef uint64_t m2 = (suits >> 32) & 0xFFFF, m3 = suits >> 48
    if group == GROUP_ONE_SUIT:
        if m1 < m2 or m2 < m3:
            return 0
        if m1 == m3:
            return 1
        if m1 == m2 or m2 == m3:
            return 3
        return 6
    if group == GROUP_TWO_SUITS:
        if m2 < m3:
            return 0
        return 1 if m2 == m3 else 2
    if m0 < m1 or m2 < m3:
        return 0
    return (1 if m0 == m1 else 2) * (1 if m2 == m3 else 2)


cdef inline uint64_t suit_bit(int card) noexcept nogil:
    return (<uint64_t>1) << (16 * card_suit(card) + card_rank(card))


# A player-hand class as one 64-bit record: five card positions (8 bits each), its weight
# (bits 40..47) and its strength (bits 48..63).
cdef inline int record_position(uint64_t record, int i) noexcept nogil:
    return (record >> (8 * i)) & 0xFF


cdef inline int record_weight(uint64_t record) noexcept nogil:
    return (record >> 40) & 0xFF


cdef inline uint16_t record_strength(uint64_t record) noexcept nogil:
    return record >> 48


cdef inline int deck_of(int deck_mask, uint8_t* deck) noexcept nogil:
    """The cards of the ranks in deck_mask, ascending; their number."""
    cdef int n = 0, card
    for card in range(N_CARDS):
        if (deck_mask >> card_rank(card)) & 1:
            deck[n] = card
            n += 1
    return n


cdef inline int deck_without(const uint8_t* deck, int n_deck, int card1, int card2, uint8_t* others) noexcept nogil:
    """Copy the deck's cards other than card1 and card2 (-1: none) to others; returns how many."""
    cdef int i, n = 0
    for i in range(n_deck):
        if deck[i] != card1 and deck[i] != card2:
            others[n] = deck[i]
            n += 1
    return n


cdef inline void order_records(const uint64_t* records, int64_t n, int32_t* bucket, uint16_t* strength,
                               int32_t* order) noexcept nogil:
    """order[0..n) lists the class records by ascending strength (so the main loop reads them in
    order); strength receives each record's."""
    cdef int64_t i
    for i in range(n):
        strength[i] = record_strength(records[i])
    order_by_strength(strength, n, bucket, order)


cdef inline int call_beats_fold(int64_t tot, int64_t nq, int64_t win, int64_t lose, int64_t num,
                                int64_t den, int m) noexcept nogil:
    """(EV(call) - EV(fold)) * tot * den > 0: calling nets +1 when the dealer does not qualify,
    1 + m * pay on a win, 0 on a tie, -(1 + m) on a loss; folding -1.  Exact ties fold."""
    cdef int128 edge = <int128>den * (nq + win - (1 + m) * lose + tot) + <int128>num * (m * win)
    return edge > 0


cdef inline void settle(int64_t* out, int called, int64_t w, int64_t tot, int64_t nq, int64_t win,
                        int64_t tie, int64_t lose) noexcept nogil:
    """Add w situations of tot deals to the sums: called (with their outcomes) or folded."""
    if called:
        out[0] += w * tot
        out[1] += w * nq
        out[2] += w * win
        out[3] += w * tie
        out[4] += w * lose
    else:
        out[5] += w * tot
