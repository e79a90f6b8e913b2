# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hold'em against the dealer: the decisions a paytable moves, taken over the board kernel's counts.

``holdem.staged_counts`` has counted every (canonical flop, holding) of Ultimate Texas Hold'em or
Texas Hold'em Bonus, the decisions no pay can move already taken; these passes price what is left
with integer coefficients the caller made from the paytable (every pay times a common denominator):
the flop decision of every situation, the preflop values of every starting hand (summed over its
flops, for the caller's choice), and then the cells of each way the round was played, for the
outcome table.  A pass over the counts takes milliseconds: another paytable costs no recount.

Starting hands are grouped by ``orbit`` (52 x 52 int16, both orders of a pair of cards): the
classes of holdings under the suit permutations that keep the dead cards (on a full deck the 169
starting hands of the chart).  A holding of a canonical flop stands for its flop's whole class
(weight): summed over the flops with those weights, an orbit holds ``its holdings x real flops``
situations, every holding of it worth the same, so one decision per orbit is the optimal one.
"""
from array import array

from libc.stdint cimport uint8_t, int16_t, int32_t, int64_t

cdef enum:
    N_CATEGORIES = 10
    SIX = 6                    # endings of a cell: does not qualify and the player wins, ties, loses; qualifies and ...
    CELLS6 = 60
    N_CARDS = 52
    MAX_ORBITS = 1326          # starting hand orbits: 169 on a full deck, at most every holding
    MAX_OPTIONS = 4            # preflop Play sizes
    KEPT_FIELDS = 9            # a kept river situation: flop, holding, category, six endings
    MAX_HOLDINGS = 1326


cdef int orbits_of(object orbit, int16_t* out) except -1:
    """Read the orbit table; the number of orbits."""
    cdef const int16_t[::1] o = orbit
    cdef int k, n = 0
    if o.shape[0] != N_CARDS * N_CARDS:
        raise ValueError("orbit has 52 x 52 entries")
    for k in range(N_CARDS * N_CARDS):
        out[k] = o[k]
        if o[k] >= MAX_ORBITS:
            raise ValueError(f"orbit {o[k]} is not below {MAX_ORBITS}")
        if o[k] + 1 > n:
            n = o[k] + 1
    return n


cdef inline int64_t dot(const int64_t* coef, const int32_t* cell) noexcept nogil:
    cdef int64_t v = 0
    cdef int k
    for k in range(CELLS6):
        v += coef[k] * cell[k]
    return v


cdef int read_coefs(object values, int64_t* out, int n) except -1:
    values = list(values)
    if len(values) != n:
        raise ValueError(f"expected {n} coefficients, got {len(values)}")
    for k in range(n):
        out[k] = values[k]
    return 0


def ultimate_values(counts, orbit, preflop, flop, river, long long fold_board, bint wager_more=True):
    """Ultimate Texas Hold'em's flop decision at every situation and the preflop values.

    ``preflop``: one list of 60 coefficients per preflop Play size (on the situation's cells); ``flop``:
    the flop Play's; ``river``: the river Play's (on the cells of the boards played); ``fold_board``:
    a river fold's value per board (its dealer holdings included).  The river situations the kernel
    kept apart (``exceptions``: the Blind's pay decides them) are decided here by ``river``.  Returns
    {"preflop": [per option, the orbits' weighted sums], "check": the orbits' weighted sums of the
    better flop action, "flop_plays": one byte per situation (1: Play at the flop), "kept_plays": one
    byte per kept river situation (1: played), "equal": weighted situations whose flop actions are
    worth the same}."""
    cdef int64_t pre[MAX_OPTIONS][CELLS6]
    cdef int64_t fc[CELLS6]
    cdef int64_t rc[CELLS6]
    cdef int64_t sums[MAX_OPTIONS][MAX_ORBITS]
    cdef int64_t check[MAX_ORBITS]
    cdef int16_t orb[N_CARDS * N_CARDS]
    cdef int n_orb = orbits_of(orbit, orb)
    cdef int n_pre = len(preflop), k, f, i, j, h, cls, c
    cdef const int32_t[::1] cells = counts.arrays()["cells"]
    cdef const int32_t[::1] second = counts.arrays()["second"]
    cdef const int32_t[::1] third = counts.arrays()["third"]
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef const int32_t[::1] kept = counts.arrays()["exceptions"]
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int64_t wt, v_flop, v_check, equal = 0, folds, v_play
    cdef Py_ssize_t s, x, n_kept = kept.shape[0] // KEPT_FIELDS
    cdef const int32_t* row
    if n_pre < 1 or n_pre > MAX_OPTIONS:
        raise ValueError(f"1..{MAX_OPTIONS} preflop Play sizes, got {n_pre}")
    if counts.mode != 1:
        raise ValueError("the counts are not Ultimate Texas Hold'em's (holdem.staged_counts(game='ultimate'))")
    for k in range(n_pre):
        read_coefs(preflop[k], pre[k], CELLS6)
    read_coefs(flop, fc, CELLS6)
    read_coefs(river, rc, CELLS6)
    for k in range(MAX_OPTIONS):
        for cls in range(MAX_ORBITS):
            sums[k][cls] = 0
    for cls in range(MAX_ORBITS):
        check[cls] = 0
    plays = bytearray(<Py_ssize_t>n_flops * n_hold)
    cdef uint8_t[::1] chosen = plays
    kept_plays = bytearray(n_kept)
    cdef uint8_t[::1] kept_chosen = kept_plays
    extra_check = array("q", [0]) * (<Py_ssize_t>n_flops * n_hold)
    cdef int64_t[::1] extra = extra_check
    with nogil:
        # the kept river situations: (flop, holding, category, six endings)
        for x in range(n_kept):
            row = &kept[x * KEPT_FIELDS]
            v_play = 0
            for c in range(SIX):
                v_play = v_play + rc[row[2] * SIX + c] * row[3 + c]
            s = <Py_ssize_t>row[0] * n_hold + row[1]
            if v_play > fold_board or (v_play == fold_board and wager_more):
                kept_chosen[x] = 1
                extra[s] += v_play
            else:
                extra[s] += fold_board
        for f in range(n_flops):
            wt = weight[f]
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    s = <Py_ssize_t>f * n_hold + h
                    cls = orb[rest[f, i] * N_CARDS + rest[f, j]]
                    for k in range(n_pre):
                        sums[k][cls] += wt * dot(pre[k], &cells[s * CELLS6])
                    v_flop = dot(fc, &cells[s * CELLS6])
                    folds = 0
                    for c in range(N_CATEGORIES):
                        folds += third[s * N_CATEGORIES + c]
                    v_check = dot(rc, &second[s * CELLS6]) + fold_board * folds + extra[s]
                    if v_flop == v_check:
                        equal += wt
                    if v_flop > v_check or (v_flop == v_check and wager_more):
                        chosen[s] = 1
                        check[cls] += wt * v_flop
                    else:
                        check[cls] += wt * v_check
                    h += 1
    return {"preflop": [[sums[k][cls] for cls in range(n_orb)] for k in range(n_pre)],
            "check": [check[cls] for cls in range(n_orb)], "flop_plays": bytes(plays),
            "kept_plays": bytes(kept_plays), "equal": equal}


def ultimate_outcomes(counts, orbit, preflop_choice, flop_plays, kept_plays):
    """The cells of each way Ultimate Texas Hold'em was played, weighted: ``preflop_choice`` per starting
    hand orbit, the preflop Play option (0..) or -1 for a check; ``flop_plays`` and ``kept_plays`` from
    ``ultimate_values``.
    Returns {"preflop": per option 60 cell sums, "flop": 60, "river": 60 (the boards played at the river),
    "river_folds": 10 (boards folded, by category), "situations": [per option, flop Play, checked twice]}."""
    cdef int choice[MAX_ORBITS]
    cdef int16_t orb[N_CARDS * N_CARDS]
    cdef int n_orb = orbits_of(orbit, orb)
    cdef int64_t pre[MAX_OPTIONS][CELLS6]
    cdef int64_t fl[CELLS6]
    cdef int64_t rv[CELLS6]
    cdef int64_t fo[N_CATEGORIES]
    cdef int64_t situations[MAX_OPTIONS + 2]
    cdef const int32_t[::1] cells = counts.arrays()["cells"]
    cdef const int32_t[::1] second = counts.arrays()["second"]
    cdef const int32_t[::1] third = counts.arrays()["third"]
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef const uint8_t[::1] plays = flop_plays
    cdef const uint8_t[::1] kept_played = kept_plays
    cdef const int32_t[::1] kept = counts.arrays()["exceptions"]
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int f, i, j, h, k, cls, x, u, v
    cdef int64_t wt
    cdef Py_ssize_t s, y, n_kept = kept.shape[0] // KEPT_FIELDS
    cdef const int32_t* row
    cdef uint8_t first[MAX_HOLDINGS]
    cdef uint8_t second_card[MAX_HOLDINGS]
    if kept_played.shape[0] != n_kept:
        raise ValueError("kept_plays has one byte per kept river situation")
    choices = list(preflop_choice)
    if len(choices) != n_orb:
        raise ValueError(f"preflop_choice has one option per starting hand orbit ({n_orb})")
    for cls in range(n_orb):
        choice[cls] = choices[cls]
        if choice[cls] < -1 or choice[cls] >= MAX_OPTIONS:
            raise ValueError(f"preflop option {choice[cls]} is not -1..{MAX_OPTIONS - 1}")
    for k in range(MAX_OPTIONS):
        for x in range(CELLS6):
            pre[k][x] = 0
    for x in range(CELLS6):
        fl[x] = 0
        rv[x] = 0
    for x in range(N_CATEGORIES):
        fo[x] = 0
    for x in range(MAX_OPTIONS + 2):
        situations[x] = 0
    with nogil:
        for f in range(n_flops):
            wt = weight[f]
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    s = <Py_ssize_t>f * n_hold + h
                    k = choice[orb[rest[f, i] * N_CARDS + rest[f, j]]]
                    if k >= 0:
                        situations[k] += wt
                        for x in range(CELLS6):
                            pre[k][x] += wt * cells[s * CELLS6 + x]
                    elif plays[s]:
                        situations[MAX_OPTIONS] += wt
                        for x in range(CELLS6):
                            fl[x] += wt * cells[s * CELLS6 + x]
                    else:
                        situations[MAX_OPTIONS + 1] += wt
                        for x in range(CELLS6):
                            rv[x] += wt * second[s * CELLS6 + x]
                        for x in range(N_CATEGORIES):
                            fo[x] += wt * third[s * N_CATEGORIES + x]
                    h += 1
        # the kept river situations of the rounds checked twice
        h = 0
        for v in range(1, n_rest):
            for u in range(v):
                first[h] = u
                second_card[h] = v
                h += 1
        for y in range(n_kept):
            row = &kept[y * KEPT_FIELDS]
            f, h = row[0], row[1]
            s = <Py_ssize_t>f * n_hold + h
            if choice[orb[rest[f, first[h]] * N_CARDS + rest[f, second_card[h]]]] >= 0 or plays[s]:
                continue
            if kept_played[y]:
                for x in range(SIX):
                    rv[row[2] * SIX + x] += weight[f] * row[3 + x]
            else:
                fo[row[2]] += weight[f]
    return {"preflop": [[pre[k][x] for x in range(CELLS6)] for k in range(MAX_OPTIONS)],
            "flop": [fl[x] for x in range(CELLS6)], "river": [rv[x] for x in range(CELLS6)],
            "river_folds": [fo[x] for x in range(N_CATEGORIES)],
            "situations": [situations[x] for x in range(MAX_OPTIONS + 2)]}


def bonus_values(counts, orbit, ante, int flop_multiple, bint wager_more=True):
    """Texas Hold'em Bonus' flop decision (the Turn wager, 1 to 1) at every situation and the preflop
    value of the Flop wager, in ordered (turn, river) completions: ``ante`` is 60 coefficients of the
    Ante on a situation's cells; the Flop wager (``flop_multiple`` x), the Turn and the River wagers
    are won and lost 1 to 1.  Returns {"raise": 169 weighted sums, "turn_wagers": one byte per
    situation (1: the Turn wager made), "equal": weighted situations whose flop actions are equal}."""
    cdef int64_t ac[CELLS6]
    cdef int64_t sums[MAX_ORBITS]
    cdef int16_t orb[N_CARDS * N_CARDS]
    cdef int n_orb = orbits_of(orbit, orb)
    cdef const int32_t[::1] cells = counts.arrays()["cells"]
    cdef const int32_t[::1] second = counts.arrays()["second"]
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int f, i, j, h, cls, c
    cdef int64_t wt, net, river, v, equal = 0
    cdef Py_ssize_t s
    cdef const int32_t* cell
    if counts.mode != 2:
        raise ValueError("the counts are not Texas Hold'em Bonus' (holdem.staged_counts(game='bonus'))")
    read_coefs(ante, ac, CELLS6)
    for cls in range(MAX_ORBITS):
        sums[cls] = 0
    wagers = bytearray(<Py_ssize_t>n_flops * n_hold)
    cdef uint8_t[::1] chosen = wagers
    with nogil:
        for f in range(n_flops):
            wt = weight[f]
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    s = <Py_ssize_t>f * n_hold + h
                    cell = &cells[s * CELLS6]
                    net = 0
                    river = 0
                    for c in range(N_CATEGORIES):
                        net += cell[c * SIX] + cell[c * SIX + 3] - cell[c * SIX + 2] - cell[c * SIX + 5]
                        river += (second[s * CELLS6 + c * SIX] + second[s * CELLS6 + c * SIX + 3]
                                  - second[s * CELLS6 + c * SIX + 2] - second[s * CELLS6 + c * SIX + 5])
                    # unordered cells count each (turn, river) once: twice in ordered completions
                    v = 2 * dot(ac, cell) + 2 * flop_multiple * net + river
                    if net == 0:
                        equal += wt
                    if net > 0 or (net == 0 and wager_more):
                        chosen[s] = 1
                        v += 2 * net
                    sums[orb[rest[f, i] * N_CARDS + rest[f, j]]] += wt * v
                    h += 1
    return {"raise": [sums[cls] for cls in range(n_orb)], "turn_wagers": bytes(wagers), "equal": equal}


def bonus_outcomes(counts, orbit, raises, turn_wagers):
    """The cells of each way Texas Hold'em Bonus was played, weighted, in ordered completions: ``raises``
    per starting hand class (1: the Flop wager, 0: a fold); ``turn_wagers`` from ``bonus_values``.
    Returns {"played": [[Turn wager 0/1][River wager 0/1] -> 60 cell sums], "folded": weighted
    situations folded, "situations": weighted situations played, "turn_situations": weighted
    situations with the Turn wager, "river_turns": weighted turn cards with the River wager}."""
    cdef int raise_of[MAX_ORBITS]
    cdef int16_t orb[N_CARDS * N_CARDS]
    cdef int n_orb = orbits_of(orbit, orb)
    cdef int64_t played[2][2][CELLS6]
    cdef const int32_t[::1] cells = counts.arrays()["cells"]
    cdef const int32_t[::1] second = counts.arrays()["second"]
    cdef const int32_t[::1] third = counts.arrays()["third"]
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef const uint8_t[::1] wagers = turn_wagers
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int f, i, j, h, x, b
    cdef int64_t wt, folded = 0, situations = 0, turn_situations = 0, river_turns = 0
    cdef Py_ssize_t s
    flags = list(raises)
    if len(flags) != n_orb:
        raise ValueError(f"raises has one flag per starting hand orbit ({n_orb})")
    for x in range(n_orb):
        raise_of[x] = 1 if flags[x] else 0
    for b in range(2):
        for i in range(2):
            for x in range(CELLS6):
                played[b][i][x] = 0
    with nogil:
        for f in range(n_flops):
            wt = weight[f]
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    s = <Py_ssize_t>f * n_hold + h
                    h += 1
                    if not raise_of[orb[rest[f, i] * N_CARDS + rest[f, j]]]:
                        folded += wt
                        continue
                    situations += wt
                    b = wagers[s]
                    turn_situations += wt * b
                    river_turns += wt * third[s]
                    for x in range(CELLS6):
                        played[b][1][x] += wt * second[s * CELLS6 + x]
                        played[b][0][x] += wt * (2 * cells[s * CELLS6 + x] - second[s * CELLS6 + x])
    return {"played": [[[played[b][i][x] for x in range(CELLS6)] for i in range(2)] for b in range(2)],
            "folded": folded, "situations": situations, "turn_situations": turn_situations,
            "river_turns": river_turns}
