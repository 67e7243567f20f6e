#!/usr/bin/env bash
# Side-by-side, whole processes: RoutePlan's Held–Karp (routeplan solve --exact
# --exact-engine held-karp)
# against the tuned C reference in shared/reference/held-karp-c (the measuring
# stick: gcc -O3 -march=native -fopenmp, 2 threads), and against the
# straightforward C recurrence beside this script (held_karp.c, gcc -O3, one
# thread, with and without a one-byte parent table).
#
# Every program solves the same instance: the tuned reference's own
# `hk_bench dump N 1` (asymmetric, costs 1…10,000), written out as a TSPLIB
# ATSP FULL_MATRIX file for the others. Each run is timed as a whole process
# (start-up included: exec to exit), the programs alternate, and each column is
# the median of $RUNS runs (default 5) with the process's peak resident memory.
# The optimal lengths must agree. The ratio column is RoutePlan's Held–Karp time
# over the tuned reference's (the goal: at most 1.3); the last column is what
# `routeplan solve --exact` does by itself at these sizes, branch and cut.
#
#   Benchmarks/Reference/compare.sh [n …]        (default: 20 22 23 24 25)
#   HK_REFERENCE=dir RUNS=9 THREADS=2 Benchmarks/Reference/compare.sh 22
#   BASELINE=/path/to/older/routeplan Benchmarks/Reference/compare.sh   (adds its column, same runs)
#   ROUTEPLAN_BIN=/path/to/routeplan Benchmarks/Reference/compare.sh    (no build)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
reference="${HK_REFERENCE:-$root/../shared/reference/held-karp-c}"
runs="${RUNS:-5}"
threads="${THREADS:-2}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

[ -f "$reference/hk.c" ] || { echo "no tuned reference at $reference (set HK_REFERENCE)" >&2; exit 1; }
gcc -O3 -march=native -fopenmp -o "$work/hk_bench" "$reference/bench.c" "$reference/hk.c"
gcc -O3 -o "$work/hk" "$here/held_karp.c"
gcc -O3 -DPARENT=1 -o "$work/hk_parent" "$here/held_karp.c"
routeplan="${ROUTEPLAN_BIN:-}"
if [ -z "$routeplan" ]; then
  (cd "$root" && swift build -c release --product routeplan >/dev/null)
  routeplan="$root/.build/release/routeplan"
fi

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(20 22 23 24 25)

# Runs a command, appends its whole-process wall time (s) to the file $1 and
# leaves its peak resident memory (KB) in $work/mem and its output in $work/out.
timed() {
  local times="$1"; shift
  local t0=$EPOCHREALTIME
  /usr/bin/time -f '%M' -o "$work/mem" "$@" >"$work/out"
  local t1=$EPOCHREALTIME
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }' >>"$times"
}
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mb() { echo $(( $1 / 1024 )); }

baseline="${BASELINE:-}"
printf '%-3s | %-17s | %-17s | %-17s | %-17s | %-19s | %-17s' n "tuned C, ${threads} thr" "RoutePlan" \
  "held_karp.c" "+ parent table" "RoutePlan ÷ tuned C" "branch and cut"
[ -z "$baseline" ] || printf ' | %-17s | %s' "baseline RoutePlan" "baseline ÷ tuned C"
echo
for n in "${sizes[@]}"; do
  file="$work/rand$n.atsp"
  {
    echo "NAME: hk_bench_dump_${n}_1"; echo "TYPE: ATSP"; echo "DIMENSION: $n"
    echo "EDGE_WEIGHT_TYPE: EXPLICIT"; echo "EDGE_WEIGHT_FORMAT: FULL_MATRIX"; echo "EDGE_WEIGHT_SECTION"
    "$work/hk_bench" dump "$n" 1
    echo "EOF"
  } >"$file"
  : >"$work/t_ref"; : >"$work/t_rp"; : >"$work/t_c"; : >"$work/t_p"; : >"$work/t_b"; : >"$work/t_bc"
  for _ in $(seq "$runs"); do
    timed "$work/t_ref" "$work/hk_bench" "$n" 1 0 "$threads"
    mem_ref=$(cat "$work/mem"); length_ref=$(grep -o 'cost=[0-9]*' "$work/out" | cut -d= -f2)
    timed "$work/t_rp" "$routeplan" solve "$file" --exact --exact-engine held-karp --format json
    mem_rp=$(cat "$work/mem"); length_rp=$(grep '"length"' "$work/out" | tr -dc 0-9)
    timed "$work/t_bc" "$routeplan" solve "$file" --exact --exact-engine branch-and-cut --format json
    mem_bc=$(cat "$work/mem"); length_bc=$(grep '"length"' "$work/out" | tr -dc 0-9)
    grep -q '"provenOptimal" : true' "$work/out" || grep -q '"provenOptimal":true' "$work/out" \
      || { echo "n=$n: branch and cut did not prove its route" >&2; exit 1; }
    timed "$work/t_c" "$work/hk" "$file"
    mem_c=$(cat "$work/mem"); length_c=$(cut -d' ' -f1 "$work/out")
    timed "$work/t_p" "$work/hk_parent" "$file"
    mem_p=$(cat "$work/mem")
    if [ -n "$baseline" ]; then
      timed "$work/t_b" "$baseline" solve "$file" --exact --format json
      mem_b=$(cat "$work/mem"); length_b=$(grep '"length"' "$work/out" | tr -dc 0-9)
      [ "$length_b" = "$length_ref" ] || { echo "n=$n: baseline length $length_b, tuned C $length_ref" >&2; exit 1; }
    fi
  done
  if [ "$length_ref" != "$length_rp" ] || [ "$length_ref" != "$length_c" ] || [ "$length_ref" != "$length_bc" ]; then
    echo "n=$n: lengths differ (tuned C $length_ref, RoutePlan $length_rp, held_karp.c $length_c, branch and cut $length_bc)" >&2
    exit 1
  fi
  ref=$(median "$work/t_ref"); rp=$(median "$work/t_rp"); c=$(median "$work/t_c"); p=$(median "$work/t_p")
  bc=$(median "$work/t_bc")
  printf '%-3s | %-17s | %-17s | %-17s | %-17s | %-19s | %-17s' "$n" \
    "$(printf '%.3f' "$ref") s, $(mb "$mem_ref") MB" "$(printf '%.3f' "$rp") s, $(mb "$mem_rp") MB" \
    "$(printf '%.3f' "$c") s, $(mb "$mem_c") MB" "$(printf '%.3f' "$p") s, $(mb "$mem_p") MB" \
    "$(awk -v a="$rp" -v b="$ref" 'BEGIN { printf "%.2f", a / b }')" "$(printf '%.3f' "$bc") s, $(mb "$mem_bc") MB"
  if [ -n "$baseline" ]; then
    b=$(median "$work/t_b")
    printf ' | %-17s | %s' "$(printf '%.3f' "$b") s, $(mb "$mem_b") MB" "$(awk -v a="$b" -v r="$ref" 'BEGIN { printf "%.2f", a / r }')"
  fi
  echo
done
echo "(whole-process wall time, median of $runs alternating runs; length $length_ref at the last n, equal for all)"
