# Holdings sorted by their 7-card strength (dense 0..7461) in two counting passes (LSD radix, the low
# 7 bits then the high 6): the board kernels' one sort, shared by ext/holdem.pyx and
# ext/holdem_seen_flops.pyx, which sweep the sorted holdings in groups of equal strength.
from libc.stdint cimport uint16_t, int32_t
from libc.string cimport memset


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
