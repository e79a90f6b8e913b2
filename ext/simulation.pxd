# The part every seeded simulator shares (ext/simulate.pyx, ext/simulate3.pyx): the random stream,
# the deck it shuffles, the rounds played; a game's simulator overrides play().
from libc.stdint cimport int64_t, uint8_t

from oddscalc._native.rng cimport Rng


cdef class Simulation:
    cdef Rng rng
    cdef uint8_t deck[52]
    cdef readonly int64_t rounds
    cdef void play(self, int64_t rounds) noexcept nogil
