# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A staged paytable game (Mississippi Stud, Let It Ride) whose first community cards are sorted:
the player sees, from the deal, whether each of the first K community cards is in a set of ranks
(their backs tell, edge sorting), or which of up to four classes of ranks it is in (a hole-carder's
read: an ace, a picture, another card), and sees each card whole once it is turned.  The optimal decision
of every stage by backward induction over what is seen, then a forward count of the deals.

The shape is the staged games': the player holds ``p`` cards, and stage i is decided with p + i
cards seen (one community card turned a stage), the last one card short of the five-card hand.  A
situation at stage i is the set S of seen cards (which are the player's does not matter: the final
hand holds them all) and the classes of the next ``j`` community cards still face down,
j = max(0, K - i): index ``colex(S) << (j x b) | bits``, bits b r .. b r + b - 1 the class of the
r-th card to come (b = 1 for a set: in it or not; 2 for three or four classes).

Why it is exact with plain sums: the completions of a situation are the ordered draws of the cards
to come consistent with the classes seen; their number ``D`` depends only on how many seen cards
are in each class and on the bits, and every next situation reached by drawing the next card (of the
class its bit says) has the same number of completions.  So a situation's value is a numerator
over scale x D, the sum of the next situations' numerators, and comparisons are of integers.
"""
from libc.stdint cimport uint8_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, mark_cards, next_colex
from oddscalc._native.eval5 cimport strength5, N_STRENGTHS
from oddscalc._native.induction cimport MAX_OPTIONS, MAX_UNITS, Options, decide, read_options
from oddscalc._native.colex cimport BINOM, one_more_in

cdef enum:
    HAND = 5               # cards of the final hand
    MAX_STAGES = 4         # the player holds one card at least: four community cards at most
    MAX_CLASSES = 64
    ANY = -1               # a card to come whose class is not seen
    MAX_READS = 4          # classes a face-down card may be read as (two bits of a situation's index)


cdef struct Stage:
    int k                  # cards seen whole (drawn from the deck)
    int j                  # community cards to come whose class is seen
    int shift              # the bits of their classes in a situation's index: j x bits per class
    int64_t sets           # C(n, k)
    int64_t states         # sets << j
    Options opt            # its options, and the units in action before and after them
    int64_t* value         # per (state, units - lo): the best option's value, over scale x D
    uint8_t* choice        # per (state, units - lo): the option taken
    int64_t* reach         # per (state, units - lo): chains of draws reaching it with those units


cdef class SortedSolution:
    """The optimal decisions of every stage with the sorted cards' classes seen, and the deals
    counted under them."""
    cdef readonly int n                    # cards in the deck
    cdef readonly int n_stages
    cdef readonly int n_classes
    cdef readonly int sorted_cards         # K
    cdef readonly int64_t total            # ordered deals of the deck
    cdef readonly int64_t scale
    cdef int wager_more
    cdef int n_reads                       # the classes a card is read as (2: in the set or not)
    cdef int read_bits                     # bits of one card's class in a situation's index
    cdef int in_class[MAX_READS]           # cards of the deck in each class
    cdef uint8_t deck[N_CARDS]
    cdef uint8_t read_class[N_CARDS]       # per position: the class the card is read as
    cdef uint8_t class_of[N_STRENGTHS]
    cdef int64_t nets[MAX_CLASSES]
    cdef Stage stages[MAX_STAGES]
    cdef int final_lo, final_hi
    cdef uint8_t* final_class              # per five-card set (colex): the class of the hand
    cdef int64_t* outcome                  # per (class, final units): deals
    cdef int64_t fold_deals[MAX_STAGES][MAX_UNITS + 1]
    cdef int64_t action_deals[MAX_STAGES][MAX_OPTIONS]

    def __cinit__(self):
        cdef int i
        self.final_class = NULL
        self.outcome = NULL
        for i in range(MAX_STAGES):
            self.stages[i].value = NULL
            self.stages[i].choice = NULL
            self.stages[i].reach = NULL

    def __dealloc__(self):
        cdef int i
        free(self.final_class)
        free(self.outcome)
        for i in range(MAX_STAGES):
            free(self.stages[i].value)
            free(self.stages[i].choice)
            free(self.stages[i].reach)

    cdef int64_t completions(self, const Stage* st, const int* idx, int64_t bits) noexcept nogil:
        """D: the ordered draws of the cards to come consistent with the classes seen."""
        cdef int r, t
        cdef int64_t d = 1
        cdef int64_t left[MAX_READS]
        for t in range(MAX_READS):
            left[t] = self.in_class[t]
        for t in range(st.k):
            left[self.read_class[idx[t]]] -= 1
        for r in range(HAND - st.k):
            if r < st.j:
                t = (bits >> (r * self.read_bits)) & ((1 << self.read_bits) - 1)
                if t >= self.n_reads or left[t] <= 0:
                    return 0
                d *= left[t]
                left[t] -= 1
            else:
                d *= self.n - st.k - r
        return d

    cdef int next_sets(self, const int* idx, int k, int want, int64_t* out) noexcept nogil:
        """The colex indices of the sets of one more position than idx, the added position of
        class ``want`` (or ANY); returns how many."""
        return one_more_in(idx, k, self.n, self.read_class, want, out)

    cdef void classify(self) noexcept nogil:
        cdef int idx[HAND]
        cdef int64_t r
        cdef int j
        for j in range(HAND):
            idx[j] = j
        for r in range(BINOM[self.n][HAND]):
            self.final_class[r] = self.class_of[strength5(self.deck[idx[0]], self.deck[idx[1]], self.deck[idx[2]],
                                                          self.deck[idx[3]], self.deck[idx[4]])]
            next_colex(idx, HAND)

    cdef void decide_stage(self, int i) noexcept nogil:
        cdef Stage* st = &self.stages[i]
        cdef Stage* nx = NULL
        cdef int idx[HAND]
        cdef int64_t ahead[N_CARDS]
        cdef int64_t after[MAX_UNITS + 1]
        cdef int width = st.opt.hi - st.opt.lo + 1, nwidth = 0, span = st.opt.next_hi - st.opt.next_lo + 1
        cdef int t, u, m, want
        cdef int64_t s, bits, nbits, state, d, e
        cdef int64_t* row
        if i + 1 < self.n_stages:
            nx = &self.stages[i + 1]
            nwidth = nx.opt.hi - nx.opt.lo + 1
        for t in range(st.k):
            idx[t] = t
        for s in range(st.sets):
            for bits in range(1 << st.shift):
                state = (s << st.shift) | bits
                want = <int>(bits & ((1 << self.read_bits) - 1)) if st.j > 0 else ANY
                nbits = bits >> self.read_bits if st.j > 0 else 0
                m = self.next_sets(idx, st.k, want, ahead)
                d = self.completions(st, idx, bits)
                if nx == NULL:
                    e = 0
                    for t in range(m):
                        e += self.nets[self.final_class[ahead[t]]]
                    for u in range(span):
                        after[u] = (st.opt.next_lo + u) * e
                else:
                    for u in range(span):
                        after[u] = 0
                    for t in range(m):
                        row = nx.value + ((ahead[t] << nx.shift) | nbits) * nwidth + st.opt.next_lo - nx.opt.lo
                        for u in range(span):
                            after[u] += row[u]
                for u in range(width):
                    st.choice[state * width + u] = decide(&st.opt, after, st.opt.lo + u, self.scale * d, -1,
                                                          self.wager_more, &st.value[state * width + u])
            next_colex(idx, st.k)

    cdef void count_stage(self, int i) noexcept nogil:
        """Scatter the chains reaching stage i's situations to the next stage (or the final hands),
        and count the deals of each fold and each option."""
        cdef Stage* st = &self.stages[i]
        cdef Stage* nx = NULL
        cdef int idx[HAND]
        cdef int64_t ahead[N_CARDS]
        cdef int width = st.opt.hi - st.opt.lo + 1, nwidth = 0, fwidth = self.final_hi + 1
        cdef int t, u, o, m, want, units
        cdef int64_t s, bits, nbits, state, d, count
        if i + 1 < self.n_stages:
            nx = &self.stages[i + 1]
            nwidth = nx.opt.hi - nx.opt.lo + 1
        for t in range(st.k):
            idx[t] = t
        for s in range(st.sets):
            for bits in range(1 << st.shift):
                state = (s << st.shift) | bits
                want = <int>(bits & ((1 << self.read_bits) - 1)) if st.j > 0 else ANY
                nbits = bits >> self.read_bits if st.j > 0 else 0
                m = -1
                for u in range(width):
                    count = st.reach[state * width + u]
                    if not count:
                        continue
                    o = st.choice[state * width + u]
                    d = self.completions(st, idx, bits)
                    self.action_deals[i][o] += count * d
                    if st.opt.fold[o]:
                        self.fold_deals[i][st.opt.lo + u] += count * d
                        continue
                    if m < 0:
                        m = self.next_sets(idx, st.k, want, ahead)
                    units = st.opt.lo + u + st.opt.delta[o]
                    for t in range(m):
                        if nx == NULL:
                            self.outcome[self.final_class[ahead[t]] * fwidth + units] += count
                        else:
                            nx.reach[((ahead[t] << nx.shift) | nbits) * nwidth + units - nx.opt.lo] += count
            next_colex(idx, st.k)

    cdef int run(self) except -1:
        cdef int i
        cdef int64_t s
        cdef Stage* st
        self.final_class = <uint8_t*>malloc(BINOM[self.n][HAND])
        self.outcome = <int64_t*>calloc(self.n_classes * (self.final_hi + 1), sizeof(int64_t))
        if self.final_class == NULL or self.outcome == NULL:
            raise MemoryError()
        with nogil:
            self.classify()
            for i in range(self.n_stages - 1, -1, -1):
                self.decide_stage(i)
            st = &self.stages[0]
            for s in range(st.states):
                st.reach[s] = 1      # one chain per situation at the first stage, with the initial units
            for i in range(self.n_stages):
                self.count_stage(i)
        return 0

    # --- what Python reads ----------------------------------------------------------------------

    def outcomes(self):
        """Deals that reach the final hand, as (class, units in action, deals), every non-zero one."""
        cdef int c, u, width = self.final_hi + 1
        return [(c, u, self.outcome[c * width + u]) for c in range(self.n_classes)
                for u in range(self.final_lo, self.final_hi + 1) if self.outcome[c * width + u]]

    def folds(self):
        """Deals that fold, as (stage, units lost, deals), every non-zero one."""
        cdef int i, u
        return [(i, u, self.fold_deals[i][u]) for i in range(self.n_stages) for u in range(MAX_UNITS + 1)
                if self.fold_deals[i][u]]

    def actions(self):
        """Deals that take each option of each stage (a list per stage)."""
        cdef int i, o
        return [[self.action_deals[i][o] for o in range(self.stages[i].opt.n_options)] for i in range(self.n_stages)]

    def value(self):
        """The first stage's values summed over its situations: the total net over every deal
        times ``scale`` (it must equal the outcomes' and folds' sum: the tests check it)."""
        cdef Stage* st = &self.stages[0]
        cdef int64_t s, out = 0
        for s in range(st.states):
            out += st.value[s]
        return out


def solve(deck, reads, int player_cards, int sorted_cards, deltas, folds, int initial_units, class_map, nets,
          int scale, bint wager_more):
    """Solve a staged game over every ordered deal of ``deck`` (card codes) when the classes of the
    first ``sorted_cards`` community cards are seen from the deal (``reads``: the class each card
    code is read as, 52 of them, 0 to 3; a set is two classes: in it or not): ``player_cards`` are
    dealt to the player, stage i is decided with player_cards + i cards seen
    (``len(deltas) == 5 - player_cards`` stages), ``deltas[i][o]`` the units option o adds,
    ``folds[i][o]`` whether it folds; ``class_map`` (7462 bytes) the class of each five-card
    strength and ``nets[c]`` class c's net per unit in action times ``scale`` (the caller checks
    that no value overflows 64 bits); on equal values the option that wagers more (``wager_more``)
    or less."""
    cdef SortedSolution out = SortedSolution()
    cdef uint8_t used[N_CARDS]
    cdef int i, n, lo, hi, width
    cdef Stage* st
    memset(used, 0, N_CARDS)
    mark_cards(deck, used)
    reads = list(reads)
    if len(reads) != N_CARDS or any(not 0 <= r < MAX_READS for r in reads):
        raise ValueError(f"reads: a class 0..{MAX_READS - 1} per card code")
    n = len(deck)
    if not 1 <= player_cards < HAND:
        raise ValueError("the player holds 1 to 4 cards")
    out.n_stages = HAND - player_cards
    if len(deltas) != out.n_stages or len(folds) != out.n_stages:
        raise ValueError(f"{out.n_stages} stages (one a community card), each with its deltas and fold flags")
    if not 0 <= sorted_cards <= out.n_stages:
        raise ValueError(f"0 to {out.n_stages} community cards are sorted")
    if n < HAND:
        raise ValueError("the deck holds five cards at least")
    if len(class_map) != N_STRENGTHS:
        raise ValueError(f"the class map has one class per strength ({N_STRENGTHS})")
    if not 1 <= len(nets) <= MAX_CLASSES:
        raise ValueError(f"1 to {MAX_CLASSES} classes")
    if scale < 1:
        raise ValueError("the nets' denominator is positive")
    out.n = n
    out.sorted_cards = sorted_cards
    out.n_classes = len(nets)
    out.scale = scale
    out.wager_more = wager_more
    for i in range(out.n_classes):
        out.nets[i] = nets[i]
    for i in range(N_STRENGTHS):
        if class_map[i] >= out.n_classes:
            raise ValueError(f"strength {i} has class {class_map[i]}, not below {out.n_classes}")
        out.class_of[i] = class_map[i]
    sorted_deck = sorted(deck)
    out.n_reads = max(2, max(reads) + 1)
    out.read_bits = 1 if out.n_reads == 2 else 2
    memset(out.in_class, 0, sizeof(out.in_class))
    for i in range(n):
        out.deck[i] = sorted_deck[i]
        out.read_class[i] = reads[sorted_deck[i]]
        out.in_class[out.read_class[i]] += 1
    if not 1 <= initial_units <= MAX_UNITS:
        raise ValueError(f"the initial units are 1 to {MAX_UNITS}")
    lo = hi = initial_units
    for i in range(out.n_stages):
        st = &out.stages[i]
        st.k = player_cards + i
        st.j = max(0, sorted_cards - i)
        st.shift = st.j * out.read_bits
        st.sets = BINOM[n][st.k]
        st.states = st.sets << st.shift
        read_options(&st.opt, i, deltas[i], folds[i], lo, hi)
        lo, hi = st.opt.next_lo, st.opt.next_hi
        width = st.opt.hi - st.opt.lo + 1
        st.value = <int64_t*>malloc(st.states * width * sizeof(int64_t))
        st.choice = <uint8_t*>malloc(st.states * width)
        st.reach = <int64_t*>calloc(st.states * width, sizeof(int64_t))
        if st.value == NULL or st.choice == NULL or st.reach == NULL:
            raise MemoryError()
    out.final_lo, out.final_hi = lo, hi
    out.total = BINOM[n][player_cards]
    for i in range(HAND - player_cards):
        out.total *= n - player_cards - i
    memset(out.fold_deals, 0, sizeof(out.fold_deals))
    memset(out.action_deals, 0, sizeof(out.action_deals))
    out.run()
    return out
