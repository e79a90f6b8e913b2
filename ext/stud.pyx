# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Caribbean Stud counts: for every (player hand, dealer upcard) class, how many of the
163,185 dealer completions do not qualify, lose to the player, or tie.  No paytable here.

Why it is fast:
- Suit symmetry: the upcard's suit is fixed to clubs and the player's cards in the other
  three suits are taken up to permutation of those suits, so the 2,598,960 x 47 situations
  become 5,649,150 classes, each with a weight (the number of situations it stands for).
- Card removal by inclusion-exclusion: the dealer hands that avoid the player's five cards
  are all dealer hands, minus those holding one of the player's cards, plus those holding
  two, and so on.  For each subset S of the deck (up to three cards) the strengths of the
  dealer hands containing S are kept sorted; classes are visited in order of strength, so
  "how many are weaker than the player" is a pointer that only moves forward.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset
from cython.parallel cimport prange

from oddscalc._native.cards cimport (N_RANKS, N_CARDS, choose, make_card, card_rank, mark_cards, next_colex,
                                     next_combination)
from oddscalc._native.eval5 cimport strength5, category_of, N_STRENGTHS
from oddscalc._native.colex cimport BINOM

cdef enum:
    DECK = 51              # cards other than the upcard
    N_QUADS = 249900       # C(51, 4) dealer completions before removing the player's cards
    N_PAIRS = 1275         # C(51, 2)
    N_TRIPLES = 20825      # C(51, 3)
    LEN1 = 19600           # C(50, 3): completions holding a given card
    LEN2 = 1176            # C(49, 2): ... a given pair
    LEN3 = 48              # ... a given triple
    COMPLETIONS = 163185   # C(46, 4): completions that avoid the player's five cards
    N_PAYOUT_CLASSES = 11  # below ace-king, ace-king, pair .. royal flush


# The weakest ace-king high hand: A K 4 3 2 of mixed suits.
cdef uint16_t ACE_KING = strength5(48, 45, 8, 4, 0)


cdef int payout_class(uint16_t strength) noexcept nogil:
    """0: below ace-king, 1: ace-king, 2 + category - 1 for pair and better (royal = 10)."""
    cdef int category = category_of(strength)
    if category > 0:
        return category + 1
    return 1 if strength >= ACE_KING else 0


def payout_class_of(int strength):
    """Payout class (0 below ace-king, 1 ace-king, 2 pair .. 10 royal flush) of a strength."""
    return payout_class(strength)


cdef class StudClasses:
    """Every (player hand, upcard) class with its weight and dealer-completion counts."""
    cdef readonly Py_ssize_t n
    cdef uint8_t* cards        # 5 card codes per class, ascending
    cdef uint8_t* upcard
    cdef uint8_t* weight       # situations per class, upcard suit fixed (x 4 for all suits)
    cdef uint16_t* strength
    cdef int32_t* not_qualify
    cdef int32_t* wins
    cdef int32_t* ties
    cdef readonly int qualify_strength

    def __dealloc__(self):
        free(self.cards)
        free(self.upcard)
        free(self.weight)
        free(self.strength)
        free(self.not_qualify)
        free(self.wins)
        free(self.ties)

    def columns(self):
        """The classes as the solver's one-stage case takes them (ext/solver.pyx): each class's
        strength, its dealer completions that do not qualify, that the player beats and that tie (the
        rest beat him: COMPLETIONS less those), as int32 columns.  (No weights: ``aggregate``
        sums the classes.)"""
        cdef Py_ssize_t k
        made = [memoryview(bytearray(4 * self.n)).cast("i") for _ in range(4)]
        cdef int32_t[::1] strength = made[0], nq = made[1], wins = made[2], ties = made[3]
        with nogil:
            for k in range(self.n):
                strength[k] = self.strength[k]
                nq[k] = self.not_qualify[k]
                wins[k] = self.wins[k]
                ties[k] = self.ties[k]
        return tuple(made)

    cdef void _class_map(self, class_map, int n_pays, uint8_t* classes) except *:
        """The pay class of every strength: ``class_map`` checked, or the payout classes."""
        cdef int s
        cdef const uint8_t[::1] view
        if n_pays < 1 or n_pays > 256:
            raise ValueError("between 1 and 256 pay classes")
        if class_map is None:
            if n_pays < N_PAYOUT_CLASSES:
                raise ValueError(f"{N_PAYOUT_CLASSES} payout classes are needed")
            for s in range(N_STRENGTHS):
                classes[s] = payout_class(s)
            return
        view = bytes(class_map)
        if view.shape[0] != N_STRENGTHS:
            raise ValueError("a pay class per strength (7462 bytes) is needed")
        for s in range(N_STRENGTHS):
            if view[s] >= n_pays:
                raise ValueError("a strength's pay class is out of range")
            classes[s] = view[s]

    def decide_threshold(self, int min_strength):
        """1 where the player's strength is at least ``min_strength`` (a simple strategy)."""
        cdef bytearray decisions = bytearray(self.n)
        cdef uint8_t* out = decisions
        cdef Py_ssize_t k
        for k in range(self.n):
            out[k] = self.strength[k] >= min_strength
        return decisions

    def decide_table(self, const uint8_t[::1] table):
        """The decision of every class read from a table of 13 x 7462 bytes indexed
        ``upcard rank * 7462 + strength`` (a strategy written as rules of the hand and upcard)."""
        cdef bytearray decisions = bytearray(self.n)
        cdef uint8_t* out = decisions
        cdef Py_ssize_t k
        if table.shape[0] != 13 * N_STRENGTHS:
            raise ValueError("a decision table of 13 x 7462 bytes is needed")
        with nogil:
            for k in range(self.n):
                out[k] = table[card_rank(self.upcard[k]) * N_STRENGTHS + self.strength[k]] != 0
        return decisions

    def aggregate(self, const uint8_t[::1] calls, class_map=None, int n_classes=N_PAYOUT_CLASSES):
        """Per pay class (``class_map[strength]``, default the payout class): (called situations,
        not-qualify, wins, ties, losses, folded situations), each a count over all 47 x 2,598,960
        situations (dealer counts are completions)."""
        cdef uint8_t classes[N_STRENGTHS]
        cdef int64_t (*sums)[6]
        cdef Py_ssize_t k
        cdef int c, w
        self._class_map(class_map, n_classes, classes)
        if calls.shape[0] != self.n:
            raise ValueError("one decision per class is needed")
        sums = <int64_t (*)[6]>calloc(n_classes, sizeof(int64_t[6]))
        if sums == NULL:
            raise MemoryError()
        with nogil:
            for k in range(self.n):
                c = classes[self.strength[k]]
                w = 4 * self.weight[k]
                if calls[k]:
                    sums[c][0] += w
                    sums[c][1] += w * <int64_t>self.not_qualify[k]
                    sums[c][2] += w * <int64_t>self.wins[k]
                    sums[c][3] += w * <int64_t>self.ties[k]
                    sums[c][4] += w * <int64_t>(COMPLETIONS - self.not_qualify[k] - self.wins[k] - self.ties[k])
                else:
                    sums[c][5] += w
        out = [tuple(sums[c][i] for i in range(6)) for c in range(n_classes)]
        free(sums)
        return out

    def tally(self, const uint8_t[::1] calls):
        """Situations called and folded per (payout class, kicker, upcard rank), over all
        47 x 2,598,960 situations.  The kicker tells ace-king hands apart (what decides them): 2 x the
        rank of the third-highest card, plus 1 when the upcard pairs one of the player's cards; it is
        0 for other hands.  A list of (payout class, kicker, upcard rank, called, folded), one per key
        that has situations, for strategy charts."""
        cdef int64_t sums[N_PAYOUT_CLASSES][26][13][2]
        cdef Py_ssize_t k
        cdef int c, kicker, up, a, b, j
        memset(sums, 0, sizeof(sums))
        if calls.shape[0] != self.n:
            raise ValueError("one decision per class is needed")
        with nogil:
            for k in range(self.n):
                c = payout_class(self.strength[k])
                up = self.upcard[k] >> 2
                kicker = 0
                if c == 1:
                    kicker = 2 * (self.cards[5 * k + 2] >> 2)        # cards ascend: A, K, then it
                    for j in range(5):
                        if self.cards[5 * k + j] >> 2 == up:
                            kicker += 1
                            break
                sums[c][kicker][up][0 if calls[k] else 1] += 4 * self.weight[k]
        return [(c, a, b, sums[c][a][b][0], sums[c][a][b][1])
                for c in range(N_PAYOUT_CLASSES) for a in range(26) for b in range(13)
                if sums[c][a][b][0] or sums[c][a][b][1]]

    def spread_decisions(self, bytearray table, const uint8_t[::1] calls, int payout):
        """Write the decision of every class of one payout class into ``table`` (2,598,960 x 52
        bytes) at ``hand_index * 52 + upcard``, for each of the class's suit images."""
        cdef uint8_t* out = table
        cdef int perms[24][4]
        cdef int n = 0, a, b, c, d, p, j
        cdef uint8_t x[5]
        cdef Py_ssize_t k
        if len(table) != 2598960 * 52 or calls.shape[0] != self.n:
            raise ValueError("a table of 2,598,960 x 52 bytes and one decision per class are needed")
        for a in range(4):
            for b in range(4):
                for c in range(4):
                    for d in range(4):
                        if a != b and a != c and a != d and b != c and b != d and c != d:
                            perms[n][0] = a
                            perms[n][1] = b
                            perms[n][2] = c
                            perms[n][3] = d
                            n += 1
        with nogil:
            for k in range(self.n):
                if payout_class(self.strength[k]) != payout:
                    continue
                for p in range(24):
                    for j in range(5):
                        x[j] = (self.cards[5 * k + j] & ~3) | perms[p][self.cards[5 * k + j] & 3]
                    out[<Py_ssize_t>hand_index(x) * 52
                        + ((self.upcard[k] & ~3) | perms[p][self.upcard[k] & 3])] = calls[k]

    def rows(self, int payout, const uint8_t[::1] calls):
        """(cards, upcard, situations, strength, not-qualify, wins, ties, called) of the classes
        in one payout class, for strategy tables."""
        out = []
        cdef Py_ssize_t k
        for k in range(self.n):
            if payout_class(self.strength[k]) == payout:
                out.append((tuple(self.cards[5 * k + i] for i in range(5)), self.upcard[k],
                            4 * self.weight[k], self.strength[k], self.not_qualify[k],
                            self.wins[k], self.ties[k], bool(calls[k])))
        return out

    def counts(self, Py_ssize_t k):
        """(cards, upcard, situations, not-qualify, wins, ties, losses) of class k."""
        if k < 0 or k >= self.n:
            raise IndexError(k)
        return (tuple(self.cards[5 * k + i] for i in range(5)), self.upcard[k], 4 * self.weight[k],
                self.not_qualify[k], self.wins[k], self.ties[k],
                COMPLETIONS - self.not_qualify[k] - self.wins[k] - self.ties[k])


cdef int masks_by_popcount(int32_t* masks, int32_t* starts):
    """All 13-bit rank masks grouped by popcount 0..5, ascending within a group."""
    cdef int n = 0, k, mask, bits, m
    for k in range(6):
        starts[k] = n
        for mask in range(8192):
            bits = 0
            m = mask
            while m:
                m &= m - 1
                bits += 1
            if bits == k:
                masks[n] = mask
                n += 1
    starts[6] = n
    return n


cdef Py_ssize_t enumerate_classes(int up_rank, const int32_t* masks, const int32_t* starts,
                                  uint8_t* cards, uint8_t* weights, bint store) noexcept nogil:
    """Visit the player-hand classes for an upcard of rank up_rank (suit 0); store when asked."""
    cdef Py_ssize_t n = 0
    cdef int k0, k1, k2, k3, i0, i1, i2, i3, left, rank, suit, j, w
    cdef int32_t m0, m1, m2, m3
    cdef int32_t suit_masks[4]
    for k0 in range(6):
        for i0 in range(starts[k0], starts[k0 + 1]):
            m0 = masks[i0]
            if (m0 >> up_rank) & 1:
                continue
            left = 5 - k0
            for k1 in range(left + 1):
                for i1 in range(starts[k1], starts[k1 + 1]):
                    m1 = masks[i1]
                    for k2 in range(left - k1 + 1):
                        k3 = left - k1 - k2
                        for i2 in range(starts[k2], starts[k2 + 1]):
                            m2 = masks[i2]
                            if m2 > m1:
                                break
                            for i3 in range(starts[k3], starts[k3 + 1]):
                                m3 = masks[i3]
                                if m3 > m2:
                                    break
                                if store:
                                    suit_masks[0] = m0
                                    suit_masks[1] = m1
                                    suit_masks[2] = m2
                                    suit_masks[3] = m3
                                    j = 0
                                    for rank in range(N_RANKS):
                                        for suit in range(4):
                                            if (suit_masks[suit] >> rank) & 1:
                                                cards[5 * n + j] = make_card(rank, suit)
                                                j += 1
                                    if m1 == m2 and m2 == m3:
                                        w = 1
                                    elif m1 == m2 or m2 == m3:
                                        w = 3
                                    else:
                                        w = 6
                                    weights[n] = w
                                n += 1
    return n


cdef struct ClassArrays:
    # the result arrays of StudClasses, as plain pointers for the nogil workers
    uint8_t* cards
    uint8_t* upcard
    uint8_t* weight
    uint16_t* strength
    int32_t* not_qualify
    int32_t* wins
    int32_t* ties
    int qualify


cdef int32_t[3] LEVEL_SUBSETS = [DECK, N_PAIRS, N_TRIPLES]
cdef int32_t[3] LEVEL_LENGTH = [LEN1, LEN2, LEN3]


cdef struct Scratch:
    # one worker's buffers for one upcard rank (about 9 MB, one allocation)
    char* block
    uint16_t* dealer
    uint32_t* quad_cards
    int32_t* order
    int32_t* bucket
    uint16_t* list0
    Level level[3]
    int32_t* class_order


cdef bint scratch_alloc(Scratch* w, Py_ssize_t classes) noexcept nogil:
    """Carve the worker's buffers out of one allocation (4-byte arrays first, then 2-byte ones)."""
    cdef Py_ssize_t words = (2 * N_QUADS + (N_STRENGTHS + 1) + 4 * DECK + 4 * N_PAIRS + 4 * N_TRIPLES
                             + classes)
    cdef Py_ssize_t halves = (N_QUADS + 1) + DECK * (LEN1 + 1) + N_PAIRS * (LEN2 + 1) + N_TRIPLES * (LEN3 + 1) \
        + N_QUADS
    cdef char* block = <char*>malloc(4 * words + 2 * halves)
    cdef int32_t* next4 = <int32_t*>block
    cdef uint16_t* next2 = <uint16_t*>(block + 4 * words)
    cdef int k
    w.block = block
    if block == NULL:
        return False
    w.quad_cards = <uint32_t*>next4
    next4 += N_QUADS
    w.order = next4
    next4 += N_QUADS
    w.bucket = next4
    next4 += N_STRENGTHS + 1
    for k in range(3):
        w.level[k].n = LEVEL_SUBSETS[k]
        w.level[k].length = LEVEL_LENGTH[k]
        w.level[k].stride = 1
        w.level[k].fill = next4
        next4 += LEVEL_SUBSETS[k]
        w.level[k].nq = next4
        next4 += LEVEL_SUBSETS[k]
        w.level[k].lt = next4
        next4 += LEVEL_SUBSETS[k]
        w.level[k].le = next4
        next4 += LEVEL_SUBSETS[k]
    w.class_order = next4
    w.dealer = next2
    next2 += N_QUADS
    w.list0 = next2
    next2 += N_QUADS + 1
    for k in range(3):
        w.level[k].list = next2
        next2 += LEVEL_SUBSETS[k] * (LEVEL_LENGTH[k] + 1)
    return True


cdef int64_t enumerate_completions(const int* seen, int n_seen, const uint8_t* others, int n_others,
                                   uint16_t* strength, uint32_t* positions) noexcept nogil:
    """Every completion of a dealer hand of which n_seen cards are seen (1 to 4) by 5 - n_seen of
    the others, in colex order: its strength, and its positions in others (8 bits each, the
    lowest first).  Returns how many."""
    cdef int need = 5 - n_seen, i
    cdef int idx[4]
    cdef int cards[5]
    cdef int64_t total = choose(n_others, need), k
    for i in range(n_seen):
        cards[i] = seen[i]
    for i in range(need):
        idx[i] = i
    for k in range(total):
        positions[k] = 0
        for i in range(need):
            cards[n_seen + i] = others[idx[i]]
            positions[k] |= (<uint32_t>idx[i]) << (8 * i)
        strength[k] = strength5(cards[0], cards[1], cards[2], cards[3], cards[4])
        next_colex(idx, need)
    return total


cdef int read_pays(pay_numerators, pay_denominators, int n, int64_t* num, int64_t* den) except -1:
    cdef int c
    if len(pay_numerators) != n or len(pay_denominators) != n:
        raise ValueError(f"one numerator and one denominator for each of the {n} pay classes are needed")
    for c in range(n):
        num[c] = pay_numerators[c]
        den[c] = pay_denominators[c]
        if num[c] < 0 or den[c] <= 0:
            raise ValueError("pays must be non-negative fractions")
    return 0


cdef void order_by_strength(uint16_t* strength, int64_t n, int32_t* bucket, int32_t* order) noexcept nogil:
    cdef int64_t i
    cdef int s
    memset(bucket, 0, (N_STRENGTHS + 1) * sizeof(int32_t))
    for i in range(n):
        bucket[strength[i] + 1] += 1
    for s in range(N_STRENGTHS):
        bucket[s + 1] += bucket[s]
    for i in range(n):
        order[bucket[strength[i]]] = <int32_t>i
        bucket[strength[i]] += 1


cdef void count_for_upcard(int up_rank, ClassArrays* result, Py_ssize_t first, Py_ssize_t last,
                           Scratch* w) noexcept nogil:
    cdef uint16_t* dealer = w.dealer
    cdef uint32_t* quad_cards = w.quad_cards
    cdef int32_t* order = w.order
    cdef int32_t* bucket = w.bucket
    cdef uint16_t* list0 = w.list0
    cdef Level one = w.level[0], two = w.level[1], three = w.level[2]
    cdef int32_t* class_order = w.class_order
    cdef int up = make_card(up_rank, 0)
    cdef uint8_t deck[DECK]
    cdef int a, b, c, d, j, card, s, q = result.qualify
    cdef int32_t idx, k, fill0 = 0, nq0 = 0, lt0, le0, t
    cdef Py_ssize_t m, kk
    cdef int x[5]
    cdef int32_t cnt_lt, cnt_le, cnt_nq
    cdef uint16_t hand
    j = 0
    for card in range(N_CARDS):
        if card != up:
            deck[j] = card
            j += 1
    # every dealer completion (four cards of the 51), in colex order
    enumerate_completions(&up, 1, deck, DECK, dealer, quad_cards)
    order_by_strength(dealer, N_QUADS, bucket, order)
    # sorted strength lists of the completions holding each card, pair and triple
    for k in range(3):
        level_open(&w.level[k])
    for k in range(N_QUADS):
        idx = order[k]
        s = dealer[idx]
        x[0] = quad_cards[idx] & 0xFF
        x[1] = (quad_cards[idx] >> 8) & 0xFF
        x[2] = (quad_cards[idx] >> 16) & 0xFF
        x[3] = quad_cards[idx] >> 24
        list0[fill0] = s
        fill0 += 1
        nq0 += s < q
        for a in range(4):
            level_push(&one, x[a], s, q)
            for b in range(a + 1, 4):
                level_push(&two, BINOM[x[b]][2] + x[a], s, q)
                for c in range(b + 1, 4):
                    level_push(&three, BINOM[x[c]][3] + BINOM[x[b]][2] + x[a], s, q)
    list0[N_QUADS] = SENTINEL
    for k in range(3):
        level_close(&w.level[k])
    lt0 = le0 = 0
    # this upcard's classes in order of strength
    order_by_strength(result.strength + first, last - first, bucket, class_order)
    for kk in range(last - first):
        m = first + class_order[kk]
        hand = result.strength[m]
        for j in range(5):
            card = result.cards[5 * m + j]
            x[j] = card - (card > up)          # position among the 51 cards
        cnt_nq = nq0
        cnt_lt = 0
        cnt_le = 0
        if hand >= q:
            cnt_lt = advance_below(list0, &lt0, hand)
            cnt_le = advance_upto(list0, &le0, hand)
        for a in range(5):
            cnt_nq -= one.nq[x[a]]
            if hand >= q:
                cnt_lt -= level_below(&one, x[a], hand)
                cnt_le -= level_upto(&one, x[a], hand)
            for b in range(a + 1, 5):
                t = BINOM[x[b]][2] + x[a]
                cnt_nq += two.nq[t]
                if hand >= q:
                    cnt_lt += level_below(&two, t, hand)
                    cnt_le += level_upto(&two, t, hand)
                for c in range(b + 1, 5):
                    t = BINOM[x[c]][3] + BINOM[x[b]][2] + x[a]
                    cnt_nq -= three.nq[t]
                    if hand >= q:
                        cnt_lt -= level_below(&three, t, hand)
                        cnt_le -= level_upto(&three, t, hand)
                    for d in range(c + 1, 5):
                        s = dealer[BINOM[x[d]][4] + BINOM[x[c]][3] + BINOM[x[b]][2] + x[a]]
                        cnt_nq += s < q
                        cnt_lt += s < hand
                        cnt_le += s <= hand
        result.not_qualify[m] = cnt_nq
        if hand >= q:
            result.wins[m] = cnt_lt - cnt_nq
            result.ties[m] = cnt_le - cnt_lt
        else:
            result.wins[m] = 0
            result.ties[m] = 0


cdef int count_rank(int r, const int32_t* masks, const int32_t* starts, ClassArrays* result,
                    Py_ssize_t first, Py_ssize_t last) noexcept nogil:
    """Classes of one upcard rank: enumerate, evaluate, count (0, or 1 if memory ran out)."""
    cdef Scratch w
    cdef Py_ssize_t m
    if not scratch_alloc(&w, last - first):
        return 1
    enumerate_classes(r, masks, starts, result.cards + 5 * first, result.weight + first, True)
    for m in range(first, last):
        result.upcard[m] = make_card(r, 0)
        result.strength[m] = strength5(result.cards[5 * m], result.cards[5 * m + 1], result.cards[5 * m + 2],
                                       result.cards[5 * m + 3], result.cards[5 * m + 4])
    count_for_upcard(r, result, first, last, &w)
    free(w.block)
    return 0


def count_classes(int qualify_strength):
    """Enumerate every class and count its dealer completions (the paytable-free kernel).

    ``qualify_strength`` is the weakest dealer hand that qualifies.  (No progress callback: the
    whole count takes about a second, and a Python call inside the parallel loop would need the
    GIL on every rank.)
    """
    cdef int32_t masks[8192]
    cdef int32_t starts[7]
    cdef Py_ssize_t total = 0
    cdef int r
    cdef Py_ssize_t per_rank[13]
    cdef StudClasses result = StudClasses()
    if not 0 <= qualify_strength < N_STRENGTHS:
        raise ValueError("qualifying strength out of range")
    result.qualify_strength = qualify_strength
    masks_by_popcount(masks, starts)
    for r in range(N_RANKS):
        per_rank[r] = enumerate_classes(r, masks, starts, NULL, NULL, False)
        total += per_rank[r]
    result.n = total
    result.cards = <uint8_t*>malloc(5 * total)
    result.upcard = <uint8_t*>malloc(total)
    result.weight = <uint8_t*>malloc(total)
    result.strength = <uint16_t*>malloc(total * sizeof(uint16_t))
    result.not_qualify = <int32_t*>malloc(total * sizeof(int32_t))
    result.wins = <int32_t*>malloc(total * sizeof(int32_t))
    result.ties = <int32_t*>malloc(total * sizeof(int32_t))
    cdef ClassArrays arrays
    arrays.cards = result.cards
    arrays.upcard = result.upcard
    arrays.weight = result.weight
    arrays.strength = result.strength
    arrays.not_qualify = result.not_qualify
    arrays.wins = result.wins
    arrays.ties = result.ties
    arrays.qualify = qualify_strength
    if arrays.cards == NULL or arrays.upcard == NULL or arrays.weight == NULL or arrays.strength == NULL \
            or arrays.not_qualify == NULL or arrays.wins == NULL or arrays.ties == NULL:
        raise MemoryError()
    cdef Py_ssize_t firsts[14]
    firsts[0] = 0
    for r in range(N_RANKS):
        firsts[r + 1] = firsts[r] + per_rank[r]
    cdef int failed = 0
    # the upcard ranks are independent: the cores take them in turn
    for r in prange(N_RANKS, nogil=True, schedule="dynamic", chunksize=1):
        failed += count_rank(r, masks, starts, &arrays, firsts[r], firsts[r + 1])
    if failed:
        raise MemoryError()
    return result


def count_completions(player, int upcard, dead, int qualify_strength):
    """Dealer completions of one situation by brute force over every four-card completion:
    (not qualify, player wins, ties, dealer wins).  Dead cards are out of the deck."""
    return situation_counts(player, (upcard,), dead, (1 << N_RANKS) - 1, qualify_strength)


def situation_counts(player, dealer, dead, int deck_mask, int qualify_strength):
    """One situation by brute force over every completion of the dealer's hand (one to five of its
    cards seen) from the cards of the deck (the ranks of ``deck_mask``) not in player, dealer or
    dead: (not qualify, player wins, ties, dealer wins)."""
    cdef uint8_t used[52]
    cdef int avail[52]
    cdef int cards[5]
    cdef int idx[5]
    cdef int64_t tally[4]
    cdef int n = 0, n_known, need, card, i, changed = 0
    cdef uint16_t hand
    if len(player) != 5:
        raise ValueError(f"a player hand is five cards, got {len(player)}")
    n_known = len(dealer)
    if not 1 <= n_known <= 5:
        raise ValueError("between one and five dealer cards are seen")
    memset(used, 0, 52)
    mark_cards(tuple(player) + tuple(dealer) + tuple(dead), used)
    for card in range(N_CARDS):
        if used[card] and not (deck_mask >> card_rank(card)) & 1:
            raise ValueError(f"card {card} is not in the deck")
        if (deck_mask >> card_rank(card)) & 1 and not used[card]:
            avail[n] = card
            n += 1
    need = 5 - n_known
    if n < need:
        raise ValueError("too few cards left to complete the dealer's hand")
    hand = strength5(player[0], player[1], player[2], player[3], player[4])
    for i in range(n_known):
        cards[i] = dealer[i]
    for i in range(need):
        idx[i] = i
    memset(tally, 0, sizeof(tally))
    with nogil:
        while changed >= 0:
            for i in range(changed, need):
                cards[n_known + i] = avail[idx[i]]
            tally[completion_outcome(strength5(cards[0], cards[1], cards[2], cards[3], cards[4]),
                                     hand, qualify_strength)] += 1
            changed = next_combination(idx, need, n) if need else -1
    return tally[0], tally[1], tally[2], tally[3]


cdef int32_t hand_index(const uint8_t* cards) noexcept nogil:
    """Colex index 0..2,598,959 of five distinct cards (any order)."""
    cdef int c[5]
    cdef int i, j, t
    for i in range(5):
        c[i] = cards[i]
    for i in range(1, 5):          # insertion sort of five
        t = c[i]
        j = i - 1
        while j >= 0 and c[j] > t:
            c[j + 1] = c[j]
            j -= 1
        c[j + 1] = t
    return BINOM[c[0]][1] + BINOM[c[1]][2] + BINOM[c[2]][3] + BINOM[c[3]][4] + BINOM[c[4]][5]


def hand_index_of(cards):
    """Colex index of five card codes, as decision_table uses it."""
    cdef uint8_t c[5]
    cdef uint8_t seen[52]
    if len(cards) != 5:
        raise ValueError(f"expected five cards, got {len(cards)}")
    memset(seen, 0, 52)
    mark_cards(cards, seen)
    for i in range(5):
        c[i] = cards[i]
    return hand_index(c)
