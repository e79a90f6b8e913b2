# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Other boxes' cards seen, card by card: exact tallies of a three-card game (see exposure3.pyx for
the coefficients, the tallies and the relative tables) when the player sees one other box, the
dealer's cards hidden (``boxes_by_card``) or one dealer card face up (``upcard_box``), and the
slow cross-check of exposure3_ranks.boxes_by_rank (``dead_cards_by_card``).

A borderline player hand (bounds on its margin over every dead triple do not settle it) prices
each dead triple in O(1) from the single-card and pair margins, by inclusion-exclusion over the
triple's cards; the flipped triples' dealer counts come from how many flipped triples hold each
card and each pair.
"""
from libc.stdint cimport int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, choose, next_combination
from oddscalc._native.eval3 cimport strength3
from oddscalc._native.exposure3 cimport (MAX_DEAD, Game, PlayerHand, _Tallies, category, plays, settle, settle_flips,
                                         weigh)


cdef inline void _keep_top3(int64_t* top, int64_t v) noexcept nogil:
    if v > top[0]:
        top[2] = top[1]
        top[1] = top[0]
        top[0] = v
    elif v > top[1]:
        top[2] = top[1]
        top[1] = v
    elif v > top[2]:
        top[2] = v


cdef inline void _keep_bottom3(int64_t* bottom, int64_t v) noexcept nogil:
    if v < bottom[0]:
        bottom[2] = bottom[1]
        bottom[1] = bottom[0]
        bottom[0] = v
    elif v < bottom[1]:
        bottom[2] = bottom[1]
        bottom[1] = v
    elif v < bottom[2]:
        bottom[2] = v


cdef class _BoxScratch:
    """The per-card and per-pair arrays of the one-box cases: margins of single cards (m1) and of
    pairs (pair: a margin or a dealer category), and how many flipped triples hold each card (c1)
    and each pair (c2)."""
    cdef int64_t* m1
    cdef int64_t* pair
    cdef int64_t* c1
    cdef int64_t* c2

    def __cinit__(self):
        self.m1 = <int64_t*>malloc(N_CARDS * sizeof(int64_t))
        self.c1 = <int64_t*>malloc(N_CARDS * sizeof(int64_t))
        self.pair = <int64_t*>malloc(N_CARDS * N_CARDS * sizeof(int64_t))
        self.c2 = <int64_t*>malloc(N_CARDS * N_CARDS * sizeof(int64_t))
        if self.m1 == NULL or self.c1 == NULL or self.pair == NULL or self.c2 == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.m1)
        free(self.c1)
        free(self.pair)
        free(self.c2)


def boxes_by_card(Game game not None, int boxes=1):
    """Tallies when the player sees one other box (three dead cards), dealer hidden: a deal is
    (player hand, the box, the dealer hand).  Every dead triple of a borderline player hand is
    priced by inclusion-exclusion in O(1).  Returns (tally rows per class, borderline hands)."""
    if boxes != 1:
        raise ValueError("boxes_by_card prices one box; use boxes_by_rank for more")
    cdef _Tallies out = _Tallies(0, 0)
    cdef PlayerHand hand
    cdef int64_t flip_counts[4]
    cdef int64_t margin, mx, mxy, lb, ub, n_flip, n_dead_sets, per_set
    cdef int64_t c3[4]
    cdef int h, i, j, k, x, y, z, cat, n = game.n_deck, borderline = 0
    cdef int64_t top[3]
    cdef int64_t bottom[3]
    cdef int64_t lo2, hi2, v
    cdef _BoxScratch work = _BoxScratch()
    cdef int64_t counts[4]
    n_dead_sets = choose(n - 3, 3)
    per_set = choose(n - 6, 3)
    with nogil:
        for h in range(game.n_hands):
            game.enter(h, &hand)
            # margins of the relative tables, and bounds over every dead triple
            top[0] = top[1] = top[2] = -(1 << 60)
            bottom[0] = bottom[1] = bottom[2] = 1 << 60
            lo2, hi2 = 1 << 60, -(1 << 60)
            for i in range(hand.n_rest):
                x = hand.rest[i]
                game.a1_of(x, counts)
                v = weigh(hand.mk, counts)
                work.m1[x] = v
                _keep_top3(top, v)
                _keep_bottom3(bottom, v)
                for j in range(i + 1, hand.n_rest):
                    y = hand.rest[j]
                    game.a2_of(x, y, counts)
                    v = weigh(hand.mk, counts)
                    work.pair[x * N_CARDS + y] = v
                    lo2 = v if v < lo2 else lo2
                    hi2 = v if v > hi2 else hi2
            lb = hand.m0 - top[0] - top[1] - top[2] + 3 * lo2 - hand.hi_m
            ub = hand.m0 - bottom[0] - bottom[1] - bottom[2] + 3 * hi2 - hand.lo_m
            n_flip = 0
            c3[0] = c3[1] = c3[2] = c3[3] = 0
            if (hand.base and plays(lb, game.tie_plays)) or (not hand.base and not plays(ub, game.tie_plays)):
                pass      # the same decision whatever the box holds
            else:
                borderline += 1
                memset(work.c1, 0, N_CARDS * sizeof(int64_t))
                memset(work.c2, 0, N_CARDS * N_CARDS * sizeof(int64_t))
                for i in range(hand.n_rest):
                    x = hand.rest[i]
                    mx = hand.m0 - work.m1[x]
                    for j in range(i + 1, hand.n_rest):
                        y = hand.rest[j]
                        mxy = mx - work.m1[y] + work.pair[x * N_CARDS + y]
                        for k in range(j + 1, hand.n_rest):
                            z = hand.rest[k]
                            cat = category(strength3(game.ranking, x, y, z), hand.s, game.qualify)
                            margin = (mxy - work.m1[z] + work.pair[x * N_CARDS + z] + work.pair[y * N_CARDS + z]
                                      - hand.mk[cat])
                            if plays(margin, game.tie_plays) != hand.base:
                                n_flip += 1
                                work.c1[x] += 1
                                work.c1[y] += 1
                                work.c1[z] += 1
                                work.c2[x * N_CARDS + y] += 1
                                work.c2[x * N_CARDS + z] += 1
                                work.c2[y * N_CARDS + z] += 1
                                c3[cat] += 1
            # the flipped dead triples' dealer counts, by inclusion-exclusion
            for cat in range(4):
                flip_counts[cat] = n_flip * hand.base_counts[cat] - c3[cat]
            if n_flip:
                for i in range(hand.n_rest):
                    x = hand.rest[i]
                    if work.c1[x]:
                        game.a1_of(x, counts)
                        for cat in range(4):
                            flip_counts[cat] -= work.c1[x] * counts[cat]
                    for j in range(i + 1, hand.n_rest):
                        y = hand.rest[j]
                        if work.c2[x * N_CARDS + y]:
                            game.a2_of(x, y, counts)
                            for cat in range(4):
                                flip_counts[cat] += work.c2[x * N_CARDS + y] * counts[cat]
            settle_flips(out.rows[hand.kl], hand.base, hand.weight, hand.base_counts, n_dead_sets, per_set,
                         per_set, n_flip, flip_counts)
    return out.class_rows(game.n_classes), borderline


def upcard_box(Game game not None):
    """Tallies of a game with one dealer card face up when the player also sees one other box:
    a deal is (player hand, upcard, the box, the dealer's two other cards).  Per (hand,
    upcard) the dealer hands are the upcard plus two cards, so a dead triple D leaves
    A1[u] - sum over x in D of A2[u][x] + sum over pairs of D of [u x y]; the no-information
    decision is the upcard game's.  Returns (tally rows per class, borderline situations)."""
    cdef _Tallies out = _Tallies(0, 0)
    cdef PlayerHand hand
    cdef int64_t base_counts[4]
    cdef int64_t flip_counts[4]
    cdef int64_t counts[4]
    cdef int64_t m0, margin, mx, mxy, lb, ub, n_flip, n_sets, per_set, sets_per_hand
    cdef int h, i, j, k, x, y, z, u, cat, n = game.n_deck, n_card, borderline = 0
    cdef bint base
    cdef int64_t top[3]
    cdef int64_t bottom[3]
    cdef int64_t v
    cdef int cards[52]
    cdef _BoxScratch work = _BoxScratch()
    n_sets = choose(n - 4, 3)
    per_set = choose(n - 7, 2)
    sets_per_hand = choose(n - 6, 3)
    with nogil:
        for h in range(game.n_hands):
            game.enter(h, &hand)
            for i in range(hand.n_rest):
                u = hand.rest[i]
                game.a1_of(u, base_counts)
                m0 = weigh(hand.mk, base_counts)
                base = plays(m0, game.tie_plays)
                n_card = 0
                top[0] = top[1] = top[2] = -(1 << 60)
                bottom[0] = bottom[1] = bottom[2] = 1 << 60
                for j in range(hand.n_rest):
                    x = hand.rest[j]
                    if x == u:
                        continue
                    cards[n_card] = x
                    n_card += 1
                    game.a2_of(u, x, counts)
                    v = weigh(hand.mk, counts)
                    work.m1[x] = v
                    _keep_top3(top, v)
                    _keep_bottom3(bottom, v)
                lb = m0 - top[0] - top[1] - top[2] + 3 * hand.lo_m
                ub = m0 - bottom[0] - bottom[1] - bottom[2] + 3 * hand.hi_m
                n_flip = 0
                if not ((base and plays(lb, game.tie_plays)) or (not base and not plays(ub, game.tie_plays))):
                    borderline += 1
                    memset(work.c1, 0, N_CARDS * sizeof(int64_t))
                    memset(work.c2, 0, N_CARDS * N_CARDS * sizeof(int64_t))
                    for j in range(n_card):
                        x = cards[j]
                        for k in range(j + 1, n_card):
                            y = cards[k]
                            work.pair[x * N_CARDS + y] = category(strength3(game.ranking, u, x, y),
                                                                  hand.s, game.qualify)
                    for j in range(n_card):
                        x = cards[j]
                        mx = m0 - work.m1[x]
                        for k in range(j + 1, n_card):
                            y = cards[k]
                            mxy = mx - work.m1[y] + hand.mk[work.pair[x * N_CARDS + y]]
                            for z in range(k + 1, n_card):
                                margin = (mxy - work.m1[cards[z]] + hand.mk[work.pair[x * N_CARDS + cards[z]]]
                                          + hand.mk[work.pair[y * N_CARDS + cards[z]]])
                                if plays(margin, game.tie_plays) != base:
                                    n_flip += 1
                                    work.c1[x] += 1
                                    work.c1[y] += 1
                                    work.c1[cards[z]] += 1
                                    work.c2[x * N_CARDS + y] += 1
                                    work.c2[x * N_CARDS + cards[z]] += 1
                                    work.c2[y * N_CARDS + cards[z]] += 1
                for cat in range(4):
                    flip_counts[cat] = n_flip * base_counts[cat]
                if n_flip:
                    for j in range(n_card):
                        x = cards[j]
                        if work.c1[x]:
                            game.a2_of(u, x, counts)
                            for cat in range(4):
                                flip_counts[cat] -= work.c1[x] * counts[cat]
                        for k in range(j + 1, n_card):
                            y = cards[k]
                            if work.c2[x * N_CARDS + y]:
                                flip_counts[work.pair[x * N_CARDS + y]] += work.c2[x * N_CARDS + y]
                settle_flips(out.rows[hand.kl], base, hand.weight, base_counts, n_sets, per_set, sets_per_hand,
                             n_flip, flip_counts)
    return out.class_rows(game.n_classes), borderline


def dead_cards_by_card(Game game not None, int n_dead):
    """Tallies as boxes_by_rank(n_dead), but every dead set of every player hand priced card by
    card (inclusion-exclusion over its cards, no bound, no shortcut): a slow cross-check of
    the rank-level enumeration, for reduced decks."""
    if not 1 <= n_dead <= MAX_DEAD or game.n_deck < n_dead + 6:
        raise ValueError("too many dead cards for the deck")
    cdef _Tallies out = _Tallies(0, 0)
    cdef PlayerHand hand
    cdef int64_t counts[4]
    cdef int64_t one[4]
    cdef int h, i, j, k, cat, changed
    cdef int pick[MAX_DEAD]
    with nogil:
        for h in range(game.n_hands):
            game.enter(h, &hand)
            for i in range(n_dead):
                pick[i] = i
            changed = 0
            while changed >= 0:
                for cat in range(4):
                    counts[cat] = hand.base_counts[cat]
                for i in range(n_dead):
                    game.a1_of(hand.rest[pick[i]], one)
                    for cat in range(4):
                        counts[cat] -= one[cat]
                    for j in range(i + 1, n_dead):
                        game.a2_of(hand.rest[pick[i]], hand.rest[pick[j]], one)
                        for cat in range(4):
                            counts[cat] += one[cat]
                        for k in range(j + 1, n_dead):
                            counts[category(strength3(game.ranking, hand.rest[pick[i]], hand.rest[pick[j]],
                                                      hand.rest[pick[k]]), hand.s, game.qualify)] -= 1
                settle(out.rows[hand.kl], plays(weigh(hand.mk, counts), game.tie_plays), hand.weight, counts)
                changed = next_combination(pick, n_dead, hand.n_rest)
    return out.class_rows(game.n_classes)
