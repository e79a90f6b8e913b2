# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Hold'em against the dealer: the decisions a paytable moves, taken over the board kernel's counts.

``holdem.staged_counts`` has counted every (canonical flop, holding) of Ultimate Texas Hold'em or
Texas Hold'em Bonus, the decisions no pay can move already taken; these passes price what is left
with integer coefficients the caller made from the paytable (every pay times a common denominator):
the flop decision of every situation, then, per starting hand orbit, the preflop values and the
cells of each way the round can go on from its preflop choice, summed over the counts' flops.  The
caller takes the preflop decision per orbit.  Everything returned is a sum over flops, so the counts
of several chunks of flops (``holdem.staged_counts(chunk=..., chunks=...)``) price to the same
integers as the whole.  A pass takes a fraction of a second: another paytable costs no recount.

Starting hands are grouped by ``orbit`` (52 x 52 int16, both orders of a pair of cards): the
classes of holdings under the suit permutations that keep the dead cards (on a full deck the 169
starting hands of the chart).  A holding of a canonical flop stands for its flop's whole class
(weight): summed over the flops with those weights, an orbit holds ``its holdings x real flops``
situations, every holding of it worth the same, so one decision per orbit is the optimal one.
"""
from array import array

from libc.stdint cimport uint8_t, int16_t, int32_t, int64_t

from oddscalc._native.choice cimport takes
from oddscalc._native.cards cimport card_rank, card_suit
from oddscalc._native.eval5 cimport category_of, strength5

cdef enum:
    N_CATEGORIES = 10
    SIX = 6                    # endings of a cell: does not qualify and the player wins, ties, loses; qualifies and ...
    CELLS6 = 60
    N_CARDS = 52
    MAX_ORBITS = 1326          # starting hand orbits: 169 on a full deck, at most every holding
    MAX_OPTIONS = 4            # preflop Play sizes
    KEPT_FIELDS = 9            # a kept river situation: flop, holding, category, six endings
    # the flop chart's rows (flop_row): the five cards' category from three of a kind up (9 .. 3 as
    # rows 0 .. 6), two pair (7), then a pair in the hand (8), a hole card paired on the board (9), a
    # pair on the board only (10), four to a flush with a hole card (11), anything else (12)
    FLOP_ROWS = 13
    N_RANKS = 13
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


cdef inline int flop_row(int a, int b, const uint8_t* flop) noexcept nogil:
    """The flop chart's row of hole cards a, b on a flop (FLOP_ROWS)."""
    cdef int cat = category_of(strength5(a, b, flop[0], flop[1], flop[2])), i, s, n, hole
    cdef int ra = card_rank(a), rb = card_rank(b)
    if cat >= 3:
        return 9 - cat
    if cat == 2:
        return 7
    if cat == 1:
        if ra == rb:
            return 8
        for i in range(3):
            if card_rank(flop[i]) == ra or card_rank(flop[i]) == rb:
                return 9
        return 10
    for s in range(4):
        n = 0
        hole = 0
        if card_suit(a) == s:
            n += 1
            hole = 1
        if card_suit(b) == s:
            n += 1
            hole = 1
        for i in range(3):
            if card_suit(flop[i]) == s:
                n += 1
        if n == 4 and hole:
            return 11
    return 12


cdef inline int chart_cell(const uint8_t[:, ::1] rest, int f, int i, int j, const uint8_t* flop) noexcept nogil:
    """The flop chart's cell of the holding at rest positions i, j of flop f: its row (flop_row) times 13
    plus the column of its highest hole rank, A first."""
    cdef int a = card_rank(rest[f, i]), b = card_rank(rest[f, j])
    return flop_row(rest[f, i], rest[f, j], flop) * N_RANKS + 12 - (a if a > b else b)


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


cdef int read_rule(object flop_rule, uint8_t* rule) except -1:
    """A flop rule by the flop chart's cell (FLOP_ROWS x 13 bytes: 0 the passive action, 1 the wager,
    2 the optimal choice)."""
    cdef int x
    given = bytes(flop_rule)
    if len(given) != FLOP_ROWS * N_RANKS or max(given) > 2:
        raise ValueError(f"flop_rule has {FLOP_ROWS * N_RANKS} bytes of 0, 1 or 2")
    for x in range(FLOP_ROWS * N_RANKS):
        rule[x] = given[x]
    return 0


cdef object zeros(Py_ssize_t n):
    return array("q", [0]) * n


def ultimate_price(counts, orbit, preflop, flop, river, long long fold_board, bint wager_more=True, flop_rule=None,
                   int river_min=-1, card_bins=None, flop_played=None, fold_extra=None):
    """Ultimate Texas Hold'em priced over the counts' flops, per orbit.

    ``preflop``: one list of 60 coefficients per preflop Play size (on a situation's cells); ``flop``:
    the flop Play's; ``river``: the river Play's (on the cells of the boards played); ``fold_board``:
    a river fold's value per board (its dealer holdings included).  The river situations the kernel
    kept apart (the Blind's pay decides them) are decided here by ``river``.  Returns, every array
    orbit-major and summed over the flops with their weights: "preflop" (orbits x options, the value
    of each preflop Play), "check" (the value of a check, the flop decided per situation), "cells"
    (orbits x 60: every deal of the orbit, what a preflop Play settles), "flop_chart" (orbits x FLOP_ROWS
    x 13 highest hole ranks, A first, x (checked, played): the flop decisions), "flop_cells" (the deals of the
    situations played at the flop), "river_cells" (the deals played at the river after two checks),
    "river_folds" (orbits x 10: boards folded by category), "situations" (orbits x 3: all, played at
    the flop, checked twice), "equal" (weighted situations whose flop actions are worth the same).

    A simple strategy instead of the optimal later play: ``flop_rule`` (FLOP_ROWS x 13 bytes, the flop
    chart's cells: 0 check, 1 Play, 2 the optimal choice) and ``river_min`` (Play the river with that
    final category or better, fold below; -1: the optimal river).

    A flop card seen before the preflop decision: ``card_bins`` (int32, 52 x 52 x 52: a bin per holding,
    both orders, and card) replaces the orbits; each situation is added to the bins of its holding with
    each of its three flop cards (the one seen first), so the sums count every deal three times, once
    per card seen.

    ``flop_played`` (a writable buffer of n_flops x n_holdings bytes, the counts' layout): each
    situation's flop decision is written there too, 1 a Play and 0 a check (the simulator plays them).

    ``fold_extra`` (10 integers): what a river fold costs besides ``fold_board``, per deal, by the
    player's final category (a side bet a fold forfeits: Trips lost on a fold); the kernel must have
    kept apart every river situation of a category it touches (``blind_from``)."""
    cdef int64_t pre[MAX_OPTIONS][CELLS6]
    cdef uint8_t[::1] decided
    cdef bint deciding = flop_played is not None
    cdef const int32_t[::1] bins
    cdef int n_views = 1, m
    cdef bint played
    cdef uint8_t rule[FLOP_ROWS * N_RANKS]
    cdef int64_t fold_deal, deals_c, fold_per_board, fold_here
    cdef int64_t extra[N_CATEGORIES]
    cdef bint ruled = flop_rule is not None
    cdef int64_t fc[CELLS6]
    cdef int64_t rc[CELLS6]
    cdef int16_t orb[N_CARDS * N_CARDS]
    cdef int n_orb = orbits_of(orbit, orb)
    cdef int n_pre = len(preflop), k, f, i, j, h, o, c, x
    cdef const int32_t[::1] cells = counts.arrays()["cells"]
    cdef const int32_t[::1] second = counts.arrays()["second"]
    cdef const int32_t[::1] third = counts.arrays()["third"]
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef const int32_t[::1] kept = counts.arrays()["exceptions"]
    cdef const uint8_t[:, ::1] flops = counts.arrays()["flop_cards"]
    if card_bins is not None:
        bins = card_bins
        if bins.shape[0] != N_CARDS * N_CARDS * N_CARDS:
            raise ValueError("card_bins has 52 x 52 x 52 entries")
        n_views = 3
        n_orb = max(bins) + 1
    cdef const uint8_t* flop_cards
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int64_t wt, v_flop, v_check, equal = 0, folds, v_play
    cdef int64_t[::1] p_chart
    cdef int chart_at
    cdef Py_ssize_t s, y, n_kept = kept.shape[0] // KEPT_FIELDS, start = 0
    cdef const int32_t* row
    cdef const int32_t* cell
    if n_pre < 1 or n_pre > MAX_OPTIONS:
        raise ValueError(f"1..{MAX_OPTIONS} preflop Play sizes, got {n_pre}")
    if counts.mode != 1:
        raise ValueError("the counts are not Ultimate Texas Hold'em's (holdem.staged_counts(game='ultimate'))")
    if n_flops == 0:
        raise ValueError("the counts hold no flop (more chunks than canonical flops)")
    if river_min < -1 or river_min >= N_CATEGORIES:
        raise ValueError(f"river_min {river_min} is not -1 or a category")
    if deciding:
        decided = flop_played
        if decided.shape[0] != <Py_ssize_t>n_flops * n_hold:
            raise ValueError(f"flop_played has n_flops x n_holdings = {n_flops * n_hold} bytes")
    if ruled:
        read_rule(flop_rule, rule)
    fold_per_board = (n_rest - 4) * (n_rest - 5) // 2                 # dealer holdings of a board
    fold_deal = fold_board // fold_per_board
    if fold_extra is None:
        for c in range(N_CATEGORIES):
            extra[c] = 0
    else:
        read_coefs(fold_extra, extra, N_CATEGORIES)
    flop_cards = &flops[0, 0]
    for k in range(n_pre):
        read_coefs(preflop[k], pre[k], CELLS6)
    read_coefs(flop, fc, CELLS6)
    read_coefs(river, rc, CELLS6)
    out_pre, out_check = zeros(n_orb * n_pre), zeros(n_orb)
    out_cells, out_flop, out_river = zeros(n_orb * CELLS6), zeros(n_orb * CELLS6), zeros(n_orb * CELLS6)
    out_folds, out_sits = zeros(n_orb * N_CATEGORIES), zeros(n_orb * 3)
    out_chart = zeros(n_orb * FLOP_ROWS * N_RANKS * 2)
    p_chart = out_chart
    cdef int64_t[::1] p_pre = out_pre
    cdef int64_t[::1] p_check = out_check
    cdef int64_t[::1] p_cells = out_cells
    cdef int64_t[::1] p_flop = out_flop
    cdef int64_t[::1] p_river = out_river
    cdef int64_t[::1] p_folds = out_folds
    cdef int64_t[::1] p_sits = out_sits
    cdef int64_t kept_value[MAX_HOLDINGS]
    with nogil:
        for f in range(n_flops):
            wt = weight[f]
            # this flop's kept river situations (rows in flop order): their value per holding
            for h in range(n_hold):
                kept_value[h] = 0
            y = start
            while y < n_kept and kept[y * KEPT_FIELDS] == f:
                row = &kept[y * KEPT_FIELDS]
                v_play = 0
                for c in range(SIX):
                    v_play = v_play + rc[row[2] * SIX + c] * row[3 + c]
                fold_here = fold_board + extra[row[2]] * fold_per_board
                if takes(v_play, fold_here, wager_more):
                    kept_value[row[1]] += v_play
                else:
                    kept_value[row[1]] += fold_here
                y += 1
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    s = <Py_ssize_t>f * n_hold + h
                    cell = &cells[s * CELLS6]
                    v_flop = dot(fc, cell)
                    if river_min < 0:
                        folds = 0
                        for c in range(N_CATEGORIES):
                            folds += (fold_board + extra[c] * fold_per_board) * third[s * N_CATEGORIES + c]
                        v_check = dot(rc, &second[s * CELLS6]) + folds + kept_value[h]
                    else:
                        # the river by the final category alone: the situation's own cells, row by row
                        v_check = 0
                        for c in range(N_CATEGORIES):
                            if c >= river_min:
                                for x in range(SIX):
                                    v_check = v_check + rc[c * SIX + x] * cell[c * SIX + x]
                            else:
                                deals_c = 0
                                for x in range(SIX):
                                    deals_c = deals_c + cell[c * SIX + x]
                                v_check = v_check + (fold_deal + extra[c]) * deals_c
                    chart_at = chart_cell(rest, f, i, j, flop_cards + 3 * f)
                    if v_flop == v_check:
                        equal += wt
                    played = (ruled and rule[chart_at] == 1) or (
                        (not ruled or rule[chart_at] == 2)
                        and takes(v_flop, v_check, wager_more))
                    if deciding:
                        decided[s] = played
                    for m in range(n_views):
                        # the situation's bin: its holding's orbit, or (card_bins) the holding with one flop card
                        if n_views == 1:
                            o = orb[rest[f, i] * N_CARDS + rest[f, j]]
                        else:
                            o = bins[(rest[f, i] * N_CARDS + rest[f, j]) * N_CARDS + flop_cards[3 * f + m]]
                        for x in range(CELLS6):
                            p_cells[o * CELLS6 + x] += wt * cell[x]
                        x = (o * FLOP_ROWS * N_RANKS + chart_at) * 2
                        p_sits[o * 3] += wt
                        if played:
                            p_check[o] += wt * v_flop
                            p_sits[o * 3 + 1] += wt
                            p_chart[x + 1] += wt
                            for x in range(CELLS6):
                                p_flop[o * CELLS6 + x] += wt * cell[x]
                            continue
                        p_check[o] += wt * v_check
                        p_sits[o * 3 + 2] += wt
                        p_chart[x] += wt
                        if river_min < 0:
                            for x in range(CELLS6):
                                p_river[o * CELLS6 + x] += wt * second[s * CELLS6 + x]
                            for c in range(N_CATEGORIES):
                                p_folds[o * N_CATEGORIES + c] += wt * third[s * N_CATEGORIES + c]
                        else:
                            for c in range(N_CATEGORIES):
                                if c >= river_min:
                                    for x in range(SIX):
                                        p_river[o * CELLS6 + c * SIX + x] += wt * cell[c * SIX + x]
                                else:
                                    deals_c = 0
                                    for x in range(SIX):
                                        deals_c = deals_c + cell[c * SIX + x]
                                    # boards folded: a board holds one deal per dealer holding
                                    p_folds[o * N_CATEGORIES + c] += wt * (deals_c // fold_per_board)
                    # played at the flop, or a river by rule: its kept river situations are not settled as kept
                    kept_value[h] = -1 if played or river_min >= 0 else 0
                    h += 1
            # the kept river situations of the holdings checked at the flop, settled as decided
            while start < y:
                row = &kept[start * KEPT_FIELDS]
                start += 1
                if kept_value[row[1]] < 0:
                    continue
                h = row[1]
                v_play = 0
                for c in range(SIX):
                    v_play = v_play + rc[row[2] * SIX + c] * row[3 + c]
                fold_here = fold_board + extra[row[2]] * fold_per_board
                for m in range(n_views):
                    if n_views == 1:
                        o = orb[rest[f, hold_first(h)] * N_CARDS + rest[f, hold_second(h)]]
                    else:
                        o = bins[(rest[f, hold_first(h)] * N_CARDS + rest[f, hold_second(h)]) * N_CARDS
                                 + flop_cards[3 * f + m]]
                    if takes(v_play, fold_here, wager_more):
                        for c in range(SIX):
                            p_river[o * CELLS6 + row[2] * SIX + c] += wt * row[3 + c]
                    else:
                        p_folds[o * N_CATEGORIES + row[2]] += wt
        # a preflop Play settles every deal of the bin: its value is linear in the bin's cells
        for o in range(n_orb):
            for k in range(n_pre):
                v_play = 0
                for x in range(CELLS6):
                    v_play = v_play + pre[k][x] * p_cells[o * CELLS6 + x]
                p_pre[o * n_pre + k] = v_play
    return {"preflop": out_pre, "check": out_check, "cells": out_cells, "flop_cells": out_flop,
            "river_cells": out_river, "river_folds": out_folds, "situations": out_sits, "flop_chart": out_chart,
            "equal": equal}


cdef inline int hold_second(int h) noexcept nogil:
    """The second (larger) position of colex holding index h."""
    cdef int v = 1
    while (v + 1) * v // 2 <= h:
        v += 1
    return v


cdef inline int hold_first(int h) noexcept nogil:
    cdef int v = hold_second(h)
    return h - v * (v - 1) // 2


def bonus_price(counts, orbit, ante, int flop_multiple, bint wager_more=True, flop_played=None, int64_t scale=1,
                flop_rule=None, int river_rule=-1):
    """Texas Hold'em Bonus priced over the counts' flops, per orbit, in ordered (turn, river)
    completions: ``ante`` is 60 coefficients of the Ante on a situation's cells; the Flop wager
    (``flop_multiple`` x), the Turn and the River wagers are won and lost 1 to 1; the Turn wager is
    decided per situation here (no pay moves it).  Returns, orbit-major and summed over the flops
    with their weights: "raise" (the value of the Flop wager), "played" (orbits x 2 x 2 x 60: the
    deals by Turn wager made, River wager made), "situations" (orbits x 3: all, with the Turn wager,
    turn cards with the River wager), "equal" (weighted situations whose flop actions are equal).
    ``flop_played``: as ``ultimate_price``'s, each situation's Turn wager (1) or check (0).  ``scale``: the
    common denominator of the Ante's coefficients, by which the wagers paid 1 to 1 are multiplied too.

    A simple strategy instead of the optimal later play: ``flop_rule`` (FLOP_ROWS x 13 bytes, as
    ``ultimate_price``'s: 0 check, 1 the Turn wager, 2 the optimal choice) and ``river_rule`` (0 never
    the River wager, 1 always, -1 the optimal one the counts hold).  Every wager pays 1 to 1 and adds
    to the others, so each decision's value is its own: a rule at one stage leaves the others'
    optimal choices as they are."""
    cdef int64_t ac[CELLS6]
    cdef uint8_t[::1] decided
    cdef bint deciding = flop_played is not None
    cdef int16_t orb[N_CARDS * N_CARDS]
    cdef int n_orb = orbits_of(orbit, orb)
    cdef const int32_t[::1] cells = counts.arrays()["cells"]
    cdef const int32_t[::1] second = counts.arrays()["second"]
    cdef const int32_t[::1] third = counts.arrays()["third"]
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int f, i, j, h, o, c, x, b
    cdef int64_t wt, net, river, v, equal = 0
    cdef Py_ssize_t s, base
    cdef const int32_t* cell
    cdef const int32_t* bet
    cdef const uint8_t[:, ::1] flops = counts.arrays()["flop_cards"]
    cdef uint8_t rule[FLOP_ROWS * N_RANKS]
    cdef bint ruled = flop_rule is not None
    cdef int turns = n_rest - 2, river_turns, at
    cdef int32_t river_cell[CELLS6]
    if counts.mode != 2:
        raise ValueError("the counts are not Texas Hold'em Bonus' (holdem.staged_counts(game='bonus'))")
    if deciding:
        decided = flop_played
        if decided.shape[0] != <Py_ssize_t>n_flops * n_hold:
            raise ValueError(f"flop_played has n_flops x n_holdings = {n_flops * n_hold} bytes")
    if ruled:
        read_rule(flop_rule, rule)
    if not -1 <= river_rule <= 1:
        raise ValueError(f"river_rule {river_rule} is not -1 (optimal), 0 (never) or 1 (always)")
    read_coefs(ante, ac, CELLS6)
    out_raise, out_played, out_sits = zeros(n_orb), zeros(n_orb * 4 * CELLS6), zeros(n_orb * 3)
    cdef int64_t[::1] p_raise = out_raise
    cdef int64_t[::1] p_played = out_played
    cdef int64_t[::1] p_sits = out_sits
    with nogil:
        for f in range(n_flops):
            wt = weight[f]
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    s = <Py_ssize_t>f * n_hold + h
                    h += 1
                    o = orb[rest[f, i] * N_CARDS + rest[f, j]]
                    cell = &cells[s * CELLS6]
                    bet = &second[s * CELLS6]
                    river_turns = third[s]
                    if river_rule >= 0:
                        # the River wager by rule: on every ordered (turn, river) or on none
                        for x in range(CELLS6):
                            river_cell[x] = 2 * cell[x] * river_rule
                        bet = river_cell
                        river_turns = turns * river_rule
                    net = 0
                    river = 0
                    for c in range(N_CATEGORIES):
                        net += cell[c * SIX] + cell[c * SIX + 3] - cell[c * SIX + 2] - cell[c * SIX + 5]
                        river += bet[c * SIX] + bet[c * SIX + 3] - bet[c * SIX + 2] - bet[c * SIX + 5]
                    # unordered cells count each (turn, river) once: twice in ordered completions
                    v = 2 * dot(ac, cell) + scale * (2 * flop_multiple * net + river)
                    if net == 0:
                        equal += wt
                    b = 1 if takes(net, 0, wager_more) else 0
                    if ruled:
                        at = rule[chart_cell(rest, f, i, j, &flops[f, 0])]
                        if at < 2:
                            b = at
                    if deciding:
                        decided[s] = b
                    if b:
                        v += 2 * scale * net
                    p_raise[o] += wt * v
                    p_sits[o * 3] += wt
                    p_sits[o * 3 + 1] += wt * b
                    p_sits[o * 3 + 2] += wt * river_turns
                    base = (o * 4 + b * 2) * CELLS6
                    for x in range(CELLS6):
                        p_played[base + CELLS6 + x] += wt * bet[x]
                        p_played[base + x] += wt * (2 * cell[x] - bet[x])
    return {"raise": out_raise, "played": out_played, "situations": out_sits, "equal": equal}


def call_chart(counts, choices):
    """Casino Hold'em's flop decision as a chart: per (flop_row, highest hole rank, A first) the weighted
    situations (folded, called), from ``FlopCounts.decide``'s ``choices`` (one byte per situation)."""
    cdef const uint8_t[::1] chosen = choices
    cdef const int64_t[::1] weight = counts.arrays()["flop_weight"]
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef const uint8_t[:, ::1] flops = counts.arrays()["flop_cards"]
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int f, i, j, h
    cdef Py_ssize_t x
    if chosen.shape[0] != <Py_ssize_t>n_flops * n_hold:
        raise ValueError("choices has one byte per (flop, holding)")
    out = zeros(FLOP_ROWS * N_RANKS * 2)
    cdef int64_t[::1] chart = out
    with nogil:
        for f in range(n_flops):
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    x = chart_cell(rest, f, i, j, &flops[f, 0]) * 2
                    chart[x + (1 if chosen[<Py_ssize_t>f * n_hold + h] else 0)] += weight[f]
                    h += 1
    return out


def chart_choices(counts, rule):
    """A flop rule by the chart's cell (FLOP_ROWS x 13 highest hole ranks, A first: one byte each) as
    one byte per (flop, holding) of the counts, the layout of ``FlopCounts.decide``'s ``forced``."""
    cdef const uint8_t[:, ::1] rest = counts.arrays()["flop_rest"]
    cdef const uint8_t[:, ::1] flops = counts.arrays()["flop_cards"]
    cdef int n_flops = counts.n_flops, n_hold = counts.n_holdings, n_rest = counts.n_live - 3
    cdef int f, i, j, h
    cdef uint8_t cells[FLOP_ROWS * N_RANKS]
    given = bytes(rule)
    if len(given) != FLOP_ROWS * N_RANKS:
        raise ValueError(f"a rule has {FLOP_ROWS * N_RANKS} bytes (FLOP_ROWS x 13)")
    for i in range(FLOP_ROWS * N_RANKS):
        cells[i] = given[i]
    out = bytearray(<Py_ssize_t>n_flops * n_hold)
    cdef uint8_t[::1] chosen = out
    with nogil:
        for f in range(n_flops):
            h = 0
            for j in range(1, n_rest):
                for i in range(j):
                    chosen[<Py_ssize_t>f * n_hold + h] = cells[chart_cell(rest, f, i, j, &flops[f, 0])]
                    h += 1
    return bytes(out)
