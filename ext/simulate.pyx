# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Seeded Monte Carlo of Caribbean Stud rounds: deal, decide, settle, count outcomes.

Why it is fast: one persistent deck, of which each round shuffles only the ten cards it deals
(a partial Fisher-Yates shuffle is uniform whatever order the deck is left in); xoshiro256**
with Lemire's unbiased bounded draws (ext/rng.pxd); two table look-ups for the hands' strengths; and the
decision is a per-payout-class constant except in classes where the optimal strategy depends
on the cards (ace-king hands, for the usual tables), which read a byte table.

Outcome slots: 0 fold, 1 dealer does not qualify, 2 lose, 3 push, 4 + c a win with pay class c:
the payout class (0 below ace-king .. 10 royal flush, as ext/stud.pyx numbers them), or the
class a ``class_map`` gives each strength (a paytable paying hand classes).
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t

from libc.string cimport memset
from oddscalc._native.cards cimport mark_cards
from oddscalc._native.eval5 cimport strength5
from oddscalc._native.rng cimport deal
from oddscalc._native.simulation cimport Simulation
from oddscalc._native.showdown cimport SHOWDOWN_WIN, showdown
from oddscalc._native.stud cimport payout_class, hand_index

cdef enum:
    MAX_PAY_CLASSES = 64
    N_OUTCOMES = 4 + MAX_PAY_CLASSES
    N_PAYOUT_CLASSES = 11
    N_STRENGTHS = 7462
    N_HANDS = 2598960
    FOLD = 0
    NOT_QUALIFY = 1
    LOSE = 2
    PUSH = 3
    WIN = 4
    RULE_FOLD = 0
    RULE_CALL = 1
    RULE_TABLE = 2

cdef class StudSimulator(Simulation):
    """Rounds of Caribbean Stud under one strategy, from one seed.

    Strategy: ``strategy_table`` (13 x 7462 bytes, ``upcard rank * 7462 + strength``) gives the
    decision of every hand against every upcard rank; else ``threshold`` >= 0 calls with a strength
    of at least ``threshold``; otherwise ``rules`` gives per payout class 0 fold, 1 call or 2 read
    ``table`` (see StudClasses.spread_decisions in ext/stud.pyx).  ``class_map`` (7462 bytes) names
    the pay class a win is counted under; ``ties``: 0 a tie pushes, 1 it counts as the player's
    win, 2 as a loss.
    """
    cdef int qualify
    cdef int threshold
    cdef int ties
    cdef int n_classes
    cdef uint8_t rule[N_PAYOUT_CLASSES]
    cdef uint8_t pay_class[N_STRENGTHS]
    cdef object table_ref
    cdef const uint8_t* table
    cdef object strategy_ref
    cdef const uint8_t* strategy
    cdef int64_t tally[N_OUTCOMES]

    def __init__(self, uint64_t seed, int qualify_strength, int threshold=-1, rules=None, table=None,
                 class_map=None, strategy_table=None, int ties=0):
        cdef int i
        cdef const uint8_t[::1] view
        self.qualify = qualify_strength
        self.threshold = threshold
        self.table = NULL
        self.strategy = NULL
        if not 0 <= ties <= 2:
            raise ValueError("ties: 0 push, 1 player, 2 dealer")
        self.ties = ties
        if class_map is None:
            for i in range(N_STRENGTHS):
                self.pay_class[i] = payout_class(i)
            self.n_classes = N_PAYOUT_CLASSES
        else:
            view = bytes(class_map)
            if view.shape[0] != N_STRENGTHS or max(view) >= MAX_PAY_CLASSES:
                raise ValueError(f"a pay class below {MAX_PAY_CLASSES} per strength is needed")
            for i in range(N_STRENGTHS):
                self.pay_class[i] = view[i]
            self.n_classes = max(max(view) + 1, N_PAYOUT_CLASSES)
        if strategy_table is not None:
            if len(strategy_table) != 13 * N_STRENGTHS:
                raise ValueError("a strategy table of 13 x 7462 bytes is needed")
            self.strategy_ref = bytes(strategy_table)
            view = self.strategy_ref
            self.strategy = &view[0]
        elif threshold < 0:
            if rules is None or len(rules) != N_PAYOUT_CLASSES:
                raise ValueError("a rule per payout class is needed without a threshold")
            for i in range(N_PAYOUT_CLASSES):
                self.rule[i] = rules[i]
            if RULE_TABLE in list(rules):
                if table is None or len(table) != N_HANDS * 52:
                    raise ValueError("a decision table of 2,598,960 x 52 bytes is needed")
                self.table_ref = table
                view = table
                self.table = &view[0]

    cdef inline int decide(self, const uint8_t* cards, uint16_t player, int klass) noexcept nogil:
        """1 to call with these five cards (``cards[5]`` is the dealer's upcard), 0 to fold."""
        if self.strategy != NULL:
            return self.strategy[(cards[5] >> 2) * N_STRENGTHS + player]
        if self.threshold >= 0:
            return player >= self.threshold
        if self.rule[klass] == RULE_TABLE:
            return self.table[hand_index(cards) * 52 + cards[5]]
        return self.rule[klass]

    def calls(self, hand, int upcard):
        """The simulator's decision for five cards against an upcard (for tests)."""
        cdef uint8_t c[6]
        cdef uint8_t seen[52]
        if len(hand) != 5:
            raise ValueError(f"a player hand is five cards, got {len(hand)}")
        memset(seen, 0, 52)
        mark_cards((*hand, upcard), seen)
        for i in range(5):
            c[i] = hand[i]
        c[5] = upcard
        cdef uint16_t player = strength5(c[0], c[1], c[2], c[3], c[4])
        return bool(self.decide(c, player, payout_class(player)))

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t _round
        cdef int klass, result
        cdef uint8_t* d = self.deck
        cdef uint16_t player, dealer
        for _round in range(rounds):
            deal(&self.rng, d, 10)
            player = strength5(d[0], d[1], d[2], d[3], d[4])
            klass = payout_class(player)
            if not self.decide(d, player, klass):
                self.tally[FOLD] += 1
                continue
            dealer = strength5(d[5], d[6], d[7], d[8], d[9])
            result = showdown(player, dealer, self.qualify)
            if result == PUSH and self.ties:
                result = SHOWDOWN_WIN if self.ties == 1 else LOSE
            # slots 1..3 are the showdown's results; a win is split by pay class
            self.tally[result if result != SHOWDOWN_WIN else WIN + self.pay_class[player]] += 1

    def counts(self):
        """Outcome counts so far, by slot (see the module docstring): 4 + the number of pay classes."""
        return [self.tally[i] for i in range(4 + self.n_classes)]
