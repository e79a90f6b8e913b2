# The board kernels' sort and sweep, shared by ext/holdem.pyx and ext/holdem_seen_flops.pyx: a
# board's holdings sorted by their 7-card strength (dense 0..7461) in two counting passes (LSD radix,
# the low 7 bits then the high 6), then swept in groups of equal strength, keeping per card the
# holdings already passed that hold it.
from libc.stdint cimport uint8_t, uint16_t, int32_t
from libc.string cimport memset

ctypedef fused running:
    # a running count per card: 32 bits in the board kernel's records, 16 where a kernel's vector
    # loops read them beside 16-bit strengths
    int32_t
    uint16_t


cdef inline void sort_by_strength(const uint16_t* strength, int n, int32_t* order, int32_t* scratch,
                                  int32_t* low, int32_t* high) noexcept nogil:
    """``order``: the indices 0..n-1 by increasing ``strength`` (stable); ``scratch`` holds n, ``low``
    129 and ``high`` 66 counts."""
    cdef int k, i, s
    memset(low, 0, 129 * sizeof(int32_t))
    memset(high, 0, 66 * sizeof(int32_t))
    for k in range(n):
        low[(strength[k] & 127) + 1] += 1
        high[(strength[k] >> 7) + 1] += 1
    for s in range(128):
        low[s + 1] += low[s]
    for s in range(64):
        high[s + 1] += high[s]
    for k in range(n):
        scratch[low[strength[k] & 127]] = k
        low[strength[k] & 127] += 1
    for i in range(n):
        k = scratch[i]
        order[high[strength[k] >> 7]] = k
        high[strength[k] >> 7] += 1


cdef inline void pass_group(const int32_t* order, int k, int e, const uint8_t* first, const uint8_t* second,
                            running* done, running* group) noexcept nogil:
    """The strength group order[k..e) passed: each card's holdings in it (``group``) join those passed
    (``done``), and the group's counts are cleared for the next."""
    cdef int i, a, b
    for i in range(k, e):
        a = first[order[i]]
        b = second[order[i]]
        done[a] += group[a]
        group[a] = 0
        done[b] += group[b]
        group[b] = 0
