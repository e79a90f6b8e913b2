# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Ultimate Three Card Poker with dealer cards seen: for every observation (the player's three
cards and ``seen`` of the dealer's), how the dealer hands it leaves end.

A deal is (player hand, the ``seen`` dealer cards, the 3 - ``seen`` hidden ones).  Each observation
is summed over its hidden completions into six counts, in the order of the solver's endings: the
dealer qualifies and the player is higher / the dealer is higher / they tie, then the same three
for a dealer who does not qualify.  Observations with the same player class (``class_of_strength``)
and the same six counts are merged, since the decision depends on nothing else; the kernel knows no
paytable and returns integer counts only.

Suit symmetry: a player hand and its image under a suit permutation that maps the deck onto itself
have the same observations, relabelled, so one hand of each orbit is dealt with the orbit's size as
its weight (1,755 hands of the full deck's 22,100).  With nothing hidden (``seen`` = 3) every
observation is one dealer hand and its counts are one ending, tallied in a small array rather than
in the dictionary.
"""
from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, card_rank, card_suit, make_card, mark_cards, sort3_desc
from oddscalc._native.colex cimport BINOM, unrank
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3
from oddscalc._native.suits cimport MAX_SUIT_MAPS, suit_maps

cdef enum:
    N_ENDINGS = 6
    MAX_CLASSES = 16
    MAX_STRENGTHS = 1024
    MAX_CARD_CLASSES = 5       # rank classes of a read: four named and the other ranks


cdef int _deck_permutations(const int* cards, int n, int[24][4] perms) noexcept:
    """The suit permutations that map the deck onto itself (the identity always among them), as
    each suit's image."""
    cdef uint8_t in_deck[N_CARDS]
    cdef uint8_t maps[MAX_SUIT_MAPS * N_CARDS]
    cdef int i, g, suit, count
    memset(in_deck, 0, sizeof(in_deck))
    for i in range(n):
        in_deck[cards[i]] = 1
    count = suit_maps(in_deck, maps)
    for g in range(count):
        for suit in range(4):
            perms[g][suit] = card_suit(maps[g * N_CARDS + make_card(0, suit)])
    return count


cdef inline int _code(int x, int y, int z) noexcept nogil:
    """One number for an unordered triple of cards: its cards sorted, high first."""
    x, y, z = sort3_desc(x, y, z)
    return (x * N_CARDS + y) * N_CARDS + z


cdef int _orbit_weight(int x, int y, int z, int[24][4] perms, int n_perms) noexcept:
    """The size of the triple's orbit if the triple is its orbit's smallest code, else 0."""
    cdef int images[24]
    cdef int i, j, image, own = _code(x, y, z), distinct = 0
    cdef bint new
    for i in range(n_perms):
        image = _code(make_card(card_rank(x), perms[i][card_suit(x)]), make_card(card_rank(y), perms[i][card_suit(y)]),
                      make_card(card_rank(z), perms[i][card_suit(z)]))
        if image < own:
            return 0
        new = True
        for j in range(distinct):
            if images[j] == image:
                new = False
                break
        if new:
            images[distinct] = image
            distinct += 1
    return distinct


def observations(ThreeCardRanking ranking, deck, int qualify, class_of_strength, int seen):
    """Every observation of ``deck`` with ``seen`` dealer cards seen, merged: a dict from
    (player class, six ending counts) to the number of observations (player hand, seen dealer
    cards) with them.  Each observation's counts sum to the completions C(n - 3 - seen, 3 - seen).

    Per player hand every dealer hand of the rest is valued once, and its ending is added to each
    of the ``seen``-card subsets it holds (the observations it completes): three cards, three
    pairs, itself, or the hand's one total when nothing is seen.

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> ranking = ThreeCardRanking((0, 1, 2, 3, 4, 5))
    >>> found = observations(ranking, range(52), 0, [0] * ranking.n_strengths, 3)
    >>> sum(found.values()), sorted(found)      # every dealer qualifies: higher, lower or tied
    (407170400, [(0, 0, 0, 1, 0, 0, 0), (0, 0, 1, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0)])
    """
    cdef int cards[N_CARDS]
    cdef int rest[N_CARDS]
    cdef int perms[24][4]
    cdef int ending_of[MAX_STRENGTHS]
    cdef int klass_of[MAX_STRENGTHS]
    cdef int64_t onehot[MAX_CLASSES * N_ENDINGS]
    cdef int total[N_ENDINGS]
    cdef int* single = NULL           # [card][ending]: the dealer hands holding each card of the rest
    cdef int* pair = NULL             # [card][card][ending]: those holding each pair
    cdef int n, n_perms, h, m, x, y, e, weight, klass, base_xy
    cdef dict found = {}
    cdef tuple key
    if not 0 <= seen <= 3:
        raise ValueError(f"the dealer has three cards: seen must be 0 to 3, got {seen}")
    n = _read_deck(ranking, deck, qualify, class_of_strength, cards, klass_of)
    for i in range(MAX_CLASSES * N_ENDINGS):
        onehot[i] = 0
    single = <int*>malloc(N_CARDS * N_ENDINGS * sizeof(int))
    pair = <int*>malloc(N_CARDS * N_CARDS * N_ENDINGS * sizeof(int))
    if single == NULL or pair == NULL:
        free(single)
        free(pair)
        raise MemoryError()
    try:
        n_perms = _deck_permutations(cards, n, perms)
        m = n - 3
        for h in range(BINOM[n][3]):
            weight = _player_hand(ranking, cards, n, h, perms, n_perms, klass_of, qualify, ending_of, rest, &klass)
            if weight == 0:
                continue
            _tally(ranking, rest, m, ending_of, seen, total, single, pair)
            if seen == 0:
                _add(found, klass, total, weight)
            elif seen == 1:
                for x in range(m):
                    _add(found, klass, single + x * N_ENDINGS, weight)
            elif seen == 2:
                for x in range(m):
                    base_xy = x * m
                    for y in range(x + 1, m):
                        _add(found, klass, pair + (base_xy + y) * N_ENDINGS, weight)
            else:
                for e in range(N_ENDINGS):
                    onehot[klass * N_ENDINGS + e] += weight * total[e]
    finally:
        free(single)
        free(pair)
    for klass in range(MAX_CLASSES):
        for e in range(N_ENDINGS):
            if onehot[klass * N_ENDINGS + e]:
                key = (klass, *[1 if x == e else 0 for x in range(N_ENDINGS)])
                found[key] = onehot[klass * N_ENDINGS + e]
    return found


cdef void _endings(int* ending_of, int n_str, int s_player, int qualify) noexcept nogil:
    """The ending of every dealer strength against the player's."""
    cdef int s
    for s in range(n_str):
        ending_of[s] = (0 if s >= qualify else 3) + (0 if s < s_player else (1 if s > s_player else 2))


cdef void _tally(ThreeCardRanking ranking, const int* rest, int m, const int* ending_of, int seen, int* total,
                 int* single, int* pair) noexcept nogil:
    """Every dealer hand of ``rest`` valued once; its ending added to the total, to each of its cards
    (``seen`` 1) or to each of its pairs (``seen`` 2)."""
    cdef int x, y, z, e, cx, cy
    for e in range(N_ENDINGS):
        total[e] = 0
    if seen == 1:
        memset(single, 0, m * N_ENDINGS * sizeof(int))
    elif seen == 2:
        memset(pair, 0, m * m * N_ENDINGS * sizeof(int))
    for x in range(m):
        cx = rest[x]
        for y in range(x + 1, m):
            cy = rest[y]
            for z in range(y + 1, m):
                e = ending_of[strength3(ranking, cx, cy, rest[z])]
                if seen == 1:
                    single[x * N_ENDINGS + e] += 1
                    single[y * N_ENDINGS + e] += 1
                    single[z * N_ENDINGS + e] += 1
                elif seen == 2:
                    pair[(x * m + y) * N_ENDINGS + e] += 1
                    pair[(x * m + z) * N_ENDINGS + e] += 1
                    pair[(y * m + z) * N_ENDINGS + e] += 1
                else:
                    total[e] += 1


cdef inline void _add(dict found, int klass, const int* counts, int64_t weight):
    key = (klass, counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    found[key] = found.get(key, 0) + weight


def read_observations(ThreeCardRanking ranking, deck, int qualify, class_of_strength, int whole, card_class,
                      int reads):
    """Every observation of ``deck`` when the player sees ``whole`` dealer cards whole and ``reads``
    more by rank class only (``card_class``: a class 0..4 per card code), merged as ``observations``
    merges them: a dict from (player class, six ending counts) to the number of observations.

    The dealer's three cards are dealt in order: the first ``whole`` seen whole, the next ``reads``
    read, the rest hidden.  A deal is a player hand and a dealer hand with that order, the seen cards
    as a set, the read ones in their order, the hidden ones as a set, so an observation (the seen
    set, the classes of the read cards in order) has as many completions as ways its read cards and
    hidden ones can be dealt: its counts sum to them, and they differ between observations.

    >>> from oddscalc._native.eval3 import ThreeCardRanking
    >>> ranking = ThreeCardRanking((0, 1, 2, 3, 4, 5))
    >>> classes = [1 if c >= 48 else 0 for c in range(52)]          # aces against the rest
    >>> found = read_observations(ranking, range(52), 0, [0] * ranking.n_strengths, 1, classes, 1)
    >>> sum(n * sum(key[1:]) for key, n in found.items()) == 22100 * 18424 * 3 * 2
    True
    """
    cdef int cards[N_CARDS]
    cdef int rest[N_CARDS]
    cdef int cls[N_CARDS]
    cdef int perms[24][4]
    cdef int ending_of[MAX_STRENGTHS]
    cdef int klass_of[MAX_STRENGTHS]
    cdef int order[6][3]
    cdef int* table = NULL
    cdef int n, n_perms, h, i, a, b, m, e, weight, klass, n_cls = 0
    cdef int n_orders, hidden = 3 - whole - reads, read_ways = 1, w_ways, total
    cdef Py_ssize_t cells, at
    cdef dict found = {}
    if not 0 <= whole <= 2 or reads < 1 or whole + reads > 3:
        raise ValueError(f"the dealer has three cards: {whole} seen whole and {reads} read do not fit")
    if len(card_class) != N_CARDS:
        raise ValueError("card_class has a class per card code (52)")
    for i in range(N_CARDS):
        cls[i] = card_class[i]
        if not 0 <= cls[i] < MAX_CARD_CLASSES:
            raise ValueError(f"a card's class must be 0 to {MAX_CARD_CLASSES - 1}, got {cls[i]}")
        if cls[i] + 1 > n_cls:
            n_cls = cls[i] + 1
    for _ in range(reads):
        read_ways *= n_cls
    n = _read_deck(ranking, deck, qualify, class_of_strength, cards, klass_of)
    # the orders of a dealer hand's three cards (positions 0..2) that deal different cards: one for
    # each seen set, read cards in order and hidden set (the seen pair and the hidden pair ascending)
    n_orders = 0
    for a in range(3):
        for b in range(3):
            if b != a and not (whole == 2 and a > b) and not (hidden == 2 and b > 3 - a - b):
                order[n_orders][0], order[n_orders][1], order[n_orders][2] = a, b, 3 - a - b
                n_orders += 1
    m = n - 3
    w_ways = 1 if whole == 0 else (m if whole == 1 else m * m)
    cells = <Py_ssize_t>w_ways * read_ways * N_ENDINGS
    table = <int*>malloc(cells * sizeof(int))
    if table == NULL:
        raise MemoryError()
    try:
        n_perms = _deck_permutations(cards, n, perms)
        for h in range(BINOM[n][3]):
            weight = _player_hand(ranking, cards, n, h, perms, n_perms, klass_of, qualify, ending_of, rest, &klass)
            if weight == 0:
                continue
            memset(table, 0, cells * sizeof(int))
            _tally_reads(ranking, rest, m, ending_of, whole, reads, cls, n_cls, order, n_orders, table, read_ways)
            for at in range(w_ways * read_ways):
                total = 0
                for e in range(N_ENDINGS):
                    total += table[at * N_ENDINGS + e]
                if total:
                    _add(found, klass, table + at * N_ENDINGS, weight)
    finally:
        free(table)
    return found


cdef void _tally_reads(ThreeCardRanking ranking, const int* rest, int m, const int* ending_of, int whole, int reads,
                       const int* cls, int n_cls, int[6][3] order, int n_orders, int* table,
                       int read_ways) noexcept nogil:
    """Every dealer hand of ``rest`` valued once; its ending added to the observation of each way its
    cards can be dealt (``order``: the seen set, the read cards in order, the hidden set)."""
    cdef int pos[3]
    cdef int x, y, z, e, p, r, w_index, r_index
    for x in range(m):
        pos[0] = x
        for y in range(x + 1, m):
            pos[1] = y
            for z in range(y + 1, m):
                pos[2] = z
                e = ending_of[strength3(ranking, rest[x], rest[y], rest[z])]
                for p in range(n_orders):
                    w_index = 0 if whole == 0 else (pos[order[p][0]] if whole == 1 else
                                                    pos[order[p][0]] * m + pos[order[p][1]])
                    r_index = 0
                    for r in range(reads):
                        r_index = r_index * n_cls + cls[rest[pos[order[p][whole + r]]]]
                    table[(w_index * read_ways + r_index) * N_ENDINGS + e] += 1


cdef int _read_deck(ThreeCardRanking ranking, deck, int qualify, class_of_strength, int* cards,
                    int* klass_of) except -1:
    """The deck's cards in order and each strength's player class, checked; the deck's size."""
    cdef uint8_t in_deck[N_CARDS]
    cdef int i, n, n_str = ranking.n_strengths
    for i in range(N_CARDS):
        in_deck[i] = 0
    listed = sorted(deck)
    mark_cards(listed, in_deck)             # refuses a code outside 0..51 or a card given twice
    n = len(listed)
    if n < 6:
        raise ValueError(f"a deck of {n} cards is too small for a player and a dealer hand")
    if not 0 <= qualify <= n_str:
        raise ValueError(f"qualify must be a strength from 0 to {n_str}, got {qualify}")
    if len(class_of_strength) != n_str or n_str > MAX_STRENGTHS:
        raise ValueError(f"class_of_strength needs one class per strength ({n_str})")
    for i in range(n_str):
        klass_of[i] = class_of_strength[i]
        if not 0 <= klass_of[i] < MAX_CLASSES:
            raise ValueError(f"a class index must be 0 to {MAX_CLASSES - 1}, got {klass_of[i]}")
    for i in range(n):
        cards[i] = listed[i]
    return n


cdef int _player_hand(ThreeCardRanking ranking, const int* cards, int n, int h, int[24][4] perms,
                      int n_perms, const int* klass_of, int qualify, int* ending_of, int* rest,
                      int* klass) noexcept:
    """The player hand of colex index h (deck positions i < j < k): its orbit's weight (0: not its
    orbit's representative, nothing else made), its class, every dealer strength's ending against
    it and the n - 3 cards left for the dealer."""
    cdef int at[3]
    cdef int x = 0, y, s_player
    unrank(h, 3, n, at)
    cdef int i = at[0], j = at[1], k = at[2]
    cdef int a = cards[i], b = cards[j], c = cards[k]
    cdef int weight = _orbit_weight(a, b, c, perms, n_perms)
    if weight == 0:
        return 0
    s_player = strength3(ranking, a, b, c)
    klass[0] = klass_of[s_player]
    _endings(ending_of, ranking.n_strengths, s_player, qualify)
    for y in range(n):
        if y != i and y != j and y != k:
            rest[x] = cards[y]
            x += 1
    return weight
