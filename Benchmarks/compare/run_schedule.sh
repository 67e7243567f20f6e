#!/usr/bin/env bash
# RoutePlan's scheduling solver against pyvroom, PyVRP and OR-Tools on
# Solomon VRPTW and TOPTW (issue 17).
#
#   Benchmarks/compare/run_schedule.sh [schedule_compare.py flags …]
#   Benchmarks/compare/run_schedule.sh --self-test     # the evaluator only
#
# Creates Benchmarks/compare/.venv-schedule (Python 3.11+), installs the
# pinned peers from requirements-schedule.txt (again only when that file
# changes), builds routeplan in release mode unless a binary is given
# (--routeplan PATH or $ROUTEPLAN_BIN), then runs schedule_compare.py.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
venv="${SCHEDULE_VENV:-$here/.venv-schedule}"

if [ "${1:-}" = "--self-test" ]; then
  shift
  exec "$python" "$here/schedule_eval.py" --self-test "$@"
fi
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv" || { rm -rf "$venv"; echo "run_schedule.sh: could not create a venv; on Debian: apt-get install python3-venv" >&2; exit 1; }
fi
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$here/requirements-schedule.txt" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "run_schedule.sh: installing the pinned peers into $venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements-schedule.txt"
  echo "$want" > "$stamp"
fi
extra=()
case " $* " in
  *" --routeplan "*|*" --routeplan="*) ;;
  *)
    if [ -z "${ROUTEPLAN_BIN:-}" ]; then
      swift build -c release --product routeplan --package-path "$root" >&2
      extra=(--routeplan "$(swift build -c release --product routeplan --package-path "$root" --show-bin-path)/routeplan")
    fi ;;
esac
exec "$venv/bin/python" "$here/schedule_compare.py" "${extra[@]}" "$@"
