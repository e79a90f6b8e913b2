# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Seeded Monte Carlo of Ultimate Three Card Poker rounds.

No rule is written here but the deal: the ranking, the qualifier, whether a dealer card is shown,
the action of every situation and the hand class of every strength come in from Python
(oddscalc/engines/three_card/ultimate_simulate.py, built from the solver's own decisions), and the
kernel only deals, looks up and counts.

A round: one persistent deck of which the six cards dealt are shuffled to its front (a partial
Fisher-Yates shuffle, ext/rng.pxd); the player's three, then the dealer's three, of which one,
uniformly, is turned up.  The action is an index among the game's actions (0: fold), read from a
byte per situation indexed by the player's cards as dealt and the upcard (every order filled, so
nothing is sorted), or from a byte per (upcard rank, strength) for a strategy that reads no more.

Tally cells: ``(klass * n_actions + action) * 7 + cell``: cell 0 a fold (action 0), else 1 + the
ending, 0..5 in the solver's ENDINGS order: the dealer qualifies and the player is higher, the
dealer is higher, a tie; then the same when he does not qualify.  Python names each cell with the
analysis' outcome name.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t

from libc.string cimport memset
from oddscalc._native.cards cimport mark_cards
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3
from oddscalc._native.rng cimport below, deal
from oddscalc._native.simulation cimport Simulation

cdef enum:
    CELLS = 7
    MAX_CLASSES = 16
    MAX_ACTIONS = 128
    N_TRIPLES = 140608          # 52 ** 3
    SEE = 255                   # in a strategy table: the situation's own byte decides (decisions)


cdef int _largest(const uint8_t[::1] table, int skip=-1):
    """The largest byte of a table (but ``skip``), or -1."""
    cdef Py_ssize_t i
    cdef int found = -1
    for i in range(table.shape[0]):
        if table[i] > found and table[i] != skip:
            found = table[i]
    return found


cdef class UltimateSimulator(Simulation):
    """Rounds of Ultimate Three Card Poker under one strategy, from one seed.

    ``qualify``: the weakest qualifying dealer strength; ``upcard``: one dealer card is shown
    before the decision; ``classes``: the hand class index of every strength (bytes);
    ``n_actions``: the game's actions, fold first; then ``strategy_table``, an action byte per
    strength, one row of them per upcard rank (a single row without an upcard), and/or
    ``decisions``, an action byte per situation (``(a * 2704 + b * 52 + c) * 52 + u`` with an
    upcard, ``a * 2704 + b * 52 + c`` without, as three.spread_decisions gives it).  With both,
    the strategy table decides but where it holds 255: there, the situation's own byte.  (The
    optimal strategy is mostly one action per upcard rank and strength: the 7.3 MB table is then
    read for the few mixed ones, and the rounds mostly hit the cache.)
    """
    cdef ThreeCardRanking ranking
    cdef int qualify
    cdef bint upcard
    cdef int n_classes
    cdef int n_actions
    cdef object refs
    cdef const uint8_t* klass
    cdef const uint8_t* table
    cdef const uint8_t* strategy
    cdef int64_t tally[MAX_CLASSES * MAX_ACTIONS * CELLS]

    def __init__(self, uint64_t seed, ThreeCardRanking ranking, int qualify, bint upcard, classes, int n_actions,
                 decisions=None, strategy_table=None):
        classes = bytes(classes)
        cdef const uint8_t[::1] class_view = classes
        cdef const uint8_t[::1] table_view
        if len(classes) != ranking.n_strengths:
            raise ValueError("a hand class per strength is needed")
        self.n_classes = max(classes) + 1
        if self.n_classes > MAX_CLASSES:
            raise ValueError(f"at most {MAX_CLASSES} hand classes")
        if not 2 <= n_actions <= MAX_ACTIONS:
            raise ValueError(f"from 2 to {MAX_ACTIONS} actions")
        if decisions is None and strategy_table is None:
            raise ValueError("a decision per situation or a strategy table is needed")
        self.ranking = ranking
        self.qualify = qualify
        self.upcard = upcard
        self.n_actions = n_actions
        self.klass = &class_view[0]
        self.table = NULL
        self.strategy = NULL
        refs = [classes]
        if strategy_table is not None:
            table = bytes(strategy_table)
            if len(table) != (13 if upcard else 1) * ranking.n_strengths:
                raise ValueError("a strategy table of a byte per strength (13 rows with an upcard) is needed")
            table_view = table
            self.strategy = &table_view[0]
            refs.append(table)
            if _largest(table_view) >= n_actions and (decisions is None or _largest(table_view, SEE) >= n_actions):
                raise ValueError("every action index must be below n_actions (or SEE, with decisions)")
        if decisions is not None:
            table = bytes(decisions)
            if len(table) != N_TRIPLES * (52 if upcard else 1):
                raise ValueError("a decision table of 52**3 bytes (times 52 with an upcard) is needed")
            table_view = table
            self.table = &table_view[0]
            refs.append(table)
            if _largest(table_view) >= n_actions:
                raise ValueError("every action index must be below n_actions")
        self.refs = refs          # keeps the buffers the pointers read alive

    cdef inline int decide(self, const uint8_t* d, uint16_t player) noexcept nogil:
        """The action of the hand d[0..2] against the upcard d[3] (if shown)."""
        cdef int i
        if self.strategy != NULL:
            i = self.strategy[((d[3] >> 2) * self.ranking.n_strengths if self.upcard else 0) + player]
            if i != SEE:
                return i
        i = d[0] * 2704 + d[1] * 52 + d[2]
        if self.upcard:
            i = i * 52 + d[3]
        return self.table[i]

    def action(self, hand, int upcard=0):
        """The simulator's action index for a hand (and upcard) (for tests)."""
        cdef uint8_t d[4]
        cdef uint8_t seen[52]
        cdef int i
        if len(hand) != 3:
            raise ValueError(f"a player hand is three cards, got {len(hand)}")
        memset(seen, 0, 52)
        mark_cards((*hand, upcard) if self.upcard else hand, seen)
        for i in range(3):
            d[i] = hand[i]
        d[3] = upcard
        return self.decide(d, strength3(self.ranking, d[0], d[1], d[2]))

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t _round
        cdef int action, ending, j
        cdef uint8_t* d = self.deck
        cdef uint8_t t
        cdef uint16_t player, dealer
        for _round in range(rounds):
            deal(&self.rng, d, 6)
            if self.upcard:      # the dealer turns one of his three cards up, uniformly
                j = 3 + <int>below(&self.rng, 3)
                t = d[3]
                d[3] = d[j]
                d[j] = t
            player = strength3(self.ranking, d[0], d[1], d[2])
            action = self.decide(d, player)
            if action == 0:
                self.tally[self.klass[player] * self.n_actions * CELLS] += 1
                continue
            dealer = strength3(self.ranking, d[3], d[4], d[5])
            ending = 0 if dealer >= self.qualify else 3
            if dealer > player:
                ending += 1
            elif dealer == player:
                ending += 2
            self.tally[(self.klass[player] * self.n_actions + action) * CELLS + 1 + ending] += 1

    def counts(self):
        """Counts so far: per hand class, per action, seven cells (fold, then the six endings)."""
        return [[[self.tally[(k * self.n_actions + a) * CELLS + e] for e in range(CELLS)]
                 for a in range(self.n_actions)] for k in range(self.n_classes)]
