#!/usr/bin/env bash
# Builds RoutePlan's libFuzzer targets and runs each for a given time.
#
#   Tests/Fuzz/run.sh [seconds] [target…]      fuzz each target for `seconds` (default 60)
#   Tests/Fuzz/run.sh 600                      the acceptance run: every target, 10 minutes each
#   Tests/Fuzz/run.sh --replay [target…]       run the committed crash inputs once (no fuzzing)
#   Tests/Fuzz/run.sh --list                   list the targets
#
# Targets: itinerary opening-hours tsplib gzip matrix-google matrix-routes
#          matrix-osrm matrix-google-tiles matrix-auto instances solve (default: all, one after another).
#
# Environment:
#   FUZZ_WORK        scratch folder for corpora, artifacts and logs
#                    (default Tests/Fuzz/.work, ignored by git)
#   FUZZ_TIMEOUT     seconds one input may take before it counts as a hang (default 10)
#   FUZZ_RSS_MB      memory limit in MiB before an input counts as OOM (default 2048)
#   FUZZ_SKIP_BUILD  1 to use the binaries already built
#   FUZZ_ARGS        more libFuzzer flags, e.g. "-seed=1"
#
# Exit status: 0 when no target found anything, 1 when one did (its inputs
# are in $FUZZ_WORK/artifacts/<target>/), 2 for a usage or build error.
set -euo pipefail

fuzz_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$fuzz_dir/../.." && pwd)
work=${FUZZ_WORK:-$fuzz_dir/.work}
timeout=${FUZZ_TIMEOUT:-10}
rss_mb=${FUZZ_RSS_MB:-2048}
bin="$fuzz_dir/.build/release"

all_targets=(itinerary opening-hours tsplib gzip matrix-google matrix-routes matrix-osrm matrix-google-tiles matrix-auto instances solve)

# target -> executable product
executable() {
    case $1 in
        itinerary) echo FuzzItinerary ;;
        opening-hours) echo FuzzOpeningHours ;;
        tsplib) echo FuzzTSPLIB ;;
        gzip) echo FuzzGzip ;;
        matrix-google) echo FuzzMatrixGoogle ;;
        matrix-routes) echo FuzzMatrixRoutes ;;
        matrix-osrm) echo FuzzMatrixOSRM ;;
        matrix-google-tiles) echo FuzzMatrixGoogleTiles ;;
        matrix-auto) echo FuzzMatrixAuto ;;
        instances) echo FuzzInstances ;;
        solve) echo FuzzSolve ;;
        *) return 1 ;;
    esac
}

# target -> dictionaries (joined into one file, as libFuzzer takes one -dict)
dictionaries() {
    case $1 in
        itinerary) echo json itinerary opening-hours ;;
        opening-hours) echo json opening-hours itinerary ;;
        tsplib) echo tsplib ;;
        gzip) echo gzip tsplib ;;
        matrix-*) echo json matrix ;;
        instances) echo instances ;;
        solve) ;;  # binary input: no dictionary
    esac
}

# target -> largest input libFuzzer makes (the seeds' largest fits)
max_len() {
    case $1 in
        itinerary) echo 40960 ;;
        opening-hours) echo 8192 ;;
        tsplib) echo 65536 ;;
        gzip) echo 16384 ;;
        matrix-*) echo 140000 ;;
        instances) echo 32768 ;;
        solve) echo 8192 ;;  # 48 nodes, asymmetric: 5 + 2·48·47 bytes
    esac
}

# Copies the target's seeds (fixtures and committed hand-made seeds) into its corpus.
seed() {
    local target=$1 corpus=$2 file
    local -a files=()
    case $target in
        itinerary) files=("$root"/Fixtures/itineraries/*.json) ;;
        opening-hours) files=() ;;  # hand-made seeds only: the fixtures' hours sit inside whole itineraries
        tsplib) files=("$root"/Fixtures/tsplib/*.tsp "$root"/Fixtures/tsplib/*.atsp "$root"/Fixtures/tsplib/*.tour
                       "$root"/Fixtures/tsplib/bad/*.tsp "$root"/Fixtures/tsplib/bad/*.atsp "$root"/Fixtures/tsplib/bad/*.tour
                       "$root"/Fixtures/tsplib/bad/*.vrp) ;;
        gzip) files=("$root"/Fixtures/tsplib/*.gz "$root"/Fixtures/tsplib/bad/*.gz) ;;
        matrix-*) files=("$root"/Fixtures/matrix/*.json) ;;
    esac
    local seeds_dir="$fuzz_dir/Seeds/$target"
    [[ $target == matrix-* ]] && seeds_dir="$fuzz_dir/Seeds/matrix"
    [[ -d $seeds_dir ]] && files+=("$seeds_dir"/*)
    if [[ $target == instances ]]; then
        # The harness reads its options from the first byte: 0 = detect the
        # format, no --tours, no truncation; 4 = --tours 1 (TOPTW needs it).
        for file in "$root"/Fixtures/instances/*.txt; do
            [[ -f $file ]] || continue
            for options in 00 04; do
                { printf "\\x$options"; cat "$file"; } > "$corpus/seed-options$options-$(sha1sum "$file" | cut -c1-40)"
            done
        done
    fi
    for file in "${files[@]}"; do
        [[ -f $file ]] || continue
        # Named by content, as libFuzzer names what it adds, so reseeding adds no duplicates.
        cp "$file" "$corpus/seed-$(sha1sum "$file" | cut -c1-40)"
    done
}

usage() { sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

mode=fuzz
seconds=60
if [[ ${1:-} == --help || ${1:-} == -h ]]; then usage; exit 0; fi
if [[ ${1:-} == --list ]]; then printf '%s\n' "${all_targets[@]}"; exit 0; fi
if [[ ${1:-} == --replay ]]; then mode=replay; shift
elif [[ ${1:-} =~ ^[0-9]+$ ]]; then seconds=$((10#$1)); shift
fi
if [[ $seconds -lt 1 ]]; then
    echo "run.sh: the time per target must be at least 1 second (libFuzzer reads 0 as no limit)" >&2
    exit 2
fi
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    if ! executable "$target" > /dev/null; then
        echo "run.sh: unknown target '$target' (targets: ${all_targets[*]})" >&2
        exit 2
    fi
done

if [[ ${FUZZ_SKIP_BUILD:-0} != 1 ]]; then
    echo "== building the fuzz targets (release, -sanitize=fuzzer,address)"
    # -Xswiftc reaches every module, the main package's included, so they are
    # instrumented for coverage and checked by ASan; -enable-testing lets the
    # harnesses reach internal API with @testable import.
    if ! swift build -c release --package-path "$fuzz_dir" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing; then
        echo "run.sh: build failed" >&2
        exit 2
    fi
fi

# Traps go to libFuzzer's handler (which saves the input) without the Swift
# runtime's backtracer in between.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}

if [[ $mode == replay ]]; then
    status=0
    for target in "${targets[@]}"; do
        regressions="$root/Fixtures/fuzz-regressions/$target"
        inputs=()
        for file in "$regressions"/*; do
            [[ -f $file && $(basename "$file") != README.md ]] && inputs+=("$file")
        done
        if [[ ${#inputs[@]} -eq 0 ]]; then
            echo "== $target: no committed inputs"
            continue
        fi
        echo "== $target: replaying ${#inputs[@]} input(s)"
        if ! "$bin/$(executable "$target")" -rss_limit_mb="$rss_mb" -timeout="$timeout" "${inputs[@]}"; then
            status=1
        fi
    done
    exit $status
fi

mkdir -p "$work"/{corpus,artifacts,logs,dict}
summary=()
repro=()
found=0
for target in "${targets[@]}"; do
    exe=$(executable "$target")
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    log="$work/logs/$target.log"
    dict="$work/dict/$target.dict"
    mkdir -p "$corpus" "$artifacts"
    seed "$target" "$corpus"
    : > "$dict"
    for name in $(dictionaries "$target"); do cat "$fuzz_dir/Dictionaries/$name.dict" >> "$dict"; done
    # libFuzzer refuses an empty dictionary file (the solve target's input is binary).
    dict_flag=()
    [[ -s $dict ]] && dict_flag=(-dict="$dict")
    before=$(find "$artifacts" -type f | wc -l)

    echo "== $target: ${seconds}s, corpus $corpus ($(find "$corpus" -type f | wc -l) inputs), log $log"
    set +e
    # shellcheck disable=SC2086
    "$bin/$exe" "$corpus" \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss_mb" \
        -max_len="$(max_len "$target")" "${dict_flag[@]}" \
        -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_ARGS:-} > "$log" 2>&1
    rc=$?
    set -e

    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    counters=$(sed -n 's/.*Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' "$log" | head -1)
    cov=$({ grep -o 'cov: [0-9]*' "$log" || true; } | tail -1 | cut -d' ' -f2)
    new=$(( $(find "$artifacts" -type f | wc -l) - before ))
    if [[ $rc -ne 0 || $new -gt 0 ]]; then
        found=1
        result="FINDING (exit $rc): $(ls -t "$artifacts" | head -3 | tr '\n' ' ')"
        newest=$(ls -t "$artifacts" | head -1)
        [[ -n $newest ]] && repro+=("$target: $bin/$exe $artifacts/$newest")
        { grep -m3 -E '^==[0-9]+==ERROR|Fatal error|fuzz invariant failed|ERROR: libFuzzer' "$log" || tail -3 "$log"; } | sed 's/^/   | /'
    else
        result="no finding"
    fi
    line="$target: ${runs:-?} runs, ${counters:-?} counters, cov ${cov:-?}, $result"
    echo "   $line"
    summary+=("$line")
done

echo
echo "== summary (${seconds}s per target)"
printf '   %s\n' "${summary[@]}"
if [[ $found -ne 0 ]]; then
    echo
    echo "== reproduce (SWIFT_BACKTRACE=enable=yes for a Swift backtrace; add -minimize_crash=1 -runs=10000 to shrink):"
    printf '   %s\n' ${repro[@]+"${repro[@]}"}
    echo "   then commit the input under Fixtures/fuzz-regressions/<target>/ (see Tests/Fuzz/README.md)"
    exit 1
fi
