#!/usr/bin/env python3
"""RoutePlan against its peers on TSPLIB95 instances, judged by one evaluator.

Runs `routeplan solve --heuristic` (as a separate process) and the PyPI peers
OR-Tools, elkai (LKH-3), fast-tsp and VROOM (pyvroom) on the same instances
with the same time budgets, re-evaluates every tour with the TSPLIB95 reader
and distance rules in this file, and writes results.md (Markdown tables) and
results.json (raw records) to the output folder.

Modes:
  (default)       the comparison on --instances x --budgets x --solvers
  --exact-sweep   random Euclidean instances, n = 10..25: time to a proven
                  optimum for `routeplan solve --exact` against the peers
  --self-test     checks the reader and evaluator against every *.opt.tour

See README.md beside this file.
"""
from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import math
import multiprocessing
import os
import platform
import random
import re
import resource
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

ALL_SOLVERS = ["routeplan", "ortools", "elkai", "fast-tsp", "vroom"]
PEERS = ALL_SOLVERS[1:]

# The default instance list: symmetric instances from 14 to 2,392 nodes with
# EUC_2D, ATT and GEO distances (TSPLIB's CEIL_2D instances, pla*, have 7,397+
# nodes: too many for the n x n matrices the peers take), the EXPLICIT layouts
# FULL_MATRIX, UPPER_ROW, LOWER_DIAG_ROW and UPPER_DIAG_ROW, and asymmetric
# instances from 17 to 443 nodes.
DEFAULT_INSTANCES = [
    # symmetric, coordinates
    "burma14", "ulysses22", "att48", "berlin52", "st70", "eil76", "gr96",
    "kroA100", "lin105", "ch130", "gr137", "ch150", "kroA200", "gr202",
    "a280", "lin318", "pcb442", "att532", "gr666", "rat783", "pr1002",
    "pcb1173", "u1432", "pr2392",
    # symmetric, explicit
    "fri26", "bayg29", "bays29", "brazil58", "gr120", "si175", "pa561",
    # asymmetric
    "br17", "ftv33", "ftv47", "ry48p", "ft53", "ft70", "kro124p", "ftv170",
    "rbg323", "rbg443",
]

# ----------------------------------------------------------------------------
# TSPLIB95 reader
# ----------------------------------------------------------------------------

PI = 3.141592          # TSPLIB's GEO constants, as the TSPLIB95 doc gives them
RRR = 6378.388

COORD_TYPES = {"EUC_2D", "EUC_3D", "MAN_2D", "MAN_3D", "MAX_2D", "MAX_3D", "CEIL_2D", "ATT", "GEO"}
SYMMETRIC_FORMATS = {
    "UPPER_ROW", "LOWER_ROW", "UPPER_DIAG_ROW", "LOWER_DIAG_ROW",
    "UPPER_COL", "LOWER_COL", "UPPER_DIAG_COL", "LOWER_DIAG_COL",
}


class TSPLIBError(Exception):
    pass


def nint(x: float) -> int:
    """TSPLIB's nint: (int)(x + 0.5), for the non-negative values it is used on."""
    return int(x + 0.5)


def read_text(path: Path) -> str:
    if path.name.endswith(".gz"):
        with gzip.open(path, "rt", encoding="latin-1") as f:
            return f.read()
    return path.read_text(encoding="latin-1")


def split_tsplib(text: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Splits a TSPLIB file into its specification part (KEY : value) and the
    whitespace-separated tokens of each *_SECTION. A line that starts with a
    letter is a keyword line; any other non-empty line is data of the current
    section."""
    spec: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line[0].isalpha():
            m = re.match(r"([A-Za-z_0-9]+)\s*:?\s*(.*)$", line)
            key = m.group(1).upper()
            rest = m.group(2).strip()
            if key == "EOF":
                break
            if key.endswith("_SECTION"):
                current = sections.setdefault(key, [])
                if rest:                      # data on the keyword's own line
                    current.extend(rest.split())
                continue
            spec[key] = rest
            current = None
            continue
        if current is None:
            raise TSPLIBError(f"data outside a section: {line[:40]!r}")
        current.extend(line.split())
    return spec, sections


class Instance:
    """A TSPLIB95 instance with TSPLIB's own distance function.

    `dist(i, j)` (0-based) is the single source of truth: every tour is
    evaluated with it. `matrix()` builds the n x n integer matrix the peers
    are given; for EUC_2D, CEIL_2D and ATT it is vectorised with numpy (the
    same IEEE operations in the same order, so the same integers; --self-test
    checks this), for every other type it calls `dist`."""

    def __init__(self, name: str, kind: str, n: int, ewt: str, *, coords=None, weights=None,
                 ewf: str | None = None, path: Path | None = None):
        self.name, self.kind, self.n, self.ewt, self.ewf, self.path = name, kind, n, ewt, ewf, path
        self.coords = coords          # list of tuples, 0-based
        self.weights = weights        # list of lists (explicit), diagonal as in file
        if ewt == "GEO":
            self._geo = [(self._geo_rad(c[0]), self._geo_rad(c[1])) for c in coords]
        self._matrix = None

    @property
    def symmetric(self) -> bool:
        return self.kind != "ATSP"

    @staticmethod
    def _geo_rad(x: float) -> float:
        deg = int(x)                  # truncation toward zero, as TSPLIB's reference code
        minutes = x - deg
        return PI * (deg + 5.0 * minutes / 3.0) / 180.0

    def dist(self, i: int, j: int) -> int:
        if self.weights is not None:
            return self.weights[i][j]
        if i == j:
            return 0
        a, b = self.coords[i], self.coords[j]
        t = self.ewt
        if t == "EUC_2D":
            dx, dy = a[0] - b[0], a[1] - b[1]
            return nint(math.sqrt(dx * dx + dy * dy))
        if t == "CEIL_2D":
            dx, dy = a[0] - b[0], a[1] - b[1]
            return math.ceil(math.sqrt(dx * dx + dy * dy))
        if t == "ATT":
            dx, dy = a[0] - b[0], a[1] - b[1]
            r = math.sqrt((dx * dx + dy * dy) / 10.0)
            tt = nint(r)
            return tt + 1 if tt < r else tt
        if t == "GEO":
            lat_i, lon_i = self._geo[i]
            lat_j, lon_j = self._geo[j]
            q1 = math.cos(lon_i - lon_j)
            q2 = math.cos(lat_i - lat_j)
            q3 = math.cos(lat_i + lat_j)
            arg = 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)
            arg = max(-1.0, min(1.0, arg))   # only matters for duplicate points
            return int(RRR * math.acos(arg) + 1.0)
        if t == "EUC_3D":
            dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
            return nint(math.sqrt(dx * dx + dy * dy + dz * dz))
        if t == "MAN_2D":
            return nint(abs(a[0] - b[0]) + abs(a[1] - b[1]))
        if t == "MAN_3D":
            return nint(abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]))
        if t == "MAX_2D":
            return max(nint(abs(a[0] - b[0])), nint(abs(a[1] - b[1])))
        if t == "MAX_3D":
            return max(nint(abs(a[0] - b[0])), nint(abs(a[1] - b[1])), nint(abs(a[2] - b[2])))
        raise TSPLIBError(f"unsupported EDGE_WEIGHT_TYPE {t}")

    def matrix_scalar(self):
        import numpy as np
        n = self.n
        m = np.zeros((n, n), dtype=np.int64)
        for i in range(n):
            row = m[i]
            for j in range(n):
                if i != j:
                    row[j] = self.dist(i, j)
        return m

    def matrix(self):
        """n x n int64 matrix with a zero diagonal (the diagonal is never part of a tour)."""
        if self._matrix is not None:
            return self._matrix
        import numpy as np
        if self.weights is not None:
            m = np.array(self.weights, dtype=np.int64)
        elif self.ewt in ("EUC_2D", "CEIL_2D", "ATT"):
            xs = np.array([c[0] for c in self.coords], dtype=np.float64)
            ys = np.array([c[1] for c in self.coords], dtype=np.float64)
            dx = xs[:, None] - xs[None, :]
            dy = ys[:, None] - ys[None, :]
            sq = dx * dx + dy * dy
            del dx, dy
            if self.ewt == "EUC_2D":
                m = np.floor(np.sqrt(sq) + 0.5).astype(np.int64)
            elif self.ewt == "CEIL_2D":
                m = np.ceil(np.sqrt(sq)).astype(np.int64)
            else:
                r = np.sqrt(sq / 10.0)
                t = np.floor(r + 0.5)
                m = np.where(t < r, t + 1, t).astype(np.int64)
        else:
            m = self.matrix_scalar()
        np.fill_diagonal(m, 0)
        self._matrix = m
        return m

    def evaluate(self, tour) -> tuple[int | None, str | None]:
        """(length, None) for a permutation of 0..n-1, else (None, reason)."""
        n = self.n
        if tour is None:
            return None, "no tour"
        try:
            t = [int(v) for v in tour]
        except (TypeError, ValueError):
            return None, "tour has non-integer entries"
        if any(int(v) != v for v in tour):
            return None, "tour has non-integer entries"
        if len(t) != n:
            return None, f"tour has {len(t)} entries for {n} nodes"
        if sorted(t) != list(range(n)):
            return None, f"not a permutation: {len(set(t))} distinct nodes of {n}, or out of range"
        return sum(self.dist(t[k], t[(k + 1) % n]) for k in range(n)), None

    def to_tsplib(self) -> str:
        if self.coords is None or self.ewt not in COORD_TYPES:
            raise TSPLIBError("only coordinate instances are written")
        lines = [f"NAME : {self.name}", f"TYPE : {self.kind}", f"DIMENSION : {self.n}",
                 f"EDGE_WEIGHT_TYPE : {self.ewt}", "NODE_COORD_SECTION"]
        lines += [f"{i + 1} " + " ".join(f"{v:g}" for v in c) for i, c in enumerate(self.coords)]
        return "\n".join(lines + ["EOF", ""])


def explicit_pairs(fmt: str, n: int):
    """(i, j) positions, in file order, of the EDGE_WEIGHT_SECTION entries."""
    if fmt == "FULL_MATRIX":
        return ((i, j) for i in range(n) for j in range(n))
    if fmt == "UPPER_ROW":
        return ((i, j) for i in range(n) for j in range(i + 1, n))
    if fmt == "LOWER_ROW":
        return ((i, j) for i in range(n) for j in range(i))
    if fmt == "UPPER_DIAG_ROW":
        return ((i, j) for i in range(n) for j in range(i, n))
    if fmt == "LOWER_DIAG_ROW":
        return ((i, j) for i in range(n) for j in range(i + 1))
    if fmt == "UPPER_COL":
        return ((i, j) for j in range(n) for i in range(j))
    if fmt == "LOWER_COL":
        return ((i, j) for j in range(n) for i in range(j + 1, n))
    if fmt == "UPPER_DIAG_COL":
        return ((i, j) for j in range(n) for i in range(j + 1))
    if fmt == "LOWER_DIAG_COL":
        return ((i, j) for j in range(n) for i in range(j, n))
    raise TSPLIBError(f"unsupported EDGE_WEIGHT_FORMAT {fmt}")


def explicit_count(fmt: str, n: int) -> int:
    return {"FULL_MATRIX": n * n, "UPPER_ROW": n * (n - 1) // 2, "LOWER_ROW": n * (n - 1) // 2,
            "UPPER_COL": n * (n - 1) // 2, "LOWER_COL": n * (n - 1) // 2,
            "UPPER_DIAG_ROW": n * (n + 1) // 2, "LOWER_DIAG_ROW": n * (n + 1) // 2,
            "UPPER_DIAG_COL": n * (n + 1) // 2, "LOWER_DIAG_COL": n * (n + 1) // 2}[fmt]


def number(tok: str):
    try:
        return int(tok)
    except ValueError:
        return float(tok)


def load_instance(path: Path) -> Instance:
    spec, sections = split_tsplib(read_text(path))
    name = spec.get("NAME") or path.name.split(".")[0]
    kind = (spec.get("TYPE") or "TSP").split()[0].upper()
    if kind not in ("TSP", "ATSP"):
        raise TSPLIBError(f"{path.name}: TYPE {kind} is not TSP or ATSP")
    try:
        n = int(spec["DIMENSION"])
    except (KeyError, ValueError):
        raise TSPLIBError(f"{path.name}: missing or bad DIMENSION")
    ewt = spec.get("EDGE_WEIGHT_TYPE", "").upper()
    if ewt == "EXPLICIT":
        fmt = spec.get("EDGE_WEIGHT_FORMAT", "").upper()
        if kind == "ATSP" and fmt != "FULL_MATRIX":
            raise TSPLIBError(f"{path.name}: an ATSP needs FULL_MATRIX, got {fmt}")
        toks = sections.get("EDGE_WEIGHT_SECTION")
        if toks is None:
            raise TSPLIBError(f"{path.name}: no EDGE_WEIGHT_SECTION")
        want = explicit_count(fmt, n)
        if len(toks) != want:
            raise TSPLIBError(f"{path.name}: EDGE_WEIGHT_SECTION has {len(toks)} numbers, {fmt} of {n} needs {want}")
        w = [[0] * n for _ in range(n)]
        mirror = fmt in SYMMETRIC_FORMATS
        for (i, j), tok in zip(explicit_pairs(fmt, n), toks):
            v = number(tok)
            w[i][j] = v
            if mirror:
                w[j][i] = v
        for i in range(n):
            w[i][i] = 0
        return Instance(name, kind, n, ewt, weights=w, ewf=fmt, path=path)
    if ewt in COORD_TYPES:
        toks = sections.get("NODE_COORD_SECTION")
        if toks is None:
            raise TSPLIBError(f"{path.name}: no NODE_COORD_SECTION")
        dim = 3 if ewt.endswith("_3D") else 2
        if len(toks) != n * (dim + 1):
            raise TSPLIBError(f"{path.name}: NODE_COORD_SECTION has {len(toks)} numbers, expected {n * (dim + 1)}")
        coords: list = [None] * n
        for k in range(n):
            rec = toks[k * (dim + 1):(k + 1) * (dim + 1)]
            node = int(rec[0])
            if not 1 <= node <= n or coords[node - 1] is not None:
                raise TSPLIBError(f"{path.name}: bad or repeated node id {node}")
            coords[node - 1] = tuple(float(v) for v in rec[1:])
        return Instance(name, kind, n, ewt, coords=coords, path=path)
    raise TSPLIBError(f"{path.name}: unsupported EDGE_WEIGHT_TYPE {ewt or '(none)'}")


def load_tour(path: Path) -> list[int]:
    """The first tour of a .tour file, 0-based."""
    spec, sections = split_tsplib(read_text(path))
    tour = []
    for tok in sections.get("TOUR_SECTION", []):
        v = int(tok)
        if v == -1:
            break
        tour.append(v - 1)
    return tour


def read_optima(tsplib_dir: Path) -> dict[str, dict]:
    path = tsplib_dir / "optima.tsv"
    if not path.exists():
        return {}
    lines = path.read_text().splitlines()
    header = lines[0].split("\t")
    rows = {}
    for line in lines[1:]:
        if line.strip():
            rec = dict(zip(header, line.split("\t")))
            rows[rec["name"]] = rec
    return rows


def find_instance_file(spec: str, tsplib_dir: Path) -> Path:
    p = Path(spec)
    if p.suffix and p.exists():
        return p
    for ext in (".tsp", ".atsp", ".tsp.gz", ".atsp.gz"):
        q = tsplib_dir / (spec + ext)
        if q.exists():
            return q
    raise FileNotFoundError(f"instance {spec!r}: no such file, nor {spec}.tsp/.atsp[.gz] in {tsplib_dir}")


def instance_key(path: Path) -> str:
    return path.name.split(".")[0]


# ----------------------------------------------------------------------------
# Timing
# ----------------------------------------------------------------------------

def cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


class Timer:
    """Wall and CPU seconds of the enclosed block (CPU of this process, all threads)."""

    def __enter__(self):
        self.c0 = cpu_self()
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.t0
        self.cpu = cpu_self() - self.c0
        return False


def isolated(hard_cap: float, fn, *args, **kwargs) -> dict:
    """Runs fn(*args, **kwargs) in a forked child process (one at a time) and
    returns its result dict; a child that has not answered after hard_cap
    seconds is killed (some peers overrun their own time limits by minutes),
    and one that crashes is reported as an error. The child inherits the
    parent's memory, so the distance matrix is not copied or pickled."""
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)

    def child():
        try:
            res = fn(*args, **kwargs)
        except BaseException as e:  # report, never hang the parent
            res = {"tour": None, "error": f"{type(e).__name__}: {e}"}
        writer.send(res)
        writer.close()

    proc = ctx.Process(target=child, daemon=True)
    t0 = time.perf_counter()
    proc.start()
    writer.close()
    if reader.poll(hard_cap):
        try:
            res = reader.recv()
        except EOFError:
            proc.join(5)
            res = {"tour": None, "error": f"the solver process died (exit code {proc.exitcode})"}
    else:
        res = {"tour": None, "timeout": f"no answer within the hard cap of {hard_cap:g} s: killed",
               "seconds": time.perf_counter() - t0}
    reader.close()
    proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    return res


# ----------------------------------------------------------------------------
# Solvers. Each returns a dict: tour (0-based, or None), seconds (wall of the
# solve call), cpu_seconds, and optional note / extra fields.
# ----------------------------------------------------------------------------

def run_routeplan(binary: str, file: Path, budget: float | None, exact: bool = False, seed: int = 1,
                  hard_cap: float | None = None) -> dict:
    cmd = [binary, "solve", str(file), "--format", "json"]
    cmd += ["--exact"] if exact else ["--heuristic", "--seed", str(seed)]
    if budget is not None:
        cmd += ["--time-limit", repr(float(budget))]
    c0 = cpu_children()
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=hard_cap)
    except subprocess.TimeoutExpired:
        return {"tour": None, "seconds": time.perf_counter() - t0,
                "timeout": f"no answer within the hard cap of {hard_cap:g} s: killed"}
    wall = time.perf_counter() - t0
    cpu = cpu_children() - c0
    out = {"seconds": wall, "cpu_seconds": cpu, "command": " ".join(cmd), "exit_status": p.returncode}
    if p.returncode != 0:
        out.update(tour=None, error=f"exit {p.returncode}: {p.stderr.strip()[-300:]}")
        return out
    try:
        js = json.loads(p.stdout)
    except json.JSONDecodeError as e:
        out.update(tour=None, error=f"bad JSON: {e}")
        return out
    tour = js.get("tour")
    out.update(
        tour=None if tour is None else [v - 1 for v in tour],
        claimed_length=js.get("length"), lower_bound=js.get("lowerBound"),
        proven_optimal=js.get("provenOptimal"), method=js.get("method"),
        own_seconds=js.get("seconds"), exact_stopped_by_time_limit=js.get("exactStoppedByTimeLimit"))
    return out


def run_ortools(inst: Instance, budget: float, optimum: int | None = None) -> dict:
    from ortools.constraint_solver import pywrapcp, routing_enums_pb2
    m = inst.matrix()
    with Timer() as setup:
        manager = pywrapcp.RoutingIndexManager(inst.n, 1, 0)
        routing = pywrapcp.RoutingModel(manager)
        transit = routing.RegisterTransitMatrix(m.tolist())
        routing.SetArcCostEvaluatorOfAllVehicles(transit)
        params = pywrapcp.DefaultRoutingSearchParameters()
        params.first_solution_strategy = routing_enums_pb2.FirstSolutionStrategy.PATH_CHEAPEST_ARC
        params.local_search_metaheuristic = routing_enums_pb2.LocalSearchMetaheuristic.GUIDED_LOCAL_SEARCH
        ms = max(1, int(round(budget * 1000)))
        params.time_limit.seconds = ms // 1000
        params.time_limit.nanos = (ms % 1000) * 1_000_000
    found = {}
    if optimum is not None:
        # Records when a solution of the optimal cost was first found.
        t_start = [0.0]

        def at_solution():
            if "first_optimal_seconds" not in found and routing.CostVar().Value() <= optimum:
                found["first_optimal_seconds"] = time.perf_counter() - t_start[0]
        routing.AddAtSolutionCallback(at_solution)
    with Timer() as solve:
        if optimum is not None:
            t_start[0] = solve.t0
        sol = routing.SolveWithParameters(params)
    out = {"seconds": solve.wall, "cpu_seconds": solve.cpu, "setup_seconds": setup.wall, **found,
           "settings": f"PATH_CHEAPEST_ARC + GUIDED_LOCAL_SEARCH, time_limit {ms} ms"}
    if sol is None:
        out.update(tour=None, error=f"no solution (status {routing.status()})")
        return out
    tour = []
    idx = routing.Start(0)
    while not routing.IsEnd(idx):
        tour.append(manager.IndexToNode(idx))
        idx = sol.Value(routing.NextVar(idx))
    out.update(tour=tour, claimed_length=sol.ObjectiveValue())
    return out


def run_fast_tsp(inst: Instance, budget: float, threads: int, converge: bool = False) -> dict:
    if not inst.symmetric:
        return {"skipped": "fast-tsp needs a symmetric matrix (its find_tour docs)"}
    import numpy as np
    import fast_tsp
    m = inst.matrix()
    note = None
    top = int(m.max())
    if top > 65535:
        scale = math.ceil(top / 65535)
        m = np.floor(m / scale + 0.5).astype(np.int64)
        note = f"distances divided by {scale} and rounded (fast-tsp takes uint16); tour evaluated on the true distances"
    with Timer() as solve:
        tour = fast_tsp.find_tour(m, duration_seconds=float(budget), max_threads=threads,
                                  stop_when_converged=converge)
    out = {"tour": list(tour), "seconds": solve.wall, "cpu_seconds": solve.cpu,
           "settings": f"find_tour(duration_seconds={budget:g}, max_threads={threads}"
                       + (", stop_when_converged=True" if converge else "") + ")"}
    if inst.n <= 20:
        out["settings"] += "; n <= 20 is solved exactly by fast-tsp"
    if note:
        out["note"] = note
    return out


def run_vroom(inst: Instance, budget: float, threads: int, level: int) -> dict:
    import datetime as _dt
    import numpy as np
    import vroom
    m = inst.matrix()
    if int(m.max()) >= 2 ** 32:
        return {"skipped": "distances do not fit VROOM's uint32 durations"}
    with Timer() as setup:
        problem = vroom.Input()
        problem.set_durations_matrix(profile="car", matrix_input=m.astype(np.uint32))
        problem.add_vehicle(vroom.Vehicle(0, start=0, end=0))
        problem.add_job([vroom.Job(i, location=i) for i in range(1, inst.n)])
    with Timer() as solve:
        sol = problem.solve(exploration_level=level, nb_threads=threads,
                            timeout=_dt.timedelta(seconds=float(budget)))
    routes = sol.routes
    steps = routes[routes["vehicle_id"] == 0]
    tour = [int(v) for v, kind in zip(steps["location_index"], steps["type"]) if kind in ("start", "job")]
    out = {"tour": tour, "seconds": solve.wall, "cpu_seconds": solve.cpu, "setup_seconds": setup.wall,
           "settings": f"exploration_level={level}, nb_threads={threads}, timeout={budget:g} s"}
    try:
        out["claimed_length"] = int(sol.summary.cost)  # not every version has this
    except Exception:
        pass
    return out


def elkai_solve(matrix_list: list, runs: int) -> dict:
    import elkai
    dm = elkai.DistanceMatrix(matrix_list)       # only checks the matrix
    with Timer() as solve:
        tour = dm.solve_tsp(runs=runs)
    tour = tour[:-1] if len(tour) > 1 and tour[0] == tour[-1] else tour
    return {"tour": tour, "seconds": solve.wall, "cpu_seconds": solve.cpu, "runs": runs}


class ElkaiCalibration:
    """elkai exposes LKH's RUNS only (each run: MAX_TRIALS = n trials from a
    fresh start, after one ascent for the candidate sets). Time is modelled as
    a + b * runs from pilot solves with runs = 1 and (if there is room in the
    largest budget) runs = 2; a budget B gets runs = floor((B - a) / b), at
    least 1. A pilot whose runs value a budget asks for is reused as is."""

    def __init__(self, inst: Instance, hard_cap):
        self.matrix_list = inst.matrix().tolist()
        self.hard_cap = hard_cap
        self.pilots: dict[int, dict] = {}
        self.a = self.b = None

    def solve(self, runs: int, budget: float) -> dict:
        return isolated(self.hard_cap(budget), elkai_solve, self.matrix_list, runs)

    def calibrate(self, budgets: list[float]):
        p1 = self.pilots[1] = self.solve(1, min(budgets))
        if p1.get("tour") is None:
            self.a, self.b = 0.0, float("inf")
            return
        if p1["seconds"] * 2 < max(budgets):
            p2 = self.pilots[2] = self.solve(2, min(budgets))
            if p2.get("tour") is not None:
                self.b = max(p2["seconds"] - p1["seconds"], p1["seconds"] / 20, 1e-5)
                self.a = max(0.0, p1["seconds"] - self.b)
                return
        self.b, self.a = p1["seconds"], 0.0

    def runs_for(self, budget: float) -> int:
        if not math.isfinite(self.b):
            return 1
        return int(max(1, min(1_000_000, math.floor((budget - self.a) / self.b))))


def run_elkai(cal: ElkaiCalibration, budget: float) -> dict:
    runs = cal.runs_for(budget)
    if runs in cal.pilots:
        out = dict(cal.pilots[runs])
        out["settings"] = f"solve_tsp(runs={runs}) (the calibration solve, reused)"
    else:
        out = cal.solve(runs, budget)
        out["settings"] = f"solve_tsp(runs={runs})"
    out["calibration"] = {"pilot_seconds": {str(k): v.get("seconds") for k, v in cal.pilots.items()},
                          "model_a_seconds": cal.a,
                          "model_b_seconds_per_run": cal.b if math.isfinite(cal.b) else None}
    return out


# ----------------------------------------------------------------------------
# Environment
# ----------------------------------------------------------------------------

def machine_info(binary: str | None) -> dict:
    info = {"date_utc": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
            "python": platform.python_version(), "os": platform.platform()}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                info["memory_gib"] = round(int(line.split()[1]) / 2 ** 20, 1)
    except OSError:
        pass
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"') + f" (kernel {platform.release()})"
    except OSError:
        pass
    versions = {}
    for pkg in ("ortools", "elkai", "fast-tsp", "pyvroom", "numpy"):
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = "not installed"
    info["packages"] = versions
    try:
        info["routeplan_commit"] = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "--no-optional-locks", "-C", str(REPO), "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True, text=True).stdout.strip()
        info["routeplan_worktree"] = "modified" if dirty else "clean"
    except (OSError, subprocess.CalledProcessError):
        info["routeplan_commit"] = "unknown"
    if binary:
        info["routeplan_binary"] = binary
        try:
            info["routeplan_version"] = subprocess.run([binary, "--version"], capture_output=True,
                                                       text=True).stdout.strip()
            info["routeplan_binary_mtime_utc"] = dt.datetime.fromtimestamp(
                os.path.getmtime(binary), dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
        except OSError:
            pass
    return info


def header_md(title: str, info: dict, extra: list[str]) -> list[str]:
    pk = info["packages"]
    lines = [f"# {title}", "",
             f"- Date: {info['date_utc']}",
             f"- Machine: {info['cpu']}, {info['cores']} cores"
             + (f", {info['memory_gib']} GiB" if "memory_gib" in info else ""),
             f"- OS: {info['os']}",
             f"- Python {info['python']}; " + ", ".join(f"{k} {v}" for k, v in pk.items()),
             f"- routeplan: commit `{info.get('routeplan_commit', 'unknown')}`"
             + (f" (work tree {info['routeplan_worktree']})" if "routeplan_worktree" in info else "")
             + (f", version {info['routeplan_version']}" if info.get("routeplan_version") else "")
             + (f", binary `{info['routeplan_binary']}` built {info.get('routeplan_binary_mtime_utc', '?')}"
                if info.get("routeplan_binary") else "")]
    return lines + extra + [""]


# ----------------------------------------------------------------------------
# The comparison
# ----------------------------------------------------------------------------

def fmt_s(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:.4f}" if x < 0.01 else f"{x:.3f}" if x < 10 else f"{x:.2f}" if x < 100 else f"{x:.0f}"


def fmt_ratio(x: float) -> str:
    return f"{x:.3f}" if x < 0.1 else f"{x:.2f}" if x < 100 else f"{x:.0f}"


def fmt_gap(g: float | None) -> str:
    return "—" if g is None else f"{g:.2f}"


def record_result(inst: Instance, opt: int | None, budget, solver: str, res: dict) -> dict:
    rec = {"instance": inst.name, "n": inst.n, "type": inst.kind, "edge_weight_type": inst.ewt,
           "optimum": opt, "budget_seconds": budget, "solver": solver}
    if "skipped" in res:
        rec.update(status="skipped", note=res["skipped"])
        return rec
    tour = res.pop("tour", None)
    length, why = (None, res.get("error", "no tour")) if tour is None else inst.evaluate(tour)
    rec.update({k: v for k, v in res.items()})
    if "timeout" in res:
        rec["status"] = "timeout"
    elif "error" in res:
        rec["status"] = "error"
    elif length is None:
        rec.update(status="invalid", invalid_reason=why)
    else:
        rec.update(status="ok", length=length,
                   gap_percent=gap_percent(length, opt))
        if rec.get("claimed_length") is not None and rec["claimed_length"] != length:
            rec["claim_mismatch"] = f"solver reported {rec['claimed_length']}, evaluator {length}"
        if solver == "routeplan" and opt is not None and rec.get("lower_bound") is not None \
                and rec["lower_bound"] > opt:
            rec["claim_mismatch"] = f"lowerBound {rec['lower_bound']} > known optimum {opt}"
        if solver == "routeplan" and opt is not None and rec.get("proven_optimal") and length != opt:
            rec["claim_mismatch"] = f"provenOptimal but length {length} != optimum {opt}"
    rec["tour"] = tour  # kept in the raw JSON so any tour can be re-checked
    return rec


def cell(rec: dict | None) -> str:
    if rec is None:
        return "—"
    st = rec["status"]
    if st == "skipped":
        return "skipped"
    if st == "error":
        return "error"
    if st == "timeout":
        return f"none in {fmt_s(rec.get('seconds'))} s"
    if st == "invalid":
        return f"invalid · {fmt_s(rec.get('seconds'))} s"
    return f"{fmt_gap(rec.get('gap_percent'))} % · {fmt_s(rec.get('seconds'))} s"


def gap_ratio(peer: float, rp: float) -> str:
    if rp == 0:
        return "= (both 0)" if peer == 0 else "∞ (rp 0)"
    return f"{peer / rp:.2f}"


def write_comparison(out_dir: Path, info: dict, records: list[dict], args, complete: bool) -> str:
    solvers = [s for s in ALL_SOLVERS if s in args.solvers]
    budgets = args.budgets
    by = {(r["instance"], r["budget_seconds"], r["solver"]): r for r in records}
    names = []
    meta = {}
    for r in records:
        if r["instance"] not in meta:
            names.append(r["instance"])
            meta[r["instance"]] = r
    extra = [f"- Budgets: {', '.join(f'{b:g} s' for b in budgets)}; solvers: {', '.join(solvers)};"
             f" peer threads: {args.threads}; VROOM exploration level {args.vroom_level}",
             "- Cells: gap % above the known optimum · seconds. Every tour is re-evaluated by compare.py's"
             " TSPLIB reader; solvers' own lengths are not used.",
             "- Seconds: wall time of the solve call for the peers (model building outside it);"
             " for routeplan the **whole `routeplan solve` process** (start-up, reading the TSPLIB file,"
             " building its matrix, solving, printing JSON).",
             "- routeplan uses both cores; OR-Tools and elkai/LKH use one thread; fast-tsp and VROOM get"
             f" {args.threads} thread(s). CPU seconds are in results.json."]
    if not complete:
        extra.append("- **Partial results** (the run is still going or was stopped).")
    md = header_md("RoutePlan vs peers on TSPLIB95", info, extra)
    for b in budgets:
        md += [f"## Budget {b:g} s", "",
               "| instance | type | n | optimum | " + " | ".join(solvers) + " |",
               "|---|---|--:|--:|" + "--:|" * len(solvers)]
        for name in names:
            m = meta[name]
            md.append(f"| {name} | {m['type']} {m['edge_weight_type']} | {m['n']} | {m['optimum'] or '—'} | "
                      + " | ".join(cell(by.get((name, b, s))) for s in solvers) + " |")
        md.append("")
    peers = [s for s in solvers if s != "routeplan"]
    if "routeplan" in solvers and peers:
        for b in budgets:
            md += [f"## Peers against routeplan, budget {b:g} s", "",
                   "×time = peer seconds ÷ routeplan seconds; ×gap = peer gap ÷ routeplan gap"
                   " (`= (both 0)`: both optimal; `∞ (rp 0)`: routeplan optimal, the peer not).", "",
                   "| instance | " + " | ".join(f"{p} ×time | {p} ×gap" for p in peers) + " |",
                   "|---|" + "--:|--:|" * len(peers)]
            summary = {p: {"tr": [], "pg": [], "rg": [], "w": 0, "t": 0, "l": 0} for p in peers}
            for name in names:
                rp = by.get((name, b, "routeplan"))
                row = []
                for p in peers:
                    pr = by.get((name, b, p))
                    if not (rp and pr and rp["status"] == "ok" and pr["status"] == "ok"
                            and rp.get("gap_percent") is not None and pr.get("gap_percent") is not None):
                        row += ["—", "—"]
                        continue
                    s = summary[p]
                    tr = pr["seconds"] / rp["seconds"]
                    s["tr"].append(tr)
                    s["pg"].append(pr["gap_percent"])
                    s["rg"].append(rp["gap_percent"])
                    s["w" if pr["length"] < rp["length"] else "t" if pr["length"] == rp["length"] else "l"] += 1
                    row += [fmt_ratio(tr), gap_ratio(pr["gap_percent"], rp["gap_percent"])]
                md.append(f"| {name} | " + " | ".join(row) + " |")
            md += ["", "| peer | instances | geometric mean ×time | mean gap % peer | mean gap % routeplan |"
                       " ×gap of the means | peer shorter / equal / longer |",
                   "|---|--:|--:|--:|--:|--:|--:|"]
            for p in peers:
                s = summary[p]
                k = len(s["tr"])
                if k == 0:
                    md.append(f"| {p} | 0 | — | — | — | — | — |")
                    continue
                geo = math.exp(sum(math.log(max(x, 1e-9)) for x in s["tr"]) / k)
                mp, mr = sum(s["pg"]) / k, sum(s["rg"]) / k
                md.append(f"| {p} | {k} | {fmt_ratio(geo)} | {mp:.3f} | {mr:.3f} | {gap_ratio(mp, mr)} |"
                          f" {s['w']} / {s['t']} / {s['l']} |")
            md.append("")
    notes = []
    for r in records:
        for key in ("note", "invalid_reason", "error", "timeout", "overran", "claim_mismatch"):
            if r.get(key):
                notes.append(f"- {r['instance']} · {r['budget_seconds']} s · {r['solver']}: {key.replace('_', ' ')}:"
                             f" {r[key]}")
    lk = [r for r in records if r["solver"] == "elkai" and r["status"] == "ok"]
    if lk:
        notes.append("- elkai settings (runs chosen to fit the budget; the time shown is the time it took): "
                     + "; ".join(f"{r['instance']}@{r['budget_seconds']:g}s {r['settings']} → {fmt_s(r['seconds'])} s"
                                 for r in lk))
    if notes:
        # One line per distinct message; elkai's calibration re-use note is common, so group it.
        md += ["## Notes", ""] + notes + [""]
    text = "\n".join(md)
    (out_dir / "results.md").write_text(text)
    (out_dir / "results.json").write_text(json.dumps(
        {"machine": info, "settings": {"budgets": budgets, "solvers": solvers, "threads": args.threads,
                                       "vroom_exploration_level": args.vroom_level,
                                       "instances": args.instances, "complete": complete},
         "results": records}, indent=1))
    return text


def run_comparison(args, binary: str | None) -> int:
    tsplib_dir = Path(args.tsplib_dir)
    optima = read_optima(tsplib_dir)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    info = machine_info(binary)
    records: list[dict] = []
    budgets = args.budgets

    def hard_cap(b: float) -> float:
        return args.hard_cap_factor * b + args.hard_cap_extra
    for spec in args.instances:
        path = find_instance_file(spec, tsplib_dir)
        key = instance_key(path)
        log(f"== {key}: reading {path}")
        inst = load_instance(path)
        opt = int(optima[key]["opt"]) if key in optima else None
        peers_here = [s for s in PEERS if s in args.solvers]
        too_big = inst.n > args.max_matrix_n
        if peers_here and not too_big:
            with Timer() as mt:
                inst.matrix()
            log(f"   n={inst.n} {inst.kind} {inst.ewt}, optimum {opt}, matrix in {mt.wall:.2f} s")
        cal = None
        for b in budgets:
            for s in ALL_SOLVERS:
                if s not in args.solvers:
                    continue
                if s != "routeplan" and too_big:
                    res = {"skipped": f"n = {inst.n} > --max-matrix-n {args.max_matrix_n} (peers need an n x n matrix)"}
                elif s == "routeplan":
                    res = run_routeplan(binary, path, b, seed=args.seed, hard_cap=hard_cap(b))
                elif s == "ortools":
                    res = isolated(hard_cap(b), run_ortools, inst, b)
                elif s == "fast-tsp":
                    res = isolated(hard_cap(b), run_fast_tsp, inst, b, args.threads)
                elif s == "vroom":
                    res = isolated(hard_cap(b), run_vroom, inst, b, args.threads, args.vroom_level)
                elif s == "elkai":
                    if cal is None:
                        cal = ElkaiCalibration(inst, hard_cap)
                        cal.calibrate(budgets)
                    res = run_elkai(cal, b)
                if res.get("seconds") is not None and "skipped" not in res and "timeout" not in res \
                        and res["seconds"] > 1.5 * b + 0.5 and s != "elkai":
                    res["overran"] = f"took {res['seconds']:.1f} s for a {b:g} s limit"
                try:
                    rec = record_result(inst, opt, b, s, res)
                except Exception as e:  # never lose the run to one bad record
                    rec = {"instance": inst.name, "n": inst.n, "type": inst.kind, "edge_weight_type": inst.ewt,
                           "optimum": opt, "budget_seconds": b, "solver": s, "status": "error", "error": repr(e)}
                records.append(rec)
                log(f"   {b:g} s {s:9s} {rec['status']:8s} gap {fmt_gap(rec.get('gap_percent'))} %"
                    f"  {fmt_s(rec.get('seconds'))} s")
        inst._matrix = None
        cal = None
        write_comparison(out_dir, info, records, args, complete=False)
    text = write_comparison(out_dir, info, records, args, complete=True)
    print(text)
    log(f"wrote {out_dir / 'results.md'} and {out_dir / 'results.json'}")
    bad = [r for r in records if r["status"] == "invalid" or r.get("claim_mismatch")]
    return 0 if not bad else 2


# ----------------------------------------------------------------------------
# Exact sweep
# ----------------------------------------------------------------------------

def held_karp(m) -> int:
    """Optimal closed-tour length by Held–Karp (numpy over the last node), for the check."""
    import numpy as np
    n = len(m)
    k = n - 1                                   # nodes 1..n-1 as bits 0..k-1
    inf = np.iinfo(np.int64).max // 4
    D = np.asarray(m, dtype=np.int64)[1:, 1:]   # D[a, b]: node a+1 -> node b+1
    dp = np.full((1 << k, k), inf, dtype=np.int64)
    for j in range(k):
        dp[1 << j, j] = m[0][j + 1]
    bits_of = [np.array([j for j in range(k) if mask >> j & 1], dtype=np.int64) for mask in range(1 << k)] \
        if k <= 12 else None
    for mask in range(1, 1 << k):
        if mask & (mask - 1) == 0:
            continue
        js = bits_of[mask] if bits_of is not None else np.array([j for j in range(k) if mask >> j & 1])
        prevs = mask ^ (1 << js)
        cand = dp[prevs] + D[:, js].T          # cand[a, c] = dp[prev_a, c] + D[c, js[a]]
        dp[mask, js] = cand.min(axis=1)
    full = (1 << k) - 1
    return int(min(dp[full, j] + m[j + 1][0] for j in range(k)))


def random_instance(n: int, seed: int) -> Instance:
    rng = random.Random(seed * 1000 + n)
    coords = [(float(rng.randrange(0, 1001)), float(rng.randrange(0, 1001))) for _ in range(n)]
    return Instance(f"rand{n}s{seed}", "TSP", n, "EUC_2D", coords=coords)


def run_sweep(args, binary: str | None) -> int:
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    inst_dir = out_dir / "exact-sweep-instances"
    inst_dir.mkdir(exist_ok=True)
    info = machine_info(binary)
    cap = args.sweep_budget
    peers = [s for s in PEERS if s in args.solvers]
    rows = []
    failures = 0
    for n in args.sweep_sizes:
        inst = random_instance(n, args.sweep_seed)
        path = inst_dir / f"{inst.name}.tsp"
        path.write_text(inst.to_tsplib())
        back = load_instance(path)               # the file routeplan reads is the instance we evaluate on
        assert back.coords == inst.coords
        row = {"n": n, "instance": inst.name, "file": str(path)}
        rp = run_routeplan(binary, path, None, exact=True) if "routeplan" in args.solvers else None
        optimum = None
        if rp is not None:
            tour = rp.pop("tour", None)
            length, why = (None, rp.get("error", "no tour")) if tour is None else inst.evaluate(tour)
            rp.update(length=length, invalid_reason=why)
            if length is not None and rp.get("proven_optimal"):
                optimum = length
            if rp.get("claimed_length") is not None and length is not None and rp["claimed_length"] != length:
                rp["claim_mismatch"] = f"reported {rp['claimed_length']}, evaluator {length}"
                failures += 1
            row["routeplan"] = rp
        if n <= args.verify_max_n:
            with Timer() as hk:
                ref = held_karp(inst.matrix())
            row["held_karp_check"] = {"optimum": ref, "seconds": hk.wall}
            if optimum is not None and optimum != ref:
                row["held_karp_check"]["mismatch"] = True
                failures += 1
            if optimum is None:
                optimum = ref
        row["optimum"] = optimum
        inst.matrix()
        hard = args.hard_cap_factor * cap + args.hard_cap_extra
        for s in peers:
            if s == "ortools":
                res = isolated(hard, run_ortools, inst, cap, optimum=optimum)
            elif s == "fast-tsp":
                res = isolated(hard, run_fast_tsp, inst, cap, args.threads, converge=True)
            elif s == "vroom":
                res = isolated(hard, run_vroom, inst, cap, args.threads, args.vroom_level)
            else:
                res = isolated(hard, elkai_solve, inst.matrix().tolist(), 10)   # elkai's default runs
                res["settings"] = "solve_tsp(runs=10), the default"
            tour = res.pop("tour", None)
            length, why = (None, res.get("error") or res.get("timeout") or "no tour") if tour is None \
                else inst.evaluate(tour)
            res.update(length=length, invalid_reason=why,
                       reached_optimum=None if optimum is None or length is None else length == optimum)
            if optimum is not None and length is not None and length < optimum:
                res["beats_proven_optimum"] = True     # would mean the exact answer is wrong
                failures += 1
            row[s] = res
        rows.append(row)
        log(f"   n={n}: optimum {optimum}, routeplan {fmt_s((row.get('routeplan') or {}).get('seconds'))} s, "
            + ", ".join(f"{s} {'yes' if row[s].get('reached_optimum') else 'no'} {fmt_s(row[s].get('seconds'))} s"
                        for s in peers))
    extra = [f"- Random Euclidean instances (EUC_2D, integer coordinates uniform in 0…1000, seed {args.sweep_seed});"
             f" the TSPLIB files are in `{inst_dir.name}/`.",
             "- routeplan: `routeplan solve FILE --exact --format json`, seconds = **the whole process**; "
             "proven = its `provenOptimal` flag.",
             f"- Held–Karp check: compare.py's own numpy Held–Karp for n ≤ {args.verify_max_n}.",
             f"- Peers run with a cap of {cap:g} s and stop on their own where they can: OR-Tools (GLS never stops "
             "early, so its cell gives the time its search first found an optimal-cost solution, and the call's time), "
             "fast-tsp `stop_when_converged=True` (n ≤ 20: its own exact solver), elkai default `runs=10`, "
             f"VROOM exploration level {args.vroom_level} with the cap as timeout.",
             "- Peer cells: reached the optimum? · seconds of the solve call."]
    md = header_md("Exact sizes: time to a proven optimum", info, extra)
    md += ["| n | optimum | routeplan --exact s | proven | HK check | " + " | ".join(peers) + " |",
           "|--:|--:|--:|:-:|:-:|" + "--:|" * len(peers)]
    for row in rows:
        rp = row.get("routeplan") or {}
        hk = row.get("held_karp_check")
        hk_cell = "—" if hk is None else ("**differs**" if hk.get("mismatch") else "agrees")
        cells = []
        for s in peers:
            r = row[s]
            if r.get("error") or r.get("invalid_reason"):
                cells.append(f"{r.get('error') and 'error' or 'invalid'}")
                continue
            mark = "yes" if r.get("reached_optimum") else "no" if r.get("reached_optimum") is False else "?"
            if s == "ortools" and "first_optimal_seconds" in r:
                cells.append(f"{mark} · first at {fmt_s(r['first_optimal_seconds'])} s (call {fmt_s(r['seconds'])} s)")
            else:
                cells.append(f"{mark} · {fmt_s(r.get('seconds'))} s")
        md.append(f"| {row['n']} | {row['optimum'] or '—'} | {fmt_s(rp.get('seconds'))} | "
                  f"{'yes' if rp.get('proven_optimal') else 'no'} | {hk_cell} | " + " | ".join(cells) + " |")
    text = "\n".join(md + [""])
    (out_dir / "exact-sweep.md").write_text(text)
    (out_dir / "exact-sweep.json").write_text(json.dumps({"machine": info, "settings": {
        "sizes": args.sweep_sizes, "seed": args.sweep_seed, "cap_seconds": cap, "peers": peers,
        "verify_max_n": args.verify_max_n}, "rows": rows}, indent=1))
    print(text)
    log(f"wrote {out_dir / 'exact-sweep.md'} and {out_dir / 'exact-sweep.json'}")
    return 0 if failures == 0 else 2


# ----------------------------------------------------------------------------
# Self-test
# ----------------------------------------------------------------------------

def self_test(args) -> int:
    import numpy as np
    tsplib_dir = Path(args.tsplib_dir)
    optima = read_optima(tsplib_dir)
    failures = 0
    # 1. The evaluator on synthetic cases.
    sq = Instance("square", "TSP", 4, "EUC_2D", coords=[(0, 0), (0, 3), (4, 3), (4, 0)])
    checks = [
        ("EUC_2D 3-4-5 square", sq.evaluate([0, 1, 2, 3])[0] == 14 and sq.evaluate([0, 2, 1, 3])[0] == 18),
        ("EUC_2D rounds half up", Instance("h", "TSP", 2, "EUC_2D", coords=[(0, 0), (0, 2.5)]).dist(0, 1) == 3),
        ("ATT rounds up past nint", Instance("a", "TSP", 2, "ATT", coords=[(0, 0), (0, 31)]).dist(0, 1) == 10),
        ("CEIL_2D", Instance("c", "TSP", 2, "CEIL_2D", coords=[(0, 0), (1, 1)]).dist(0, 1) == 2),
        ("repeated node is invalid", sq.evaluate([0, 1, 1, 3])[0] is None),
        ("short tour is invalid", sq.evaluate([0, 1, 2])[0] is None),
        ("out-of-range node is invalid", sq.evaluate([0, 1, 2, 4])[0] is None),
        ("no tour is invalid", sq.evaluate(None)[0] is None),
    ]
    print("## Evaluator unit checks\n")
    for label, ok in checks:
        print(f"- {label}: {'ok' if ok else 'FAILED'}")
        failures += not ok
    # 2. Every optimal tour shipped with the instances.
    print("\n## Optimal tours (*.opt.tour) evaluated\n")
    print("| instance | n | type | format | evaluated | optimum | result |")
    print("|---|--:|---|---|--:|--:|---|")
    tours = sorted(tsplib_dir.glob("*.opt.tour"))
    for tp in tours:
        key = tp.name[: -len(".opt.tour")]
        try:
            inst = load_instance(find_instance_file(key, tsplib_dir))
            length, why = inst.evaluate(load_tour(tp))
        except Exception as e:
            length, why, inst = None, repr(e), None
        opt = int(optima[key]["opt"]) if key in optima else None
        ok = length is not None and length == opt
        failures += not ok
        print(f"| {key} | {inst.n if inst else '?'} | {inst.ewt if inst else '?'} | {(inst.ewf or '-') if inst else '?'}"
              f" | {length if length is not None else why} | {opt} | {'ok' if ok else 'FAILED'} |")
    # 3. Every instance listed in optima.tsv parses with the listed dimension and type,
    #    and the numpy matrix equals dist() (all pairs up to n = 400, else 20,000 random pairs).
    print("\n## Every instance in optima.tsv: parse, dimension, matrix == dist()\n")
    rng = random.Random(1)
    bad = []
    count = 0
    for key, rec in optima.items():
        try:
            path = find_instance_file(key, tsplib_dir)
            inst = load_instance(path)
            if inst.n != int(rec["dimension"]) or inst.ewt != rec["edge_weight_type"]:
                bad.append(f"{key}: read n={inst.n} {inst.ewt}, optima.tsv says {rec['dimension']} {rec['edge_weight_type']}")
                continue
            if inst.n <= args.max_matrix_n:
                m = inst.matrix()
                if inst.n <= 400:
                    pairs = [(i, j) for i in range(inst.n) for j in range(inst.n) if i != j]
                else:
                    pairs = [(rng.randrange(inst.n), rng.randrange(inst.n)) for _ in range(20000)]
                diff = [(i, j) for i, j in pairs if i != j and int(m[i, j]) != inst.dist(i, j)]
                if diff:
                    bad.append(f"{key}: matrix differs from dist() at {len(diff)} of {len(pairs)} pairs, e.g. {diff[0]}")
                inst._matrix = None
            count += 1
        except Exception as e:
            bad.append(f"{key}: {e!r}")
    print(f"{count} of {len(optima)} instances read and checked." + ("" if not bad else " Problems:"))
    for b in bad:
        print(f"- {b}")
    failures += len(bad)
    # 4. The Held–Karp used by --exact-sweep against brute force.
    import itertools
    for n in (5, 7, 8):
        inst = random_instance(n, 99)
        m = inst.matrix()
        brute = min(sum(m[t[k]][t[(k + 1) % n]] for k in range(n)) for t in
                    ((0,) + p for p in itertools.permutations(range(1, n))))
        ok = held_karp(m) == brute
        failures += not ok
        print(f"\n- Held–Karp = brute force at n = {n}: {'ok' if ok else 'FAILED'}", end="")
    print(f"\n\n{len(tours)} opt tours, {count} instances: "
          + ("all ok" if failures == 0 else f"{failures} FAILED"))
    return 0 if failures == 0 else 1


# ----------------------------------------------------------------------------

def log(msg: str):
    print(msg, file=sys.stderr, flush=True)


def gap_percent(length: int | None, opt: int | None) -> float | None:
    """How far `length` is above the optimum `opt`, in %; None without either."""
    return None if length is None or not opt else 100.0 * (length - opt) / opt


def seed_range(text: str) -> list[int]:
    """Seeds written "K" or "LO-HI" (both ends included)."""
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def known_optimum(tsplib_dir: Path, name: str) -> int | None:
    """The optimum `optima.tsv` lists for the instance `name`, if any."""
    listed = str(read_optima(tsplib_dir).get(name, {}).get("opt", ""))
    return int(listed) if listed.isdigit() else None


def seed_tours(binary: str, path: Path, inst: Instance, seeds: list[int],
               time_limit: float) -> list[tuple[int, list[int], int]]:
    """(seed, 0-based tour, length by our evaluator) of `routeplan solve
    --heuristic` for each seed: the offline checks' input. Raises
    RuntimeError naming the seed when a run gives no tour or an invalid one."""
    found = []
    for seed in seeds:
        res = run_routeplan(binary, path, time_limit, seed=seed)
        if res.get("tour") is None:
            raise RuntimeError(f"seed {seed}: no tour ({res.get('error') or res.get('timeout')})")
        length, problem = inst.evaluate(res["tour"])
        if problem:
            raise RuntimeError(f"seed {seed}: {problem}")
        found.append((seed, res["tour"], length))
    return found


def add_seed_run_options(ap: argparse.ArgumentParser, instance: str, seeds: str, time_limit: float) -> None:
    """The options every offline check that runs `routeplan solve` per seed
    shares: --routeplan, --instance, --seeds (read with ``seed_range``),
    --time-limit and --tsplib-dir (default ``default_tsplib_dir()``)."""
    ap.add_argument("--routeplan", required=True)
    ap.add_argument("--instance", default=instance)
    ap.add_argument("--seeds", default=seeds)
    ap.add_argument("--time-limit", type=float, default=time_limit)
    ap.add_argument("--tsplib-dir", type=Path, default=Path(default_tsplib_dir()))


def nearest_lists(matrix, k: int):
    """Each city's k nearest other cities, nearest first (an n × k numpy
    array), from an n × n numpy cost matrix, which is left as it is."""
    import numpy as np
    masked = np.array(matrix, dtype=np.int64)
    np.fill_diagonal(masked, np.iinfo(np.int64).max)
    return np.argsort(masked, axis=1, kind="stable")[:, :k]


def parse_sizes(text: str) -> list[int]:
    sizes = []
    for part in text.split(","):
        if "-" in part or "…" in part or ".." in part:
            a, b = re.split(r"-|…|\.\.", part)
            sizes += list(range(int(a), int(b) + 1))
        else:
            sizes.append(int(part))
    return sizes


def default_tsplib_dir() -> str:
    env = os.environ.get("TSPLIB_DIR")
    if env:
        return env
    return str(REPO.parent / "shared" / "tsplib")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instances", type=lambda s: [x for x in s.split(",") if x], default=",".join(DEFAULT_INSTANCES),
                    help="comma-separated TSPLIB names (looked up in --tsplib-dir) or file paths "
                         "(default: %(default)s)")
    ap.add_argument("--budgets", type=lambda s: [float(x) for x in s.split(",")], default="1,10",
                    help="comma-separated time budgets in seconds (default: 1,10)")
    ap.add_argument("--solvers", type=lambda s: [x for x in s.split(",") if x], default=",".join(ALL_SOLVERS),
                    help="comma-separated subset of %(default)s (default: all)")
    ap.add_argument("--out", default=str(HERE / "results"), help="output folder (default: %(default)s)")
    ap.add_argument("--routeplan", default=os.environ.get("ROUTEPLAN_BIN"),
                    help="routeplan binary (default: $ROUTEPLAN_BIN, else <repo>/.build/release/routeplan)")
    ap.add_argument("--tsplib-dir", default=default_tsplib_dir(),
                    help="folder with the TSPLIB files and optima.tsv (default: $TSPLIB_DIR, else %(default)s)")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                    help="threads for fast-tsp and VROOM (default: all cores, %(default)s)")
    ap.add_argument("--vroom-level", type=int, default=5, help="VROOM exploration level 0..5 (default 5, its CLI's default)")
    ap.add_argument("--seed", type=int, default=1, help="routeplan --seed (default 1)")
    ap.add_argument("--max-matrix-n", type=int, default=5000,
                    help="peers are skipped above this many nodes (they need an n x n matrix; default 5000)")
    ap.add_argument("--hard-cap-factor", type=float, default=5.0,
                    help="a solver that has not answered after FACTOR x budget + EXTRA seconds is killed (default 5)")
    ap.add_argument("--hard-cap-extra", type=float, default=60.0, help="see --hard-cap-factor (default 60)")
    ap.add_argument("--self-test", action="store_true", help="check the reader/evaluator against every *.opt.tour")
    ap.add_argument("--exact-sweep", action="store_true", help="time to a proven optimum on random instances")
    ap.add_argument("--sweep-sizes", type=parse_sizes, default="10-25",
                    help="sizes, e.g. 10-25 (the default) or 10,12,20-22")
    ap.add_argument("--sweep-seed", type=int, default=2024, help="seed of the random instances (default 2024)")
    ap.add_argument("--sweep-budget", type=float, default=5.0,
                    help="time cap for each peer in the exact sweep, seconds (default 5)")
    ap.add_argument("--verify-max-n", type=int, default=20,
                    help="check routeplan's optimum with compare.py's own Held–Karp up to this n (default 20)")
    args = ap.parse_args(argv)

    unknown = [s for s in args.solvers if s not in ALL_SOLVERS]
    if unknown:
        ap.error(f"unknown solver(s) {unknown}; choose from {ALL_SOLVERS}")
    if args.self_test:
        return self_test(args)
    # Import the peers once here, so the forked solver processes start with them loaded.
    modules = {"ortools": "ortools.constraint_solver.pywrapcp", "elkai": "elkai", "fast-tsp": "fast_tsp",
               "vroom": "vroom"}
    for s in PEERS:
        if s in args.solvers:
            try:
                __import__(modules[s])
            except ImportError as e:
                ap.error(f"{s} is not installed ({e}); run Benchmarks/compare/run.sh, which installs requirements.txt")
    binary = None
    if "routeplan" in args.solvers:
        binary = args.routeplan or str(REPO / ".build" / "release" / "routeplan")
        if not os.access(binary, os.X_OK):
            ap.error(f"routeplan binary {binary} not found; build it or pass --routeplan PATH")
        binary = str(Path(binary).resolve())
    if args.exact_sweep:
        return run_sweep(args, binary)
    return run_comparison(args, binary)


if __name__ == "__main__":
    sys.exit(main())
