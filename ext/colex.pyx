# cython: language_level=3, boundscheck=False, wraparound=False
"""The binomial table the counting kernels share (ext/colex.h), for Python to check.

>>> binomials()[52][5]
2598960
"""


def binomials():
    """C(n, k) for n = 0..52 and k = 0..5, as the kernels see it: a list of rows."""
    return [[BINOM[n][k] for k in range(6)] for n in range(53)]
