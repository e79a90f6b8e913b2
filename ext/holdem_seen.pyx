# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Casino Hold'em situations where the player sees more than his cards and the flop (dealer hole cards,
the turn), drawn from a seed and each counted exactly: the situation's 10 x 4 cell (the player's final
category by ending, as ext/holdem.pyx's ``situation_counts`` gives it) over every completion of the
board and of the dealer's holding that the player cannot see, with the plain optimal player's decision
for the same cards (a byte per (flop, holding) from the exact analysis: 1 call, 0 fold).

No rule of a game is written here: Python (oddscalc/engines/holdem/exposure.py) prices the cells by the
table's paytable, exactly as the analysis does.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t

from oddscalc._native.cards cimport N_CARDS, mark_cards
from oddscalc._native.colex cimport flop_index, pair_index
from oddscalc._native.eval5 cimport category_of, strength7
from oddscalc._native.rng cimport Rng, deal, seed_rng

cdef enum:
    N_PAIRS = 1326             # C(52, 2)
    N_FLOPS = 22100            # C(52, 3)
    N_CATEGORIES = 10
    N_ENDINGS = 4              # dealer does not qualify; qualifies and the player wins, ties, loses
    CELLS = 40


cdef inline void settle(const uint8_t* player, const uint8_t* dealer, int qualifier, int64_t* cell) noexcept nogil:
    """Count one completed deal: seven cards each, the board shared (cards 2..6 of both)."""
    cdef uint16_t p = strength7(player)
    cdef uint16_t d = strength7(dealer)
    cdef int e
    if d < qualifier:
        e = 0
    elif p > d:
        e = 1
    elif p == d:
        e = 2
    else:
        e = 3
    cell[category_of(p) * N_ENDINGS + e] += 1


cdef void dealers(const uint8_t* player, uint8_t* dealer, const uint8_t* rest, int n, int skip_i, int skip_j,
                  int dealer_seen, int qualifier, int64_t* cell) noexcept nogil:
    """Every dealer holding that completes the seen dealer cards from ``rest`` (but skip_i, skip_j: the
    board's), on the player's board."""
    cdef int x, y, k
    for k in range(5):
        dealer[2 + k] = player[2 + k]
    if dealer_seen == 2:
        settle(player, dealer, qualifier, cell)
        return
    for x in range(n):
        if x == skip_i or x == skip_j:
            continue
        if dealer_seen == 1:
            dealer[1] = rest[x]
            settle(player, dealer, qualifier, cell)
            continue
        for y in range(x + 1, n):
            if y == skip_i or y == skip_j:
                continue
            dealer[0], dealer[1] = rest[x], rest[y]
            settle(player, dealer, qualifier, cell)


cdef void count_situation(const uint8_t* deck, int n_deck, int dealer_seen, int board_seen, int qualifier,
                          int64_t* cell) noexcept nogil:
    """Every completion of one situation: ``deck`` (n_deck cards) holds the holding (0, 1), the flop
    (2..4), the dealer cards seen (5 ..), the board card seen beyond the flop (the turn), then the
    cards not seen (the dead cards are left out of it)."""
    cdef uint8_t player[7]
    cdef uint8_t dealer[7]
    cdef int first = 5 + dealer_seen + board_seen, n = n_deck - first
    cdef const uint8_t* rest = deck + first
    cdef int i, j, k
    for k in range(5):
        player[k] = deck[k]
    for k in range(dealer_seen):
        dealer[k] = deck[5 + k]
    if board_seen == 1:
        player[5] = deck[5 + dealer_seen]
        for i in range(n):
            player[6] = rest[i]
            dealers(player, dealer, rest, n, i, -1, dealer_seen, qualifier, cell)
        return
    for j in range(1, n):
        for i in range(j):
            player[5], player[6] = rest[i], rest[j]
            dealers(player, dealer, rest, n, i, j, dealer_seen, qualifier, cell)


def sample_situations(const uint8_t[::1] flop_table, int dealer_seen, int board_seen, uint64_t seed, int size,
                      int qualifier):
    """``size`` situations drawn from ``seed``: a list of (the cards dealt: holding, flop, dealer cards
    seen, board cards seen; the plain player's byte; the 40 counts of the cell, category by ending)."""
    cdef uint8_t deck[N_CARDS]
    cdef int64_t cell[CELLS]
    cdef Rng g
    cdef int _drawn, i, shown = 5 + dealer_seen + board_seen
    if flop_table.shape[0] != N_FLOPS * N_PAIRS:
        raise ValueError(f"the flop table has {N_FLOPS} x {N_PAIRS} bytes")
    if not (0 <= dealer_seen <= 2 and 0 <= board_seen <= 1 and 0 < dealer_seen + board_seen <= 2):
        raise ValueError("one or two dealer cards seen, or the turn, or one dealer card and the turn")
    if size < 0:
        raise ValueError("a sample of no situations or more")
    for i in range(N_CARDS):
        deck[i] = i
    seed_rng(&g, seed)
    out = []
    for _drawn in range(size):
        for i in range(CELLS):
            cell[i] = 0
        with nogil:
            deal(&g, deck, shown)
            count_situation(deck, N_CARDS, dealer_seen, board_seen, qualifier, cell)
        plain = flop_table[<Py_ssize_t>flop_index(deck[2], deck[3], deck[4]) * N_PAIRS + pair_index(deck[0], deck[1])]
        out.append((tuple(deck[i] for i in range(shown)), plain, tuple(cell[i] for i in range(CELLS))))
    return out


def situation_cell(cards, int dealer_seen, int board_seen, int qualifier, dead=()):
    """The 40 counts of one given situation (holding, flop, dealer cards seen, the turn if seen; ``dead``
    cards out of the deck): what ``sample_situations`` counts for a drawn one, for tests and ``decide``."""
    cdef uint8_t deck[N_CARDS]
    cdef uint8_t marked[N_CARDS]
    cdef int64_t cell[CELLS]
    cdef int i, n = 0, shown = 5 + dealer_seen + board_seen
    cards = list(cards)
    if not (0 <= dealer_seen <= 2 and 0 <= board_seen <= 1 and 0 < dealer_seen + board_seen <= 2):
        raise ValueError("one or two dealer cards seen, or the turn, or one dealer card and the turn")
    if len(cards) != shown or len(set(cards)) != shown or any(not 0 <= c < N_CARDS for c in cards):
        raise ValueError(f"{shown} distinct card codes 0..51")
    for i in range(N_CARDS):
        marked[i] = 0
    for i in range(shown):
        deck[i] = cards[i]
        marked[cards[i]] = 1
    mark_cards(dead, marked)            # refuses a dead card that is also shown
    if N_CARDS - shown - len(dead) < (2 - board_seen) + (2 - dealer_seen):
        raise ValueError("too few cards left to complete the board and the dealer's hand")
    n = shown
    for i in range(N_CARDS):
        if not marked[i]:
            deck[n] = i
            n += 1
    for i in range(CELLS):
        cell[i] = 0
    with nogil:
        count_situation(deck, n, dealer_seen, board_seen, qualifier, cell)
    return [[cell[r * N_ENDINGS + e] for e in range(N_ENDINGS)] for r in range(N_CATEGORIES)]
