# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hold'em before the flop when the player has seen dealer hole cards (Ultimate Texas Hold'em, Texas
Hold'em Bonus): every later stage decided on what he sees, exactly, over every board and every
dealer card he has not seen.

One situation is a holding, the dealer cards seen (one or both; none too, for the tests on small
decks), those read by rank class only (``reads``: each a tuple of ranks; a read card is one
particular card of the dealer's, equally likely any unseen card of its ranks) and the dead cards.
Two passes:

1. **The boards, counted.**  Every five-card board of the cards left (colex over their positions):
   the player's final category and the dealer's unseen cards by ending (does not qualify and the
   player wins, ties, loses; qualifies and ...), one 7-card strength per dealer hand.  This pass
   knows no paytable.
2. **The stages, priced.**  The caller gives the integer coefficients of each wager on a board's 60
   cells (category x ending).  For every flop, every turn and river pair is a board read from pass
   1.  Ultimate Texas Hold'em: the river decided on each board (Play or fold, by choice.pxd's
   ``takes``), the flop on the sum (Play or check), the preflop Plays valued on every board (every
   board is reached once from each of its ten flops, so their sums are counted ten times to share
   the check's denominator).  Texas Hold'em Bonus: the River wager decided per turn card (over its
   rivers), the Turn wager per flop, the turn and river ordered.

Every (board, dealer hand) counted is one equally likely deal given what is seen, so a board's value
is an integer (over the scale) summed over its dealer hands, and sums and comparisons are of
integers, and exact.  With cards read, boards differ in their dealer hands (an ace on the board is
an ace the read card cannot be): a board weighs as many deals as it has, as it should.
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset
from cython.parallel cimport prange

from oddscalc._native.cards cimport N_CARDS, N_RANKS, mark_cards, next_colex
from oddscalc._native.choice cimport takes
from oddscalc._native.colex cimport BINOM, complement, rank_of, unrank
from oddscalc._native.eval5 cimport N_CATEGORIES, category_of, strength7, strengths7_with
from oddscalc._native.suits cimport MAX_SUIT_MAPS, suit_maps

cdef enum:
    SIX = 6                    # endings: no qualifier and win, tie, lose; qualifies and win, tie, lose
    CELLS6 = 60
    BOARD = 5
    FLOP = 3
    HOLE = 2
    MAX_SIZES = 8              # preflop Play sizes
    CHUNK = 256                # boards or flops a core takes at a time
    ULTIMATE = 0               # the games pass 2 prices
    BONUS = 1
    MAX_PAIRS = 1176           # turn and river pairs of a flop: C(49, 2)
    RANK_PAIRS = 91            # unordered pairs of ranks, a rank twice too
    MULTISETS = 6188           # a board's ranks as a multiset (of the 13, five with repetition): C(17, 5)
    NOT_A_HAND = 0xFFFF        # above every strength (0..7461)


cdef struct Situation:
    int n                      # cards left: not the player's, not a seen dealer card, not dead
    int unseen                 # dealer hole cards not seen (0, 1 or 2)
    uint8_t rest[N_CARDS]
    uint8_t hand[HOLE]
    uint8_t seen[HOLE]
    int qualifier              # the least qualifying dealer strength (0: every hand qualifies)
    # dealer cards read by rank class: one seen and the other read (read_chunk: count_seen_read), or none
    # seen and one or both read (count_pairs); the first card's ranks read_rank, the other's allowed_rank
    bint reading
    bint pairs
    bint read_rank[N_RANKS]
    bint allowed_rank[N_RANKS]
    int n_pairs                # the rank pairs (a <= b) that can be the dealer's, their deals per
    uint8_t pair_a[RANK_PAIRS]  # pair of cards (pair_deals) and their strengths
    uint8_t pair_b[RANK_PAIRS]
    uint8_t pair_deals[RANK_PAIRS]
    uint8_t deals[N_RANKS][N_RANKS]  # per two ranks, the orders two such cards are dealt in:
    #                                  [a first][b second] + [b first][a second]
    const uint16_t* pair_strengths
    int rank_left[N_RANKS]     # per rank, its cards in rest
    bint in_rest[N_CARDS]
    # the suit permutations that keep the situation but the identity, each as every position's image
    # position; per board, the least index of its images (NULL when only the identity keeps it): pass 1
    # counts a board whose own it is, the others copy it, and pass 2 prices a flop per class
    int n_images
    uint8_t images[(MAX_SUIT_MAPS - 1) * N_CARDS]
    const int32_t* source


cdef inline void settle(uint16_t p, const uint8_t* dealer, int qualifier, uint16_t* e) noexcept nogil:
    cdef uint16_t d = strength7(dealer)
    e[(0 if p > d else 1 if p == d else 2) + (3 if d >= qualifier else 0)] += 1


cdef inline void store_endings(int weaker, int ties, int q_weaker, int q_ties, int not_qualifying, int hands,
                               uint16_t* e) noexcept nogil:
    """The six endings from the dealer hands below the player's, tied with it, of those the ones
    that qualify, the ones that do not qualify, and all of them."""
    e[0] = weaker - q_weaker
    e[1] = ties - q_ties
    e[2] = not_qualifying - e[0] - e[1]
    e[3] = q_weaker
    e[4] = q_ties
    e[5] = hands - not_qualifying - q_weaker - q_ties


cdef inline void count_against(const uint16_t* theirs, int n, int hands, uint16_t p, int qualifier,
                               uint16_t* e) noexcept nogil:
    """e: the six endings of the dealer strengths theirs[0..n) against the player's ``p``, ``hands``
    of them real and the others NOT_A_HAND (above every hand and every qualifier: they fall in no
    sum below, and e[5] is what the others leave).  No branch or store per hand: vector adds."""
    cdef int x, weaker = 0, ties = 0, q_weaker = 0, q_ties = 0, not_qualifying = 0
    cdef uint16_t d
    for x in range(n):
        d = theirs[x]
        weaker += d < p
        ties += d == p
        q_weaker += (d < p) & (d >= qualifier)
        q_ties += (d == p) & (d >= qualifier)
        not_qualifying += d < qualifier
    store_endings(weaker, ties, q_weaker, q_ties, not_qualifying, hands, e)


cdef inline bint copied(const Situation* s, int64_t r) noexcept nogil:
    """Whether board r is the image of a board counted in its place (pass 1 skips it)."""
    return s.source != NULL and s.source[r] != r


cdef void one_unseen_chunk(const Situation* s, int64_t first, int64_t last, uint8_t* category,
                           uint16_t* ends) noexcept nogil:
    """Pass 1 for the boards first..last-1 with one dealer card unseen.  The seen card and the board
    are six of the dealer's seven: their sums are made once and every card left tried as the seventh
    (strengths7_with), the board's own then set to NOT_A_HAND.  A board's strengths are counted
    while the next board's are made, in two buffers: counted at once, the count's vector loads would
    wait for the evaluator's scalar stores."""
    cdef int idx[BOARD]
    cdef uint8_t player[7]
    cdef uint8_t known[6]
    cdef uint16_t theirs[2][N_CARDS]
    cdef uint16_t p, p_before = 0
    cdef int j, made = 0
    cdef int64_t r, before = -1
    unrank(first, BOARD, s.n, idx)
    player[0], player[1] = s.hand[0], s.hand[1]
    known[0] = s.seen[0]
    for r in range(first, last):
        if copied(s, r):
            next_colex(idx, BOARD)
            continue
        for j in range(BOARD):
            player[HOLE + j] = known[1 + j] = s.rest[idx[j]]
        p = strength7(player)
        category[r] = category_of(p)
        strengths7_with(known, s.rest, s.n, theirs[made])
        for j in range(BOARD):
            theirs[made][idx[j]] = NOT_A_HAND
        if before >= 0:
            count_against(theirs[1 - made], s.n, s.n - BOARD, p_before, s.qualifier, ends + before * SIX)
        p_before = p
        before = r
        made = 1 - made
        next_colex(idx, BOARD)
    if before >= 0:
        count_against(theirs[1 - made], s.n, s.n - BOARD, p_before, s.qualifier, ends + before * SIX)


cdef inline int flush_suit(const Situation* s, const int* idx, int* on_board) noexcept nogil:
    """The suit a dealer's flush could be in on the board ``idx``: the one with three or more of its
    cards (five cards hold at most one), or -1; ``on_board``: its cards there."""
    cdef int counts[4]
    cdef int j
    counts[0] = counts[1] = counts[2] = counts[3] = 0
    for j in range(BOARD):
        counts[s.rest[idx[j]] & 3] += 1
    for j in range(4):
        if counts[j] >= 3:
            on_board[0] = counts[j]
            return j
    on_board[0] = 0
    return -1


cdef inline void left_by_kind(const Situation* s, const int* idx, int suit, int* plain_left,
                              bint* flush_left) noexcept nogil:
    """Per rank, the cards left off the board ``idx`` not of the flush ``suit``, and whether its card
    of that suit is left."""
    cdef int j, q, card
    for q in range(N_RANKS):
        flush_left[q] = suit >= 0 and s.in_rest[q * 4 + suit]
        plain_left[q] = s.rank_left[q] - flush_left[q]
    for j in range(BOARD):
        card = s.rest[idx[j]]
        if (card & 3) == suit:
            flush_left[card >> 2] = False
        else:
            plain_left[card >> 2] -= 1


cdef inline void count_weighted(const uint16_t* theirs, const uint16_t* weights, int n, uint16_t p,
                                int qualifier, uint16_t* e) noexcept nogil:
    """e: the six endings of the dealer strengths theirs[0..n), each as many hands as its weight,
    against the player's ``p`` (count_against's, every hand weighed).  A weight is masked in, not
    multiplied: 16-bit lanes without a vector multiply."""
    cdef int x
    cdef uint16_t w, d, below, equal, qualifies
    cdef uint16_t weaker = 0, ties = 0, q_weaker = 0, q_ties = 0, not_qualifying = 0, hands = 0
    for x in range(n):
        d = theirs[x]
        w = weights[x]
        below = -<uint16_t>(d < p)
        equal = -<uint16_t>(d == p)
        qualifies = -<uint16_t>(d >= qualifier)
        hands += w
        weaker += w & below
        ties += w & equal
        q_weaker += w & below & qualifies
        q_ties += w & equal & qualifies
        not_qualifying += w & ~qualifies
    store_endings(weaker, ties, q_weaker, q_ties, not_qualifying, hands, e)


cdef inline uint16_t board_by_kind(const Situation* s, const int* idx, uint8_t* player, uint8_t* known,
                                   int* suit, int* on_board, int* plain_suit, int* plain_left,
                                   bint* flush_left) noexcept nogil:
    """The board ``idx`` as the last five of the player's seven and of the dealer's ``known`` six,
    its flush suit (flush_suit), a suit standing for the others (of at most two board cards), the
    cards left by kind (left_by_kind); returns the player's strength."""
    cdef int j
    for j in range(BOARD):
        player[HOLE + j] = known[1 + j] = s.rest[idx[j]]
    suit[0] = flush_suit(s, idx, on_board)
    plain_suit[0] = 0 if suit[0] < 0 else (suit[0] + 1) & 3
    left_by_kind(s, idx, suit[0], plain_left, flush_left)
    return strength7(player)


cdef inline int rank_multiset(const Situation* s, const int* idx) noexcept nogil:
    """The board's ranks as a multiset, indexed (rest is in card order, so its ranks ascend): ranks
    r0 <= ... <= r4 are the combination r0 < r1 + 1 < ... < r4 + 4 of 17, colex."""
    cdef int j, index = 0
    for j in range(BOARD):
        index += BINOM[(s.rest[idx[j]] >> 2) + j][j + 1]
    return index


cdef inline void count_seen_read(const Situation* s, uint8_t* known, uint16_t p, int suit, int plain_suit,
                                 const int* plain_left, const bint* flush_left, uint16_t* e) noexcept nogil:
    """A board's endings with one dealer card seen (known[0]) and the other read: the read card by
    kind, not of the flush suit by its rank (one card of that rank and another suit, a suit of at
    most four of the seven, weighed by the cards left of it), of the suit each card alone."""
    cdef uint8_t others[2 * N_RANKS]
    cdef uint16_t weights[2 * N_RANKS]
    cdef uint16_t theirs[2 * N_RANKS]
    cdef int q, m = 0
    for q in range(N_RANKS):
        if not s.allowed_rank[q]:
            continue
        if plain_left[q] > 0:
            others[m] = q * 4 + plain_suit
            weights[m] = plain_left[q]
            m += 1
        if flush_left[q]:
            others[m] = q * 4 + suit
            weights[m] = 1
            m += 1
    strengths7_with(known, others, m, theirs)
    count_weighted(theirs, weights, m, p, s.qualifier, e)


cdef inline void count_pairs(const Situation* s, const int* idx, uint8_t* known, uint16_t p, int suit,
                             int on_board, int plain_suit, const int* plain_left, const bint* flush_left,
                             uint16_t* e) noexcept nogil:
    """A board's endings with no dealer card seen and one or both read.  The deals are the ordered
    (first card, second card) pairs, the first of the first read's ranks, the second of the
    second's (any, with one read); a hand is the same however its two cards are ordered, so each
    unordered pair of kinds is counted once and weighed by its deals: its unordered pairs of cards
    (kinds a != b of na and nb cards: na * nb; one kind twice: na * (na - 1) / 2) times the orders
    such a pair is dealt in, Situation.deals (of their ranks a and b: [a first][b second] +
    [b first][a second]).

    A dealer hand that makes no flush is as strong as its ranks and the board's: those of the rank
    pairs (Situation.pair_a, pair_b) are looked up in pair_strengths by the board's rank multiset,
    not evaluated.  Such hands are the pairs by rank: with at most three cards of the flush suit on
    the board a dealer flush needs both his cards of it, so a card of the suit counts by its rank
    with the others (less the pairs of two of the suit, evaluated apart); with four a card of the
    suit is evaluated with every other; with five every hand is (the board's flush)."""
    cdef uint8_t cards[2 * N_RANKS]
    cdef uint16_t weights[RANK_PAIRS]
    cdef uint16_t theirs[RANK_PAIRS]
    cdef uint16_t part[SIX]
    cdef int by_rank[N_RANKS]          # per rank, the cards counted by rank
    cdef int apart[N_RANKS]            # of them, its card of the flush suit (0/1) paired apart
    cdef const uint16_t* strengths
    cdef int k, a, b, m
    cdef bint whole = on_board <= 3    # a lone card of the suit makes no flush: counted by rank
    for a in range(N_RANKS):
        apart[a] = flush_left[a] and whole
        by_rank[a] = plain_left[a] + apart[a]
    for k in range(s.n_pairs):
        a, b = s.pair_a[k], s.pair_b[k]
        if a == b:
            weights[k] = by_rank[a] * (by_rank[a] - 1) // 2 * s.pair_deals[k]
        else:
            weights[k] = (by_rank[a] * by_rank[b] - apart[a] * apart[b]) * s.pair_deals[k]
    if on_board < BOARD:
        strengths = s.pair_strengths + <int64_t>rank_multiset(s, idx) * s.n_pairs
    else:
        for k in range(s.n_pairs):
            known[0] = s.pair_a[k] * 4 + plain_suit
            cards[0] = s.pair_b[k] * 4 + plain_suit
            strengths7_with(known, cards, 1, theirs + k)
        strengths = theirs
    count_weighted(strengths, weights, s.n_pairs, p, s.qualifier, e)
    if suit < 0:
        return
    for a in range(N_RANKS):
        if not flush_left[a]:
            continue
        known[0] = a * 4 + suit
        m = 0
        for b in range(a + 1, N_RANKS):
            if flush_left[b] and s.deals[a][b]:
                cards[m] = b * 4 + suit
                weights[m] = s.deals[a][b]
                m += 1
        if not whole:
            for b in range(N_RANKS):
                if plain_left[b] and s.deals[a][b]:
                    cards[m] = b * 4 + plain_suit
                    weights[m] = plain_left[b] * s.deals[a][b]
                    m += 1
        if m:
            strengths7_with(known, cards, m, theirs)
            count_weighted(theirs, weights, m, p, s.qualifier, part)
            for k in range(SIX):
                e[k] += part[k]


cdef void read_chunk(const Situation* s, int64_t first, int64_t last, uint8_t* category,
                     uint16_t* ends) noexcept nogil:
    """Pass 1 for the boards first..last-1 with dealer cards read by rank class (count_seen_read
    beside a seen card, count_pairs with none seen): every card left of a rank read is one equally
    likely deal, so boards differ in their dealer hands.

    Only one suit can make the dealer a flush: the board's with three or more cards (five cards hold
    at most one such suit), none if it has none.  So a dealer hand's strength is its cards' ranks and
    which of them are of that suit, and its cards are counted by kind, not one by one."""
    cdef int idx[BOARD]
    cdef uint8_t player[7]
    cdef uint8_t known[6]
    cdef int plain_left[N_RANKS]       # per rank, the cards left off the board not of the flush suit
    cdef bint flush_left[N_RANKS]      # and its card of the flush suit, if left
    cdef uint16_t p
    cdef int suit, on_board, plain_suit
    cdef int64_t r
    unrank(first, BOARD, s.n, idx)
    player[0], player[1] = s.hand[0], s.hand[1]
    for r in range(first, last):
        if copied(s, r):
            next_colex(idx, BOARD)
            continue
        p = board_by_kind(s, idx, player, known, &suit, &on_board, &plain_suit, plain_left, flush_left)
        category[r] = category_of(p)
        if s.pairs:
            count_pairs(s, idx, known, p, suit, on_board, plain_suit, plain_left, flush_left, ends + r * SIX)
        else:
            known[0] = s.seen[0]
            count_seen_read(s, known, p, suit, plain_suit, plain_left, flush_left, ends + r * SIX)
        next_colex(idx, BOARD)


cdef void fill_pair_strengths(const Situation* s, uint16_t* table) noexcept nogil:
    """pair_strengths: per rank multiset of a board (rank_multiset) and pair of the read's ranks
    (pair_a, pair_b), the strength of a dealer hand of those ranks that makes no flush; the board's
    cards of suits 0, 1, 2, 3, 0 and his of 1 and 2 make none.  A pair the multiset leaves no cards
    for (a rank five times) weighs nothing in count_pairs and is not evaluated."""
    cdef uint8_t seven[7]
    cdef int counts[N_RANKS]
    cdef int ranks[BOARD]
    cdef int j, k, a, b, index
    for ranks[0] in range(N_RANKS):
        for ranks[1] in range(ranks[0], N_RANKS):
            for ranks[2] in range(ranks[1], N_RANKS):
                for ranks[3] in range(ranks[2], N_RANKS):
                    for ranks[4] in range(ranks[3], N_RANKS):
                        index = 0
                        for a in range(N_RANKS):
                            counts[a] = 0
                        for j in range(BOARD):
                            index += BINOM[ranks[j] + j][j + 1]
                            counts[ranks[j]] += 1
                            seven[j] = ranks[j] * 4 + (j & 3)
                        for k in range(s.n_pairs):
                            a, b = s.pair_a[k], s.pair_b[k]
                            counts[a] += 1
                            counts[b] += 1
                            if counts[a] <= 4 and counts[b] <= 4:
                                seven[5], seven[6] = a * 4 + 1, b * 4 + 2
                                table[<int64_t>index * s.n_pairs + k] = strength7(seven)
                            else:
                                table[<int64_t>index * s.n_pairs + k] = 0
                            counts[a] -= 1
                            counts[b] -= 1


cdef inline int64_t image_index(const uint8_t* images, int g, const int* idx, int k) noexcept nogil:
    """The colex index of the image of the k ascending positions idx under kept permutation g."""
    cdef int image[BOARD]
    cdef int j, i, x
    for j in range(k):
        # insertion into the ascending image so far
        x = images[g * N_CARDS + idx[j]]
        i = j
        while i > 0 and image[i - 1] > x:
            image[i] = image[i - 1]
            i -= 1
        image[i] = x
    return rank_of(image, k)


cdef void source_chunk(const Situation* s, int64_t first, int64_t last, int32_t* source) noexcept nogil:
    """Situation.source for the boards first..last-1: the least colex index of a board and its images."""
    cdef int idx[BOARD]
    cdef int g
    cdef int64_t r, least, index
    unrank(first, BOARD, s.n, idx)
    for r in range(first, last):
        least = r
        for g in range(s.n_images):
            index = image_index(s.images, g, idx, BOARD)
            if index < least:
                least = index
        source[r] = <int32_t>least
        next_colex(idx, BOARD)


cdef inline int flop_weight(const Situation* s, const int* idx, int64_t f) noexcept nogil:
    """The flops pass 2 prices flop f for: its class's size if f is the least of its images (they
    all decide alike, their boards' values the same), else 0."""
    cdef int g, fixed = 1
    cdef int64_t index
    for g in range(s.n_images):
        index = image_index(s.images, g, idx, FLOP)
        if index < f:
            return 0
        fixed += index == f
    # the permutations kept, n_images + 1, fall in cosets of the flop's own stabiliser
    return (s.n_images + 1) // fixed


cdef void copy_chunk(const int32_t* source, int64_t first, int64_t last, uint8_t* category,
                     uint16_t* ends) noexcept nogil:
    """A skipped board's counts: its image's (the situation is the same seen through a suit
    permutation, so are the player's category and the dealer's hands by ending)."""
    cdef int64_t r, q
    cdef int k
    for r in range(first, last):
        q = source[r]
        if q != r:
            category[r] = category[q]
            for k in range(SIX):
                ends[r * SIX + k] = ends[q * SIX + k]


cdef void board_chunk(const Situation* s, int64_t first, int64_t last, uint8_t* category,
                      uint16_t* ends) noexcept nogil:
    """Pass 1 for the boards first..last-1 (read_chunk with cards read, one_unseen_chunk when one
    dealer card is unseen)."""
    cdef int idx[BOARD]
    cdef int others[N_CARDS]
    cdef uint8_t player[7]
    cdef uint8_t dealer[7]
    cdef int j, x, y, m
    cdef uint16_t p
    cdef uint16_t* e
    cdef int64_t r
    if s.reading:
        read_chunk(s, first, last, category, ends)
        return
    if s.unseen == 1:
        one_unseen_chunk(s, first, last, category, ends)
        return
    unrank(first, BOARD, s.n, idx)
    player[0], player[1] = s.hand[0], s.hand[1]
    for j in range(HOLE - s.unseen):
        dealer[j] = s.seen[j]
    for r in range(first, last):
        if copied(s, r):
            next_colex(idx, BOARD)
            continue
        for j in range(BOARD):
            player[HOLE + j] = dealer[HOLE + j] = s.rest[idx[j]]
        p = strength7(player)
        category[r] = category_of(p)
        e = ends + r * SIX
        for j in range(SIX):
            e[j] = 0
        if s.unseen == 0:
            settle(p, dealer, s.qualifier, e)
        else:
            m = complement(idx, BOARD, s.n, others)
            for x in range(m):
                dealer[HOLE - 1] = s.rest[others[x]]
                for y in range(x + 1, m):
                    dealer[0] = s.rest[others[y]]
                    settle(p, dealer, s.qualifier, e)
        next_colex(idx, BOARD)


cdef inline int64_t dot(const int64_t* coefficients, int category, const uint16_t* e) noexcept nogil:
    cdef int64_t v = 0
    cdef int k
    for k in range(SIX):
        v += coefficients[category * SIX + k] * e[k]
    return v


cdef int flop_boards(const Situation* s, const int* idx, int64_t* boards) noexcept nogil:
    """The colex index of every board of the flop ``idx`` (its positions): the turn and river pairs of
    the m cards left, positions a < b, in the order of b then a; returns m."""
    cdef int others[N_CARDS]
    cdef int gap[N_CARDS]                 # a position's flop cards below it
    cdef int64_t lower[N_CARDS]           # its colex term as the pair's lower card, and as the upper
    cdef int64_t upper[N_CARDS]
    cdef int64_t flop_part[FLOP + 1][FLOP + 1]
    cdef int a, b, k, g = 0, t = 0
    cdef int m = complement(idx, FLOP, s.n, others)
    cdef int64_t v
    # a board's colex index is a sum of one term per card, BINOM[position][cards below it + 1]: the
    # pair's terms depend on their own gaps, the flop's on the gaps the pair falls in
    for a in range(m):
        while g < FLOP and idx[g] < others[a]:
            g += 1
        gap[a] = g
        lower[a] = BINOM[others[a]][1 + g]
        upper[a] = BINOM[others[a]][2 + g]
    for a in range(FLOP + 1):
        for b in range(a, FLOP + 1):
            v = 0
            for k in range(FLOP):
                v += BINOM[idx[k]][1 + k + (a <= k) + (b <= k)]
            flop_part[a][b] = v
    for b in range(1, m):
        for a in range(b):
            boards[t] = lower[a] + upper[b] + flop_part[gap[a]][gap[b]]
            t += 1
    return m


cdef void value_chunk(int game, int64_t first, int64_t last, const uint8_t* category, const uint16_t* ends,
                      const int64_t* first_c, const int64_t* second_c, const int64_t* third_c,
                      const int64_t* fold, int wager_more, int64_t* values) noexcept nogil:
    """The values of the boards first..last-1 that pass 2 adds up (every board is reached from ten
    flops, so they are made once here): ULTIMATE, the flop Play's and the river's best (Play or
    fold: a board decides it); BONUS, the check's, the Turn wager's and the River wager's."""
    cdef int64_t r, v_play, v_fold, hands
    cdef const uint16_t* e
    cdef int c, k
    for r in range(first, last):
        c = category[r]
        e = ends + r * SIX
        if game == ULTIMATE:
            values[2 * r] = dot(first_c, c, e)
            v_play = dot(second_c, c, e)
            hands = 0
            for k in range(SIX):
                hands += e[k]
            v_fold = fold[c] * hands
            values[2 * r + 1] = v_play if takes(v_play, v_fold, wager_more) else v_fold
        else:
            values[3 * r] = dot(first_c, c, e)
            values[3 * r + 1] = dot(second_c, c, e)
            values[3 * r + 2] = dot(third_c, c, e)


cdef void flop_chunk(const Situation* s, int64_t first, int64_t last, const int64_t* values, int wager_more,
                     int64_t* check, int64_t* played) noexcept nogil:
    """Pass 2 for the flops first..last-1: the check's value summed (each flop decided), and the
    flops played."""
    cdef int idx[FLOP]
    cdef int64_t boards[MAX_PAIRS]
    cdef int m, t, w
    cdef int64_t f, v_flop, v_check
    unrank(first, FLOP, s.n, idx)
    for f in range(first, last):
        w = flop_weight(s, idx, f)
        if w == 0:
            next_colex(idx, FLOP)
            continue
        m = flop_boards(s, idx, boards)
        v_flop = 0
        v_check = 0
        for t in range(m * (m - 1) // 2):
            v_flop += values[2 * boards[t]]
            v_check += values[2 * boards[t] + 1]
        if takes(v_flop, v_check, wager_more):
            check[0] += w * v_flop
            played[0] += w
        else:
            check[0] += w * v_check
        next_colex(idx, FLOP)


cdef void bonus_chunk(const Situation* s, int64_t first, int64_t last, const int64_t* values, int wager_more,
                      int64_t* value, int64_t* played) noexcept nogil:
    """Texas Hold'em Bonus's pass 2 for the flops first..last-1: each flop's better of the Turn wager
    and the check summed (each ordered turn and river once, the River wager decided per turn card)."""
    cdef int idx[FLOP]
    cdef int64_t boards[MAX_PAIRS]
    cdef int64_t turn_net[N_CARDS]
    cdef int a, b, m, t, weight
    cdef int64_t f, w, v_check, v_bet, v_river
    cdef const int64_t* x
    unrank(first, FLOP, s.n, idx)
    for f in range(first, last):
        weight = flop_weight(s, idx, f)
        if weight == 0:
            next_colex(idx, FLOP)
            continue
        m = flop_boards(s, idx, boards)
        v_check = 0
        v_bet = 0
        for a in range(m):
            turn_net[a] = 0
        t = 0
        for b in range(1, m):
            for a in range(b):
                x = values + 3 * boards[t]
                t += 1
                # the unordered pair is both orders of turn and river
                v_check += 2 * x[0]
                v_bet += 2 * x[1]
                w = x[2]
                turn_net[a] += w
                turn_net[b] += w
        v_river = 0
        for a in range(m):
            if takes(turn_net[a], 0, wager_more):
                v_river += turn_net[a]
        if takes(v_bet, v_check, wager_more):
            value[0] += weight * (v_bet + v_river)
            played[0] += weight
        else:
            value[0] += weight * (v_check + v_river)
        next_colex(idx, FLOP)


cdef int read(object values, int64_t* out, int n, str name) except -1:
    cdef int k
    if len(values) != n:
        raise ValueError(f"{name} has {n} integers, got {len(values)}")
    for k in range(n):
        out[k] = values[k]
    return 0


cdef class Boards:
    """Pass 1 for one situation: every board's player category and dealer hands by ending, each
    class of boards under the suit permutations that keep the situation counted once."""
    cdef Situation s
    cdef int64_t boards, flops, hands
    cdef uint8_t* category
    cdef uint16_t* ends
    cdef int32_t* source
    cdef uint16_t* pair_strengths

    def __cinit__(self, hand, seen, dead, int qualifier, reads=()):
        cdef uint8_t used[N_CARDS]
        cdef int i
        cdef int64_t chunks, ch, r
        self.category = NULL
        self.ends = NULL
        self.source = NULL
        self.s.source = NULL
        self.pair_strengths = NULL
        self.s.n_images = 0
        for i in range(N_CARDS):
            used[i] = 0
        if len(hand) != HOLE:
            raise ValueError("the player holds two cards")
        if len(seen) + len(reads) > HOLE:
            raise ValueError("the dealer has two hole cards")
        mark_cards(hand, used)
        mark_cards(seen, used)
        mark_cards(dead, used)
        self.s.hand[0], self.s.hand[1] = hand[0], hand[1]
        for i in range(len(seen)):
            self.s.seen[i] = seen[i]
        self.s.unseen = HOLE - len(seen)
        self.s.qualifier = qualifier
        self.s.n = 0
        for i in range(N_CARDS):
            if not used[i]:
                self.s.rest[self.s.n] = i
                self.s.n += 1
        if self.s.n < BOARD + self.s.unseen:
            raise ValueError(f"{self.s.n} cards are left for the board and the dealer's unseen cards")
        self.s.reading = len(reads) > 0
        self.s.pairs = False
        if self.s.reading:
            if self.s.unseen != len(reads) and not (len(seen) == 0 and len(reads) == 1):
                raise ValueError("reads name the dealer's unseen cards")
            self._read(seen, reads)
        self.boards = BINOM[self.s.n][BOARD]
        self.flops = BINOM[self.s.n][FLOP]
        self.category = <uint8_t*>malloc(self.boards)
        self.ends = <uint16_t*>malloc(self.boards * SIX * sizeof(uint16_t))
        if self.category == NULL or self.ends == NULL:
            raise MemoryError()
        chunks = (self.boards + CHUNK - 1) // CHUNK
        self._symmetry(hand, seen, dead)
        for ch in prange(chunks, nogil=True, schedule="dynamic"):
            board_chunk(&self.s, ch * CHUNK, min((ch + 1) * CHUNK, self.boards), self.category, self.ends)
        if self.source != NULL:
            for ch in prange(chunks, nogil=True, schedule="dynamic"):
                copy_chunk(self.source, ch * CHUNK, min((ch + 1) * CHUNK, self.boards), self.category, self.ends)
        # the dealer hands counted, over every board (with cards read, boards differ in them)
        self.hands = 0
        for r in range(self.boards * SIX):
            self.hands += self.ends[r]

    cdef int _symmetry(self, hand, seen, dead) except -1:
        """Situation.source, when a suit permutation other than the identity keeps the situation:
        the player's cards, the dealer's seen ones and the dead ones each onto themselves (reads
        name ranks, which a suit permutation keeps).  Such a permutation maps every board onto one
        of the same counts, so only the least of each class is counted."""
        cdef uint8_t marks[N_CARDS]
        cdef uint8_t maps[MAX_SUIT_MAPS * N_CARDS]
        cdef int position[N_CARDS]
        cdef int i, g, n_maps
        cdef int64_t chunks = (self.boards + CHUNK - 1) // CHUNK, ch
        memset(marks, 0, sizeof(marks))
        for card in hand:
            marks[card] = 1
        for card in seen:
            marks[card] = 2
        for card in dead:
            marks[card] = 3
        n_maps = suit_maps(marks, maps)
        self.s.n_images = n_maps - 1
        if n_maps == 1:
            return 0
        for i in range(self.s.n):
            position[self.s.rest[i]] = i
        for g in range(1, n_maps):
            for i in range(self.s.n):
                self.s.images[(g - 1) * N_CARDS + i] = position[maps[g * N_CARDS + self.s.rest[i]]]
        self.source = <int32_t*>malloc(self.boards * sizeof(int32_t))
        if self.source == NULL:
            raise MemoryError()
        for ch in prange(chunks, nogil=True, schedule="dynamic"):
            source_chunk(&self.s, ch * CHUNK, min((ch + 1) * CHUNK, self.boards), self.source)
        self.s.source = self.source
        return 0

    cdef int _read(self, seen, reads) except -1:
        """The ranks each dealer card may be (read_rank the first card's, allowed_rank the other's:
        a seen card's is read_chunk's, any with one card read alone) and the cards left per rank."""
        cdef int i, rank
        first = set(reads[0]) if len(seen) == 0 else None
        other = set(reads[len(reads) - 1]) if len(seen) == 1 or len(reads) == 2 else None
        self.s.pairs = len(seen) == 0
        for rank in range(N_RANKS):
            self.s.allowed_rank[rank] = other is None or rank in other
            self.s.read_rank[rank] = first is not None and rank in first
            self.s.rank_left[rank] = 0
        for i in range(N_CARDS):
            self.s.in_rest[i] = False
        for i in range(self.s.n):
            rank = self.s.rest[i] >> 2
            self.s.rank_left[rank] += 1
            self.s.in_rest[self.s.rest[i]] = True
        if self.s.pairs:
            self._pair_strengths()
        return 0

    cdef int _pair_strengths(self) except -1:
        """Situation.n_pairs, pair_a, pair_b and pair_strengths (fill_pair_strengths) for count_pairs."""
        cdef int a, b
        for a in range(N_RANKS):
            for b in range(N_RANKS):
                self.s.deals[a][b] = (self.s.read_rank[a] * self.s.allowed_rank[b]
                                      + self.s.read_rank[b] * self.s.allowed_rank[a])
        self.s.n_pairs = 0
        for a in range(N_RANKS):
            for b in range(a, N_RANKS):
                if self.s.deals[a][b]:
                    self.s.pair_a[self.s.n_pairs], self.s.pair_b[self.s.n_pairs] = a, b
                    self.s.pair_deals[self.s.n_pairs] = self.s.deals[a][b]
                    self.s.n_pairs += 1
        self.pair_strengths = <uint16_t*>malloc(MULTISETS * max(self.s.n_pairs, 1) * sizeof(uint16_t))
        if self.pair_strengths == NULL:
            raise MemoryError()
        with nogil:
            fill_pair_strengths(&self.s, self.pair_strengths)
        self.s.pair_strengths = self.pair_strengths
        return 0

    def __dealloc__(self):
        free(self.category)
        free(self.ends)
        free(self.source)
        free(self.pair_strengths)

    cdef int flops_priced(self, int game, const int64_t* first, const int64_t* second, const int64_t* third,
                          const int64_t* fold, bint wager_more, int64_t* value, int64_t* played) except -1 nogil:
        """Pass 2 over every flop, shared between the cores: ``game`` ULTIMATE (flop_chunk: ``first``
        the flop Play's coefficients, ``second`` the river Play's, ``fold``) or BONUS (bonus_chunk:
        the check's, the Turn wager's, ``third`` the River wager's); the values summed, and the
        flops the flop wager is made on.  The boards' values are made first (value_chunk)."""
        cdef int width = 2 if game == ULTIMATE else 3
        cdef int64_t* values = <int64_t*>malloc(self.boards * width * sizeof(int64_t))
        cdef int64_t chunks = (self.boards + CHUNK - 1) // CHUNK, ch, local_value, local_played, v = 0, n = 0
        if values == NULL:
            with gil:
                raise MemoryError()
        for ch in prange(chunks, schedule="dynamic"):
            value_chunk(game, ch * CHUNK, min((ch + 1) * CHUNK, self.boards), self.category, self.ends,
                        first, second, third, fold, wager_more, values)
        chunks = (self.flops + CHUNK - 1) // CHUNK
        for ch in prange(chunks, schedule="dynamic"):
            local_value = 0
            local_played = 0
            if game == ULTIMATE:
                flop_chunk(&self.s, ch * CHUNK, min((ch + 1) * CHUNK, self.flops), values, wager_more,
                           &local_value, &local_played)
            else:
                bonus_chunk(&self.s, ch * CHUNK, min((ch + 1) * CHUNK, self.flops), values, wager_more,
                            &local_value, &local_played)
            v += local_value
            n += local_played
        free(values)
        value[0] = v
        played[0] = n
        return 0


def ultimate_preflop(hand, seen, dead, int qualifier, preflop, flop, river, fold, bint wager_more=True, reads=()):
    """The preflop options of one Ultimate Texas Hold'em situation with the dealer's ``seen`` hole
    cards (0, 1 or 2) known and ``reads`` (the rank classes of those read: one beside a seen card,
    or one or two alone), the flop and the river decided on the same knowledge.

    ``preflop``: per Play size, the 60 coefficients of a board's cells (category x ending, the
    scaled nets per dealer hand); ``flop`` and ``river``: the flop's and the river Play's;
    ``fold``: a river fold's value per dealer hand, per final category (10).  Returns {"preflop":
    each size's value, "check": the check's (the flop and river optimal), "deals": the deals counted
    (flops x turn and river pairs x dealer hands), "flops": the flops, "flops_played": those the
    flop Play is taken on}: every value a numerator over (the coefficients' scale x deals)."""
    cdef int64_t pre[MAX_SIZES][CELLS6]
    cdef int64_t fc[CELLS6]
    cdef int64_t rc[CELLS6]
    cdef int64_t fd[N_CATEGORIES]
    cdef int64_t sums[MAX_SIZES]
    cdef int64_t cells[CELLS6]
    cdef int i, k, n_sizes = len(preflop)
    cdef int64_t r, check = 0, played = 0
    if not 1 <= n_sizes <= MAX_SIZES:
        raise ValueError(f"1 to {MAX_SIZES} preflop Play sizes")
    for i in range(n_sizes):
        read(preflop[i], pre[i], CELLS6, "a preflop size's coefficients")
    read(flop, fc, CELLS6, "the flop Play's coefficients")
    read(river, rc, CELLS6, "the river Play's coefficients")
    read(fold, fd, N_CATEGORIES, "the river fold's values")
    cdef Boards b = Boards(hand, seen, dead, qualifier, reads)
    for i in range(n_sizes):
        sums[i] = 0
    for k in range(CELLS6):
        cells[k] = 0
    with nogil:
        b.flops_priced(ULTIMATE, fc, rc, NULL, fd, wager_more, &check, &played)
        # a Play's value is linear in a board's cells: the cells summed over the boards first
        for r in range(b.boards):
            for k in range(SIX):
                cells[b.category[r] * SIX + k] += b.ends[r * SIX + k]
        for i in range(n_sizes):
            for k in range(CELLS6):
                sums[i] += pre[i][k] * cells[k]
    # every board is reached from each of its C(5, 3) flops: the Plays' sums counted that often
    return {"preflop": [sums[i] * 10 for i in range(n_sizes)], "check": check,
            "deals": 10 * b.hands, "flops": b.flops, "flops_played": played}


def bonus_preflop(hand, seen, dead, check, bet, river, bint wager_more=True, reads=()):
    """The Flop wager's value in one Texas Hold'em Bonus situation with the dealer's ``seen`` hole cards
    known and ``reads`` read (as ultimate_preflop's), the Turn and River wagers decided on the same
    knowledge (no qualifier).

    ``check`` and ``bet``: the 60 coefficients of a board's cells (category x ending, scaled, per
    dealer hand) of the Ante and the Flop wager settled without and with the Turn wager; ``river``:
    the River wager's alone.  Returns {"flop_wager": its value, "deals": the deals counted (flops x
    ordered turn and river x dealer hands), "flops", "turn_wagers": the flops the Turn wager is made
    on}: the value a numerator over (the coefficients' scale x deals)."""
    cdef int64_t cc[CELLS6]
    cdef int64_t bc[CELLS6]
    cdef int64_t rc[CELLS6]
    cdef int64_t value = 0, played = 0
    read(check, cc, CELLS6, "the check's coefficients")
    read(bet, bc, CELLS6, "the Turn wager's coefficients")
    read(river, rc, CELLS6, "the River wager's coefficients")
    cdef Boards b = Boards(hand, seen, dead, 0, reads)
    with nogil:
        b.flops_priced(BONUS, cc, bc, rc, NULL, wager_more, &value, &played)
    return {"flop_wager": value, "deals": 20 * b.hands,
            "flops": b.flops, "turn_wagers": played}
