# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact tallies of a three-card game when the player sees more than his hand.  No paytable here.

The caller gives, per hand class, the integer decision coefficients (a, b, c, d) of
engines.three_card.solve.scaled_coefficients: with N dealer hands of which nq do not qualify, dw beat
the player, tie tie and pw lose to him, the player plays iff a*nq + b*pw + c*dw + d*N > 0 (or
= 0 when ties play).  Per dealer hand that is a weight m[cat] (nq: a+d, dw: c+d, tie: d, pw: b+d),
so the margin of any set of dealer hands is a sum of weights.  Every function returns integer
tallies per hand class x (fold, dealer-not-qualify, lose, push, win), counted in equally likely
deals, exactly the ``tally`` of engines.three_card.solve.Solution.

This module holds the ``Game`` (the tables every case uses, declared in exposure3.pxd) and the
cases where dealer cards are seen; see oddscalc/engines/three_card/exposure.py for the deals each
case counts:

* ``Game.dealer_cards(k)``: k of the dealer's three cards;
* ``Game.sorted_cards(k)``: for k dealer cards only whether each has a rank of the sorted set R;
* other boxes' cards (dead cards), dealer hidden: ``exposure3_boxes.boxes_by_card(game, 1)`` and
  ``exposure3_boxes.upcard_box(game)`` card by card, ``exposure3_ranks.boxes_by_rank(game, n_dead)``
  rank by rank.

How it counts:

* suit symmetry: on a deck where every rank has four suits or none, only one player hand per
  suit-permutation class is dealt, with its class size as weight;
* per player hand P, relative tables by inclusion-exclusion on cumulative strength counts:
  A2[c][d][cat] = dealer hands avoiding P that hold cards c and d, per category (not qualifying,
  above, equal, below the player); A1[c] = sum over d of A2[c][d] / 2; A0 = sum of A1 / 3.  A
  seen card u gives the counts A1[u], a seen pair A2[u][v]; dead cards D give
  A0 - sum A1[x] + sum A2[x][y] - [D itself] (inclusion-exclusion over the known cards);
* law of total expectation: a hand whose decision is provably the same for every observation
  (bounds on its margin) contributes its no-information counts, so only borderline hands are
  enumerated, and only the observations where the decision differs from the no-information one
  are tallied (as a correction of the no-information tally).
"""
from libc.stdint cimport uint8_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset

from oddscalc._native.cards cimport N_CARDS, card_rank, card_suit, choose, mark_cards, sort3_desc
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3
from oddscalc._native.colex import class_reads


cdef inline int _hand_key(int a, int b, int c) noexcept nogil:
    """Sorted three cards as one integer (for comparing suit images)."""
    c, b, a = sort3_desc(a, b, c)
    return (a * 52 + b) * 52 + c


cdef class _Tallies:
    """What a case adds up (see exposure3.pxd)."""

    def __cinit__(self, int n_obs, int n_strengths):
        memset(self.rows, 0, sizeof(self.rows))
        self.n_obs = n_obs
        self.n_strengths = n_strengths
        self.decided = <int64_t*>calloc(2 * n_obs * n_strengths + 1, sizeof(int64_t))
        if self.decided == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.decided)

    cdef list class_rows(self, int n_classes):
        return [tuple(self.rows[kl][i] for i in range(5)) for kl in range(n_classes)]


cdef class Game:
    """A deck, a ranking, a qualifier and per-class decision coefficients; the tables every case uses.

    ``klass``: hand-class index of every strength; ``coefficients``: (a, b, c, d) per class index;
    ``sorted_ranks``: the ranks (0..12) of the sorted set, or () when nothing is sorted; ``ties``:
    0 a tie with a qualifying dealer pushes, 1 the player wins it, 2 the dealer does.
    """

    def __cinit__(self, ThreeCardRanking ranking, deck, int qualify, klass, coefficients,
                  bint tie_plays, sorted_ranks=(), int ties=0):
        cdef int i
        self.klass = NULL
        self.below2 = NULL
        self.hands = NULL
        self.hand_weight = NULL
        self.rel.a2 = NULL
        self.rel.a1 = NULL
        self.ranking = ranking
        self.qualify = qualify
        self.tie_plays = tie_plays
        self.n_strengths = ranking.n_strengths
        self.width = ranking.n_strengths + 1
        if len(klass) != ranking.n_strengths:
            raise ValueError("one class index per strength is needed")
        if not 0 <= qualify <= ranking.n_strengths or not 0 <= ties <= 2:
            raise ValueError("qualify must be a strength (or n_strengths: never) and ties 0, 1 or 2")
        self.n_classes = len(coefficients)
        if not 0 < self.n_classes <= MAX_CLASSES:
            raise ValueError(f"between 1 and {MAX_CLASSES} hand classes are needed")
        self.klass = <int*>malloc(self.n_strengths * sizeof(int))
        if self.klass == NULL:
            raise MemoryError()
        for i in range(self.n_strengths):
            if not 0 <= klass[i] < self.n_classes:
                raise ValueError("class index out of range")
            self.klass[i] = klass[i]
        for i, (a, b, cc, dd) in enumerate(coefficients):
            self.m[i][NQ] = a + dd
            self.m[i][DW] = cc + dd
            self.m[i][TIE] = dd
            self.m[i][PW] = b + dd
            # a tie settled for the player (1) or the dealer (2) weighs as that result; the
            # tallies still count it as a push, and the caller settles it
            if ties == 1:
                self.m[i][TIE] = self.m[i][PW]
            elif ties == 2:
                self.m[i][TIE] = self.m[i][DW]
        memset(self.in_deck, 0, sizeof(self.in_deck))
        cards = sorted(deck)
        if len(set(cards)) != len(cards) or any(not 0 <= x < N_CARDS for x in cards):
            raise ValueError("the deck must hold distinct card codes 0..51")
        self.n_deck = len(cards)
        for i, x in enumerate(cards):
            self.deck[i] = x
            self.in_deck[x] = 1
        if self.n_deck < 9:
            raise ValueError(f"a deck of {self.n_deck} cards is too small")
        self._build_classes(sorted_ranks)
        self.symmetric = all(sum(self.in_deck[4 * r + u] for u in range(4)) in (0, 4) for r in range(13))
        self._build_tables()
        self._build_hands()
        self.rel.a2 = <int32_t*>calloc(self.n_cls * N_CARDS * N_CARDS * 4, sizeof(int32_t))
        self.rel.a1 = <int64_t*>calloc(self.n_cls * N_CARDS * 4, sizeof(int64_t))
        if self.rel.a2 == NULL or self.rel.a1 == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.klass)
        free(self.below2)
        free(self.hands)
        free(self.hand_weight)
        free(self.rel.a2)
        free(self.rel.a1)

    cdef void _build_classes(self, sorted_ranks) except *:
        """The sorted classes: ``sorted_ranks`` one set of ranks (in it or not) or several sets, each a
        class, the ranks in none the last class; every way three cards fall into them (a composition)
        gets a dense index, in increasing code order (for one set: the number of cards in it)."""
        cdef int x, k, a, b, c, code, n = 0
        groups = [tuple(g) for g in sorted_ranks] if sorted_ranks and not isinstance(sorted_ranks[0], int) \
            else ([tuple(sorted_ranks)] if sorted_ranks else [])
        if len(groups) + 1 > MAX_PARTS or any(not g for g in groups):
            raise ValueError(f"at most {MAX_PARTS - 1} sorted classes of one or more ranks")
        seen_ranks = [r for g in groups for r in g]
        if len(set(seen_ranks)) != len(seen_ranks) or any(not 0 <= r < 13 for r in seen_ranks):
            raise ValueError("the sorted classes must hold distinct ranks 0..12")
        self.n_parts = len(groups) + 1 if groups else 1
        weight = [0] + [1 << (2 * i) for i in range(len(groups))]
        for x in range(N_CARDS):
            self.cls_of_card[x] = 0
            for k, g in enumerate(groups):
                if (x >> 2) in g:
                    self.cls_of_card[x] = weight[k + 1]
        memset(self.comp_of_code, 0, sizeof(self.comp_of_code))
        memset(self.comp_parts, 0, sizeof(self.comp_parts))
        codes = sorted({weight[a] + weight[b] + weight[c] for a in range(self.n_parts)
                        for b in range(a, self.n_parts) for c in range(b, self.n_parts)})
        for code in codes:
            self.comp_of_code[code] = n
            for k in range(self.n_parts - 1, 0, -1):
                self.comp_parts[n][k] = (code // weight[k]) % 4
            self.comp_parts[n][0] = 3 - sum(self.comp_parts[n][k] for k in range(1, self.n_parts))
            n += 1
        self.n_cls = n

    def observations(self, int k):
        """The reads of k sorted cards, in the order sorted_cards numbers them: per read, how many of
        the k fall in each class (the rest first, then the classes as given)."""
        if not 1 <= k <= 3 or self.n_parts < 2:
            raise ValueError("k must be 1..3, with sorted classes")
        return [tuple(v) for v in class_reads(k, self.n_parts)]

    cdef void _build_tables(self) except *:
        cdef int w = self.width, n = self.n_deck, i, j, k, c, d, e, t, cls
        cdef uint8_t* row
        cdef uint8_t* mirror
        self.below2 = <uint8_t*>calloc(self.n_cls * N_CARDS * N_CARDS * w, 1)
        if self.below2 == NULL:
            raise MemoryError()
        with nogil:
            for i in range(n):
                c = self.deck[i]
                for j in range(i + 1, n):
                    d = self.deck[j]
                    for k in range(n):
                        e = self.deck[k]
                        if e == c or e == d:
                            continue
                        cls = self._cls3(c, d, e)
                        row = self.below2 + ((cls * N_CARDS + c) * N_CARDS + d) * w
                        row[strength3(self.ranking, c, d, e) + 1] += 1
                    for cls in range(self.n_cls):
                        row = self.below2 + ((cls * N_CARDS + c) * N_CARDS + d) * w
                        mirror = self.below2 + ((cls * N_CARDS + d) * N_CARDS + c) * w
                        for t in range(1, w):
                            row[t] += row[t - 1]
                        for t in range(w):
                            mirror[t] = row[t]

    cdef void _build_hands(self) except *:
        """Player hands by strength; on a suit-symmetric deck one per suit-permutation class."""
        cdef int n = self.n_deck, i, j, k, a, b, c, p, x, y, z, images, total = 0
        cdef int perms[24][4]
        cdef int seen[24]
        cdef int key, best
        p = 0
        for x in range(4):
            for y in range(4):
                for z in range(4):
                    if x != y and y != z and x != z:
                        perms[p][0], perms[p][1], perms[p][2], perms[p][3] = x, y, z, 6 - x - y - z
                        p += 1
        found = []
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    a, b, c = self.deck[i], self.deck[j], self.deck[k]
                    if not self.symmetric:
                        found.append((strength3(self.ranking, a, b, c), a, b, c, 1))
                        continue
                    key = _hand_key(a, b, c)
                    images = 0
                    best = key
                    for p in range(24):
                        y = _hand_key(card_rank(a) * 4 + perms[p][card_suit(a)],
                                      card_rank(b) * 4 + perms[p][card_suit(b)],
                                      card_rank(c) * 4 + perms[p][card_suit(c)])
                        if y < best:
                            best = y
                        for x in range(images):
                            if seen[x] == y:
                                break
                        else:
                            seen[images] = y
                            images += 1
                    if best == key:
                        found.append((strength3(self.ranking, a, b, c), a, b, c, images))
        found.sort()
        self.n_hands = len(found)
        self.hands = <int*>malloc(3 * self.n_hands * sizeof(int))
        self.hand_weight = <int64_t*>malloc(self.n_hands * sizeof(int64_t))
        if self.hands == NULL or self.hand_weight == NULL:
            raise MemoryError()
        for i, (s, a, b, c, images) in enumerate(found):
            self.hands[3 * i], self.hands[3 * i + 1], self.hands[3 * i + 2] = a, b, c
            self.hand_weight[i] = images
            total += images
        if total != n * (n - 1) * (n - 2) // 6:
            raise AssertionError("suit classes do not cover every player hand")

    @property
    def hand_classes(self):
        """Player hands dealt (one per suit class on a symmetric deck)."""
        return self.n_hands

    # ------------------------------------------------------------------ per player hand tables

    cdef void relative(self, int p0, int p1, int p2, int s) noexcept nogil:
        """Fill self.rel for the player hand p0 p1 p2 of strength s (see the module docstring)."""
        cdef int w = self.width, q = self.qualify, n = self.n_deck, i, j, c, d, cls, cat, x, u
        cdef int player[3]
        cdef uint8_t* row
        cdef int64_t counts[4]
        cdef int64_t total, bq, bs, bs1
        cdef int32_t* out
        cdef int32_t* mirror
        player[0], player[1], player[2] = p0, p1, p2
        memset(self.rel.a1, 0, self.n_cls * N_CARDS * 4 * sizeof(int64_t))
        memset(self.rel.a0, 0, sizeof(self.rel.a0))
        for i in range(n):
            c = self.deck[i]
            if c == p0 or c == p1 or c == p2:
                continue
            for j in range(i + 1, n):
                d = self.deck[j]
                if d == p0 or d == p1 or d == p2:
                    continue
                for cls in range(self.n_cls):
                    row = self.below2 + ((cls * N_CARDS + c) * N_CARDS + d) * w
                    total, bq = row[w - 1], row[q]
                    counts[NQ] = bq
                    if s >= q:
                        bs, bs1 = row[s], row[s + 1]
                        counts[PW] = bs - bq
                        counts[TIE] = bs1 - bs
                        counts[DW] = total - bs1
                    else:
                        counts[PW] = 0
                        counts[TIE] = 0
                        counts[DW] = total - bq
                    for u in range(3):
                        x = player[u]
                        if self._cls3(c, d, x) == cls:
                            counts[category(strength3(self.ranking, c, d, x), s, q)] -= 1
                    out = self.rel.a2 + ((cls * N_CARDS + c) * N_CARDS + d) * 4
                    mirror = self.rel.a2 + ((cls * N_CARDS + d) * N_CARDS + c) * 4
                    for cat in range(4):
                        out[cat] = <int32_t>counts[cat]
                        mirror[cat] = <int32_t>counts[cat]
                        self.rel.a1[(cls * N_CARDS + c) * 4 + cat] += counts[cat]
                        self.rel.a1[(cls * N_CARDS + d) * 4 + cat] += counts[cat]
        for cls in range(self.n_cls):
            for i in range(n):
                c = self.deck[i]
                for cat in range(4):
                    # every hand holding c was counted through both of its other cards
                    self.rel.a1[(cls * N_CARDS + c) * 4 + cat] //= 2
                    self.rel.a0[cls][cat] += self.rel.a1[(cls * N_CARDS + c) * 4 + cat]
            for cat in range(4):
                self.rel.a0[cls][cat] //= 3

    # ------------------------------------------------------------------ dealer cards seen

    def dealer_cards(self, int k):
        """Tallies when the player sees k of the dealer's cards (k = 0..3), and for k = 1 the
        decisions per (upcard rank, strength): a deal is (player hand, the k seen cards, the
        3 - k hidden ones).  Returns (tally rows per class, groups); groups are
        (upcard rank, strength, situations played, situations folded, a, b, c) (k = 1 only)."""
        if not 0 <= k <= 3:
            raise ValueError("k must be 0..3")
        cdef _Tallies out = _Tallies(13, self.n_strengths)
        cdef PlayerHand hand
        cdef int64_t counts[4]
        cdef int64_t one[4]
        cdef int h, i, j, u, cat, play
        with nogil:
            for h in range(self.n_hands):
                self.enter(h, &hand)
                if k == 0:
                    settle(out.rows[hand.kl], hand.base, hand.weight, hand.base_counts)
                elif k == 3:
                    # the whole dealer hand is seen: each category decides on its own
                    for cat in range(4):
                        one[0], one[1], one[2], one[3] = 0, 0, 0, 0
                        one[cat] = hand.base_counts[cat]
                        settle(out.rows[hand.kl], plays(hand.mk[cat], self.tie_plays), hand.weight, one)
                else:
                    for i in range(hand.n_rest):
                        u = hand.rest[i]
                        if k == 1:
                            self.a1_of(u, counts)
                            play = plays(weigh(hand.mk, counts), self.tie_plays)
                            settle(out.rows[hand.kl], play, hand.weight, counts)
                            out.record(card_rank(u), &hand, play)
                            continue
                        for j in range(i + 1, hand.n_rest):
                            self.a2_of(u, hand.rest[j], counts)
                            settle(out.rows[hand.kl], plays(weigh(hand.mk, counts), self.tie_plays),
                                   hand.weight, counts)
        return out.class_rows(self.n_classes), (self._groups(out) if k == 1 else [])

    def sorted_cards(self, int k):
        """Tallies when the player sees, for k of the dealer's cards, only whether each has a rank
        of the sorted set (the Game's ``sorted_ranks``): the observation is j, how many of the k
        do.  A deal is (player hand, the k cards looked at, the others), as in dealer_cards.
        Returns (tally rows per class, groups (j, strength, played, folded, a, b, c))."""
        if not 1 <= k <= 3:
            raise ValueError("k must be 1..3")
        if self.n_parts < 2:
            raise ValueError("the Game has no sorted ranks")
        reads = class_reads(k, self.n_parts)
        cdef int n_obs = len(reads), p
        cdef _Tallies out = _Tallies(n_obs, self.n_strengths)
        cdef PlayerHand hand
        cdef int64_t counts[4]
        cdef int64_t ways[MAX_COMPS][20]
        cdef int h, j, r, cat, play
        # a dealer hand whose cards fall r_c into each class c shows the read v (v_c of the k cards
        # looked at in class c) in prod_c C(r_c, v_c) ways
        for r in range(self.n_cls):
            for j in range(n_obs):
                ways[r][j] = 1
                for p in range(self.n_parts):
                    ways[r][j] *= choose(self.comp_parts[r][p], reads[j][p])
        with nogil:
            for h in range(self.n_hands):
                self.enter(h, &hand)
                for j in range(n_obs):
                    for cat in range(4):
                        counts[cat] = 0
                        for r in range(self.n_cls):
                            counts[cat] += self.rel.a0[r][cat] * ways[r][j]
                    if counts[0] + counts[1] + counts[2] + counts[3] == 0:
                        continue
                    play = plays(weigh(hand.mk, counts), self.tie_plays)
                    settle(out.rows[hand.kl], play, hand.weight, counts)
                    out.record(j, &hand, play)
        return out.class_rows(self.n_classes), self._groups(out)

    cdef list _groups(self, _Tallies out):
        cdef int64_t* played = out.decided
        cdef int64_t* folded = out.decided + out.n_obs * self.n_strengths
        example = {}
        for h in range(self.n_hands):
            s = strength3(self.ranking, self.hands[3 * h], self.hands[3 * h + 1], self.hands[3 * h + 2])
            example.setdefault(s, (self.hands[3 * h + 2], self.hands[3 * h + 1], self.hands[3 * h]))
        groups = []
        for obs in range(out.n_obs):
            for s in sorted(example):
                i = obs * self.n_strengths + s
                if played[i] or folded[i]:
                    groups.append((obs, s, played[i], folded[i], *example[s]))
        return groups

    # ------------------------------------------------------------------ one situation

    def situation(self, hand, dealer_seen=(), dead=(), int sorted_k=0, int sorted_j=-1):
        """Dealer counts (nq, dw, tie, pw) of one observed situation: the player's ``hand``, the
        dealer's cards seen (``dealer_seen``), dead cards seen (other boxes), and for a sorted
        observation (``sorted_k`` cards looked at, ``sorted_j`` of them sorted) each dealer hand
        weighted by the ways it shows j.  Dealer hands hold every seen dealer card."""
        cdef uint8_t marked[52]
        if len(hand) != 3 or len(dealer_seen) > 3:
            raise ValueError("a hand is three cards and the dealer has three")
        if sorted_k and self.n_parts != 2:
            raise ValueError("one situation is priced with one sorted set (in it or not)")
        memset(marked, 0, sizeof(marked))
        mark_cards(hand, marked)
        mark_cards(dealer_seen, marked)
        mark_cards(dead, marked)
        known = [*hand, *dealer_seen, *dead]
        if any(not self.in_deck[c] for c in known):
            raise ValueError("the hand, seen and dead cards must be cards of the deck")
        cdef int s = strength3(self.ranking, hand[0], hand[1], hand[2]), q = self.qualify
        cdef int n_seen = len(dealer_seen), i, j, k, x, r, a, b, c
        cdef int64_t counts[4]
        cdef int64_t wt
        rest = []
        for i in range(self.n_deck):
            if self.deck[i] not in known:
                rest.append(self.deck[i])
        seen = list(dealer_seen)
        counts[0] = counts[1] = counts[2] = counts[3] = 0
        n = len(rest)
        if n_seen == 3:
            counts[category(strength3(self.ranking, seen[0], seen[1], seen[2]), s, q)] += 1
        elif n_seen == 2:
            for x in rest:
                counts[category(strength3(self.ranking, seen[0], seen[1], x), s, q)] += 1
        elif n_seen == 1:
            for i in range(n):
                for j in range(i + 1, n):
                    counts[category(strength3(self.ranking, seen[0], rest[i], rest[j]), s, q)] += 1
        else:
            for i in range(n):
                a = rest[i]
                for j in range(i + 1, n):
                    b = rest[j]
                    for k in range(j + 1, n):
                        c = rest[k]
                        wt = 1
                        if sorted_k:
                            r = self.comp_parts[self._cls3(a, b, c)][1]
                            wt = choose(r, sorted_j) * choose(3 - r, sorted_k - sorted_j)
                        counts[category(strength3(self.ranking, a, b, c), s, q)] += wt
        return counts[NQ], counts[DW], counts[TIE], counts[PW]
