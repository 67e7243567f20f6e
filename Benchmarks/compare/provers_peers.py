#!/usr/bin/env python3
"""The provers a user could pick instead of `routeplan solve --exact`, on the
same TSPLIB95 instances with the same time limit: SCIP (pyscipopt), CBC
(python-mip), HiGHS (highspy), each with the standard subtour-cut model, and
OR-Tools CP-SAT with its circuit constraint. Every run is a fresh process,
timed whole (import and model building included, as `routeplan solve` is);
a proven length must equal the optimum in optima.tsv.

    provers_peers.py [--peers scip,cbc,highs,cpsat] [--time-limit S] [INSTANCE ...]

The model (the one the textbooks give, and what the issue measured):
- symmetric: x_e ∈ {0, 1} per edge {i, j}; every node of degree 2;
- asymmetric: x_ij ∈ {0, 1} per arc; one arc out of and one into every node;
- solve, find the subtours of the solution, add x(δ(S)) ≥ 2 (symmetric) or
  x(δ⁺(S)) ≥ 1 (asymmetric) for each, solve again, until the solution is one
  tour (proven optimal: every cut is valid, the last MIP was solved to
  optimality) or the time is up (not proven).
CP-SAT: one Boolean per arc (both directions when symmetric), AddCircuit, the
sum of costs minimised, 1 worker (the others too run on one thread).

Run it with a Python that has the peers (Benchmarks/compare/requirements-provers.txt).
Prints a Markdown table: instance, n, then per peer the seconds (or "—" when
not proven within the limit). Exits 1 if a peer's proven length differs from
the optimum.
"""
from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from provers import ASYMMETRIC, BEYOND, SYMMETRIC, find, optima  # noqa: E402


# ---------------------------------------------------------------- TSPLIB95 (TSPLIB95 spec, Reinelt 1995)

def nint(x: float) -> int:
    return int(x + 0.5)


def read_tsplib(path: str) -> tuple[bool, list[list[int]]]:
    """(symmetric, full integer cost matrix) of a TSPLIB95 TSP or ATSP file."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        text = f.read()
    spec: dict[str, str] = {}
    tokens: list[str] = []
    section = None
    coords: list[tuple[float, float]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line == "EOF":
            continue
        if section is None and ":" in line and not line[0].isdigit() and not line[0] == "-":
            key, value = line.split(":", 1)
            spec[key.strip().upper()] = value.strip()
            continue
        upper = line.upper()
        if upper.startswith("NODE_COORD_SECTION"):
            section = "coords"
            continue
        if upper.startswith("EDGE_WEIGHT_SECTION"):
            section = "weights"
            continue
        if upper.startswith("DISPLAY_DATA_SECTION") or upper.startswith("TOUR_SECTION"):
            section = "skip"
            continue
        if section == "coords":
            parts = line.split()
            coords.append((float(parts[1]), float(parts[2])))
        elif section == "weights":
            tokens += line.split()
    n = int(spec["DIMENSION"])
    kind = spec.get("TYPE", "TSP").split()[0].upper()
    weight = spec.get("EDGE_WEIGHT_TYPE", "").upper()
    d = [[0] * n for _ in range(n)]
    if weight == "EXPLICIT":
        fmt = spec.get("EDGE_WEIGHT_FORMAT", "").upper()
        values = iter(int(float(t)) for t in tokens)
        if fmt == "FULL_MATRIX":
            for i in range(n):
                for j in range(n):
                    d[i][j] = next(values)
        else:
            pairs = {
                "UPPER_ROW": [(i, j) for i in range(n) for j in range(i + 1, n)],
                "LOWER_ROW": [(i, j) for i in range(n) for j in range(i)],
                "UPPER_DIAG_ROW": [(i, j) for i in range(n) for j in range(i, n)],
                "LOWER_DIAG_ROW": [(i, j) for i in range(n) for j in range(i + 1)],
            }[fmt]
            for i, j in pairs:
                v = next(values)
                d[i][j] = d[j][i] = v if i != j else 0
    else:
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                (xi, yi), (xj, yj) = coords[i], coords[j]
                if weight == "EUC_2D":
                    d[i][j] = nint(math.hypot(xi - xj, yi - yj))
                elif weight == "CEIL_2D":
                    d[i][j] = math.ceil(math.hypot(xi - xj, yi - yj))
                elif weight == "ATT":
                    r = math.sqrt(((xi - xj) ** 2 + (yi - yj) ** 2) / 10.0)
                    t = nint(r)
                    d[i][j] = t + 1 if t < r else t
                elif weight == "GEO":
                    def rad(v: float) -> float:
                        deg = int(v)
                        return math.pi * (deg + 5.0 * (v - deg) / 3.0) / 180.0
                    lat_i, lon_i, lat_j, lon_j = rad(xi), rad(yi), rad(xj), rad(yj)
                    q1 = math.cos(lon_i - lon_j)
                    q2 = math.cos(lat_i - lat_j)
                    q3 = math.cos(lat_i + lat_j)
                    d[i][j] = int(6378.388 * math.acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0)
                else:
                    raise SystemExit(f"{path}: EDGE_WEIGHT_TYPE {weight} not supported here")
    symmetric = kind == "TSP" and all(d[i][j] == d[j][i] for i in range(n) for j in range(i))
    return symmetric, d


def subtours(n: int, succ: dict[int, list[int]]) -> list[list[int]]:
    """Connected components of the chosen edges/arcs (undirected view)."""
    seen = [False] * n
    parts = []
    for s in range(n):
        if seen[s]:
            continue
        stack, part = [s], []
        seen[s] = True
        while stack:
            v = stack.pop()
            part.append(v)
            for w in succ.get(v, []):
                if not seen[w]:
                    seen[w] = True
                    stack.append(w)
        parts.append(part)
    return parts


# ---------------------------------------------------------------- the peers (each in a child process)

def solve_mip(engine: str, symmetric: bool, d: list[list[int]], limit: float) -> tuple[int | None, bool]:
    """Iterated subtour cuts on `engine` (scip, cbc, highs): (length, proven)."""
    n = len(d)
    started = time.monotonic()
    if symmetric:
        keys = [(i, j) for i in range(n) for j in range(i + 1, n)]
    else:
        keys = [(i, j) for i in range(n) for j in range(n) if i != j]
    cuts: list[list[int]] = []
    while True:
        left = limit - (time.monotonic() - started)
        if left <= 0:
            return None, False
        chosen, optimal, value = build_and_solve(engine, symmetric, n, d, keys, cuts, left)
        if chosen is None:
            return None, False
        adj: dict[int, list[int]] = {}
        for i, j in chosen:
            adj.setdefault(i, []).append(j)
            adj.setdefault(j, []).append(i)
        parts = subtours(n, adj)
        if len(parts) == 1:
            return round(value), optimal
        cuts += parts


def build_and_solve(engine, symmetric, n, d, keys, cuts, limit):
    """One MIP with the degree rows and `cuts`; (chosen keys, solved to optimality, objective)."""
    def inside_sets(part):
        s = set(part)
        if symmetric:
            return [k for k in keys if (k[0] in s) != (k[1] in s)], 2
        return [k for k in keys if k[0] in s and k[1] not in s], 1

    if engine == "scip":
        from pyscipopt import Model, quicksum
        m = Model()
        m.hideOutput()
        m.setParam("limits/time", max(0.01, limit))
        m.setParam("parallel/maxnthreads", 1)
        x = {k: m.addVar(vtype="B", obj=d[k[0]][k[1]]) for k in keys}
        add_rows(symmetric, n, keys, x, lambda expr, rhs, sense: m.addCons(
            quicksum(expr) == rhs if sense == "=" else quicksum(expr) >= rhs))
        for part in cuts:
            crossing, rhs = inside_sets(part)
            m.addCons(quicksum(x[k] for k in crossing) >= rhs)
        m.optimize()
        if m.getNSols() == 0:
            return None, False, None
        return [k for k in keys if m.getVal(x[k]) > 0.5], m.getStatus() == "optimal", m.getObjVal()
    if engine == "cbc":
        import mip
        m = mip.Model(sense=mip.MINIMIZE, solver_name=mip.CBC)
        m.verbose = 0
        m.threads = 1
        x = {k: m.add_var(var_type=mip.BINARY, obj=d[k[0]][k[1]]) for k in keys}
        add_rows(symmetric, n, keys, x, lambda expr, rhs, sense: m.add_constr(
            mip.xsum(expr) == rhs if sense == "=" else mip.xsum(expr) >= rhs))
        for part in cuts:
            crossing, rhs = inside_sets(part)
            m.add_constr(mip.xsum(x[k] for k in crossing) >= rhs)
        status = m.optimize(max_seconds=max(0.01, limit))
        if m.num_solutions == 0:
            return None, False, None
        return [k for k in keys if x[k].x > 0.5], status == mip.OptimizationStatus.OPTIMAL, m.objective_value
    if engine == "highs":
        import highspy
        import numpy as np
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("time_limit", max(0.01, limit))
        h.setOptionValue("threads", 1)
        index = {k: c for c, k in enumerate(keys)}
        h.addVars(len(keys), np.zeros(len(keys)), np.ones(len(keys)))
        h.changeColsCost(len(keys), np.arange(len(keys), dtype=np.int32),
                         np.array([float(d[i][j]) for i, j in keys]))
        h.changeColsIntegrality(len(keys), np.arange(len(keys), dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * len(keys)))

        def row(expr, rhs, sense):
            cols = np.array([index[k] for k in expr], dtype=np.int32)
            h.addRow(float(rhs), float(rhs) if sense == "=" else highspy.kHighsInf, len(cols), cols,
                     np.ones(len(cols)))
        add_rows(symmetric, n, keys, {k: k for k in keys}, row)
        for part in cuts:
            crossing, rhs = inside_sets(part)
            row(crossing, rhs, ">")
        h.run()
        status = h.getModelStatus()
        info = h.getInfo()
        if info.primal_solution_status == 0:
            return None, False, None
        values = h.getSolution().col_value
        return ([k for k in keys if values[index[k]] > 0.5], status == highspy.HighsModelStatus.kOptimal,
                info.objective_function_value)
    raise SystemExit(f"unknown engine {engine}")


def add_rows(symmetric, n, keys, x, add):
    """Degree equations: 2 per node (symmetric), or one arc out and one in."""
    for v in range(n):
        if symmetric:
            add([x[k] for k in keys if v in k], 2, "=")
        else:
            add([x[k] for k in keys if k[0] == v], 1, "=")
            add([x[k] for k in keys if k[1] == v], 1, "=")


def solve_cpsat(symmetric: bool, d: list[list[int]], limit: float) -> tuple[int | None, bool]:
    from ortools.sat.python import cp_model
    n = len(d)
    m = cp_model.CpModel()
    arcs = []
    cost = []
    for i in range(n):
        for j in range(n):
            if i != j:
                lit = m.NewBoolVar(f"x{i}_{j}")
                arcs.append((i, j, lit))
                cost.append(d[i][j] * lit)
    m.AddCircuit(arcs)
    m.Minimize(sum(cost))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = 1
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, False
    return round(solver.ObjectiveValue()), status == cp_model.OPTIMAL


def child(peer: str, path: str, limit: float) -> int:
    symmetric, d = read_tsplib(path)
    if peer == "cpsat":
        length, proven = solve_cpsat(symmetric, d, limit)
    else:
        length, proven = solve_mip(peer, symmetric, d, limit)
    print(json.dumps({"length": length, "proven": proven, "n": len(d)}))
    return 0


# ---------------------------------------------------------------- runner

def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return child(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("instances", nargs="*")
    ap.add_argument("--peers", default="scip,cbc,highs,cpsat")
    ap.add_argument("--tsplib", default=os.environ.get("TSPLIB_DIR", "/work/shared/tsplib"))
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--beyond", action="store_true")
    args = ap.parse_args()
    names = args.instances or SYMMETRIC + ASYMMETRIC + (BEYOND if args.beyond else [])
    peers = args.peers.split(",")
    known = optima(args.tsplib)
    wrong = 0
    print("| instance | n | " + " | ".join(f"{p} (s)" for p in peers) + " |")
    print("|---|---:|" + "---:|" * len(peers))
    for name in names:
        path = find(args.tsplib, name)
        if path is None:
            continue
        cells = []
        n = ""
        for peer in peers:
            started = time.monotonic()
            try:
                run = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", peer, path,
                                      str(args.time_limit)], capture_output=True, text=True,
                                     timeout=args.time_limit * 3 + 30)
            except subprocess.TimeoutExpired:
                cells.append("— (killed)")
                continue
            elapsed = time.monotonic() - started
            if run.returncode != 0:
                cells.append("error: " + run.stderr.strip().splitlines()[-1][:60] if run.stderr.strip() else "error")
                continue
            lines = run.stdout.strip().splitlines()
            try:
                out = json.loads(lines[-1])  # the last line: a peer may print a banner first
            except (IndexError, json.JSONDecodeError):
                cells.append("error: no answer")
                continue
            n = out["n"]
            if out["proven"]:
                if known.get(name) is not None and out["length"] != known[name]:
                    wrong += 1
                    cells.append(f"{elapsed:.2f} WRONG {out['length']}")
                else:
                    cells.append(f"{elapsed:.2f}")
            else:
                cells.append(f"— ({out['length']})" if out["length"] is not None else "—")
        print(f"| {name} | {n} | " + " | ".join(cells) + " |", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
