# cython: language_level=3, boundscheck=False, wraparound=False
"""The binomial table the counting kernels share (ext/colex.h), for Python to check; and the reads of
cards sorted into rank classes, numbered as the sorted-card kernels number them.

>>> binomials()[52][5]
2598960
"""

import itertools


def binomials():
    """C(n, k) for n = 0..52 and k = 0..5, as the kernels see it: a list of rows."""
    return [[BINOM[n][k] for k in range(6)] for n in range(53)]


def class_reads(int k, int n_parts):
    """Every read of k cards sorted into n_parts rank classes (cards per class, the other ranks
    first), in the order the sorted-card kernels number them: by the code sum(v[c] * 5 ** (c - 1))
    (one-to-one for up to four cards), so with one sorted set (two parts) by the number in it.

    >>> class_reads(2, 2), class_reads(1, 3)
    ([(2, 0), (1, 1), (0, 2)], [(1, 0, 0), (0, 1, 0), (0, 0, 1)])
    """
    if k < 0 or n_parts < 1:
        raise ValueError("a read is of 0 or more cards into 1 or more classes")
    found = [v for v in itertools.product(range(k + 1), repeat=n_parts) if sum(v) == k]
    return sorted(found, key=lambda v: sum(v[c] * 5 ** (c - 1) for c in range(1, n_parts)))
