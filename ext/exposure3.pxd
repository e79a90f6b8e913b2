# The three-card exposure kernels' shared part (ext/exposure3.pyx defines it): the Game every case
# uses (deck, ranking, qualifier, per-class margins, the canonical player hands and their relative
# tables), what one player hand needs, the tallies, and settling a situation.  The cases: seen
# dealer cards and sorted backs (exposure3.pyx), other boxes card by card (exposure3_boxes.pyx),
# other boxes rank by rank (exposure3_ranks.pyx).
from libc.stdint cimport uint8_t, int32_t, int64_t

from oddscalc._native.cards cimport N_CARDS
from oddscalc._native.eval3 cimport ThreeCardRanking, strength3
from oddscalc._native.showdown cimport SHOWDOWN_NOT_QUALIFY, showdown

cdef enum:
    NQ = 0             # a dealer hand that does not qualify
    DW = 1             # ... qualifies and beats the player
    TIE = 2            # ... qualifies and ties
    PW = 3             # ... qualifies and loses to the player
    MAX_CLASSES = 16
    MAX_PARTS = 4      # rank classes a sorted read tells apart (the rest included)
    MAX_COMPS = 20     # ways three dealer cards fall into at most four classes
    MAX_DEAD = 9       # the tallies of more dead cards on a full deck would pass 2^63 deals

# A tally row is RESULTS of engines.three_card.solve: fold first, then the categories above.


cdef inline int category(int dealer, int player, int qualify) noexcept nogil:
    # NQ, DW, TIE and PW are the shared showdown's results less one (no fold here)
    return showdown(player, dealer, qualify) - SHOWDOWN_NOT_QUALIFY


cdef inline bint plays(int64_t margin, bint tie_plays) noexcept nogil:
    return margin > 0 or (margin == 0 and tie_plays)


cdef inline int64_t weigh(const int64_t* m, const int64_t* counts) noexcept nogil:
    return m[0] * counts[0] + m[1] * counts[1] + m[2] * counts[2] + m[3] * counts[3]


cdef inline void settle(int64_t* row, bint play, int64_t weight, const int64_t* counts) noexcept nogil:
    """Add ``weight`` times one situation's dealer counts to a tally row (fold: all in FOLD)."""
    if play:
        row[1] += weight * counts[NQ]
        row[2] += weight * counts[DW]
        row[3] += weight * counts[TIE]
        row[4] += weight * counts[PW]
    else:
        row[0] += weight * (counts[0] + counts[1] + counts[2] + counts[3])


cdef inline void settle_flips(int64_t* row, bint base, int64_t weight, const int64_t* base_counts,
                              int64_t n_sets, int64_t per_set, int64_t sets_per_hand, int64_t n_flip,
                              const int64_t* flip_counts) noexcept nogil:
    """Tally one player hand: every one of its ``n_sets`` observations takes the no-information
    decision ``base`` except ``n_flip`` of them, whose dealer counts add up to ``flip_counts``.
    Each observation meets ``per_set`` dealer hands, and each dealer hand avoiding the player
    (``base_counts`` per category) is met by ``sets_per_hand`` observations."""
    cdef int cat
    if base:
        for cat in range(4):
            row[1 + cat] += weight * (base_counts[cat] * sets_per_hand - flip_counts[cat])
        row[0] += weight * n_flip * per_set
    else:
        for cat in range(4):
            row[1 + cat] += weight * flip_counts[cat]
        row[0] += weight * (n_sets - n_flip) * per_set


cdef struct Relative:
    # dealer hands avoiding the player's cards, per hand class of the sorted set (cls) and category
    int32_t* a2        # [cls][52][52][4]
    int64_t* a1        # [cls][52][4]
    int64_t a0[MAX_COMPS][4]   # [cls][4]


cdef struct PlayerHand:
    # what every case needs of one canonical player hand (Game.enter fills it)
    int p0, p1, p2
    int s, kl                  # its strength and class
    int64_t weight             # the situations it stands for
    int64_t* mk                # the class's margin per dealer category
    int64_t lo_m, hi_m         # the least and greatest of those margins
    int64_t base_counts[4]     # dealer hands avoiding it, per category
    int64_t m0                 # the margin seeing nothing more
    bint base                  # the play seeing nothing more
    int n_rest
    int rest[52]               # the deck's other cards


cdef class _Tallies:
    # what a case adds up: per player-hand class the five tally columns, and per (observation,
    # strength) the situations played and folded, the strategy tables of the cases that have them
    cdef int64_t rows[MAX_CLASSES][5]
    cdef int64_t* decided      # [played, folded][observation][strength]
    cdef int n_obs, n_strengths

    cdef inline void record(self, int obs, const PlayerHand* hand, bint play) noexcept nogil:
        self.decided[((0 if play else self.n_obs) + obs) * self.n_strengths + hand.s] += hand.weight

    cdef list class_rows(self, int n_classes)


cdef class Game:
    # see its docstring in exposure3.pyx
    cdef ThreeCardRanking ranking
    cdef readonly int qualify, n_strengths, n_deck, n_classes, n_cls, n_parts
    cdef readonly bint tie_plays, symmetric
    cdef int width
    cdef uint8_t in_deck[52]
    cdef int deck[52]
    cdef uint8_t cls_of_card[52]   # the card's class as a code: 0 the rest, 4^(k-1) class k
    cdef uint8_t comp_of_code[64]  # three cards' summed codes -> their composition (cls), dense
    cdef uint8_t comp_parts[MAX_COMPS][MAX_PARTS]   # per composition: cards in each class
    cdef int* klass
    cdef int64_t m[MAX_CLASSES][4]
    cdef uint8_t* below2           # [cls][52][52][width]: hands {c, d, e} of the deck weaker than t
    cdef int n_hands
    cdef int* hands                # canonical player hands, 3 cards each, by strength
    cdef int64_t* hand_weight
    cdef Relative rel

    cdef void _build_classes(self, sorted_ranks) except *
    cdef void _build_tables(self) except *
    cdef void _build_hands(self) except *
    cdef void relative(self, int p0, int p1, int p2, int s) noexcept nogil
    cdef list _groups(self, _Tallies out)

    cdef inline int _cls3(self, int a, int b, int c) noexcept nogil:
        """How three cards fall into the sorted classes (a composition, 0 .. n_cls - 1)."""
        return self.comp_of_code[self.cls_of_card[a] + self.cls_of_card[b] + self.cls_of_card[c]]

    cdef inline void a1_of(self, int c, int64_t* out) noexcept nogil:
        """Dealer hands avoiding the player holding card c, per category (all sorted classes)."""
        cdef int cls, cat
        for cat in range(4):
            out[cat] = 0
        for cls in range(self.n_cls):
            for cat in range(4):
                out[cat] += self.rel.a1[(cls * N_CARDS + c) * 4 + cat]

    cdef inline void a2_of(self, int c, int d, int64_t* out) noexcept nogil:
        cdef int cls, cat
        cdef int32_t* row
        for cat in range(4):
            out[cat] = 0
        for cls in range(self.n_cls):
            row = self.rel.a2 + ((cls * N_CARDS + c) * N_CARDS + d) * 4
            for cat in range(4):
                out[cat] += row[cat]

    cdef inline void a0_of(self, int64_t* out) noexcept nogil:
        cdef int cls, cat
        for cat in range(4):
            out[cat] = 0
            for cls in range(self.n_cls):
                out[cat] += self.rel.a0[cls][cat]

    cdef inline void enter(self, int h, PlayerHand* hand) noexcept nogil:
        """Set up the h-th canonical player hand: its cards, strength, class and weight, the
        relative tables, the decision seeing nothing more and the deck's other cards."""
        cdef int i, x, cat
        hand.p0, hand.p1, hand.p2 = self.hands[3 * h], self.hands[3 * h + 1], self.hands[3 * h + 2]
        hand.weight = self.hand_weight[h]
        hand.s = strength3(self.ranking, hand.p0, hand.p1, hand.p2)
        hand.kl = self.klass[hand.s]
        hand.mk = self.m[hand.kl]
        self.relative(hand.p0, hand.p1, hand.p2, hand.s)
        self.a0_of(hand.base_counts)
        hand.m0 = weigh(hand.mk, hand.base_counts)
        hand.base = plays(hand.m0, self.tie_plays)
        hand.lo_m = hand.hi_m = hand.mk[0]
        for cat in range(4):
            hand.lo_m = hand.mk[cat] if hand.mk[cat] < hand.lo_m else hand.lo_m
            hand.hi_m = hand.mk[cat] if hand.mk[cat] > hand.hi_m else hand.hi_m
        hand.n_rest = 0
        for i in range(self.n_deck):
            x = self.deck[i]
            if x != hand.p0 and x != hand.p1 and x != hand.p2:
                hand.rest[hand.n_rest] = x
                hand.n_rest += 1
