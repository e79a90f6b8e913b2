# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Five-card hand strength, and best five of six or seven cards, by table look-up.

Why it is fast: a non-flush hand's strength depends only on its multiset of ranks, and
each rank carries a key chosen so that the sum of keys is different for every multiset
(keys found by a greedy search, checked by tests/test_eval5.py).  A hand is then a few
additions and one table read.  A flush is looked up by its 13-bit rank mask.

The tables are built at import from the hand definitions below (about 10 ms), so no
generated data is shipped.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport abort, calloc, malloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport N_RANKS, N_CARDS, card_rank, card_suit, mark_cards, next_combination

# Sums of these keys are distinct over all rank multisets of 5 cards (KEY5) or of
# 5, 6 or 7 cards of the same size (KEY7), each rank at most four times.
cdef uint32_t[13] KEY5 = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415]
cdef uint32_t[13] KEY7 = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181]

cdef enum:
    BASE = 13
    VALUE_CATEGORY = 371293      # 13 ** 5: a value is category * 13**5 + tie-break digits

# categories weakest first, numbered from 0 as oddscalc/core/hands.py FiveCardCategory numbers them
# (tests/core/test_eval5.py checks the two agree on every hand)
cdef enum Category:
    HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, \
        ROYAL_FLUSH

# The tables reach the largest key sum of any n card codes, repeated ones included (five aces), not
# only of real hands: a batch with a card given twice then reads a defined entry, never past the
# end.  The entries real hands never reach are pages that are never touched.
cdef uint32_t MAX5 = 5 * 79415
cdef uint32_t MAX6 = 6 * 1479181
cdef uint32_t MAX7 = 7 * 1479181

cdef uint16_t* NONFLUSH5 = NULL
cdef uint16_t* NONFLUSH6 = NULL
cdef uint16_t* NONFLUSH7 = NULL
cdef uint16_t[8192] FLUSH_BEST
cdef uint32_t[52] CARD_KEY5
cdef uint16_t[52] CARD_BIT
# low 32 bits: KEY7 of the rank; high 32 bits: one count nibble per suit
cdef uint64_t[52] CARD_PACKED7
# bit 13 * suit + rank: OR-ed over a hand, four 13-bit rank masks, one per suit
cdef uint64_t[52] CARD_SUIT_MASKS
cdef uint16_t[11] CATEGORY_START   # first strength of each category, and 7462
cdef uint8_t[7462] CATEGORY_OF     # the category of each strength

cdef int64_t[7462] VALUES          # sorted hand values; strength = index


cdef int straight_top(uint32_t mask) noexcept nogil:
    """Top rank of the highest straight in a rank mask, or -1 (A-2-3-4-5 tops at 5)."""
    cdef int top
    for top in range(12, 3, -1):
        if (mask >> (top - 4)) & 0x1F == 0x1F:
            return top
    if mask & 0x100F == 0x100F:
        return 3
    return -1


cdef int64_t pack(int category, int* digits, int n) noexcept nogil:
    cdef int64_t value = 0
    cdef int i
    for i in range(5):
        value = value * BASE + (digits[i] if i < n else 0)
    return category * VALUE_CATEGORY + value


cdef int64_t flush_value(uint32_t mask) noexcept nogil:
    """Value of the best five-card hand among suited cards of this rank mask."""
    cdef int digits[5]
    cdef int n = 0, rank
    cdef int top = straight_top(mask)
    if top >= 0:
        digits[0] = top
        return pack(ROYAL_FLUSH if top == 12 else STRAIGHT_FLUSH, digits, 1)
    for rank in range(12, -1, -1):
        if n < 5 and (mask >> rank) & 1:
            digits[n] = rank
            n += 1
    return pack(FLUSH, digits, 5)


cdef int64_t multiset_value(int* counts) noexcept nogil:
    """Value of the best five-card non-flush hand from 5 to 7 cards given by rank counts."""
    cdef int digits[5]
    cdef int quads = -1, trips1 = -1, trips2 = -1, pair1 = -1, pair2 = -1
    cdef int rank, n, top
    cdef uint32_t mask = 0
    for rank in range(12, -1, -1):
        if counts[rank]:
            mask |= (<uint32_t>1) << rank
        if counts[rank] == 4 and quads < 0:
            quads = rank
        elif counts[rank] == 3:
            if trips1 < 0:
                trips1 = rank
            elif trips2 < 0:
                trips2 = rank
        elif counts[rank] == 2:
            if pair1 < 0:
                pair1 = rank
            elif pair2 < 0:
                pair2 = rank
    if quads >= 0:
        digits[0] = quads
        digits[1] = highest_except(mask, quads, -1, -1)
        return pack(FOUR_OF_A_KIND, digits, 2)
    if trips1 >= 0 and (trips2 >= 0 or pair1 >= 0):
        digits[0] = trips1
        digits[1] = trips2 if trips2 > pair1 else pair1
        return pack(FULL_HOUSE, digits, 2)
    top = straight_top(mask)
    if top >= 0:
        digits[0] = top
        return pack(STRAIGHT, digits, 1)
    if trips1 >= 0:
        digits[0] = trips1
        digits[1] = highest_except(mask, trips1, -1, -1)
        digits[2] = highest_except(mask, trips1, digits[1], -1)
        return pack(THREE_OF_A_KIND, digits, 3)
    if pair2 >= 0:
        digits[0] = pair1
        digits[1] = pair2
        digits[2] = highest_except(mask, pair1, pair2, -1)
        return pack(TWO_PAIR, digits, 3)
    if pair1 >= 0:
        digits[0] = pair1
        n = 1
        for rank in range(12, -1, -1):
            if n < 4 and rank != pair1 and (mask >> rank) & 1:
                digits[n] = rank
                n += 1
        return pack(PAIR, digits, 4)
    n = 0
    for rank in range(12, -1, -1):
        if n < 5 and (mask >> rank) & 1:
            digits[n] = rank
            n += 1
    return pack(HIGH_CARD, digits, 5)


cdef int highest_except(uint32_t mask, int a, int b, int c) noexcept nogil:
    cdef int rank
    for rank in range(12, -1, -1):
        if (mask >> rank) & 1 and rank != a and rank != b and rank != c:
            return rank
    return 0


cdef int strength_of_value(int64_t value) noexcept nogil:
    cdef int lo = 0, hi = 7461, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if VALUES[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    return lo


# --- table construction -------------------------------------------------------------

cdef int n_values = 0


cdef void collect_multisets(int* counts, int rank, int left, int size, int64_t* out,
                            int* n_out, uint16_t* table, uint32_t* keys, bint fill) noexcept nogil:
    """Visit every rank multiset of `size` cards (each rank at most 4 times)."""
    cdef int c, r
    cdef uint32_t key
    if rank == N_RANKS:
        if left:
            return
        if fill:
            key = 0
            for r in range(N_RANKS):
                key += counts[r] * keys[r]
            table[key] = strength_of_value(multiset_value(counts))
        else:
            out[n_out[0]] = multiset_value(counts)
            n_out[0] += 1
        return
    for c in range(0, (4 if left > 4 else left) + 1):
        counts[rank] = c
        collect_multisets(counts, rank + 1, left - c, size, out, n_out, table, keys, fill)
    counts[rank] = 0


cdef int cmp_int64(const void* a, const void* b) noexcept nogil:
    cdef int64_t x = (<int64_t*>a)[0], y = (<int64_t*>b)[0]
    return (x > y) - (x < y)

from libc.stdlib cimport qsort


cdef int popcount13(uint32_t mask) noexcept nogil:
    cdef int n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


cdef void build_tables() except *:
    global NONFLUSH5, NONFLUSH6, NONFLUSH7
    cdef int counts[13]
    cdef int64_t* values = <int64_t*>malloc(8192 * sizeof(int64_t))
    cdef int n = 0, i, card, category
    cdef uint32_t mask
    memset(counts, 0, sizeof(counts))
    # every five-card hand class: non-flush rank multisets and five-card flushes
    collect_multisets(counts, 0, 5, 5, values, &n, NULL, KEY5, False)
    for mask in range(8192):
        if popcount13(mask) == 5:
            values[n] = flush_value(mask)
            n += 1
    if n != 7462:
        raise RuntimeError(f"expected 7462 hand classes, built {n}")
    qsort(values, n, sizeof(int64_t), cmp_int64)
    for i in range(n):
        VALUES[i] = values[i]
    free(values)
    # strengths of each category start where its values start
    category = 0
    for i in range(n):
        while VALUES[i] >= (category) * <int64_t>VALUE_CATEGORY and category <= 9:
            CATEGORY_START[category] = i
            category += 1
    CATEGORY_START[10] = 7462
    for category in range(10):
        for i in range(CATEGORY_START[category], CATEGORY_START[category + 1]):
            CATEGORY_OF[i] = category

    NONFLUSH5 = <uint16_t*>calloc(MAX5 + 1, sizeof(uint16_t))
    if NONFLUSH5 == NULL:
        raise MemoryError()
    collect_multisets(counts, 0, 5, 5, NULL, NULL, NONFLUSH5, KEY5, True)
    for mask in range(8192):
        FLUSH_BEST[mask] = strength_of_value(flush_value(mask)) if popcount13(mask) >= 5 else 0
    for card in range(N_CARDS):
        CARD_KEY5[card] = KEY5[card_rank(card)]
        CARD_BIT[card] = (<uint32_t>1) << card_rank(card)
        CARD_PACKED7[card] = KEY7[card_rank(card)] | (<uint64_t>1 << (32 + 4 * card_suit(card)))
        CARD_SUIT_MASKS[card] = (<uint64_t>1) << (13 * card_suit(card) + card_rank(card))


build_tables()


cdef void build_larger_tables() noexcept nogil:
    """The six- and seven-card tables (30 MB, about 15 ms): built on first use, since most
    commands evaluate five cards only and start-up time counts for them."""
    global NONFLUSH6, NONFLUSH7
    cdef int counts[13]
    cdef uint16_t* six = <uint16_t*>calloc(MAX6 + 1, sizeof(uint16_t))
    cdef uint16_t* seven = <uint16_t*>calloc(MAX7 + 1, sizeof(uint16_t))
    if six == NULL or seven == NULL:
        abort()
    memset(counts, 0, sizeof(counts))
    collect_multisets(counts, 0, 6, 6, NULL, NULL, six, KEY7, True)
    collect_multisets(counts, 0, 7, 7, NULL, NULL, seven, KEY7, True)
    NONFLUSH6 = six
    NONFLUSH7 = seven


cdef inline uint16_t* larger_table(int n) noexcept nogil:
    if NONFLUSH7 == NULL:
        build_larger_tables()
    return NONFLUSH6 if n == 6 else NONFLUSH7


# --- the evaluators -----------------------------------------------------------------

cdef uint16_t strength5(int a, int b, int c, int d, int e) noexcept nogil:
    if ((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3 == 0:
        return FLUSH_BEST[CARD_BIT[a] | CARD_BIT[b] | CARD_BIT[c] | CARD_BIT[d] | CARD_BIT[e]]
    return NONFLUSH5[CARD_KEY5[a] + CARD_KEY5[b] + CARD_KEY5[c] + CARD_KEY5[d] + CARD_KEY5[e]]


cdef inline uint32_t flush_over(uint64_t packed) noexcept nogil:
    """0, or the top bit of the suit with five or more cards in a sum of CARD_PACKED7: a nibble
    reaching 5 sets its top bit once 3 is added; of 6 or 7 cards at most one suit can, so the
    result is 0 or one of 0x8, 0x80, 0x800, 0x8000."""
    return ((<uint32_t>(packed >> 32)) + 0x3333) & 0x8888


cdef inline uint16_t flush_strength(uint32_t over, uint64_t masks) noexcept nogil:
    """The flush's strength, from flush_over's bit and the hand's CARD_SUIT_MASKS or-ed."""
    cdef int suit = (over > 0x8) + (over > 0x88) + (over > 0x888)
    return FLUSH_BEST[(masks >> (13 * suit)) & 0x1FFF]


cdef inline uint16_t strength_packed(const uint8_t* cards, int n, uint16_t* nonflush) noexcept nogil:
    cdef uint64_t packed = 0, masks = 0
    cdef int i
    cdef uint32_t over
    for i in range(n):
        packed += CARD_PACKED7[cards[i]]
    over = flush_over(packed)
    if over:
        # the flush suit's rank mask, without a branch per card (those mispredicted often
        # enough to cost about a fifth of the seven-card time, bench/evaluators.py)
        for i in range(n):
            masks |= CARD_SUIT_MASKS[cards[i]]
        return flush_strength(over, masks)
    return nonflush[<uint32_t>packed]


cdef uint16_t strength6(const uint8_t* cards) noexcept nogil:
    return strength_packed(cards, 6, larger_table(6))


cdef uint16_t strength7(const uint8_t* cards) noexcept nogil:
    return strength_packed(cards, 7, larger_table(7))


cdef void strengths7_with(const uint8_t* six, const uint8_t* cards, int n, uint16_t* out) noexcept nogil:
    """out[i]: the seven-card strength of ``six`` and cards[i].  The six cards' sums are made once,
    so each hand costs one add and one lookup (a dealer's one unseen hole card against a board)."""
    cdef uint64_t packed6 = 0, masks6 = 0, packed
    cdef uint16_t* nonflush = larger_table(7)
    cdef uint32_t over
    cdef int i
    for i in range(6):
        packed6 += CARD_PACKED7[six[i]]
        masks6 |= CARD_SUIT_MASKS[six[i]]
    for i in range(n):
        packed = packed6 + CARD_PACKED7[cards[i]]
        over = flush_over(packed)
        if over:
            out[i] = flush_strength(over, masks6 | CARD_SUIT_MASKS[cards[i]])
        else:
            out[i] = nonflush[<uint32_t>packed]


cdef uint16_t strength_best(const uint8_t* cards, int n) noexcept nogil:
    if n == 5:
        return strength5(cards[0], cards[1], cards[2], cards[3], cards[4])
    if n == 6:
        return strength6(cards)
    return strength7(cards)


cdef int category_of(uint16_t strength) noexcept nogil:
    # a table, not a search down the starts: most hands are weak, so a search takes nine steps
    return CATEGORY_OF[strength]


# --- Python facade (typed wrappers live in oddscalc/evaluate.py) --------------------

def strength(cards):
    """Strength 0..7461 of the best five of 5, 6 or 7 distinct card codes."""
    cdef uint8_t buf[7]
    cdef uint8_t seen[N_CARDS]
    cdef int n = len(cards), i
    if n < 5 or n > 7:
        raise ValueError(f"expected 5, 6 or 7 cards, got {n}")
    memset(seen, 0, sizeof(seen))
    mark_cards(cards, seen)
    for i in range(n):
        buf[i] = cards[i]
    return strength_best(buf, n)


def category(int strength):
    """Category number 0 (high card) .. 9 (royal flush) of a strength."""
    if strength < 0 or strength >= 7462:
        raise ValueError(f"strength out of range: {strength}")
    return category_of(strength)


def category_starts():
    """First strength of every category, then 7462."""
    return [CATEGORY_START[i] for i in range(11)]


def evaluate_batch(const uint8_t[:, ::1] hands, uint16_t[::1] out):
    """Strength of every row of a (rows, 5|6|7) card array, written to out; no Python per hand."""
    cdef Py_ssize_t rows = hands.shape[0], i
    cdef int n = hands.shape[1]
    if out.shape[0] < rows:
        raise ValueError("output array is shorter than the batch")
    if n < 5 or n > 7:
        raise ValueError(f"expected 5, 6 or 7 cards per hand, got {n}")
    if largest_code(hands) >= N_CARDS:
        raise ValueError("a card code is not 0..51")
    i = repeated_row(hands)
    if i >= 0:
        raise ValueError(f"hand {i} holds a card twice")
    with nogil:
        if n == 5:
            for i in range(rows):
                out[i] = strength5(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4])
        elif n == 6:
            for i in range(rows):
                out[i] = strength6(&hands[i, 0])
        else:
            for i in range(rows):
                out[i] = strength7(&hands[i, 0])


cdef Py_ssize_t repeated_row(const uint8_t[:, ::1] hands) noexcept nogil:
    """The first row that holds a card twice, or -1 (the codes are known to be below 52)."""
    cdef Py_ssize_t i
    cdef int j, n = hands.shape[1]
    cdef uint64_t seen, bit
    for i in range(hands.shape[0]):
        seen = 0
        for j in range(n):
            bit = (<uint64_t>1) << hands[i, j]
            if seen & bit:
                return i
            seen |= bit
    return -1


cdef int largest_code(const uint8_t[:, ::1] hands) noexcept nogil:
    """The largest card code of a batch: one flat pass over the contiguous rows, which the
    compiler vectorizes (indexing the 2-D view per card cost as much as the evaluation itself)."""
    cdef Py_ssize_t k, size = hands.shape[0] * hands.shape[1]
    cdef uint8_t top = 0
    cdef const uint8_t* flat
    if size == 0:
        return 0
    flat = &hands[0, 0]
    for k in range(size):
        top = flat[k] if flat[k] > top else top
    return top


def rank_keys():
    """The KEY5 and KEY7 rank keys (for the uniqueness test)."""
    return [KEY5[i] for i in range(13)], [KEY7[i] for i in range(13)]


def strength_examples():
    """One five-card hand of every strength 0..7461 (index = strength), as a tuple of card tuples:
    each rank multiset, ranks ascending, dealt in mixed suits (the i-th card in suit i mod 4, so
    no two copies of a rank share a suit and no hand is a flush), and each set of five ranks in
    suit 0.  Each strength is reached exactly once.  One call instead of 12,000 evaluations from
    Python: the hand classes are evaluated on these hands at the start of most commands."""
    cdef uint8_t[7462][5] hands
    cdef bint[7462] found
    cdef int a, b, c, d, e, n = 0
    cdef uint16_t s
    memset(found, 0, sizeof(found))
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        if a == e:                  # five of a rank
                            continue
                        s = strength5(4 * a, 4 * b + 1, 4 * c + 2, 4 * d + 3, 4 * e)
                        hands[s][0], hands[s][1], hands[s][2], hands[s][3], hands[s][4] = \
                            4 * a, 4 * b + 1, 4 * c + 2, 4 * d + 3, 4 * e
                        n += not found[s]
                        found[s] = True
                        if a < b < c < d < e:
                            s = strength5(4 * a, 4 * b, 4 * c, 4 * d, 4 * e)
                            hands[s][0], hands[s][1], hands[s][2], hands[s][3], hands[s][4] = \
                                4 * a, 4 * b, 4 * c, 4 * d, 4 * e
                            n += not found[s]
                            found[s] = True
    if n != 7462:
        raise RuntimeError(f"expected an example of each of 7462 strengths, found {n}")
    return tuple([(hands[s][0], hands[s][1], hands[s][2], hands[s][3], hands[s][4]) for s in range(7462)])


cdef int64_t[5] SUIT_WAYS = [1, 4, 6, 4, 1]      # C(4, k): the suits k cards of one rank can have


cdef void six_card_multisets(int* counts, int rank, int left, int64_t* out, uint16_t* six) noexcept nogil:
    """Full deck, six cards: every rank multiset adds its sets that hold no five of a suit."""
    cdef int r, distinct = 0
    cdef int64_t ways = 1
    cdef uint32_t key = 0
    if rank == N_RANKS:
        if left:
            return
        for r in range(N_RANKS):
            key += counts[r] * KEY7[r]
            ways *= SUIT_WAYS[counts[r]]
            distinct += counts[r] > 0
        # five or six of one suit: six distinct ranks 4 + 6 * 3 * 4 ways, a pair and four 3 * 4
        out[six[key]] += ways - (76 if distinct == 6 else 12 if distinct == 5 else 0)
        return
    for r in range(0, (4 if left > 4 else left) + 1):
        counts[rank] = r
        six_card_multisets(counts, rank + 1, left - r, out, six)
    counts[rank] = 0


cdef void six_card_census(int64_t* out) noexcept nogil:
    """Six-card sets of the full deck by best-five strength, without visiting the 20,358,520 sets:
    a set with five or six cards of a suit is a flush (or straight flush) of those suited cards,
    any other set is worth its rank multiset."""
    cdef int counts[13]
    cdef uint32_t mask
    memset(counts, 0, sizeof(counts))
    six_card_multisets(counts, 0, 6, out, larger_table(6))
    for mask in range(8192):
        if popcount13(mask) == 6:
            out[FLUSH_BEST[mask]] += 4            # six suited cards: a suit
        elif popcount13(mask) == 5:
            out[FLUSH_BEST[mask]] += 4 * 39       # five suited cards: a suit, and any card of another


def strength_census(int n, deck, bint visit_every_set=False):
    """How many n-card sets of ``deck`` (n = 5, 6 or 7) have each best-five strength: 7462 counts.

    Six cards of the full deck are counted by rank multiset (see six_card_census); any other deck,
    and seven cards, by visiting every set in lexicographic order, keeping the sums of packed keys
    and suit masks over each prefix, so a set costs about one addition and one table read
    (``visit_every_set``: six cards of the full deck too, which the tests compare with the
    multiset count).  C(52, 7) = 133,784,560 sets take about half a second.
    """
    cdef uint8_t seen[N_CARDS]
    cdef uint8_t d[N_CARDS]
    cdef int m = len(deck), i, suit, changed = 0
    cdef int idx[7]
    cdef int64_t* counts
    cdef uint64_t sums[8]
    cdef uint64_t masks[8]
    cdef uint32_t over
    cdef uint16_t* nonflush
    if n < 5 or n > 7:
        raise ValueError(f"a census of {n}-card sets is not provided (5, 6 or 7)")
    memset(seen, 0, sizeof(seen))
    mark_cards(deck, seen)
    if m < n:
        raise ValueError(f"a deck of {m} cards has no {n}-card set")
    cards = sorted(deck)
    for i in range(m):
        d[i] = cards[i]
    counts = <int64_t*>calloc(7462, sizeof(int64_t))
    if counts == NULL:
        raise MemoryError()
    for i in range(n):
        idx[i] = i
    sums[0], masks[0] = 0, 0
    with nogil:
        if n == 6 and m == N_CARDS and not visit_every_set:
            six_card_census(counts)
        elif n == 5:
            while changed >= 0:
                counts[strength5(d[idx[0]], d[idx[1]], d[idx[2]], d[idx[3]], d[idx[4]])] += 1
                changed = next_combination(idx, n, m)
        else:
            nonflush = larger_table(n)
            while changed >= 0:
                # the sums over the positions before the first that changed still hold
                for i in range(changed, n):
                    sums[i + 1] = sums[i] + CARD_PACKED7[d[idx[i]]]
                    masks[i + 1] = masks[i] | CARD_SUIT_MASKS[d[idx[i]]]
                over = ((<uint32_t>(sums[n] >> 32)) + 0x3333) & 0x8888
                if over:
                    suit = (over > 0x8) + (over > 0x88) + (over > 0x888)
                    counts[FLUSH_BEST[(masks[n] >> (13 * suit)) & 0x1FFF]] += 1
                else:
                    counts[nonflush[<uint32_t>sums[n]]] += 1
                changed = next_combination(idx, n, m)
    out = [counts[i] for i in range(7462)]
    free(counts)
    return out
