# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""K whole dealer cards seen (1 to 4, the upcard among them), counted by ranks: exact Caribbean Stud
with no paytable (see exposure_stud.pyx for the pays as integer fractions and the sums).

Why ranks: unless the K seen cards share one suit the dealer cannot make a flush, so every dealer
completion's strength depends on its ranks only, and the player's five cards change the counts
only through how many of each rank they take.  The situations then fall into groups that share
every count: (the seen cards' rank multiset M, the hand's rank multiset R, whether the hand is a
flush), and each group is decided once for all its situations.  When the K cards share a suit S
(M has K distinct ranks), which of the hand's ranks it holds in S (a set T) also matters: those S
cards no longer complete a dealer flush.  The number of situations of a group is a product of
binomials; the hands that are flushes are counted per suit.

``seen_multisets(deck_mask, k)`` lists the rank multisets M (the unit of work, in a fixed order)
and ``seen_counts`` counts a slice of them, on every core (prange), so a caller can split the work
into chunks anywhere (here, worker processes, a Dask cluster): the chunks' integers sum to the
whole's.  Each M gives (M, sums) with sums[c] = (called deals, not-qualify, wins, ties, losses,
folded deals) for the player's payout class c.  A deal is (hand, the K seen cards, the dealer's
5 - K others), K counted from the seen cards as a set.
"""
from libc.stdint cimport uint8_t, uint16_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from cython.parallel cimport prange

from oddscalc._native.cards cimport N_RANKS, make_card, choose
from oddscalc._native.eval5 cimport N_STRENGTHS, strength5
from oddscalc._native.exposure_stud cimport N_PAYOUT_CLASSES, N_SUMS, call_beats_fold, check_deck, settle
from oddscalc._native.stud cimport payout_class, read_pays


cdef enum:
    MAX_MULTISETS = 6175   # five-card rank multisets (at most four of a rank); fewer for smaller sizes
    MAX_PARTS = 5          # distinct ranks of a multiset of at most five


cdef struct Multiset:
    uint8_t n_parts                 # distinct ranks
    uint8_t rank[MAX_PARTS]         # each distinct rank ...
    uint8_t count[MAX_PARTS]        # ... and how many of it
    uint16_t mask                   # the ranks as a 13-bit mask
    uint8_t size


cdef int multisets_of(int size, int deck_mask, Multiset* out) noexcept nogil:
    """Every multiset of ``size`` ranks of the deck, at most four of a rank, in a fixed order
    (ascending positions in the nested loops); how many."""
    cdef int idx[5]
    cdef int n = 0, i, j, top, depth
    cdef int c[N_RANKS]
    if size == 0:
        out[0].n_parts = 0
        out[0].mask = 0
        out[0].size = 0
        return 1
    for i in range(size):
        idx[i] = 0
    while True:
        # idx is non-decreasing: a multiset of ranks 0..12
        for i in range(N_RANKS):
            c[i] = 0
        for i in range(size):
            c[idx[i]] += 1
        top = 1
        for i in range(N_RANKS):
            if c[i] > 4 or (c[i] and not (deck_mask >> i) & 1):
                top = 0
        if top:
            out[n].n_parts = 0
            out[n].mask = 0
            out[n].size = size
            for i in range(N_RANKS):
                if c[i]:
                    j = out[n].n_parts
                    out[n].rank[j] = i
                    out[n].count[j] = c[i]
                    out[n].n_parts += 1
                    out[n].mask |= 1 << i
            n += 1
        depth = size - 1
        while depth >= 0 and idx[depth] == N_RANKS - 1:
            depth -= 1
        if depth < 0:
            return n
        idx[depth] += 1
        for j in range(depth + 1, size):
            idx[j] = idx[depth]


cdef uint16_t rank_strength(const Multiset* a, const Multiset* b, bint flush) noexcept nogil:
    """The strength of the five cards with the ranks of a and b together: all in one suit when
    flush, else with suits that make no flush (the copies of a rank in suits 0, 1, ..., and when
    the five ranks differ the last card in suit 1)."""
    cdef int cards[5]
    cdef int copies[N_RANKS]
    cdef int n = 0, i, r
    for r in range(N_RANKS):
        copies[r] = 0
    for i in range(a.n_parts):
        for _ in range(a.count[i]):
            cards[n] = make_card(a.rank[i], 0 if flush else copies[a.rank[i]])
            copies[a.rank[i]] += 1
            n += 1
    for i in range(b.n_parts):
        for _ in range(b.count[i]):
            cards[n] = make_card(b.rank[i], 0 if flush else copies[b.rank[i]])
            copies[b.rank[i]] += 1
            n += 1
    if not flush and a.n_parts + b.n_parts == 5 and (a.mask & b.mask) == 0:
        cards[4] += 1                   # five different ranks, all in suit 0: not a flush
    return strength5(cards[0], cards[1], cards[2], cards[3], cards[4])


cdef struct Tally:
    int64_t nq
    int64_t win
    int64_t tie
    int64_t lose


cdef inline void tally(Tally* t, uint16_t dealer, int64_t mult, uint16_t player, int q) noexcept nogil:
    if dealer < q:
        t.nq += mult
    elif dealer < player:
        t.win += mult
    elif dealer == player:
        t.tie += mult
    else:
        t.lose += mult


cdef inline void clear(Tally* t) noexcept nogil:
    t.nq = 0
    t.win = 0
    t.tie = 0
    t.lose = 0


cdef struct Shared:
    const Multiset* hands          # every rank multiset of five (the player's)
    int n_hands
    const Multiset* rests          # every rank multiset of the dealer's 5 - K unseen cards
    int n_rests
    int deck_mask
    int deck_size
    int k
    int q
    const int64_t* num
    const int64_t* den
    int m


cdef inline void decide(int64_t* out, const Shared* sh, uint16_t player, int64_t weight, int64_t tot,
                        const Tally* t) noexcept nogil:
    """Add ``weight`` situations of one group, decided once, to the sums of the hand's class."""
    cdef int cls
    if weight <= 0:
        return
    cls = payout_class(player)
    settle(out + cls * N_SUMS, call_beats_fold(tot, t.nq, t.win, t.lose, sh.num[cls], sh.den[cls], sh.m),
           weight, tot, t.nq, t.win, t.tie, t.lose)


cdef int count_multiset(const Shared* sh, const Multiset* seen, int64_t* out, int64_t* groups) noexcept nogil:
    """Every situation whose K seen cards have the ranks of ``seen``, decided and added to
    out[class * N_SUMS ...]; 0, or 1 if memory ran out."""
    cdef int i, j, x, r, c, u, n_u, t_mask, bit, ok
    cdef int avail[N_RANKS]
    cdef int left[N_RANKS]
    cdef int64_t binom[N_RANKS][5]
    cdef int64_t n_sets, mono_sets, w_plain, n_hand, fs, cnt_u, count_t, mult, tot, w_nf, w_f
    cdef int64_t cnt[16]
    cdef int part_of[N_RANKS]
    cdef bint mono = seen.n_parts == sh.k     # the seen cards can share a suit
    cdef bint distinct
    cdef uint16_t s_nf, s_f
    cdef int e_mask, free_mask
    cdef Tally t_nf, t_f
    cdef const Multiset* h
    cdef const Multiset* rest
    cdef uint16_t* plain = <uint16_t*>malloc(sh.n_rests * sizeof(uint16_t))
    cdef uint16_t* flush = <uint16_t*>malloc(sh.n_rests * sizeof(uint16_t))
    cdef int64_t* mults = <int64_t*>malloc(sh.n_rests * sizeof(int64_t))
    cdef uint8_t* can_flush = <uint8_t*>malloc(sh.n_rests * sizeof(uint8_t))
    if plain == NULL or flush == NULL or mults == NULL or can_flush == NULL:
        free(plain)
        free(flush)
        free(mults)
        free(can_flush)
        return 1
    for x in range(N_RANKS):
        avail[x] = 4 if (sh.deck_mask >> x) & 1 else 0
        part_of[x] = -1
    for i in range(seen.n_parts):
        avail[seen.rank[i]] -= seen.count[i]
        part_of[seen.rank[i]] = i
    # the dealer's strength with each rest of his hand, without and with a flush in the seen suit
    for j in range(sh.n_rests):
        rest = &sh.rests[j]
        plain[j] = rank_strength(seen, rest, False)
        can_flush[j] = mono and rest.n_parts == rest.size and (rest.mask & seen.mask) == 0
        flush[j] = rank_strength(seen, rest, True) if can_flush[j] else 0
    # the seen card sets with these ranks: all, those in one suit (only with K distinct ranks)
    n_sets = 1
    for i in range(seen.n_parts):
        n_sets *= choose(4, seen.count[i])
    mono_sets = 4 if mono else 0
    w_plain = n_sets - mono_sets
    # cnt[U]: the seen sets (not in one suit) whose cards in suit 0 are the parts in U (one suit
    # stands for all four by symmetry): the hands of a flush in suit 0 are those missing U's ranks
    n_u = 1 << seen.n_parts
    for u in range(n_u):
        cnt_u = 1
        for i in range(seen.n_parts):
            cnt_u *= choose(3, seen.count[i] - 1) if (u >> i) & 1 else choose(3, seen.count[i])
        if mono and u == n_u - 1:
            cnt_u -= 1                 # all in suit 0
        if mono and u == 0:
            cnt_u -= 3                 # all in one of the other suits
        cnt[u] = cnt_u
    tot = choose(sh.deck_size - sh.k - 5, 5 - sh.k)
    for i in range(sh.n_hands):
        h = &sh.hands[i]
        ok = 1
        for x in range(N_RANKS):
            left[x] = avail[x]
        for j in range(h.n_parts):
            left[h.rank[j]] -= h.count[j]
            if left[h.rank[j]] < 0:
                ok = 0
        if not ok:
            continue
        for x in range(N_RANKS):
            for c in range(5):
                binom[x][c] = choose(left[x], c)
        for j in range(sh.n_rests):
            rest = &sh.rests[j]
            mult = 1
            for r in range(rest.n_parts):
                mult *= binom[rest.rank[r]][rest.count[r]]
            mults[j] = mult
        distinct = h.n_parts == 5
        s_nf = hand_strength(h, False)
        s_f = hand_strength(h, True) if distinct else 0
        # the seen sets not in one suit: one tally for the group, whether the hand is a flush or not
        if w_plain > 0:
            n_hand = 1
            for j in range(h.n_parts):
                n_hand *= choose(avail[h.rank[j]], h.count[j])
            fs = 0
            if distinct:
                for u in range(n_u):
                    bit = 0
                    for r in range(seen.n_parts):
                        if (u >> r) & 1 and (h.mask >> seen.rank[r]) & 1:
                            bit = 1
                    if not bit:
                        fs += cnt[u]
                fs *= 4
            clear(&t_nf)
            clear(&t_f)
            for j in range(sh.n_rests):
                if mults[j]:
                    tally(&t_nf, plain[j], mults[j], s_nf, sh.q)
                    if distinct:
                        tally(&t_f, plain[j], mults[j], s_f, sh.q)
            decide(out, sh, s_nf, w_plain * n_hand - fs, tot, &t_nf)
            if distinct:
                decide(out, sh, s_f, fs, tot, &t_f)
            groups[0] += 1 + distinct
        # the seen cards in one suit S (suit 0 standing for all four): which of the hand's ranks
        # outside the seen ones it holds in S (t_mask) decides which dealer flushes remain
        if mono:
            free_mask = h.mask & ~seen.mask
            t_mask = free_mask
            while True:
                count_t = 1
                for j in range(h.n_parts):
                    bit = (t_mask >> h.rank[j]) & 1
                    count_t *= choose(3, h.count[j] - bit)
                if count_t:
                    w_f = 0
                    if distinct and t_mask == h.mask:
                        w_f = count_t                      # the hand is a flush in S
                    elif distinct and t_mask == 0:
                        w_f = 3                            # a flush in one of the other suits
                    w_nf = count_t - w_f
                    e_mask = sh.deck_mask & ~seen.mask & ~t_mask
                    clear(&t_nf)
                    clear(&t_f)
                    for j in range(sh.n_rests):
                        if mults[j]:
                            mult = mults[j]
                            if can_flush[j] and (sh.rests[j].mask & ~e_mask) == 0:
                                mult -= 1
                                tally(&t_nf, flush[j], 1, s_nf, sh.q)
                                if distinct:
                                    tally(&t_f, flush[j], 1, s_f, sh.q)
                            tally(&t_nf, plain[j], mult, s_nf, sh.q)
                            if distinct:
                                tally(&t_f, plain[j], mult, s_f, sh.q)
                    decide(out, sh, s_nf, 4 * w_nf, tot, &t_nf)
                    if distinct:
                        decide(out, sh, s_f, 4 * w_f, tot, &t_f)
                    groups[0] += 1 + distinct
                if t_mask == 0:
                    break
                t_mask = (t_mask - 1) & free_mask          # the next subset of the free ranks
    free(plain)
    free(flush)
    free(mults)
    free(can_flush)
    return 0


cdef uint16_t hand_strength(const Multiset* h, bint flush) noexcept nogil:
    cdef Multiset empty
    empty.n_parts = 0
    empty.size = 0
    empty.mask = 0
    return rank_strength(h, &empty, flush)


def seen_multisets(int deck_mask, int k):
    """The rank multisets of K seen dealer cards (the unit of work), in the order seen_counts takes
    slices of: each as a tuple of ranks, ascending."""
    check_deck(deck_mask)
    if not 1 <= k <= 4:
        raise ValueError("k counts the seen dealer cards: 1 to 4")
    cdef Multiset* sets = <Multiset*>malloc(MAX_MULTISETS * sizeof(Multiset))
    if sets == NULL:
        raise MemoryError()
    cdef int n = multisets_of(k, deck_mask, sets), i
    result = [ranks_of(&sets[i]) for i in range(n)]
    free(sets)
    return result


cdef tuple ranks_of(const Multiset* m):
    """A multiset's ranks, ascending, each as often as it holds it."""
    cdef int j
    return tuple([m.rank[j] for j in range(m.n_parts) for _ in range(m.count[j])])


def seen_counts(int qualify_strength, int deck_mask, int k, pay_numerators, pay_denominators, int call_multiple,
                int first=0, int last=-1):
    """K whole dealer cards seen: per rank multiset of them (seen_multisets(deck_mask, k)[first:last],
    -1: to the end), (ranks, sums) with sums[c] = (called deals, not-qualify, wins, ties, losses,
    folded deals) for the player's payout class c, each group of situations decided optimally.
    Also the number of groups decided."""
    cdef int64_t num[N_PAYOUT_CLASSES]
    cdef int64_t den[N_PAYOUT_CLASSES]
    cdef Shared sh
    cdef int n_seen, i, failed = 0, cls, col
    cdef int deck_size = check_deck(deck_mask)
    read_pays(pay_numerators, pay_denominators, N_PAYOUT_CLASSES, num, den)
    if not 0 <= qualify_strength < N_STRENGTHS:
        raise ValueError("qualifying strength out of range")
    if not 1 <= k <= 4:
        raise ValueError("k counts the seen dealer cards: 1 to 4")
    if deck_size < 10:
        raise ValueError("the deck must hold the hand and the dealer's five cards")
    cdef Multiset* hands = <Multiset*>malloc(MAX_MULTISETS * sizeof(Multiset))
    cdef Multiset* rests = <Multiset*>malloc(MAX_MULTISETS * sizeof(Multiset))
    cdef Multiset* seen = <Multiset*>malloc(MAX_MULTISETS * sizeof(Multiset))
    if hands == NULL or rests == NULL or seen == NULL:
        free(hands)
        free(rests)
        free(seen)
        raise MemoryError()
    sh.n_hands = multisets_of(5, deck_mask, hands)
    sh.n_rests = multisets_of(5 - k, deck_mask, rests)
    n_seen = multisets_of(k, deck_mask, seen)
    if last < 0 or last > n_seen:
        last = n_seen
    first = max(0, min(first, last))
    sh.hands, sh.rests = hands, rests
    sh.deck_mask, sh.deck_size, sh.k, sh.q = deck_mask, deck_size, k, qualify_strength
    sh.num, sh.den, sh.m = num, den, call_multiple
    cdef int n = last - first
    cdef int64_t* out = <int64_t*>calloc(max(n, 1) * N_PAYOUT_CLASSES * N_SUMS, sizeof(int64_t))
    cdef int64_t* groups = <int64_t*>calloc(max(n, 1), sizeof(int64_t))
    if out == NULL or groups == NULL:
        free(hands)
        free(rests)
        free(seen)
        free(out)
        free(groups)
        raise MemoryError()
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1):
        failed += count_multiset(&sh, &seen[first + i], out + i * N_PAYOUT_CLASSES * N_SUMS, &groups[i])
    result = []
    for i in range(n):
        sums = tuple(tuple(out[(i * N_PAYOUT_CLASSES + cls) * N_SUMS + col] for col in range(N_SUMS))
                     for cls in range(N_PAYOUT_CLASSES))
        result.append((ranks_of(&seen[first + i]), sums))
    counted = sum(groups[i] for i in range(n))
    free(hands)
    free(rests)
    free(seen)
    free(out)
    free(groups)
    if failed:
        raise MemoryError()
    return result, counted
