#!/usr/bin/env python3
"""Time RoutePlan's exact solver (`routeplan solve FILE --exact`) as a whole
process on TSPLIB95 instances and check every proven length against the
published optimum.

    Benchmarks/compare/provers.py [--routeplan PATH] [--time-limit S] [--repeat K] [--exact-engine E] [INSTANCE ...]

INSTANCE is a name in /work/shared/tsplib (or $TSPLIB_DIR) such as `kroA100`
or `ftv70`; without any, the symmetric and asymmetric target sets below run.
Prints a Markdown table: instance, n, median wall time of K runs, proven,
branch-and-cut search nodes, root gap, peak resident memory (wait4, the
largest of the K runs), length, optimum, agreed. Exits 1 if any proven length differs from the optimum (a
wrong proof), 0 otherwise. The peers (SCIP, CBC, HiGHS, CP-SAT) are timed by
provers_peers.py on the same instances.
"""
import argparse
import statistics
import tempfile
import json
import os
import subprocess
import sys
import time

SYMMETRIC = ["gr17", "ulysses22", "gr24", "fri26", "bayg29", "dantzig42", "att48", "eil51", "berlin52",
             "st70", "eil76", "pr76", "rat99", "kroA100"]
ASYMMETRIC = ["br17", "ftv33", "ftv35", "ftv38", "p43", "ftv44", "ftv47", "ry48p", "ft53", "ftv55",
              "ftv64", "ft70", "ftv70", "kro124p"]
BEYOND = ["rd100", "eil101", "lin105", "ch130", "kroA150", "d198"]


def find(directory, name):
    for suffix in (".tsp", ".atsp", ".tsp.gz", ".atsp.gz"):
        path = os.path.join(directory, name + suffix)
        if os.path.exists(path):
            return path
    return None


def optima(directory):
    table = {}
    with open(os.path.join(directory, "optima.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            try:
                table[row["name"]] = int(row["opt"])
            except (KeyError, ValueError):
                pass
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("instances", nargs="*")
    parser.add_argument("--routeplan", default=os.environ.get("ROUTEPLAN_BIN", ".build/release/routeplan"))
    parser.add_argument("--tsplib", default=os.environ.get("TSPLIB_DIR", "/work/shared/tsplib"))
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--repeat", type=int, default=1, help="runs per instance; the median is reported")
    parser.add_argument("--beyond", action="store_true", help="also the larger instances (rd100 … d198)")
    parser.add_argument("--exact-engine", default=None,
                        help="passed to routeplan (held-karp, branch-and-cut, branch-and-cut-arcs, branch-and-cut-doubled)")
    args = parser.parse_args()
    names = args.instances or SYMMETRIC + ASYMMETRIC + (BEYOND if args.beyond else [])
    known = optima(args.tsplib)
    wrong = 0
    print("| instance | n | seconds | proven | search nodes | root gap % | peak MB | length | optimum | agreed |")
    print("|---|---:|---:|:---:|---:|---:|---:|---:|---:|:---:|")
    for name in names:
        path = find(args.tsplib, name)
        if path is None:
            print(f"| {name} | | | | missing | | |")
            continue
        times = []
        peak = 0.0
        result = None
        for _ in range(max(1, args.repeat)):
            started = time.monotonic()
            with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
                engine = ["--exact-engine", args.exact_engine] if args.exact_engine else []
                child = subprocess.Popen([args.routeplan, "solve", path, "--exact", "--format", "json",
                                          "--time-limit", str(args.time_limit)] + engine, stdout=stdout, stderr=stderr)
                _, status, usage = os.wait4(child.pid, 0)  # this child's own rusage: its peak memory
                child.returncode = os.waitstatus_to_exitcode(status)
                stdout.seek(0)
                stderr.seek(0)
                out, err = stdout.read().decode(), stderr.read().decode()
            elapsed = time.monotonic() - started
            peak = max(peak, usage.ru_maxrss / 1024)
            if child.returncode != 0:
                result = None
                print(f"| {name} | | | | | | | | error: {err.strip()[:80]} | | |")
                break
            result = json.loads(out)
            times.append(elapsed)
        if result is None:
            continue
        best = statistics.median(times)
        length = result.get("length")
        proven = bool(result.get("provenOptimal"))
        optimum = known.get(name)
        agreed = "—" if optimum is None else ("yes" if length == optimum else ("NO" if proven else "open"))
        if proven and optimum is not None and length != optimum:
            wrong += 1
        nodes = result.get("searchNodes", "–")
        root = result.get("rootGapPercent")
        print(f"| {name} | {result.get('dimension')} | {best:.3f} | {'yes' if proven else 'no'} | {nodes} | "
              f"{'–' if root is None else f'{root:.2f}'} | {peak:.0f} | {length} | "
              f"{optimum if optimum is not None else '?'} | {agreed} |")
        sys.stdout.flush()
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
