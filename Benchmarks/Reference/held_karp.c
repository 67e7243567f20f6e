/*
 * Reference for the exact-solver benchmark: a straightforward C implementation
 * of the Held–Karp recurrence that RoutePlan's HeldKarp.swift implements, kept
 * out of the library and used only to compare speed side by side.
 *
 *   C(S, j) = min_{k in S\{j}} C(S\{j}, k) + c(k, j),   C({j}, j) = c(0, j)
 *
 * Closed tour from node 0 over an asymmetric FULL_MATRIX read from a TSPLIB
 * .atsp file. One int32 table dp[S*m + j] (m = n-1 free nodes), subsets in
 * increasing order, bits of S walked with ctz. With PARENT=1 it also keeps a
 * one-byte parent table and rebuilds the tour from it; otherwise the tour is
 * rebuilt from the cost table alone.
 *
 *   gcc -O3 -o held_karp held_karp.c && ./held_karp rand22.atsp
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PARENT
#define PARENT 0
#endif

static int read_matrix(const char *path, int *n_out, int **c_out) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char word[256];
    int n = 0;
    while (fscanf(f, "%255s", word) == 1) {
        if (strncmp(word, "DIMENSION", 9) == 0) {
            char *colon = strchr(word, ':');
            if (colon && colon[1]) n = atoi(colon + 1);
            else { if (!colon) fscanf(f, "%255s", word); fscanf(f, "%d", &n); }
        }
        if (strcmp(word, "EDGE_WEIGHT_SECTION") == 0) break;
    }
    if (n <= 1) { fclose(f); return -1; }
    int *c = malloc(sizeof(int) * n * n);
    for (int i = 0; i < n * n; i++) if (fscanf(f, "%d", &c[i]) != 1) { fclose(f); return -1; }
    fclose(f);
    *n_out = n;
    *c_out = c;
    return 0;
}

int main(int argc, char **argv) {
    int n, *c;
    if (argc < 2 || read_matrix(argv[1], &n, &c) != 0) { fprintf(stderr, "usage: held_karp FILE.atsp\n"); return 64; }
    const int m = n - 1;
    const int32_t INF = INT32_MAX / 4;
    const size_t subsets = (size_t)1 << m;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    int32_t *dp = malloc(sizeof(int32_t) * subsets * m);
#if PARENT
    uint8_t *parent = malloc(subsets * m);
#endif
    if (!dp) { fprintf(stderr, "out of memory\n"); return 69; }
    /* free node k (0-based) is city k+1 */
    for (size_t s = 1; s < subsets; s++) {
        int32_t *row = dp + s * m;
        if ((s & (s - 1)) == 0) {
            int j = __builtin_ctzll(s);
            row[j] = c[0 * n + (j + 1)];
            continue;
        }
        for (size_t t = s; t; t &= t - 1) {
            int j = __builtin_ctzll(t);
            size_t prev = s ^ ((size_t)1 << j);
            const int32_t *p = dp + prev * m;
            int32_t best = INF;
#if PARENT
            int arg = -1;
#endif
            for (size_t u = prev; u; u &= u - 1) {
                int k = __builtin_ctzll(u);
                int32_t v = p[k] + c[(k + 1) * n + (j + 1)];
                if (v < best) {
                    best = v;
#if PARENT
                    arg = k;
#endif
                }
            }
            row[j] = best;
#if PARENT
            parent[s * m + j] = (uint8_t)arg;
#endif
        }
    }
    size_t full = subsets - 1;
    int32_t best = INF;
    int last = -1;
    for (int j = 0; j < m; j++) {
        int32_t v = dp[full * m + j] + c[(j + 1) * n + 0];
        if (v < best) { best = v; last = j; }
    }
    /* rebuild the tour (not printed, but done so both sides do the same work) */
    int tour[64], len = 0;
    size_t s = full;
    int j = last;
    while (1) {
        tour[len++] = j + 1;
        size_t prev = s ^ ((size_t)1 << j);
        if (!prev) break;
#if PARENT
        int k = parent[s * m + j];
#else
        int k = -1;
        for (size_t u = prev; u; u &= u - 1) {
            int q = __builtin_ctzll(u);
            if (dp[prev * m + q] + c[(q + 1) * n + (j + 1)] == dp[s * m + j]) { k = q; break; }
        }
#endif
        s = prev;
        j = k;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%d %.3f\n", best, seconds);
    return 0;
}
