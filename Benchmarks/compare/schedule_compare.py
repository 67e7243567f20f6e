#!/usr/bin/env python3
"""RoutePlan's scheduling solver against pyvroom, PyVRP and OR-Tools on
Solomon VRPTW and TOPTW, at the same time budget and one thread each.

Every solution (ours and the peers') is re-checked by schedule_eval.py (its
own readers, rational/floating recomputation) before it counts; an infeasible
or missing solution is counted as such, never averaged in.

  schedule_compare.py --sets solomon100,solomon25,toptw-m1 --per-set 5 --budget 1
  schedule_compare.py --sets all --budget 1              # the full run (hours)

Sets (data from --data-dir, default ../shared/vrptw next to the repository):
  solomon100, solomon50, solomon25   Solomon VRPTW, distance-only; gap to the distance-only
                                     best-known (100, real distances) or, for 25/50, to the proven
                                     optimum under its own rule: every solver solves and the
                                     evaluator checks with each arc (distance and travel time)
                                     truncated to one decimal, as the exact methods did
  solomon100-shuffled                each Solomon 100 file with its customer lines in 10 seeded
                                     random orders (560 cases): every customer must still be served
  toptw-m1                           TOPTW with m = 1 on the 35 instances with a proven optimum
  toptw-m2, toptw-m3, toptw-m4       TOPTW, m tours, all 76 instances; reference = the published
                                     algorithm's AVERAGE score (not a best-known value)
  mctopmtw                           MC-TOP-MTW (Souffriau et al. 2013), all 148 instances (29 Solomon-
                                     and 8 Cordeau-based, m = 1..4 from the file), grouped by family
                                     and m; reference = the "benchmark" (known high-quality) score of
                                     mctopmtw_known_solutions_and_algorithm_results_from_MCTOPMTW.xls.csv,
                                     with GRILS's average run from the same file beside it. RoutePlan
                                     only: the peers cannot model a trip-wide budget or caps per place
                                     type, so they are not run on this set (a relaxed problem would not
                                     be comparable).

Peers, and how each benchmark is mapped onto them (integers where needed):
  vroom   pyvroom: custom durations matrix; Solomon: vehicles with capacity and the depot window,
          jobs with delivery, service and one time window (start of service); TOPTW: jobs with
          priority = score (VROOM priorities are integers 0..100; scaled down when a score exceeds
          100), vehicles with [O0, Tmax]. solve(exploration_level=5, nb_threads=1, timeout=budget).
  pyvrp   PyVRP Model with explicit edges (distance = duration); Solomon: required clients;
          TOPTW: optional clients with prize = score x (2 x longest arc + 1), more than any one
          customer's detour. solve(stop=MaxRuntime(budget), seed=1).
  ortools OR-Tools routing: arc cost = travel, a time dimension (transit = service + travel,
          windows on the cumul = start of service), a capacity dimension; TOPTW: one disjunction
          per customer with penalty score x (2 x longest arc + 1). PATH_CHEAPEST_ARC + GUIDED_LOCAL_SEARCH,
          time_limit = budget.
Peak MB is each solving process's peak resident memory (wait4's ru_maxrss): routeplan's whole
process; for a peer, the Python process that imports it, builds its model and solves.
Integer scale for the peers: Solomon x1000 with travel times rounded UP (so every peer solution is
feasible in real arithmetic), or truncated arcs x1000 (exact) for 25/50; TOPTW x100, exact for the truncated distances. RoutePlan itself reads
the files (Solomon x10^5, travel rounded up; TOPTW x100).
"""
from __future__ import annotations

import argparse
import csv
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import schedule_eval as ev  # noqa: E402

SOLOMON_SCALE = 1000
TOPTW_SCALE = 100


def prize_factor(matrix) -> int:
    """Prize (penalty) per score point: 2 x the longest arc + 1, more than any one customer's
    detour, so serving a customer always pays. (10^7 made PyVRP's penalty-based search
    settle on infeasible, time-warped solutions.)"""
    return 2 * max(max(row) for row in matrix) + 1
ALL_SOLVERS = ["routeplan", "vroom", "pyvrp", "ortools"]
# Wall seconds of a peer's solve call alone (model building and imports left out).
SOLVE_SECONDS = [0.0]


# ---------------------------------------------------------------- instances

def solomon_bks(data: Path) -> dict:
    out = {}
    with open(data / "solomon/bks_solomon.csv") as f:
        for row in csv.DictReader(f):
            out[row["instance"].upper()] = row
    return out


def toptw_optima(data: Path) -> dict:
    with open(data / "toptw/optw_m1_optimal_from_righini_salani_logs.csv") as f:
        return {r["instance"]: float(r["optimal_score"]) for r in csv.DictReader(f) if r["optimal_score"]}


def toptw_published(data: Path) -> dict:
    out = {}
    with open(data / "toptw/toptw_algorithm_results_m1-4_from_TOPTW.xls.csv") as f:
        for r in csv.DictReader(f):
            out[(int(r["m"]), r["instance"])] = float(r["average"])
    return out


def toptw_files(data: Path) -> dict:
    files = {}
    for sub in ["solomon1_100", "solomon2_100_montemanni", "cordeau_pr01_pr10", "cordeau_pr11_pr20_montemanni"]:
        for p in sorted((data / "toptw" / sub).glob("*.txt")):
            files.setdefault(p.stem, p)
    return files


SHUFFLES = 10


def shuffled_copy(path: Path, k: int, into: Path) -> Path:
    """`path` with its customer lines (the depot's first) in a random order, seeded by k."""
    import random
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.split() and line.split()[0] == "0"
                 and len(line.split()) == 7)
    head, depot, rows = lines[:first], lines[first], [line for line in lines[first + 1:] if line.strip()]
    random.Random(1000 + k).shuffle(rows)
    out = into / f"{path.stem}.shuffle{k}.txt"
    out.write_text("\n".join(head + [depot] + rows) + "\n", encoding="utf-8")
    return out


def mctopmtw_known(data: Path) -> dict:
    """(m, instance) -> the csv row: benchmark_score, alg_best, alg_average, alg_worst, alg_time_ms (GRILS)."""
    with open(data / "toptw/mctopmtw_known_solutions_and_algorithm_results_from_MCTOPMTW.xls.csv") as f:
        return {(int(r["m"]), r["instance"]): r for r in csv.DictReader(f)}


def build_set(name: str, data: Path) -> list[dict]:
    """The cases of a set: path, format, tours, reference value, kind of reference."""
    cases = []
    if name == "solomon100-shuffled":
        # VROOM has lost jobs under shuffling (its issue #680): every customer
        # must still be served when the file lists them in another order.
        into = Path(tempfile.mkdtemp(prefix="solomon-shuffled-"))
        for case in build_set("solomon100", data):
            for k in range(1, SHUFFLES + 1):
                cases.append(dict(case, set=name, name=f"{case['name']}~{k}",
                                  path=shuffled_copy(case["path"], k, into)))
    elif name.startswith("solomon"):
        size = name[len("solomon"):]
        bks = solomon_bks(data)
        for p in sorted((data / "solomon" / size).glob("*.txt")):
            key = p.name.split(".")[0].upper()
            row = bks.get(key, {})
            opt = row.get(f"opt{size}_distance_trunc1") or None
            if size == "100":
                ref = float(row["distmin_distance"]) if row.get("distmin_distance") else None
                cases.append({"set": name, "name": key, "path": p, "format": "solomon", "tours": None,
                              "reference": ref, "reference_kind": "distance-only best known",
                              "optimum_trunc": float(opt) if opt else None})
            else:
                # Solved and checked under the optima's own rule: arcs truncated to one decimal.
                cases.append({"set": name, "name": key, "path": p, "format": "solomon", "tours": None,
                              "reference": float(opt) if opt else None,
                              "reference_kind": "proven optimum (arcs truncated to 1 decimal)",
                              "optimum_trunc": float(opt) if opt else None, "truncate": 1})
    elif name.startswith("toptw-m"):
        m = int(name[len("toptw-m"):])
        files = toptw_files(data)
        if m == 1:
            for inst, opt in sorted(toptw_optima(data).items()):
                if inst in files:
                    cases.append({"set": name, "name": inst, "path": files[inst], "format": "toptw", "tours": 1,
                                  "reference": opt, "reference_kind": "proven optimum", "optimum": opt})
        else:
            pub = toptw_published(data)
            for (mm, inst), avg in sorted(pub.items()):
                if mm == m and inst in files:
                    cases.append({"set": name, "name": inst, "path": files[inst], "format": "toptw", "tours": m,
                                  "reference": avg, "reference_kind": "published algorithm's average score"})
    elif name == "mctopmtw":
        known = mctopmtw_known(data)
        for family in ["Solomon", "Cordeau"]:
            paths = sorted((data / "toptw/mctopmtw" / family).glob("MCTOPMTW-*.txt"))
            for m in range(1, 5):
                for p in paths:
                    _, mm, inst = p.stem.split("-", 2)
                    row = known.get((int(mm), inst))
                    if int(mm) != m or row is None:
                        continue
                    best = float(row["benchmark_score"])
                    cases.append({"set": f"mctopmtw-{family.lower()}-m{m}", "name": p.stem, "path": p,
                                  "format": "mctopmtw", "tours": None, "reference": best, "optimum": best,
                                  "reference_kind": "known score (benchmark column)",
                                  "grils_average": float(row["alg_average"]), "grils_best": float(row["alg_best"]),
                                  "grils_ms": float(row["alg_time_ms"])})
    else:
        raise SystemExit(f"unknown set {name}")
    return cases


# ---------------------------------------------------------------- peers (run in a child process)

def scaled_model(inst: dict, truncate: int | None = None):
    """Integer travel matrix and per-node data (index 0 = depot, then customers in file order).

    Solomon with `truncate=1`: arcs truncated to one decimal, exact at the scale."""
    order = [inst["depot"]] + inst["customers"]
    nodes = inst["nodes"]
    n = len(order)
    if inst["kind"] == "solomon":
        s = SOLOMON_SCALE

        def travel(a, b):
            if truncate == 1:
                return int(ev.truncated_solomon_distance(inst, a, b) * s)
            p, q = nodes[a], nodes[b]
            dx = Fraction(p["x"]).limit_denominator(10**6) - Fraction(q["x"]).limit_denominator(10**6)
            dy = Fraction(p["y"]).limit_denominator(10**6) - Fraction(q["y"]).limit_denominator(10**6)
            sq = (dx * dx + dy * dy) * s * s
            r = math.isqrt(sq.numerator // sq.denominator)
            return r if Fraction(r * r) >= sq else r + 1  # ceil(sqrt)

        def t(x):
            v = Fraction(x).limit_denominator(10**6) * s
            assert v.denominator == 1, x
            return int(v)

        data = [{"service": t(nodes[c]["service"]), "open": t(nodes[c]["ready"]), "close": t(nodes[c]["due"]),
                 "demand": int(nodes[c]["demand"]), "score": 1, "x": nodes[c]["x"], "y": nodes[c]["y"]} for c in order]
    else:
        s = TOPTW_SCALE

        def travel(a, b):
            return int(ev.toptw_distance(inst, a, b) * s)

        def t(x):
            v = Fraction(x) * s
            assert v.denominator == 1, x
            return int(v)

        data = [{"service": t(nodes[c]["service"]), "open": t(nodes[c]["open"]), "close": t(nodes[c]["close"]),
                 "demand": 0, "score": int(nodes[c]["score"]), "x": float(nodes[c]["x"]), "y": float(nodes[c]["y"])}
                for c in order]
    matrix = [[0 if i == j else travel(order[i], order[j]) for j in range(n)] for i in range(n)]
    return order, matrix, data


def solve_vroom(inst, tours, budget, seed, truncate=None):
    import numpy as np
    import vroom
    order, matrix, data = scaled_model(inst, truncate)
    problem = vroom.Input()
    problem.set_durations_matrix(profile="car", matrix_input=np.array(matrix, dtype=np.uint32))
    depot = data[0]
    vrptw = inst["kind"] == "solomon"
    count = inst["vehicles"] if vrptw else tours
    cap = [inst["capacity"]] if vrptw else [0]
    problem.add_vehicle([vroom.Vehicle(v + 1, start=0, end=0, capacity=vroom.Amount(cap) if vrptw else vroom.Amount([]),
                                       time_window=vroom.TimeWindow(depot["open"], depot["close"]))
                         for v in range(count)])
    top = max((d["score"] for d in data[1:]), default=1)
    jobs = []
    for i in range(1, len(order)):
        d = data[i]
        kw = dict(location=i, default_service=d["service"], time_windows=[vroom.TimeWindow(d["open"], d["close"])])
        if vrptw:
            kw["delivery"] = vroom.Amount([d["demand"]])
        else:
            kw["priority"] = d["score"] if top <= 100 else round(d["score"] * 100 / top)
        jobs.append(vroom.Job(i, **kw))
    problem.add_job(jobs)
    t0 = time.perf_counter()
    sol = problem.solve(exploration_level=5, nb_threads=1, timeout=datetime.timedelta(seconds=budget))
    SOLVE_SECONDS[0] = time.perf_counter() - t0
    routes_df = sol.routes
    routes = []
    for vid in sorted(set(routes_df["vehicle_id"])):
        rows = routes_df[(routes_df["vehicle_id"] == vid) & (routes_df["type"] == "job")]
        routes.append([order[int(j)] for j in rows["id"]])
    return routes


def solve_pyvrp(inst, tours, budget, seed, truncate=None):
    from pyvrp import Model
    from pyvrp.stop import MaxRuntime
    order, matrix, data = scaled_model(inst, truncate)
    vrptw = inst["kind"] == "solomon"
    m = Model()
    locs = [m.add_location(x=data[i]["x"], y=data[i]["y"]) for i in range(len(order))]
    depot = m.add_depot(locs[0], tw_early=data[0]["open"], tw_late=data[0]["close"])
    count = inst["vehicles"] if vrptw else tours
    m.add_vehicle_type(num_available=count, capacity=[inst["capacity"]] if vrptw else [0],
                       start_depot=depot, end_depot=depot, tw_early=data[0]["open"], tw_late=data[0]["close"])
    for i in range(1, len(order)):
        d = data[i]
        kw = dict(service_duration=d["service"], tw_early=d["open"], tw_late=d["close"])
        if vrptw:
            kw.update(delivery=[d["demand"]], required=True)
        else:
            kw.update(delivery=[0], required=False, prize=d["score"] * prize_factor(matrix))
        m.add_client(locs[i], **kw)
    for i, a in enumerate(locs):
        for j, b in enumerate(locs):
            if i != j:
                m.add_edge(a, b, distance=matrix[i][j], duration=matrix[i][j])
    t0 = time.perf_counter()
    res = m.solve(stop=MaxRuntime(budget), seed=seed, display=False)
    SOLVE_SECONDS[0] = time.perf_counter() - t0
    best = res.best
    if not best.is_feasible():
        return None
    # Route activities: client idx k is the k-th client added, i.e. order[k + 1].
    return [[order[a.idx + 1] for a in r if a.is_client()] for r in best.routes()]


def solve_ortools(inst, tours, budget, seed, truncate=None):
    from ortools.constraint_solver import pywrapcp, routing_enums_pb2
    order, matrix, data = scaled_model(inst, truncate)
    vrptw = inst["kind"] == "solomon"
    n = len(order)
    k = inst["vehicles"] if vrptw else tours
    manager = pywrapcp.RoutingIndexManager(n, k, 0)
    routing = pywrapcp.RoutingModel(manager)

    def dist(i, j):
        return matrix[manager.IndexToNode(i)][manager.IndexToNode(j)]

    def transit(i, j):
        a, b = manager.IndexToNode(i), manager.IndexToNode(j)
        return data[a]["service"] + matrix[a][b]

    arc = routing.RegisterTransitCallback(dist)
    routing.SetArcCostEvaluatorOfAllVehicles(arc)
    horizon = data[0]["close"]
    tcb = routing.RegisterTransitCallback(transit)
    routing.AddDimension(tcb, horizon, horizon, False, "Time")
    time_dim = routing.GetDimensionOrDie("Time")
    for i in range(1, n):
        time_dim.CumulVar(manager.NodeToIndex(i)).SetRange(data[i]["open"], data[i]["close"])
    for v in range(k):
        time_dim.CumulVar(routing.Start(v)).SetRange(data[0]["open"], data[0]["close"])
        time_dim.CumulVar(routing.End(v)).SetRange(data[0]["open"], data[0]["close"])
    if vrptw:
        dcb = routing.RegisterUnaryTransitCallback(lambda i: data[manager.IndexToNode(i)]["demand"])
        routing.AddDimensionWithVehicleCapacity(dcb, 0, [inst["capacity"]] * k, True, "Capacity")
    else:
        for i in range(1, n):
            routing.AddDisjunction([manager.NodeToIndex(i)], data[i]["score"] * prize_factor(matrix))
    params = pywrapcp.DefaultRoutingSearchParameters()
    params.first_solution_strategy = routing_enums_pb2.FirstSolutionStrategy.PATH_CHEAPEST_ARC
    params.local_search_metaheuristic = routing_enums_pb2.LocalSearchMetaheuristic.GUIDED_LOCAL_SEARCH
    params.time_limit.FromMilliseconds(int(budget * 1000))
    t0 = time.perf_counter()
    sol = routing.SolveWithParameters(params)
    SOLVE_SECONDS[0] = time.perf_counter() - t0
    if sol is None:
        return None
    routes = []
    for v in range(k):
        idx = sol.Value(routing.NextVar(routing.Start(v)))
        route = []
        while not routing.IsEnd(idx):
            route.append(order[manager.IndexToNode(idx)])
            idx = sol.Value(routing.NextVar(idx))
        routes.append(route)
    return routes


def worker(args) -> int:
    inst = ev.read_instance(args.path, args.fmt)
    fn = {"vroom": solve_vroom, "pyvrp": solve_pyvrp, "ortools": solve_ortools}[args.solver]
    routes = fn(inst, args.tours, args.budget, args.seed, args.truncate)
    print(json.dumps({"routes": routes, "seconds": SOLVE_SECONDS[0]}))
    return 0


# ---------------------------------------------------------------- runner

def run_measured(cmd: list[str], cap: float):
    """Runs `cmd` with output captured; returns it with `returncode` and `peak_mb`
    (the child's peak resident memory, from wait4), or None when it outlived `cap`
    seconds (it is then killed)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(cmd, stdout=out, stderr=err)
        deadline = time.monotonic() + cap
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                return None
            time.sleep(0.005)
        out.seek(0)
        err.seek(0)
        return argparse.Namespace(returncode=os.waitstatus_to_exitcode(status),
                                  stdout=out.read().decode("utf-8", "replace"),
                                  stderr=err.read().decode("utf-8", "replace"),
                                  peak_mb=usage.ru_maxrss / 1024)  # Linux: KiB


def run_one(solver: str, case: dict, budget: float, seed: int, routeplan: str, cap: float) -> dict:
    started = time.monotonic()
    if solver == "routeplan":
        cmd = [routeplan, "solve", str(case["path"]), "--instance-format", case["format"],
               "--time-limit", str(budget), "--seed", str(seed), "--format", "json", "--quiet"]
        if case["tours"]:
            cmd += ["--tours", str(case["tours"])]
        if case.get("truncate"):
            cmd += ["--truncate-distances", str(case["truncate"])]
    else:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", solver, str(case["path"]), case["format"],
               str(case["tours"] or 0), str(budget), str(seed), str(case.get("truncate") or 0)]
    proc = run_measured(cmd, cap)
    if proc is None:
        return {"status": "timeout", "seconds": time.monotonic() - started}
    seconds = time.monotonic() - started
    if proc.returncode != 0:
        return {"status": "error", "seconds": seconds, "message": (proc.stderr or proc.stdout)[-400:]}
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"status": "error", "seconds": seconds, "message": proc.stdout[-400:]}
    own = out.get("seconds", seconds)
    if out.get("routes") is None:
        return {"status": "no solution", "seconds": own, "process_seconds": seconds, "peak_mb": proc.peak_mb}
    return {"status": "ok", "seconds": own, "process_seconds": seconds, "routes": out["routes"], "own": out,
            "peak_mb": proc.peak_mb}


def gap_of(case: dict, verdict: dict, inst: dict, routes) -> tuple[float | None, bool | None]:
    """Gap in % (positive = worse than the reference) and whether the optimum was reached."""
    ref = case["reference"]
    if case["format"] == "solomon":
        reached = None
        if case.get("optimum_trunc") is not None:
            # The optima are truncated to one decimal: reached when within its rounding.
            reached = ev.truncated_distance(inst, routes) <= case["optimum_trunc"] + 0.05
        if ref is None:
            return None, reached
        measured = ev.truncated_distance(inst, routes) if not case["set"].startswith("solomon100") else verdict["distance"]
        return (measured - ref) / ref * 100, reached
    score = verdict["score"]
    reached = (score >= case["optimum"]) if case.get("optimum") is not None else None
    return (ref - score) / ref * 100 if ref else None, reached


def summarise(results: list[dict], solvers: list[str], budget: float) -> str:
    lines = []
    sets = []
    for r in results:
        if r["set"] not in sets:
            sets.append(r["set"])
    lines.append("| set | n | reference | solver | budget (s) | feasible | mean gap % | worst gap % | optima reached | mean s | peak MB (max) | mean objective |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for s in sets:
        rows = [r for r in results if r["set"] == s]
        n = len({r["name"] for r in rows})
        kind = rows[0]["reference_kind"]
        for solver in solvers:
            rr = [r for r in rows if r["solver"] == solver]
            if not rr:
                continue
            ok = [r for r in rr if r.get("feasible")]
            gaps = [r["gap"] for r in ok if r.get("gap") is not None]
            reach = [r for r in ok if r.get("reached") is not None]
            secs = [r["seconds"] for r in rr]
            obj = [r["objective"] for r in ok]
            peaks = [r["peak_mb"] for r in rr if r.get("peak_mb")]
            peak = f"{max(peaks):.0f}" if peaks else "–"
            mean_gap = f"{statistics.mean(gaps):+.2f}" if gaps and len(gaps) == len(rr) else (
                f"{statistics.mean(gaps):+.2f} (of {len(gaps)})" if gaps else "–")
            worst = f"{max(gaps):+.2f}" if gaps else "–"
            optima = f"{sum(1 for r in reach if r['reached'])}/{len(reach)}" if reach else "–"
            lines.append(f"| {s} | {n} | {kind} | {solver} | {budget:g} | {len(ok)}/{len(rr)} | {mean_gap} | {worst} | "
                         f"{optima} | {statistics.mean(secs):.2f} | {peak} | {statistics.mean(obj):.2f} |" if obj else
                         f"| {s} | {n} | {kind} | {solver} | {budget:g} | {len(ok)}/{len(rr)} | {mean_gap} | {worst} | "
                         f"{optima} | {statistics.mean(secs):.2f} | {peak} | – |")
    return "\n".join(lines)


def summarise_mctopmtw(results: list[dict], budget: float) -> str:
    """RoutePlan beside GRILS (Souffriau et al. 2013, its average run, from the same csv) per family and m."""
    rows = [r for r in results if r["format"] == "mctopmtw" and r["solver"] == "routeplan"]
    if not rows:
        return ""
    lines = ["MC-TOP-MTW: gap = (known − score) / known × 100 (negative: above the known score). "
             "GRILS columns: its average and best run from the csv (alg_time_ms as given there; "
             "per SOURCE.md possibly the total of 10 runs). Peers not run: they cannot model the "
             "trip-wide budget or the caps per place type.", "",
             "| set | n | feasible | mean gap % | worst gap % | known reached or improved | mean s | "
             "GRILS avg mean gap % | GRILS avg worst gap % | GRILS best reached | GRILS ms (csv) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    sets = []
    for r in rows:
        if r["set"] not in sets:
            sets.append(r["set"])

    def line(label: str, rr: list[dict]) -> str:
        ok = [r for r in rr if r.get("feasible")]
        gaps = [r["gap"] for r in ok]
        # An infeasible or missing solution counts as score 0 (gap 100 %) in the mean.
        all_gaps = gaps + [100.0] * (len(rr) - len(ok))
        reached = sum(1 for r in ok if r["score"] >= r["reference"])
        g = [(r["reference"] - r["grils_average"]) / r["reference"] * 100 for r in rr]
        gb = sum(1 for r in rr if r["grils_best"] >= r["reference"])
        return (f"| {label} | {len(rr)} | {len(ok)}/{len(rr)} | {statistics.mean(all_gaps):+.2f} | {max(all_gaps):+.2f} | "
                f"{reached}/{len(rr)} | {statistics.mean(r['seconds'] for r in rr):.2f} | {statistics.mean(g):+.2f} | "
                f"{max(g):+.2f} | {gb}/{len(rr)} | {statistics.mean(r['grils_ms'] for r in rr):.0f} |")
    for s in sets:
        lines.append(line(s, [r for r in rows if r["set"] == s]))
    for family in ["solomon", "cordeau"]:
        rr = [r for r in rows if r["set"].startswith(f"mctopmtw-{family}-")]
        if rr:
            lines.append(line(f"**mctopmtw-{family} (all m)**", rr))
    lines.append(line("**mctopmtw (all)**", rows))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--worker":
        ns = argparse.Namespace(solver=argv[1], path=argv[2], fmt=argv[3], tours=int(argv[4]) or None,
                                budget=float(argv[5]), seed=int(argv[6]),
                                truncate=int(argv[7]) or None if len(argv) > 7 else None)
        return worker(ns)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="solomon100,solomon25,toptw-m1",
                    help="comma-separated: solomon100, solomon100-shuffled (10 customer orders each), "
                         "solomon50, solomon25, toptw-m1..m4, mctopmtw, or all (without the shuffled set)")
    ap.add_argument("--per-set", type=int, default=0, help="only the first N instances of each set (0: all)")
    ap.add_argument("--pick", default="", help="comma-separated instance names to keep (e.g. C101,R101)")
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solvers", default=",".join(ALL_SOLVERS))
    ap.add_argument("--routeplan", default=os.environ.get("ROUTEPLAN_BIN", ""))
    ap.add_argument("--data-dir", default=str(HERE.parents[2] / "shared" / "vrptw"))
    ap.add_argument("--out", default=str(HERE / "results"))
    ap.add_argument("--name", default="schedule", help="output file stem in --out")
    ap.add_argument("--hard-cap-factor", type=float, default=5)
    ap.add_argument("--hard-cap-extra", type=float, default=30)
    args = ap.parse_args(argv)
    data = Path(args.data_dir)
    names = ["solomon100", "solomon50", "solomon25", "toptw-m1", "toptw-m2", "toptw-m3", "toptw-m4", "mctopmtw"] \
        if args.sets == "all" else args.sets.split(",")
    solvers = args.solvers.split(",")
    if "routeplan" in solvers and not args.routeplan:
        raise SystemExit("give --routeplan PATH (or ROUTEPLAN_BIN); run_schedule.sh builds it")
    picks = {p.lower() for p in args.pick.split(",") if p}
    cases = []
    for name in names:
        cs = build_set(name, data)
        if picks:
            cs = [c for c in cs if c["name"].lower() in picks]
        if args.per_set:
            cs = cs[:args.per_set]
        cases += cs
    cap = args.budget * args.hard_cap_factor + args.hard_cap_extra
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = []
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    header = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
              "budget": args.budget, "seed": args.seed, "machine": f"{platform.machine()}, {os.cpu_count()} cores",
              "load_at_start": load}
    for case in cases:
        inst = ev.read_instance(str(case["path"]), case["format"])
        for solver in solvers:
            if case["format"] == "mctopmtw" and solver != "routeplan":
                continue  # the peers cannot model the budget and the type caps (see the docstring)
            r = run_one(solver, case, args.budget, args.seed, args.routeplan, cap)
            row = {k: (str(v) if isinstance(v, Path) else v) for k, v in case.items()}
            row.update(solver=solver, seconds=r["seconds"], process_seconds=r.get("process_seconds"), status=r["status"],
                       peak_mb=r.get("peak_mb"))
            if r["status"] == "ok":
                verdict = ev.evaluate(inst, r["routes"], case["tours"], case.get("truncate"))
                row.update(feasible=verdict["feasible"], errors=verdict["errors"][:5],
                           distance=verdict["distance"], score=verdict["score"], vehicles=verdict["vehicles"])
                if verdict["feasible"]:
                    gap, reached = gap_of(case, verdict, inst, r["routes"])
                    row.update(gap=gap, reached=reached,
                               objective=verdict["distance"] if case["format"] == "solomon" else verdict["score"])
                if solver == "routeplan":
                    row["routeplan_says_feasible"] = r["own"].get("feasible")
                    row["routeplan_distance"] = r["own"].get("distance")
            else:
                row.update(feasible=False, message=r.get("message"))
            results.append(row)
            flag = "ok" if row.get("feasible") else f"INFEASIBLE/{row['status']}"
            print(f"{case['set']:11} {case['name']:8} {solver:9} {flag:12} "
                  f"obj={row.get('objective', '–')} gap={row.get('gap', '–')} {row['seconds']:.2f}s", flush=True)
        table = summarise(results, solvers, args.budget)
        extra = summarise_mctopmtw(results, args.budget)
        if extra:
            table += "\n\n" + extra
        (out / f"{args.name}.json").write_text(json.dumps({"header": header, "results": results}, indent=1, default=str))
        (out / f"{args.name}.md").write_text(
            f"Run {header['date']}, budget {args.budget:g} s, seed {args.seed}, {header['machine']}, "
            f"load average at start {load}\n\n" + table + "\n")
    print(summarise(results, solvers, args.budget))
    print(summarise_mctopmtw(results, args.budget))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
