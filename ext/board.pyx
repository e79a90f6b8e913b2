# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Fast Action Poker counting: every completion of a partly known deal, or seeded samples of it.

Kernels count, Python prices: this module returns integer sums, never a probability.

Two devices keep the work small and the sums exact integers:

* The unknown community cards are enumerated as a *set*.  Which of its orderings names which
  seat is counted in closed form (``ordering_weights``): of the k! orderings of k unknown
  cards, the number whose first seat-naming card (in the table's action order) names seat s.
* When no community card names an occupied seat, the dealer turns cards from the deck.  Every
  seat-naming card left in the deck is then equally likely to be the first one turned, so seat
  s is named with chance m_s / M (m_s of its cards in the deck, M in all).  Sums that carry
  this chance are kept per denominator M (``[M][seat]``) so no fraction is ever formed here.

The phase-two chain in ``chain`` is the C twin of ``fast_action_settle.phase_two_chain``.
"""
from libc.stdint cimport uint8_t, uint16_t, int64_t
from cpython.mem cimport PyMem_Calloc, PyMem_Free
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, card_rank, mark_cards
from oddscalc._native.eval5 cimport strength7, category_of
from oddscalc._native.rng cimport Rng, below, seed_rng

cdef enum:
    MAX_SEATS = 8
    N_DENOMS = 53          # group index d: sums to divide by d (1..52)
    N_CATEGORIES = 10
    SHARE_SCALE = 840      # lcm(1..8): a 1/k pot share as an integer
    SAMPLE_BATCH = 65536   # samples drawn between two calls of a progress callback


cdef struct Rules:
    int n                          # occupied seats, clockwise; index 0 = lowest seat number
    int seat_of_rank[13]           # seat index named by a rank, or -1
    int n_action
    int action_pos[5]              # board indexes checked for the action hand, in order
    int fallback_button            # no card names a seat: 1 button takes it, 0 turn the deck
    int every_player               # phase-two end: 0 one revolution, 1 every player
    int tie_pass                   # phase-two tie: 0 push (keep), 1 pass to the tied player
    int one_tie_button             # phase-one tie: 0 split, 1 nearest the button's left
    int no_bettor_best             # nobody bet: 0 button takes the antes, 1 best hand of all
    int button                     # seat index or -1
    int bettor_mask
    int phase_two                  # 0: skip phase two (equity only)


cdef struct Sums:
    int64_t weight                 # deals counted, each weighted by k! board orderings
    int64_t samples
    int64_t wins[9][MAX_SEATS]     # wins[k][seat]: seat among k phase-one winners
    int64_t share_sq[MAX_SEATS]    # sampling: sum of (840 * share)^2
    int64_t act[N_DENOMS][MAX_SEATS]
    int64_t net[N_DENOMS][MAX_SEATS]
    int64_t rel[N_DENOMS][MAX_SEATS]   # net of the player r seats left of the first action hand
    int64_t net_sq[N_DENOMS][MAX_SEATS]
    int64_t rel_sq[N_DENOMS][MAX_SEATS]
    int64_t categories[MAX_SEATS][N_CATEGORIES]
    int64_t no_naming              # deals whose deck holds no seat-naming card (dead cards)


cdef struct Deal:
    int n_holes_known
    int hole[MAX_SEATS][2]         # -1 for an unknown seat
    int board[5]                   # -1 for an unknown position
    int k                          # unknown board positions
    int unknown[MAX_SEATS]         # indexes of the unknown seats
    int n_unknown
    uint8_t avail[N_CARDS]
    int n_avail


cdef struct Leaf:
    uint16_t strength[MAX_SEATS]
    int64_t board_weight[MAX_SEATS]    # orderings whose community cards name the seat
    int64_t fallback_weight            # orderings whose community cards name nobody
    int deck_naming[MAX_SEATS]         # seat-naming cards still in the deck


# --- the phase-two chain ----------------------------------------------------------------

cdef void chain(const uint16_t* h, int n, int start, int every, int tie_pass, int* net) noexcept nogil:
    """Phase-two nets in bets (see fast_action_settle.phase_two_chain for the rules)."""
    cdef int cur = start, pos = start, i
    cdef int full = (1 << n) - 1
    cdef int compared[MAX_SEATS]       # bit j of compared[i]: players i and j have met
    for i in range(n):
        net[i] = 0
        compared[i] = 0
    while True:
        pos += 1
        if pos == n:
            pos = 0
        if not every:
            if pos == start:
                break
        else:
            if (compared[cur] | (1 << cur)) == full:
                break
            if pos == cur or (compared[cur] >> pos) & 1:
                continue
        compared[cur] |= 1 << pos
        compared[pos] |= 1 << cur
        if h[cur] > h[pos]:
            net[cur] += 1
            net[pos] -= 1
        elif h[cur] < h[pos]:
            net[cur] -= 1
            net[pos] += 1
            cur = pos
        elif tie_pass:
            cur = pos


# --- one deal ---------------------------------------------------------------------------

cdef int64_t falling(int64_t a, int m) noexcept nogil:
    cdef int64_t out = 1
    cdef int i
    for i in range(m):
        out *= a - i
    return out


cdef void ordering_weights(const Rules* rules, const int* board, const uint8_t* unknown_cards, int k,
                           Leaf* leaf) noexcept nogil:
    """Of the k! orderings of the unknown community cards, how many name each seat first."""
    cdef int u_s[MAX_SEATS]
    cdef int u = 0, i, j, seat, pos, passed = 0
    for i in range(rules.n):
        u_s[i] = 0
        leaf.board_weight[i] = 0
    for i in range(k):
        seat = rules.seat_of_rank[card_rank(unknown_cards[i])]
        if seat >= 0:
            u_s[seat] += 1
            u += 1
    for j in range(rules.n_action):
        pos = rules.action_pos[j]
        if board[pos] >= 0:
            seat = rules.seat_of_rank[card_rank(board[pos])]
            if seat >= 0:
                # every ordering whose earlier unknown action slots all name nobody
                leaf.board_weight[seat] += falling(k - u, passed) * falling(k - passed, k - passed)
                leaf.fallback_weight = 0
                return
        else:
            for seat in range(rules.n):
                if u_s[seat]:
                    leaf.board_weight[seat] += (falling(k - u, passed) * u_s[seat]
                                                * falling(k - passed - 1, k - passed - 1))
            passed += 1
    leaf.fallback_weight = falling(k - u, passed) * falling(k - passed, k - passed)


cdef struct Values:
    # one deal's contributions that are squared when sampling (so summed before squaring)
    int64_t share[MAX_SEATS]       # 840 * pot share
    int64_t net[MAX_SEATS]
    int64_t rel[MAX_SEATS]
    int d                          # group (denominator) of net and rel; 0: no action hand


cdef void clear_values(Values* v, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        v.share[i] = 0
        v.net[i] = 0
        v.rel[i] = 0
    v.d = 1


cdef void settle_leaf(const Rules* rules, Leaf* leaf, int64_t orderings, bint want_categories,
                      Sums* sums, Values* v) noexcept nogil:
    """Add one deal: counts go straight into ``sums``; per-deal values are added into ``v``."""
    cdef int n = rules.n, i, s, r, best = -1, count = 0, d, M = 0
    cdef int contenders = rules.bettor_mask
    cdef int nets[MAX_SEATS][MAX_SEATS]
    cdef bint needed[MAX_SEATS]
    cdef int64_t w, scale
    sums.weight += orderings
    # phase one
    if contenders == 0 and rules.no_bettor_best:
        contenders = (1 << n) - 1
    if contenders == 0:
        sums.wins[1][rules.button] += orderings
        v.share[rules.button] += SHARE_SCALE
    else:
        for i in range(n):
            if (contenders >> i) & 1:
                if leaf.strength[i] > best:
                    best = leaf.strength[i]
                    count = 1
                elif leaf.strength[i] == best:
                    count += 1
        if count > 1 and rules.one_tie_button:
            i = rules.button
            while True:
                i = (i + 1) % n
                if (contenders >> i) & 1 and leaf.strength[i] == best:
                    break
            sums.wins[1][i] += orderings
            v.share[i] += SHARE_SCALE
        else:
            for i in range(n):
                if (contenders >> i) & 1 and leaf.strength[i] == best:
                    sums.wins[count][i] += orderings
                    v.share[i] += SHARE_SCALE // count
    if want_categories:
        for i in range(n):
            sums.categories[i][category_of(leaf.strength[i])] += orderings
    if not rules.phase_two:
        return
    # phase two: the chain from every seat that can hold the first action hand
    w = leaf.fallback_weight
    if w and not rules.fallback_button:
        for s in range(n):
            M += leaf.deck_naming[s]
        if M == 0:
            sums.no_naming += 1
            v.d = 0
            return
    for s in range(n):
        needed[s] = leaf.board_weight[s] != 0 or (w != 0 and (
            s == rules.button if rules.fallback_button else leaf.deck_naming[s] != 0))
        if needed[s]:
            chain(leaf.strength, n, s, rules.every_player, rules.tie_pass, nets[s])
    # group d = M when the deck decides (sums over m_s / M), else d = 1
    d = M if (w and not rules.fallback_button) else 1
    v.d = d
    for s in range(n):
        scale = leaf.board_weight[s] * d
        if w:
            if rules.fallback_button:
                scale += w * (s == rules.button)
            else:
                scale += w * leaf.deck_naming[s]
        sums.act[d][s] += scale
        if not needed[s]:
            continue
        for i in range(n):
            v.net[i] += scale * nets[s][i]
            r = i - s if i >= s else i - s + n
            v.rel[r] += scale * nets[s][i]


cdef void add_values(Sums* sums, Values* v, int n, bint squares) noexcept nogil:
    cdef int i
    if v.d == 0:
        return
    for i in range(n):
        sums.net[v.d][i] += v.net[i]
        sums.rel[v.d][i] += v.rel[i]
        if squares:
            sums.net_sq[v.d][i] += v.net[i] * v.net[i]
            sums.rel_sq[v.d][i] += v.rel[i] * v.rel[i]
            sums.share_sq[i] += v.share[i] * v.share[i]


# --- exact enumeration --------------------------------------------------------------------

cdef struct Walk:
    const Rules* rules
    Deal* deal
    Sums* sums
    Leaf leaf
    uint8_t cards[MAX_SEATS][7]        # each seat's seven cards: two hole, then the board
    uint8_t chosen[5]                  # the unknown community cards of this completion
    uint8_t used[N_CARDS]
    uint8_t free_cards[N_CARDS]
    int n_free
    int base_naming[MAX_SEATS]         # naming cards in the deck before unknown holes
    uint16_t* pair_strength            # 52 * 52, per completed board
    int64_t orderings
    bint want_categories
    Values values


cdef void fill_board(Walk* w) noexcept nogil:
    """Write the completed board into every seat's seven cards."""
    cdef int i, seat, j = 0
    for i in range(5):
        for seat in range(w.rules.n):
            w.cards[seat][2 + i] = w.deal.board[i] if w.deal.board[i] >= 0 else w.chosen[j]
        if w.deal.board[i] < 0:
            j += 1


cdef void seats_walk(Walk* w, int index) noexcept nogil:
    cdef int seat, a, b, ia, ib, s
    if index == w.deal.n_unknown:
        for s in range(w.rules.n):
            w.leaf.deck_naming[s] = w.base_naming[s]
        for a in range(w.deal.n_unknown):
            seat = w.deal.unknown[a]
            for b in range(2):
                s = w.rules.seat_of_rank[card_rank(w.cards[seat][b])]
                if s >= 0:
                    w.leaf.deck_naming[s] -= 1
        clear_values(&w.values, w.rules.n)
        settle_leaf(w.rules, &w.leaf, w.orderings, w.want_categories, w.sums, &w.values)
        add_values(w.sums, &w.values, w.rules.n, False)
        return
    seat = w.deal.unknown[index]
    for ia in range(w.n_free):
        a = w.free_cards[ia]
        if w.used[a]:
            continue
        w.used[a] = 1
        for ib in range(ia + 1, w.n_free):
            b = w.free_cards[ib]
            if w.used[b]:
                continue
            w.used[b] = 1
            w.cards[seat][0] = a
            w.cards[seat][1] = b
            w.leaf.strength[seat] = w.pair_strength[a * 52 + b]
            seats_walk(w, index + 1)
            w.used[b] = 0
        w.used[a] = 0


cdef void board_complete(Walk* w) noexcept nogil:
    cdef int i, j, a, b, seat, s
    fill_board(w)
    ordering_weights(w.rules, w.deal.board, w.chosen, w.deal.k, &w.leaf)
    for seat in range(w.rules.n):
        if w.deal.hole[seat][0] >= 0:
            w.leaf.strength[seat] = strength7(w.cards[seat])
    for s in range(w.rules.n):
        w.base_naming[s] = 0
    w.n_free = 0
    for i in range(w.deal.n_avail):
        a = w.deal.avail[i]
        if not w.used[a]:
            w.free_cards[w.n_free] = a
            w.n_free += 1
            s = w.rules.seat_of_rank[card_rank(a)]
            if s >= 0:
                w.base_naming[s] += 1
    if w.deal.n_unknown:
        # each possible unknown hand is evaluated once per board
        seat = w.deal.unknown[0]
        for i in range(w.n_free):
            for j in range(i + 1, w.n_free):
                a = w.free_cards[i]
                b = w.free_cards[j]
                w.cards[seat][0] = a
                w.cards[seat][1] = b
                w.pair_strength[a * 52 + b] = strength7(w.cards[seat])
    seats_walk(w, 0)


cdef void board_walk(Walk* w, int start, int depth) noexcept nogil:
    cdef int i, c
    if depth == w.deal.k:
        board_complete(w)
        return
    for i in range(start, w.deal.n_avail):
        c = w.deal.avail[i]
        w.chosen[depth] = c
        w.used[c] = 1
        board_walk(w, i + 1, depth + 1)
        w.used[c] = 0


# --- seeded sampling ------------------------------------------------------------------------

cdef void sample_deals(Walk* w, int64_t samples, Rng* g, uint8_t* deck) noexcept nogil:
    """``samples`` more random completions, drawn from the generator ``g`` and the shuffled ``deck``
    (both carried from one call to the next, so a run cut into calls draws what one call would)."""
    cdef int n = w.deal.n_avail, i, j, t, seat, s, taken, rotation
    cdef int rotations = w.rules.n if w.deal.n_unknown == w.rules.n else 1
    cdef uint16_t dealt[MAX_SEATS]
    cdef int64_t _sample
    for _sample in range(samples):
        # a partial Fisher-Yates shuffle: the first k + 2u cards are the unknown ones
        taken = w.deal.k + 2 * w.deal.n_unknown
        for i in range(taken):
            j = i + below(g, n - i)
            t = deck[i]
            deck[i] = deck[j]
            deck[j] = t
        for i in range(w.deal.k):
            w.chosen[i] = deck[i]
        fill_board(w)
        ordering_weights(w.rules, w.deal.board, w.chosen, w.deal.k, &w.leaf)
        for i in range(w.deal.n_unknown):
            seat = w.deal.unknown[i]
            w.cards[seat][0] = deck[w.deal.k + 2 * i]
            w.cards[seat][1] = deck[w.deal.k + 2 * i + 1]
        for seat in range(w.rules.n):
            dealt[seat] = strength7(w.cards[seat])
            w.leaf.deck_naming[seat] = 0
        for i in range(taken, n):
            s = w.rules.seat_of_rank[card_rank(deck[i])]
            if s >= 0:
                w.leaf.deck_naming[s] += 1
        # with every hand unknown, each rotation of the dealt hands round the seats is just as
        # likely (and leaves the deck as it is): averaging over them cuts the variance for free
        clear_values(&w.values, w.rules.n)
        for rotation in range(rotations):
            for seat in range(w.rules.n):
                t = seat + rotation
                w.leaf.strength[seat] = dealt[t if t < w.rules.n else t - w.rules.n]
            settle_leaf(w.rules, &w.leaf, w.orderings, w.want_categories, w.sums, &w.values)
        add_values(w.sums, &w.values, w.rules.n, True)
    w.sums.samples += samples


# --- Python entry points ----------------------------------------------------------------------

cdef void read_rules(dict spec, Rules* rules) except *:
    cdef int i
    memset(rules, 0, sizeof(Rules))
    rules.n = spec["n"]
    if not 2 <= rules.n <= MAX_SEATS:
        raise ValueError("between 2 and 8 seats")
    for i in range(13):
        rules.seat_of_rank[i] = spec["seat_of_rank"][i]
    rules.n_action = len(spec["action_positions"])
    if rules.n_action > 5:
        raise ValueError("at most five community cards name the action hand")
    for i in range(13):
        if not -1 <= rules.seat_of_rank[i] < rules.n:
            raise ValueError("a rank names a seat that is not at the table")
    for i in range(rules.n_action):
        rules.action_pos[i] = spec["action_positions"][i]
        if not 0 <= rules.action_pos[i] < 5:
            raise ValueError("action positions are community cards 0..4")
    rules.fallback_button = spec["fallback_button"]
    rules.every_player = spec["every_player"]
    rules.tie_pass = spec["tie_pass"]
    rules.one_tie_button = spec["one_tie_button"]
    rules.no_bettor_best = spec["no_bettor_best"]
    rules.button = spec["button"]
    rules.bettor_mask = spec["bettor_mask"]
    if not -1 <= rules.button < rules.n or not 0 <= rules.bettor_mask < (1 << rules.n):
        raise ValueError("the button and the bettors must be seats at the table")
    rules.phase_two = spec.get("phase_two", True)


cdef void read_deal(dict spec, Deal* deal) except *:
    cdef int i, seat, card
    cdef uint8_t known[N_CARDS]
    memset(deal, 0, sizeof(Deal))
    memset(known, 0, sizeof(known))
    n = spec["n"]
    if not 2 <= n <= MAX_SEATS or len(spec["holes"]) != n or len(spec["board"]) != 5:
        raise ValueError("a deal needs 2 to 8 seats' holes and five board entries")
    for seat in range(n):
        hole = spec["holes"][seat]
        if hole is None:
            deal.hole[seat][0] = deal.hole[seat][1] = -1
            deal.unknown[deal.n_unknown] = seat
            deal.n_unknown += 1
        else:
            if len(hole) != 2:
                raise ValueError("a hole is two cards")
            mark_cards(hole, known)
            deal.hole[seat][0], deal.hole[seat][1] = hole
    for i in range(5):
        deal.board[i] = spec["board"][i]
        if deal.board[i] >= 0:
            mark_cards((deal.board[i],), known)
        else:
            deal.k += 1
    mark_cards(spec["dead"], known)
    for card in range(N_CARDS):
        if not known[card]:
            deal.avail[deal.n_avail] = card
            deal.n_avail += 1
    # the unknown hole cards and community cards come from what is left: refuse a deal they overrun
    if deal.n_avail < 2 * deal.n_unknown + deal.k:
        raise ValueError(f"the deal needs {2 * deal.n_unknown + deal.k} more cards but {deal.n_avail} are left")


cdef dict sums_dict(Sums* sums, int n):
    cdef int d, i, k
    return {
        "weight": sums.weight, "samples": sums.samples, "no_naming": sums.no_naming,
        "wins": [[sums.wins[k][i] for i in range(n)] for k in range(9)],
        "share_sq": [sums.share_sq[i] for i in range(n)],
        "act": {d: [sums.act[d][i] for i in range(n)] for d in range(1, N_DENOMS) if any_row(sums.act[d], n)},
        "net": {d: [sums.net[d][i] for i in range(n)] for d in range(1, N_DENOMS) if any_row(sums.act[d], n)},
        "rel": {d: [sums.rel[d][i] for i in range(n)] for d in range(1, N_DENOMS) if any_row(sums.act[d], n)},
        "net_sq": {d: [sums.net_sq[d][i] for i in range(n)] for d in range(1, N_DENOMS) if any_row(sums.act[d], n)},
        "rel_sq": {d: [sums.rel_sq[d][i] for i in range(n)] for d in range(1, N_DENOMS) if any_row(sums.act[d], n)},
        "categories": [[sums.categories[i][k] for k in range(N_CATEGORIES)] for i in range(n)],
    }


cdef bint any_row(const int64_t* row, int n):
    cdef int i
    for i in range(n):
        if row[i]:
            return True
    return False


def count_deals(dict spec, long long samples=0, unsigned long long seed=0, bint categories=False,
                progress=None):
    """Integer sums over every completion of a partly known deal (``samples=0``) or over
    ``samples`` seeded random completions (``progress(n)`` is called as each batch of ``n``
    samples is done; the batches draw exactly what one run would).

    ``spec`` holds the rules as plain numbers (see ``fast_action_odds.kernel_spec``): ``n``,
    ``seat_of_rank``, ``action_positions``, ``fallback_button``, ``every_player``, ``tie_pass``,
    ``one_tie_button``, ``no_bettor_best``, ``button``, ``bettor_mask``, and the deal: ``holes``
    (a card pair or None per seat), ``board`` (5 entries, -1 unknown), ``dead``.
    """
    cdef Rules rules
    cdef Deal deal
    cdef Sums* sums = <Sums*>PyMem_Calloc(1, sizeof(Sums))
    cdef Walk* w = <Walk*>PyMem_Calloc(1, sizeof(Walk))
    cdef int seat, i
    cdef Rng g
    cdef uint8_t deck[N_CARDS]
    cdef int64_t done, batch
    if sums == NULL or w == NULL:
        raise MemoryError()
    try:
        read_rules(spec, &rules)
        read_deal(spec, &deal)
        w.rules = &rules
        w.deal = &deal
        w.sums = sums
        w.want_categories = categories
        w.orderings = falling(deal.k, deal.k)
        for seat in range(rules.n):
            if deal.hole[seat][0] >= 0:
                w.cards[seat][0] = deal.hole[seat][0]
                w.cards[seat][1] = deal.hole[seat][1]
        if samples > 0:
            seed_rng(&g, seed)
            for i in range(deal.n_avail):
                deck[i] = deal.avail[i]
            done = 0
            while done < samples:
                batch = min(SAMPLE_BATCH, samples - done)
                with nogil:
                    sample_deals(w, batch, &g, deck)
                done += batch
                if progress is not None:
                    progress(batch)
        else:
            w.pair_strength = <uint16_t*>PyMem_Calloc(52 * 52, sizeof(uint16_t))
            if w.pair_strength == NULL:
                raise MemoryError()
            with nogil:
                board_walk(w, 0, 0)
            PyMem_Free(w.pair_strength)
        return sums_dict(sums, rules.n)
    finally:
        PyMem_Free(sums)
        PyMem_Free(w)


def chain_nets(strengths, int start, bint every_player=False, bint tie_pass=False):
    """Phase-two nets in bets for hand strengths listed clockwise (the kernel's chain).

    >>> chain_nets([5, 9, 9, 3], 2)
    [-1, 0, 2, -1]
    """
    cdef uint16_t h[MAX_SEATS]
    cdef int nets[MAX_SEATS]
    cdef int n = len(strengths), i
    if not 2 <= n <= MAX_SEATS or not 0 <= start < n:
        raise ValueError("2 to 8 strengths and a start among them")
    for i in range(n):
        h[i] = strengths[i]
    chain(h, n, start, every_player, tie_pass, nets)
    return [nets[i] for i in range(n)]


# --- showdown equity against random hands (optional-bet decisions) --------------------------

cdef struct Equity:
    uint8_t seven[7]
    uint8_t board_cards[5]
    int n_board
    uint8_t avail[N_CARDS]
    int n_avail
    uint8_t used[N_CARDS]
    int opponents
    int64_t counts[3]          # deals where nobody beats the hero and t opponents tie
    int64_t total


cdef void equity_board(Equity* e) noexcept nogil:
    """One complete board: count opponent hands below, level with and above the hero."""
    cdef uint8_t free_cards[N_CARDS]
    cdef uint8_t cards[7]
    cdef int64_t deg_low[N_CARDS]
    cdef int64_t deg_equal[N_CARDS]
    cdef int64_t n_low = 0, n_equal = 0, pairs, sum_ll = 0, sum_le = 0, sum_ee = 0
    cdef int f = 0, i, j, a, b
    cdef uint16_t hero, s
    for i in range(5):
        e.seven[2 + i] = e.board_cards[i]
        cards[2 + i] = e.board_cards[i]
    hero = strength7(e.seven)
    for i in range(e.n_avail):
        if not e.used[e.avail[i]]:
            free_cards[f] = e.avail[i]
            deg_low[e.avail[i]] = 0
            deg_equal[e.avail[i]] = 0
            f += 1
    for i in range(f):
        for j in range(i + 1, f):
            a = free_cards[i]
            b = free_cards[j]
            cards[0] = a
            cards[1] = b
            s = strength7(cards)
            if s < hero:
                n_low += 1
                deg_low[a] += 1
                deg_low[b] += 1
            elif s == hero:
                n_equal += 1
                deg_equal[a] += 1
                deg_equal[b] += 1
    pairs = <int64_t>f * (f - 1) // 2
    if e.opponents == 1:
        e.counts[0] += n_low
        e.counts[1] += n_equal
        e.total += pairs
        return
    # two opponents: ordered pairs of disjoint hands, by inclusion-exclusion on shared cards
    for i in range(f):
        a = free_cards[i]
        sum_ll += deg_low[a] * deg_low[a]
        sum_le += deg_low[a] * deg_equal[a]
        sum_ee += deg_equal[a] * deg_equal[a]
    e.counts[0] += n_low * n_low - sum_ll + n_low
    e.counts[1] += 2 * (n_low * n_equal - sum_le)
    e.counts[2] += n_equal * n_equal - sum_ee + n_equal
    e.total += pairs * pairs - <int64_t>f * (f - 1) * (f - 1) + pairs


cdef void equity_walk(Equity* e, int start, int depth) noexcept nogil:
    cdef int i, c
    if depth == 5:
        equity_board(e)
        return
    for i in range(start, e.n_avail):
        c = e.avail[i]
        e.board_cards[depth] = c
        e.used[c] = 1
        equity_walk(e, i + 1, depth + 1)
        e.used[c] = 0


def equity_counts(hero, board, dead, int opponents):
    """Exact showdown counts of a hero hand against 1 or 2 random opponents.

    Returns ``(total, counts)``: of ``total`` equally likely deals (board completions times
    ordered opponent hands), ``counts[t]`` are those where no opponent beats the hero and
    ``t`` opponents tie.

    >>> total, counts = equity_counts([51, 47], [50, 46, 42, 38, 0], [], 1)
    >>> total, counts[0]
    (990, 515)
    """
    cdef Equity e
    cdef uint8_t known[N_CARDS]
    cdef int card, i
    if opponents not in (1, 2):
        raise ValueError("exact equity is counted for 1 or 2 opponents")
    if len(hero) != 2 or not 3 <= len(board) <= 5:
        raise ValueError("exact equity needs two hole cards and 3 to 5 community cards")
    memset(&e, 0, sizeof(Equity))
    memset(known, 0, sizeof(known))
    e.opponents = opponents
    mark_cards(list(hero) + list(board) + list(dead), known)
    e.seven[0], e.seven[1] = hero
    for i, card in enumerate(board):
        e.board_cards[i] = card
    e.n_board = len(board)
    for card in range(N_CARDS):
        if not known[card]:
            e.avail[e.n_avail] = card
            e.n_avail += 1
    if e.n_avail < 2 * opponents + 5 - e.n_board:
        raise ValueError(f"{2 * opponents + 5 - e.n_board} more cards are needed but {e.n_avail} are left")
    with nogil:
        equity_walk(&e, 0, e.n_board)
    return e.total, [e.counts[0], e.counts[1], e.counts[2]]
