/* Held–Karp row kernels for RoutePlanSolver (int32 tables).
 *
 * The table holds, for every subset S of the m free nodes (row S, m entries
 * at S·m) and every free node j outside S, the least cost of a path that
 * leaves the start, visits exactly S and then takes the arc into j:
 *
 *     E[S][j] = min over k ∈ S of E[S∖{k}][k] + out[k][j],   E[∅][j] = start[j]
 *
 * Entries for j ∈ S are written but meaningless. Every stored value is at
 * most `inf` (the accumulators start there), so with costs ≤ inf a sum never
 * exceeds 2·inf, which the caller keeps below INT32_MAX.
 *
 * `out` is m rows of hk_out_stride(m) entries: out[k·stride + j] is the cost
 * of the arc k → j (inf when forbidden, any value ≤ inf on the diagonal and in
 * the padding).
 */
#ifndef CHELDKARP_H
#define CHELDKARP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction-set paths. HK_PATH_PORTABLE is compiled for the target's
 * baseline (SSE2 on x86-64, NEON on arm64) and exists everywhere. */
enum {
    HK_PATH_PORTABLE = 0,
    HK_PATH_AVX2 = 1,
    HK_PATH_AVX512 = 2
};

/* Whether this CPU (and operating system) can run `path`. */
int hk_path_available(int path);

/* The fastest available path. */
int hk_best_path(void);

/* Entries per row of `out`: m rounded up to a multiple of 16. */
int hk_out_stride(int m);

/* Fills rows lo ..< hi of `table` (rows below lo that they read must be
 * complete). Requires 1 ≤ m ≤ 32, hi ≤ 2^m. Row 0 is copied from `start`.
 * Stores stay inside rows lo ..< hi. An unavailable path falls back to the
 * portable one. */
void hk_fill_rows(int path, int32_t *table, const int32_t *out, const int32_t *start,
                  int m, int32_t inf, uint32_t lo, uint32_t hi);

#ifdef __cplusplus
}
#endif

#endif
