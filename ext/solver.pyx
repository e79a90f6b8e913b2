# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The solver's one-stage case: every situation of a game with one decision, decided over the
counting kernels' counts of how it can end (docs/solver.md).

A situation has a *key* (its strength, say) and the key a *class* (the pay class of the hand).  Its
counts are columns of integers, one per way the deal can end (the dealer does not qualify, the
player wins, ...), and every option's value is linear in them:

    value(option) = constant * total + sum over e of coefficient[e] * column_e

with the class's integer coefficients (each class over its own common denominator: values are only
ever compared within a situation).  ``total`` is the completions every situation has (a constant),
so a way of ending that is not a column (the rest) is in the constant.  The values are summed in
64 bits, or in 128 for a class whose coefficients could overflow them, and the choice is the
solver's one rule (choice.pxd): the highest value, equal values by the wager.  No paytable here:
the caller makes the coefficients from it.
"""
from libc.stdint cimport uint8_t, int32_t, int64_t
from libc.stdlib cimport calloc, free
from cython.parallel cimport prange, threadid
cimport openmp

from oddscalc._native.choice cimport exact, int128, best_option


cdef enum:
    MOST_OPTIONS = 16
    MOST_COLUMNS = 15        # and the constant
    PARALLEL_SITUATIONS = 65536   # fewer are one core's: waking the other costs more


cdef struct ClassOptions:
    int n                          # options the class may take
    int index[MOST_OPTIONS]        # and their indices among the stage's options
    int64_t wager[MOST_OPTIONS]
    int64_t coef[MOST_OPTIONS][MOST_COLUMNS]
    int128 constant[MOST_OPTIONS]  # the constant coefficient times the total
    bint narrow                    # every value fits in 64 bits (each count is at most the total)


cdef inline int choose(const ClassOptions* k, int n_cols, const int32_t* const* col, Py_ssize_t s,
                       bint wager_more, exact width) noexcept nogil:
    """The class's best option for situation s, each value summed in the type of ``width`` (64 or 128
    bits; its value is not read)."""
    cdef int j, e
    cdef exact values[MOST_OPTIONS]
    for j in range(k.n):
        values[j] = <exact>k.constant[j]
        for e in range(n_cols):
            values[j] += <exact>k.coef[j][e] * col[e][s]
    return k.index[best_option(k.n, values, k.wager, wager_more)]


def one_stage(const int32_t[::1] keys, const int32_t[::1] class_of, list columns, int64_t total, list coefficients,
              wagers, bint wager_more, weights=None, fixed=None, bint tally=True):
    """Decide every situation (``fixed``: take each situation's given option instead) and tally them.

    - ``keys``: a key per situation, ``class_of``: the class of every key;
    - ``columns``: the count columns (each an int32 buffer, a value per situation, none above
      ``total``);
    - ``coefficients``: per class, per option, the column coefficients then the constant (each a
      64-bit integer), or None where the class may not take the option;
    - ``wagers``: what each option wagers, for the tie-break; ``weights``: the situations each
      situation stands for (int64, default 1).

    Returns (choices, tally): the option of every situation (bytes), and per class and option the
    weighted situations that take it followed by the weighted sum of every column (Python ints;
    with ``tally`` false, an empty list: a caller that sums the classes itself)."""
    cdef Py_ssize_t s, n = keys.shape[0]
    cdef int n_cols = len(columns), n_classes = len(coefficients), n_options = len(wagers)
    cdef int c, o, e, j, threads, width = n_cols + 1, block = n_classes * n_options * (n_cols + 1)
    cdef int64_t bad_key = 0, bad_count = 0, bad_given = 0
    cdef int64_t* here
    cdef int64_t w
    cdef int128 bound
    cdef const int32_t* col[MOST_COLUMNS]
    cdef const int32_t[::1] view
    cdef const int64_t[::1] weight_view
    cdef const uint8_t[::1] fixed_view
    cdef bint weighted = weights is not None, given = fixed is not None
    cdef ClassOptions* options = NULL
    cdef ClassOptions* k
    cdef uint8_t* allowed = NULL       # [class][option]
    cdef int64_t* sums = NULL          # [class][option][situations + columns]
    cdef bytearray choices = bytearray(n)
    cdef uint8_t* out = choices
    cdef list views = []
    if not 1 <= n_options <= MOST_OPTIONS or not 0 <= n_cols <= MOST_COLUMNS or n_classes < 1 or total < 0:
        raise ValueError(f"1 to {MOST_OPTIONS} options, at most {MOST_COLUMNS} columns, a class at least")
    for e in range(n_cols):
        view = columns[e]
        if view.shape[0] != n:
            raise ValueError("a column holds a count per situation")
        views.append(view)
        col[e] = &view[0] if n else NULL
    if weighted:
        weight_view = weights
        if weight_view.shape[0] != n:
            raise ValueError("a weight per situation")
    if given:
        fixed_view = fixed
        if fixed_view.shape[0] != n:
            raise ValueError("an option per situation")
    options = <ClassOptions*>calloc(n_classes, sizeof(ClassOptions))
    allowed = <uint8_t*>calloc(n_classes * n_options, 1)
    try:
        if options == NULL or allowed == NULL:
            raise MemoryError()
        for c in range(n_classes):
            if len(coefficients[c]) != n_options:
                raise ValueError("coefficients: per class, a row per option")
            k = &options[c]
            k.narrow = True
            for o in range(n_options):
                row = coefficients[c][o]
                if row is None:
                    continue
                if len(row) != width:
                    raise ValueError("coefficients: a coefficient per column, then the constant")
                allowed[c * n_options + o] = 1
                j = k.n
                k.n += 1
                k.index[j] = o
                k.wager[j] = wagers[o]
                bound = 0
                for e in range(n_cols):
                    k.coef[j][e] = row[e]
                    bound += (<int128>(row[e]) if row[e] >= 0 else -<int128>(row[e])) * total
                k.constant[j] = <int128>(<int64_t>row[n_cols]) * total
                bound += k.constant[j] if k.constant[j] >= 0 else -k.constant[j]
                if bound >= (<int128>1) << 62:
                    k.narrow = False
            if k.n == 0:
                raise ValueError("every class may take an option")
        threads = openmp.omp_get_max_threads() if n >= PARALLEL_SITUATIONS else 1
        sums = <int64_t*>calloc(threads * block, sizeof(int64_t))       # a tally per thread, then summed
        if sums == NULL:
            raise MemoryError()
        for s in prange(n, nogil=True, num_threads=threads, schedule="static"):
            if keys[s] < 0 or keys[s] >= class_of.shape[0] or class_of[keys[s]] < 0 \
                    or class_of[keys[s]] >= n_classes:
                bad_key += 1
                continue
            c = class_of[keys[s]]
            for e in range(n_cols):
                if col[e][s] < 0 or col[e][s] > total:
                    bad_count += 1
            if given:
                o = fixed_view[s]
                if o >= n_options or not allowed[c * n_options + o]:
                    bad_given += 1
                    continue
            elif options[c].narrow:
                o = choose(&options[c], n_cols, col, s, wager_more, <int64_t>0)
            else:
                o = choose(&options[c], n_cols, col, s, wager_more, <int128>0)
            out[s] = o
            if tally:
                here = sums + threadid() * block + (c * n_options + o) * width
                w = weight_view[s] if weighted else 1
                here[0] += w
                for e in range(n_cols):
                    here[1 + e] += w * col[e][s]
        if bad_key:
            raise ValueError("a situation's key or its class is out of range")
        if bad_count:
            raise ValueError("a count is negative or above the total")
        if bad_given:
            raise ValueError("a situation's given option is not allowed to its class")
        for j in range(1, threads):
            for e in range(block):
                sums[e] += sums[j * block + e]
        summed = [[[sums[(c * n_options + o) * width + e] for e in range(width)] for o in range(n_options)]
                  for c in range(n_classes)] if tally else []
    finally:
        free(options)
        free(allowed)
        free(sums)
    return bytes(choices), summed
