# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Three-card game counts (Fast Poker, Caribbean Fast Poker, Three Card Poker).  No paytable here.

For every player hand (or every player hand and dealer upcard) the kernel counts the dealer
hands that do not qualify, beat the player, tie or lose to the player, over any deck (the
52 cards, a reduced deck for brute-force tests, or the deck less dead cards).

Why it is fast: card removal by inclusion-exclusion.  For a threshold strength t let

    below0[t]        = dealer hands of the deck weaker than t
    below1[c][t]     = ... holding card c
    below2[c][d][t]  = ... holding cards c and d

Then the dealer hands that avoid the player's cards {a, b, c} and are weaker than t are
below0 - below1[a] - below1[b] - below1[c] + below2[a][b] + below2[a][c] + below2[b][c]
- [hand a b c itself is weaker than t]; with an upcard u the dealer hands are u plus two
cards, which is the same formula one level down (below1[u] - below2[u][a] - ...).  Each
situation then costs a few table look-ups instead of 18,424 (or 1,128) evaluations.

Situations with the same (upcard rank, player strength) and the same counts are merged
into one class with a weight, so Python prices a few thousand classes, not a million.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, card_rank, mark_cards
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3


cdef struct Situation:
    uint32_t not_qualify
    uint32_t dealer_wins
    uint32_t tie
    uint32_t nq_dealer_wins        # of the dealer hands not qualifying: those beating the player
    uint32_t nq_tie                # ... and those tying
    uint8_t a, b, c, up


cdef inline uint64_t situation_key(const Situation* x, int index) noexcept nogil:
    """Counts then position packed in one integer (counts are below 2**15 even on 52 cards), so
    sorting integers groups equal counts, first-dealt situation first."""
    return ((<uint64_t>x.not_qualify << 48) | (<uint64_t>x.dealer_wins << 32)
            | (<uint64_t>x.tie << 16) | <uint64_t>index)


cdef void shell_sort(uint64_t* keys, int n) noexcept nogil:
    """Sort a few hundred integers in place (Ciura's gaps); buckets are small, so no recursion."""
    cdef int gaps[8]
    cdef int g, gap, i, j
    cdef uint64_t value
    gaps[:] = [701, 301, 132, 57, 23, 10, 4, 1]
    for g in range(8):
        gap = gaps[g]
        for i in range(gap, n):
            value = keys[i]
            j = i
            while j >= gap and keys[j - gap] > value:
                keys[j] = keys[j - gap]
                j -= gap
            keys[j] = value


cdef class _Tables:
    """Cumulative strength counts of the dealer hands of one deck (see the module docstring)."""
    cdef int width                 # n_strengths + 1 thresholds: t = 0 .. n_strengths
    cdef int64_t* below0
    cdef uint16_t* below1          # [card][t], at most C(51, 2) = 1275
    cdef uint8_t* below2           # [card][card][t], at most 50

    def __cinit__(self, ThreeCardRanking ranking, const uint8_t[::1] in_deck):
        cdef int c, d, e, t, w = ranking.n_strengths + 1
        cdef uint32_t* sums
        cdef uint8_t* row
        self.width = w
        self.below0 = <int64_t*>calloc(w, sizeof(int64_t))
        self.below1 = <uint16_t*>calloc(N_CARDS * w, sizeof(uint16_t))
        self.below2 = <uint8_t*>calloc(N_CARDS * N_CARDS * w, sizeof(uint8_t))
        sums = <uint32_t*>calloc(w, sizeof(uint32_t))
        if self.below0 == NULL or self.below1 == NULL or self.below2 == NULL or sums == NULL:
            free(sums)
            raise MemoryError()
        with nogil:
            for c in range(N_CARDS):
                if not in_deck[c]:
                    continue
                memset(sums, 0, w * sizeof(uint32_t))
                for d in range(N_CARDS):
                    if d == c or not in_deck[d]:
                        continue
                    row = self.below2 + (c * N_CARDS + d) * w
                    if d < c:     # symmetric: (c, d) is a copy of (d, c)
                        for t in range(w):
                            row[t] = self.below2[(d * N_CARDS + c) * w + t]
                    else:
                        for e in range(N_CARDS):
                            if e != c and e != d and in_deck[e]:
                                row[strength3(ranking, c, d, e) + 1] += 1
                        for t in range(1, w):
                            row[t] += row[t - 1]
                    for t in range(w):
                        sums[t] += row[t]
                # every pair {d, e} was counted once through d and once through e
                for t in range(w):
                    self.below1[c * w + t] = sums[t] // 2
                    self.below0[t] += sums[t] // 2
            for t in range(w):
                self.below0[t] //= 3     # every hand was counted through each of its cards
        free(sums)

    def __dealloc__(self):
        free(self.below0)
        free(self.below1)
        free(self.below2)


cdef inline int64_t avoiding_below(_Tables tables, int a, int b, int c, int s, int t) noexcept nogil:
    """Dealer hands (no upcard) avoiding the player's a, b, c (strength s) and weaker than t."""
    cdef int w = tables.width
    cdef uint8_t* two = tables.below2
    return (tables.below0[t]
            - tables.below1[a * w + t] - tables.below1[b * w + t] - tables.below1[c * w + t]
            + two[(a * N_CARDS + b) * w + t] + two[(a * N_CARDS + c) * w + t]
            + two[(b * N_CARDS + c) * w + t]
            - (1 if s < t else 0))


cdef inline int64_t upcard_below(_Tables tables, int u, int a, int b, int c,
                                 int sab, int sac, int sbc, int t) noexcept nogil:
    """Dealer hands u + two cards avoiding a, b, c and weaker than t (sxy: strength of u x y)."""
    cdef int w = tables.width
    cdef uint8_t* two = tables.below2
    return (tables.below1[u * w + t]
            - two[(u * N_CARDS + a) * w + t] - two[(u * N_CARDS + b) * w + t]
            - two[(u * N_CARDS + c) * w + t]
            + (1 if sab < t else 0) + (1 if sac < t else 0) + (1 if sbc < t else 0))


cdef inline void settle_counts(Situation* out, int64_t below_q, int64_t below_s, int64_t below_s1,
                               int64_t total, int s, int q) noexcept nogil:
    """Dealer not qualifying / beating / tying from cumulative counts at q, s and s + 1."""
    out.not_qualify = <uint32_t>below_q
    if s >= q:
        out.tie = <uint32_t>(below_s1 - below_s)
        out.dealer_wins = <uint32_t>(total - below_s1)
        out.nq_tie = 0
        out.nq_dealer_wins = 0
    else:     # a dealer as weak as the player does not qualify
        out.tie = 0
        out.dealer_wins = <uint32_t>(total - below_q)
        out.nq_tie = <uint32_t>(below_s1 - below_s)
        out.nq_dealer_wins = <uint32_t>(below_q - below_s1)


cdef list _deck_flags(deck):
    cdef uint8_t seen[N_CARDS]
    memset(seen, 0, N_CARDS)
    mark_cards(deck, seen)
    return [seen[card] for card in range(N_CARDS)]


def player_hands(ThreeCardRanking ranking, deck):
    """Player hands of a deck grouped by strength: list of (strength, count, a, b, c) (a b c: one example).

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> rows = player_hands(ThreeCardRanking((0, 1, 2, 3, 4, 5)), range(52))
    >>> len(rows), sum(r[1] for r in rows)
    (741, 22100)
    """
    cards = sorted(deck)
    _deck_flags(cards)
    counts, example = {}, {}
    n = len(cards)
    cdef int i, j, k, s
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                s = strength3(ranking, cards[i], cards[j], cards[k])
                if s not in counts:
                    counts[s] = 0
                    example[s] = (cards[k], cards[j], cards[i])
                counts[s] += 1
    return [(s, counts[s], *example[s]) for s in sorted(counts)]


def hand_counts(ThreeCardRanking ranking, deck, hand, int qualify, int upcard=-1):
    """Dealer hands from ``deck`` (with the upcard, if any, plus two cards of the deck) against
    ``hand``: (not qualifying, beating the player, tying, losing to a qualifying dealer, total).

    ``deck`` holds the cards the dealer may still get (no player, dead or upcard cards).

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> r = ThreeCardRanking((0, 1, 2, 3, 4, 5))
    >>> hand_counts(r, [c for c in range(52) if c not in (51, 47, 43)], (51, 47, 43), 0)
    (0, 0, 3, 18421, 18424)
    """
    cdef uint8_t seen[N_CARDS]
    cdef int a, b, c, s, t, x, y, z, n
    cdef int64_t not_qualify = 0, dealer_wins = 0, tie = 0, total = 0
    if len(hand) != 3 or upcard < -1:
        raise ValueError("a hand is three cards, and the upcard a card code or -1")
    cards = sorted(deck)
    memset(seen, 0, N_CARDS)
    mark_cards(cards, seen)                     # the deck must not hold the hand or the upcard
    mark_cards(hand if upcard < 0 else (*hand, upcard), seen)
    if len(cards) < (2 if upcard >= 0 else 3):
        raise ValueError(f"the dealer needs {2 if upcard >= 0 else 3} cards of the deck, {len(cards)} are left")
    a, b, c = hand
    s = strength3(ranking, a, b, c)
    n = len(cards)
    for x in range(n):
        for y in range(x + 1, n):
            if upcard >= 0:
                t = strength3(ranking, upcard, cards[x], cards[y])
                total += 1
                not_qualify += t < qualify
                dealer_wins += t >= qualify and t > s
                tie += t >= qualify and t == s
                continue
            for z in range(y + 1, n):
                t = strength3(ranking, cards[x], cards[y], cards[z])
                total += 1
                not_qualify += t < qualify
                dealer_wins += t >= qualify and t > s
                tie += t >= qualify and t == s
    return (not_qualify, dealer_wins, tie, total - not_qualify - dealer_wins - tie, total)


COLUMNS = ("up_rank", "strength", "weight", "not_qualify", "dealer_wins", "tie", "player_wins",
           "a", "b", "c", "upcard")
# the columns class_counts adds with split_not_qualifying
SPLIT_COLUMNS = ("nq_dealer_wins", "nq_tie")


def class_counts(ThreeCardRanking ranking, deck, int qualify, bint upcard, bint split_not_qualifying=False):
    """Counts for every player hand (``upcard`` false) or every (hand, upcard) of a deck, merged
    into classes of equal (upcard rank, player strength, counts), in that order.

    Returns (columns, dealer hands per situation): ``columns`` maps each name of COLUMNS to a
    list with one entry per class: upcard rank (-1 without upcard), player strength, weight
    (situations in the class), dealer hands not qualifying / beating the player / tying /
    losing to the player, and one example of the class (cards a b c, upcard or -1).

    With ``split_not_qualifying`` the classes are also split by how the dealer hands that do not
    qualify compare with the player, in the columns of SPLIT_COLUMNS: those beating the player and
    those tying (the rest lose to him); the classes of equal primary counts keep their order,
    each followed by its sub-classes in order of these two counts.

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> columns, per = class_counts(ThreeCardRanking((0, 1, 2, 3, 4, 5)), range(52), 0, False)
    >>> per, sum(columns["weight"])
    (18424, 22100)
    """
    cdef uint8_t[::1] in_deck = bytearray(_deck_flags(deck))
    cdef _Tables tables = _Tables(ranking, in_deck)
    cards = sorted(deck)
    cdef int n = len(cards), n_str = ranking.n_strengths
    if n < (7 if upcard else 6):
        raise ValueError(f"a deck of {n} cards is too small for a player and a dealer hand")
    cdef int64_t per = (n - 4) * (n - 5) // 2 if upcard else (n - 3) * (n - 4) * (n - 5) // 6
    cdef int n_hands = n * (n - 1) * (n - 2) // 6
    cdef int i, j, k, m, s, u, a, b, c, h, rank, lo, hi, length, capacity = 1, n_up_suits, multiplicity
    cdef int sab, sac, sbc
    cdef int deck_cards[52]
    cdef int ups[13][4]
    cdef int n_ups[13]
    cdef int* start = <int*>calloc(n_str + 1, sizeof(int))
    cdef int* fill = <int*>calloc(n_str + 1, sizeof(int))
    cdef uint8_t* hands = <uint8_t*>malloc(3 * n_hands)
    cdef Situation* scratch = NULL
    cdef uint64_t* keys = NULL
    cdef uint64_t* sub_keys = NULL
    cdef int sub_lo, sub_hi
    cdef Situation* first
    if start == NULL or fill == NULL or hands == NULL:
        free(start)
        free(fill)
        free(hands)
        raise MemoryError()
    for i in range(n):
        deck_cards[i] = cards[i]
    memset(n_ups, 0, sizeof(n_ups))
    for i in range(n):
        rank = card_rank(deck_cards[i])
        ups[rank][n_ups[rank]] = deck_cards[i]
        n_ups[rank] += 1
    # player hands in order of strength (a counting sort), so classes come out by strength
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                start[strength3(ranking, deck_cards[i], deck_cards[j], deck_cards[k]) + 1] += 1
    for s in range(n_str):
        start[s + 1] += start[s]
        capacity = max(capacity, start[s + 1] - start[s])
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                s = strength3(ranking, deck_cards[i], deck_cards[j], deck_cards[k])
                h = start[s] + fill[s]
                fill[s] += 1
                hands[3 * h], hands[3 * h + 1], hands[3 * h + 2] = deck_cards[k], deck_cards[j], deck_cards[i]
    # Suit symmetry: when every rank of the deck has all four suits or none, (hand, upcard) and
    # its image under a suit permutation have the same counts, so only the first upcard of each
    # rank is dealt and its situations count four times.
    symmetric = all(n_ups[rank] in (0, 4) for rank in range(13))
    columns = {name: [] for name in COLUMNS}
    cdef list up_rank_of = columns["up_rank"], strength_of = columns["strength"]
    cdef list weight_of = columns["weight"], nq_of = columns["not_qualify"]
    cdef list dw_of = columns["dealer_wins"], tie_of = columns["tie"], pw_of = columns["player_wins"]
    cdef list a_of = columns["a"], b_of = columns["b"], c_of = columns["c"], up_of = columns["upcard"]
    cdef list nq_dw_of = None, nq_tie_of = None
    if split_not_qualifying:
        nq_dw_of = columns["nq_dealer_wins"] = []
        nq_tie_of = columns["nq_tie"] = []
    try:
        capacity *= 4 if upcard else 1
        if capacity >= 1 << 16:
            raise ValueError("too many hands of one strength for a 16-bit situation index")
        scratch = <Situation*>malloc(capacity * sizeof(Situation))
        keys = <uint64_t*>malloc(capacity * sizeof(uint64_t))
        sub_keys = <uint64_t*>malloc(capacity * sizeof(uint64_t))
        if scratch == NULL or keys == NULL or sub_keys == NULL:
            raise MemoryError()
        for rank in range(13 if upcard else 1):
            if upcard and n_ups[rank] == 0:
                continue
            n_up_suits = 1 if symmetric else n_ups[rank]
            multiplicity = n_ups[rank] if symmetric and upcard else 1
            for s in range(n_str):
                length = 0
                for h in range(start[s], start[s + 1]):
                    a, b, c = hands[3 * h], hands[3 * h + 1], hands[3 * h + 2]
                    if not upcard:
                        settle_counts(&scratch[length], avoiding_below(tables, a, b, c, s, qualify),
                                      avoiding_below(tables, a, b, c, s, s),
                                      avoiding_below(tables, a, b, c, s, s + 1), per, s, qualify)
                        scratch[length].a, scratch[length].b, scratch[length].c = a, b, c
                        scratch[length].up = 255
                        length += 1
                        continue
                    for m in range(n_up_suits):
                        u = ups[rank][m]
                        if u == a or u == b or u == c:
                            continue
                        sab = strength3(ranking, u, a, b)
                        sac = strength3(ranking, u, a, c)
                        sbc = strength3(ranking, u, b, c)
                        settle_counts(&scratch[length],
                                      upcard_below(tables, u, a, b, c, sab, sac, sbc, qualify),
                                      upcard_below(tables, u, a, b, c, sab, sac, sbc, s),
                                      upcard_below(tables, u, a, b, c, sab, sac, sbc, s + 1),
                                      per, s, qualify)
                        scratch[length].a, scratch[length].b, scratch[length].c = a, b, c
                        scratch[length].up = u
                        length += 1
                if length == 0:
                    continue
                for i in range(length):
                    keys[i] = situation_key(&scratch[i], i)
                shell_sort(keys, length)
                lo = 0
                while lo < length:
                    hi = lo + 1
                    while hi < length and keys[hi] >> 16 == keys[lo] >> 16:
                        hi += 1
                    # sub-classes by the split of the dealer hands not qualifying (without the
                    # split, the whole class is one)
                    for i in range(lo, hi):
                        first = &scratch[keys[i] & 0xFFFF]
                        sub_keys[i - lo] = keys[i] & 0xFFFF
                        if split_not_qualifying:
                            sub_keys[i - lo] |= ((<uint64_t>first.nq_dealer_wins << 32)
                                                 | (<uint64_t>first.nq_tie << 16))
                    if split_not_qualifying:
                        shell_sort(sub_keys, hi - lo)
                    sub_lo = 0
                    while sub_lo < hi - lo:
                        sub_hi = sub_lo + 1
                        while sub_hi < hi - lo and (not split_not_qualifying
                                                    or sub_keys[sub_hi] >> 16 == sub_keys[sub_lo] >> 16):
                            sub_hi += 1
                        first = &scratch[sub_keys[sub_lo] & 0xFFFF]
                        up_rank_of.append(rank if upcard else -1)
                        strength_of.append(s)
                        weight_of.append((sub_hi - sub_lo) * multiplicity)
                        nq_of.append(first.not_qualify)
                        dw_of.append(first.dealer_wins)
                        tie_of.append(first.tie)
                        pw_of.append(per - first.not_qualify - first.dealer_wins - first.tie)
                        if split_not_qualifying:
                            nq_dw_of.append(first.nq_dealer_wins)
                            nq_tie_of.append(first.nq_tie)
                        a_of.append(first.a)
                        b_of.append(first.b)
                        c_of.append(first.c)
                        up_of.append(first.up if upcard else -1)
                        sub_lo = sub_hi
                    lo = hi
    finally:
        free(scratch)
        free(keys)
        free(sub_keys)
        free(start)
        free(fill)
        free(hands)
    return columns, per


cdef inline uint64_t group_key(int up_rank, int strength, uint64_t nq, uint64_t dw, uint64_t tie) noexcept nogil:
    """(upcard rank, strength, counts) of a situation packed in one integer: counts below 2**15,
    strengths below 2**10, upcard rank + 1 below 2**4 (see group_keys)."""
    return ((<uint64_t>(up_rank + 1) << 60) | (<uint64_t>strength << 50) | (nq << 30) | (dw << 15) | tie)


def group_keys(up_rank, strength, not_qualify, dealer_wins, tie):
    """Keys of class_counts' groups (its columns), as spread_decisions looks situations up.

    >>> group_keys([-1], [0], [1], [2], [3]) == [(1 << 30) + (2 << 15) + 3]
    True
    """
    return [group_key(u, s, n, d, t) for u, s, n, d, t in zip(up_rank, strength, not_qualify, dealer_wins, tie)]


cdef int find_key(const uint64_t* keys, int n, uint64_t key) noexcept nogil:
    """Index of ``key`` in the sorted ``keys``, or -1."""
    cdef int lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < n and keys[lo] == key else -1


def spread_decisions(ThreeCardRanking ranking, int qualify, bint upcard, keys, plays, splits=None):
    """A decision byte for every situation of the 52-card deck, from one decision per group.

    ``keys`` (sorted, from group_keys) and ``plays`` (one byte each) describe class_counts'
    groups; every situation is counted again with the same formulas, keyed, and looked up, so a
    simulator reads the analysis' own decision.  Returns a bytearray indexed
    ``(a * 2704 + b * 52 + c) * width + u`` for every order of the hand's cards a, b, c
    (width 52 and u the upcard with an upcard; width 1 and u = 0 without), so a simulator
    never sorts.  A situation without a group is a ValueError (the counts would disagree).

    ``splits`` (one per key: ``nq_dealer_wins << 16 | nq_tie``) describes the groups of
    ``class_counts(..., split_not_qualifying=True)``: a key may then repeat, the (key, split)
    pairs sorted and distinct, and a situation is looked up by both.

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> r = ThreeCardRanking((0, 1, 2, 3, 4, 5))
    >>> columns, per = class_counts(r, range(52), 0, False)
    >>> keys = group_keys(*(columns[k] for k in ("up_rank", "strength", "not_qualify", "dealer_wins", "tie")))
    >>> table = spread_decisions(r, 0, False, sorted(keys), bytes([1]) * len(keys))
    >>> len(table), table[51 * 2704 + 47 * 52 + 43], table[0]
    (140608, 1, 0)
    """
    if ranking.n_strengths >= 1 << 10:
        raise ValueError("too many strengths for a 10-bit key")
    cdef int n_keys = len(keys)
    if len(plays) != n_keys:
        raise ValueError("one decision per group key is needed")
    cdef int width = 52 if upcard else 1
    if splits is not None and len(splits) != n_keys:
        raise ValueError("one split per group key is needed")
    cdef bint split = splits is not None
    cdef uint64_t* sorted_keys = <uint64_t*>malloc(max(n_keys, 1) * sizeof(uint64_t))
    cdef uint32_t* sorted_splits = <uint32_t*>malloc(max(n_keys, 1) * sizeof(uint32_t))
    if sorted_keys == NULL or sorted_splits == NULL:
        free(sorted_keys)
        free(sorted_splits)
        raise MemoryError()
    cdef int i
    for i in range(n_keys):
        sorted_keys[i] = keys[i]
        sorted_splits[i] = splits[i] if split else 0
        if i and (sorted_keys[i] < sorted_keys[i - 1] or (sorted_keys[i] == sorted_keys[i - 1]
                                                          and sorted_splits[i] <= sorted_splits[i - 1])):
            free(sorted_keys)
            free(sorted_splits)
            raise ValueError("group keys (and splits) must be sorted and distinct")
    cdef const uint8_t[::1] play = bytes(plays)
    table = bytearray(N_CARDS * N_CARDS * N_CARDS * width)
    cdef uint8_t[::1] out = table
    cdef uint8_t[::1] in_deck = bytearray([1]) * N_CARDS
    cdef _Tables tables = _Tables(ranking, in_deck)
    cdef int64_t per = 1128 if upcard else 18424
    cdef int a, b, c, u, s, g, p, missing = -1, sab, sac, sbc
    cdef Situation x
    cdef int perms[6][3]
    with nogil:
        for a in range(N_CARDS):
            for b in range(a + 1, N_CARDS):
                for c in range(b + 1, N_CARDS):
                    s = strength3(ranking, a, b, c)
                    perms[0][:] = [a, b, c]
                    perms[1][:] = [a, c, b]
                    perms[2][:] = [b, a, c]
                    perms[3][:] = [b, c, a]
                    perms[4][:] = [c, a, b]
                    perms[5][:] = [c, b, a]
                    for u in range(width):
                        if upcard:
                            if u == a or u == b or u == c:
                                continue
                            sab = strength3(ranking, u, a, b)
                            sac = strength3(ranking, u, a, c)
                            sbc = strength3(ranking, u, b, c)
                            settle_counts(&x, upcard_below(tables, u, a, b, c, sab, sac, sbc, qualify),
                                          upcard_below(tables, u, a, b, c, sab, sac, sbc, s),
                                          upcard_below(tables, u, a, b, c, sab, sac, sbc, s + 1),
                                          per, s, qualify)
                        else:
                            settle_counts(&x, avoiding_below(tables, a, b, c, s, qualify),
                                          avoiding_below(tables, a, b, c, s, s),
                                          avoiding_below(tables, a, b, c, s, s + 1), per, s, qualify)
                        g = find_key(sorted_keys, n_keys,
                                     group_key(card_rank(u) if upcard else -1, s, x.not_qualify,
                                               x.dealer_wins, x.tie))
                        if split:      # the first of the key's groups; then the one of the split
                            while 0 <= g < n_keys and sorted_splits[g] != ((x.nq_dealer_wins << 16) | x.nq_tie):
                                g = g + 1 if g + 1 < n_keys and sorted_keys[g + 1] == sorted_keys[g] else -1
                        if g < 0:
                            missing = (a * N_CARDS + b) * N_CARDS + c
                            continue
                        for p in range(6):
                            out[((perms[p][0] * N_CARDS + perms[p][1]) * N_CARDS + perms[p][2]) * width + u] = play[g]
    free(sorted_keys)
    free(sorted_splits)
    if missing >= 0:
        raise ValueError(f"a situation of the hand {missing} has no group: the counts disagree")
    return table


def showdown_counts(ThreeCardRanking ranking, deck, player_map, dealer_map, int n_classes):
    """Every deal of a deck (a player hand and a dealer hand, disjoint) by the player's class, the
    dealer's class and how the hands compare: a list of 3 * n * n counts indexed
    ``(relation * n + player class) * n + dealer class``, relation 0 when the dealer's hand is
    stronger, 1 equal, 2 the player's stronger (qualification plays no part).  ``player_map`` and
    ``dealer_map`` give the class index (below ``n_classes``) of every strength.

    Per player hand the dealer hands avoiding its cards are counted per strength by
    inclusion-exclusion (all dealer hands, less those holding one of its cards, plus those holding
    two, less the hand itself), so the deck's hands are visited once each, not once per pair.

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> r = ThreeCardRanking((0, 1, 2, 3, 4, 5))
    >>> counts = showdown_counts(r, range(52), bytes(r.n_strengths), bytes(r.n_strengths), 1)
    >>> sum(counts) == 22100 * 18424, counts[0] == counts[2]
    (True, True)
    """
    cdef int n_str = ranking.n_strengths
    cdef const uint8_t[::1] pmap = bytes(player_map)
    cdef const uint8_t[::1] dmap = bytes(dealer_map)
    if pmap.shape[0] != n_str or dmap.shape[0] != n_str:
        raise ValueError("a class index per strength is needed for the player and the dealer")
    if n_classes < 1 or n_classes > 255 or max(bytes(player_map)) >= n_classes or max(bytes(dealer_map)) >= n_classes:
        raise ValueError("class indices must be below n_classes (at most 255)")
    _deck_flags(deck)         # refuses a card outside 0..51 or a repeated one
    cards = sorted(deck)
    cdef int n = len(cards)
    if n < 6:
        raise ValueError(f"a deck of {n} cards is too small for a player and a dealer hand")
    cdef int d[52]
    cdef int i, j, k, s, sp, rel, x, y, z
    for i in range(n):
        d[i] = cards[i]
    cdef int64_t* e0 = <int64_t*>calloc(n_str, sizeof(int64_t))
    cdef int32_t* e1 = <int32_t*>calloc(N_CARDS * n_str, sizeof(int32_t))
    cdef uint8_t* e2 = <uint8_t*>calloc(N_CARDS * N_CARDS * n_str, sizeof(uint8_t))
    cdef int64_t* joint = <int64_t*>calloc(n_str * n_str, sizeof(int64_t))
    cdef int64_t* out = <int64_t*>calloc(3 * n_classes * n_classes, sizeof(int64_t))
    cdef int64_t* row
    cdef int32_t* ra
    cdef int32_t* rb
    cdef int32_t* rc
    cdef uint8_t* rab
    cdef uint8_t* rac
    cdef uint8_t* rbc
    if e0 == NULL or e1 == NULL or e2 == NULL or joint == NULL or out == NULL:
        free(e0)
        free(e1)
        free(e2)
        free(joint)
        free(out)
        raise MemoryError()
    with nogil:
        # dealer hands per strength: all, holding a card, holding two cards (x < y)
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    x, y, z = d[i], d[j], d[k]
                    s = strength3(ranking, x, y, z)
                    e0[s] += 1
                    e1[x * n_str + s] += 1
                    e1[y * n_str + s] += 1
                    e1[z * n_str + s] += 1
                    e2[(x * N_CARDS + y) * n_str + s] += 1
                    e2[(x * N_CARDS + z) * n_str + s] += 1
                    e2[(y * N_CARDS + z) * n_str + s] += 1
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    x, y, z = d[i], d[j], d[k]
                    sp = strength3(ranking, x, y, z)
                    row = joint + sp * n_str
                    ra = e1 + x * n_str
                    rb = e1 + y * n_str
                    rc = e1 + z * n_str
                    rab = e2 + (x * N_CARDS + y) * n_str
                    rac = e2 + (x * N_CARDS + z) * n_str
                    rbc = e2 + (y * N_CARDS + z) * n_str
                    for s in range(n_str):
                        row[s] += e0[s] - ra[s] - rb[s] - rc[s] + rab[s] + rac[s] + rbc[s]
                    row[sp] -= 1
        for sp in range(n_str):
            for s in range(n_str):
                rel = 0 if s > sp else (1 if s == sp else 2)
                out[(rel * n_classes + pmap[sp]) * n_classes + dmap[s]] += joint[sp * n_str + s]
    result = [out[i] for i in range(3 * n_classes * n_classes)]
    free(e0)
    free(e1)
    free(e2)
    free(joint)
    free(out)
    return result
