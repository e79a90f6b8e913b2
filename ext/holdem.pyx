# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hold'em against the dealer: the board kernel, and the flop-decision counts built on it.

Kernels count, Python prices: nothing here knows a paytable.

**One board.**  Five community cards and the dead cards leave a deck of n cards; every two-card
holding of it (the player's or the dealer's) has one 7-card strength on that board.  The holdings
are sorted by strength once (a counting sort over the 7462 strengths); for a player holding {a, b}
the dealer holdings disjoint from it that are weaker (tie, stronger) are then *counted*, not
enumerated pairwise, by inclusion-exclusion on card removal:

    weaker(a, b) = weaker(all) - weaker(holding a) - weaker(holding b) + [{a, b} is weaker than itself]

the per-card terms kept as running counts while the sorted list is swept once (a holding's own
strength group is counted apart, so that ties come out the same way).  A dealer qualifier is a
strength threshold: the holdings below it are counted by the same identity, from a snapshot of
the running counts taken when the sweep reaches the threshold.  One board costs C(n, 2) strength
look-ups and a sweep, against C(n, 2) * C(n - 2, 2) / 2 comparisons pairwise.

**Every flop decision.**  A decision after the flop (Casino Hold'em's fold or call) needs, for every
(player holding, flop), the dealer holdings by ending summed over every turn and river, split by
the player's final category.  Suit permutations that map the dead cards onto themselves (all 24 on
a full deck) map deals to deals of the same value, so the flops are kept up to that symmetry (one
canonical flop per class, its class size as weight) and the boards are visited up to it too: each
canonical board's counts are made once, then added, through each distinct image of the board,
into every canonical flop it contains (a board's ten flops in every image), the holdings renamed
by the same permutation.  Every (canonical flop, holding, turn and river) is reached exactly once.
"""
from array import array

from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset, memcpy
from cpython.mem cimport PyMem_Malloc, PyMem_Free
from cython.parallel cimport prange, threadid
from cython cimport view
cimport openmp

from oddscalc._native.choice cimport takes
from oddscalc._native.cards cimport N_CARDS, card_rank, mark_cards, choose, choose2, \
    choose3, choose4, next_colex, sort3_desc
from oddscalc._native.board_sweep cimport pass_group, sort_by_strength
from oddscalc._native.eval5 cimport N_STRENGTHS, N_CATEGORIES, strength5, strengths7_with, category_of
from oddscalc._native.suits cimport suit_maps

cdef enum:
    MAX_HOLDINGS = 1326        # C(52, 2)
    N_ENDINGS = 4              # dealer does not qualify; qualifies and the player wins, ties, loses
    CELLS = N_CATEGORIES * N_ENDINGS
    N_PERMS = 24
    N_FIVE_CLASSES = 11        # five-card categories, then a pair of aces apart (class 10)
    SIX = 6                    # the staged games' endings (endings_of)
    CELLS6 = N_CATEGORIES * SIX
    EXC_FIELDS = 2 + SIX       # a kept river situation: holding, category, its six endings
    # BONUS: per turn card the qualifying endings only (no qualifier), 16 bits (46 rivers x 990 at most)
    TURN_CELLS = N_CATEGORIES * 3
    MODE_CALL = 0              # one decision at the flop (Casino Hold'em)
    MODE_ULTIMATE = 1          # Ultimate Texas Hold'em: the river Play or fold decided per board
    MODE_BONUS = 2             # Texas Hold'em Bonus: the River wager decided per turn card
    # ULTIMATE: a holding's river boards summed per (category, qualifying, kind) in two 64-bit sums
    # (weaker | ties << 32, not qualifying | boards << 32), in two banks the boards of a block
    # alternate between, so that a run of boards adding to one slot is two chains, not one
    FOLDED = 0
    PLAYED = 1
    KEPT = 2
    SLOT_KINDS = 3
    SLOT_FIELDS = 2
    SLOT_BANKS = 2
    SLOT_CODES = N_CATEGORIES * 2 * SLOT_KINDS   # a record's code: (category * 2 + qualifies) * 3 + kind
    N_Q_ROW = 1 + 47                             # a board's qualifier row: all, then per rest position
    VISIT_BLOCK = 16                             # boards visited together, holding by holding


cdef struct BoardCounts:
    # the deck left by the board and the dead cards, and every holding of it (colex over positions)
    int n_rest
    uint8_t rest[N_CARDS]
    int n_hold
    uint8_t first[MAX_HOLDINGS]        # positions in rest, first < second
    uint8_t second[MAX_HOLDINGS]
    uint16_t strength[MAX_HOLDINGS]
    uint8_t category[MAX_HOLDINGS]
    # dealer holdings disjoint from each player holding
    int32_t weaker[MAX_HOLDINGS]
    int32_t ties[MAX_HOLDINGS]
    int32_t not_qualifying[MAX_HOLDINGS]
    # the dealer holdings below the qualifier: all of them, and those holding each card position (so
    # not_qualifying[a, b] = below_q_all - below_q[a] - below_q[b] + [{a, b} itself below])
    int32_t below_q_all
    int32_t below_q[N_CARDS]
    # sweep scratch
    int32_t order[MAX_HOLDINGS]
    int32_t scratch[MAX_HOLDINGS]
    int32_t low[129]                   # radix counts of the low 7 bits of a strength
    int32_t high[66]                   # and of the high 6 (7461 >> 7 = 58)


cdef inline int64_t key3(int a, int b, int c) noexcept nogil:
    """Colex key of three distinct cards, any order."""
    c, b, a = sort3_desc(a, b, c)
    return choose3(c) + choose2(b) + a


cdef void count_board(BoardCounts* w, const uint8_t* board, const uint8_t* live, int qualifier) noexcept nogil:
    """Every holding of the deck left by ``board`` (5 cards) and the dead cards (``live`` flags the
    others): its strength and category, and the dealer holdings disjoint from it that are weaker,
    tie, or do not qualify (strength below ``qualifier``; 0: every hand qualifies)."""
    cdef uint8_t on_board[N_CARDS]
    cdef uint8_t cards[6]                 # the board and the holding's upper card (strengths7_with)
    cdef int32_t done[N_CARDS]
    cdef int32_t group[N_CARDS]
    cdef int i, j, h, k, e, s, a, b, n = 0, done_all = 0
    memset(on_board, 0, sizeof(on_board))
    for i in range(5):
        on_board[board[i]] = 1
        cards[i] = board[i]
    for i in range(N_CARDS):
        if live[i] and not on_board[i]:
            w.rest[n] = i
            n += 1
    w.n_rest = n
    h = 0
    for j in range(1, n):
        # the holdings (i, j), i < j, are contiguous: the board and rest[j] summed once, each
        # rest[i] added as the seventh card (strengths7_with)
        cards[5] = w.rest[j]
        strengths7_with(cards, w.rest, j, w.strength + h)
        for i in range(j):
            w.first[h] = i
            w.second[h] = j
            w.category[h] = category_of(w.strength[h])
            h += 1
    w.n_hold = h
    sort_by_strength(w.strength, h, w.order, w.scratch, w.low, w.high)
    # one sweep, strength groups in increasing order; counts per card position
    memset(done, 0, sizeof(done))
    memset(group, 0, sizeof(group))
    w.below_q_all = -1
    k = 0
    while k < h:
        s = w.strength[w.order[k]]
        if w.below_q_all < 0 and s >= qualifier:
            w.below_q_all = done_all
            memcpy(w.below_q, done, sizeof(done))
        e = k
        while e < h and w.strength[w.order[e]] == s:
            group[w.first[w.order[e]]] += 1
            group[w.second[w.order[e]]] += 1
            e += 1
        for i in range(k, e):
            a = w.first[w.order[i]]
            b = w.second[w.order[i]]
            w.weaker[w.order[i]] = done_all - done[a] - done[b]
            w.ties[w.order[i]] = (e - k) - group[a] - group[b] + 1
        pass_group(w.order, k, e, w.first, w.second, done, group)
        done_all += e - k
        k = e
    if w.below_q_all < 0:
        w.below_q_all = done_all
        memcpy(w.below_q, done, sizeof(done))
    for k in range(h):
        a = w.first[k]
        b = w.second[k]
        w.not_qualifying[k] = (w.below_q_all - w.below_q[a] - w.below_q[b]
                               + (1 if w.strength[k] < qualifier else 0))


cdef inline void endings(const BoardCounts* w, int k, int qualifier, int32_t* out) noexcept nogil:
    """Dealer holdings disjoint from holding k: [does not qualify, qualifies and the player wins,
    ties, loses]."""
    cdef int32_t disjoint = <int32_t>choose2(w.n_rest - 2)
    if w.strength[k] >= qualifier:
        # every non-qualifying dealer is weaker than the player
        out[0] = w.not_qualifying[k]
        out[1] = w.weaker[k] - w.not_qualifying[k]
        out[2] = w.ties[k]
        out[3] = disjoint - w.weaker[k] - w.ties[k]
    else:
        # every weaker or tying dealer is below the qualifier too
        out[0] = w.not_qualifying[k]
        out[1] = 0
        out[2] = 0
        out[3] = disjoint - w.not_qualifying[k]


cdef int live_flags(object dead, uint8_t* live) except -1:
    cdef uint8_t seen[N_CARDS]
    cdef int i
    memset(seen, 0, sizeof(seen))
    mark_cards(dead, seen)
    for i in range(N_CARDS):
        live[i] = 0 if seen[i] else 1
    return 0


cdef int check_qualifier(int qualifier) except -1:
    if qualifier < 0 or qualifier > N_STRENGTHS:
        raise ValueError(f"qualifier {qualifier} is not a strength 0..{N_STRENGTHS}")
    return 0


cdef int category_bounds(int* start) noexcept nogil:
    """First strength of every category, and N_STRENGTHS after the last."""
    cdef int s, c
    for c in range(N_CATEGORIES + 1):
        start[c] = N_STRENGTHS
    for s in range(N_STRENGTHS - 1, -1, -1):
        start[category_of(s)] = s
    return 0


cdef int count_below(const uint16_t* sorted_strengths, int n, int t) noexcept nogil:
    """How many of the n sorted strengths are below t."""
    cdef int lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if sorted_strengths[mid] < t:
            lo = mid + 1
        else:
            hi = mid
    return lo


def board_counts(board, dead=(), int qualifier=0, bint dealer_categories=False):
    """For one board (five cards) and the dead cards: every two-card holding of the rest of the deck,
    its 7-card strength and category, and the dealer holdings disjoint from it that do not qualify
    (strength below ``qualifier``; 0: no qualifier) and, among those that qualify, that the player
    beats, ties and loses to.  With ``dealer_categories``, also every dealer holding's category by
    its comparison with the player's hand (weaker, tie, stronger; qualifier aside), 3 x 10 counts.

    >>> out = board_counts([0, 5, 10, 15, 20])
    >>> len(out["holdings"]), sum(out["not_qualifying"][0:1] + out["player_wins"][0:1] + out["ties"][0:1]
    ...                             + out["player_loses"][0:1])
    (1081, 990)
    """
    cdef uint8_t live[N_CARDS]
    cdef uint8_t cards[5]
    cdef uint8_t seen[N_CARDS]
    cdef BoardCounts* w
    cdef int32_t ends[N_ENDINGS]
    cdef int start[N_CATEGORIES + 1]
    cdef int k, i, c, x, lo, hi, s, per, n_all
    cdef uint16_t* by_card = NULL
    cdef int* n_by_card = NULL
    cdef uint16_t* all_sorted = NULL
    check_qualifier(qualifier)
    board = list(board)
    if len(board) != 5:
        raise ValueError(f"a board is five cards, got {len(board)}")
    memset(seen, 0, sizeof(seen))
    mark_cards(list(board) + list(dead), seen)
    live_flags(dead, live)
    for i in range(5):
        cards[i] = board[i]
    w = <BoardCounts*>PyMem_Malloc(sizeof(BoardCounts))
    if w == NULL:
        raise MemoryError()
    try:
        count_board(w, cards, live, qualifier)
        if w.n_rest < 4:
            raise ValueError("the deck left by the board and the dead cards has fewer than four cards")
        out = {"holdings": [], "strength": [], "category": [], "not_qualifying": [], "player_wins": [],
               "ties": [], "player_loses": []}
        for k in range(w.n_hold):
            endings(w, k, qualifier, ends)
            out["holdings"].append((w.rest[w.first[k]], w.rest[w.second[k]]))
            out["strength"].append(w.strength[k])
            out["category"].append(w.category[k])
            out["not_qualifying"].append(ends[0])
            out["player_wins"].append(ends[1])
            out["ties"].append(ends[2])
            out["player_loses"].append(ends[3])
        if dealer_categories:
            # per card position, the strengths of the holdings holding it, sorted (the sweep order)
            per = w.n_rest - 1
            n_all = w.n_hold
            by_card = <uint16_t*>calloc(w.n_rest * per, sizeof(uint16_t))
            n_by_card = <int*>calloc(w.n_rest, sizeof(int))
            all_sorted = <uint16_t*>calloc(n_all, sizeof(uint16_t))
            if by_card == NULL or n_by_card == NULL or all_sorted == NULL:
                raise MemoryError()
            for i in range(n_all):
                k = w.order[i]
                all_sorted[i] = w.strength[k]
                for c in (w.first[k], w.second[k]):
                    by_card[c * per + n_by_card[c]] = w.strength[k]
                    n_by_card[c] += 1
            category_bounds(start)
            rows = []
            for k in range(n_all):
                s = w.strength[k]
                table = [[0] * N_CATEGORIES for _ in range(3)]
                for c in range(N_CATEGORIES):
                    # [lo, hi) strengths of category c, cut at the player's strength
                    for x, (lo, hi) in enumerate(((start[c], min(start[c + 1], s)),
                                                  (max(start[c], s), min(start[c + 1], s + 1)),
                                                  (max(start[c], s + 1), start[c + 1]))):
                        if lo < hi:
                            table[x][c] = (below_disjoint(w, k, all_sorted, by_card, per, hi)
                                           - below_disjoint(w, k, all_sorted, by_card, per, lo))
                rows.append(table)
            out["dealer_categories"] = rows
        return out
    finally:
        free(by_card)
        free(n_by_card)
        free(all_sorted)
        PyMem_Free(w)


cdef int below_disjoint(const BoardCounts* w, int k, const uint16_t* all_sorted, const uint16_t* by_card,
                        int per, int t) noexcept nogil:
    """Dealer holdings disjoint from holding k with strength below t (inclusion-exclusion)."""
    return (count_below(all_sorted, w.n_hold, t) - count_below(by_card + w.first[k] * per, per, t)
            - count_below(by_card + w.second[k] * per, per, t) + (1 if w.strength[k] < t else 0))


# ---- every flop decision ------------------------------------------------------------------------

cdef int suit_group(const uint8_t* live, uint8_t[:, ::1] card_maps) noexcept nogil:
    """The suit permutations that map the live cards onto themselves, as card maps (rows); their number."""
    return suit_maps(live, &card_maps[0, 0])


cdef inline int five_class(const uint8_t* cards) noexcept nogil:
    """The five-card category of five cards, a pair of aces apart (class 10)."""
    cdef uint16_t s = strength5(cards[0], cards[1], cards[2], cards[3], cards[4])
    cdef int cat = category_of(s), i, aces = 0
    if cat == 1:
        for i in range(5):
            if card_rank(cards[i]) == 12:
                aces += 1
        if aces == 2:
            return 10
    return cat


cdef class FlopCounts:
    """For every canonical flop (up to the suit permutations that keep the dead cards) and every
    player holding of the other live cards, the dealer holdings summed over every turn and river,
    by the player's final category and the ending (does not qualify; qualifies and the player wins,
    ties, loses): ``cell(flop, holding)`` is 10 x 4 counts, row = category.  A flop's weight is the
    number of flops its class holds.  Built by ``flop_counts``."""
    cdef readonly int n_live, n_flops, n_holdings, qualifier, group_size, mode
    cdef readonly long long completions
    cdef uint8_t live[N_CARDS]
    cdef uint8_t[:, ::1] flop_cards        # (n_flops, 3)
    cdef int64_t[::1] flop_weight
    cdef uint8_t[:, ::1] flop_rest         # (n_flops, n_live - 3): the live cards off the flop
    cdef int32_t[::1] cells                # (n_flops, n_holdings, CELLS), the staged modes CELLS6
    # the staged modes (staged_counts): see there
    cdef int32_t[::1] second
    cdef int32_t[::1] third
    cdef int32_t[::1] exceptions           # (n, EXC_FIELDS + 1): flop, then a kept river situation
    cdef readonly int river_multiple, blind_from, wager_more

    def arrays(self):
        """The counts as flat buffers (for the pricing kernels, ext/holdem_price.pyx): cells, second,
        third, exceptions, flop weights, flop rest cards, flop cards."""
        return {"cells": self.cells, "second": self.second, "third": self.third, "exceptions": self.exceptions,
                "flop_weight": self.flop_weight, "flop_rest": self.flop_rest, "flop_cards": self.flop_cards}

    def flops(self):
        """Every canonical flop (three card codes) and its weight."""
        return [((self.flop_cards[f, 0], self.flop_cards[f, 1], self.flop_cards[f, 2]), self.flop_weight[f])
                for f in range(self.n_flops)]

    def holdings(self, int flop):
        """The player holdings of a flop, in the order of ``cell``'s index."""
        self._check_flop(flop)
        cdef int i, j
        return [(self.flop_rest[flop, i], self.flop_rest[flop, j]) for j in range(1, self.n_live - 3)
                for i in range(j)]

    def cell(self, int flop, int holding):
        """10 x 4 dealer-holding counts (rows: the player's final category; columns: does not qualify,
        player wins, ties, loses) over every turn and river."""
        self._check_flop(flop)
        if holding < 0 or holding >= self.n_holdings:
            raise ValueError(f"holding {holding} is not 0..{self.n_holdings - 1}")
        cdef int width = N_ENDINGS if self.mode == MODE_CALL else SIX
        cdef Py_ssize_t base = (<Py_ssize_t>flop * self.n_holdings + holding) * N_CATEGORIES * width
        return [[self.cells[base + r * width + e] for e in range(width)] for r in range(N_CATEGORIES)]

    cdef int _check_flop(self, int flop) except -1:
        if flop < 0 or flop >= self.n_flops:
            raise ValueError(f"flop {flop} is not 0..{self.n_flops - 1}")
        return 0

    def decide(self, call, long long fold, call_extra=None, fold_extra=None, bint wager_more=True, forced=None):
        """The better of two actions at every (flop, holding), valued by integer coefficients: calling is
        worth sum(call[row * 4 + ending] * count) over the cell plus ``call_extra[class]`` per completion
        (class: the five-card class of holding + flop, 0..9 by category, 10 a pair of aces), folding
        ``fold`` plus ``fold_extra[class]`` per completion.  Equal values call when ``wager_more``.

        Returns {"classes": the (flop, holding) pairs weighted; "calls": those calling; "equal": those
        whose two values are equal; "called_by_class" / "folded_by_class": the weighted pairs by
        five-card class; "choices": one byte per (flop, holding), flop-major, 1 for call and 0 for
        fold; "called_cells": the cells of the calling pairs summed, weighted, 10 x 4 flattened}.  The
        value of the play is priced from the counts by the caller, exactly, so no 64-bit sum over
        every deal limits the coefficients (only one situation's value is held in 64 bits).

        ``forced`` (one byte per (flop, holding), as "choices"): a strategy instead of the better
        action: 0 fold, 1 call, 2 the better action of that situation."""
        cdef int64_t coef[CELLS]
        cdef int64_t cex[N_FIVE_CLASSES]
        cdef int64_t fex[N_FIVE_CLASSES]
        cdef int64_t classes = 0, calls = 0, equal = 0, v_call, v_fold, wt
        cdef int64_t called[N_FIVE_CLASSES]
        cdef int64_t folded[N_FIVE_CLASSES]
        cdef int64_t called_cells[CELLS]
        cdef uint8_t five[5]
        cdef int f, i, j, h, x, cls
        cdef Py_ssize_t base
        call = list(call)
        if len(call) != CELLS:
            raise ValueError(f"call has {len(call)} coefficients, expected {CELLS}")
        for x in range(CELLS):
            coef[x] = call[x]
        for x, extra in ((0, call_extra), (1, fold_extra)):
            extra = [0] * N_FIVE_CLASSES if extra is None else list(extra)
            if len(extra) != N_FIVE_CLASSES:
                raise ValueError(f"an extra has {len(extra)} values, expected {N_FIVE_CLASSES}")
            for i in range(N_FIVE_CLASSES):
                if x == 0:
                    cex[i] = extra[i]
                else:
                    fex[i] = extra[i]
        memset(called, 0, sizeof(called))
        memset(folded, 0, sizeof(folded))
        memset(called_cells, 0, sizeof(called_cells))
        choices = bytearray(<Py_ssize_t>self.n_flops * self.n_holdings)
        cdef uint8_t[::1] chosen = choices
        cdef const uint8_t[::1] rule
        cdef bint ruled = forced is not None
        cdef bint calling
        cdef uint8_t given
        if ruled:
            rule = forced
            if rule.shape[0] != chosen.shape[0]:
                raise ValueError(f"forced has one byte per (flop, holding): {chosen.shape[0]}")
            for x in range(rule.shape[0]):
                if rule[x] > 2:
                    raise ValueError("a forced byte is 0 (fold), 1 (call) or 2 (the better action)")
        with nogil:
            for f in range(self.n_flops):
                wt = self.flop_weight[f]
                five[2] = self.flop_cards[f, 0]
                five[3] = self.flop_cards[f, 1]
                five[4] = self.flop_cards[f, 2]
                h = 0
                for j in range(1, self.n_live - 3):
                    for i in range(j):
                        five[0] = self.flop_rest[f, i]
                        five[1] = self.flop_rest[f, j]
                        cls = five_class(five)
                        base = (<Py_ssize_t>f * self.n_holdings + h) * CELLS
                        v_call = cex[cls] * self.completions
                        for x in range(CELLS):
                            v_call = v_call + coef[x] * self.cells[base + x]
                        v_fold = (fold + fex[cls]) * self.completions
                        classes += wt
                        if v_call == v_fold:
                            equal += wt
                        calling = takes(v_call, v_fold, wager_more)
                        if ruled:
                            given = rule[<Py_ssize_t>f * self.n_holdings + h]
                            if given < 2:
                                calling = given == 1
                        if calling:
                            chosen[<Py_ssize_t>f * self.n_holdings + h] = 1
                            calls += wt
                            called[cls] += wt
                            for x in range(CELLS):
                                called_cells[x] += wt * self.cells[base + x]
                        else:
                            folded[cls] += wt
                        h += 1
        return {"classes": classes, "calls": calls, "equal": equal,
                "called_by_class": [called[i] for i in range(N_FIVE_CLASSES)],
                "folded_by_class": [folded[i] for i in range(N_FIVE_CLASSES)], "choices": bytes(choices),
                "called_cells": [called_cells[x] for x in range(CELLS)]}


# One holding on one canonical board, as the sweep counts it, in 32 bits (the records of every board
# are the pass's largest table, and on a fresh machine first touching memory costs more than counting):
# bits 0-9 the dealer holdings disjoint from it that are weaker, bits 10-19 those that tie (both at
# most C(45, 2) = 990), bits 20-25 its code (category, whether it qualifies, and in mode ULTIMATE the
# river decision: FOLDED, PLAYED or KEPT), the index of its slot; bit 26 whether it qualifies and bit
# 27 whether it is KEPT again, so that the visit, run 2·10^9 times, reads them without dividing the
# code.  The dealer holdings that do not qualify come from the board's qualifier row
# (BoardCounts.below_q), N_Q_ROW numbers per board.
ctypedef uint32_t Record


cdef inline int32_t rec_weaker(Record r) noexcept nogil:
    return r & 1023


cdef inline int32_t rec_ties(Record r) noexcept nogil:
    return (r >> 10) & 1023


cdef inline int rec_code(Record r) noexcept nogil:
    return (r >> 20) & 63


cdef inline int rec_qualifies(Record r) noexcept nogil:
    return (r >> 26) & 1


cdef inline int rec_kept(Record r) noexcept nogil:
    return (r >> 27) & 1


cdef inline int code_category(int code) noexcept nogil:
    return code // (2 * SLOT_KINDS)


cdef inline int32_t rec_not_qualifying(Record r, const uint16_t* q_row, int a, int b) noexcept nogil:
    """The dealer holdings not qualifying of the holding at board-rest positions a and b."""
    return q_row[0] - q_row[1 + a] - q_row[1 + b] + 1 - rec_qualifies(r)


cdef struct Pass:
    # what one flop pass adds up, besides the cells (mode CALL: 10 x 4; the staged modes: 10 x 6)
    int mode
    int32_t disjoint                 # dealer holdings per board
    int64_t river_fold               # ULTIMATE: the fold's value at the river, per dealer holding
    int river_multiple               # ULTIMATE: the river Play in Antes
    int blind_from                   # ULTIMATE: the least category the Blind pays on (its raise is priced later)
    int wager_more                   # equal values: the larger wager


cdef struct Tables:
    const uint8_t* live_cards  # the live cards, increasing
    int n_live
    const uint8_t* maps        # (group_size, 52): card maps of the permutations
    const uint8_t* inverse     # (group_size, 52): and of their inverses
    int group_size
    const uint8_t* live_index  # card -> its index among the live cards
    const int32_t* board_index    # colex key of five cards -> its canonical board
    const uint8_t* board_perm     # colex key -> the permutation taking the canonical board to it
    const uint8_t* boards         # (n_boards, 5): canonical boards, sorted cards
    const Record* records         # (canonical boards, board holdings)
    const uint16_t* q_rows        # (canonical boards, N_Q_ROW): each board's qualifier row
    int board_holdings
    int qualifier


cdef inline int64_t key5(const uint8_t* s) noexcept nogil:
    """Colex key of five increasing cards."""
    return (s[4] * (s[4] - 1) * (s[4] - 2) * (s[4] - 3) * (<int64_t>s[4] - 4) // 120 + choose4(s[3])
            + choose3(s[2]) + choose2(s[1]) + s[0])


cdef void sort_small(uint8_t* cards, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(1, n):
        t = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > t:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = t


cdef void record_board(BoardCounts* w, const uint8_t* board, const uint8_t* live, const Pass* pa, int qualifier,
                       Record* out, uint16_t* q_row) noexcept nogil:
    cdef int k, q, kind
    count_board(w, board, live, qualifier)
    for k in range(w.n_hold):
        q = 1 if w.strength[k] >= qualifier else 0
        kind = (river_kind(pa, w.weaker[k], w.ties[k], w.not_qualifying[k], q, w.category[k])
                if pa.mode == MODE_ULTIMATE else FOLDED)
        out[k] = (<Record>w.weaker[k] | (<Record>w.ties[k] << 10)
                  | (<Record>((w.category[k] * 2 + q) * SLOT_KINDS + kind) << 20)
                  | (<Record>q << 26) | (<Record>(kind == KEPT) << 27))
    q_row[0] = <uint16_t>w.below_q_all
    for k in range(w.n_rest):
        q_row[1 + k] = <uint16_t>w.below_q[k]


cdef inline int river_kind(const Pass* pa, int32_t w, int32_t ti, int32_t nq, int qualifies,
                           int category) noexcept nogil:
    """Ultimate Texas Hold'em's river decision on one board, where the Blind's pay cannot move it:
    the Play by the comparison (wins are the weaker holdings), the Ante against a qualifying dealer,
    the Blind lost to a stronger dealer, against the fold; KEPT for the pricing where the Blind pays
    (its pay is never negative) and the Play alone would fold."""
    cdef int32_t d = pa.disjoint
    cdef int32_t losses = d - w - ti                                 # e[2] + e[5], either way
    cdef int32_t ante = (2 * w - nq + ti - d) if qualifies else (nq - d)   # e[3] - e[5]
    cdef int64_t play = <int64_t>pa.river_multiple * (w - losses) + ante - losses
    if category >= pa.blind_from and play <= pa.river_fold * d:
        return KEPT
    return PLAYED if takes(play, pa.river_fold * d, pa.wager_more) else FOLDED


cdef inline void endings_of(int32_t weaker, int32_t ties, int32_t not_qualifying, bint qualifies, int32_t disjoint,
                            int32_t* e) noexcept nogil:
    """The six endings of dealer holdings counted ``weaker``, ``ties`` and ``not_qualifying`` of
    ``disjoint`` (one record's, or the sums of records alike in qualifying: they are linear)."""
    if qualifies:
        e[0] = not_qualifying
        e[1] = 0
        e[2] = 0
        e[3] = weaker - not_qualifying
        e[4] = ties
        e[5] = disjoint - weaker - ties
    else:
        e[0] = weaker
        e[1] = ties
        e[2] = not_qualifying - weaker - ties
        e[3] = 0
        e[4] = 0
        e[5] = disjoint - not_qualifying


cdef struct FlopOut:
    # one flop's outputs and its thread's scratch
    int32_t* cells
    int32_t* second                  # ULTIMATE: the cells of a river Play; BONUS: of a River wager (ordered)
    int32_t* third                   # ULTIMATE: river folds by category; BONUS: turn situations wagering
    int32_t** exceptions             # ULTIMATE: the flop's kept situations (EXC_FIELDS each), grown by realloc
    int32_t* n_exceptions
    int32_t* exception_cap           # and its capacity (0: nothing allocated)
    int* failed                      # set when an allocation fails
    int n_hold                       # the flop's holdings
    uint16_t* turn_cells             # BONUS scratch: (holding, turn position) -> 10 x 3 cells (TURN_CELLS)
    int64_t* slots                   # ULTIMATE scratch: (holding, code, bank) -> SLOT_FIELDS


cdef int32_t* kept_slot(FlopOut* o) noexcept nogil:
    """Room for one more kept river situation of the flop (NULL, and ``failed`` set, without memory)."""
    cdef int32_t* grown
    cdef int n = o.n_exceptions[0]
    if n == o.exception_cap[0]:
        grown = <int32_t*>realloc(o.exceptions[0], (2 * n + 64) * EXC_FIELDS * sizeof(int32_t))
        if grown == NULL:
            o.failed[0] = 1
            return NULL
        o.exceptions[0] = grown
        o.exception_cap[0] = 2 * n + 64
    o.n_exceptions[0] = n + 1
    return o.exceptions[0] + <Py_ssize_t>n * EXC_FIELDS


cdef inline int64_t* slot_of(const FlopOut* o, int z, int code, int bank) noexcept nogil:
    return o.slots + ((<Py_ssize_t>z * SLOT_CODES + code) * SLOT_BANKS + bank) * SLOT_FIELDS


cdef inline void ultimate_visit(const Pass* pa, FlopOut* o, int z, Record r, int32_t nq, int bank) noexcept nogil:
    """Ultimate Texas Hold'em's visit: the record's counts added to the holding's slot by its code
    (final category, the player qualifying, the river played, folded or kept: river_kind, decided
    when the board was recorded).  The six endings are linear in a record's counts, so they are made
    once per flop from the slots' sums (ultimate_cells), not once per board."""
    cdef int code = rec_code(r), k
    cdef int32_t w = rec_weaker(r), ti = rec_ties(r)
    cdef int32_t e[SIX]
    cdef int32_t* x
    cdef int64_t* slot = slot_of(o, z, code, bank)
    slot[0] += w | (<int64_t>ti << 32)
    slot[1] += nq | (<int64_t>1 << 32)
    if rec_kept(r):
        # the Blind's pay decides it: kept whole for the pricing
        x = kept_slot(o)
        if x != NULL:
            endings_of(w, ti, nq, rec_qualifies(r), pa.disjoint, e)
            x[0] = z
            x[1] = code_category(code)
            for k in range(SIX):
                x[2 + k] = e[k]


cdef void ultimate_cells(const Pass* pa, FlopOut* o, int h) noexcept nogil:
    """Holding h's slots made into its cells (every board), its river Play's cells and its folds by
    category (and the slots cleared for the next flop)."""
    cdef int c, q, kind, k, bank
    cdef int64_t counts, rest, low = (<int64_t>1 << 32) - 1
    cdef int32_t n
    cdef int32_t e[SIX]
    cdef int64_t* slot
    cdef int32_t* cell
    cdef int32_t* played
    for c in range(N_CATEGORIES):
        cell = o.cells + <Py_ssize_t>h * CELLS6 + c * SIX
        played = o.second + <Py_ssize_t>h * CELLS6 + c * SIX
        for q in range(2):
            for kind in range(SLOT_KINDS):
                counts = rest = 0
                for bank in range(SLOT_BANKS):
                    slot = slot_of(o, h, (c * 2 + q) * SLOT_KINDS + kind, bank)
                    counts += slot[0]
                    rest += slot[1]
                    slot[0] = slot[1] = 0
                n = <int32_t>(rest >> 32)
                if n == 0:
                    continue
                endings_of(<int32_t>(counts & low), <int32_t>(counts >> 32), <int32_t>(rest & low), q, n * pa.disjoint,
                           e)
                for k in range(SIX):
                    cell[k] += e[k]
                if kind == PLAYED:
                    for k in range(SIX):
                        played[k] += e[k]
                elif kind == FOLDED:
                    o.third[<Py_ssize_t>h * N_CATEGORIES + c] += n


cdef inline void visit(const Pass* pa, FlopOut* o, int z, Record r, int32_t nq, int turn,
                       int river, int bank) noexcept nogil:
    """One holding on one board of a flop: its counts added where the pass keeps them."""
    cdef int32_t e[SIX]
    cdef int32_t* cell
    cdef uint16_t* y
    cdef int category
    if pa.mode == MODE_ULTIMATE:
        ultimate_visit(pa, o, z, r, nq, bank)
        return
    category = code_category(rec_code(r))
    endings_of(rec_weaker(r), rec_ties(r), nq, rec_qualifies(r), pa.disjoint, e)
    if pa.mode == MODE_CALL:
        cell = o.cells + <Py_ssize_t>z * CELLS + category * N_ENDINGS
        cell[0] += e[0] + e[1] + e[2]
        cell[1] += e[3]
        cell[2] += e[4]
        cell[3] += e[5]
        return
    # BONUS, no qualifier: every ending is a qualifying one (e[3..5]); the board is counted at both
    # of its cards as the turn (the flop's cells and each turn's wins and losses are made from these
    # in finish_flop)
    y = o.turn_cells + (<Py_ssize_t>z * N_CARDS + turn) * TURN_CELLS + category * 3
    y[0] += e[3]
    y[1] += e[4]
    y[2] += e[5]
    y = o.turn_cells + (<Py_ssize_t>z * N_CARDS + river) * TURN_CELLS + category * 3
    y[0] += e[3]
    y[1] += e[4]
    y[2] += e[5]


cdef void finish_flop(const Pass* pa, FlopOut* o, int n_rest, const int32_t* rep) noexcept nogil:
    """After a flop's boards: the turn decisions (BONUS), then every holding that is not its class's
    representative copied from it (its cells, and its kept river situations)."""
    cdef int h, n_hold = <int>choose2(n_rest), t, k, u, v, stride = CELLS if pa.mode == MODE_CALL else CELLS6
    cdef int n, c
    cdef int32_t net
    cdef uint16_t* src
    cdef int32_t* dst
    cdef int32_t* x
    if pa.mode == MODE_BONUS:
        # each (turn, holding): the River wager made when its wins outnumber its losses; every board
        # was counted at both its turn cards, so the flop's cells are half the turns' sums
        h = 0
        for v in range(1, n_rest):
            for u in range(v):
                for t in range(n_rest):
                    if rep[h] == h and t != u and t != v:
                        src = o.turn_cells + (<Py_ssize_t>h * N_CARDS + t) * TURN_CELLS
                        dst = o.cells + <Py_ssize_t>h * CELLS6
                        net = 0
                        for c in range(N_CATEGORIES):
                            net += <int32_t>src[c * 3] - <int32_t>src[c * 3 + 2]
                            for k in range(3):
                                dst[c * SIX + 3 + k] += src[c * 3 + k]
                        if takes(net, 0, pa.wager_more):
                            dst = o.second + <Py_ssize_t>h * CELLS6
                            for c in range(N_CATEGORIES):
                                for k in range(3):
                                    dst[c * SIX + 3 + k] += src[c * 3 + k]
                            o.third[h] += 1
                        memset(src, 0, TURN_CELLS * sizeof(uint16_t))
                h += 1
        for h in range(n_hold):
            if rep[h] == h:
                for k in range(CELLS6):
                    o.cells[<Py_ssize_t>h * CELLS6 + k] >>= 1
    if pa.mode == MODE_ULTIMATE:
        for h in range(n_hold):
            if rep[h] == h:
                ultimate_cells(pa, o, h)
    for h in range(n_hold):
        if rep[h] == h:
            continue
        memcpy(o.cells + <Py_ssize_t>h * stride, o.cells + <Py_ssize_t>rep[h] * stride, stride * sizeof(int32_t))
        if pa.mode == MODE_CALL:
            continue
        memcpy(o.second + <Py_ssize_t>h * CELLS6, o.second + <Py_ssize_t>rep[h] * CELLS6, CELLS6 * sizeof(int32_t))
        if pa.mode == MODE_ULTIMATE:
            memcpy(o.third + <Py_ssize_t>h * N_CATEGORIES, o.third + <Py_ssize_t>rep[h] * N_CATEGORIES,
                   N_CATEGORIES * sizeof(int32_t))
            n = o.n_exceptions[0]
            for k in range(n):
                if o.exceptions[0][<Py_ssize_t>k * EXC_FIELDS] == rep[h]:
                    x = kept_slot(o)
                    if x == NULL:
                        return
                    # kept_slot may have moved the buffer: the source is read after it
                    memcpy(x, o.exceptions[0] + <Py_ssize_t>k * EXC_FIELDS, EXC_FIELDS * sizeof(int32_t))
                    x[0] = h
        else:
            o.third[h] = o.third[rep[h]]


cdef struct BoardVisit:
    # one board of a flop as the holdings visit it: its canonical board's records and qualifier row,
    # flop-rest position -> that board's rest position (255: the turn or the river), and its turn and
    # river positions
    const Record* row
    const uint16_t* q_row
    uint8_t map[N_CARDS]
    int turn
    int river


cdef extern from *:
    # gcc's cache hint: the line holding p is read soon (rw 0), kept in the outer caches (locality 2)
    void __builtin_prefetch(const void* p, int rw, int locality) noexcept nogil


cdef inline void prefetch_records(const Record* row, int n, const uint16_t* q_row) noexcept nogil:
    """Ask for a board's records and qualifier row ahead of the visits.  A block's visits read each
    of its boards' rows at scattered holdings, a row is 4 KB, and the deck's rows are 0.6 GB: unasked,
    nearly every cache line of a row is a wait for main memory (the flop pass's largest cost)."""
    cdef int i = 0
    while i < n:
        __builtin_prefetch(row + i, 0, 2)
        i += 16                           # 64-byte lines of 4-byte records
    __builtin_prefetch(row + n - 1, 0, 2)
    __builtin_prefetch(q_row, 0, 2)
    __builtin_prefetch(q_row + N_Q_ROW - 1, 0, 2)


cdef void visit_block(const Pass* pa, FlopOut* o, const BoardVisit* block, int n_block, int n_reps,
                      const uint8_t* rep_u, const uint8_t* rep_v, const int32_t* rep_h) noexcept nogil:
    """Every representative holding on a block of boards, holding by holding: a holding's sums stay
    in the nearest cache over the block while its boards' records are read."""
    cdef int z, k, p, q, u, v, h
    cdef Record r
    cdef const BoardVisit* bv
    for z in range(n_reps):
        u = rep_u[z]
        v = rep_v[z]
        h = rep_h[z]
        for k in range(n_block):
            bv = block + k
            p = bv.map[u]
            q = bv.map[v]
            if p == 255 or q == 255:
                continue
            if p > q:
                p, q = q, p
            r = bv.row[(q * (q - 1) >> 1) + p]
            visit(pa, o, h, r, rec_not_qualifying(r, bv.q_row, p, q), bv.turn, bv.river, k & 1)


cdef void sum_flop(const Tables* t, const uint8_t* flop, const uint8_t* rest, int n_rest, const int32_t* rep,
                   const Pass* pa, FlopOut* o, BoardVisit* block) noexcept nogil:
    """cells[holding][category][ending] of one flop, summed over every turn and river.

    The permutations that keep the flop (as a set) keep its cells: cell(s(h)) = cell(h).  So only the
    holdings that represent their class (``rep[h] == h``) are summed, the others copied at the end;
    and the turn-river pairs are taken one per class under those permutations, a pair standing for
    each distinct image s(pair) by c(h, s(pair)) = c(s^-1(h), pair).  A board's counts are read from
    its canonical board's records through the permutation that maps it there; the boards are visited
    in blocks of VISIT_BLOCK (visit_block)."""
    cdef uint8_t fpos[N_CARDS]
    cdef uint8_t spos[N_PERMS][N_CARDS]       # kept permutation x: flop-rest position -> position
    cdef uint8_t sinv[N_PERMS][N_CARDS]       # and its inverse
    cdef uint8_t bpos[N_CARDS]                # flop-rest position -> canonical board's rest position
    cdef uint8_t rep_u[MAX_HOLDINGS]
    cdef uint8_t rep_v[MAX_HOLDINGS]
    cdef int32_t rep_h[MAX_HOLDINGS]
    cdef int image_perm[N_PERMS]
    cdef int image_index[N_PERMS]
    cdef uint8_t board[5]
    cdef int n_keep = 0, n_reps = 0, n_images, g, i, j, u, v, h, p, q, x, y, b, li, below, own, dup
    cdef int n_block = 0
    cdef bint least
    cdef int64_t key
    cdef int64_t flop_key = key3(flop[0], flop[1], flop[2])
    cdef const uint8_t* m
    cdef const uint8_t* inv
    cdef const uint8_t* cards
    cdef BoardVisit* bv
    memset(fpos, 255, sizeof(fpos))
    for i in range(n_rest):
        fpos[rest[i]] = i
    for g in range(t.group_size):
        m = t.maps + g * N_CARDS
        if key3(m[flop[0]], m[flop[1]], m[flop[2]]) == flop_key:
            for u in range(n_rest):
                spos[n_keep][u] = fpos[m[rest[u]]]
                sinv[n_keep][fpos[m[rest[u]]]] = u
            n_keep += 1
    h = 0
    for v in range(1, n_rest):
        for u in range(v):
            if rep[h] == h:
                rep_u[n_reps] = u
                rep_v[n_reps] = v
                rep_h[n_reps] = h
                n_reps += 1
            h += 1
    for j in range(1, n_rest):
        for i in range(j):
            # one turn-river pair per class: the least index of its images, and the distinct images
            own = (j * (j - 1) >> 1) + i
            least = True
            n_images = 0
            for x in range(n_keep):
                p = spos[x][i]
                q = spos[x][j]
                if p > q:
                    p, q = q, p
                h = (q * (q - 1) >> 1) + p
                if h < own:
                    least = False
                    break
                dup = 0
                for y in range(n_images):
                    if image_index[y] == h:
                        dup = 1
                if not dup:
                    image_index[n_images] = h
                    image_perm[n_images] = x
                    n_images += 1
            if not least:
                continue
            board[0] = flop[0]
            board[1] = flop[1]
            board[2] = flop[2]
            board[3] = rest[i]
            board[4] = rest[j]
            sort_small(board, 5)
            key = key5(board)
            b = t.board_index[key]
            inv = t.inverse + t.board_perm[key] * N_CARDS
            cards = t.boards + b * 5
            for u in range(n_rest):
                if u == i or u == j:
                    bpos[u] = 255
                    continue
                li = t.live_index[inv[rest[u]]]
                below = 0
                for x in range(5):
                    if t.live_index[cards[x]] < li:
                        below += 1
                bpos[u] = li - below
            # the board's records are far apart in memory and read at scattered holdings: asked
            # for whole now, they arrive while the rest of the block is gathered (prefetch_records)
            prefetch_records(t.records + <Py_ssize_t>b * t.board_holdings, t.board_holdings,
                             t.q_rows + <Py_ssize_t>b * N_Q_ROW)
            for y in range(n_images):
                # holding z on the image pair is holding s^-1(z) on this pair
                x = image_perm[y]
                bv = block + n_block
                bv.row = t.records + <Py_ssize_t>b * t.board_holdings
                bv.q_row = t.q_rows + <Py_ssize_t>b * N_Q_ROW
                bv.turn = spos[x][i]
                bv.river = spos[x][j]
                for u in range(n_rest):
                    bv.map[u] = bpos[sinv[x][u]]
                n_block += 1
                if n_block == VISIT_BLOCK:
                    visit_block(pa, o, block, n_block, n_reps, rep_u, rep_v, rep_h)
                    n_block = 0
    visit_block(pa, o, block, n_block, n_reps, rep_u, rep_v, rep_h)
    finish_flop(pa, o, n_rest, rep)


cdef void representatives(const uint8_t* flop, const uint8_t* rest, int n_rest, const uint8_t* maps,
                          int group_size, int32_t* rep) noexcept nogil:
    """rep[h]: the least holding index that a permutation keeping the flop (as a set) takes holding h to."""
    cdef uint8_t pos[N_CARDS]
    cdef int keep[N_PERMS]
    cdef int n_keep = 0, g, i, u, v, h, p, q, best, x
    cdef int64_t own = key3(flop[0], flop[1], flop[2])
    cdef const uint8_t* m
    memset(pos, 255, sizeof(pos))
    for i in range(n_rest):
        pos[rest[i]] = i
    for g in range(group_size):
        m = maps + g * N_CARDS
        if key3(m[flop[0]], m[flop[1]], m[flop[2]]) == own:
            keep[n_keep] = g
            n_keep += 1
    h = 0
    for v in range(1, n_rest):
        for u in range(v):
            best = h
            for x in range(n_keep):
                m = maps + keep[x] * N_CARDS
                p = pos[m[rest[u]]]
                q = pos[m[rest[v]]]
                if p > q:
                    p, q = q, p
                if (q * (q - 1) >> 1) + p < best:
                    best = (q * (q - 1) >> 1) + p
            rep[h] = best
            h += 1


def flop_counts(dead=(), int qualifier=0):
    """Every flop decision's counts (a ``FlopCounts``) over the deck without ``dead``: the dealer
    qualifies with strength ``qualifier`` or more (0: always)."""
    return _flop_pass(board_records(dead, qualifier, "call"), 0, 1)


def staged_counts(dead=(), int qualifier=0, str game="ultimate", int river_multiple=1, int blind_from=0,
                  bint wager_more=True, int chunk=0, int chunks=1, BoardRecords records=None):
    """The counts of a game decided again after the flop (a ``FlopCounts`` of mode 1 or 2), per (canonical
    flop, holding), cells of 10 x 6 (``endings_of``) over every turn and river, and:

    - ``game="ultimate"`` (Ultimate Texas Hold'em): the river decision (Play ``river_multiple`` x or
      fold, losing the Ante and the Blind) is taken on every board by the Play, Ante and a lost Blind
      alone wherever the Blind's pay cannot change it: a final hand below ``blind_from`` (the Blind
      pushes a win), or a Play worth more than the fold without the Blind's pay (which is never
      negative).  ``second``: the cells of the boards played; ``third``: the boards folded, by
      category; the other river situations (a hand the Blind pays on that the Play alone would fold)
      are kept whole in ``exceptions`` for the pricing.
    - ``game="bonus"`` (Texas Hold'em Bonus): the River wager at the turn (1 to 1, no qualifier) is
      made when the turn's wins outnumber its losses; ``second``: the cells, over ordered turn and
      river, of the turns wagered; ``third``: the turn cards wagered.

    No paytable enters: the decisions taken here are those no pay can move.  ``chunk`` of ``chunks``:
    only that contiguous run of the canonical flops is counted; the chunks' prices sum to the whole's.
    ``records``: the deck's boards recorded once (``board_records`` with the same arguments), for the
    chunks of one process to share; made here when not given."""
    if records is None:
        records = board_records(dead, qualifier, game, river_multiple, blind_from, wager_more)
    elif records.key() != _records_key(dead, qualifier, game, river_multiple, blind_from, wager_more):
        raise ValueError("the board records were made for another deck, qualifier or river decision")
    return _flop_pass(records, chunk, chunks)


cdef tuple _records_key(dead, int qualifier, str game, int river_multiple, int blind_from, bint wager_more):
    cdef uint8_t live[N_CARDS]
    live_flags(dead, live)
    return (bytes(live[:N_CARDS]), qualifier, game, river_multiple, blind_from, bool(wager_more))


cdef class BoardRecords:
    """A deck's canonical boards (up to the suit permutations that keep the dead cards), each board's
    holdings recorded once (``Record``: what the sweep counts, with the river decision of mode
    ULTIMATE), and the canonical flops.  The flop pass reads a board's records from every flop it
    contains, so a pass split into chunks in one process shares one ``BoardRecords`` rather than
    counting nearly every board again per chunk.  Built by ``board_records``."""
    cdef tuple _key
    cdef int n_live, group_size, n_boards, board_holdings, qualifier
    cdef Pass pa
    cdef uint8_t live[N_CARDS]
    cdef uint8_t live_cards[N_CARDS]
    cdef uint8_t live_index[N_CARDS]
    cdef uint8_t[:, ::1] maps              # (group_size, 52): card maps of the permutations
    cdef uint8_t[:, ::1] inverse           # and of their inverses
    cdef int32_t[::1] board_index          # colex key of five cards -> its canonical board
    cdef uint8_t[::1] board_perm           # colex key -> the permutation taking the canonical board to it
    cdef uint8_t[:, ::1] boards            # (n_boards, 5): canonical boards, sorted cards
    cdef list flops, weights               # canonical flops (card triples, colex order) and class sizes
    cdef Record* records                   # (n_boards, board_holdings)
    cdef uint16_t* q_rows                  # (n_boards, N_Q_ROW)

    def __dealloc__(self):
        free(self.records)
        free(self.q_rows)

    def key(self):
        """What the records were made for: the live cards, the qualifier and the river decision."""
        return self._key

    @property
    def n_flops(self):
        return len(self.flops)


def board_records(dead=(), int qualifier=0, str game="ultimate", int river_multiple=1, int blind_from=0,
                  bint wager_more=True):
    """Every canonical board of the deck without ``dead`` recorded for a flop pass (a ``BoardRecords``):
    ``game`` "call" (Casino Hold'em's flop decision), "ultimate" or "bonus" (``staged_counts``)."""
    if game not in ("call", "ultimate", "bonus"):
        raise ValueError(f"game is 'call', 'ultimate' or 'bonus', got {game!r}")
    if river_multiple < 1 and game != "call":
        raise ValueError(f"river_multiple {river_multiple} is not positive")
    if game == "bonus" and qualifier != 0:
        raise ValueError("Texas Hold'em Bonus has no dealer qualifier (its turn counts keep qualifying endings only)")
    if blind_from < 0 or blind_from > N_CATEGORIES:
        raise ValueError(f"blind_from {blind_from} is not a category 0..{N_CATEGORIES}")
    check_qualifier(qualifier)
    cdef BoardRecords rec = BoardRecords.__new__(BoardRecords)
    cdef int n_live = 0, i, a, b, c, g, t, n_boards, group_size, threads
    cdef int64_t key
    cdef int idx[5]
    cdef uint8_t board[5]
    cdef uint8_t image[5]
    cdef BoardCounts* works = NULL
    rec._key = _records_key(dead, qualifier, game, river_multiple, blind_from, wager_more)
    live_flags(dead, rec.live)
    for i in range(N_CARDS):
        if rec.live[i]:
            rec.live_index[i] = n_live
            rec.live_cards[n_live] = i
            n_live += 1
    if n_live < 9:
        raise ValueError(f"a round deals 9 cards; the deck without the dead cards has {n_live}")
    rec.n_live = n_live
    rec.qualifier = qualifier
    rec.maps = _matrix(N_PERMS, N_CARDS)
    rec.inverse = _matrix(N_PERMS, N_CARDS)
    group_size = suit_group(rec.live, rec.maps)
    rec.group_size = group_size
    for g in range(group_size):
        for c in range(N_CARDS):
            rec.inverse[g, rec.maps[g, c]] = c
    # canonical flops: the least colex key of each class under the group, the class size its weight
    rec.flops, rec.weights = [], []
    for c in range(2, n_live):
        for b in range(1, c):
            for a in range(b):
                key = key3(rec.live_cards[a], rec.live_cards[b], rec.live_cards[c])
                if least_image(key, rec.live_cards[a], rec.live_cards[b], rec.live_cards[c], &rec.maps[0, 0],
                               group_size, &t):
                    rec.flops.append((rec.live_cards[a], rec.live_cards[b], rec.live_cards[c]))
                    rec.weights.append(t)
    # canonical boards: in increasing colex order a board not yet reached is the least of its class;
    # every image is then pointed at it, with the permutation that takes it there
    rec.board_index = array_int32(choose(N_CARDS, 5), -1)
    rec.board_perm = bytearray(choose(N_CARDS, 5))
    rec.boards = _matrix(choose(n_live, 5), 5)
    n_boards = 0
    with nogil:
        for i in range(5):
            idx[i] = i
        while True:
            for i in range(5):
                board[i] = rec.live_cards[idx[i]]
            key = key5(board)
            if rec.board_index[key] < 0:
                for i in range(5):
                    rec.boards[n_boards, i] = board[i]
                for g in range(group_size):
                    for i in range(5):
                        image[i] = rec.maps[g, board[i]]
                    sort_small(image, 5)
                    key = key5(image)
                    if rec.board_index[key] < 0:
                        rec.board_index[key] = n_boards
                        rec.board_perm[key] = g
                n_boards += 1
            if idx[4] == n_live - 1 and idx[0] == n_live - 5:
                break
            next_colex(idx, 5)
    rec.n_boards = n_boards
    rec.board_holdings = <int>choose2(n_live - 5)
    rec.pa.mode = MODE_CALL if game == "call" else (MODE_ULTIMATE if game == "ultimate" else MODE_BONUS)
    rec.pa.disjoint = <int32_t>choose2(n_live - 7)
    rec.pa.river_fold = -2
    rec.pa.river_multiple = river_multiple
    rec.pa.blind_from = blind_from
    rec.pa.wager_more = wager_more
    threads = openmp.omp_get_max_threads()
    works = <BoardCounts*>calloc(threads, sizeof(BoardCounts))
    rec.records = <Record*>malloc(<Py_ssize_t>n_boards * rec.board_holdings * sizeof(Record))
    rec.q_rows = <uint16_t*>malloc(<Py_ssize_t>n_boards * N_Q_ROW * sizeof(uint16_t))
    try:
        if works == NULL or rec.records == NULL or rec.q_rows == NULL:
            raise MemoryError()
        for i in prange(n_boards, nogil=True, schedule="dynamic", chunksize=64, num_threads=threads):
            record_board(works + threadid(), &rec.boards[i, 0], rec.live, &rec.pa, qualifier,
                         rec.records + <Py_ssize_t>i * rec.board_holdings, rec.q_rows + <Py_ssize_t>i * N_Q_ROW)
    finally:
        free(works)
    return rec


cdef FlopCounts _flop_pass(BoardRecords rec, int chunk=0, int chunks=1):
    cdef int n_live = rec.n_live, mode = rec.pa.mode, i, f, n_flops, n_rest_flop, t, threads
    cdef int32_t[::1] reps
    cdef FlopCounts out
    cdef Tables tables
    cdef BoardVisit* scratch = NULL
    cdef Py_ssize_t holdings_per_flop, third_per_flop, per_thread, slots_per_thread
    cdef int32_t[::1] n_kept
    cdef int32_t[::1] kept_cap
    cdef int32_t** kept_rows = NULL
    cdef int failed = 0
    cdef uint16_t* turn_cells = NULL
    cdef int64_t* river_slots = NULL
    cdef int32_t* cells_base
    cdef int32_t* second_base
    cdef int32_t* third_base
    if chunks < 1 or not 0 <= chunk < chunks:
        raise ValueError(f"chunk {chunk} of {chunks}: chunks >= 1 and 0 <= chunk < chunks")
    # a chunk: a contiguous run of the canonical flops
    lo, hi = len(rec.flops) * chunk // chunks, len(rec.flops) * (chunk + 1) // chunks
    flops, weights = rec.flops[lo:hi], rec.weights[lo:hi]
    n_flops = len(flops)
    n_rest_flop = n_live - 3
    out = FlopCounts.__new__(FlopCounts)
    out.n_live = n_live
    out.n_flops = n_flops
    out.n_holdings = <int>choose2(n_rest_flop)
    out.qualifier = rec.qualifier
    out.group_size = rec.group_size
    out.completions = choose2(n_live - 5) * choose2(n_live - 7)
    memcpy(out.live, rec.live, sizeof(rec.live))
    out.flop_cards = _matrix(n_flops, 3)
    out.flop_rest = _matrix(n_flops, n_rest_flop)
    out.flop_weight = array_int64(n_flops)
    for f in range(n_flops):
        out.flop_weight[f] = weights[f]
        t = 0
        for i in range(3):
            out.flop_cards[f, i] = flops[f][i]
        for i in range(n_live):
            if rec.live_cards[i] not in flops[f]:
                out.flop_rest[f, t] = rec.live_cards[i]
                t += 1
    reps = array_int32(<Py_ssize_t>n_flops * out.n_holdings, 0)
    with nogil:
        for f in range(n_flops):
            representatives(&out.flop_cards[f, 0], &out.flop_rest[f, 0], n_rest_flop, &rec.maps[0, 0],
                            rec.group_size, &reps[<Py_ssize_t>f * out.n_holdings])
    out.mode = mode
    out.river_multiple = rec.pa.river_multiple
    out.blind_from = rec.pa.blind_from
    out.wager_more = rec.pa.wager_more
    holdings_per_flop = <Py_ssize_t>out.n_holdings * (CELLS if mode == MODE_CALL else CELLS6)
    out.cells = zeros_int32(n_flops * holdings_per_flop)
    out.second = zeros_int32(n_flops * holdings_per_flop if mode != MODE_CALL else 0)
    third_per_flop = <Py_ssize_t>out.n_holdings * (N_CATEGORIES if mode == MODE_ULTIMATE else 1)
    out.third = zeros_int32(n_flops * third_per_flop if mode != MODE_CALL else 0)
    n_kept = array_int32(n_flops, 0)
    kept_cap = array_int32(n_flops, 0)
    kept_rows = <int32_t**>calloc(max(n_flops, 1), sizeof(int32_t*))
    if kept_rows == NULL:
        raise MemoryError()
    tables.live_cards = rec.live_cards
    tables.n_live = n_live
    tables.maps = &rec.maps[0, 0]
    tables.inverse = &rec.inverse[0, 0]
    tables.group_size = rec.group_size
    tables.live_index = rec.live_index
    tables.board_index = &rec.board_index[0]
    tables.board_perm = &rec.board_perm[0]
    tables.boards = &rec.boards[0, 0]
    tables.board_holdings = rec.board_holdings
    tables.qualifier = rec.qualifier
    tables.records = rec.records
    tables.q_rows = rec.q_rows
    threads = openmp.omp_get_max_threads()
    scratch = <BoardVisit*>calloc(<Py_ssize_t>threads * VISIT_BLOCK, sizeof(BoardVisit))
    per_thread = <Py_ssize_t>out.n_holdings * N_CARDS if mode == MODE_BONUS else 1
    turn_cells = <uint16_t*>calloc(threads * per_thread * TURN_CELLS, sizeof(uint16_t))
    slots_per_thread = (<Py_ssize_t>out.n_holdings * SLOT_CODES * SLOT_BANKS * SLOT_FIELDS
                        if mode == MODE_ULTIMATE else 1)
    river_slots = <int64_t*>calloc(threads * slots_per_thread, sizeof(int64_t))
    cells_base = &out.cells[0]
    second_base = &out.second[0] if mode != MODE_CALL else NULL
    third_base = &out.third[0] if mode != MODE_CALL else NULL
    try:
        if scratch == NULL or turn_cells == NULL or river_slots == NULL:
            raise MemoryError()
        for f in prange(n_flops, nogil=True, schedule="dynamic", chunksize=1, num_threads=threads):
            run_flop(&tables, &rec.pa, f, &out.flop_cards[f, 0], &out.flop_rest[f, 0], n_rest_flop,
                     &reps[<Py_ssize_t>f * out.n_holdings], cells_base + f * holdings_per_flop,
                     second_base + f * holdings_per_flop if second_base != NULL else NULL,
                     third_base + f * third_per_flop if third_base != NULL else NULL, &kept_rows[f], &n_kept[f],
                     &kept_cap[f], &failed,
                     turn_cells + threadid() * per_thread * TURN_CELLS,
                     river_slots + threadid() * slots_per_thread,
                     scratch + <Py_ssize_t>threadid() * VISIT_BLOCK)
        if failed:
            raise MemoryError()
        rows = array("i")
        for f in range(n_flops):
            for i in range(n_kept[f] * EXC_FIELDS):
                if i % EXC_FIELDS == 0:
                    rows.append(f)
                rows.append(kept_rows[f][i])
    finally:
        free(scratch)
        free(turn_cells)
        free(river_slots)
        for f in range(n_flops):
            free(kept_rows[f])
        free(kept_rows)
    out.exceptions = memoryview(rows)
    return out


cdef void run_flop(const Tables* t, const Pass* pa, int f, const uint8_t* flop, const uint8_t* rest, int n_rest,
                   const int32_t* rep, int32_t* cells, int32_t* second, int32_t* third, int32_t** kept,
                   int32_t* n_kept, int32_t* kept_cap, int* failed, uint16_t* turn_cells,
                   int64_t* slots, BoardVisit* block) noexcept nogil:
    """One flop of a pass, its outputs pointed at its own rows (a thread owns its flops)."""
    cdef FlopOut o
    o.cells = cells
    o.second = second
    o.third = third
    o.exceptions = kept
    o.n_exceptions = n_kept
    o.exception_cap = kept_cap
    o.failed = failed
    o.n_hold = <int>choose2(n_rest)
    o.turn_cells = turn_cells
    o.slots = slots
    sum_flop(t, flop, rest, n_rest, rep, pa, &o, block)


cdef bint least_image(int64_t key, int a, int b, int c, const uint8_t* maps, int group_size,
                      int* images) noexcept nogil:
    """Whether a flop's key is the least of its images' keys; ``images``: how many distinct ones."""
    cdef int64_t seen[N_PERMS]
    cdef int g, i, n = 0, dup
    cdef int64_t k
    cdef bint least = True
    for g in range(group_size):
        k = key3(maps[g * N_CARDS + a], maps[g * N_CARDS + b], maps[g * N_CARDS + c])
        if k < key:
            least = False
        dup = 0
        for i in range(n):
            if seen[i] == k:
                dup = 1
        if not dup:
            seen[n] = k
            n += 1
    images[0] = n
    return least


cdef object _matrix(int rows, int cols):
    return memoryview(bytearray(rows * cols)).cast("B", (rows, cols))


cdef object array_int32(Py_ssize_t n, int fill):
    return memoryview(array("i", [fill]) * n)


cdef object zeros_int32(Py_ssize_t n):
    """n zeros, from calloc: a large block comes from the system untouched, so its pages are first
    touched by the threads that fill it (on a fresh machine that first touch is most of the cost)."""
    cdef view.array out
    if n == 0:
        return array_int32(0, 0)
    out = view.array(shape=(n,), itemsize=sizeof(int32_t), format="i", mode="c", allocate_buffer=False)
    out.data = <char*>calloc(n, sizeof(int32_t))
    if out.data == NULL:
        raise MemoryError()
    out.callback_free_data = free
    return memoryview(out)


cdef object array_int64(Py_ssize_t n):
    return memoryview(array("q", [0]) * n)


cdef inline int holding_index(const BoardCounts* w, int h0, int h1) noexcept nogil:
    """The index of the holding {h0, h1} among a counted board's holdings (colex over positions)."""
    cdef int pa = -1, pb = -1, x
    for x in range(w.n_rest):
        if w.rest[x] == h0 or w.rest[x] == h1:
            if pa < 0:
                pa = x
            else:
                pb = x
    return (pb * (pb - 1) >> 1) + pa


def situation_counts(holding, flop, dead=(), int qualifier=0):
    """One (holding, flop)'s 10 x 4 counts, as ``FlopCounts.cell`` gives them, made directly: every turn
    and river counted on its own board (C(n - 5, 2) boards, a few milliseconds each batch), for a
    single decision without the whole table."""
    cdef uint8_t live[N_CARDS]
    cdef uint8_t seen[N_CARDS]
    cdef uint8_t board[5]
    cdef uint8_t rest[N_CARDS]
    cdef int32_t ends[N_ENDINGS]
    cdef int n = 0, i, j, k, e, h0, h1
    cdef int64_t cell[CELLS]
    cdef BoardCounts* w
    check_qualifier(qualifier)
    holding, flop = list(holding), list(flop)
    if len(holding) != 2 or len(flop) != 3:
        raise ValueError("a situation is a two-card holding and a three-card flop")
    memset(seen, 0, sizeof(seen))
    mark_cards(holding + flop + list(dead), seen)
    live_flags(dead, live)
    for i in range(N_CARDS):
        if not seen[i]:
            rest[n] = i
            n += 1
    if n < 4:
        raise ValueError("fewer than four cards are left for the turn, the river and the dealer")
    for i in range(3):
        board[i] = flop[i]
    h0, h1 = holding
    memset(cell, 0, sizeof(cell))
    w = <BoardCounts*>PyMem_Malloc(sizeof(BoardCounts))
    if w == NULL:
        raise MemoryError()
    try:
        with nogil:
            for j in range(1, n):
                for i in range(j):
                    board[3] = rest[i]
                    board[4] = rest[j]
                    count_board(w, board, live, qualifier)
                    k = holding_index(w, h0, h1)
                    endings(w, k, qualifier, ends)
                    for e in range(N_ENDINGS):
                        cell[w.category[k] * N_ENDINGS + e] += ends[e]
    finally:
        PyMem_Free(w)
    return [[cell[r * N_ENDINGS + e] for e in range(N_ENDINGS)] for r in range(N_CATEGORIES)]


def completion_endings(holding, board, dead=(), int qualifier=0):
    """One holding's dealer holdings by ending (``six_endings``) on every completion of a board of 3,
    4 or 5 cards by the live cards off the holding, the board and ``dead``: a list of (the completing
    cards, the player's final category, the six counts), one per completion (its cards increasing).
    What a decision after the flop, the turn or the river weighs, counted without the whole table."""
    cdef uint8_t live[N_CARDS]
    cdef uint8_t seen[N_CARDS]
    cdef uint8_t cards[5]
    cdef uint8_t rest[N_CARDS]
    cdef int32_t e[SIX]
    cdef BoardCounts* w
    cdef int n = 0, i, j, k, n_board, h0, h1, category
    check_qualifier(qualifier)
    holding, board = list(holding), list(board)
    n_board = len(board)
    if len(holding) != 2 or n_board not in (3, 4, 5):
        raise ValueError("a holding is two cards and a board three, four or five")
    memset(seen, 0, sizeof(seen))
    mark_cards(holding + board + list(dead), seen)
    live_flags(dead, live)
    for i in range(N_CARDS):
        if not seen[i]:
            rest[n] = i
            n += 1
    if n - (5 - n_board) < 2:
        raise ValueError("fewer than two cards are left for the dealer")
    for i in range(n_board):
        cards[i] = board[i]
    h0, h1 = holding
    completions = [()] if n_board == 5 else (
        [(rest[i],) for i in range(n)] if n_board == 4 else [(rest[i], rest[j]) for j in range(1, n) for i in range(j)])
    out = []
    w = <BoardCounts*>PyMem_Malloc(sizeof(BoardCounts))
    if w == NULL:
        raise MemoryError()
    try:
        for extra in completions:
            for i in range(5 - n_board):
                cards[n_board + i] = extra[i]
            with nogil:
                count_board(w, cards, live, qualifier)
                k = holding_index(w, h0, h1)
                category = w.category[k]
                endings_of(w.weaker[k], w.ties[k], w.not_qualifying[k], w.strength[k] >= qualifier,
                           <int32_t>choose2(w.n_rest - 2), e)
            out.append((tuple(extra), category, tuple(e[i] for i in range(SIX))))
    finally:
        PyMem_Free(w)
    return out
