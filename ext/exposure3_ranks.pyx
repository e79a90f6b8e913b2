# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Other boxes' cards seen, rank by rank: exact tallies of a three-card game (see exposure3.pyx for
the coefficients, the tallies and the relative tables) when the player sees ``n_dead`` dead cards
(three per other box), the dealer's cards hidden: ``boxes_by_rank(game, n_dead)``.

More dead cards (two boxes: six) are enumerated by ranks, not cards: with suits ignored the
dealer counts depend only on how many cards of each rank are dead (the unsuited part, by
inclusion-exclusion on rank tables), and the suits only move the suited (flush) hands, whose
margin is a sum over suits of a table Phi[ranks left in that suit].  A rank vector whose flush
part cannot move its decision is settled in closed form; the others enumerate their suit
assignments.  exposure3_boxes.dead_cards_by_card prices the same deals card by card.
"""
from libc.stdint cimport int8_t, int32_t, int64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport card_rank, card_suit, choose
from oddscalc._native.eval3 cimport strength3
from oddscalc._native.exposure3 cimport MAX_DEAD, Game, PlayerHand, _Tallies, category, plays, settle_flips, weigh

cdef enum:
    N_MASKS = 8192     # subsets of the 13 ranks


cdef struct RankWork:
    # what the rank-level enumeration of one player hand needs
    int n_dead
    int64_t* mk
    bint base
    bint tie_plays
    int avail[13]                 # cards of each rank left after the player's
    int suit_left[4]              # ranks left in each suit (mask)
    int8_t u3[13][13][13]         # unsuited category of a rank triple
    int64_t u2[13][13][4]
    int64_t u1[13][4]
    int64_t u0[4]
    int64_t um0
    int64_t um1[13]
    int64_t um2[13][13]
    int32_t phi[5][8192]          # flush part per category, then its margin
    int64_t flush_base
    int64_t lo1[13][5]
    int64_t hi1[13][5]
    int64_t f2lo[13][13]
    int64_t f2hi[13][13]
    int64_t lo_m
    int64_t hi_m
    int subsets[13][5][6]
    int n_subsets[13][5]
    # the rank vector being built
    int nd
    int dr[12]
    int dd[12]
    int64_t gm
    # results of one player hand: flips, and their dealer counts as coefficients of the rank
    # tables (unsuited: U0, U1[r], U2[r][r2], U3[r][r2][r3], ranks sorted; flush: W over dead-rank
    # sets S of at most three ranks), contracted once per hand by _contract
    int64_t n_flip
    int64_t flip[4]
    int64_t cu0
    int64_t cu1[13]
    int64_t cu2[13][13]
    int64_t cu3[13][13][13]
    int64_t cf0
    int64_t cf1[13]
    int64_t cf2[13][13]
    int64_t cf3[13][13][13]
    int64_t leaves_checked
    int64_t leaves_middle
    int64_t flip_all
    # statistics
    int64_t borderline
    int64_t leaves
    int64_t enumerated
    int64_t assignments
    # suit enumeration scratch: bounds of the flush terms that involve dead ranks i.. (by index)
    int64_t rest_lo[13]
    int64_t rest_hi[13]
    int sr[12]                    # dead ranks in the order their suits are chosen (widest first)
    int sd[12]
    bint local                    # the decision a borderline vector's enumeration does not count
    int n_sym                     # pairs of interchangeable suits (same ranks left), consecutive in a class
    int sym_a[3]
    int sym_b[3]
    int64_t orbit[8]              # assignments an enumerated one stands for, by which pairs stay equal
    int64_t f2_lo                 # flush pair and triple terms at their worst, any ranks
    int64_t f2_hi
    int64_t f3_lo
    int64_t f3_hi
    int64_t first[13][13]         # per placed prefix length: each rank's terms with the placed cards
    int64_t um2_lo                # smallest and largest unsuited pair term
    int64_t um2_hi
    int64_t pruned
    int64_t flush_lo              # bounds of the flush part over every dead set
    int64_t flush_hi
    int64_t enum_flip
    int64_t enum_flush[4]


cdef inline int _popcount13(int mask) noexcept nogil:
    cdef int n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


cdef void _sort64(int64_t* values, int n) noexcept nogil:
    cdef int i, j
    cdef int64_t v
    for i in range(1, n):
        v = values[i]
        j = i
        while j > 0 and values[j - 1] > v:
            values[j] = values[j - 1]
            j -= 1
        values[j] = v


cdef inline bint _settled_by_bounds(RankWork* w, int64_t lo, int64_t hi) noexcept nogil:
    """Whether bounds lo..hi on a leaf's margin settle it: the decision surely stays the plain one
    (nothing to tally), or surely flips (every suit assignment flips, tallied at once)."""
    cdef bint stays = plays(lo, w.tie_plays) if w.base else not plays(hi, w.tie_plays)
    if stays:
        return True
    if (not plays(hi, w.tie_plays)) if w.base else plays(lo, w.tie_plays):
        w.flip_all += 1
        _rank_flip_all(w)
        return True
    return False


cdef void _rank_leaf(RankWork* w) noexcept nogil:
    """One dead rank vector: settle it by its bounds, in closed form, or suit by suit."""
    cdef int i, j, k
    cdef int64_t lo, hi, t, mn
    cdef bint sure_play, sure_fold
    w.leaves += 1
    lo = w.gm + w.flush_lo
    hi = w.gm + w.flush_hi
    if _settled_by_bounds(w, lo, hi):
        return
    w.leaves_checked += 1
    # first-order flush terms per rank exactly, pairs and triples at their worst
    lo = w.gm + w.flush_base + choose(w.n_dead, 2) * w.f2_lo + choose(w.n_dead, 3) * w.f3_lo
    hi = w.gm + w.flush_base + choose(w.n_dead, 2) * w.f2_hi + choose(w.n_dead, 3) * w.f3_hi
    for i in range(w.nd):
        lo += w.lo1[w.dr[i]][w.dd[i]]
        hi += w.hi1[w.dr[i]][w.dd[i]]
    if _settled_by_bounds(w, lo, hi):
        return
    w.leaves_middle += 1
    # suits are chosen for the dead ranks whose suits matter most first
    for i in range(w.nd):
        w.sr[i] = w.dr[i]
        w.sd[i] = w.dd[i]
        j = i
        while j > 0 and (w.hi1[w.sr[j - 1]][w.sd[j - 1]] - w.lo1[w.sr[j - 1]][w.sd[j - 1]]
                         < w.hi1[w.sr[j]][w.sd[j]] - w.lo1[w.sr[j]][w.sd[j]]):
            w.sr[j], w.sr[j - 1] = w.sr[j - 1], w.sr[j]
            w.sd[j], w.sd[j - 1] = w.sd[j - 1], w.sd[j]
            j -= 1
    # bounds of the flush part's terms, filed under the last dead rank (in that order) they involve
    for i in range(w.nd + 1):
        w.rest_lo[i] = 0
        w.rest_hi[i] = 0
    for k in range(w.nd):
        w.rest_lo[k] += w.lo1[w.sr[k]][w.sd[k]]
        w.rest_hi[k] += w.hi1[w.sr[k]][w.sd[k]]
        for j in range(k):
            mn = w.sd[j] if w.sd[j] < w.sd[k] else w.sd[k]
            w.rest_lo[k] += mn * w.f2lo[w.sr[j]][w.sr[k]]
            w.rest_hi[k] += mn * w.f2hi[w.sr[j]][w.sr[k]]
            for i in range(j):
                mn = w.sd[i] if w.sd[i] < w.sd[j] else w.sd[j]
                mn = w.sd[k] if w.sd[k] < mn else mn
                t = -w.phi[4][(1 << w.sr[i]) | (1 << w.sr[j]) | (1 << w.sr[k])]
                if t < 0:
                    w.rest_lo[k] += mn * t
                else:
                    w.rest_hi[k] += mn * t
    # suffix sums: rest_lo[i] bounds every term involving a dead rank of index >= i
    for i in range(w.nd - 2, -1, -1):
        w.rest_lo[i] += w.rest_lo[i + 1]
        w.rest_hi[i] += w.rest_hi[i + 1]
    lo = w.gm + w.flush_base + w.rest_lo[0]
    hi = w.gm + w.flush_base + w.rest_hi[0]
    sure_play = plays(lo, w.tie_plays)
    sure_fold = not plays(hi, w.tie_plays)
    if (w.base and sure_play) or (not w.base and sure_fold):
        return
    if sure_play or sure_fold:
        w.flip_all += 1
        _rank_flip_all(w)
        return
    w.enumerated += 1
    # count the assignments that leave the likelier decision of this vector: its flips when that
    # is the no-information decision, else the non-flips, subtracted from the closed form of all
    w.local = plays(w.gm + w.flush_base + (w.rest_lo[0] + w.rest_hi[0]) // 2, w.tie_plays)
    w.enum_flip = 0
    w.enum_flush[0] = w.enum_flush[1] = w.enum_flush[2] = w.enum_flush[3] = 0
    _assign_suits(w, 0, 0, 0, 0, 0, (1 << w.n_sym) - 1)
    if w.local != w.base:
        _rank_flip_all(w)
        if w.enum_flip:
            _add_unsuited(w, -w.enum_flip)
            for i in range(4):
                w.flip[i] -= w.enum_flush[i]
            w.n_flip -= w.enum_flip
    elif w.enum_flip:
        _add_unsuited(w, w.enum_flip)
        for i in range(4):
            w.flip[i] += w.enum_flush[i]
        w.n_flip += w.enum_flip


cdef void _assign_suits(RankWork* w, int i, int x0, int x1, int x2, int x3, int eq) noexcept nogil:
    """Every choice of suits for the dead cards of ranks sr[i..] (x: dead ranks per suit so far;
    eq: which pairs of interchangeable suits are equal so far), one per orbit of suit swaps."""
    cdef int r, t, sub, cat
    cdef int64_t margin
    if i > 0:
        # the suits chosen so far are exact; the rest is bounded: skip what cannot flip
        margin = w.gm + w.phi[4][w.suit_left[0] & ~x0] + w.phi[4][w.suit_left[1] & ~x1] \
            + w.phi[4][w.suit_left[2] & ~x2] + w.phi[4][w.suit_left[3] & ~x3]
        if w.local:
            if plays(margin + w.rest_lo[i], w.tie_plays):
                return
        elif not plays(margin + w.rest_hi[i], w.tie_plays):
            return
    r = w.sr[i]
    if i == w.nd - 1:
        _last_rank_suits(w, r, w.sd[i], x0, x1, x2, x3, eq)
        return
    for t in range(w.n_subsets[r][w.sd[i]]):
        sub = w.subsets[r][w.sd[i]][t]
        cat = _canonical(w, eq, sub)
        if cat < 0:
            continue
        _assign_suits(w, i + 1, x0 | ((sub & 1) << r), x1 | ((sub >> 1 & 1) << r),
                      x2 | ((sub >> 2 & 1) << r), x3 | ((sub >> 3 & 1) << r), cat)


cdef inline void _sort3(int* x, int* y, int* z) noexcept nogil:
    if x[0] > y[0]:
        x[0], y[0] = y[0], x[0]
    if y[0] > z[0]:
        y[0], z[0] = z[0], y[0]
    if x[0] > y[0]:
        x[0], y[0] = y[0], x[0]


cdef void _suit_symmetry(RankWork* w) noexcept nogil:
    """Suits with the same ranks left are interchangeable: an assignment and its image under a
    swap of such suits have the same margin and counts.  Only assignments whose dead-rank sets
    are non-increasing along each class of suits (in the order ranks are assigned) are
    enumerated; orbit[eq] is how many assignments one stands for, eq (a bit per pair of
    consecutive suits in a class) telling which pairs ended equal."""
    cdef int a, b, eq, i, j, k, run, start, n_members
    cdef int members[4]
    cdef int64_t size
    w.n_sym = 0
    for a in range(4):
        for b in range(a + 1, 4):
            if w.suit_left[b] == w.suit_left[a]:
                # the next suit of a's class
                for k in range(a + 1, b):
                    if w.suit_left[k] == w.suit_left[a]:
                        break
                else:
                    w.sym_a[w.n_sym] = a
                    w.sym_b[w.n_sym] = b
                    w.n_sym += 1
    for eq in range(1 << w.n_sym):
        # classes are chains of pairs; an orbit has k! / prod(run!) members per chain
        size = 1
        for a in range(4):
            # a starts a class when no pair ends at a
            start = 1
            for i in range(w.n_sym):
                if w.sym_b[i] == a:
                    start = 0
            if not start:
                continue
            n_members = 1
            members[0] = a
            j = a
            while True:
                for i in range(w.n_sym):
                    if w.sym_a[i] == j:
                        break
                else:
                    break
                j = w.sym_b[i]
                members[n_members] = i      # the pair index linking to the next member
                n_members += 1
            size *= _factorial(n_members)
            run = 1
            for k in range(1, n_members):
                if eq >> members[k] & 1:
                    run += 1
                else:
                    size //= _factorial(run)
                    run = 1
            size //= _factorial(run)
        w.orbit[eq] = size


cdef inline int64_t _factorial(int n) noexcept nogil:
    cdef int64_t out = 1
    cdef int i
    for i in range(2, n + 1):
        out *= i
    return out


cdef inline int _canonical(RankWork* w, int eq, int sub) noexcept nogil:
    """eq after giving rank's dead cards to the suits of ``sub``, or -1 when the assignment is not
    the enumerated one of its orbit (a later suit of a class got a dead card an earlier one,
    equal so far, did not)."""
    cdef int i, x, y
    for i in range(w.n_sym):
        if eq >> i & 1:
            x = sub >> w.sym_a[i] & 1
            y = sub >> w.sym_b[i] & 1
            if x < y:
                return -1
            if x > y:
                eq &= ~(1 << i)
    return eq


cdef void _last_rank_suits(RankWork* w, int r, int d, int x0, int x1, int x2, int x3, int eq) noexcept nogil:
    """The last dead rank's suit choices: each suit's flush term with and without rank r is
    looked up once; a choice's margin is their sum, and its dealer counts are those of keeping
    every suit plus, per suit it takes, that suit's change (counted per suit, summed at the end)."""
    cdef int t, sub, sigma, cat, canon, bit = 1 << r
    cdef int64_t flips = 0, weight
    cdef int f[4]
    cdef int fx[4]
    cdef int64_t change[4]
    cdef int64_t per_suit[4]
    cdef int64_t keep = w.gm, margin
    f[0] = w.suit_left[0] & ~x0
    f[1] = w.suit_left[1] & ~x1
    f[2] = w.suit_left[2] & ~x2
    f[3] = w.suit_left[3] & ~x3
    for sigma in range(4):
        fx[sigma] = f[sigma] & ~bit
        keep += w.phi[4][f[sigma]]
        change[sigma] = w.phi[4][fx[sigma]] - w.phi[4][f[sigma]]
        per_suit[sigma] = 0
    for t in range(w.n_subsets[r][d]):
        sub = w.subsets[r][d][t]
        canon = _canonical(w, eq, sub)
        if canon < 0:
            continue
        w.assignments += 1
        margin = keep
        for sigma in range(4):
            if sub >> sigma & 1:
                margin += change[sigma]
        if plays(margin, w.tie_plays) != w.local:
            weight = w.orbit[canon]
            flips += weight
            for sigma in range(4):
                if sub >> sigma & 1:
                    per_suit[sigma] += weight
    if flips:
        w.enum_flip += flips
        for cat in range(4):
            for sigma in range(4):
                w.enum_flush[cat] += flips * w.phi[cat][f[sigma]] + per_suit[sigma] * (
                    w.phi[cat][fx[sigma]] - w.phi[cat][f[sigma]])


cdef void _add_unsuited(RankWork* w, int64_t times) noexcept nogil:
    """flip += times * (dealer hands avoiding the player and the dead cards, suits ignored):
    inclusion-exclusion over the dead multiset of ranks, kept as coefficients of the rank tables."""
    cdef int i, j, k, ri, rj, rk, a, b, c
    cdef int64_t di, dj, dk
    w.cu0 += times
    for i in range(w.nd):
        ri, di = w.dr[i], w.dd[i]
        w.cu1[ri] += times * di
        w.cu2[ri][ri] += times * (di * (di - 1) // 2)
        w.cu3[ri][ri][ri] += times * (di * (di - 1) * (di - 2) // 6)
        for j in range(w.nd):
            if j == i:
                continue
            rj, dj = w.dr[j], w.dd[j]
            a, b, c = ri, ri, rj
            _sort3(&a, &b, &c)
            w.cu3[a][b][c] += times * (di * (di - 1) // 2) * dj
            if j > i:
                w.cu2[ri][rj] += times * di * dj
                for k in range(j + 1, w.nd):
                    rk, dk = w.dr[k], w.dd[k]
                    w.cu3[ri][rj][rk] += times * di * dj * dk


cdef void _rank_flip_all(RankWork* w) noexcept nogil:
    """Every suit assignment of the dead rank vector flips: add their count and dealer counts
    (unsuited part times the assignments; the flush part sums, over suits and rank triples T,
    delta(T) times the assignments that keep T's cards, by inclusion-exclusion over the dead
    ranks S in T: prod over S of -C(avail - 1, d - 1) times prod over the others of C(avail, d))."""
    cdef int i, j, k
    cdef int64_t mult = 1
    cdef int64_t c0[12]
    cdef int64_t e[12]
    for i in range(w.nd):
        c0[i] = choose(w.avail[w.dr[i]], w.dd[i])
        e[i] = -choose(w.avail[w.dr[i]] - 1, w.dd[i] - 1)
        mult *= c0[i]
    _add_unsuited(w, mult)
    w.n_flip += mult
    w.cf0 += mult
    for i in range(w.nd):
        w.cf1[w.dr[i]] += mult // c0[i] * e[i]
        for j in range(i + 1, w.nd):
            w.cf2[w.dr[i]][w.dr[j]] += mult // c0[i] // c0[j] * e[i] * e[j]
            for k in range(j + 1, w.nd):
                w.cf3[w.dr[i]][w.dr[j]][w.dr[k]] += mult // c0[i] // c0[j] // c0[k] * e[i] * e[j] * e[k]


cdef void _contract(RankWork* w) noexcept nogil:
    """flip[cat] += the accumulated coefficients times the rank tables of the player hand."""
    cdef int r, r2, r3, cat, sigma, full, b1, b2, b3
    for cat in range(4):
        w.flip[cat] += w.cu0 * w.u0[cat]
    for r in range(13):
        for cat in range(4):
            w.flip[cat] -= w.cu1[r] * w.u1[r][cat]
        for r2 in range(r, 13):
            if w.cu2[r][r2]:
                for cat in range(4):
                    w.flip[cat] += w.cu2[r][r2] * w.u2[r][r2][cat]
            for r3 in range(r2, 13):
                if w.cu3[r][r2][r3]:
                    w.flip[w.u3[r][r2][r3]] -= w.cu3[r][r2][r3]
    for sigma in range(4):
        full = w.suit_left[sigma]
        for cat in range(4):
            w.flip[cat] += w.cf0 * w.phi[cat][full]
        for r in range(13):
            b1 = 1 << r
            if not (full & b1):
                continue
            if w.cf1[r]:
                for cat in range(4):
                    w.flip[cat] += w.cf1[r] * (w.phi[cat][full] - w.phi[cat][full ^ b1])
            for r2 in range(r + 1, 13):
                b2 = 1 << r2
                if not (full & b2):
                    continue
                if w.cf2[r][r2]:
                    for cat in range(4):
                        w.flip[cat] += w.cf2[r][r2] * (w.phi[cat][full] - w.phi[cat][full ^ b1]
                                                       - w.phi[cat][full ^ b2] + w.phi[cat][full ^ b1 ^ b2])
                for r3 in range(r2 + 1, 13):
                    b3 = 1 << r3
                    if (full & b3) and w.cf3[r][r2][r3]:
                        for cat in range(4):
                            w.flip[cat] += w.cf3[r][r2][r3] * w.phi[cat][b1 | b2 | b3]


cdef void _clear_flips(RankWork* w) noexcept nogil:
    w.n_flip = 0
    memset(w.flip, 0, sizeof(w.flip))
    w.cu0 = 0
    w.cf0 = 0
    memset(w.cu1, 0, sizeof(w.cu1))
    memset(w.cu2, 0, sizeof(w.cu2))
    memset(w.cu3, 0, sizeof(w.cu3))
    memset(w.cf1, 0, sizeof(w.cf1))
    memset(w.cf2, 0, sizeof(w.cf2))
    memset(w.cf3, 0, sizeof(w.cf3))


cdef bint _subtree_keeps_base(RankWork* w, int r, int remaining) noexcept nogil:
    """Whether every completion of the dead vector (``remaining`` cards of ranks r..) keeps the
    no-information decision: each new card's terms with the cards placed so far are exact (per
    rank), the terms among new cards and the flush part are bounded."""
    cdef int i, rr, k, n = 0, placed = w.n_dead - remaining
    cdef int64_t e, lo, hi, pairs, triples
    cdef int64_t values[13]
    cdef int copies[13]
    cdef int64_t* first = w.first[w.nd]
    for rr in range(r, 13):
        if not w.avail[rr]:
            continue
        # insert e (with how many cards of rank rr a completion may take) in order
        e = first[rr]
        k = w.avail[rr] if w.avail[rr] < remaining else remaining
        i = n
        while i > 0 and values[i - 1] > e:
            values[i] = values[i - 1]
            copies[i] = copies[i - 1]
            i -= 1
        values[i] = e
        copies[i] = k
        n += 1
    lo = w.gm
    hi = w.gm
    k = remaining
    i = 0
    while k > 0 and i < n:
        lo += values[i] * (copies[i] if copies[i] < k else k)
        k -= copies[i] if copies[i] < k else k
        i += 1
    if k > 0:
        return True           # no completion at all
    k = remaining
    i = n - 1
    while k > 0:
        hi += values[i] * (copies[i] if copies[i] < k else k)
        k -= copies[i] if copies[i] < k else k
        i -= 1
    # pairs among new cards; triples with two new cards and one placed, or three new
    pairs = remaining * (remaining - 1) // 2
    triples = pairs * placed + remaining * (remaining - 1) * (remaining - 2) // 6
    lo += pairs * w.um2_lo - triples * w.hi_m
    hi += pairs * w.um2_hi - triples * w.lo_m
    if w.base:
        return plays(lo + w.flush_lo, w.tie_plays)
    return not plays(hi + w.flush_hi, w.tie_plays)


cdef void _rank_dfs(RankWork* w, int r, int remaining) noexcept nogil:
    """Every vector of dead cards per rank (ranks r.. still open, ``remaining`` cards to place),
    keeping the unsuited margin of the vector, and each later rank's terms with it, up to date."""
    cdef int d, i, j, top, rr
    cdef int64_t delta, di, dj, e
    if remaining == 0:
        _rank_leaf(w)
        return
    if r == 13:
        return
    if _subtree_keeps_base(w, r, remaining):
        w.pruned += 1
        return
    # skip: no dead card of rank r
    _rank_dfs(w, r + 1, remaining)
    top = w.avail[r] if w.avail[r] < remaining else remaining
    for d in range(1, top + 1):
        # the unsuited margin gains the inclusion-exclusion terms that hold rank r
        delta = -d * w.um1[r] + (d * (d - 1) // 2) * w.um2[r][r] - (d * (d - 1) * (d - 2) // 6) * w.mk[w.u3[r][r][r]]
        for i in range(w.nd):
            di = w.dd[i]
            delta += di * d * w.um2[w.dr[i]][r]
            delta -= (di * (di - 1) // 2) * d * w.mk[w.u3[w.dr[i]][w.dr[i]][r]]
            delta -= di * (d * (d - 1) // 2) * w.mk[w.u3[w.dr[i]][r][r]]
            for j in range(i + 1, w.nd):
                dj = w.dd[j]
                delta -= di * dj * d * w.mk[w.u3[w.dr[i]][w.dr[j]][r]]
        for rr in range(r + 1, 13):
            e = w.first[w.nd][rr] + d * w.um2[r][rr] - (d * (d - 1) // 2) * w.mk[w.u3[r][r][rr]]
            for i in range(w.nd):
                e -= w.dd[i] * d * w.mk[w.u3[w.dr[i]][r][rr]]
            w.first[w.nd + 1][rr] = e
        w.dr[w.nd] = r
        w.dd[w.nd] = d
        w.nd += 1
        w.gm += delta
        _rank_dfs(w, r + 1, remaining - d)
        w.gm -= delta
        w.nd -= 1


def boxes_by_rank(Game game not None, int n_dead):
    """Tallies when the player sees ``n_dead`` dead cards (3 per other box), dealer hidden: a
    deal is (player hand, the set of dead cards, the dealer hand); the caller multiplies by
    the ways to split the dead cards into boxes.  Returns (tally rows per class, statistics)."""
    if not 1 <= n_dead <= MAX_DEAD or game.n_deck < n_dead + 6:
        raise ValueError("too many dead cards for the deck")
    cdef RankWork* work = <RankWork*>calloc(1, sizeof(RankWork))
    cdef _Tallies out = _Tallies(0, 0)
    cdef PlayerHand hand
    cdef int h, last_s = -1, n = game.n_deck
    cdef int64_t n_sets, per_set, sets_per_hand
    if work == NULL:
        raise MemoryError()
    n_sets = choose(n - 3, n_dead)
    per_set = choose(n - 3 - n_dead, 3)
    sets_per_hand = choose(n - 6, n_dead)
    work.n_dead = n_dead
    try:
        with nogil:
            for h in range(game.n_hands):
                game.enter(h, &hand)
                work.mk = hand.mk
                work.base = hand.base
                work.tie_plays = game.tie_plays
                _clear_flips(work)
                if not _rank_root_decided(game, work, &hand):
                    if hand.s != last_s:
                        _flush_tables(game, work, hand.s)
                        last_s = hand.s
                    _rank_setup(game, work, hand.p0, hand.p1, hand.p2, hand.s)
                    work.borderline += 1
                    _rank_dfs(work, 0, n_dead)
                    _contract(work)
                settle_flips(out.rows[hand.kl], hand.base, hand.weight, hand.base_counts, n_sets, per_set,
                             sets_per_hand, work.n_flip, work.flip)
        stats = {"borderline hands": work.borderline, "rank vectors": work.leaves,
                 "rank vectors enumerated by suit": work.enumerated,
                 "suit assignments": work.assignments,
                 "rank vectors past the quick bound": work.leaves_checked,
                 "subtrees pruned": work.pruned,
                 "rank vectors past the middle bound": work.leaves_middle,
                 "rank vectors flipped whole": work.flip_all}
        return out.class_rows(game.n_classes), stats
    finally:
        free(work)


cdef bint _rank_root_decided(Game game, RankWork* work, const PlayerHand* hand) noexcept nogil:
    """Whether a bound on the margin over every dead set shows one decision for all of them
    (card-level inclusion-exclusion terms: singles exactly ranked, pairs and triples bounded)."""
    cdef int i, j, n_card = hand.n_rest, nd = work.n_dead
    cdef int64_t counts[4]
    cdef int64_t ones[52]
    cdef int64_t lo2 = 1 << 60, hi2 = -(1 << 60), v, lb, ub
    for i in range(n_card):
        game.a1_of(hand.rest[i], counts)
        ones[i] = weigh(hand.mk, counts)
        for j in range(i):
            game.a2_of(hand.rest[j], hand.rest[i], counts)
            v = weigh(hand.mk, counts)
            lo2 = v if v < lo2 else lo2
            hi2 = v if v > hi2 else hi2
    _sort64(ones, n_card)
    lb = hand.m0 + choose(nd, 2) * lo2 - choose(nd, 3) * hand.hi_m
    ub = hand.m0 + choose(nd, 2) * hi2 - choose(nd, 3) * hand.lo_m
    for i in range(nd):
        lb -= ones[n_card - 1 - i]
        ub -= ones[i]
    return (hand.base and plays(lb, work.tie_plays)) or (not hand.base and not plays(ub, work.tie_plays))


cdef void _flush_tables(Game game, RankWork* work, int s) noexcept nogil:
    """Phi[cat][mask] = sum over rank triples T inside mask of (suited - unsuited) dealer
    hands of T in that category, for a player of strength s; Phi[4] the margin weight."""
    cdef int r1, r2, r3, mask, bit, cat, su, ss, cu, cs
    # the unsuited category of every rank triple against a player of strength s (the rank
    # tables of each borderline hand of that strength read it)
    for r1 in range(13):
        for r2 in range(13):
            for r3 in range(13):
                work.u3[r1][r2][r3] = <int8_t>category(
                    strength3(game.ranking, r1 * 4, r2 * 4 + 1, r3 * 4 + 2), s, game.qualify)
    memset(work.phi, 0, sizeof(work.phi))
    if not game.ranking.flush_counts:
        return
    for r1 in range(13):
        for r2 in range(r1 + 1, 13):
            for r3 in range(r2 + 1, 13):
                su = strength3(game.ranking, r1 * 4, r2 * 4 + 1, r3 * 4 + 2)
                ss = strength3(game.ranking, r1 * 4, r2 * 4, r3 * 4)
                cu = category(su, s, game.qualify)
                cs = category(ss, s, game.qualify)
                if cu == cs:
                    continue
                mask = (1 << r1) | (1 << r2) | (1 << r3)
                work.phi[cs][mask] += 1
                work.phi[cu][mask] -= 1
                work.phi[4][mask] += <int32_t>(work.mk[cs] - work.mk[cu])
    for bit in range(13):
        for mask in range(N_MASKS):
            if mask >> bit & 1:
                for cat in range(5):
                    work.phi[cat][mask] += work.phi[cat][mask ^ (1 << bit)]


cdef void _global_flush_bounds(RankWork* work) noexcept nogil:
    """Bounds of the flush part over every set of n_dead dead cards: the n_dead largest
    (smallest) first-order terms, and every pair and triple term at its worst."""
    cdef int64_t ones[52]
    cdef int64_t lo2 = 0, hi2 = 0, lo3 = 0, hi3 = 0, v
    cdef int n = 0, r, r2, sigma, full, nd = work.n_dead, i, mask
    for sigma in range(4):
        full = work.suit_left[sigma]
        for r in range(13):
            if full >> r & 1:
                ones[n] = work.phi[4][full] - work.phi[4][full ^ (1 << r)]
                n += 1
    _sort64(ones, n)
    for r in range(13):
        for r2 in range(13):
            lo2 = work.f2lo[r][r2] if work.f2lo[r][r2] < lo2 else lo2
            hi2 = work.f2hi[r][r2] if work.f2hi[r][r2] > hi2 else hi2
    for mask in range(N_MASKS):
        if _popcount13(mask) == 3:
            v = -work.phi[4][mask]
            lo3 = v if v < lo3 else lo3
            hi3 = v if v > hi3 else hi3
    work.f2_lo, work.f2_hi, work.f3_lo, work.f3_hi = lo2, hi2, lo3, hi3
    work.flush_lo = work.flush_base + choose(nd, 2) * lo2 + choose(nd, 3) * lo3
    work.flush_hi = work.flush_base + choose(nd, 2) * hi2 + choose(nd, 3) * hi3
    for i in range(nd if nd < n else n):
        work.flush_lo -= ones[n - 1 - i]
        work.flush_hi -= ones[i]


cdef void _rank_setup(Game game, RankWork* work, int p0, int p1, int p2, int s) noexcept nogil:
    """Rank tables of one player hand: unsuited counts by inclusion-exclusion on ranks, the
    ranks left per suit, and the flush part's terms and bounds."""
    cdef int r, r2, r3, u, cat, k, i, sigma, mask, full
    cdef int64_t v, lo, hi
    cdef int64_t vals[4]
    cdef int n_vals
    for r in range(13):
        work.avail[r] = 0
    for sigma in range(4):
        work.suit_left[sigma] = 0
    for i in range(game.n_deck):
        u = game.deck[i]
        if u == p0 or u == p1 or u == p2:
            continue
        work.avail[card_rank(u)] += 1
        work.suit_left[card_suit(u)] |= 1 << card_rank(u)
    # U2[r][r2]: third cards for two cards of ranks r, r2; U1, U0 from them
    for r in range(13):
        for r2 in range(13):
            for cat in range(4):
                work.u2[r][r2][cat] = 0
            for r3 in range(13):
                k = work.avail[r3] - (r3 == r) - (r3 == r2)
                if k > 0:
                    work.u2[r][r2][work.u3[r][r2][r3]] += k
    for cat in range(4):
        work.u0[cat] = 0
    for r in range(13):
        for cat in range(4):
            v = 0
            for r2 in range(13):
                k = work.avail[r2] - (r2 == r)
                if k > 0:
                    v += k * work.u2[r][r2][cat]
            work.u1[r][cat] = v // 2
            work.u0[cat] += work.avail[r] * (v // 2)
    for cat in range(4):
        work.u0[cat] //= 3
    work.um0 = weigh(work.mk, work.u0)
    work.um2_lo, work.um2_hi = 1 << 60, -(1 << 60)
    for r in range(13):
        work.um1[r] = weigh(work.mk, work.u1[r])
        for r2 in range(13):
            work.um2[r][r2] = weigh(work.mk, work.u2[r][r2])
            if work.avail[r] and work.avail[r2] and (r != r2 or work.avail[r] > 1):
                work.um2_lo = work.um2[r][r2] if work.um2[r][r2] < work.um2_lo else work.um2_lo
                work.um2_hi = work.um2[r][r2] if work.um2[r][r2] > work.um2_hi else work.um2_hi
    # flush part: base, first-order terms per (suit, rank) and their bounds per rank
    work.flush_base = 0
    for sigma in range(4):
        full = work.suit_left[sigma]
        work.flush_base += work.phi[4][full]
    for r in range(13):
        n_vals = 0
        for sigma in range(4):
            full = work.suit_left[sigma]
            if full >> r & 1:
                vals[n_vals] = work.phi[4][full] - work.phi[4][full ^ (1 << r)]
                n_vals += 1
        _sort64(vals, n_vals)
        work.lo1[r][0] = work.hi1[r][0] = 0
        for k in range(1, n_vals + 1):
            work.lo1[r][k] = work.lo1[r][k - 1] - vals[n_vals - k]     # remove the largest first
            work.hi1[r][k] = work.hi1[r][k - 1] - vals[k - 1]
        # the suits of rank r, as subsets of each size (bit sigma: that card is dead)
        for k in range(5):
            work.n_subsets[r][k] = 0
        for mask in range(16):
            k = 0
            for sigma in range(4):
                if mask >> sigma & 1:
                    if not (work.suit_left[sigma] >> r & 1):
                        k = -1
                        break
                    k += 1
            if k >= 0:
                work.subsets[r][k][work.n_subsets[r][k]] = mask
                work.n_subsets[r][k] += 1
    for r in range(13):
        for r2 in range(13):
            lo, hi = 0, 0
            if r != r2:
                for sigma in range(4):
                    full = work.suit_left[sigma]
                    if (full >> r & 1) and (full >> r2 & 1):
                        v = (work.phi[4][full] - work.phi[4][full ^ (1 << r)] - work.phi[4][full ^ (1 << r2)]
                             + work.phi[4][full ^ (1 << r) ^ (1 << r2)])
                        lo = v if v < lo else lo
                        hi = v if v > hi else hi
            work.f2lo[r][r2] = lo
            work.f2hi[r][r2] = hi
    work.lo_m = work.hi_m = work.mk[0]
    for cat in range(4):
        work.lo_m = work.mk[cat] if work.mk[cat] < work.lo_m else work.lo_m
        work.hi_m = work.mk[cat] if work.mk[cat] > work.hi_m else work.hi_m
    _global_flush_bounds(work)
    _suit_symmetry(work)
    for r in range(13):
        work.first[0][r] = -work.um1[r]
    work.nd = 0
    work.gm = work.um0
