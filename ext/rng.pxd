# Seeded random numbers for the kernels' Monte Carlo loops (inline: nothing to link).
# xoshiro256** (Blackman and Vigna) seeded through splitmix64; below(g, n) is uniform in 0..n-1
# without bias (Lemire's multiply-and-reject).  Usage: cdef Rng g; seed_rng(&g, seed); below(&g, 52).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef struct Rng:
    uint64_t s[4]


cdef inline uint64_t splitmix(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t next64(Rng* g) noexcept nogil:
    cdef uint64_t result = rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = rotl(g.s[3], 45)
    return result


cdef inline uint32_t below(Rng* g, uint32_t n) noexcept nogil:
    cdef uint64_t product = (next64(g) >> 32) * n
    cdef uint32_t low = <uint32_t>product
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(0 - n)) % n
        while low < threshold:
            product = (next64(g) >> 32) * n
            low = <uint32_t>product
    return <uint32_t>(product >> 32)


cdef inline void deal(Rng* g, uint8_t* deck, int n) noexcept nogil:
    """Put n uniformly random cards of the 52 at the front of the deck (a partial Fisher-Yates
    shuffle: the rest of the deck stays a permutation for the next deal)."""
    cdef int i, j
    cdef uint8_t t
    for i in range(n):
        j = i + <int>below(g, 52 - i)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t


cdef inline void seed_rng(Rng* g, uint64_t seed) noexcept nogil:
    cdef int i
    for i in range(4):
        g.s[i] = splitmix(&seed)
