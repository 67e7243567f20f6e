/* Held–Karp row kernels: see include/CHeldKarp.h for the recurrence and the
 * paired layout.
 *
 * Each row E[S] is built in registers: the accumulators start at inf; for
 * every k ∈ S one scalar E[S∖{k}][k] is broadcast and added to the contiguous
 * row of arc costs out of k, and the accumulators take the element-wise
 * minimum. No horizontal reduction, no membership test, no branch but the
 * loop over k. The row is then stored through a lane mask: only the entries
 * j ∉ S, into the stored row that holds them.
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

/* Offsets, in entries, from the stored row of S to the entry E[S∖{k}][k]:
 *   S without the top bit (stored as itself):  S∖{k} is stored 2^k rows back;
 *   S with the top bit, k below it (stored as X = ~S): S∖{k} has the top bit,
 *   so it is stored as X + 2^k, 2^k rows forward. */
static inline void hk_offsets(ptrdiff_t *back, ptrdiff_t *fwd, int m) {
    for (int k = 0; k < m; ++k) {
        back[k] = (ptrdiff_t)k - ((ptrdiff_t)m << k);
        fwd[k] = (ptrdiff_t)k + ((ptrdiff_t)m << k);
    }
}

/* The loop over the rows lo ..< hi, shared by every kernel. The kernel
 * defines ACC_DECL, ACC_INIT, ACC_ADD(a, costs) and ACC_STORE(row, bits). */
#define HK_ROWS_LOOP                                                                \
    const uint32_t half = 1u << (m - 1);                                            \
    const uint32_t full = (half << 1) - 1u;                                         \
    const int top = m - 1;                                                          \
    ptrdiff_t back[32], fwd[32];                                                    \
    hk_offsets(back, fwd, m);                                                       \
    uint32_t s = lo;                                                                \
    if (s == 0) {                                                                   \
        memcpy(table, start, (size_t)m * sizeof(int32_t));                          \
        s = 1;                                                                      \
    }                                                                               \
    for (; s < hi && s < half; ++s) {                                               \
        int32_t *row = table + (size_t)s * (size_t)m;                               \
        ACC_DECL;                                                                   \
        ACC_INIT;                                                                   \
        for (uint32_t rest = s; rest != 0; rest &= rest - 1) {                      \
            int k = __builtin_ctz(rest);                                            \
            ACC_ADD(row[back[k]], out + (size_t)k * stride);                        \
        }                                                                           \
        ACC_STORE(row, ~s & full);                                                  \
    }                                                                               \
    for (; s < hi; ++s) {                                                           \
        uint32_t x = ~s & full;                                                     \
        int32_t *row = table + (size_t)x * (size_t)m;                               \
        ACC_DECL;                                                                   \
        ACC_INIT;                                                                   \
        ACC_ADD(table[(size_t)(s - half) * (size_t)m + (size_t)top],                \
                out + (size_t)top * stride);                                        \
        for (uint32_t rest = s & ~half; rest != 0; rest &= rest - 1) {              \
            int k = __builtin_ctz(rest);                                            \
            ACC_ADD(row[fwd[k]], out + (size_t)k * stride);                         \
        }                                                                           \
        ACC_STORE(row, x);                                                          \
    }

/* ---------------------------------------------------------------- portable */

/* Width W (a multiple of 8) of accumulators; the compiler vectorises the
 * fixed-width loops for whatever the baseline offers. */
#define HK_PORTABLE(W)                                                              \
    static void hk_portable_##W(int32_t *table, const int32_t *out, const int32_t *start, \
                                int m, int32_t inf, uint32_t lo, uint32_t hi) {     \
        enum { stride = ((W) + 15) & ~15 };                                         \
        HK_ROWS_LOOP                                                                \
    }

#define ACC_DECL int32_t acc[32]
#define ACC_INIT for (int i = 0; i < stride; ++i) acc[i] = inf
#define ACC_ADD(a_, c_)                                                             \
    do {                                                                            \
        const int32_t a = (a_);                                                     \
        const int32_t *c = (c_);                                                    \
        for (int i = 0; i < stride; ++i) {                                          \
            int32_t v = a + c[i];                                                   \
            acc[i] = v < acc[i] ? v : acc[i];                                       \
        }                                                                           \
    } while (0)
#define ACC_STORE(row_, bits_)                                                      \
    do {                                                                            \
        uint32_t b = (bits_);                                                       \
        for (; b != 0; b &= b - 1) {                                                \
            int j = __builtin_ctz(b);                                               \
            (row_)[j] = acc[j];                                                     \
        }                                                                           \
    } while (0)

HK_PORTABLE(16)
HK_PORTABLE(32)

#undef ACC_DECL
#undef ACC_INIT
#undef ACC_ADD
#undef ACC_STORE

static void hk_fill_portable(int32_t *table, const int32_t *out, const int32_t *start,
                             int m, int32_t inf, uint32_t lo, uint32_t hi) {
    if (m <= 16) hk_portable_16(table, out, start, m, inf, lo, hi);
    else hk_portable_32(table, out, start, m, inf, lo, hi);
}

#if HK_X86
/* -------------------------------------------------------------------- AVX2 */

/* N vectors of 8 lanes; lane j of vector v is stored when bit 8v + j is set
 * (the shift moves that bit to the sign bit maskstore reads). */
#define ACC_DECL __m256i acc[4]
#define ACC_INIT for (int v = 0; v < N; ++v) acc[v] = _mm256_set1_epi32(inf)
#define ACC_ADD(a_, c_)                                                             \
    do {                                                                            \
        const __m256i a = _mm256_set1_epi32(a_);                                    \
        const int32_t *c = (c_);                                                    \
        for (int v = 0; v < N; ++v)                                                 \
            acc[v] = _mm256_min_epi32(acc[v],                                       \
                _mm256_add_epi32(a, _mm256_loadu_si256((const __m256i *)(c + 8 * v)))); \
    } while (0)
#define ACC_STORE(row_, bits_)                                                      \
    do {                                                                            \
        const __m256i bits = _mm256_set1_epi32((int32_t)(bits_));                   \
        for (int v = 0; v < N; ++v) {                                               \
            __m256i mask = _mm256_sllv_epi32(_mm256_srli_epi32(bits, 8 * v), shifts); \
            _mm256_maskstore_epi32((row_) + 8 * v, mask, acc[v]);                   \
        }                                                                           \
    } while (0)

#define HK_AVX2(NN)                                                                 \
    __attribute__((target("avx2,bmi")))                                             \
    static void hk_avx2_##NN(int32_t *table, const int32_t *out, const int32_t *start, \
                             int m, int32_t inf, uint32_t lo, uint32_t hi) {        \
        enum { N = (NN), stride = (8 * (NN) + 15) & ~15 };                          \
        const __m256i shifts = _mm256_setr_epi32(31, 30, 29, 28, 27, 26, 25, 24);   \
        HK_ROWS_LOOP                                                                \
    }

HK_AVX2(1)
HK_AVX2(2)
HK_AVX2(3)
HK_AVX2(4)

#undef ACC_DECL
#undef ACC_INIT
#undef ACC_ADD
#undef ACC_STORE

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

/* N vectors of 16 lanes, stored through the 16-bit lane masks directly. */
#define ACC_DECL __m512i acc[2]
#define ACC_INIT for (int v = 0; v < N; ++v) acc[v] = _mm512_set1_epi32(inf)
#define ACC_ADD(a_, c_)                                                             \
    do {                                                                            \
        const __m512i a = _mm512_set1_epi32(a_);                                    \
        const int32_t *c = (c_);                                                    \
        for (int v = 0; v < N; ++v)                                                 \
            acc[v] = _mm512_min_epi32(acc[v], _mm512_add_epi32(a, _mm512_loadu_si512(c + 16 * v))); \
    } while (0)
#define ACC_STORE(row_, bits_)                                                      \
    do {                                                                            \
        const uint32_t bits = (bits_);                                              \
        for (int v = 0; v < N; ++v)                                                 \
            _mm512_mask_storeu_epi32((row_) + 16 * v, (__mmask16)(bits >> (16 * v)), acc[v]); \
    } while (0)

#define HK_AVX512(NN)                                                               \
    __attribute__((target("avx512f,bmi")))                                          \
    static void hk_avx512_##NN(int32_t *table, const int32_t *out, const int32_t *start, \
                               int m, int32_t inf, uint32_t lo, uint32_t hi) {      \
        enum { N = (NN), stride = 16 * (NN) };                                      \
        HK_ROWS_LOOP                                                                \
    }

HK_AVX512(1)
HK_AVX512(2)

#undef ACC_DECL
#undef ACC_INIT
#undef ACC_ADD
#undef ACC_STORE

/* m = 17…24: one 16-lane and one 8-lane accumulator. Where 512-bit
 * operations run as two 256-bit halves (AMD Zen 4) this is three quarters of
 * the work of two 16-lane vectors, whose last 8–15 lanes would be padding. */
#define ACC_DECL __m512i acc0; __m256i acc1
#define ACC_INIT acc0 = _mm512_set1_epi32(inf); acc1 = _mm256_set1_epi32(inf)
#define ACC_ADD(a_, c_)                                                             \
    do {                                                                            \
        const int32_t a = (a_);                                                     \
        const int32_t *c = (c_);                                                    \
        acc0 = _mm512_min_epi32(acc0, _mm512_add_epi32(_mm512_set1_epi32(a), _mm512_loadu_si512(c))); \
        acc1 = _mm256_min_epi32(acc1, _mm256_add_epi32(_mm256_set1_epi32(a),       \
                                    _mm256_loadu_si256((const __m256i *)(c + 16)))); \
    } while (0)
#define ACC_STORE(row_, bits_)                                                      \
    do {                                                                            \
        const uint32_t bits = (bits_);                                              \
        _mm512_mask_storeu_epi32((row_), (__mmask16)bits, acc0);                    \
        _mm256_mask_storeu_epi32((row_) + 16, (__mmask8)(bits >> 16), acc1);        \
    } while (0)

__attribute__((target("avx512f,avx512vl,bmi")))
static void hk_avx512_16_8(int32_t *table, const int32_t *out, const int32_t *start,
                           int m, int32_t inf, uint32_t lo, uint32_t hi) {
    enum { stride = 32 };
    HK_ROWS_LOOP
}

#undef ACC_DECL
#undef ACC_INIT
#undef ACC_ADD
#undef ACC_STORE

static void hk_fill_avx512(int32_t *table, const int32_t *out, const int32_t *start,
                           int m, int32_t inf, uint32_t lo, uint32_t hi) {
    if (m <= 16) hk_avx512_1(table, out, start, m, inf, lo, hi);
    else if (m <= 24) hk_avx512_16_8(table, out, start, m, inf, lo, hi);
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
    if (bmi && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl"))
        paths |= 1 << HK_PATH_AVX512;
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
    if (lo >= hi || m < 1 || m > 31) return;
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
