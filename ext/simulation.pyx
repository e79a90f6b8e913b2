# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The part every seeded simulator shares: a random stream seeded once, the deck it shuffles, and
playing rounds without the GIL.  A game's simulator (ext/simulate.pyx, ext/simulate3.pyx) derives
from it and deals and settles its rounds in ``play``; its counts start at zero (a new object's
memory is zeroed)."""
from libc.stdint cimport int64_t, uint64_t

from oddscalc._native.rng cimport seed_rng


cdef class Simulation:

    def __cinit__(self, uint64_t seed, *args, **kwargs):
        cdef int i
        seed_rng(&self.rng, seed)
        for i in range(52):
            self.deck[i] = i

    cdef void play(self, int64_t rounds) noexcept nogil:
        pass

    def run(self, int64_t rounds):
        """Play ``rounds`` more rounds."""
        if rounds < 0:
            raise ValueError("rounds must not be negative")
        with nogil:
            self.play(rounds)
        self.rounds += rounds
