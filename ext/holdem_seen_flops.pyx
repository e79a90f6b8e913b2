# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Casino Hold'em when the player sees more at his flop decision, counted exactly over every deal, flop
by flop: one dealer hole card (seen whole, or read by its rank class), both (seen whole, or read by
class), the turn, or one dealer card and the turn.

**What is counted.**  An *observation* is everything the player knows at the decision: his holding,
the flop and what he sees (the dealer card, or its class; the turn).  Its cell is the 10 x 4 counts of
the deals that share it (the player's final category by ending: the dealer does not qualify; qualifies
and the player wins, ties, loses), over every turn and river and every dealer card he does not see.
The informed player calls an observation exactly when the caller's integer coefficients value the
call above the fold (``choice.pxd``'s rule), and the kernel returns the counts of what he did: the
cells of the calls summed, and the deals called and folded by the five-card class of holding and
flop.  Nothing here knows a paytable: Python prices the counts, exactly.

**One board at a time, counting, not enumerating.**  The flop's rest (49 cards on a full deck) holds
every card the player or the dealer can still get.  On one board (the flop, a turn and a river) every
two-card holding of the 47 cards left has one 7-card strength; sorted once, they are swept in
increasing groups of equal strength, keeping for each card p ``done[p]`` (holdings already passed
that hold p) and ``group[p]`` (those of the current group).  For the player's holding {a, b} of
strength P and a dealer card s he sees, the dealer holdings {s, x} with x not a or b that are weaker
are then *counted*, not enumerated:

    weaker(s) = done[s] - [{s, a} weaker than P] - [{s, b} weaker than P]

and alike the ties (``group[s]``) and the holdings below the qualifier (``below_q[s]``, counted before
the sweep).  One board costs its 1,081 strengths, a sort and 1,081 x 45 such counts, against
1,081 x 45 x 44 hands compared one by one.  The turn seen needs only the holding's own counts (the
board kernel's identity, ext/holdem.pyx), added to the observation of either card as the turn.  Both
dealer cards read by class count the same way per pair of classes: a holding's classes are known,
so the dealer holdings of a pair of classes that hold a or b are the per-card running counts of the
class of the other card.

**Both dealer cards seen whole** leave nothing to count by class: each (board, dealer holding) is one
deal.  A flop's strengths of every (board, holding) pair are one table (the seven cards are the same
whichever pair is the board), and the player's holdings are taken one at a time: every board not
meeting it adds one deal to each dealer holding's observation, a comparison of one table row with the
player's strength, branch-free so the compiler vectorises it, into one holding's observations (94 KB,
which stay in the nearest caches).

**Flop by flop.**  The flops are given (one per class of suit-symmetric flops, with its class size as
weight): a flop's observations are complete once its boards are all counted, so each flop is decided
on its own and forgotten; flops run in parallel, each thread with its own table (4.6 MB).  With the
turn seen beside a dealer card a unit is a flop and a turn: its 48 rivers.
"""
from array import array

from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from cython.parallel cimport prange, threadid
cimport openmp

from oddscalc._native.cards cimport N_CARDS, card_rank, mark_cards
from oddscalc._native.choice cimport takes
from oddscalc._native.board_sweep cimport pass_group, sort_by_strength
from oddscalc._native.eval5 cimport N_CATEGORIES, N_STRENGTHS, strength5, strengths7_with, category_of
from oddscalc._native.suits cimport MAX_SUIT_MAPS, suit_maps

cdef extern from *:
    # pointers that overlap no other (C99 restrict), for the loops the compiler should vectorise
    ctypedef uint16_t* u16_out "uint16_t * __restrict__"
    ctypedef const uint16_t* u16_in "const uint16_t * __restrict__"

cdef enum:
    MAX_REST = 49              # live cards off the flop
    MAX_HOLD = 1176            # C(49, 2): the holdings of the flop's rest
    N_ENDINGS = 4              # dealer does not qualify; qualifies and the player wins, ties, loses
    CELLS = 40                 # N_CATEGORIES x N_ENDINGS
    N_FIVE = 11                # five-card classes of holding and flop: the categories, then a pair of aces
    PAIR = 1
    PAIR_OF_ACES = 10
    ACE = 12
    MAX_GROUPS = 52            # what the player sees of a dealer card: the card, or its class (fewer)
    SEEN_KINDS = 169           # what the report sums by: a group (or card), or the ranks of a pair seen
    UNSEEN = 0xFFFF            # BOTH: a dealer holding that meets the board
    MAX_CLASSES = 4            # classes of a read pair (MAX_CLASSES * (MAX_CLASSES + 1) / 2 pairs)
    MAX_BINS = 10
    # what is seen beside the flop
    DEALER = 1                 # one dealer hole card, by its group (the card itself, or its class)
    TURN = 2                   # the turn card
    DEALER_TURN = 3            # the turn and one dealer card by its group
    READ_PAIR = 4              # both dealer hole cards, each by its class
    BOTH = 5                   # both dealer hole cards seen whole


cdef struct Rules:
    int64_t call[CELLS]            # a call's value per deal of each cell
    int64_t fold                   # a fold's value per deal
    int64_t call_extra[N_FIVE]     # added per deal by the five-card class (the AA Bonus in the decision)
    int64_t fold_extra[N_FIVE]
    int wager_more
    int qualifier


cdef struct Totals:
    # the informed player's play, summed over the units of one thread, each unit times its weight
    int64_t called_cells[CELLS]
    int64_t called[N_FIVE]         # deals called, by the five-card class
    int64_t folded[N_FIVE]
    int64_t equal                  # deals whose observation is worth the same called or folded
    int64_t seen_deals[SEEN_KINDS]  # deals by what is seen (the report's group: card, class, pairs)
    int64_t seen_called[SEEN_KINDS]


cdef struct Board:
    # one board's holdings of the cards left (positions in the flop's rest), sorted by strength
    int n_hold
    uint8_t first[MAX_HOLD]
    uint8_t second[MAX_HOLD]
    uint16_t strength[MAX_HOLD]
    int32_t order[MAX_HOLD]
    int32_t scratch[MAX_HOLD]
    int32_t low[129]
    int32_t high[66]
    # the strength of {p, q} by positions (both off the board)
    uint16_t pair[MAX_REST * MAX_REST]
    uint16_t below_q[MAX_REST]
    # READ_PAIR: per card the holdings below the qualifier by the class of the other card
    int32_t below_q_class[MAX_REST * MAX_CLASSES]
    int32_t below_q_bin[MAX_BINS]


cdef struct Unit:
    # what one flop (or flop and turn) is counted with: its cards, the rest, what is seen of each
    const uint8_t* flop
    const uint8_t* rest
    int n                          # cards in the rest
    int mode
    int turn                       # DEALER_TURN: the turn's position in the rest
    const uint8_t* group           # per position of the rest: its group (DEALER, DEALER_TURN, READ_PAIR)
    int n_groups
    bint by_card                   # every group one card: no sums over a group
    int64_t weight
    # per holding: how many holdings its class under the flop's own suit symmetries holds, if it is
    # the class's first (counted for all of them), else 0 (not counted)
    uint8_t mult[MAX_HOLD]


cdef inline int hold_index(int a, int b) noexcept nogil:
    """The colex index of positions a < b."""
    return a + b * (b - 1) // 2


cdef inline int bin_of(int g, int h) noexcept nogil:
    """The index of the unordered pair of classes {g, h}."""
    if g > h:
        g, h = h, g
    return g + h * (h + 1) // 2


cdef void strengths(Board* w, const Unit* u, int t, int r, int qualifier) noexcept nogil:
    """Every holding of the rest but positions t and r (the turn and river), with its strength, sorted;
    the strengths by pair of positions; the holdings below the qualifier per position (and per class
    of the other card, for READ_PAIR)."""
    cdef uint8_t six[6]
    cdef uint8_t cards[MAX_REST]
    cdef uint8_t at[MAX_REST]
    cdef uint16_t found[MAX_REST]
    cdef int i, j, m = 0, h = 0, s, p, q
    six[0] = u.flop[0]
    six[1] = u.flop[1]
    six[2] = u.flop[2]
    six[3] = u.rest[t]
    six[4] = u.rest[r]
    for p in range(u.n):
        if p != t and p != r:
            at[m] = p
            cards[m] = u.rest[p]
            m += 1
    memset(w.below_q, 0, sizeof(w.below_q))
    if u.mode == READ_PAIR:
        memset(w.below_q_class, 0, sizeof(w.below_q_class))
        memset(w.below_q_bin, 0, sizeof(w.below_q_bin))
    for j in range(1, m):
        six[5] = cards[j]
        strengths7_with(six, cards, j, found)
        q = at[j]
        for i in range(j):
            p = at[i]
            s = found[i]
            w.first[h] = p
            w.second[h] = q
            w.strength[h] = s
            w.pair[p * MAX_REST + q] = s
            w.pair[q * MAX_REST + p] = s
            if s < qualifier:
                w.below_q[p] += 1
                w.below_q[q] += 1
                if u.mode == READ_PAIR:
                    w.below_q_class[p * MAX_CLASSES + u.group[q]] += 1
                    w.below_q_class[q * MAX_CLASSES + u.group[p]] += 1
                    w.below_q_bin[bin_of(u.group[p], u.group[q])] += 1
            h += 1
    w.n_hold = h
    sort_by_strength(w.strength, h, w.order, w.scratch, w.low, w.high)


cdef void count_board(Board* w, const Unit* u, int t, int r, int qualifier, uint16_t* obs,
                      uint32_t* bins) noexcept nogil:
    """Add one board's deals (the flop, the cards at positions t and r) to the unit's observations:
    ``obs`` (n_hold x categories x n x endings, 16 bits) by the position seen (the dealer card; the
    turn, either of t and r), ``bins`` (n_hold x categories x bins x endings, 32 bits) by the pair of
    classes read (READ_PAIR)."""
    cdef uint16_t done[MAX_REST]
    cdef uint16_t group[MAX_REST]
    cdef uint16_t valid[MAX_REST]      # 1 for a card the dealer may hold beside the player's holding
    cdef int32_t done_class[MAX_REST * MAX_CLASSES]
    cdef int32_t group_class[MAX_REST * MAX_CLASSES]
    cdef int32_t done_bin[MAX_BINS]
    cdef int32_t group_bin[MAX_BINS]
    cdef int32_t left[MAX_CLASSES]
    cdef int32_t ends[N_ENDINGS]
    cdef int32_t done_all = 0, below_q_all = 0, weaker, ties, nq, g, x, y, total
    cdef int n = u.n, m = u.n - 2, k, e, i, a, b, s, cat, ga, gb, c1, c2, bn, own
    cdef int qualifier_ = qualifier, other = m - 3, P
    cdef bint qualifies
    cdef const uint16_t* row_a
    cdef const uint16_t* row_b
    cdef uint16_t* cell
    cdef uint32_t* bin_cell
    strengths(w, u, t, r, qualifier)
    memset(done, 0, sizeof(done))
    memset(group, 0, sizeof(group))
    if u.mode == READ_PAIR:
        memset(done_class, 0, sizeof(done_class))
        memset(group_class, 0, sizeof(group_class))
        memset(done_bin, 0, sizeof(done_bin))
        memset(group_bin, 0, sizeof(group_bin))
        memset(left, 0, sizeof(left))
        for s in range(n):
            if s != t and s != r:
                left[u.group[s]] += 1
    for s in range(n):
        below_q_all += w.below_q[s]
        valid[s] = 0 if s == t or s == r else 1
    below_q_all //= 2
    k = 0
    while k < w.n_hold:
        P = w.strength[w.order[k]]
        e = k
        while e < w.n_hold and w.strength[w.order[e]] == P:
            a = w.first[w.order[e]]
            b = w.second[w.order[e]]
            group[a] += 1
            group[b] += 1
            if u.mode == READ_PAIR:
                group_class[a * MAX_CLASSES + u.group[b]] += 1
                group_class[b * MAX_CLASSES + u.group[a]] += 1
                group_bin[bin_of(u.group[a], u.group[b])] += 1
            e += 1
        g = e - k
        cat = category_of(P)
        qualifies = P >= qualifier_
        for i in range(k, e):
            a = w.first[w.order[i]]
            b = w.second[w.order[i]]
            if not u.mult[hold_index(a, b)]:
                continue                # its class's first holding counts for it
            if u.mode == TURN:
                weaker = done_all - done[a] - done[b]
                ties = g - group[a] - group[b] + 1
                nq = below_q_all - w.below_q[a] - w.below_q[b] + (0 if qualifies else 1)
                endings(weaker, ties, nq, qualifies, (m - 2) * (m - 3) // 2, ends)
                cell = obs + (<Py_ssize_t>(hold_index(a, b) * N_CATEGORIES + cat) * N_ENDINGS) * n
                for x in range(N_ENDINGS):
                    cell[x * n + t] += ends[x]
                    cell[x * n + r] += ends[x]
            elif u.mode == READ_PAIR:
                ga = u.group[a]
                gb = u.group[b]
                own = bin_of(ga, gb)
                bin_cell = bins + <Py_ssize_t>(hold_index(a, b) * N_CATEGORIES + cat) * MAX_BINS * N_ENDINGS
                for c2 in range(u.n_groups):
                    for c1 in range(c2 + 1):
                        bn = bin_of(c1, c2)
                        # the class pair's holdings less those holding a or b (by the other card's class)
                        # plus {a, b} itself when it is of the pair and was counted twice
                        weaker = done_bin[bn]
                        ties = group_bin[bn]
                        nq = w.below_q_bin[bn]
                        if ga == c1 or ga == c2:
                            y = c2 if ga == c1 else c1
                            weaker -= done_class[a * MAX_CLASSES + y]
                            ties -= group_class[a * MAX_CLASSES + y]
                            nq -= w.below_q_class[a * MAX_CLASSES + y]
                        if gb == c1 or gb == c2:
                            y = c2 if gb == c1 else c1
                            weaker -= done_class[b * MAX_CLASSES + y]
                            ties -= group_class[b * MAX_CLASSES + y]
                            nq -= w.below_q_class[b * MAX_CLASSES + y]
                        if own == bn:
                            ties += 1
                            nq += 0 if qualifies else 1
                        # every holding of the pair disjoint from {a, b}: the losses are the rest
                        x = left[c1] - (ga == c1) - (gb == c1)
                        if c1 == c2:
                            total = x * (x - 1) // 2
                        else:
                            total = x * (left[c2] - (ga == c2) - (gb == c2))
                        endings(weaker, ties, nq, qualifies, total, ends)
                        for x in range(N_ENDINGS):
                            bin_cell[bn * N_ENDINGS + x] += ends[x]
            else:
                row_a = w.pair + a * MAX_REST
                row_b = w.pair + b * MAX_REST
                cell = obs + (<Py_ssize_t>(hold_index(a, b) * N_CATEGORIES + cat) * N_ENDINGS) * n
                valid[a] = 0
                valid[b] = 0
                dealer_card(cell, cell + n, cell + 2 * n, cell + 3 * n, n, row_a, row_b, done, group, w.below_q, valid,
                            P, qualifier_, qualifies, other)
                valid[a] = 1
                valid[b] = 1
        pass_group(w.order, k, e, w.first, w.second, done, group)
        if u.mode == READ_PAIR:
            for i in range(k, e):
                a = w.first[w.order[i]]
                b = w.second[w.order[i]]
                for x in range(u.n_groups):
                    done_class[a * MAX_CLASSES + x] += group_class[a * MAX_CLASSES + x]
                    group_class[a * MAX_CLASSES + x] = 0
                    done_class[b * MAX_CLASSES + x] += group_class[b * MAX_CLASSES + x]
                    group_class[b * MAX_CLASSES + x] = 0
            for x in range(MAX_BINS):
                done_bin[x] += group_bin[x]
                group_bin[x] = 0
        done_all += g
        k = e


cdef inline void dealer_card(u16_out no_qualify, u16_out wins, u16_out tied, u16_out loses, int n,
                             u16_in a_, u16_in b_, u16_in done_, u16_in group_, u16_in below_q_, u16_in valid_,
                             uint16_t P, uint16_t qualifier, bint qualifies, uint16_t other) noexcept nogil:
    """One board's deals of the holding {a, b} (strength P, rows ``row_a``, ``row_b``: the strengths
    of a and b with each card) by the dealer card s seen: the dealer holdings {s, x}, x not a or b,
    below the qualifier, weaker and tied, from the card's running counts less a's and b's pairs.
    The four rows are one category's endings (n cards each); a card not ``valid`` adds nothing.  No
    row overlaps another and there is no branch on the card: the loops are the compiler's to
    vectorise."""
    cdef int s
    cdef uint16_t nq, weaker, ties, v
    if qualifies:
        for s in range(n):
            v = valid_[s]
            nq = below_q_[s] - (a_[s] < qualifier) - (b_[s] < qualifier)
            weaker = done_[s] - (a_[s] < P) - (b_[s] < P)
            ties = group_[s] - (a_[s] == P) - (b_[s] == P)
            no_qualify[s] += v * nq
            wins[s] += v * (weaker - nq)
            tied[s] += v * ties
            loses[s] += v * (other - weaker - ties)
    else:
        # every dealer hand as weak as the player's is below the qualifier
        for s in range(n):
            v = valid_[s]
            nq = below_q_[s] - (a_[s] < qualifier) - (b_[s] < qualifier)
            no_qualify[s] += v * nq
            loses[s] += v * (other - nq)


cdef inline void endings(int32_t weaker, int32_t ties, int32_t nq, bint qualifies, int32_t disjoint,
                         int32_t* out) noexcept nogil:
    """[does not qualify, the player wins, ties, loses] of ``disjoint`` dealer holdings, ``weaker`` and
    ``ties`` of them against the player's hand and ``nq`` below the qualifier (a player below it
    wins nothing and ties nothing: every dealer hand as weak is below it too)."""
    out[0] = nq
    if qualifies:
        out[1] = weaker - nq
        out[2] = ties
        out[3] = disjoint - weaker - ties
    else:
        out[1] = 0
        out[2] = 0
        out[3] = disjoint - nq


cdef void decide_unit(const Unit* u, const Rules* rules, const uint16_t* obs, const uint32_t* bins,
                      Totals* out) noexcept nogil:
    """Decide every observation of a counted unit and add what the informed player did to ``out``."""
    cdef int64_t cell[CELLS]
    cdef int64_t sums[MAX_GROUPS * CELLS]
    cdef int n = u.n, a, b, s, x, cat, gr, hold, cls, kinds
    cdef int64_t total, weight
    cdef const uint16_t* base
    cdef const uint32_t* bin_base
    for b in range(1, n):
        for a in range(b):
            if u.mode == DEALER_TURN and (a == u.turn or b == u.turn):
                continue
            hold = hold_index(a, b)
            if not u.mult[hold]:
                continue
            weight = u.weight * u.mult[hold]
            cls = five_class(u.flop, u.rest[a], u.rest[b])
            if u.mode == READ_PAIR:
                bin_base = bins + <Py_ssize_t>hold * N_CATEGORIES * MAX_BINS * N_ENDINGS
                kinds = u.n_groups * (u.n_groups + 1) // 2
                for gr in range(kinds):
                    for cat in range(N_CATEGORIES):
                        for x in range(N_ENDINGS):
                            cell[cat * N_ENDINGS + x] = bin_base[(cat * MAX_BINS + gr) * N_ENDINGS + x]
                    decide_one(rules, cell, cls, gr, weight, out)
                continue
            base = obs + <Py_ssize_t>hold * N_CATEGORIES * n * N_ENDINGS
            if u.by_card or u.mode == TURN:
                for s in range(n):
                    if s == a or s == b or (u.mode == DEALER_TURN and s == u.turn):
                        continue
                    for cat in range(N_CATEGORIES):
                        for x in range(N_ENDINGS):
                            cell[cat * N_ENDINGS + x] = base[(cat * N_ENDINGS + x) * n + s]
                    decide_one(rules, cell, cls, card_rank(u.rest[s]), weight, out)
                continue
            # a dealer card seen by its class: the class's cards summed, then decided once
            memset(sums, 0, u.n_groups * CELLS * sizeof(int64_t))
            for s in range(n):
                if s == a or s == b or (u.mode == DEALER_TURN and s == u.turn):
                    continue
                gr = u.group[s]
                for cat in range(N_CATEGORIES):
                    for x in range(N_ENDINGS):
                        sums[gr * CELLS + cat * N_ENDINGS + x] += base[(cat * N_ENDINGS + x) * n + s]
            for gr in range(u.n_groups):
                total = 0
                for x in range(CELLS):
                    total += sums[gr * CELLS + x]
                if total:
                    decide_one(rules, sums + gr * CELLS, cls, gr, weight, out)


cdef inline void decide_one(const Rules* rules, const int64_t* cell, int cls, int seen, int64_t weight,
                            Totals* out) noexcept nogil:
    """One observation: call when the call is worth more (``choice.pxd``), and count it."""
    cdef int64_t total = 0, v_call = 0, v_fold
    cdef int x
    for x in range(CELLS):
        total += cell[x]
        v_call += rules.call[x] * cell[x]
    if total == 0:
        return
    v_call += rules.call_extra[cls] * total
    v_fold = (rules.fold + rules.fold_extra[cls]) * total
    out.seen_deals[seen] += weight * total
    if v_call == v_fold:
        out.equal += weight * total
    if takes(v_call, v_fold, rules.wager_more):
        for x in range(CELLS):
            out.called_cells[x] += weight * cell[x]
        out.called[cls] += weight * total
        out.seen_called[seen] += weight * total
    else:
        out.folded[cls] += weight * total

cdef void pair_strengths(const Unit* u, uint16_t* table) noexcept nogil:
    """BOTH: ``table[T * H + p]``, the strength of the flop, the board cards T (the turn and river)
    and the holding p, T and p pairs of positions of the rest (colex index, H of them); UNSEEN where
    they meet.  (The seven cards are the same whichever pair is the board: the table is symmetric.)"""
    cdef uint8_t six[6]
    cdef uint8_t cards[MAX_REST]
    cdef uint8_t at[MAX_REST]
    cdef uint16_t found[MAX_REST]
    cdef int n = u.n, t, r, i, j, m, board
    cdef Py_ssize_t H = n * (n - 1) // 2
    memset(table, 0xFF, H * H * sizeof(uint16_t))
    six[0] = u.flop[0]
    six[1] = u.flop[1]
    six[2] = u.flop[2]
    for r in range(1, n):
        for t in range(r):
            board = hold_index(t, r)
            six[3] = u.rest[t]
            six[4] = u.rest[r]
            m = 0
            for i in range(n):
                if i != t and i != r:
                    at[m] = i
                    cards[m] = u.rest[i]
                    m += 1
            for j in range(1, m):
                six[5] = cards[j]
                strengths7_with(six, cards, j, found)
                for i in range(j):
                    table[board * H + hold_index(at[i], at[j])] = found[i]


cdef inline void both_seen(u16_out no_qualify, u16_out wins, u16_out tied, u16_out loses, int H, u16_in row,
                           uint16_t P, uint16_t qualifier, bint qualifies) noexcept nogil:
    """BOTH: one board's deal for every dealer holding seen (``row``: its strength on the board, UNSEEN
    where it meets the board), against the player's strength P: one ending each.  No branch on the
    holding, no overlap: the compiler's to vectorise."""
    cdef int p
    cdef uint16_t d, below
    if qualifies:
        for p in range(H):
            d = row[p]
            below = d < qualifier
            no_qualify[p] += below
            wins[p] += (d < P) - below
            tied[p] += d == P
            loses[p] += (d > P) & (d != UNSEEN)
    else:
        # every dealer hand as weak as the player's is below the qualifier
        for p in range(H):
            d = row[p]
            no_qualify[p] += d < qualifier
            loses[p] += (d >= qualifier) & (d != UNSEEN)


cdef void pair_unit(const Unit* u, const Rules* rules, uint16_t* table, uint16_t* seen, Totals* out) noexcept nogil:
    """BOTH: one flop counted holding by holding: for the player's holding h, every board not meeting
    it adds one deal to each dealer holding seen (``seen``: categories x endings x H, one holding's
    observations, which stay in the nearest caches); then each (h, dealer holding) is decided."""
    cdef uint8_t first[MAX_HOLD]
    cdef uint8_t second[MAX_HOLD]
    cdef int64_t cell[CELLS]
    cdef int n = u.n, a, b, h, board, p, cat, x, cls, hi, lo
    cdef Py_ssize_t H = n * (n - 1) // 2
    cdef uint16_t P
    cdef uint16_t* base
    pair_strengths(u, table)
    for b in range(1, n):
        for a in range(b):
            first[hold_index(a, b)] = a
            second[hold_index(a, b)] = b
    for h in range(H):
        if not u.mult[h]:
            continue                    # its class's first holding counts for it
        a = first[h]
        b = second[h]
        memset(seen, 0, CELLS * H * sizeof(uint16_t))
        for board in range(H):
            P = table[board * H + h]
            if P == UNSEEN:
                continue
            cat = category_of(P)
            base = seen + cat * N_ENDINGS * H
            both_seen(base, base + H, base + 2 * H, base + 3 * H, H, table + board * H, P, rules.qualifier,
                      P >= rules.qualifier)
        cls = five_class(u.flop, u.rest[a], u.rest[b])
        for p in range(H):
            if first[p] == a or first[p] == b or second[p] == a or second[p] == b:
                continue
            for x in range(CELLS):
                cell[x] = seen[x * H + p]
            hi = card_rank(u.rest[second[p]])
            lo = card_rank(u.rest[first[p]])
            if lo > hi:
                hi, lo = lo, hi
            decide_one(rules, cell, cls, hi * 13 + lo, u.weight * u.mult[h], out)


cdef inline int five_class(const uint8_t* flop, int x, int y) noexcept nogil:
    """The five-card class of a holding and the flop (the AA Bonus's): the category, a pair of aces apart."""
    cdef int cls = category_of(strength5(x, y, flop[0], flop[1], flop[2]))
    cdef int aces = ((card_rank(x) == ACE) + (card_rank(y) == ACE) + (card_rank(flop[0]) == ACE)
                     + (card_rank(flop[1]) == ACE) + (card_rank(flop[2]) == ACE))
    return PAIR_OF_ACES if cls == PAIR and aces == 2 else cls


cdef struct Work:
    # what every unit of one call shares
    const uint8_t* flops           # (n_flops, 3)
    const uint8_t* rests           # (n_flops, n): each flop's rest, ascending
    const uint8_t* groups          # (n_flops, n): the group of each card of the rest
    const int64_t* weights
    const uint8_t* live            # per card code: in the deck
    int n
    int mode
    int n_groups
    bint by_card
    Rules rules


cdef int symmetry_classes(Unit* u, const uint8_t* live, int cards) noexcept nogil:
    """The suit permutations that keep the flop (as a set) and the dead cards keep every count of the
    flop's deals: the holdings (``cards`` 2), or the turns (``cards`` 1: DEALER_TURN), fall into
    classes counted once for all.  ``u.mult``: a class's size at its first member (least colex
    index), 0 at the others.  Returns ``u.mult`` of the unit's turn (cards 1), else 1."""
    cdef uint8_t marks[N_CARDS]
    cdef uint8_t maps[MAX_SUIT_MAPS * N_CARDS]
    cdef uint8_t position[N_CARDS]
    cdef int n = u.n, m, a, b, x, y, k, c
    cdef int images[MAX_SUIT_MAPS]
    for c in range(N_CARDS):
        marks[c] = 0 if live[c] else 2
        position[c] = 0
    marks[u.flop[0]] = 1
    marks[u.flop[1]] = 1
    marks[u.flop[2]] = 1
    for k in range(n):
        position[u.rest[k]] = k
    m = suit_maps(marks, maps)
    if cards == 1:
        for k in range(m):
            images[k] = position[maps[k * N_CARDS + u.rest[u.turn]]]
        u.mult[u.turn] = class_size(images, m, u.turn)
        return u.mult[u.turn]
    for b in range(1, n):
        for a in range(b):
            for k in range(m):
                x = position[maps[k * N_CARDS + u.rest[a]]]
                y = position[maps[k * N_CARDS + u.rest[b]]]
                images[k] = hold_index(x, y) if x < y else hold_index(y, x)
            u.mult[hold_index(a, b)] = class_size(images, m, hold_index(a, b))
    return 1


cdef inline int class_size(const int* images, int m, int at) noexcept nogil:
    """The distinct ``images`` of ``at`` under m permutations (the identity among them) if ``at`` is
    the least, else 0."""
    cdef int k, c, size = 0
    for k in range(m):
        if images[k] < at:
            return 0
        size += 1
        for c in range(k):
            if images[c] == images[k]:
                size -= 1
                break
    return size


cdef void run_unit(const Work* work, int index, Board* board, uint16_t* obs, uint32_t* bins,
                   Totals* out) noexcept nogil:
    """Count one unit (a flop; with DEALER_TURN a flop and its turn) and decide its observations."""
    cdef Unit u
    cdef int f = index // work.n if work.mode == DEALER_TURN else index
    cdef int n = work.n, i, j, q = work.rules.qualifier
    cdef Py_ssize_t holdings = n * (n - 1) // 2
    u.flop = work.flops + 3 * f
    u.rest = work.rests + <Py_ssize_t>f * n
    u.group = work.groups + <Py_ssize_t>f * n
    u.n = n
    u.mode = work.mode
    u.turn = index % n if work.mode == DEALER_TURN else -1
    u.n_groups = work.n_groups
    u.by_card = work.by_card
    u.weight = work.weights[f]
    if work.mode == DEALER_TURN:
        # the flop's symmetries take a turn to another: one turn of each class, for all of them
        if not symmetry_classes(&u, work.live, 1):
            return
        u.weight *= u.mult[u.turn]
        memset(u.mult, 1, sizeof(u.mult))
    else:
        symmetry_classes(&u, work.live, 2)
    if work.mode == BOTH:
        pair_unit(&u, &work.rules, obs, obs + holdings * holdings, out)
        return
    if work.mode == READ_PAIR:
        memset(bins, 0, holdings * N_CATEGORIES * MAX_BINS * N_ENDINGS * sizeof(uint32_t))
    else:
        memset(obs, 0, holdings * N_CATEGORIES * n * N_ENDINGS * sizeof(uint16_t))
    if work.mode == DEALER_TURN:
        for j in range(n):
            if j != u.turn:
                count_board(board, &u, u.turn, j, q, obs, bins)
    else:
        for j in range(1, n):
            for i in range(j):
                count_board(board, &u, i, j, q, obs, bins)
    decide_unit(&u, &work.rules, obs, bins, out)


MODES = {"dealer": DEALER, "turn": TURN, "dealer-turn": DEALER_TURN, "read-pair": READ_PAIR, "both": BOTH}


def count_flops(flops, weights, dead, int qualifier, str seen, groups, call, long long fold, call_extra,
                fold_extra, bint wager_more):
    """The informed player's play over every deal of the given flops (each a class of flops, ``weights``
    their sizes) of the deck without ``dead``, when he also sees ``seen`` at the decision:

    - ``"dealer"``: one dealer hole card, by its group (``groups``: a group id per card code, 0..51;
      None: each card its own, the card seen whole);
    - ``"turn"``: the turn card;
    - ``"dealer-turn"``: the turn and one dealer card by its group;
    - ``"read-pair"``: both dealer hole cards, each by its group (at most four: the classes of a read).

    Each observation is decided by integer values: calling is worth ``call[category * 4 + ending]``
    per deal of its cell, plus ``call_extra[class]`` per deal (the five-card class of holding and
    flop: 0..9 by category, 10 a pair of aces); folding ``fold`` plus ``fold_extra[class]`` per deal;
    equal values call when ``wager_more``.

    Returns {"deals": the deals counted, weighted; "called_cells": the calls' cells summed, 10 x 4
    flattened; "called_by_class" / "folded_by_class": the deals called and folded by five-card class;
    "equal": the deals whose observation is worth the same either way; "seen_deals" / "seen_called":
    the deals, and those called, by what is seen (the rank of the card seen whole or of the turn; the
    group read; with "read-pair" the pair of groups {g, h}, g <= h, at index g + h (h + 1) / 2; with
    "both" the ranks, high * 13 + low)}."""
    cdef uint8_t live[N_CARDS]
    cdef uint8_t marked[N_CARDS]
    cdef int mode, n, f, k, c, x, threads, n_flops, n_units, index
    cdef Work work
    cdef Board* boards = NULL
    cdef uint16_t* obs = NULL
    cdef uint32_t* bins = NULL
    cdef Totals* totals = NULL
    cdef Py_ssize_t holdings, obs_size, bins_size
    if seen not in MODES:
        raise ValueError(f"seen is one of {sorted(MODES)}, not {seen!r}")
    mode = MODES[seen]
    if qualifier < 0 or qualifier > N_STRENGTHS:
        raise ValueError(f"qualifier {qualifier} is not a strength 0..{N_STRENGTHS}")
    memset(marked, 0, sizeof(marked))
    mark_cards(dead, marked)
    for c in range(N_CARDS):
        live[c] = 0 if marked[c] else 1
    n = sum(live[c] for c in range(N_CARDS)) - 3
    if n < 6:
        raise ValueError(f"a round deals 9 cards; {n + 3} are left without the dead cards")
    flops = [tuple(flop) for flop in flops]
    weights = list(weights)
    n_flops = len(flops)
    if len(weights) != n_flops:
        raise ValueError("one weight per flop")
    group_of = list(range(N_CARDS)) if groups is None else list(groups)
    if len(group_of) != N_CARDS or any(not 0 <= group < MAX_GROUPS for group in group_of):
        raise ValueError(f"groups: a group 0..{MAX_GROUPS - 1} per card code")
    n_groups = max(group_of) + 1
    if mode == READ_PAIR and (groups is None or n_groups > MAX_CLASSES):
        raise ValueError(f"read-pair reads both dealer cards by at most {MAX_CLASSES} groups")
    if mode in (TURN, BOTH) and groups is not None:
        raise ValueError(f"{seen} is seen whole: no groups")
    coefficients = [list(call), list(call_extra), list(fold_extra)]
    if len(coefficients[0]) != CELLS or len(coefficients[1]) != N_FIVE or len(coefficients[2]) != N_FIVE:
        raise ValueError(f"{CELLS} call coefficients and {N_FIVE} extras each")
    for x in range(CELLS):
        work.rules.call[x] = coefficients[0][x]
    for x in range(N_FIVE):
        work.rules.call_extra[x] = coefficients[1][x]
        work.rules.fold_extra[x] = coefficients[2][x]
    work.rules.fold = fold
    work.rules.wager_more = wager_more
    work.rules.qualifier = qualifier
    flop_cards = bytearray(3 * n_flops)
    rests = bytearray(n_flops * n)
    grouped = bytearray(n_flops * n)
    weight_array = array("q", weights)
    for f in range(n_flops):
        cards = flops[f]
        if len(cards) != 3 or len(set(cards)) != 3 or any(not 0 <= card < N_CARDS or not live[card] for card in cards):
            raise ValueError(f"flop {cards}: three distinct live card codes")
        flop_cards[3 * f:3 * f + 3] = bytes(sorted(cards))
        rest = [card for card in range(N_CARDS) if live[card] and card not in cards]
        rests[f * n:(f + 1) * n] = bytes(rest)
        grouped[f * n:(f + 1) * n] = bytes(group_of[card] for card in rest)
    cdef const uint8_t[::1] flop_view = flop_cards
    cdef const uint8_t[::1] rest_view = rests
    cdef const uint8_t[::1] group_view = grouped
    cdef const int64_t[::1] weight_view = weight_array
    work.flops = &flop_view[0] if n_flops else NULL
    work.rests = &rest_view[0] if n_flops else NULL
    work.groups = &group_view[0] if n_flops else NULL
    work.weights = &weight_view[0] if n_flops else NULL
    work.live = live
    work.n = n
    work.mode = mode
    work.n_groups = n_groups
    work.by_card = groups is None
    n_units = n_flops * n if mode == DEALER_TURN else n_flops
    holdings = n * (n - 1) // 2
    obs_size = (holdings * (holdings + CELLS) if mode == BOTH else 1 if mode == READ_PAIR
                else holdings * N_CATEGORIES * n * N_ENDINGS)
    bins_size = holdings * N_CATEGORIES * MAX_BINS * N_ENDINGS if mode == READ_PAIR else 1
    threads = openmp.omp_get_max_threads()
    try:
        boards = <Board*>calloc(threads, sizeof(Board))
        obs = <uint16_t*>calloc(threads * obs_size, sizeof(uint16_t))
        bins = <uint32_t*>calloc(threads * bins_size, sizeof(uint32_t))
        totals = <Totals*>calloc(threads, sizeof(Totals))
        if boards == NULL or obs == NULL or bins == NULL or totals == NULL:
            raise MemoryError()
        for index in prange(n_units, nogil=True, schedule="dynamic", chunksize=1, num_threads=threads):
            run_unit(&work, index, boards + threadid(), obs + threadid() * obs_size, bins + threadid() * bins_size,
                     totals + threadid())
        out = {"called_cells": [0] * CELLS, "called_by_class": [0] * N_FIVE, "folded_by_class": [0] * N_FIVE,
               "equal": 0, "seen_deals": [0] * SEEN_KINDS, "seen_called": [0] * SEEN_KINDS}
        for k in range(threads):
            for x in range(CELLS):
                out["called_cells"][x] += totals[k].called_cells[x]
            for x in range(N_FIVE):
                out["called_by_class"][x] += totals[k].called[x]
                out["folded_by_class"][x] += totals[k].folded[x]
            for x in range(SEEN_KINDS):
                out["seen_deals"][x] += totals[k].seen_deals[x]
                out["seen_called"][x] += totals[k].seen_called[x]
            out["equal"] += totals[k].equal
        out["deals"] = sum(out["seen_deals"])
        return out
    finally:
        free(boards)
        free(obs)
        free(bins)
        free(totals)
