# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Seeded Monte Carlo of three-card rounds (Fast Poker, Caribbean Fast Poker, Three Card Poker).

No rule is written here: the ranking, the qualifier, whether a dealer card is face up, the
decisions and the hand class of every strength come in from Python (oddscalc/simulate_three.py,
built from the engine's own functions), and the kernel only deals, looks up and counts.

Why it is fast: one persistent deck, of which each round shuffles only the six cards it deals
(a partial Fisher-Yates shuffle is uniform whatever order the deck is left in); xoshiro256**
with Lemire's unbiased bounded draws (ext/rng.pxd); the hands' strengths from the ranking's
52**3 table; the decision from a byte table indexed by the hand's cards as dealt (every order
is filled, so nothing is sorted) and the upcard, one bit per situation.

Tally cells: ``klass * 5 + result``, ``klass`` the hand class index the caller gives per
strength, ``result`` 0 fold, else ext/showdown.pxd's 1 dealer does not qualify, 2 lose, 3 push, 4 win
(the engine's RESULTS order); Python names each cell with the analysis' outcome name.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t

from libc.string cimport memset
from oddscalc._native.cards cimport mark_cards
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3
from oddscalc._native.rng cimport deal
from oddscalc._native.simulation cimport Simulation
from oddscalc._native.showdown cimport showdown

cdef enum:
    N_RESULTS = 5
    MAX_CLASSES = 64
    FOLD = 0
    N_TRIPLES = 140608          # 52 ** 3


cdef class ThreeCardSimulator(Simulation):
    """Rounds of a three-card game under one strategy, from one seed.

    ``qualify``: the weakest qualifying dealer strength; ``upcard``: the dealer's first card is
    shown before the decision; ``classes``: the hand class index of every strength (bytes);
    strategy: ``strategy_table`` (13 rows with an upcard, else 1, of a byte per strength, indexed
    ``upcard rank * strengths + strength``) gives the decision of every hand and upcard rank;
    else ``threshold`` >= 0 plays every hand of at least that strength, otherwise ``decisions``
    (from three.spread_decisions) gives a byte per situation.
    """
    cdef ThreeCardRanking ranking
    cdef int qualify
    cdef bint upcard
    cdef int threshold
    cdef int n_classes
    cdef object refs
    cdef const uint8_t* klass
    cdef const uint8_t* table
    cdef const uint8_t* strategy
    cdef int64_t tally[MAX_CLASSES * N_RESULTS]

    def __init__(self, uint64_t seed, ThreeCardRanking ranking, int qualify, bint upcard, classes,
                 int threshold=-1, decisions=None, strategy_table=None):
        cdef int i
        classes = bytes(classes)
        cdef const uint8_t[::1] class_view = classes
        cdef const uint8_t[::1] table_view
        if len(classes) != ranking.n_strengths:
            raise ValueError("a hand class per strength is needed")
        self.n_classes = max(classes) + 1
        if self.n_classes > MAX_CLASSES:
            raise ValueError(f"at most {MAX_CLASSES} hand classes")
        self.ranking = ranking
        self.qualify = qualify
        self.upcard = upcard
        self.threshold = threshold
        self.klass = &class_view[0]
        self.table = NULL
        self.strategy = NULL
        refs = [classes]
        if strategy_table is not None:
            strategy_table = bytes(strategy_table)
            if len(strategy_table) != (13 if upcard else 1) * ranking.n_strengths:
                raise ValueError("a strategy table of a byte per strength (13 rows with an upcard) is needed")
            table_view = strategy_table
            self.strategy = &table_view[0]
            refs.append(strategy_table)
        elif threshold < 0:
            if decisions is None or len(decisions) != N_TRIPLES * (52 if upcard else 1):
                raise ValueError("a decision table of 52**3 bytes (times 52 with an upcard) is needed")
            # packed to one bit per situation: 0.9 MB instead of 7.3 MB with an upcard, so the
            # random look-ups mostly hit the cache (about 3 times the rounds per second)
            table_view = decisions
            bits = bytearray((len(decisions) + 7) // 8)
            for i in range(len(decisions)):
                if table_view[i]:
                    bits[i >> 3] |= 1 << (i & 7)
            table_view = bits
            self.table = &table_view[0]
            refs.append(table_view)
        self.refs = refs          # keeps the buffers the pointers read alive (and a bytearray unresizable)

    cdef inline int decide(self, const uint8_t* d, uint16_t player) noexcept nogil:
        """1 to play the hand d[0..2] (d[3] is the dealer's first card, the upcard if shown)."""
        if self.strategy != NULL:
            return self.strategy[((d[3] >> 2) * self.ranking.n_strengths if self.upcard else 0) + player]
        if self.threshold >= 0:
            return player >= self.threshold
        cdef int i = d[0] * 2704 + d[1] * 52 + d[2]
        if self.upcard:
            i = i * 52 + d[3]
        return (self.table[i >> 3] >> (i & 7)) & 1

    def plays(self, hand, int upcard=0):
        """The simulator's decision for a hand (and upcard) (for tests)."""
        cdef uint8_t d[4]
        cdef uint8_t seen[52]
        if len(hand) != 3:
            raise ValueError(f"a player hand is three cards, got {len(hand)}")
        memset(seen, 0, 52)
        mark_cards((*hand, upcard) if self.upcard else hand, seen)
        for i in range(3):
            d[i] = hand[i]
        d[3] = upcard
        return bool(self.decide(d, strength3(self.ranking, d[0], d[1], d[2])))

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t _round
        cdef int cell
        cdef uint8_t* d = self.deck
        cdef uint16_t player, dealer
        for _round in range(rounds):
            deal(&self.rng, d, 6)
            player = strength3(self.ranking, d[0], d[1], d[2])
            cell = self.klass[player] * N_RESULTS
            if not self.decide(d, player):
                self.tally[cell + FOLD] += 1
                continue
            dealer = strength3(self.ranking, d[3], d[4], d[5])
            self.tally[cell + showdown(player, dealer, self.qualify)] += 1

    def counts(self):
        """Counts so far: one list of five (fold, not qualify, lose, push, win) per hand class."""
        return [[self.tally[k * N_RESULTS + r] for r in range(N_RESULTS)] for k in range(self.n_classes)]
