# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Staged paytable games without a dealer hand (Mississippi Stud, Let It Ride): the optimal
decision at every stage by backward induction over every seen set, then a forward count of the
deals.  No paytable here: the caller gives each five-card strength's class and each class's net
per unit in action as an integer numerator over one common denominator.

A stage is a decision taken with ``seen`` cards known (the player's and the community cards turned
so far); each of its options adds a whole number of units to the wager in action (a raise, or a
negative number: a bet pulled back) or folds (every unit in action is lost).  The final hand is
five cards.  Deals are the cards drawn from a deck (52 cards, or fewer for brute-force tests)
beside ``base`` cards already known; which drawn cards are the player's and which are community
cards changes nothing (the final hand holds them all), so a stage's situations are the subsets of
the deck of its size, indexed by the combinatorial number system (colex: sum of C(position, j + 1)).

Why it is exact and fast:
- values are integers: the value at a stage is a numerator over L x (the draws that follow), so
  averaging over the next cards is a sum, and every comparison is of integers (exact ties are
  broken by the tie-break, never by rounding);
- the last stage counts its completions once per seen set by class (the only five-card
  evaluations), and every stage is a gather over the next stage's sets: each set writes only its
  own entries, so the sets of a stage are shared among the cores.
"""
from libc.stdint cimport uint8_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset, memcpy
from cython.parallel cimport prange
cimport openmp

from oddscalc._native.cards cimport N_CARDS, mark_cards, next_colex, next_combination
from oddscalc._native.eval5 cimport strength5, N_STRENGTHS
from oddscalc._native.induction cimport MAX_OPTIONS, MAX_UNITS, Options, decide, option_values, read_options
from oddscalc._native.colex cimport BINOM, complement, one_more, rank_of, rank_union, unrank

cdef enum:
    HAND = 5               # cards of the final hand
    MAX_STAGES = 5         # a stage sees at least one more card than the one before, and fewer than five
    MAX_CLASSES = 64
    CHUNK = 1024           # sets a core takes at a time
    PARALLEL_SETS = 16384  # fewer sets than this are one core's: waking the others costs more (a decide)


cdef struct Stage:
    int k                  # cards drawn from the deck when the decision is taken
    int g                  # cards drawn after it, before the next stage (or the final hand)
    int64_t sets           # C(n, k)
    int64_t ahead          # C(n - k, g): the draws that follow one set
    int64_t deals          # the deals that follow one set: the product of ahead from here on
    int64_t denom          # values are numerators over L x deals
    Options opt            # its options, and the units in action before and after them
    int fixed              # -1: the optimal option; else this option at every set
    int given              # 1: choice holds the caller's option per (set, units) (a strategy's table)
    int64_t* value         # per (set, units - lo): the value of the best option
    uint8_t* choice        # per (set, units - lo): the option taken
    int64_t* reach         # per (set, units - lo): chains of draws that reach it with those units


cdef inline int threads_for(int64_t sets) noexcept nogil:
    return openmp.omp_get_max_threads() if sets >= PARALLEL_SETS else 1


cdef class StagedSolution:
    """The optimal (or fixed) decisions of every stage and the deals counted under them."""
    cdef readonly int n                    # cards in the deck
    cdef readonly int n_stages
    cdef readonly int n_classes
    cdef readonly int64_t total            # deals: the sets of the first stage x the deals that follow one
    cdef readonly int64_t scale            # L, the common denominator of the nets
    cdef int n_base
    cdef int wager_more
    cdef uint8_t deck[N_CARDS]
    cdef uint8_t base[HAND]
    cdef int position[N_CARDS]             # card code -> position in the deck, or -1
    cdef uint8_t class_of[N_STRENGTHS]
    cdef int64_t nets[MAX_CLASSES]
    cdef Stage stages[MAX_STAGES]
    cdef int final_lo, final_hi
    cdef uint8_t* final_class              # per final set of drawn cards: the class of the hand
    cdef int32_t* counts                   # per last-stage set: its completions by class
    cdef int64_t* outcome                  # per (class, final units): deals
    cdef int64_t fold_deals[MAX_STAGES][MAX_UNITS + 1]
    cdef int64_t action_deals[MAX_STAGES][MAX_OPTIONS]

    def __cinit__(self):
        cdef int i
        self.final_class = NULL
        self.counts = NULL
        self.outcome = NULL
        for i in range(MAX_STAGES):
            self.stages[i].value = NULL
            self.stages[i].choice = NULL
            self.stages[i].reach = NULL

    def __dealloc__(self):
        cdef int i
        free(self.final_class)
        free(self.counts)
        free(self.outcome)
        for i in range(MAX_STAGES):
            free(self.stages[i].value)
            free(self.stages[i].choice)
            free(self.stages[i].reach)

    # --- the passes ---------------------------------------------------------------------------

    cdef void class_chunk(self, int64_t first, int64_t last) noexcept nogil:
        """The class of the final hands first..last-1: the base cards and a set of drawn cards."""
        cdef int kf = HAND - self.n_base
        cdef int idx[HAND]
        cdef int cards[HAND]
        cdef int j
        cdef int64_t r
        unrank(first, kf, self.n, idx)
        for j in range(self.n_base):
            cards[j] = self.base[j]
        for r in range(first, last):
            for j in range(kf):
                cards[self.n_base + j] = self.deck[idx[j]]
            self.final_class[r] = self.class_of[strength5(cards[0], cards[1], cards[2], cards[3], cards[4])]
            next_colex(idx, kf)

    cdef void count_chunk(self, int64_t first, int64_t last) noexcept nogil:
        """The completions of the last stage's sets first..last-1, by class (a gather over the
        final hands each of them is part of)."""
        cdef Stage* st = &self.stages[self.n_stages - 1]
        cdef int idx[HAND]
        cdef int rest[N_CARDS + HAND]
        cdef int pick[HAND]
        cdef int64_t ranks[N_CARDS]
        cdef int m, t
        cdef int64_t r
        cdef int32_t* row
        unrank(first, st.k, self.n, idx)
        for r in range(first, last):
            row = self.counts + r * self.n_classes
            if st.g == 1:
                m = one_more(idx, st.k, self.n, ranks)
                for t in range(m):
                    row[self.final_class[ranks[t]]] += 1
                next_colex(idx, st.k)
                continue
            m = complement(idx, st.k, self.n, rest)
            for t in range(st.g):
                pick[t] = t
            while True:
                for t in range(st.g):
                    rest[m + t] = rest[pick[t]]     # the drawn positions, ascending, after the complement
                row[self.final_class[rank_union(idx, st.k, rest + m, st.g)]] += 1
                if next_combination(pick, st.g, m) < 0:
                    break
            next_colex(idx, st.k)

    cdef void continuation(self, int i, const int* idx, int* rest, int* pick, int64_t* out) noexcept nogil:
        """out[u - next_lo]: the sum, over the draws that follow set idx of stage i, of the next
        stage's value with u units in action (at the last stage: u x the completions' nets)."""
        cdef Stage* st = &self.stages[i]
        cdef Stage* nx
        cdef int width = st.opt.next_hi - st.opt.next_lo + 1
        cdef int m, t, c, u
        cdef int64_t e = 0, r
        cdef int64_t ranks[N_CARDS]
        cdef int32_t* row
        cdef int64_t* values
        if i == self.n_stages - 1:
            row = self.counts + rank_of(idx, st.k) * self.n_classes
            for c in range(self.n_classes):
                e += row[c] * self.nets[c]
            for u in range(width):
                out[u] = (st.opt.next_lo + u) * e
            return
        nx = &self.stages[i + 1]
        for u in range(width):
            out[u] = 0
        if st.g == 1:
            m = one_more(idx, st.k, self.n, ranks)
            for t in range(m):
                values = nx.value + ranks[t] * (nx.opt.hi - nx.opt.lo + 1) + st.opt.next_lo - nx.opt.lo
                for u in range(width):
                    out[u] += values[u]
            return
        m = complement(idx, st.k, self.n, rest)
        for t in range(st.g):
            pick[t] = t
        while True:
            for t in range(st.g):
                rest[m + t] = rest[pick[t]]     # the drawn positions, ascending, after the complement
            r = rank_union(idx, st.k, rest + m, st.g)
            values = nx.value + r * (nx.opt.hi - nx.opt.lo + 1)
            for u in range(width):
                out[u] += values[st.opt.next_lo + u - nx.opt.lo]
            if next_combination(pick, st.g, m) < 0:
                break

    cdef void decide_chunk(self, int i, int64_t first, int64_t last) noexcept nogil:
        cdef Stage* st = &self.stages[i]
        cdef int idx[HAND]
        cdef int rest[N_CARDS + HAND]
        cdef int pick[HAND]
        cdef int64_t after[MAX_UNITS + 1]
        cdef int u, width = st.opt.hi - st.opt.lo + 1
        cdef int64_t r
        unrank(first, st.k, self.n, idx)
        for r in range(first, last):
            self.continuation(i, idx, rest, pick, after)
            for u in range(width):
                st.choice[r * width + u] = decide(&st.opt, after, st.opt.lo + u, st.denom,
                                                  st.choice[r * width + u] if st.given else st.fixed,
                                                  self.wager_more, &st.value[r * width + u])
            next_colex(idx, st.k)

    cdef void reach_chunk(self, int i, int64_t first, int64_t last) noexcept nogil:
        """The chains of draws reaching stage i's sets first..last-1, by units in action: a gather
        over the sets of stage i - 1 each of them holds."""
        cdef Stage* st = &self.stages[i]
        cdef Stage* pv = &self.stages[i - 1]
        cdef int idx[HAND]
        cdef int keep[HAND]
        cdef int drop[HAND]
        cdef int j, t, q, u, o, changed, width = st.opt.hi - st.opt.lo + 1, pwidth = pv.opt.hi - pv.opt.lo + 1
        cdef int64_t r, s, count
        cdef int64_t* here
        unrank(first, st.k, self.n, idx)
        for r in range(first, last):
            here = st.reach + r * width
            for t in range(pv.g):
                drop[t] = t
            changed = 0
            while changed >= 0:
                q = 0
                t = 0
                for j in range(st.k):
                    if t < pv.g and drop[t] == j:
                        t += 1
                    else:
                        keep[q] = idx[j]
                        q += 1
                s = rank_of(keep, pv.k)
                for u in range(pwidth):
                    count = pv.reach[s * pwidth + u]
                    if count:
                        o = pv.choice[s * pwidth + u]
                        if not pv.opt.fold[o]:
                            here[pv.opt.lo + u + pv.opt.delta[o] - st.opt.lo] += count
                changed = next_combination(drop, pv.g, st.k)
            next_colex(idx, st.k)

    cdef int run(self) except -1:
        cdef int i, u, o, c, width
        cdef Stage* st
        cdef int64_t chunks, ch, r, count, deals
        cdef int32_t* row
        cdef Stage* last = &self.stages[self.n_stages - 1]
        cdef int64_t finals = BINOM[self.n][HAND - self.n_base]
        self.final_class = <uint8_t*>malloc(finals)
        if self.final_class == NULL:
            raise MemoryError()
        chunks = (finals + CHUNK - 1) // CHUNK
        for ch in prange(chunks, nogil=True, schedule="dynamic", num_threads=threads_for(finals)):
            self.class_chunk(ch * CHUNK, min((ch + 1) * CHUNK, finals))
        self.counts = <int32_t*>calloc(last.sets * self.n_classes, sizeof(int32_t))
        if self.counts == NULL:
            raise MemoryError()
        chunks = (last.sets + CHUNK - 1) // CHUNK
        for ch in prange(chunks, nogil=True, schedule="dynamic", num_threads=threads_for(last.sets)):
            self.count_chunk(ch * CHUNK, min((ch + 1) * CHUNK, last.sets))
        for i in range(self.n_stages - 1, -1, -1):
            st = &self.stages[i]
            chunks = (st.sets + CHUNK - 1) // CHUNK
            for ch in prange(chunks, nogil=True, schedule="dynamic", num_threads=threads_for(st.sets)):
                self.decide_chunk(i, ch * CHUNK, min((ch + 1) * CHUNK, st.sets))
        st = &self.stages[0]
        for r in range(st.sets):
            st.reach[r] = 1              # one units value on reaching the first stage: the initial units
        for i in range(1, self.n_stages):
            st = &self.stages[i]
            chunks = (st.sets + CHUNK - 1) // CHUNK
            for ch in prange(chunks, nogil=True, schedule="dynamic", num_threads=threads_for(st.sets)):
                self.reach_chunk(i, ch * CHUNK, min((ch + 1) * CHUNK, st.sets))
        width = self.final_hi + 1
        self.outcome = <int64_t*>calloc(self.n_classes * width, sizeof(int64_t))
        if self.outcome == NULL:
            raise MemoryError()
        with nogil:
            for i in range(self.n_stages):
                st = &self.stages[i]
                deals = st.deals
                for r in range(st.sets * (st.opt.hi - st.opt.lo + 1)):
                    count = st.reach[r]
                    if not count:
                        continue
                    o = st.choice[r]
                    u = st.opt.lo + r % (st.opt.hi - st.opt.lo + 1)
                    self.action_deals[i][o] += count * deals
                    if st.opt.fold[o]:
                        self.fold_deals[i][u] += count * deals
                    elif i == self.n_stages - 1:
                        row = self.counts + (r // (st.opt.hi - st.opt.lo + 1)) * self.n_classes
                        for c in range(self.n_classes):
                            self.outcome[c * width + u + st.opt.delta[o]] += count * row[c]
        return 0

    # --- what Python reads ----------------------------------------------------------------------

    cdef int64_t set_of(self, int i, cards) except -1:
        """The index at stage i of the set of drawn cards ``cards``."""
        cdef int idx[HAND]
        cdef int j, k, p, t, card
        if not 0 <= i < self.n_stages:
            raise ValueError(f"stage {i} is not 0..{self.n_stages - 1}")
        k = self.stages[i].k
        if len(cards) != k:
            raise ValueError(f"stage {i} has {k} cards drawn from the deck, got {len(cards)}")
        for j in range(k):
            card = cards[j]
            if not 0 <= card < N_CARDS or self.position[card] < 0:
                raise ValueError(f"card code {card} is not in the deck")
            idx[j] = self.position[card]
        for j in range(1, k):          # insertion sort of at most four positions
            p = idx[j]
            t = j - 1
            while t >= 0 and idx[t] > p:
                idx[t + 1] = idx[t]
                t -= 1
            idx[t + 1] = p
        for j in range(1, k):
            if idx[j] == idx[j - 1]:
                raise ValueError("a card is given twice")
        return rank_of(idx, k)

    cdef int check_units(self, int i, int units) except -1:
        cdef const Options* opt = &self.stages[i].opt
        if not opt.lo <= units <= opt.hi:
            raise ValueError(f"stage {i} is reached with {opt.lo} to {opt.hi} units in action")
        return 0

    def units(self, int i):
        """(lowest, highest) units in action on reaching stage i (len(stages): after the last)."""
        if i == self.n_stages:
            return self.final_lo, self.final_hi
        if not 0 <= i < self.n_stages:
            raise ValueError(f"stage {i} is not 0..{self.n_stages}")
        return self.stages[i].opt.lo, self.stages[i].opt.hi

    def denominator(self, int i):
        """The denominator of stage i's values: L x the deals that follow one of its sets."""
        if not 0 <= i < self.n_stages:
            raise ValueError(f"stage {i} is not 0..{self.n_stages - 1}")
        return self.stages[i].denom

    def values(self, int i, cards, int units):
        """Every option's value at stage i for the drawn cards ``cards`` with ``units`` in action:
        the expected net of the whole wager in action (units, not per unit), each a numerator over
        ``denominator(i)``, the later stages played as solved."""
        cdef int idx[HAND]
        cdef int rest[N_CARDS + HAND]
        cdef int pick[HAND]
        cdef int64_t after[MAX_UNITS + 1]
        cdef int64_t out[MAX_OPTIONS]
        cdef int64_t r = self.set_of(i, cards)
        self.check_units(i, units)
        unrank(r, self.stages[i].k, self.n, idx)
        self.continuation(i, idx, rest, pick, after)
        option_values(&self.stages[i].opt, after, units, self.stages[i].denom, out)
        return [out[o] for o in range(self.stages[i].opt.n_options)]

    def choice(self, int i, cards, int units):
        """The option taken at stage i for the drawn cards ``cards`` with ``units`` in action."""
        cdef int64_t r = self.set_of(i, cards)
        self.check_units(i, units)
        cdef const Options* opt = &self.stages[i].opt
        return self.stages[i].choice[r * (opt.hi - opt.lo + 1) + units - opt.lo]

    def choices(self, int i):
        """Stage i's options taken, one byte per (set in colex order, units - lowest units)."""
        cdef Stage* st
        if not 0 <= i < self.n_stages:
            raise ValueError(f"stage {i} is not 0..{self.n_stages - 1}")
        st = &self.stages[i]
        return bytes((<char*>st.choice)[:st.sets * (st.opt.hi - st.opt.lo + 1)])

    def reaches(self, i):
        """Stage i's chains of draws reaching each (set in colex order, units - lowest units), as
        native 64-bit integers (``memoryview(...).cast("q")``); a set's deals are its chains times
        the deals that follow one set."""
        cdef Stage* st
        if not 0 <= i < self.n_stages:
            raise ValueError(f"stage {i} is not 0..{self.n_stages - 1}")
        st = &self.stages[i]
        return bytes((<char*>st.reach)[:st.sets * (st.opt.hi - st.opt.lo + 1) * sizeof(int64_t)])

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


cdef int take_table(Stage* st, int i, table) except -1:
    """Load a strategy's options for stage i, one byte per (set, units - lowest units), into the
    stage's choices (the backward pass then values them instead of choosing)."""
    cdef const uint8_t[:] options = table
    cdef int64_t size = st.sets * (st.opt.hi - st.opt.lo + 1), r
    if options.shape[0] != size:
        raise ValueError(f"stage {i}: a strategy's table has one option per set and units ({size}), "
                         f"got {options.shape[0]}")
    for r in range(size):
        if options[r] >= st.opt.n_options:
            raise ValueError(f"stage {i}: option {options[r]} is not below {st.opt.n_options}")
    if size:
        memcpy(st.choice, &options[0], size)
    st.given = 1
    return 0


def solve(deck, base, seen, deltas, folds, int initial_units, class_map, nets, int scale, bint wager_more,
          fixed=None, tables=None):
    """Solve a staged game over every deal of ``deck`` (card codes) beside the known ``base``
    cards: ``seen[i]`` cards are known at stage i (base included, increasing, below five),
    ``deltas[i][o]`` the units option o adds and ``folds[i][o]`` whether it folds,
    ``initial_units`` in action at the first stage; ``class_map`` (7462 bytes) the class of each
    five-card strength and ``nets[c]`` class c's net per unit in action times ``scale`` (the
    caller checks that no value overflows 64 bits); on equal values the option that wagers more
    (``wager_more``) or less; ``fixed[i]`` (-1: the optimal one) an option taken at every set of
    stage i; ``tables[i]`` (None: as ``fixed``) the option at every (set, units) of stage i, one
    byte each, laid out as :meth:`StagedSolution.choices` returns them."""
    cdef StagedSolution out = StagedSolution()
    cdef uint8_t used[N_CARDS]
    cdef int i, n, n_stages = len(seen), k_prev = -1, lo, hi, drawn, width
    cdef int64_t deals
    cdef Stage* st
    memset(used, 0, N_CARDS)
    mark_cards(base, used)
    mark_cards(deck, used)
    n = len(deck)
    out.n = n
    out.n_base = len(base)
    if out.n_base >= HAND:
        raise ValueError("fewer than five cards are known before the last decision")
    if not 1 <= n_stages <= MAX_STAGES or len(deltas) != n_stages or len(folds) != n_stages or \
            (fixed is not None and len(fixed) != n_stages) or (tables is not None and len(tables) != n_stages):
        raise ValueError(f"1 to {MAX_STAGES} stages, each with its deltas and fold flags (and fixed option)")
    if len(class_map) != N_STRENGTHS:
        raise ValueError(f"the class map has one class per strength ({N_STRENGTHS})")
    if not 1 <= len(nets) <= MAX_CLASSES:
        raise ValueError(f"1 to {MAX_CLASSES} classes")
    if scale < 1:
        raise ValueError("the nets' denominator is positive")
    out.n_classes = len(nets)
    out.scale = scale
    out.wager_more = wager_more
    for i in range(out.n_classes):
        out.nets[i] = nets[i]
    for i in range(N_STRENGTHS):
        if class_map[i] >= out.n_classes:
            raise ValueError(f"strength {i} has class {class_map[i]}, not below {out.n_classes}")
        out.class_of[i] = class_map[i]
    for i in range(N_CARDS):
        out.position[i] = -1
    for i in range(out.n_base):
        out.base[i] = base[i]
    # positions follow the deck's order: sort it so a set's positions and its cards ascend together
    sorted_deck = sorted(deck)
    for i in range(n):
        out.deck[i] = sorted_deck[i]
        out.position[sorted_deck[i]] = i
    if not 1 <= initial_units <= MAX_UNITS:
        raise ValueError(f"the initial units are 1 to {MAX_UNITS}")
    lo = hi = initial_units
    out.n_stages = n_stages
    for i in range(n_stages):
        st = &out.stages[i]
        drawn = seen[i] - out.n_base
        if drawn <= k_prev or drawn < 0 or seen[i] >= HAND:
            raise ValueError("each stage sees more cards than the one before, the first at least the base, "
                             "all fewer than five")
        if drawn > n:
            raise ValueError(f"stage {i} draws {drawn} cards from a deck of {n}")
        k_prev = drawn
        st.k = drawn
        st.sets = BINOM[n][drawn]
        read_options(&st.opt, i, deltas[i], folds[i], lo, hi)
        st.fixed = -1 if fixed is None else fixed[i]
        st.given = 0
        if not -1 <= st.fixed < st.opt.n_options:
            raise ValueError(f"stage {i}: a fixed option is -1 or an option's index")
        lo, hi = st.opt.next_lo, st.opt.next_hi
    out.final_lo, out.final_hi = lo, hi
    for i in range(n_stages):
        st = &out.stages[i]
        st.g = (out.stages[i + 1].k if i + 1 < n_stages else HAND - out.n_base) - st.k
        if st.g > n - st.k:
            raise ValueError(f"stage {i}: the deck has too few cards left to draw {st.g}")
        st.ahead = BINOM[n - st.k][st.g]
    deals = 1
    for i in range(n_stages - 1, -1, -1):
        st = &out.stages[i]
        deals *= st.ahead
        st.deals = deals
        st.denom = deals * scale
        width = st.opt.hi - st.opt.lo + 1
        st.value = <int64_t*>malloc(st.sets * width * sizeof(int64_t))
        st.choice = <uint8_t*>malloc(st.sets * width)
        st.reach = <int64_t*>calloc(st.sets * width, sizeof(int64_t))
        if st.value == NULL or st.choice == NULL or st.reach == NULL:
            raise MemoryError()
        if tables is not None and tables[i] is not None:
            take_table(st, i, tables[i])
    out.total = out.stages[0].sets * out.stages[0].deals
    memset(out.fold_deals, 0, sizeof(out.fold_deals))
    memset(out.action_deals, 0, sizeof(out.action_deals))
    out.run()
    return out
