# Five-card poker strength: dense 0..7461, higher is stronger.
from libc.stdint cimport uint8_t, uint16_t

cdef enum:
    N_STRENGTHS = 7462
    N_CATEGORIES = 10   # high card .. straight flush, royal flush

cdef uint16_t strength5(int a, int b, int c, int d, int e) noexcept nogil
cdef uint16_t strength6(const uint8_t* cards) noexcept nogil
cdef uint16_t strength7(const uint8_t* cards) noexcept nogil
cdef void strengths7_with(const uint8_t* six, const uint8_t* cards, int n, uint16_t* out) noexcept nogil
cdef uint16_t strength_best(const uint8_t* cards, int n) noexcept nogil
cdef int category_of(uint16_t strength) noexcept nogil
