# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Three-card hand strength under a ranking given as data.

A ranking is the order of the six categories (weakest first) and whether a flush counts;
the within-category order is fixed by the rules: straights by top card (A-2-3 lowest,
Q-K-A highest, K-A-2 no straight), flushes and high cards card by card from the top, pairs
by the pair then the kicker, trips by rank.  Every ordered card triple gets a dense
strength (0 = weakest) in a 52**3 table, so kernels never sort.
"""
from libc.stdint cimport uint8_t, uint16_t
from libc.stdlib cimport malloc, calloc, free

from libc.string cimport memset
from oddscalc._native.cards cimport card_rank, card_suit, mark_cards, sort3_desc, N_CARDS


cdef int straight_top3(int hi, int mid, int lo):
    """Top rank of a three-card straight from ranks sorted high to low, or -1."""
    if hi == mid + 1 and mid == lo + 1:
        return hi
    if hi == 12 and mid == 1 and lo == 0:     # A-2-3: its top card is the 3
        return 1
    return -1


cdef int classify(int hi, int mid, int lo, bint suited, bint flush_counts, int* digits, int* n):
    """Category code and tie-break digits of ranks sorted high to low."""
    cdef int top = straight_top3(hi, mid, lo)
    if hi == lo:
        digits[0] = hi
        n[0] = 1
        return T_THREE_OF_A_KIND
    if hi == mid or mid == lo:
        digits[0] = mid
        digits[1] = lo if hi == mid else hi
        n[0] = 2
        return T_PAIR
    if top >= 0:
        digits[0] = top
        n[0] = 1
        return T_STRAIGHT_FLUSH if suited and flush_counts else T_STRAIGHT
    digits[0] = hi
    digits[1] = mid
    digits[2] = lo
    n[0] = 3
    return T_FLUSH if suited and flush_counts else T_HIGH_CARD


cdef class ThreeCardRanking:
    """Strengths of all three-card hands under `order` (category codes, weakest first)."""

    def __cinit__(self, order, bint flush_counts=True):
        cdef int position[6]
        cdef int a, b, c, hi, mid, lo, category, n, i, k, suited_bit
        cdef int digits[3]
        cdef long value
        cdef dict dense
        # dense strength of every (hi, mid, lo, suited) pattern, so the 52**3 fill runs in C
        cdef uint16_t pattern_strength[13 * 13 * 13 * 2]
        self.order = tuple(int(x) for x in order)
        self.flush_counts = flush_counts
        for i in range(6):
            position[i] = -1
        for i, category in enumerate(self.order):
            position[category] = i
        self.by_cards = <uint16_t*>calloc(N_CARDS * N_CARDS * N_CARDS, sizeof(uint16_t))
        if self.by_cards == NULL:
            raise MemoryError()
        # value of each (sorted ranks, suited) pattern, then dense strengths
        values = {}
        for hi in range(13):
            for mid in range(hi + 1):
                for lo in range(mid + 1):
                    for suited in (False, True):
                        if suited and (hi == mid or mid == lo):
                            continue
                        digits[0] = digits[1] = digits[2] = 0     # the digits a category leaves unused
                        category = classify(hi, mid, lo, suited, flush_counts, digits, &n)
                        if position[category] < 0:
                            raise ValueError(f"the ranking has no place for category code {category}")
                        value = position[category]
                        for k in range(3):
                            value = value * 13 + digits[k]
                        values[(hi, mid, lo, suited)] = (value, category)
        ordered = sorted(set(values.values()))
        dense = {value: i for i, (value, _) in enumerate(ordered)}
        self.n_strengths = len(ordered)
        self.category_by_strength = <uint8_t*>malloc(self.n_strengths)
        for i, (value, category) in enumerate(ordered):
            self.category_by_strength[i] = category
        for (hi, mid, lo, suited), (value, _) in values.items():
            pattern_strength[((hi * 13 + mid) * 13 + lo) * 2 + suited] = dense[value]
        for a in range(N_CARDS):
            for b in range(N_CARDS):
                for c in range(N_CARDS):
                    hi, mid, lo = sort3_desc(card_rank(a), card_rank(b), card_rank(c))
                    suited_bit = (card_suit(a) == card_suit(b) and card_suit(b) == card_suit(c)
                                  and hi != mid and mid != lo)
                    self.by_cards[a * 2704 + b * 52 + c] = \
                        pattern_strength[((hi * 13 + mid) * 13 + lo) * 2 + suited_bit]

    def __dealloc__(self):
        free(self.by_cards)
        free(self.category_by_strength)

    def strength(self, cards):
        """Strength 0..n_strengths-1 of three distinct card codes."""
        cdef uint8_t seen[N_CARDS]
        cdef int a, b, c
        if len(cards) != 3:
            raise ValueError(f"expected 3 cards, got {len(cards)}")
        memset(seen, 0, N_CARDS)
        mark_cards(cards, seen)
        a, b, c = cards
        return self.by_cards[a * 2704 + b * 52 + c]

    def category(self, int strength):
        """Category code of a strength."""
        if strength < 0 or strength >= self.n_strengths:
            raise ValueError(f"strength out of range: {strength}")
        return self.category_by_strength[strength]

    def evaluate_batch(self, const uint8_t[:, ::1] hands, uint16_t[::1] out):
        """Strength of every row of a (rows, 3) card array, written to out."""
        cdef Py_ssize_t i, rows = hands.shape[0]
        if hands.shape[1] != 3:
            raise ValueError(f"expected 3 cards per hand, got {hands.shape[1]}")
        if out.shape[0] < rows:
            raise ValueError("output array is shorter than the batch")
        for i in range(rows):
            if hands[i, 0] >= N_CARDS or hands[i, 1] >= N_CARDS or hands[i, 2] >= N_CARDS:
                raise ValueError(f"hand {i} holds a card code that is not 0..51")
        with nogil:
            for i in range(rows):
                out[i] = strength3(self, hands[i, 0], hands[i, 1], hands[i, 2])
