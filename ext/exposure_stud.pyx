# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Caribbean Stud when the player sees more than the upcard: exact counts, no paytable.

The kernels all deal from a deck of whole ranks (every suit of the ranks in ``deck_mask``, so the
full deck or a reduced one for brute-force checks; suit symmetry holds for either) and count the
player-hand classes up to suits.  This module holds what they share (declared in
exposure_stud.pxd: the deck, the classes as 64-bit records, the decision and the sums) and the
upcard and sorted cards; see oddscalc/engines/stud/exposure.py for the deals each case counts:

- ``sorted_counts``: the upcard seen, and for ``n_sorted`` further dealer cards only whether
  each has a rank in ``sorted_mask`` (edge sorting).  The counts of every (hand, upcard) class
  are split by j, the number of sorted-set cards among the dealer's four unseen cards, so any
  number of sorted cards is priced from them: seeing j' of the n sorted cards in the set has
  weight C(j, j') C(4 - j, n - j') (out of C(4, n) ways to choose which cards are sorted).
  Card removal is inclusion-exclusion over the player's cards with sorted strength lists and
  forward pointers, as in ext/stud.pyx, each list carrying running counts per j.
- two dealer cards seen (both whole): ``exposure_stud_pairs.seen_pair_counts``;
- the whole dealer hand seen: ``exposure_stud_whole.whole_hand_counts``.
One situation by brute force over the dealer's completions is ``stud.situation_counts``, which
the plain decision shares.

The kernels that decide take the pay of each payout class as integer numerator/denominator (as
StudClasses.decide_optimal does); every count they return is an exact integer.

Speed: the work items (here the upcard ranks) run on every core with prange (setup.py builds
this module with OpenMP).  A class is one 64-bit record (card positions, weight, strength),
sorted by strength before the main loop so it is read in order; a list entry of the sorted
kernel carries its strength and its running counts per j side by side, and each list's
not-qualifying counts are kept apart, so the half of the hands that cannot beat a qualifying
dealer never touch the lists.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset
from cython.parallel cimport prange

from oddscalc._native.cards cimport N_RANKS, make_card, card_rank, choose, choose2, choose3, choose4, mark_cards
from oddscalc._native.eval5 cimport strength5, N_STRENGTHS
from oddscalc._native.colex import class_reads
from oddscalc._native.stud cimport (SENTINEL, Level, advance_below, advance_upto, level_alloc, level_free,
                                    level_open, level_rewind, enumerate_completions, order_by_strength,
                                    payout_class, read_pays)


# --- what the kernels share (exposure_stud.pxd) -----------------------------------------------

cdef int64_t player_classes(const uint8_t* others, int n, int group, uint64_t* records) noexcept nogil:
    """Every canonical five-card hand from others[0..n) as a record (positions ascending)."""
    cdef int a, b, c, d, e, w
    cdef uint64_t sa, sb, sc, sd, se
    cdef int64_t k = 0
    for a in range(n):
        sa = suit_bit(others[a])
        for b in range(a + 1, n):
            sb = sa | suit_bit(others[b])
            for c in range(b + 1, n):
                sc = sb | suit_bit(others[c])
                for d in range(c + 1, n):
                    sd = sc | suit_bit(others[d])
                    for e in range(d + 1, n):
                        se = sd | suit_bit(others[e])
                        w = class_weight(group, se)
                        if w:
                            records[k] = (<uint64_t>a | (<uint64_t>b << 8) | (<uint64_t>c << 16)
                                          | (<uint64_t>d << 24) | (<uint64_t>e << 32) | (<uint64_t>w << 40)
                                          | (<uint64_t>strength5(others[a], others[b], others[c], others[d],
                                                                 others[e]) << 48))
                            k += 1
    return k


cpdef int check_deck(int deck_mask) except -1:
    """The number of cards of the deck of the ranks in deck_mask (at least three ranks)."""
    if deck_mask <= 0 or deck_mask >= (1 << N_RANKS):
        raise ValueError("deck_mask must name some of the 13 ranks")
    cdef int n = 0, r
    for r in range(N_RANKS):
        n += (deck_mask >> r) & 1
    if n < 3:
        raise ValueError("the deck needs at least three ranks (twelve cards)")
    return 4 * n


def hand_payout_class(cards):
    """Payout class (0 below ace-king, 1 ace-king, 2 pair .. 10 royal flush) of five cards."""
    cdef uint8_t seen[52]
    memset(seen, 0, sizeof(seen))
    mark_cards(cards, seen)
    a, b, c, d, e = cards
    return payout_class(strength5(a, b, c, d, e))


# --- the upcard and sorted cards -------------------------------------------------------------

cdef enum:
    MAX_STRIDE = 35         # a list entry: strength, then entries before it of each composition j >= 1
    MAX_PARTS = 4           # rank classes the sorted cards are read in (the other ranks included)
    ONE_SET = 5             # the stride of one sorted set (in it or not): j = 0..4


cdef struct SortedScratch:
    uint16_t* dealer       # strength of every four-card completion (colex order)
    uint8_t* sorted_in     # how its cards fall into the classes (composition j; 0: all in the other ranks)
    uint32_t* quads
    int32_t* order
    int32_t* bucket
    uint16_t* list0        # strengths of all completions, ascending
    int32_t* cum0          # per position of list0: entries before it of each composition j >= 1
    Level one              # the runs of one card, two, three: entries of stride values, and per
    Level two              # run the entries below the qualifier, then those of each j >= 1
    Level three
    uint64_t* records      # player-hand classes, as found
    uint16_t* hand_strength  # their strengths
    int32_t* hand_order    # their order by strength


cdef void sorted_free(SortedScratch* w) noexcept nogil:
    free(w.dealer)
    free(w.sorted_in)
    free(w.quads)
    free(w.order)
    free(w.bucket)
    free(w.list0)
    free(w.cum0)
    free(w.records)
    free(w.hand_strength)
    free(w.hand_order)
    level_free(&w.one)
    level_free(&w.two)
    level_free(&w.three)


cdef bint sorted_alloc(SortedScratch* w, int D, int stride) noexcept nogil:
    """Allocate the buffers for a deck of D cards and list entries of ``stride`` values; False (and
    nothing held) when memory ran out."""
    cdef int64_t n4 = choose(D, 4), hands = choose(D, 5)
    cdef bint levels
    memset(w, 0, sizeof(SortedScratch))
    levels = (level_alloc(&w.one, D, choose(D - 1, 3), stride)
              and level_alloc(&w.two, choose(D, 2), choose(D - 2, 2), stride)
              and level_alloc(&w.three, choose(D, 3), D - 3, stride))
    w.dealer = <uint16_t*>malloc(n4 * sizeof(uint16_t))
    w.sorted_in = <uint8_t*>malloc(n4)
    w.quads = <uint32_t*>malloc(n4 * sizeof(uint32_t))
    w.order = <int32_t*>malloc(n4 * sizeof(int32_t))
    w.bucket = <int32_t*>malloc((N_STRENGTHS + 1) * sizeof(int32_t))
    w.list0 = <uint16_t*>malloc((n4 + 1) * sizeof(uint16_t))
    w.cum0 = <int32_t*>malloc((stride - 1) * (n4 + 1) * sizeof(int32_t))
    w.records = <uint64_t*>malloc(hands * sizeof(uint64_t))
    w.hand_strength = <uint16_t*>malloc(hands * sizeof(uint16_t))
    w.hand_order = <int32_t*>malloc(hands * sizeof(int32_t))
    if levels and not (w.dealer == NULL or w.sorted_in == NULL or w.quads == NULL or w.order == NULL
                       or w.bucket == NULL or w.list0 == NULL or w.cum0 == NULL or w.records == NULL
                       or w.hand_strength == NULL or w.hand_order == NULL):
        return True
    sorted_free(w)
    return False


cdef inline void append_entry(Level* level, int32_t t, uint16_t s, int j, int q) noexcept nogil:
    """Append strength s (a completion of composition j) to run t; count it in the run's
    not-qualifying counts."""
    cdef uint16_t* entry = level.list + level.stride * level.fill[t]
    entry[0] = s
    entry[1] = <uint16_t>j        # close_lists turns it into the counts before the entry
    level.fill[t] += 1
    if s < q:
        level.nq[level.stride * t] += 1
        if j:
            level.nq[level.stride * t + j] += 1


cdef void close_lists(Level* level) noexcept nogil:
    """Turn each entry's j into the counts per j of the entries before it, end each run with a
    sentinel carrying the run's totals, and rewind the run's walkers."""
    cdef int32_t t, p, length = level.length
    cdef int k, j, width = level.stride - 1
    cdef uint16_t run[MAX_STRIDE]
    cdef uint16_t* entry
    for t in range(level.n):
        for k in range(width):
            run[k] = 0
        entry = level.list + level.stride * t * (length + 1)
        for p in range(length + 1):
            j = entry[1] if p < length else 0
            for k in range(width):
                entry[1 + k] = run[k]
            if p == length:
                entry[0] = SENTINEL
            elif j:
                run[j - 1] += 1
            entry += level.stride
    level_rewind(level)


cdef inline int32_t entry_at_least(const uint16_t* lists, int stride, int32_t* pointer,
                                   uint16_t strength) noexcept nogil:
    while lists[stride * pointer[0]] < strength:
        pointer[0] += 1
    return pointer[0]


cdef inline int32_t entry_above(const uint16_t* lists, int stride, int32_t* pointer, uint16_t strength) noexcept nogil:
    while lists[stride * pointer[0]] <= strength:
        pointer[0] += 1
    return pointer[0]


cdef inline void add_entry(int64_t* acc, const uint16_t* lists, int stride, int32_t at, int32_t entries,
                           int sign) noexcept nogil:
    """acc[0] += sign * entries before position at; acc[j] += sign * those of composition j."""
    cdef const uint16_t* entry = lists + stride * at
    cdef int j
    acc[0] += sign * entries
    if stride == ONE_SET:               # one sorted set, the common case, unrolled
        acc[1] += sign * entry[1]
        acc[2] += sign * entry[2]
        acc[3] += sign * entry[3]
        acc[4] += sign * entry[4]
        return
    for j in range(1, stride):
        acc[j] += sign * entry[j]


cdef inline void add_run(int64_t* below, int64_t* upto, Level* level, int32_t t, uint16_t strength,
                         int sign) noexcept nogil:
    """Add (sign) run t's entries below ``strength`` to ``below`` and those at most it to ``upto``,
    each split by j."""
    cdef int32_t start = t * (level.length + 1)
    cdef int32_t p = entry_at_least(level.list, level.stride, &level.lt[t], strength)
    add_entry(below, level.list, level.stride, p, p - start, sign)
    p = entry_above(level.list, level.stride, &level.le[t], strength)
    add_entry(upto, level.list, level.stride, p, p - start, sign)


cdef inline void add_counts(int64_t* acc, const int32_t* counts, int stride, int sign) noexcept nogil:
    cdef int j
    if stride == ONE_SET:
        acc[0] += sign * counts[0]
        acc[1] += sign * counts[1]
        acc[2] += sign * counts[2]
        acc[3] += sign * counts[3]
        acc[4] += sign * counts[4]
        return
    for j in range(stride):
        acc[j] += sign * counts[j]


cdef inline void add32(int64_t* acc, const int32_t* cum, int stride, int32_t at, int sign) noexcept nogil:
    cdef int j
    acc[0] += sign * at
    for j in range(1, stride):
        acc[j] += sign * cum[(stride - 1) * at + j - 1]


cdef inline void split_by_j(int64_t* acc, int stride) noexcept nogil:
    """acc[0] held the total: make it the count with j = 0."""
    cdef int j
    for j in range(1, stride):
        acc[0] -= acc[j]


cdef struct Classes:
    # the rank classes the sorted cards are read in, and what a read of them weighs
    uint8_t code[13]                  # per rank: 0 the other ranks, 5^(c-1) class c
    uint8_t comp_of_code[256]         # four cards' summed codes -> their composition j, dense
    uint8_t parts[MAX_STRIDE][MAX_PARTS]   # per composition: cards in each class
    int n_parts
    int stride                        # compositions of four cards (entries per list value)
    int n_obs                         # reads of the n sorted cards
    int64_t weight[MAX_STRIDE][MAX_STRIDE]  # [j][read]: ways four cards of composition j show it


cdef int sorted_upcard(int up_rank, const uint8_t* deck, int n_deck, int q, const Classes* cl,
                       const int64_t* num, const int64_t* den, int m, int64_t* out,
                       int64_t* n_classes) noexcept nogil:
    """Every class of one upcard rank (suit 0): decide for each read of the sorted cards and add
    the counts to out[(read * 11 + class) * 6 ...].  0, or 1 if memory ran out."""
    cdef SortedScratch w
    cdef uint8_t others[52]
    cdef uint8_t code_of[52]
    cdef int up = make_card(up_rank, 0)
    cdef int stride = cl.stride
    cdef int D = 0, i, a, b, c, d, j, jp, s, cls, p
    cdef int class_others[MAX_PARTS]
    cdef int class_left[MAX_PARTS]
    cdef int32_t idx, k, t, fill0 = 0, lt0 = 0, le0 = 0
    cdef int32_t nq0[MAX_STRIDE]
    cdef int64_t kk, n_hands
    cdef uint64_t record
    cdef int x[5]
    cdef int64_t NQ[MAX_STRIDE]
    cdef int64_t LT[MAX_STRIDE]
    cdef int64_t LE[MAX_STRIDE]
    cdef int64_t TOT[MAX_STRIDE]
    cdef int64_t wt, tot, nq, win, tie, lose, weight
    cdef int run0[MAX_STRIDE]
    cdef uint16_t h
    D = deck_without(deck, n_deck, up, -1, others)
    for p in range(cl.n_parts):
        class_others[p] = 0
    for i in range(D):
        code_of[i] = cl.code[card_rank(others[i])]
        class_others[class_index(code_of[i])] += 1
    cdef int32_t n4 = <int32_t>choose(D, 4)
    if not sorted_alloc(&w, D, stride):
        return 1
    # every dealer completion (four cards of the D), in colex order, with its composition
    enumerate_completions(&up, 1, others, D, w.dealer, w.quads)
    for idx in range(n4):
        j = 0
        for i in range(4):
            j += code_of[(w.quads[idx] >> (8 * i)) & 0xFF]
        w.sorted_in[idx] = cl.comp_of_code[j]
    order_by_strength(w.dealer, n4, w.bucket, w.order)
    # sorted strength lists of the completions holding each card, pair and triple
    level_open(&w.one)
    level_open(&w.two)
    level_open(&w.three)
    for i in range(stride):
        run0[i] = 0
        nq0[i] = 0
    for k in range(n4):
        idx = w.order[k]
        s = w.dealer[idx]
        j = w.sorted_in[idx]
        x[0] = w.quads[idx] & 0xFF
        x[1] = (w.quads[idx] >> 8) & 0xFF
        x[2] = (w.quads[idx] >> 16) & 0xFF
        x[3] = w.quads[idx] >> 24
        w.list0[fill0] = s
        for i in range(stride - 1):
            w.cum0[(stride - 1) * fill0 + i] = run0[i]
        if j:
            run0[j - 1] += 1
        if s < q:
            nq0[0] += 1
            if j:
                nq0[j] += 1
        fill0 += 1
        for a in range(4):
            append_entry(&w.one, x[a], s, j, q)
            for b in range(a + 1, 4):
                append_entry(&w.two, <int32_t>(choose2(x[b]) + x[a]), s, j, q)
                for c in range(b + 1, 4):
                    append_entry(&w.three, <int32_t>(choose3(x[c]) + choose2(x[b]) + x[a]), s, j, q)
    w.list0[n4] = SENTINEL
    for i in range(stride - 1):
        w.cum0[(stride - 1) * n4 + i] = run0[i]
    close_lists(&w.one)
    close_lists(&w.two)
    close_lists(&w.three)
    # the player-hand classes, in order of strength
    n_hands = player_classes(others, D, GROUP_ONE_SUIT, w.records)
    n_classes[0] = n_hands
    order_records(w.records, n_hands, w.bucket, w.hand_strength, w.hand_order)
    for kk in range(n_hands):
        record = w.records[w.hand_order[kk]]
        h = record_strength(record)
        for p in range(cl.n_parts):
            class_left[p] = class_others[p]
        for i in range(5):
            x[i] = record_position(record, i)
            class_left[class_index(code_of[x[i]])] -= 1
        for i in range(stride):
            NQ[i] = 0
            LT[i] = 0
            LE[i] = 0
        add_counts(NQ, nq0, stride, 1)
        if h >= q:
            add32(LT, w.cum0, stride, advance_below(w.list0, &lt0, h), 1)
            add32(LE, w.cum0, stride, advance_upto(w.list0, &le0, h), 1)
        for a in range(5):
            add_counts(NQ, w.one.nq + stride * x[a], stride, -1)
            if h >= q:
                add_run(LT, LE, &w.one, x[a], h, -1)
            for b in range(a + 1, 5):
                t = <int32_t>(choose2(x[b]) + x[a])
                add_counts(NQ, w.two.nq + stride * t, stride, 1)
                if h >= q:
                    add_run(LT, LE, &w.two, t, h, 1)
                for c in range(b + 1, 5):
                    t = <int32_t>(choose3(x[c]) + choose2(x[b]) + x[a])
                    add_counts(NQ, w.three.nq + stride * t, stride, -1)
                    if h >= q:
                        add_run(LT, LE, &w.three, t, h, -1)
                    for d in range(c + 1, 5):
                        idx = <int32_t>(choose4(x[d]) + choose3(x[c]) + choose2(x[b]) + x[a])
                        s = w.dealer[idx]
                        j = w.sorted_in[idx]
                        if s < q:
                            NQ[0] += 1
                            if j:
                                NQ[j] += 1
                        if s < h:
                            LT[0] += 1
                            if j:
                                LT[j] += 1
                        if s <= h:
                            LE[0] += 1
                            if j:
                                LE[j] += 1
        split_by_j(NQ, stride)
        split_by_j(LT, stride)
        split_by_j(LE, stride)
        # the dealer's completions of each composition from the cards left
        for j in range(stride):
            TOT[j] = 1
            for p in range(cl.n_parts):
                TOT[j] *= choose(class_left[p], cl.parts[j][p])
        cls = payout_class(h)
        weight = 4 * record_weight(record)
        for jp in range(cl.n_obs):
            tot = nq = win = tie = 0
            for j in range(stride):
                wt = cl.weight[j][jp]
                if wt == 0:
                    continue
                tot += wt * TOT[j]
                nq += wt * NQ[j]
                if h >= q:
                    win += wt * (LT[j] - NQ[j])
                    tie += wt * (LE[j] - LT[j])
            if tot == 0:
                continue
            lose = tot - nq - win - tie
            settle(out + (jp * N_PAYOUT_CLASSES + cls) * N_SUMS,
                   call_beats_fold(tot, nq, win, lose, num[cls], den[cls], m), weight, tot, nq, win, tie, lose)
    sorted_free(&w)
    return 0


cdef inline int class_index(int code) noexcept nogil:
    """The class of a card's code (0 the other ranks, 5^(c-1) class c)."""
    if code == 0:
        return 0
    return 1 if code == 1 else 2 if code == 5 else 3


cdef int read_classes(int sorted_mask, more_masks, int n_sorted, Classes* cl) except -1:
    """The classes (the sorted set, any more sets, the other ranks) and the weights of each read."""
    masks = [sorted_mask, *more_masks]
    if len(masks) + 1 > MAX_PARTS:
        raise ValueError(f"at most {MAX_PARTS - 1} sorted classes")
    if any(not 0 <= mk < (1 << N_RANKS) for mk in masks):
        raise ValueError("sorted_mask must be a set of ranks")
    if len(masks) > 1 and (any(mk == 0 for mk in masks) or
                           any(masks[i] & masks[k] for i in range(len(masks)) for k in range(i + 1, len(masks)))):
        raise ValueError("the sorted classes must be non-empty sets of distinct ranks")
    cdef int r, c, j, o, p
    memset(cl, 0, sizeof(Classes))
    cl.n_parts = len(masks) + 1
    # base 5: a class holds up to all four cards of a completion
    weights = [0, 1, 5, 25][:len(masks) + 1]
    for r in range(N_RANKS):
        for c in range(len(masks)):
            if (masks[c] >> r) & 1:
                cl.code[r] = weights[c + 1]
    compositions = class_reads(4, cl.n_parts)
    for j, parts in enumerate(compositions):
        cl.comp_of_code[sum(parts[p] * weights[p] for p in range(1, cl.n_parts))] = j
        for p in range(cl.n_parts):
            cl.parts[j][p] = parts[p]
    cl.stride = len(compositions)
    observed = class_reads(n_sorted, cl.n_parts)
    cl.n_obs = len(observed)
    for j, parts in enumerate(compositions):
        for o, read in enumerate(observed):
            cl.weight[j][o] = 1
            for p in range(cl.n_parts):
                cl.weight[j][o] *= choose(parts[p], read[p])
    return 0


def sorted_counts(int qualify_strength, int deck_mask, int sorted_mask, int n_sorted, pay_numerators,
                  pay_denominators, int call_multiple, more_masks=()):
    """The upcard seen, and n_sorted further dealer cards sorted by the ranks of sorted_mask (each
    card: in the set or not); with ``more_masks``, by a partition (each card: in which of the sets
    sorted_mask, *more_masks, or in none).

    Returns (sums, classes): sums[read][c] = (called deals, not-qualify, wins, ties, losses, folded
    deals) for the situations of each read of the sorted cards (as colex.class_reads numbers them:
    with one set, by how many are in it) where the player's hand is of payout class c, each
    decided optimally; a deal is (hand, upcard, four dealer cards, which n_sorted of the four are
    sorted), C(4, n_sorted) per plain deal.  ``classes`` is the number of (hand, upcard) classes
    counted.  n_sorted = 0 is the plain analysis.
    """
    cdef int64_t num[N_PAYOUT_CLASSES]
    cdef int64_t den[N_PAYOUT_CLASSES]
    cdef uint8_t deck[52]
    cdef int n_deck, r, failed = 0, n_ranks = 0, i
    cdef int ranks[13]
    cdef int64_t counted[13]
    cdef Classes cl
    check_deck(deck_mask)
    read_pays(pay_numerators, pay_denominators, N_PAYOUT_CLASSES, num, den)
    if not 0 <= qualify_strength < N_STRENGTHS:
        raise ValueError("qualifying strength out of range")
    if not 0 <= n_sorted <= 4:
        raise ValueError("between 0 and 4 further dealer cards can be sorted")
    read_classes(sorted_mask, tuple(more_masks), n_sorted, &cl)
    cdef Py_ssize_t width = cl.n_obs * N_PAYOUT_CLASSES * N_SUMS
    n_deck = deck_of(deck_mask, deck)
    for r in range(N_RANKS):
        if (deck_mask >> r) & 1:
            ranks[n_ranks] = r
            n_ranks += 1
    cdef int64_t* out = <int64_t*>calloc(n_ranks * width, sizeof(int64_t))
    if out == NULL:
        raise MemoryError()
    for i in prange(n_ranks, nogil=True, schedule="dynamic", chunksize=1):
        failed += sorted_upcard(ranks[i], deck, n_deck, qualify_strength, &cl, num, den,
                                call_multiple, out + i * width, &counted[i])
    if failed:
        free(out)
        raise MemoryError()
    sums = [[[0] * N_SUMS for _ in range(N_PAYOUT_CLASSES)] for _ in range(cl.n_obs)]
    cdef Py_ssize_t jp, cls, col
    for i in range(n_ranks):
        for jp in range(cl.n_obs):
            for cls in range(N_PAYOUT_CLASSES):
                for col in range(N_SUMS):
                    sums[jp][cls][col] += out[i * width + (jp * N_PAYOUT_CLASSES + cls) * N_SUMS + col]
    free(out)
    return sums, sum(counted[i] for i in range(n_ranks))
