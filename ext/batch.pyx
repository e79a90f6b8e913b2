# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A caller's batch of hands ranked at once (oddscalc.rank_batch): three-card hands under a ranking,
and the count of each strength over a batch, both without Python per hand.

eval3's ThreeCardRanking.evaluate_batch serves the kernels, which deal distinct cards: it does not
look for a card given twice.  A caller's buffer may hold anything, so this pass checks every hand
(codes 0..51, three distinct cards) in the same loop that reads its strength.
"""
from libc.stdint cimport uint8_t, uint16_t, int64_t
from libc.stdlib cimport calloc, free

from oddscalc._native.cards cimport N_CARDS
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3


def three_card_batch(ThreeCardRanking ranking, const uint8_t[:, ::1] hands, uint16_t[::1] out):
    """Strength under ``ranking`` of every row of a (rows, 3) card array, written to out; a code
    that is not 0..51 or a card twice in a hand is refused (ValueError naming the first such hand)."""
    cdef Py_ssize_t rows = hands.shape[0], i, bad = -1
    cdef int a, b, c
    if hands.shape[1] != 3:
        raise ValueError(f"expected 3 cards per hand, got {hands.shape[1]}")
    if out.shape[0] < rows:
        raise ValueError("output array is shorter than the batch")
    with nogil:
        for i in range(rows):
            a, b, c = hands[i, 0], hands[i, 1], hands[i, 2]
            if a >= N_CARDS or b >= N_CARDS or c >= N_CARDS or a == b or a == c or b == c:
                bad = i
                break
            out[i] = strength3(ranking, a, b, c)
    if bad >= 0:
        a, b, c = hands[bad, 0], hands[bad, 1], hands[bad, 2]
        if a >= N_CARDS or b >= N_CARDS or c >= N_CARDS:
            raise ValueError(f"hand {bad} holds a card code that is not 0..51")
        raise ValueError(f"hand {bad} holds a card twice")


def strength_counts(const uint16_t[::1] strengths, int n):
    """How many of ``strengths`` are each of 0..n-1, as a list of n counts (a strength of n or more
    is refused: it would be no strength of the ranking)."""
    cdef Py_ssize_t i, size = strengths.shape[0]
    cdef int64_t* counts
    cdef bint outside = False
    if n < 1 or n > 65536:
        raise ValueError(f"a ranking has 1 to 65536 strengths, not {n}")
    counts = <int64_t*>calloc(n, sizeof(int64_t))
    if counts == NULL:
        raise MemoryError()
    with nogil:
        for i in range(size):
            if strengths[i] >= n:
                outside = True
                break
            counts[strengths[i]] += 1
    out = [counts[i] for i in range(n)]
    free(counts)
    if outside:
        raise ValueError(f"a strength is not 0..{n - 1}")
    return out
