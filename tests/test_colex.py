"""The binomial table every counting kernel ranks card sets with (ext/colex.h) is Pascal's
triangle: each entry against math.comb."""
from math import comb

from oddscalc._native.colex import binomials


def test_every_entry_is_the_binomial_coefficient():
    table = binomials()
    assert len(table) == 53 and all(len(row) == 6 for row in table)
    assert all(table[n][k] == comb(n, k) for n in range(53) for k in range(6))
