/* Held–Karp row kernels: see include/CHeldKarp.h for the recurrence.
 *
 * Each row S is built in registers: the accumulators start at inf; for every
 * k ∈ S one scalar E[S∖{k}][k] is broadcast and added to the contiguous row of
 * arc costs out of k, and the accumulators take the element-wise minimum. No
 * horizontal reduction, no membership test, no branch but the loop over k.
 *
 * One function per instruction set and per vector count (the row width in
 * vectors), so the accumulators are a fixed set of registers. The AVX2 and
 * AVX-512 functions carry target attributes and are only called after a
 * run-time check, so the package itself builds for the baseline.
 */
#include "CHeldKarp.h"
#include <stddef.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define HK_X86 1
#include <immintrin.h>
#endif

int hk_out_stride(int m) { return (m + 15) & ~15; }

/* Copies the start row into row 0 when the range begins there; returns the
 * first row left to compute. */
static inline uint32_t hk_first_row(int32_t *table, const int32_t *start, int m, uint32_t lo) {
    if (lo == 0) {
        memcpy(table, start, (size_t)m * sizeof(int32_t));
        return 1;
    }
    return lo;
}

/* back[k]: where E[S∖{k}][k] lies relative to row S, in entries. */
static inline void hk_back_offsets(ptrdiff_t *back, int m) {
    for (int k = 0; k < m; ++k) back[k] = (ptrdiff_t)k - ((ptrdiff_t)m << k);
}

/* ---------------------------------------------------------------- portable */

/* Width W (a multiple of 8) of accumulators; the compiler vectorises the
 * fixed-width loops for whatever the baseline offers. */
#define HK_PORTABLE(W)                                                              \
    static void hk_portable_##W(int32_t *table, const int32_t *out, const int32_t *start, \
                                int m, int32_t inf, uint32_t lo, uint32_t hi) {     \
        enum { stride = ((W) + 15) & ~15 };                                         \
        ptrdiff_t back[32];                                                         \
        hk_back_offsets(back, m);                                                   \
        for (uint32_t s = hk_first_row(table, start, m, lo); s < hi; ++s) {         \
            int32_t acc[W];                                                         \
            for (int i = 0; i < W; ++i) acc[i] = inf;                               \
            int32_t *row = table + (size_t)s * (size_t)m;                           \
            for (uint32_t rest = s; rest != 0; rest &= rest - 1) {                  \
                int k = __builtin_ctz(rest);                                        \
                int32_t a = row[back[k]];                                           \
                const int32_t *c = out + (size_t)k * stride;                        \
                for (int i = 0; i < W; ++i) {                                       \
                    int32_t v = a + c[i];                                           \
                    acc[i] = v < acc[i] ? v : acc[i];                               \
                }                                                                   \
            }                                                                       \
            memcpy(row, acc, (size_t)m * sizeof(int32_t));                          \
        }                                                                           \
    }

HK_PORTABLE(8)
HK_PORTABLE(16)
HK_PORTABLE(24)
HK_PORTABLE(32)

static void hk_fill_portable(int32_t *table, const int32_t *out, const int32_t *start,
                             int m, int32_t inf, uint32_t lo, uint32_t hi) {
    if (m <= 8) hk_portable_8(table, out, start, m, inf, lo, hi);
    else if (m <= 16) hk_portable_16(table, out, start, m, inf, lo, hi);
    else if (m <= 24) hk_portable_24(table, out, start, m, inf, lo, hi);
    else hk_portable_32(table, out, start, m, inf, lo, hi);
}

#if HK_X86
/* -------------------------------------------------------------------- AVX2 */

/* N vectors of 8 lanes. All but the last vector are full; the last is stored
 * whole when what it spills over lies in rows of lo ..< hi after this one
 * (ours to overwrite later, read by nobody before), through a lane mask
 * otherwise (the last rows of the range). */
#define HK_AVX2(N)                                                                  \
    __attribute__((target("avx2,bmi")))                                             \
    static void hk_avx2_##N(int32_t *table, const int32_t *out, const int32_t *start, \
                            int m, int32_t inf, uint32_t lo, uint32_t hi) {         \
        enum { stride = (8 * (N) + 15) & ~15 };                                     \
        ptrdiff_t back[32];                                                         \
        hk_back_offsets(back, m);                                                   \
        const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);             \
        const __m256i tail = _mm256_cmpgt_epi32(                                    \
            _mm256_set1_epi32(m - 8 * ((N) - 1)), lane);                            \
        /* A whole-vector store of row s stays inside rows lo ..< hi. */          \
        const ptrdiff_t spill_limit = (ptrdiff_t)hi * m - 8 * (N);                  \
        for (uint32_t s = hk_first_row(table, start, m, lo); s < hi; ++s) {         \
            __m256i acc[N];                                                         \
            for (int v = 0; v < (N); ++v) acc[v] = _mm256_set1_epi32(inf);          \
            int32_t *row = table + (size_t)s * (size_t)m;                           \
            for (uint32_t rest = s; rest != 0; rest &= rest - 1) {                  \
                int k = __builtin_ctz(rest);                                        \
                __m256i a = _mm256_set1_epi32(row[back[k]]);        \
                const int32_t *c = out + (size_t)k * stride;                        \
                for (int v = 0; v < (N); ++v) {                                     \
                    __m256i x = _mm256_add_epi32(a,                                 \
                        _mm256_loadu_si256((const __m256i *)(c + 8 * v)));          \
                    acc[v] = _mm256_min_epi32(acc[v], x);                           \
                }                                                                   \
            }                                                                       \
            for (int v = 0; v + 1 < (N); ++v)                                       \
                _mm256_storeu_si256((__m256i *)(row + 8 * v), acc[v]);              \
            if ((ptrdiff_t)s * m <= spill_limit)                                    \
                _mm256_storeu_si256((__m256i *)(row + 8 * ((N) - 1)), acc[(N) - 1]); \
            else                                                                    \
                _mm256_maskstore_epi32(row + 8 * ((N) - 1), tail, acc[(N) - 1]);    \
        }                                                                           \
    }

HK_AVX2(1)
HK_AVX2(2)
HK_AVX2(3)
HK_AVX2(4)

static void hk_fill_avx2(int32_t *table, const int32_t *out, const int32_t *start,
                         int m, int32_t inf, uint32_t lo, uint32_t hi) {
    switch ((m + 7) / 8) {
    case 1: hk_avx2_1(table, out, start, m, inf, lo, hi); break;
    case 2: hk_avx2_2(table, out, start, m, inf, lo, hi); break;
    case 3: hk_avx2_3(table, out, start, m, inf, lo, hi); break;
    default: hk_avx2_4(table, out, start, m, inf, lo, hi); break;
    }
}

/* ----------------------------------------------------------------- AVX-512 */

/* N vectors of 16 lanes; the last one is always stored through a mask. */
#define HK_AVX512(N)                                                                \
    __attribute__((target("avx512f,bmi")))                                          \
    static void hk_avx512_##N(int32_t *table, const int32_t *out, const int32_t *start, \
                              int m, int32_t inf, uint32_t lo, uint32_t hi) {       \
        enum { stride = 16 * (N) };                                                 \
        ptrdiff_t back[32];                                                         \
        hk_back_offsets(back, m);                                                   \
        const __mmask16 tail = (__mmask16)((1u << (m - 16 * ((N) - 1))) - 1u);      \
        for (uint32_t s = hk_first_row(table, start, m, lo); s < hi; ++s) {         \
            __m512i acc[N];                                                         \
            for (int v = 0; v < (N); ++v) acc[v] = _mm512_set1_epi32(inf);          \
            int32_t *row = table + (size_t)s * (size_t)m;                           \
            for (uint32_t rest = s; rest != 0; rest &= rest - 1) {                  \
                int k = __builtin_ctz(rest);                                        \
                __m512i a = _mm512_set1_epi32(row[back[k]]);        \
                const int32_t *c = out + (size_t)k * stride;                        \
                for (int v = 0; v < (N); ++v) {                                     \
                    __m512i x = _mm512_add_epi32(a, _mm512_loadu_si512(c + 16 * v)); \
                    acc[v] = _mm512_min_epi32(acc[v], x);                           \
                }                                                                   \
            }                                                                       \
            for (int v = 0; v + 1 < (N); ++v)                                       \
                _mm512_storeu_si512(row + 16 * v, acc[v]);                          \
            _mm512_mask_storeu_epi32(row + 16 * ((N) - 1), tail, acc[(N) - 1]);     \
        }                                                                           \
    }

HK_AVX512(1)
HK_AVX512(2)

static void hk_fill_avx512(int32_t *table, const int32_t *out, const int32_t *start,
                           int m, int32_t inf, uint32_t lo, uint32_t hi) {
    if (m <= 16) hk_avx512_1(table, out, start, m, inf, lo, hi);
    else hk_avx512_2(table, out, start, m, inf, lo, hi);
}
#endif /* HK_X86 */

/* ------------------------------------------------------------ dispatching */

/* The CPU's answer, asked once: bit p set when path p is available. */
static int hk_detect(void) {
    int paths = 1 << HK_PATH_PORTABLE;
#if HK_X86
    __builtin_cpu_init();
    /* The kernels also use BMI1 (tzcnt, blsr), which every processor with
     * AVX2 has; asked for all the same. */
    int bmi = __builtin_cpu_supports("bmi") != 0;
    if (bmi && __builtin_cpu_supports("avx2")) paths |= 1 << HK_PATH_AVX2;
    if (bmi && __builtin_cpu_supports("avx512f")) paths |= 1 << HK_PATH_AVX512;
#endif
    return paths;
}

static int hk_paths(void) {
    /* Racing first calls compute the same value; relaxed atomics keep it defined. */
    static int cached = 0;
    int paths = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (paths == 0) {
        paths = hk_detect();
        __atomic_store_n(&cached, paths, __ATOMIC_RELAXED);
    }
    return paths;
}

int hk_path_available(int path) {
    return path >= 0 && path <= HK_PATH_AVX512 && (hk_paths() >> path & 1);
}

int hk_best_path(void) {
    if (hk_path_available(HK_PATH_AVX512)) return HK_PATH_AVX512;
    if (hk_path_available(HK_PATH_AVX2)) return HK_PATH_AVX2;
    return HK_PATH_PORTABLE;
}

void hk_fill_rows(int path, int32_t *table, const int32_t *out, const int32_t *start,
                  int m, int32_t inf, uint32_t lo, uint32_t hi) {
    if (lo >= hi) return;
#if HK_X86
    if (path == HK_PATH_AVX512 && hk_path_available(HK_PATH_AVX512)) {
        hk_fill_avx512(table, out, start, m, inf, lo, hi);
        return;
    }
    if (path == HK_PATH_AVX2 && hk_path_available(HK_PATH_AVX2)) {
        hk_fill_avx2(table, out, start, m, inf, lo, hi);
        return;
    }
#endif
    (void)path;
    hk_fill_portable(table, out, start, m, inf, lo, hi);
}
