# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact tallies of a three-card game when the player sees more than his hand.  No paytable here.

The caller gives, per hand class, the integer decision coefficients (a, b, c, d) of
engines.three_card.solve.scaled_coefficients: with N dealer hands of which nq do not qualify, dw beat
the player, tie tie and pw lose to him, the player plays iff a*nq + b*pw + c*dw + d*N > 0 (or
= 0 when ties play).  Per dealer hand that is a weight m[cat] (nq: a+d, dw: c+d, tie: d, pw: b+d),
so the margin of any set of dealer hands is a sum of weights.  Every function returns integer
tallies per hand class x (fold, dealer-not-qualify, lose, push, win), counted in equally likely
deals, exactly the ``tally`` of engines.three_card.solve.Solution.

What is seen (see oddscalc/engines/three_card/exposure.py for the deals each case counts):

* ``dealer_cards(k)``: k of the dealer's three cards;
* ``sorted_cards(k)``: for k dealer cards only whether each has a rank of the sorted set R;
* ``boxes_by_card(1)`` / ``boxes_by_rank(n_dead)``: other boxes' cards (dead cards), dealer hidden.

How it counts:

* suit symmetry: on a deck where every rank has four suits or none, only one player hand per
  suit-permutation class is dealt, with its class size as weight;
* per player hand P, relative tables by inclusion-exclusion on cumulative strength counts:
  A2[c][d][cat] = dealer hands avoiding P that hold cards c and d, per category (not qualifying,
  above, equal, below the player); A1[c] = sum over d of A2[c][d] / 2; A0 = sum of A1 / 3.  A
  seen card u gives the counts A1[u], a seen pair A2[u][v]; dead cards D give
  A0 - sum A1[x] + sum A2[x][y] - [D itself] (inclusion-exclusion over the known cards);
* law of total expectation: a hand whose decision is provably the same for every observation
  (bounds on its margin) contributes its no-information counts, so only borderline hands are
  enumerated, and only the observations where the decision differs from the no-information one
  are tallied (as a correction of the no-information tally);
* more dead cards (two boxes: six) are enumerated by ranks, not cards: with suits ignored the
  dealer counts depend only on how many cards of each rank are dead (the unsuited part, by
  inclusion-exclusion on rank tables), and the suits only move the suited (flush) hands, whose
  margin is a sum over suits of a table Phi[ranks left in that suit].  A rank vector whose flush
  part cannot move its decision is settled in closed form; the others enumerate their suit
  assignments.
"""
from libc.stdint cimport uint8_t, int8_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, card_rank, card_suit, choose, mark_cards, next_combination
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3
from oddscalc._native.showdown cimport SHOWDOWN_NOT_QUALIFY, showdown

cdef enum:
    NQ = 0             # a dealer hand that does not qualify
    DW = 1             # ... qualifies and beats the player
    TIE = 2            # ... qualifies and ties
    PW = 3             # ... qualifies and loses to the player
    MAX_CLASSES = 16
    N_MASKS = 8192     # subsets of the 13 ranks
    MAX_DEAD = 9       # the tallies of more dead cards on a full deck would pass 2^63 deals

# index of a tally row: RESULTS of engines.three_card.solve (fold first, then the categories above)
FOLD_ROW = 0


cdef inline int category(int dealer, int player, int qualify) noexcept nogil:
    # NQ, DW, TIE and PW are the shared showdown's results less one (no fold here)
    return showdown(player, dealer, qualify) - SHOWDOWN_NOT_QUALIFY


cdef inline bint plays(int64_t margin, bint tie_plays) noexcept nogil:
    return margin > 0 or (margin == 0 and tie_plays)


cdef inline int64_t weigh(const int64_t* m, const int64_t* counts) noexcept nogil:
    return m[0] * counts[0] + m[1] * counts[1] + m[2] * counts[2] + m[3] * counts[3]


cdef inline void settle(int64_t* row, bint play, int64_t weight, const int64_t* counts) noexcept nogil:
    """Add ``weight`` times one situation's dealer counts to a tally row (fold: all in FOLD)."""
    if play:
        row[1] += weight * counts[NQ]
        row[2] += weight * counts[DW]
        row[3] += weight * counts[TIE]
        row[4] += weight * counts[PW]
    else:
        row[0] += weight * (counts[0] + counts[1] + counts[2] + counts[3])


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


cdef inline int _hand_key(int a, int b, int c) noexcept nogil:
    """Sorted three cards as one integer (for comparing suit images)."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return (a * 52 + b) * 52 + c


cdef inline int _popcount13(int mask) noexcept nogil:
    cdef int n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


cdef inline void _keep_top3(int64_t* top, int64_t v) noexcept nogil:
    if v > top[0]:
        top[2] = top[1]
        top[1] = top[0]
        top[0] = v
    elif v > top[1]:
        top[2] = top[1]
        top[1] = v
    elif v > top[2]:
        top[2] = v


cdef inline void _keep_bottom3(int64_t* bottom, int64_t v) noexcept nogil:
    if v < bottom[0]:
        bottom[2] = bottom[1]
        bottom[1] = bottom[0]
        bottom[0] = v
    elif v < bottom[1]:
        bottom[2] = bottom[1]
        bottom[1] = v
    elif v < bottom[2]:
        bottom[2] = v


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


cdef inline void _settle_flips(int64_t* row, bint base, int64_t weight, const int64_t* base_counts,
                               int64_t n_sets, int64_t per_set, int64_t sets_per_hand, int64_t n_flip,
                               const int64_t* flip_counts) noexcept nogil:
    """Tally one player hand: every one of its ``n_sets`` observations takes the no-information
    decision ``base`` except ``n_flip`` of them, whose dealer counts add up to ``flip_counts``.
    Each observation meets ``per_set`` dealer hands, and each dealer hand avoiding the player
    (``base_counts`` per category) is met by ``sets_per_hand`` observations."""
    cdef int cat
    if base:
        for cat in range(4):
            row[1 + cat] += weight * (base_counts[cat] * sets_per_hand - flip_counts[cat])
        row[0] += weight * n_flip * per_set
    else:
        for cat in range(4):
            row[1 + cat] += weight * flip_counts[cat]
        row[0] += weight * (n_sets - n_flip) * per_set


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


cdef struct Relative:
    # dealer hands avoiding the player's cards, per hand class of the sorted set (cls) and category
    int32_t* a2        # [cls][52][52][4]
    int64_t* a1        # [cls][52][4]
    int64_t a0[4][4]   # [cls][4]


cdef struct PlayerHand:
    # what every case needs of one canonical player hand (Game._enter fills it)
    int p0, p1, p2
    int s, kl                  # its strength and class
    int64_t weight             # the situations it stands for
    int64_t* mk                # the class's margin per dealer category
    int64_t lo_m, hi_m         # the least and greatest of those margins
    int64_t base_counts[4]     # dealer hands avoiding it, per category
    int64_t m0                 # the margin seeing nothing more
    bint base                  # the play seeing nothing more
    int n_rest
    int rest[52]               # the deck's other cards


cdef class Tallies:
    """What a case adds up: per player-hand class the five tally columns, and per (observation,
    strength) the situations played and folded, the strategy tables of the cases that have them."""
    cdef int64_t rows[MAX_CLASSES][5]
    cdef int64_t* decided      # [played, folded][observation][strength]
    cdef int n_obs, n_strengths

    def __cinit__(self, int n_obs, int n_strengths):
        memset(self.rows, 0, sizeof(self.rows))
        self.n_obs = n_obs
        self.n_strengths = n_strengths
        self.decided = <int64_t*>calloc(2 * n_obs * n_strengths + 1, sizeof(int64_t))
        if self.decided == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.decided)

    cdef inline void record(self, int obs, const PlayerHand* hand, bint play) noexcept nogil:
        self.decided[((0 if play else self.n_obs) + obs) * self.n_strengths + hand.s] += hand.weight

    cdef list class_rows(self, int n_classes):
        return [tuple(self.rows[kl][i] for i in range(5)) for kl in range(n_classes)]


cdef class BoxScratch:
    """The per-card and per-pair arrays of the one-box cases: margins of single cards (m1) and of
    pairs (pair: a margin or a dealer category), and how many flipped triples hold each card (c1)
    and each pair (c2)."""
    cdef int64_t* m1
    cdef int64_t* pair
    cdef int64_t* c1
    cdef int64_t* c2

    def __cinit__(self):
        self.m1 = <int64_t*>malloc(N_CARDS * sizeof(int64_t))
        self.c1 = <int64_t*>malloc(N_CARDS * sizeof(int64_t))
        self.pair = <int64_t*>malloc(N_CARDS * N_CARDS * sizeof(int64_t))
        self.c2 = <int64_t*>malloc(N_CARDS * N_CARDS * sizeof(int64_t))
        if self.m1 == NULL or self.c1 == NULL or self.pair == NULL or self.c2 == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.m1)
        free(self.c1)
        free(self.pair)
        free(self.c2)


cdef class Game:
    """A deck, a ranking, a qualifier and per-class decision coefficients; the tables every case uses.

    ``klass``: hand-class index of every strength; ``coefficients``: (a, b, c, d) per class index;
    ``sorted_ranks``: the ranks (0..12) of the sorted set, or () when nothing is sorted; ``ties``:
    0 a tie with a qualifying dealer pushes, 1 the player wins it, 2 the dealer does.
    """
    cdef ThreeCardRanking ranking
    cdef readonly int qualify, n_strengths, n_deck, n_classes, n_cls
    cdef readonly bint tie_plays, symmetric
    cdef int width
    cdef uint8_t in_deck[52]
    cdef int deck[52]
    cdef uint8_t cls_of_card[52]
    cdef int* klass
    cdef int64_t m[MAX_CLASSES][4]
    cdef uint8_t* below2           # [cls][52][52][width]: hands {c, d, e} of the deck weaker than t
    cdef int n_hands
    cdef int* hands                # canonical player hands, 3 cards each, by strength
    cdef int64_t* hand_weight
    cdef Relative rel

    def __cinit__(self, ThreeCardRanking ranking, deck, int qualify, klass, coefficients,
                  bint tie_plays, sorted_ranks=(), int ties=0):
        cdef int i
        self.klass = NULL
        self.below2 = NULL
        self.hands = NULL
        self.hand_weight = NULL
        self.rel.a2 = NULL
        self.rel.a1 = NULL
        self.ranking = ranking
        self.qualify = qualify
        self.tie_plays = tie_plays
        self.n_strengths = ranking.n_strengths
        self.width = ranking.n_strengths + 1
        if len(klass) != ranking.n_strengths:
            raise ValueError("one class index per strength is needed")
        if not 0 <= qualify <= ranking.n_strengths or not 0 <= ties <= 2:
            raise ValueError("qualify must be a strength (or n_strengths: never) and ties 0, 1 or 2")
        self.n_classes = len(coefficients)
        if not 0 < self.n_classes <= MAX_CLASSES:
            raise ValueError(f"between 1 and {MAX_CLASSES} hand classes are needed")
        self.klass = <int*>malloc(self.n_strengths * sizeof(int))
        if self.klass == NULL:
            raise MemoryError()
        for i in range(self.n_strengths):
            if not 0 <= klass[i] < self.n_classes:
                raise ValueError("class index out of range")
            self.klass[i] = klass[i]
        for i, (a, b, cc, dd) in enumerate(coefficients):
            self.m[i][NQ] = a + dd
            self.m[i][DW] = cc + dd
            self.m[i][TIE] = dd
            self.m[i][PW] = b + dd
            # a tie settled for the player (1) or the dealer (2) weighs as that result; the
            # tallies still count it as a push, and the caller settles it
            if ties == 1:
                self.m[i][TIE] = self.m[i][PW]
            elif ties == 2:
                self.m[i][TIE] = self.m[i][DW]
        memset(self.in_deck, 0, sizeof(self.in_deck))
        cards = sorted(deck)
        if len(set(cards)) != len(cards) or any(not 0 <= x < N_CARDS for x in cards):
            raise ValueError("the deck must hold distinct card codes 0..51")
        self.n_deck = len(cards)
        for i, x in enumerate(cards):
            self.deck[i] = x
            self.in_deck[x] = 1
        if self.n_deck < 9:
            raise ValueError(f"a deck of {self.n_deck} cards is too small")
        ranks = set(sorted_ranks)
        self.n_cls = 4 if ranks else 1
        for x in range(N_CARDS):
            self.cls_of_card[x] = 1 if (ranks and (x >> 2) in ranks) else 0
        self.symmetric = all(sum(self.in_deck[4 * r + u] for u in range(4)) in (0, 4) for r in range(13))
        self._build_tables()
        self._build_hands()
        self.rel.a2 = <int32_t*>calloc(self.n_cls * N_CARDS * N_CARDS * 4, sizeof(int32_t))
        self.rel.a1 = <int64_t*>calloc(self.n_cls * N_CARDS * 4, sizeof(int64_t))
        if self.rel.a2 == NULL or self.rel.a1 == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.klass)
        free(self.below2)
        free(self.hands)
        free(self.hand_weight)
        free(self.rel.a2)
        free(self.rel.a1)

    cdef void _build_tables(self) except *:
        cdef int w = self.width, n = self.n_deck, i, j, k, c, d, e, t, cls
        cdef uint8_t* row
        cdef uint8_t* mirror
        self.below2 = <uint8_t*>calloc(self.n_cls * N_CARDS * N_CARDS * w, 1)
        if self.below2 == NULL:
            raise MemoryError()
        with nogil:
            for i in range(n):
                c = self.deck[i]
                for j in range(i + 1, n):
                    d = self.deck[j]
                    for k in range(n):
                        e = self.deck[k]
                        if e == c or e == d:
                            continue
                        cls = self._cls3(c, d, e)
                        row = self.below2 + ((cls * N_CARDS + c) * N_CARDS + d) * w
                        row[strength3(self.ranking, c, d, e) + 1] += 1
                    for cls in range(self.n_cls):
                        row = self.below2 + ((cls * N_CARDS + c) * N_CARDS + d) * w
                        mirror = self.below2 + ((cls * N_CARDS + d) * N_CARDS + c) * w
                        for t in range(1, w):
                            row[t] += row[t - 1]
                        for t in range(w):
                            mirror[t] = row[t]

    cdef inline int _cls3(self, int a, int b, int c) noexcept nogil:
        return self.cls_of_card[a] + self.cls_of_card[b] + self.cls_of_card[c]

    cdef void _build_hands(self) except *:
        """Player hands by strength; on a suit-symmetric deck one per suit-permutation class."""
        cdef int n = self.n_deck, i, j, k, a, b, c, p, x, y, z, images, total = 0
        cdef int perms[24][4]
        cdef int seen[24]
        cdef int key, best
        p = 0
        for x in range(4):
            for y in range(4):
                for z in range(4):
                    if x != y and y != z and x != z:
                        perms[p][0], perms[p][1], perms[p][2], perms[p][3] = x, y, z, 6 - x - y - z
                        p += 1
        found = []
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    a, b, c = self.deck[i], self.deck[j], self.deck[k]
                    if not self.symmetric:
                        found.append((strength3(self.ranking, a, b, c), a, b, c, 1))
                        continue
                    key = _hand_key(a, b, c)
                    images = 0
                    best = key
                    for p in range(24):
                        y = _hand_key(card_rank(a) * 4 + perms[p][card_suit(a)],
                                      card_rank(b) * 4 + perms[p][card_suit(b)],
                                      card_rank(c) * 4 + perms[p][card_suit(c)])
                        if y < best:
                            best = y
                        for x in range(images):
                            if seen[x] == y:
                                break
                        else:
                            seen[images] = y
                            images += 1
                    if best == key:
                        found.append((strength3(self.ranking, a, b, c), a, b, c, images))
        found.sort()
        self.n_hands = len(found)
        self.hands = <int*>malloc(3 * self.n_hands * sizeof(int))
        self.hand_weight = <int64_t*>malloc(self.n_hands * sizeof(int64_t))
        if self.hands == NULL or self.hand_weight == NULL:
            raise MemoryError()
        for i, (s, a, b, c, images) in enumerate(found):
            self.hands[3 * i], self.hands[3 * i + 1], self.hands[3 * i + 2] = a, b, c
            self.hand_weight[i] = images
            total += images
        if total != n * (n - 1) * (n - 2) // 6:
            raise AssertionError("suit classes do not cover every player hand")

    @property
    def hand_classes(self):
        """Player hands dealt (one per suit class on a symmetric deck)."""
        return self.n_hands

    # ------------------------------------------------------------------ per player hand tables

    cdef void relative(self, int p0, int p1, int p2, int s) noexcept nogil:
        """Fill self.rel for the player hand p0 p1 p2 of strength s (see the module docstring)."""
        cdef int w = self.width, q = self.qualify, n = self.n_deck, i, j, c, d, cls, cat, x, u
        cdef int player[3]
        cdef uint8_t* row
        cdef int64_t counts[4]
        cdef int64_t total, bq, bs, bs1
        cdef int32_t* out
        cdef int32_t* mirror
        player[0], player[1], player[2] = p0, p1, p2
        memset(self.rel.a1, 0, self.n_cls * N_CARDS * 4 * sizeof(int64_t))
        memset(self.rel.a0, 0, sizeof(self.rel.a0))
        for i in range(n):
            c = self.deck[i]
            if c == p0 or c == p1 or c == p2:
                continue
            for j in range(i + 1, n):
                d = self.deck[j]
                if d == p0 or d == p1 or d == p2:
                    continue
                for cls in range(self.n_cls):
                    row = self.below2 + ((cls * N_CARDS + c) * N_CARDS + d) * w
                    total, bq = row[w - 1], row[q]
                    counts[NQ] = bq
                    if s >= q:
                        bs, bs1 = row[s], row[s + 1]
                        counts[PW] = bs - bq
                        counts[TIE] = bs1 - bs
                        counts[DW] = total - bs1
                    else:
                        counts[PW] = 0
                        counts[TIE] = 0
                        counts[DW] = total - bq
                    for u in range(3):
                        x = player[u]
                        if self._cls3(c, d, x) == cls:
                            counts[category(strength3(self.ranking, c, d, x), s, q)] -= 1
                    out = self.rel.a2 + ((cls * N_CARDS + c) * N_CARDS + d) * 4
                    mirror = self.rel.a2 + ((cls * N_CARDS + d) * N_CARDS + c) * 4
                    for cat in range(4):
                        out[cat] = <int32_t>counts[cat]
                        mirror[cat] = <int32_t>counts[cat]
                        self.rel.a1[(cls * N_CARDS + c) * 4 + cat] += counts[cat]
                        self.rel.a1[(cls * N_CARDS + d) * 4 + cat] += counts[cat]
        for cls in range(self.n_cls):
            for i in range(n):
                c = self.deck[i]
                for cat in range(4):
                    # every hand holding c was counted through both of its other cards
                    self.rel.a1[(cls * N_CARDS + c) * 4 + cat] //= 2
                    self.rel.a0[cls][cat] += self.rel.a1[(cls * N_CARDS + c) * 4 + cat]
            for cat in range(4):
                self.rel.a0[cls][cat] //= 3

    cdef inline void a1_of(self, int c, int64_t* out) noexcept nogil:
        """Dealer hands avoiding the player holding card c, per category (all sorted classes)."""
        cdef int cls, cat
        for cat in range(4):
            out[cat] = 0
        for cls in range(self.n_cls):
            for cat in range(4):
                out[cat] += self.rel.a1[(cls * N_CARDS + c) * 4 + cat]

    cdef inline void a2_of(self, int c, int d, int64_t* out) noexcept nogil:
        cdef int cls, cat
        cdef int32_t* row
        for cat in range(4):
            out[cat] = 0
        for cls in range(self.n_cls):
            row = self.rel.a2 + ((cls * N_CARDS + c) * N_CARDS + d) * 4
            for cat in range(4):
                out[cat] += row[cat]

    cdef inline void a0_of(self, int64_t* out) noexcept nogil:
        cdef int cls, cat
        for cat in range(4):
            out[cat] = 0
            for cls in range(self.n_cls):
                out[cat] += self.rel.a0[cls][cat]

    cdef inline void _enter(self, int h, PlayerHand* hand) noexcept nogil:
        """Set up the h-th canonical player hand: its cards, strength, class and weight, the
        relative tables, the decision seeing nothing more and the deck's other cards."""
        cdef int i, x, cat
        hand.p0, hand.p1, hand.p2 = self.hands[3 * h], self.hands[3 * h + 1], self.hands[3 * h + 2]
        hand.weight = self.hand_weight[h]
        hand.s = strength3(self.ranking, hand.p0, hand.p1, hand.p2)
        hand.kl = self.klass[hand.s]
        hand.mk = self.m[hand.kl]
        self.relative(hand.p0, hand.p1, hand.p2, hand.s)
        self.a0_of(hand.base_counts)
        hand.m0 = weigh(hand.mk, hand.base_counts)
        hand.base = plays(hand.m0, self.tie_plays)
        hand.lo_m = hand.hi_m = hand.mk[0]
        for cat in range(4):
            hand.lo_m = hand.mk[cat] if hand.mk[cat] < hand.lo_m else hand.lo_m
            hand.hi_m = hand.mk[cat] if hand.mk[cat] > hand.hi_m else hand.hi_m
        hand.n_rest = 0
        for i in range(self.n_deck):
            x = self.deck[i]
            if x != hand.p0 and x != hand.p1 and x != hand.p2:
                hand.rest[hand.n_rest] = x
                hand.n_rest += 1

    # ------------------------------------------------------------------ dealer cards seen

    def dealer_cards(self, int k):
        """Tallies when the player sees k of the dealer's cards (k = 0..3), and for k = 1 the
        decisions per (upcard rank, strength): a deal is (player hand, the k seen cards, the
        3 - k hidden ones).  Returns (tally rows per class, groups); groups are
        (upcard rank, strength, situations played, situations folded, a, b, c) (k = 1 only)."""
        if not 0 <= k <= 3:
            raise ValueError("k must be 0..3")
        cdef Tallies out = Tallies(13, self.n_strengths)
        cdef PlayerHand hand
        cdef int64_t counts[4]
        cdef int64_t one[4]
        cdef int h, i, j, u, cat, play
        with nogil:
            for h in range(self.n_hands):
                self._enter(h, &hand)
                if k == 0:
                    settle(out.rows[hand.kl], hand.base, hand.weight, hand.base_counts)
                elif k == 3:
                    # the whole dealer hand is seen: each category decides on its own
                    for cat in range(4):
                        one[0], one[1], one[2], one[3] = 0, 0, 0, 0
                        one[cat] = hand.base_counts[cat]
                        settle(out.rows[hand.kl], plays(hand.mk[cat], self.tie_plays), hand.weight, one)
                else:
                    for i in range(hand.n_rest):
                        u = hand.rest[i]
                        if k == 1:
                            self.a1_of(u, counts)
                            play = plays(weigh(hand.mk, counts), self.tie_plays)
                            settle(out.rows[hand.kl], play, hand.weight, counts)
                            out.record(card_rank(u), &hand, play)
                            continue
                        for j in range(i + 1, hand.n_rest):
                            self.a2_of(u, hand.rest[j], counts)
                            settle(out.rows[hand.kl], plays(weigh(hand.mk, counts), self.tie_plays),
                                   hand.weight, counts)
        return out.class_rows(self.n_classes), (self._groups(out) if k == 1 else [])

    def sorted_cards(self, int k):
        """Tallies when the player sees, for k of the dealer's cards, only whether each has a rank
        of the sorted set (the Game's ``sorted_ranks``): the observation is j, how many of the k
        do.  A deal is (player hand, the k cards looked at, the others), as in dealer_cards.
        Returns (tally rows per class, groups (j, strength, played, folded, a, b, c))."""
        if not 1 <= k <= 3:
            raise ValueError("k must be 1..3")
        if self.n_cls != 4:
            raise ValueError("the Game has no sorted ranks")
        cdef Tallies out = Tallies(4, self.n_strengths)
        cdef PlayerHand hand
        cdef int64_t counts[4]
        cdef int h, j, r, cat, play
        with nogil:
            for h in range(self.n_hands):
                self._enter(h, &hand)
                for j in range(k + 1):
                    # a dealer hand with r sorted cards shows j of them among k in C(r,j)C(3-r,k-j) ways
                    for cat in range(4):
                        counts[cat] = 0
                        for r in range(4):
                            counts[cat] += self.rel.a0[r][cat] * choose(r, j) * choose(3 - r, k - j)
                    if counts[0] + counts[1] + counts[2] + counts[3] == 0:
                        continue
                    play = plays(weigh(hand.mk, counts), self.tie_plays)
                    settle(out.rows[hand.kl], play, hand.weight, counts)
                    out.record(j, &hand, play)
        return out.class_rows(self.n_classes), self._groups(out)

    cdef list _groups(self, Tallies out):
        cdef int64_t* played = out.decided
        cdef int64_t* folded = out.decided + out.n_obs * self.n_strengths
        example = {}
        for h in range(self.n_hands):
            s = strength3(self.ranking, self.hands[3 * h], self.hands[3 * h + 1], self.hands[3 * h + 2])
            example.setdefault(s, (self.hands[3 * h + 2], self.hands[3 * h + 1], self.hands[3 * h]))
        groups = []
        for obs in range(out.n_obs):
            for s in sorted(example):
                i = obs * self.n_strengths + s
                if played[i] or folded[i]:
                    groups.append((obs, s, played[i], folded[i], *example[s]))
        return groups

    # ------------------------------------------------------------------ one situation

    def situation(self, hand, dealer_seen=(), dead=(), int sorted_k=0, int sorted_j=-1):
        """Dealer counts (nq, dw, tie, pw) of one observed situation: the player's ``hand``, the
        dealer's cards seen (``dealer_seen``), dead cards seen (other boxes), and for a sorted
        observation (``sorted_k`` cards looked at, ``sorted_j`` of them sorted) each dealer hand
        weighted by the ways it shows j.  Dealer hands hold every seen dealer card."""
        cdef uint8_t marked[52]
        if len(hand) != 3 or len(dealer_seen) > 3:
            raise ValueError("a hand is three cards and the dealer has three")
        memset(marked, 0, sizeof(marked))
        mark_cards(hand, marked)
        mark_cards(dealer_seen, marked)
        mark_cards(dead, marked)
        known = [*hand, *dealer_seen, *dead]
        if any(not self.in_deck[c] for c in known):
            raise ValueError("the hand, seen and dead cards must be cards of the deck")
        cdef int s = strength3(self.ranking, hand[0], hand[1], hand[2]), q = self.qualify
        cdef int n_seen = len(dealer_seen), i, j, k, x, r, a, b, c
        cdef int64_t counts[4]
        cdef int64_t wt
        rest = []
        for i in range(self.n_deck):
            if self.deck[i] not in known:
                rest.append(self.deck[i])
        seen = list(dealer_seen)
        counts[0] = counts[1] = counts[2] = counts[3] = 0
        n = len(rest)
        if n_seen == 3:
            counts[category(strength3(self.ranking, seen[0], seen[1], seen[2]), s, q)] += 1
        elif n_seen == 2:
            for x in rest:
                counts[category(strength3(self.ranking, seen[0], seen[1], x), s, q)] += 1
        elif n_seen == 1:
            for i in range(n):
                for j in range(i + 1, n):
                    counts[category(strength3(self.ranking, seen[0], rest[i], rest[j]), s, q)] += 1
        else:
            for i in range(n):
                a = rest[i]
                for j in range(i + 1, n):
                    b = rest[j]
                    for k in range(j + 1, n):
                        c = rest[k]
                        wt = 1
                        if sorted_k:
                            r = self._cls3(a, b, c) if self.n_cls == 4 else 0
                            wt = choose(r, sorted_j) * choose(3 - r, sorted_k - sorted_j)
                        counts[category(strength3(self.ranking, a, b, c), s, q)] += wt
        return counts[NQ], counts[DW], counts[TIE], counts[PW]

    # ------------------------------------------------------------------ other boxes, card by card

    def boxes_by_card(self, int boxes=1):
        """Tallies when the player sees one other box (three dead cards), dealer hidden: a deal is
        (player hand, the box, the dealer hand).  Every dead triple of a borderline player hand is
        priced by inclusion-exclusion in O(1).  Returns (tally rows per class, borderline hands)."""
        if boxes != 1:
            raise ValueError("boxes_by_card prices one box; use boxes_by_rank for more")
        cdef Tallies out = Tallies(0, 0)
        cdef PlayerHand hand
        cdef int64_t flip_counts[4]
        cdef int64_t margin, mx, mxy, lb, ub, n_flip, n_dead_sets, per_set
        cdef int64_t c3[4]
        cdef int h, i, j, k, x, y, z, cat, n = self.n_deck, borderline = 0
        cdef int64_t top[3]
        cdef int64_t bottom[3]
        cdef int64_t lo2, hi2, v
        cdef BoxScratch work = BoxScratch()
        cdef int64_t counts[4]
        n_dead_sets = choose(n - 3, 3)
        per_set = choose(n - 6, 3)
        with nogil:
            for h in range(self.n_hands):
                self._enter(h, &hand)
                # margins of the relative tables, and bounds over every dead triple
                top[0] = top[1] = top[2] = -(1 << 60)
                bottom[0] = bottom[1] = bottom[2] = 1 << 60
                lo2, hi2 = 1 << 60, -(1 << 60)
                for i in range(hand.n_rest):
                    x = hand.rest[i]
                    self.a1_of(x, counts)
                    v = weigh(hand.mk, counts)
                    work.m1[x] = v
                    _keep_top3(top, v)
                    _keep_bottom3(bottom, v)
                    for j in range(i + 1, hand.n_rest):
                        y = hand.rest[j]
                        self.a2_of(x, y, counts)
                        v = weigh(hand.mk, counts)
                        work.pair[x * N_CARDS + y] = v
                        lo2 = v if v < lo2 else lo2
                        hi2 = v if v > hi2 else hi2
                lb = hand.m0 - top[0] - top[1] - top[2] + 3 * lo2 - hand.hi_m
                ub = hand.m0 - bottom[0] - bottom[1] - bottom[2] + 3 * hi2 - hand.lo_m
                n_flip = 0
                c3[0] = c3[1] = c3[2] = c3[3] = 0
                if (hand.base and plays(lb, self.tie_plays)) or (not hand.base and not plays(ub, self.tie_plays)):
                    pass      # the same decision whatever the box holds
                else:
                    borderline += 1
                    memset(work.c1, 0, N_CARDS * sizeof(int64_t))
                    memset(work.c2, 0, N_CARDS * N_CARDS * sizeof(int64_t))
                    for i in range(hand.n_rest):
                        x = hand.rest[i]
                        mx = hand.m0 - work.m1[x]
                        for j in range(i + 1, hand.n_rest):
                            y = hand.rest[j]
                            mxy = mx - work.m1[y] + work.pair[x * N_CARDS + y]
                            for k in range(j + 1, hand.n_rest):
                                z = hand.rest[k]
                                cat = category(strength3(self.ranking, x, y, z), hand.s, self.qualify)
                                margin = (mxy - work.m1[z] + work.pair[x * N_CARDS + z] + work.pair[y * N_CARDS + z]
                                          - hand.mk[cat])
                                if plays(margin, self.tie_plays) != hand.base:
                                    n_flip += 1
                                    work.c1[x] += 1
                                    work.c1[y] += 1
                                    work.c1[z] += 1
                                    work.c2[x * N_CARDS + y] += 1
                                    work.c2[x * N_CARDS + z] += 1
                                    work.c2[y * N_CARDS + z] += 1
                                    c3[cat] += 1
                # the flipped dead triples' dealer counts, by inclusion-exclusion
                for cat in range(4):
                    flip_counts[cat] = n_flip * hand.base_counts[cat] - c3[cat]
                if n_flip:
                    for i in range(hand.n_rest):
                        x = hand.rest[i]
                        if work.c1[x]:
                            self.a1_of(x, counts)
                            for cat in range(4):
                                flip_counts[cat] -= work.c1[x] * counts[cat]
                        for j in range(i + 1, hand.n_rest):
                            y = hand.rest[j]
                            if work.c2[x * N_CARDS + y]:
                                self.a2_of(x, y, counts)
                                for cat in range(4):
                                    flip_counts[cat] += work.c2[x * N_CARDS + y] * counts[cat]
                _settle_flips(out.rows[hand.kl], hand.base, hand.weight, hand.base_counts, n_dead_sets, per_set,
                              per_set, n_flip, flip_counts)
        return out.class_rows(self.n_classes), borderline

    def upcard_box(self):
        """Tallies of a game with one dealer card face up when the player also sees one other box:
        a deal is (player hand, upcard, the box, the dealer's two other cards).  Per (hand,
        upcard) the dealer hands are the upcard plus two cards, so a dead triple D leaves
        A1[u] - sum over x in D of A2[u][x] + sum over pairs of D of [u x y]; the no-information
        decision is the upcard game's.  Returns (tally rows per class, borderline situations)."""
        cdef Tallies out = Tallies(0, 0)
        cdef PlayerHand hand
        cdef int64_t base_counts[4]
        cdef int64_t flip_counts[4]
        cdef int64_t counts[4]
        cdef int64_t m0, margin, mx, mxy, lb, ub, n_flip, n_sets, per_set, sets_per_hand
        cdef int h, i, j, k, x, y, z, u, cat, n = self.n_deck, n_card, borderline = 0
        cdef bint base
        cdef int64_t top[3]
        cdef int64_t bottom[3]
        cdef int64_t v
        cdef int cards[52]
        cdef BoxScratch work = BoxScratch()
        n_sets = choose(n - 4, 3)
        per_set = choose(n - 7, 2)
        sets_per_hand = choose(n - 6, 3)
        with nogil:
            for h in range(self.n_hands):
                self._enter(h, &hand)
                for i in range(hand.n_rest):
                    u = hand.rest[i]
                    self.a1_of(u, base_counts)
                    m0 = weigh(hand.mk, base_counts)
                    base = plays(m0, self.tie_plays)
                    n_card = 0
                    top[0] = top[1] = top[2] = -(1 << 60)
                    bottom[0] = bottom[1] = bottom[2] = 1 << 60
                    for j in range(hand.n_rest):
                        x = hand.rest[j]
                        if x == u:
                            continue
                        cards[n_card] = x
                        n_card += 1
                        self.a2_of(u, x, counts)
                        v = weigh(hand.mk, counts)
                        work.m1[x] = v
                        _keep_top3(top, v)
                        _keep_bottom3(bottom, v)
                    lb = m0 - top[0] - top[1] - top[2] + 3 * hand.lo_m
                    ub = m0 - bottom[0] - bottom[1] - bottom[2] + 3 * hand.hi_m
                    n_flip = 0
                    if not ((base and plays(lb, self.tie_plays)) or (not base and not plays(ub, self.tie_plays))):
                        borderline += 1
                        memset(work.c1, 0, N_CARDS * sizeof(int64_t))
                        memset(work.c2, 0, N_CARDS * N_CARDS * sizeof(int64_t))
                        for j in range(n_card):
                            x = cards[j]
                            for k in range(j + 1, n_card):
                                y = cards[k]
                                work.pair[x * N_CARDS + y] = category(strength3(self.ranking, u, x, y),
                                                                      hand.s, self.qualify)
                        for j in range(n_card):
                            x = cards[j]
                            mx = m0 - work.m1[x]
                            for k in range(j + 1, n_card):
                                y = cards[k]
                                mxy = mx - work.m1[y] + hand.mk[work.pair[x * N_CARDS + y]]
                                for z in range(k + 1, n_card):
                                    margin = (mxy - work.m1[cards[z]] + hand.mk[work.pair[x * N_CARDS + cards[z]]]
                                              + hand.mk[work.pair[y * N_CARDS + cards[z]]])
                                    if plays(margin, self.tie_plays) != base:
                                        n_flip += 1
                                        work.c1[x] += 1
                                        work.c1[y] += 1
                                        work.c1[cards[z]] += 1
                                        work.c2[x * N_CARDS + y] += 1
                                        work.c2[x * N_CARDS + cards[z]] += 1
                                        work.c2[y * N_CARDS + cards[z]] += 1
                    for cat in range(4):
                        flip_counts[cat] = n_flip * base_counts[cat]
                    if n_flip:
                        for j in range(n_card):
                            x = cards[j]
                            if work.c1[x]:
                                self.a2_of(u, x, counts)
                                for cat in range(4):
                                    flip_counts[cat] -= work.c1[x] * counts[cat]
                            for k in range(j + 1, n_card):
                                y = cards[k]
                                if work.c2[x * N_CARDS + y]:
                                    flip_counts[work.pair[x * N_CARDS + y]] += work.c2[x * N_CARDS + y]
                    _settle_flips(out.rows[hand.kl], base, hand.weight, base_counts, n_sets, per_set, sets_per_hand,
                                  n_flip, flip_counts)
        return out.class_rows(self.n_classes), borderline

    def dead_cards_by_card(self, int n_dead):
        """Tallies as boxes_by_rank(n_dead), but every dead set of every player hand priced card by
        card (inclusion-exclusion over its cards, no bound, no shortcut): a slow cross-check of
        the rank-level enumeration, for reduced decks."""
        if not 1 <= n_dead <= MAX_DEAD or self.n_deck < n_dead + 6:
            raise ValueError("too many dead cards for the deck")
        cdef Tallies out = Tallies(0, 0)
        cdef PlayerHand hand
        cdef int64_t counts[4]
        cdef int64_t one[4]
        cdef int h, i, j, k, cat, changed
        cdef int pick[MAX_DEAD]
        with nogil:
            for h in range(self.n_hands):
                self._enter(h, &hand)
                for i in range(n_dead):
                    pick[i] = i
                changed = 0
                while changed >= 0:
                    for cat in range(4):
                        counts[cat] = hand.base_counts[cat]
                    for i in range(n_dead):
                        self.a1_of(hand.rest[pick[i]], one)
                        for cat in range(4):
                            counts[cat] -= one[cat]
                        for j in range(i + 1, n_dead):
                            self.a2_of(hand.rest[pick[i]], hand.rest[pick[j]], one)
                            for cat in range(4):
                                counts[cat] += one[cat]
                            for k in range(j + 1, n_dead):
                                counts[category(strength3(self.ranking, hand.rest[pick[i]], hand.rest[pick[j]],
                                                          hand.rest[pick[k]]), hand.s, self.qualify)] -= 1
                    settle(out.rows[hand.kl], plays(weigh(hand.mk, counts), self.tie_plays), hand.weight, counts)
                    changed = next_combination(pick, n_dead, hand.n_rest)
        return out.class_rows(self.n_classes)

    # ------------------------------------------------------------------ other boxes, rank by rank

    def boxes_by_rank(self, int n_dead):
        """Tallies when the player sees ``n_dead`` dead cards (3 per other box), dealer hidden: a
        deal is (player hand, the set of dead cards, the dealer hand); the caller multiplies by
        the ways to split the dead cards into boxes.  Returns (tally rows per class, statistics)."""
        if not 1 <= n_dead <= MAX_DEAD or self.n_deck < n_dead + 6:
            raise ValueError("too many dead cards for the deck")
        cdef RankWork* work = <RankWork*>calloc(1, sizeof(RankWork))
        cdef Tallies out = Tallies(0, 0)
        cdef PlayerHand hand
        cdef int h, last_s = -1, n = self.n_deck
        cdef int64_t n_sets, per_set, sets_per_hand
        if work == NULL:
            raise MemoryError()
        n_sets = choose(n - 3, n_dead)
        per_set = choose(n - 3 - n_dead, 3)
        sets_per_hand = choose(n - 6, n_dead)
        work.n_dead = n_dead
        try:
            with nogil:
                for h in range(self.n_hands):
                    self._enter(h, &hand)
                    work.mk = hand.mk
                    work.base = hand.base
                    work.tie_plays = self.tie_plays
                    _clear_flips(work)
                    if not self._rank_root_decided(work, &hand):
                        if hand.s != last_s:
                            self._flush_tables(work, hand.s)
                            last_s = hand.s
                        self._rank_setup(work, hand.p0, hand.p1, hand.p2, hand.s)
                        work.borderline += 1
                        _rank_dfs(work, 0, n_dead)
                        _contract(work)
                    _settle_flips(out.rows[hand.kl], hand.base, hand.weight, hand.base_counts, n_sets, per_set,
                                  sets_per_hand, work.n_flip, work.flip)
            stats = {"borderline hands": work.borderline, "rank vectors": work.leaves,
                     "rank vectors enumerated by suit": work.enumerated,
                     "suit assignments": work.assignments,
                     "rank vectors past the quick bound": work.leaves_checked,
                     "subtrees pruned": work.pruned,
                     "rank vectors past the middle bound": work.leaves_middle,
                     "rank vectors flipped whole": work.flip_all}
            return out.class_rows(self.n_classes), stats
        finally:
            free(work)

    cdef bint _rank_root_decided(self, RankWork* work, const PlayerHand* hand) noexcept nogil:
        """Whether a bound on the margin over every dead set shows one decision for all of them
        (card-level inclusion-exclusion terms: singles exactly ranked, pairs and triples bounded)."""
        cdef int i, j, n_card = hand.n_rest, nd = work.n_dead
        cdef int64_t counts[4]
        cdef int64_t ones[52]
        cdef int64_t lo2 = 1 << 60, hi2 = -(1 << 60), v, lb, ub
        for i in range(n_card):
            self.a1_of(hand.rest[i], counts)
            ones[i] = weigh(hand.mk, counts)
            for j in range(i):
                self.a2_of(hand.rest[j], hand.rest[i], counts)
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

    cdef void _flush_tables(self, RankWork* work, int s) noexcept nogil:
        """Phi[cat][mask] = sum over rank triples T inside mask of (suited - unsuited) dealer
        hands of T in that category, for a player of strength s; Phi[4] the margin weight."""
        cdef int r1, r2, r3, mask, bit, cat, su, ss, cu, cs
        # the unsuited category of every rank triple against a player of strength s (the rank
        # tables of each borderline hand of that strength read it)
        for r1 in range(13):
            for r2 in range(13):
                for r3 in range(13):
                    work.u3[r1][r2][r3] = <int8_t>category(
                        strength3(self.ranking, r1 * 4, r2 * 4 + 1, r3 * 4 + 2), s, self.qualify)
        memset(work.phi, 0, sizeof(work.phi))
        if not self.ranking.flush_counts:
            return
        for r1 in range(13):
            for r2 in range(r1 + 1, 13):
                for r3 in range(r2 + 1, 13):
                    su = strength3(self.ranking, r1 * 4, r2 * 4 + 1, r3 * 4 + 2)
                    ss = strength3(self.ranking, r1 * 4, r2 * 4, r3 * 4)
                    cu = category(su, s, self.qualify)
                    cs = category(ss, s, self.qualify)
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

    cdef void _global_flush_bounds(self, RankWork* work) noexcept nogil:
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

    cdef void _rank_setup(self, RankWork* work, int p0, int p1, int p2, int s) noexcept nogil:
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
        for i in range(self.n_deck):
            u = self.deck[i]
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
        self._global_flush_bounds(work)
        _suit_symmetry(work)
        for r in range(13):
            work.first[0][r] = -work.um1[r]
        work.nd = 0
        work.gm = work.um0
