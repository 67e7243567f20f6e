#!/usr/bin/env bash
# Side-by-side: RoutePlan's Held–Karp (routeplan solve --exact) against the
# straightforward C reference (held_karp.c, gcc -O3), on the same seeded
# asymmetric random instances (costs 1…10,000, closed tour), on this machine.
# Also runs the C reference with a one-byte parent table, to compare against
# rebuilding the tour from the cost table.
#
#   Benchmarks/Reference/compare.sh [n …]      (default: 20 22 23 24 25)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

gcc -O3 -o "$work/hk" "$here/held_karp.c"
gcc -O3 -DPARENT=1 -o "$work/hk_parent" "$here/held_karp.c"
(cd "$root" && swift build -c release --product routeplan >/dev/null)
routeplan="$root/.build/release/routeplan"

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(20 22 23 24 25)

printf '%-4s %-22s %-22s %-22s %s\n' n "C -O3 (s, MB)" "C + parent table" "RoutePlan (s, MB)" "C time / RoutePlan time"
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
for n in "${sizes[@]}"; do
  file="$work/rand$n.atsp"
  awk -v n="$n" 'BEGIN {
    srand(n); print "NAME: rand" n; print "TYPE: ATSP"; print "DIMENSION: " n
    print "EDGE_WEIGHT_TYPE: EXPLICIT"; print "EDGE_WEIGHT_FORMAT: FULL_MATRIX"; print "EDGE_WEIGHT_SECTION"
    for (i = 0; i < n; i++) { line = ""; for (j = 0; j < n; j++) line = line (i == j ? 0 : 1 + int(rand() * 10000)) " "; print line }
    print "EOF" }' > "$file"
  # Each program reports the seconds of its own solve (after reading the file);
  # peak memory is that of the whole process. Median of three runs.
  c=(); p=(); r=()
  for _ in 1 2 3; do
    /usr/bin/time -f '%M' -o "$work/mem_c" "$work/hk" "$file" >"$work/out_c"
    c+=("$(cut -d' ' -f2 "$work/out_c")")
    /usr/bin/time -f '%M' -o "$work/mem_p" "$work/hk_parent" "$file" >"$work/out_p"
    p+=("$(cut -d' ' -f2 "$work/out_p")")
    /usr/bin/time -f '%M' -o "$work/mem_r" "$routeplan" solve "$file" --exact --format json >"$work/out_r"
    r+=("$(grep '"seconds"' "$work/out_r" | tr -dc '0-9.')")
  done
  length_c=$(cut -d' ' -f1 "$work/out_c")
  length_r=$(grep '"length"' "$work/out_r" | tr -dc 0-9)
  [ "$length_c" = "$length_r" ] || { echo "n=$n: lengths differ (C $length_c, RoutePlan $length_r)" >&2; exit 1; }
  cs=$(median3 "${c[@]}"); ps=$(median3 "${p[@]}"); rs=$(median3 "${r[@]}")
  printf '%-4s %-22s %-22s %-22s %s\n' "$n" \
    "$(printf '%.3f' "$cs") s, $(( $(cat "$work/mem_c") / 1024 )) MB" \
    "$(printf '%.3f' "$ps") s, $(( $(cat "$work/mem_p") / 1024 )) MB" \
    "$(printf '%.3f' "$rs") s, $(( $(cat "$work/mem_r") / 1024 )) MB" \
    "$(awk -v a="$cs" -v b="$rs" 'BEGIN { printf "%.2f", a / b }')"
done
