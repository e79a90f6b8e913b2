# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Seeded Monte Carlo of Caribbean Stud rounds: deal, decide, settle, count outcomes.

Why it is fast: one persistent deck, of which each round shuffles only the ten cards it deals
(a partial Fisher-Yates shuffle is uniform whatever order the deck is left in); xoshiro256**
with Lemire's unbiased bounded draws (ext/rng.pxd); two table look-ups for the hands' strengths; and the
decision is a per-payout-class constant except in classes where the optimal strategy depends
on the cards (ace-king hands, for the usual tables), which read a byte table.

Outcome slots: 0 fold, 1 dealer does not qualify, 2 lose, 3 push, 4 + c a win with payout
class c (0 below ace-king .. 10 royal flush), as ext/stud.pyx numbers the classes.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t

from oddscalc._native.eval5 cimport strength5, category_of
from oddscalc._native.rng cimport Rng, below, seed_rng

cdef enum:
    N_OUTCOMES = 15
    N_PAYOUT_CLASSES = 11
    N_HANDS = 2598960
    FOLD = 0
    NOT_QUALIFY = 1
    LOSE = 2
    PUSH = 3
    WIN = 4
    RULE_FOLD = 0
    RULE_CALL = 1
    RULE_TABLE = 2

cdef int64_t BINOM[53][6]
cdef int i_, j_
for i_ in range(53):
    for j_ in range(6):
        BINOM[i_][j_] = 0
    BINOM[i_][0] = 1
    for j_ in range(1, 6):
        if i_ >= 1:
            BINOM[i_][j_] = BINOM[i_ - 1][j_ - 1] + BINOM[i_ - 1][j_]

# The weakest ace-king high hand: A K 4 3 2 of mixed suits.
cdef uint16_t ACE_KING = strength5(48, 45, 8, 4, 0)


cdef inline int payout_class(uint16_t strength) noexcept nogil:
    cdef int category = category_of(strength)
    if category > 0:
        return category + 1
    return 1 if strength >= ACE_KING else 0


cdef inline int64_t hand_index(const uint8_t* cards) noexcept nogil:
    """Colex index 0..2,598,959 of five distinct cards (any order), as ext/stud.pyx numbers hands."""
    cdef int c[5]
    cdef int i, j, t
    for i in range(5):
        c[i] = cards[i]
    for i in range(1, 5):
        t = c[i]
        j = i - 1
        while j >= 0 and c[j] > t:
            c[j + 1] = c[j]
            j -= 1
        c[j + 1] = t
    return BINOM[c[0]][1] + BINOM[c[1]][2] + BINOM[c[2]][3] + BINOM[c[3]][4] + BINOM[c[4]][5]


def hand_index_of(cards):
    """Colex index of five card codes (the decision table's row).

    >>> hand_index_of((0, 1, 2, 3, 4)), hand_index_of((47, 48, 49, 50, 51))
    (0, 2598959)
    """
    cdef uint8_t c[5]
    for i in range(5):
        c[i] = cards[i]
    return hand_index(c)


def spread_decisions(bytearray table, const uint8_t[::1] cards, const uint8_t[::1] upcards,
                     const uint8_t[::1] calls):
    """Write the decision of every class (5 cards, upcard, call) into ``table`` at
    ``hand_index * 52 + upcard`` for each of its images under the 24 permutations of the suits."""
    cdef uint8_t* out = table
    cdef int perms[24][4]
    cdef int n = 0, a, b, c, d, p, j
    cdef uint8_t x[5]
    cdef Py_ssize_t k, classes = upcards.shape[0]
    if len(table) != N_HANDS * 52 or cards.shape[0] != 5 * classes or calls.shape[0] != classes:
        raise ValueError("a table of 2,598,960 x 52 bytes and 5 cards and one call per class are needed")
    for a in range(4):
        for b in range(4):
            for c in range(4):
                for d in range(4):
                    if a != b and a != c and a != d and b != c and b != d and c != d:
                        perms[n][0] = a; perms[n][1] = b; perms[n][2] = c; perms[n][3] = d
                        n += 1
    with nogil:
        for k in range(classes):
            for p in range(24):
                for j in range(5):
                    x[j] = (cards[5 * k + j] & ~3) | perms[p][cards[5 * k + j] & 3]
                out[hand_index(x) * 52 + ((upcards[k] & ~3) | perms[p][upcards[k] & 3])] = calls[k]


cdef class StudSimulator:
    """Rounds of Caribbean Stud under one strategy, from one seed.

    Strategy: ``threshold`` >= 0 calls with a strength of at least ``threshold``; otherwise
    ``rules`` gives per payout class 0 fold, 1 call or 2 read ``table`` (see spread_decisions).
    """
    cdef Rng rng
    cdef uint8_t deck[52]
    cdef int qualify
    cdef int threshold
    cdef uint8_t rule[N_PAYOUT_CLASSES]
    cdef object table_ref
    cdef const uint8_t* table
    cdef int64_t tally[N_OUTCOMES]
    cdef readonly int64_t rounds

    def __init__(self, uint64_t seed, int qualify_strength, int threshold=-1, rules=None, table=None):
        cdef int i
        cdef const uint8_t[::1] view
        seed_rng(&self.rng, seed)
        for i in range(52):
            self.deck[i] = i
        for i in range(N_OUTCOMES):
            self.tally[i] = 0
        self.rounds = 0
        self.qualify = qualify_strength
        self.threshold = threshold
        self.table = NULL
        if threshold < 0:
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
        if self.threshold >= 0:
            return player >= self.threshold
        if self.rule[klass] == RULE_TABLE:
            return self.table[hand_index(cards) * 52 + cards[5]]
        return self.rule[klass]

    def calls(self, hand, int upcard):
        """The simulator's decision for five cards against an upcard (for tests)."""
        cdef uint8_t c[6]
        for i in range(5):
            c[i] = hand[i]
        c[5] = upcard
        cdef uint16_t player = strength5(c[0], c[1], c[2], c[3], c[4])
        return bool(self.decide(c, player, payout_class(player)))

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t r
        cdef int i, j, klass
        cdef uint8_t t
        cdef uint8_t* d = self.deck
        cdef uint16_t player, dealer
        for r in range(rounds):
            for i in range(10):
                j = i + <int>below(&self.rng, 52 - i)
                t = d[i]; d[i] = d[j]; d[j] = t
            player = strength5(d[0], d[1], d[2], d[3], d[4])
            klass = payout_class(player)
            if not self.decide(d, player, klass):
                self.tally[FOLD] += 1
                continue
            dealer = strength5(d[5], d[6], d[7], d[8], d[9])
            if dealer < self.qualify:
                self.tally[NOT_QUALIFY] += 1
            elif dealer > player:
                self.tally[LOSE] += 1
            elif dealer == player:
                self.tally[PUSH] += 1
            else:
                self.tally[WIN + klass] += 1

    def run(self, int64_t rounds):
        """Play ``rounds`` more rounds."""
        if rounds < 0:
            raise ValueError("rounds must not be negative")
        with nogil:
            self.play(rounds)
        self.rounds += rounds

    def counts(self):
        """Outcome counts so far, by slot (see the module docstring)."""
        return [self.tally[i] for i in range(N_OUTCOMES)]
