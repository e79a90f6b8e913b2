# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Seeded Monte Carlo of Hold'em against the dealer (Ultimate Texas Hold'em, Casino Hold'em; Texas
Hold'em Bonus in ``BonusSimulator``): deal nine cards, take the strategy's decision at each stage,
settle by the two seven-card hands, count.

No rule of a game is written here.  Python (oddscalc/engines/holdem_simulate.py) gives the decisions
the exact analysis took: a byte per holding preflop, a byte per (flop, holding) at the flop (spread
from the pricing pass's canonical flops by ``spread_flops``), and at the river either a least final
category to play or the river Play's integer value at each (category, ending) and a fold's value:
then the river is decided per round by pricing every dealer holding the player cannot see, as the
exact analysis decides it per board.  So the simulator plays the analysed strategy, and nothing of
the count (no sorted list, no canonical board) is shared with it but the flop decisions.

A round: the player's two cards, the flop, the turn and the river, the dealer's two (a partial
Fisher-Yates shuffle of a persistent deck, ext/rng.pxd).  Tally: per path (a preflop Play size, the
flop Play, the river Play) the final category and ending (ENDINGS of engines/holdem_stages: the
dealer does not qualify and the player wins, ties, loses; he qualifies and ...), and the folds by
the player's final category.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t

from oddscalc._native.choice cimport takes
from oddscalc._native.cards cimport N_CARDS, card_rank, card_suit, make_card, mark_cards
from oddscalc._native.colex cimport flop_index, pair_index
from oddscalc._native.eval5 cimport category_of, strength7
from oddscalc._native.rng cimport Rng, deal
from oddscalc._native.simulation cimport Simulation

cdef enum:
    N_FLOPS = 22100            # C(52, 3)
    N_PAIRS = 1326             # C(52, 2)
    N_CATEGORIES = 10
    SIX = 6
    CELLS6 = 60
    MAX_PATHS = 6              # up to four preflop sizes, the flop, the river
    ON = 255                   # a preflop byte: go on to the flop
    DEALT = 9


cdef inline int ending_of(uint16_t player, uint16_t dealer, int qualifier) noexcept nogil:
    cdef int e = 0 if dealer < qualifier else 3
    if player > dealer:
        return e
    if player == dealer:
        return e + 1
    return e + 2


cdef inline int flop_choice(const uint8_t* table, const uint8_t* d) noexcept nogil:
    """The flop byte of a dealt round: its flop (d[2..4]) and the player's holding (d[0..1])."""
    return table[<Py_ssize_t>flop_index(d[2], d[3], d[4]) * N_PAIRS + pair_index(d[0], d[1])]


cdef inline void dealt(Rng* g, uint8_t* d, uint16_t* player, uint16_t* dealer) noexcept nogil:
    """Deal a round to the front of the deck (the player's two, the five board cards, the dealer's two)
    and value the two seven-card hands."""
    cdef uint8_t hand[7]
    cdef int i
    deal(g, d, DEALT)
    for i in range(7):
        hand[i] = d[i]
    player[0] = strength7(hand)
    hand[0], hand[1] = d[7], d[8]
    dealer[0] = strength7(hand)


cdef inline int unseen_cards(const uint8_t* d, int k, uint8_t* unseen) noexcept nogil:
    """The cards of the deck not among the k seen ones at d, ascending; returns how many."""
    cdef uint8_t seen[N_CARDS]
    cdef int i, n = 0
    for i in range(N_CARDS):
        seen[i] = 0
    for i in range(k):
        seen[d[i]] = 1
    for i in range(N_CARDS):
        if not seen[i]:
            unseen[n] = i
            n += 1
    return n


cdef int seen_cards(hand, board, int n_board, uint8_t* d) except -1:
    """The test hooks' cards, checked (two hole cards, ``n_board`` board cards, none twice), into d."""
    cdef uint8_t marked[N_CARDS]
    cdef int i
    cards = [*hand, *board]
    if len(hand) != 2 or len(board) != n_board:
        raise ValueError(f"two hole cards and {n_board} board cards")
    for i in range(N_CARDS):
        marked[i] = 0
    mark_cards(cards, marked)
    for i in range(2 + n_board):
        d[i] = cards[i]
    return 0


def spread_flops(flop_cards, flop_rest, decided, uint8_t[::1] table):
    """Write a pricing pass's flop decisions into ``table`` (N_FLOPS x N_PAIRS bytes: flop colex
    index, then holding colex index): ``flop_cards`` (n x 3), ``flop_rest`` (n x the live cards off
    the flop) and ``decided`` (n x holdings, colex over rest positions) of canonical flops on the
    full deck, each spread over its 24 suit images (an image of a canonical situation is worth the
    same, so it takes the same decision).  Returns how many flops were written."""
    cdef const uint8_t[:, ::1] flops = flop_cards
    cdef const uint8_t[:, ::1] rest = flop_rest
    cdef const uint8_t[::1] choice = decided
    cdef int n = flops.shape[0], n_rest = rest.shape[1], f, i, j, h, p, key, x, y
    cdef int n_hold = n_rest * (n_rest - 1) // 2
    cdef uint8_t perm[24][4]
    cdef uint8_t image[N_CARDS]
    if n_rest != N_CARDS - 3:
        raise ValueError("the flop decisions are spread on the full deck only")
    if table.shape[0] != N_FLOPS * N_PAIRS:
        raise ValueError(f"the table has {N_FLOPS} x {N_PAIRS} bytes")
    if flops.shape[0] != rest.shape[0] or choice.shape[0] != <Py_ssize_t>n * n_hold:
        raise ValueError("one row of rest cards and one decision per holding for every flop")
    p = 0
    for i in range(4):
        for j in range(4):
            for h in range(4):
                for x in range(4):
                    if i != j and i != h and i != x and j != h and j != x and h != x:
                        perm[p][0], perm[p][1], perm[p][2], perm[p][3] = i, j, h, x
                        p += 1
    with nogil:
        for f in range(n):
            for p in range(24):
                for x in range(N_CARDS):
                    image[x] = make_card(card_rank(x), perm[p][card_suit(x)])
                key = flop_index(image[flops[f, 0]], image[flops[f, 1]], image[flops[f, 2]])
                h = 0
                for j in range(1, n_rest):
                    y = image[rest[f, j]]
                    for i in range(j):
                        table[<Py_ssize_t>key * N_PAIRS + pair_index(image[rest[f, i]], y)] = choice[f * n_hold + h]
                        h += 1
    return n


cdef class HoldemSimulator(Simulation):
    """Rounds of Hold'em against the dealer under one strategy, from one seed.

    ``preflop`` (N_CARDS x N_CARDS bytes, both orders): the preflop path of each holding, a Play size
    index below ``n_preflop`` or 255 to go on to the flop; ``flop`` (N_FLOPS x N_PAIRS bytes): 1 to
    Play (call) at the flop, 0 not; ``flop_folds``: not playing the flop folds (Casino Hold'em), else
    the round goes on to the river, where it plays with ``river_min`` or better (>= 0), or where the
    river Play's ``river`` values (60 integers, at each category and ending) summed over the dealer
    holdings beat ``fold`` per dealer holding (ties go to the Play with ``wager_more``), a fold costing
    ``fold_extra`` (10 integers, by the final category: a side bet it forfeits) besides.
    ``qualifier``: the least qualifying dealer strength (0: every hand)."""
    cdef int n_preflop
    cdef int qualifier
    cdef bint flop_folds
    cdef int river_min
    cdef bint wager_more
    cdef int64_t river[CELLS6]
    cdef int64_t fold
    cdef int64_t extra[N_CATEGORIES]
    cdef uint8_t pre[N_CARDS * N_CARDS]
    cdef const uint8_t* flop
    cdef object refs
    cdef int64_t tally[MAX_PATHS * CELLS6]
    cdef int64_t folded[N_CATEGORIES]

    def __init__(self, uint64_t seed, preflop, int n_preflop, flop, bint flop_folds, int qualifier,
                 int river_min=0, river=None, long long fold=0, bint wager_more=True, fold_extra=None):
        cdef const uint8_t[::1] view
        cdef int i
        preflop = bytes(preflop)
        if len(preflop) != N_CARDS * N_CARDS:
            raise ValueError(f"a preflop byte per holding in both orders ({N_CARDS * N_CARDS})")
        if not 0 <= n_preflop <= MAX_PATHS - 2:
            raise ValueError(f"0 to {MAX_PATHS - 2} preflop Play sizes")
        if any(b != ON and b >= n_preflop for b in preflop):
            raise ValueError("a preflop byte is a Play size index or 255")
        if not isinstance(flop, (bytes, bytearray)) or len(flop) != N_FLOPS * N_PAIRS:
            raise ValueError(f"a flop byte per (flop, holding): {N_FLOPS} x {N_PAIRS}")
        if not -1 <= river_min < N_CATEGORIES:
            raise ValueError("river_min is -1 (priced) or a category")
        if river_min < 0 and (river is None or len(river) != CELLS6):
            raise ValueError(f"a priced river needs the Play's {CELLS6} values")
        for i in range(N_CARDS * N_CARDS):
            self.pre[i] = preflop[i]
        self.refs = bytes(flop)
        view = self.refs
        self.flop = &view[0]
        self.n_preflop, self.flop_folds, self.qualifier = n_preflop, flop_folds, qualifier
        self.river_min, self.wager_more, self.fold = river_min, wager_more, fold
        for i in range(CELLS6):
            self.river[i] = river[i] if river is not None else 0
        if fold_extra is not None and len(fold_extra) != N_CATEGORIES:
            raise ValueError(f"fold_extra has {N_CATEGORIES} values, one per category")
        for i in range(N_CATEGORIES):
            self.extra[i] = fold_extra[i] if fold_extra is not None else 0

    cdef bint plays_river(self, const uint8_t* d, uint16_t player, int category) noexcept nogil:
        """The priced river: the Play's value over every dealer holding the player cannot see, against
        a fold's."""
        cdef uint8_t unseen[N_CARDS]
        cdef uint8_t cards[7]
        cdef int i, j, n
        cdef int64_t value = 0, holdings = 0
        if self.river_min >= 0:
            return category >= self.river_min
        n = unseen_cards(d, 7, unseen)
        for i in range(5):
            cards[i] = d[2 + i]
        for j in range(1, n):
            cards[6] = unseen[j]
            for i in range(j):
                cards[5] = unseen[i]
                value += self.river[category * SIX + ending_of(player, strength7(cards), self.qualifier)]
                holdings += 1
        folding = (self.fold + self.extra[category]) * holdings
        return takes(value, folding, self.wager_more)

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t _round
        cdef uint8_t* d = self.deck
        cdef int path, category
        cdef uint16_t player, dealer
        for _round in range(rounds):
            dealt(&self.rng, d, &player, &dealer)
            category = category_of(player)
            path = self.pre[d[0] * N_CARDS + d[1]]
            if path == ON:
                path = self.n_preflop
                if not flop_choice(self.flop, d):
                    if self.flop_folds or not self.plays_river(d, player, category):
                        self.folded[category] += 1
                        continue
                    path += 1
            self.tally[(path * N_CATEGORIES + category) * SIX + ending_of(player, dealer, self.qualifier)] += 1

    def plays_at_river(self, hand, board):
        """Whether the round goes on to a Play at the river with ``hand`` (2 cards) and ``board`` (5)
        (for tests: the river decision the rounds take)."""
        cdef uint8_t d[7]
        seen_cards(hand, board, 5, d)
        player = strength7(d)
        return self.plays_river(d, player, category_of(player))

    def counts(self):
        """(paths x 10 x 6 cells, folds by category) so far: a path is a preflop Play size, then the
        flop Play, then the river Play."""
        cdef int p, c, e
        cells = [[[self.tally[(p * N_CATEGORIES + c) * SIX + e] for e in range(SIX)] for c in range(N_CATEGORIES)]
                 for p in range(self.n_preflop + 2)]
        return cells, [self.folded[c] for c in range(N_CATEGORIES)]


cdef class BonusSimulator(Simulation):
    """Rounds of Texas Hold'em Bonus under the optimal strategy, from one seed.

    ``preflop`` (N_CARDS x N_CARDS bytes, both orders): 1 to make the Flop wager, 0 to fold; ``flop``
    (N_FLOPS x N_PAIRS bytes): 1 to make the Turn wager; at the turn the River wager is made where it
    wins at least as often as it loses over every river card and dealer holding the player cannot see
    (all three wagers pay 1 to 1, so that is its whole value; equal: ``wager_more``), or by a simple
    strategy's ``river`` rule (0 never, 1 always; -1 that optimal one).  No qualifier.
    Tally: path ``turn wager * 2 + river wager``, the final category and ending; folds by category."""
    cdef bint wager_more
    cdef int river
    cdef uint8_t pre[N_CARDS * N_CARDS]
    cdef const uint8_t* flop
    cdef object refs
    cdef int64_t tally[4 * CELLS6]
    cdef int64_t folded[N_CATEGORIES]

    def __init__(self, uint64_t seed, preflop, flop, bint wager_more=True, int river=-1):
        cdef const uint8_t[::1] view
        cdef int i
        if not -1 <= river <= 1:
            raise ValueError(f"river {river} is not -1 (optimal), 0 (never) or 1 (always)")
        self.river = river
        preflop = bytes(preflop)
        if len(preflop) != N_CARDS * N_CARDS or max(preflop) > 1:
            raise ValueError(f"a preflop byte (0 or 1) per holding in both orders ({N_CARDS * N_CARDS})")
        if not isinstance(flop, (bytes, bytearray)) or len(flop) != N_FLOPS * N_PAIRS:
            raise ValueError(f"a flop byte per (flop, holding): {N_FLOPS} x {N_PAIRS}")
        for i in range(N_CARDS * N_CARDS):
            self.pre[i] = preflop[i]
        self.refs = bytes(flop)
        view = self.refs
        self.flop = &view[0]
        self.wager_more = wager_more

    cdef bint bets_river(self, const uint8_t* d) noexcept nogil:
        """The River wager at the turn (d: hole cards, flop, turn): wins minus losses over every river
        card and dealer holding."""
        cdef uint8_t unseen[N_CARDS]
        cdef uint8_t mine[7]
        cdef uint8_t theirs[7]
        cdef int i, j, r, n = unseen_cards(d, 6, unseen)
        cdef uint16_t player, dealer
        cdef int64_t net = 0
        for i in range(6):
            mine[i] = d[i]
        for i in range(4):
            theirs[i] = d[2 + i]
        for r in range(n):
            mine[6] = unseen[r]
            theirs[4] = unseen[r]
            player = strength7(mine)
            for j in range(1, n):
                if j == r:
                    continue
                theirs[6] = unseen[j]
                for i in range(j):
                    if i == r:
                        continue
                    theirs[5] = unseen[i]
                    dealer = strength7(theirs)
                    if player > dealer:
                        net += 1
                    elif player < dealer:
                        net -= 1
        return takes(net, 0, self.wager_more)

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t _round
        cdef uint8_t* d = self.deck
        cdef int path, category
        cdef uint16_t player, dealer
        for _round in range(rounds):
            dealt(&self.rng, d, &player, &dealer)
            category = category_of(player)
            if not self.pre[d[0] * N_CARDS + d[1]]:
                self.folded[category] += 1
                continue
            path = 2 * flop_choice(self.flop, d)
            if self.river < 0:
                path += self.bets_river(d)
            else:
                path += self.river
            self.tally[(path * N_CATEGORIES + category) * SIX + ending_of(player, dealer, 0)] += 1

    def bets_at_turn(self, hand, board):
        """Whether the River wager is made with ``hand`` (2 cards) and ``board`` (the flop and the turn)
        (for tests)."""
        cdef uint8_t d[6]
        seen_cards(hand, board, 4, d)
        return self.bets_river(d)

    def counts(self):
        """(4 paths x 10 x 6 cells, folds by category) so far: path = Turn wager made * 2 + River wager made."""
        cdef int p, c, e
        cells = [[[self.tally[(p * N_CATEGORIES + c) * SIX + e] for e in range(SIX)] for c in range(N_CATEGORIES)]
                 for p in range(4)]
        return cells, [self.folded[c] for c in range(N_CATEGORIES)]
