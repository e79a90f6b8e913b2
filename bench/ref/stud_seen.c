/* An independent exact count of Caribbean Stud with K = 3 or 4 whole dealer cards seen, for the
 * bench (bench/exposure_stud_seen.py): the plain way, sharing no code with oddscalc.
 *
 * Its own evaluator (category and kickers packed in one integer); the seen dealer cards up to suit
 * permutations (each canonical set with the number of sets it stands for); every player hand from
 * the other cards, one at a time; the dealer's completions that avoid the hand counted by
 * inclusion-exclusion over the hand's cards, from per-card cumulative tables of completion values.
 * Each situation is decided on its own: call when its exact EV beats folding.
 *
 *     cc -O2 -fopenmp -o stud_seen stud_seen.c && ./stud_seen K [EVERY]
 *
 * prints "K deals called_deals return_numerator classes" (the return per Ante over deals, in Antes),
 * for the classic table (Call 2 Antes; pays 1 1 2 3 4 5 7 20 50 100 from ace-king to royal flush,
 * the dealer qualifies with ace-king).  EVERY > 1 counts only every EVERY-th canonical seen set (a
 * timing sample; the figures are then not the game's).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int PAY[11] = {0, 1, 1, 2, 3, 4, 5, 7, 20, 50, 100};  /* below AK, AK, pair .. royal */

/* value = category << 20 | five kicker ranks, 4 bits each (most significant first) */
static uint32_t eval5(const int *c) {
    int cnt[13] = {0}, suit0 = c[0] & 3, flush = 1, i, r;
    for (i = 0; i < 5; i++) {
        cnt[c[i] >> 2]++;
        if ((c[i] & 3) != suit0) flush = 0;
    }
    int order[5], n = 0;
    for (int k = 4; k >= 1; k--)
        for (r = 12; r >= 0; r--)
            if (cnt[r] == k)
                for (i = 0; i < k; i++) order[n++] = r;
    int distinct = 0, top = -1;
    for (r = 0; r < 13; r++) distinct += cnt[r] > 0;
    if (distinct == 5) {
        if (order[0] - order[4] == 4) top = order[0];
        else if (order[0] == 12 && order[1] == 3) top = 3;          /* A-2-3-4-5 */
    }
    int cat;
    if (top >= 0 && flush) cat = 8;
    else if (cnt[order[0]] == 4) cat = 7;
    else if (cnt[order[0]] == 3 && cnt[order[3]] == 2) cat = 6;
    else if (flush) cat = 5;
    else if (top >= 0) cat = 4;
    else if (cnt[order[0]] == 3) cat = 3;
    else if (cnt[order[0]] == 2 && cnt[order[2]] == 2) cat = 2;
    else if (cnt[order[0]] == 2) cat = 1;
    else cat = 0;
    uint32_t v = (uint32_t)cat << 20;
    if (cat == 8 || cat == 4) return v | (uint32_t)top << 16;
    for (i = 0; i < 5; i++) v |= (uint32_t)order[i] << (16 - 4 * i);
    return v;
}

static int pay_class(uint32_t v) {
    int cat = v >> 20;
    if (cat == 0) return ((v >> 16) & 15) == 12 && ((v >> 12) & 15) == 11;   /* ace-king */
    if (cat == 8) return ((v >> 16) & 15) == 12 ? 10 : 9;
    return cat + 1;
}

static const uint32_t QUALIFY = (12u << 16) | (11u << 12);            /* ace-king high */

static int64_t binom[53][6];

static int64_t colex5(const int *s) {    /* s ascending */
    return binom[s[0]][1] + binom[s[1]][2] + binom[s[2]][3] + binom[s[3]][4] + binom[s[4]][5];
}

static int perms[24][4];

static void make_perms(void) {
    int n = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[n][0] = a; perms[n][1] = b; perms[n][2] = c; perms[n][3] = d; n++;
                    }
}

static uint64_t set_mask(const int *cards, int k, const int *p) {
    uint64_t m = 0;
    for (int i = 0; i < k; i++) m |= 1ull << ((cards[i] & ~3) | p[cards[i] & 3]);
    return m;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int lower(const uint32_t *v, int n, uint32_t x) {     /* first index with v[i] >= x */
    int lo = 0, hi = n;
    while (lo < hi) { int mid = (lo + hi) / 2; if (v[mid] < x) lo = mid + 1; else hi = mid; }
    return lo;
}

int main(int argc, char **argv) {
    int K = argc > 1 ? atoi(argv[1]) : 3, every = argc > 2 ? atoi(argv[2]) : 1;
    if (K != 3 && K != 4) { fprintf(stderr, "K is 3 or 4\n"); return 2; }
    int m = 5 - K;
    for (int n = 0; n < 53; n++)
        for (int k = 0; k < 6; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    make_perms();
    uint32_t *hand_value = malloc(2598960 * sizeof(uint32_t));
    int s[5];
    for (s[4] = 4; s[4] < 52; s[4]++) for (s[3] = 3; s[3] < s[4]; s[3]++) for (s[2] = 2; s[2] < s[3]; s[2]++)
        for (s[1] = 1; s[1] < s[2]; s[1]++) for (s[0] = 0; s[0] < s[1]; s[0]++)
            hand_value[colex5(s)] = eval5(s);
    /* canonical seen sets: the smallest image under the suit permutations, with its orbit size */
    int n_sets = (int)binom[52][K], n_canon = 0;
    int (*canon)[4] = malloc(n_sets * sizeof(*canon));
    int *weight = malloc(n_sets * sizeof(int));
    int d[4] = {0, 1, 2, 3};
    for (;;) {
        {
            int ident[4] = {0, 1, 2, 3};
            uint64_t mine = set_mask(d, K, ident), least = mine;
            int images = 0;
            uint64_t seen_images[24];
            for (int p = 0; p < 24; p++) {
                uint64_t im = set_mask(d, K, perms[p]);
                int dup = 0;
                for (int q = 0; q < images; q++) dup |= seen_images[q] == im;
                if (!dup) seen_images[images++] = im;
                if (im < least) least = im;
            }
            if (least == mine) {
                memcpy(canon[n_canon], d, sizeof(d));
                weight[n_canon++] = images;
            }
        }
        /* the next K-subset of 0..51 in lexicographic order */
        int i = K - 1;
        while (i >= 0 && d[i] == 52 - K + i) i--;
        if (i < 0) break;
        d[i]++;
        for (int j = i + 1; j < K; j++) d[j] = d[j - 1] + 1;
    }
    int64_t deals = 0, called = 0, ret = 0, classes = 0;
    #pragma omp parallel for schedule(dynamic, 1) reduction(+:deals, called, ret, classes)
    for (int ci = 0; ci < n_canon; ci += every) {
        const int *dc = canon[ci];
        int w = weight[ci], others[52], n_o = 0, used[52] = {0};
        for (int i = 0; i < K; i++) used[dc[i]] = 1;
        for (int c = 0; c < 52; c++) if (!used[c]) others[n_o++] = c;
        /* every completion: its value; the distinct values sorted; per card, cumulative counts */
        int n_comp = (int)binom[n_o][m];
        uint32_t *val = malloc(n_comp * sizeof(uint32_t)), *sorted = malloc(n_comp * sizeof(uint32_t));
        int *pos = malloc(n_comp * 2 * sizeof(int)), k = 0, cards[5];
        for (int i = 0; i < K; i++) cards[i] = dc[i];
        for (int a = 0; a < n_o; a++) for (int b = (m == 2 ? a + 1 : n_o); b < (m == 2 ? n_o : n_o + 1); b++) {
            cards[K] = others[a];
            if (m == 2) cards[K + 1] = others[b];
            val[k] = eval5(cards);
            pos[2 * k] = a;
            pos[2 * k + 1] = m == 2 ? b : -1;
            sorted[k] = val[k];
            k++;
        }
        qsort(sorted, n_comp, sizeof(uint32_t), cmp_u32);
        int n_v = 0;
        for (int i = 0; i < n_comp; i++) if (n_v == 0 || sorted[n_v - 1] != sorted[i]) sorted[n_v++] = sorted[i];
        int stride = n_v + 1;
        int32_t *cum = calloc((size_t)(n_o + 1) * stride, sizeof(int32_t));   /* row n_o: all completions */
        int *vrank = malloc(n_comp * sizeof(int));
        int16_t *pair_rank = malloc((size_t)n_o * n_o * sizeof(int16_t));
        for (int i = 0; i < n_comp; i++) {
            int r = lower(sorted, n_v, val[i]);
            vrank[i] = r;
            cum[(size_t)n_o * stride + r + 1]++;
            cum[(size_t)pos[2 * i] * stride + r + 1]++;
            if (m == 2) {
                cum[(size_t)pos[2 * i + 1] * stride + r + 1]++;
                pair_rank[pos[2 * i] * n_o + pos[2 * i + 1]] = (int16_t)r;
            } else {
                pair_rank[pos[2 * i]] = (int16_t)r;     /* one card: its own value's rank */
            }
        }
        for (int row = 0; row <= n_o; row++)
            for (int r = 0; r < n_v; r++) cum[(size_t)row * stride + r + 1] += cum[(size_t)row * stride + r];
        int rq = lower(sorted, n_v, QUALIFY);
        int64_t tot = binom[n_o - 5][m];
        int p[5];
        for (p[0] = 0; p[0] < n_o; p[0]++) for (p[1] = p[0] + 1; p[1] < n_o; p[1]++)
        for (p[2] = p[1] + 1; p[2] < n_o; p[2]++) for (p[3] = p[2] + 1; p[3] < n_o; p[3]++)
        for (p[4] = p[3] + 1; p[4] < n_o; p[4]++) {
            int hc[5];
            for (int i = 0; i < 5; i++) hc[i] = others[p[i]];
            uint32_t h = hand_value[colex5(hc)];
            int rl = lower(sorted, n_v, h), ru = rl < n_v && sorted[rl] == h ? rl + 1 : rl;
            const int32_t *all = cum + (size_t)n_o * stride;
            int64_t nq = all[rq], lt = all[rl], le = all[ru];
            for (int i = 0; i < 5; i++) {
                const int32_t *row = cum + (size_t)p[i] * stride;
                nq -= row[rq]; lt -= row[rl]; le -= row[ru];
            }
            if (m == 2)
                for (int i = 0; i < 5; i++) for (int j = i + 1; j < 5; j++) {
                    int r = pair_rank[p[i] * n_o + p[j]];
                    nq += r < rq; lt += r < rl; le += r < ru;
                }
            int64_t win = 0, tie = 0, lose;
            if (h >= QUALIFY) { win = lt - nq; tie = le - lt; }
            lose = tot - nq - win - tie;
            int64_t call = nq + win * (1 + 2 * PAY[pay_class(h)]) - 3 * lose;
            deals += w * tot;
            classes += 1;
            if (call > -tot) { called += w * tot; ret += w * call; }
            else ret -= w * tot;
        }
        free(val); free(sorted); free(pos); free(cum); free(vrank); free(pair_rank);
    }
    printf("%d %lld %lld %lld %lld\n", K, (long long)deals, (long long)called, (long long)ret, (long long)classes);
    return 0;
}
