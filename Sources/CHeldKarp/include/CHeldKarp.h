/* Held–Karp row kernels for RoutePlanSolver (int32 tables).
 *
 * For every subset S of the m free nodes and every free node j outside S,
 * E[S][j] is the least cost of a path that leaves the start, visits exactly
 * S and then takes the arc into j:
 *
 *     E[S][j] = min over k ∈ S of E[S∖{k}][k] + out[k][j],   E[∅][j] = start[j]
 *
 * Layout (paired rows): E[S] has m − |S| entries that matter and E[~S] the
 * other |S|, so the two share one stored row of m entries. The table has
 * 2^(m−1) rows, one per X without the top bit (m − 1): stored row X holds
 * E[X][j] at the j ∉ X and E[~X][j] at the j ∈ X. Half the memory of one
 * row per subset, and so half the pages to fault in and clear.
 *
 * Every stored value is at most `inf` (the accumulators start there), so with
 * costs ≤ inf a sum never exceeds 2·inf, which the caller keeps below
 * INT32_MAX.
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
 * baseline (SSE2 on x86-64, NEON on arm64) and exists everywhere;
 * HK_PATH_AVX2 needs AVX2 and BMI1, HK_PATH_AVX512 AVX-512 F and VL and BMI1. */
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

/* Computes E[S] for the subsets lo ≤ S < hi (all subsets below lo that they
 * read must be complete) and stores each one's entries, through lane masks
 * and nothing else, into its stored row. Requires 1 ≤ m ≤ 31, hi ≤ 2^m.
 * E[∅] is copied from `start`. Two ranges may run at once on different
 * threads when neither reads the other's subsets. An unavailable path falls
 * back to the portable one. */
void hk_fill_rows(int path, int32_t *table, const int32_t *out, const int32_t *start,
                  int m, int32_t inf, uint32_t lo, uint32_t hi);

#ifdef __cplusplus
}
#endif

#endif
