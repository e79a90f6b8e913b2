# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""One Casino Hold'em situation where the player sees more than his cards and the flop (dealer hole
cards, the turn), counted exactly by plain enumeration: the situation's 10 x 4 cell (the player's final
category by ending, as ext/holdem.pyx's ``situation_counts`` gives it) over every completion of the
board and of the dealer's holding that the player cannot see.  ``decide --seen`` prices it; the tests
check the whole count (ext/holdem_seen_flops.pyx) against it, situation by situation.

No rule of a game is written here: Python (oddscalc/engines/holdem/) prices the cells by the table's
paytable, exactly as the analysis does.
"""
from libc.stdint cimport uint8_t, uint16_t, int64_t

from oddscalc._native.cards cimport N_CARDS, mark_cards
from oddscalc._native.eval5 cimport category_of, strength7

cdef enum:
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


def situation_cell(cards, int dealer_seen, int board_seen, int qualifier, dead=()):
    """The 40 counts of one given situation (holding, flop, dealer cards seen, the turn if seen; ``dead``
    cards out of the deck), for ``decide`` and the tests."""
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
