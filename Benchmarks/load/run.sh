#!/usr/bin/env bash
# Load scenarios for `routeplan serve`, against 127.0.0.1 only, each bounded
# in time. Prints a Markdown report (and writes it to results.md beside this
# script). Usage: Benchmarks/load/run.sh [seconds-per-scenario]
#
# Scenarios (the itinerary-service issue's targets):
#  1. 10-stop plans at 1, 16 and 64 connections: requests/s, p50/p99, errors.
#  2. /healthz and 10-stop plans, one connection each, while 8 connections
#     stream 200-stop heuristic plans (1.5 s limit).
#  3. 500 connections of 200-stop plans: the process stays up, its peak
#     resident memory, every request answered (200 or 503) within its
#     deadline plus 1 s, and no solve left running once the clients are gone.
#  4. A 2 MB body of 35,000 places: 413, resident memory before and after.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER=${1:-10}
PORT=${PORT:-18080}
BASE="http://127.0.0.1:$PORT"

if ! command -v wrk >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
# ROUTEPLAN_BIN: a routeplan binary already built (for example the one the
# tests build with -enable-testing), to skip rebuilding with other flags.
if [ -n "${ROUTEPLAN_BIN:-}" ]; then
  BIN=$ROUTEPLAN_BIN
else
  swift build -c release --product routeplan >/dev/null
  BIN=.build/release/routeplan
fi
WORK=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 Benchmarks/load/make-bodies.py "$WORK"
ulimit -n 8192

"$BIN" serve --port "$PORT" --log-level error 2>"$WORK/server.log" &
SERVER=$!
for _ in $(seq 1 200); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.05; done

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
hwm_kb() { awk '/VmHWM/ {print $2}' "/proc/$SERVER/status"; }
result() { grep '^RESULT' | sed 's/^RESULT //' || true; }
field() { echo "$1" | tr ' ' '\n' | awk -F= -v k="$2" '$1 == k {print $2}'; }
metric() { curl -s "$BASE/metrics" | awk -v m="$1" '$1 == m {print $2}'; }
statuses() { curl -s "$BASE/metrics" | grep '^routeplan_http_requests_total' | sed 's/routeplan_http_requests_total//' | tr '\n' ' '; }
wrk_post() { # connections threads seconds body [extra wrk args]
  local c=$1 t=$2 d=$3 body=$4; shift 4
  wrk -t"$t" -c"$c" -d"${d}s" --latency "$@" -s Benchmarks/load/post.lua "$BASE/v1/plan" -- "$body" | result
}

REPORT="$WORK/report.md"
{
  echo "## Load: routeplan serve ($(date -u +%Y-%m-%d), $(nproc) cores, $(git rev-parse --short HEAD))"
  echo
  echo "Server: \`routeplan serve\` defaults (one solver thread per core, queue 8 per thread); load from wrk on the same machine."
  echo
  echo "### 1. 10-stop plans"
  echo
  echo "| connections | requests/s | p50 ms | p99 ms | errors (connect/read/write/timeout/non-2xx) |"
  echo "|---|---|---|---|---|"
  for c in 1 16 64; do
    t=$([ "$c" = 1 ] && echo 1 || echo 2)
    r=$(wrk_post "$c" "$t" "$SECONDS_PER" "$WORK/plan-10.json")
    echo "| $c | $(field "$r" rps) | $(field "$r" p50_ms) | $(field "$r" p99_ms) | $(field "$r" connect_errors)/$(field "$r" read_errors)/$(field "$r" write_errors)/$(field "$r" timeouts)/$(field "$r" non2xx) |"
  done
  echo
  echo "### 2. Probes and small plans while 8 connections stream 200-stop plans (1.5 s)"
  echo
  wrk -t1 -c8 -d$((SECONDS_PER + 4))s --latency --timeout 10s -s Benchmarks/load/post.lua "$BASE/v1/plan" \
    -- "$WORK/plan-200.json" > "$WORK/heavy.txt" 2>&1 &
  HEAVY=$!
  sleep 2
  wrk -t1 -c1 -d"${SECONDS_PER}s" --latency -s Benchmarks/load/post.lua "$BASE/healthz" > "$WORK/health.txt" 2>&1 &
  HEALTH=$!
  r10=$(wrk_post 1 1 "$SECONDS_PER" "$WORK/plan-10.json")
  wait $HEALTH || true
  wait $HEAVY || true
  rh=$(result < "$WORK/health.txt"); r200=$(result < "$WORK/heavy.txt")
  echo "| stream | requests | requests/s | p50 ms | p99 ms | max ms | non-2xx |"
  echo "|---|---|---|---|---|---|---|"
  echo "| GET /healthz, 1 connection | $(field "$rh" requests) | $(field "$rh" rps) | $(field "$rh" p50_ms) | $(field "$rh" p99_ms) | $(field "$rh" max_ms) | $(field "$rh" non2xx) |"
  echo "| 10-stop plans, 1 connection | $(field "$r10" requests) | $(field "$r10" rps) | $(field "$r10" p50_ms) | $(field "$r10" p99_ms) | $(field "$r10" max_ms) | $(field "$r10" non2xx) |"
  echo "| 200-stop plans, 8 connections | $(field "$r200" requests) | $(field "$r200" rps) | $(field "$r200" p50_ms) | $(field "$r200" p99_ms) | $(field "$r200" max_ms) | $(field "$r200" non2xx) |"
  echo
  echo "### 3. 500 connections of 200-stop plans for $((SECONDS_PER * 3)) s"
  echo
  before=$(statuses)
  r500=$(wrk_post 500 2 $((SECONDS_PER * 3)) "$WORK/plan-200.json" --timeout 5s)
  ended=$(date +%s.%N)
  idle=""
  for _ in $(seq 1 400); do
    if [ "$(metric routeplan_solves_running | cut -d. -f1)" = "0" ] && [ "$(metric routeplan_queue_depth | cut -d. -f1)" = "0" ]; then
      idle=$(echo "$(date +%s.%N) - $ended" | bc); break
    fi
    sleep 0.01
  done
  alive=$(kill -0 $SERVER 2>/dev/null && echo yes || echo NO)
  echo "| requests | requests/s | p50 ms | p99 ms | max ms | non-2xx (503) | socket errors (connect/read/write/timeout) | process up | peak RSS | idle after clients left |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  echo "| $(field "$r500" requests) | $(field "$r500" rps) | $(field "$r500" p50_ms) | $(field "$r500" p99_ms) | $(field "$r500" max_ms) | $(field "$r500" non2xx) | $(field "$r500" connect_errors)/$(field "$r500" read_errors)/$(field "$r500" write_errors)/$(field "$r500" timeouts) | $alive | $(( $(hwm_kb) / 1024 )) MB | ${idle:-not within 4 s} s |"
  echo
  echo "Answers by status before: \`$before\`"
  echo
  echo "Answers by status after: \`$(statuses)\`"
  echo
  echo "### 4. A 2 MB body of 35,000 places"
  echo
  rss0=$(rss_kb)
  code=$(curl -s -o "$WORK/big.txt" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$WORK/plan-35000.json" "$BASE/v1/plan")
  rss1=$(rss_kb)
  echo "| body | status | answer | RSS before | RSS after |"
  echo "|---|---|---|---|---|"
  echo "| $(( $(stat -c %s "$WORK/plan-35000.json") / 1024 )) KiB | $code | $(head -c 160 "$WORK/big.txt") | $((rss0 / 1024)) MB | $((rss1 / 1024)) MB |"
} | tee "$REPORT"
cp "$REPORT" Benchmarks/load/results.md
