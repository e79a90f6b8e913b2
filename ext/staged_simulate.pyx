# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Seeded Monte Carlo of staged paytable games (Mississippi Stud, Let It Ride): deal five cards,
take at each stage the option a decision table gives for the cards seen and the units in action,
settle the final hand by its pay class, count.

No rule is written here: the stages (cards seen, each option's units added or fold), the units
dealt in, every decision and the pay class of every five-card strength come in from Python
(oddscalc/engines/staged/simulate.py), and the decisions are ext/staged.pyx's own solution: one
byte per (seen set in colex order, units in action - the stage's lowest), the layout of
``StagedSolution.choices(i)`` on the full deck, where a card's position is its code.

Why it is fast: one persistent deck of which each round shuffles only the five cards it deals (a
partial Fisher-Yates shuffle is uniform whatever order the deck is left in); xoshiro256** with
Lemire's unbiased bounded draws (ext/rng.pxd); the cards seen kept sorted as each is turned, so a
stage's set index is four table additions; one five-card evaluation (ext/eval5.pxd) a round that
reaches the end.

Tally: folds by (stage, units lost), final hands by (pay class, units in action); Python names
each cell with the analysis' outcome name (solve.fold_name, solve.final_name).
"""
from libc.stdint cimport uint8_t, uint64_t, int64_t

from oddscalc._native.cards cimport N_CARDS, mark_cards
from oddscalc._native.eval5 cimport strength5, N_STRENGTHS
from oddscalc._native.rng cimport deal
from oddscalc._native.colex cimport BINOM, insert_sorted
from oddscalc._native.simulation cimport Simulation

cdef enum:
    HAND = 5               # cards of the final hand
    MAX_STAGES = 5
    MAX_OPTIONS = 16
    MAX_CLASSES = 64
    MAX_UNITS = 255
    UNIT_CELLS = MAX_UNITS + 1


cdef class StagedSimulator(Simulation):
    """Rounds of a staged game under one strategy's decision tables, from one seed.

    ``seen[i]`` cards are known at stage i (increasing, at least one, below five), ``deltas[i][o]``
    the units option o adds and ``folds[i][o]`` whether it folds; ``initial_units`` are in action
    at the first stage; ``choices[i]`` (bytes) the option taken at stage i for every set of
    ``seen[i]`` cards (colex) and units in action from the stage's lowest, as
    ``StagedSolution.choices(i)`` lays them out; ``class_map`` (7462 bytes) the pay class of every
    five-card strength, each below ``n_classes``.
    """
    cdef int n_stages
    cdef int n_classes
    cdef int initial_units
    cdef int seen[MAX_STAGES]
    cdef int lo[MAX_STAGES]
    cdef int width[MAX_STAGES]
    cdef int n_options[MAX_STAGES]
    cdef int delta[MAX_STAGES][MAX_OPTIONS]
    cdef uint8_t fold[MAX_STAGES][MAX_OPTIONS]
    cdef const uint8_t* choice[MAX_STAGES]
    cdef uint8_t class_of[N_STRENGTHS]
    cdef object refs
    cdef int64_t fold_tally[MAX_STAGES * UNIT_CELLS]
    cdef int64_t final_tally[MAX_CLASSES * UNIT_CELLS]

    def __init__(self, uint64_t seed, seen, deltas, folds, int initial_units, choices, class_map, int n_classes):
        cdef int i, o, lo, hi, next_lo, next_hi, previous = 0
        cdef const uint8_t[::1] view
        n_stages = len(seen)
        if not 1 <= n_stages <= MAX_STAGES or len(deltas) != n_stages or len(folds) != n_stages \
                or len(choices) != n_stages:
            raise ValueError(f"1 to {MAX_STAGES} stages, each with its deltas, fold flags and choices")
        if not 1 <= n_classes <= MAX_CLASSES:
            raise ValueError(f"1 to {MAX_CLASSES} pay classes")
        class_map = bytes(class_map)
        if len(class_map) != N_STRENGTHS or max(class_map) >= n_classes:
            raise ValueError(f"a pay class below {n_classes} per strength ({N_STRENGTHS}) is needed")
        if not 1 <= initial_units <= MAX_UNITS:
            raise ValueError(f"the initial units are 1 to {MAX_UNITS}")
        self.n_stages = n_stages
        self.n_classes = n_classes
        self.initial_units = initial_units
        for i in range(N_STRENGTHS):
            self.class_of[i] = class_map[i]
        refs = []
        lo = hi = initial_units
        for i in range(n_stages):
            if not previous < seen[i] < HAND:
                raise ValueError("each stage sees more cards than the one before, at least one, fewer than five")
            previous = self.seen[i] = seen[i]
            self.n_options[i] = len(deltas[i])
            if not 1 <= self.n_options[i] <= MAX_OPTIONS or len(folds[i]) != self.n_options[i]:
                raise ValueError(f"stage {i}: 1 to {MAX_OPTIONS} options, each with a fold flag")
            next_lo, next_hi = MAX_UNITS + 1, -1
            for o in range(self.n_options[i]):
                self.fold[i][o] = 1 if folds[i][o] else 0
                self.delta[i][o] = 0 if self.fold[i][o] else deltas[i][o]
                if not self.fold[i][o]:
                    next_lo = min(next_lo, lo + self.delta[i][o])
                    next_hi = max(next_hi, hi + self.delta[i][o])
            if next_hi < 0:
                raise ValueError(f"stage {i}: every option folds")
            if next_lo < 1 or next_hi > MAX_UNITS:
                raise ValueError(f"stage {i}: the units in action must stay 1 to {MAX_UNITS}")
            self.lo[i], self.width[i] = lo, hi - lo + 1
            table = bytes(choices[i])
            if len(table) != BINOM[N_CARDS][seen[i]] * self.width[i]:
                raise ValueError(f"stage {i}: a choice per set of {seen[i]} cards and units {lo} to {hi} is needed "
                                 f"({BINOM[N_CARDS][seen[i]] * self.width[i]} bytes, got {len(table)})")
            if max(table) >= self.n_options[i]:
                raise ValueError(f"stage {i}: a choice is not one of its {self.n_options[i]} options")
            view = table
            self.choice[i] = &view[0]
            refs.append(table)
            lo, hi = next_lo, next_hi
        self.refs = refs          # keeps the tables the pointers read alive

    cdef void play(self, int64_t rounds) noexcept nogil:
        cdef int64_t _round, r
        cdef int i, k, o, units
        cdef bint folded
        cdef uint8_t* d = self.deck
        cdef uint8_t held[HAND]
        for _round in range(rounds):
            deal(&self.rng, d, HAND)
            units = self.initial_units
            folded = False
            k = 0
            for i in range(self.n_stages):
                r = 0
                while k < self.seen[i]:
                    r = insert_sorted(held, k, d[k])
                    k += 1
                o = self.choice[i][r * self.width[i] + units - self.lo[i]]
                if self.fold[i][o]:
                    self.fold_tally[i * UNIT_CELLS + units] += 1
                    folded = True
                    break
                units += self.delta[i][o]
            if not folded:
                self.final_tally[self.class_of[strength5(d[0], d[1], d[2], d[3], d[4])] * UNIT_CELLS + units] += 1

    def choice_of(self, int i, cards, int units):
        """The option the simulator takes at stage i with ``cards`` seen and ``units`` in action
        (for tests; the lowest units at the stage are those the table starts from)."""
        cdef uint8_t marked[N_CARDS]
        cdef uint8_t held[HAND]
        cdef int j
        cdef int64_t r = 0
        if not 0 <= i < self.n_stages:
            raise ValueError(f"stage {i} is not 0..{self.n_stages - 1}")
        if len(cards) != self.seen[i]:
            raise ValueError(f"stage {i} sees {self.seen[i]} cards, got {len(cards)}")
        if not self.lo[i] <= units < self.lo[i] + self.width[i]:
            raise ValueError(f"stage {i} is reached with {self.lo[i]} to {self.lo[i] + self.width[i] - 1} units")
        for j in range(N_CARDS):
            marked[j] = 0
        mark_cards(cards, marked)
        for j in range(self.seen[i]):
            r = insert_sorted(held, j, cards[j])
        return self.choice[i][r * self.width[i] + units - self.lo[i]]

    def folds(self):
        """Rounds folded so far, as (stage, units lost, rounds), every non-zero one."""
        cdef int i, u
        return [(i, u, self.fold_tally[i * UNIT_CELLS + u]) for i in range(self.n_stages) for u in range(UNIT_CELLS)
                if self.fold_tally[i * UNIT_CELLS + u]]

    def outcomes(self):
        """Rounds that reached the final hand so far, as (pay class, units in action, rounds), every
        non-zero one."""
        cdef int c, u
        return [(c, u, self.final_tally[c * UNIT_CELLS + u]) for c in range(self.n_classes)
                for u in range(UNIT_CELLS) if self.final_tally[c * UNIT_CELLS + u]]
