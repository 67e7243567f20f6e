#!/usr/bin/env bash
# RoutePlan against OR-Tools, elkai (LKH-3), fast-tsp and VROOM on TSPLIB95.
#
#   Benchmarks/compare/run.sh [compare.py flags …]
#
# Creates Benchmarks/compare/.venv (Python 3.11+), installs the pinned peers
# from requirements.txt (again only when that file changes), builds routeplan
# in release mode unless a binary is given (--routeplan PATH or
# $ROUTEPLAN_BIN) or not needed (--self-test, or --solvers without
# routeplan), then runs compare.py with every argument passed through.
# See README.md beside this file.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
venv="$here/.venv"

if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "run.sh: needs Python 3.11 or newer as '$python' (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
  if ! "$python" -m venv "$venv"; then
    rm -rf "$venv"
    echo "run.sh: could not create a virtual environment; on Debian: apt-get install python3-venv" >&2
    exit 1
  fi
fi
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "run.sh: installing the pinned peers into $venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  echo "$want" > "$stamp"
fi

# Is a routeplan build needed?
need_routeplan=1
prev=""
for arg in "$@"; do
  case "$arg" in
    --routeplan|--routeplan=*|--self-test|-h|--help) need_routeplan=0 ;;
    --solvers=*) case ",${arg#--solvers=}," in *,routeplan,*) ;; *) need_routeplan=0 ;; esac ;;
  esac
  if [ "$prev" = "--solvers" ]; then
    case ",$arg," in *,routeplan,*) ;; *) need_routeplan=0 ;; esac
  fi
  prev="$arg"
done

extra=()
if [ "$need_routeplan" = 1 ] && [ -z "${ROUTEPLAN_BIN:-}" ]; then
  echo "run.sh: swift build -c release --product routeplan --package-path $root" >&2
  swift build -c release --product routeplan --package-path "$root" >&2
  bin_dir="$(swift build -c release --product routeplan --package-path "$root" --show-bin-path)"
  extra=(--routeplan "$bin_dir/routeplan")
fi

exec "$venv/bin/python" "$here/compare.py" "${extra[@]}" "$@"
