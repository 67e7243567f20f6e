#!/usr/bin/env python3
"""Independent evaluator for Solomon VRPTW, TOPTW and MC-TOP-MTW solutions.

It has its own readers of the instance files (it shares no code with the Swift
readers) and re-checks a solution given as routes of the file's customer
numbers (depot left out):

  Solomon VRPTW: at most K routes (the file's vehicles), every customer served
    exactly once, the load of a route at most Q, service starting inside
    [READY TIME, DUE DATE] (waiting allowed), each route leaving the depot no
    earlier than its ready time and back by its due date; travel time equals
    the real Euclidean distance. Checked in floating point with a tolerance of
    1e-6 (TOLERANCE) on time comparisons. The objective is the total Euclidean
    distance, recomputed in floating point.
  TOPTW: at most m routes (given; the files do not carry it), each customer at
    most once, service starting inside [O, C], each route back at the depot by
    Tmax (the depot's C); distances and travel times are Euclidean distances
    rounded DOWN to one decimal (Solomon-based: whole coordinates) or two
    (Cordeau-based). Checked exactly with rational arithmetic. The objective is
    the total score of the customers served (and the distance, reported).
  MC-TOP-MTW (Souffriau et al. 2013): at most M routes (the file's first
    number), route i being tour i + 1 (empty routes keep their place); each
    customer at most once; its service starting inside one of the windows of
    that tour: of the four consecutive windows [O1,O2], [O2,O3], [O3,O4],
    [O4,C4], windows 1 and 3 on tours 1 and 3 and windows 2 and 4 on tours 2
    and 4 when E = 1, swapped when E = 0 (waiting allowed, a later window may
    be used); each route back at the depot by Tmax; the entrance fees b of
    all customers served on all tours at most the budget B, and at most Ez
    served customers of each type z (ez = 1). Distances as TOPTW, exactly.
    The objective is the total score.

Usage:
  schedule_eval.py INSTANCE SOLUTION.json [--format solomon|toptw|mctopmtw] [--tours M]
  schedule_eval.py --self-test [--data-dir DIR]

SOLUTION.json holds {"routes": [[customer, ...], ...]} (as `routeplan solve
--format json` writes it); extra keys are ignored. Prints a JSON verdict
{"feasible", "errors", "distance", "score", "vehicles", "served"}; exits 1 when
the solution is infeasible.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction
from pathlib import Path

TOLERANCE = 1e-6


class InstanceFileError(Exception):
    pass


def _numbers(line: str, path: str, lineno: int) -> list[str]:
    return line.split()


def read_solomon(path: str) -> dict:
    """Reads a Solomon VRPTW file (name; VEHICLE; NUMBER CAPACITY; K Q; CUSTOMER; header; rows)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    name = lines[0].strip()
    k = q = None
    rows = []
    mode = None
    for lineno, raw in enumerate(lines, 1):
        tokens = raw.split()
        if not tokens:
            continue
        head = tokens[0].upper()
        if head == "VEHICLE":
            mode = "vehicle"
            continue
        if head == "CUSTOMER":
            mode = "customer"
            continue
        try:
            values = [float(t) for t in tokens]
        except ValueError:
            continue  # a column header
        if mode == "vehicle" and len(values) == 2 and k is None:
            k, q = int(values[0]), int(values[1])
        elif mode == "customer":
            if len(values) != 7:
                raise InstanceFileError(f"{path}:{lineno}: expected 7 numbers")
            rows.append(values)
    if k is None or not rows:
        raise InstanceFileError(f"{path}: no fleet line or no customers")
    nodes = {}
    order = []
    for v in rows:
        num = int(v[0])
        if num in nodes:
            raise InstanceFileError(f"{path}: customer {num} twice")
        nodes[num] = {"x": v[1], "y": v[2], "demand": v[3], "ready": v[4], "due": v[5], "service": v[6]}
        order.append(num)
    depot = order[0]
    return {"kind": "solomon", "name": name, "vehicles": k, "capacity": q, "nodes": nodes,
            "depot": depot, "customers": order[1:]}


def read_toptw(path: str, decimals: int | None = None) -> dict:
    """Reads a TOPTW file: 'k v N t', 'D Q', then 'i x y d S f a list O C' per vertex."""
    lines = [l.split() for l in Path(path).read_text(encoding="utf-8").splitlines()]
    lines = [t for t in lines if t]
    # The header ('k v N t', 'D Q') is two lines in most copies, wrapped differently in some
    # (c204: "2" / "4 100 1 0 700"): the vertex lines are those of 9 or more numbers.
    first = next(i for i, t in enumerate(lines) if len(t) >= 9)
    rows = lines[first:]
    nodes = {}
    order = []
    whole = True
    for tokens in rows:
        a = int(Fraction(tokens[6]))
        if len(tokens) != 9 + a:
            raise InstanceFileError(f"{path}: vertex {tokens[0]}: {len(tokens)} fields, expected {9 + a}")
        num = int(Fraction(tokens[0]))
        x, y = Fraction(tokens[1]), Fraction(tokens[2])
        whole = whole and x.denominator == 1 and y.denominator == 1
        if num in nodes:
            raise InstanceFileError(f"{path}: vertex {num} twice")
        nodes[num] = {"x": x, "y": y, "service": Fraction(tokens[3]), "score": Fraction(tokens[4]),
                      "open": Fraction(tokens[7 + a]), "close": Fraction(tokens[8 + a])}
        order.append(num)
    if decimals is None:
        decimals = 1 if whole else 2
    depot = order[0]
    return {"kind": "toptw", "name": Path(path).stem, "nodes": nodes, "depot": depot, "customers": order[1:],
            "decimals": decimals, "tmax": nodes[depot]["close"]}


def read_mctopmtw(path: str, decimals: int | None = None) -> dict:
    """Reads an MC-TOP-MTW file: 'M N B E1..E10', the depot 'i x y d S O C', then
    'i x y d S O1 O2 O3 O4 C4 E b e1..e10' per vertex."""
    lines = [(n, l.split()) for n, l in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1)]
    lines = [(n, t) for n, t in lines if t]
    if len(lines) < 3:
        raise InstanceFileError(f"{path}: a header, a depot and at least one vertex are needed")
    n0, header = lines[0]
    if len(header) != 13:
        raise InstanceFileError(f"{path}:{n0}: header: {len(header)} numbers, expected 13 (M N B E1..E10)")
    tours, count, budget = int(header[0]), int(header[1]), Fraction(header[2])
    caps = [int(t) for t in header[3:]]
    n1, d = lines[1]
    if len(d) != 7 or int(d[0]) != 0:
        raise InstanceFileError(f"{path}:{n1}: the depot line 'i x y d S O C' (vertex 0) expected")
    nodes = {0: {"x": Fraction(d[1]), "y": Fraction(d[2]), "service": Fraction(d[3]), "score": Fraction(d[4]),
                 "open": Fraction(d[5]), "close": Fraction(d[6])}}
    whole = nodes[0]["x"].denominator == 1 and nodes[0]["y"].denominator == 1
    order = [0]
    for n, t in lines[2:]:
        if len(t) != 22:
            raise InstanceFileError(f"{path}:{n}: {len(t)} numbers, expected 22 (i x y d S O1 O2 O3 O4 C4 E b e1..e10)")
        num = int(t[0])
        if num in nodes:
            raise InstanceFileError(f"{path}:{n}: vertex {num} twice")
        x, y = Fraction(t[1]), Fraction(t[2])
        whole = whole and x.denominator == 1 and y.denominator == 1
        bounds = [Fraction(v) for v in t[5:10]]
        if any(a > b for a, b in zip(bounds, bounds[1:])):
            raise InstanceFileError(f"{path}:{n}: window bounds O1..C4 not in order")
        flag = int(t[10])
        if flag not in (0, 1):
            raise InstanceFileError(f"{path}:{n}: E must be 0 or 1")
        types = [int(v) for v in t[12:22]]
        if any(v not in (0, 1) for v in types):
            raise InstanceFileError(f"{path}:{n}: e1..e10 must be 0 or 1")
        nodes[num] = {"x": x, "y": y, "service": Fraction(t[3]), "score": Fraction(t[4]), "bounds": bounds,
                      "normal": flag == 1, "fee": Fraction(t[11]), "types": types}
        order.append(num)
    if count != len(order) - 1:
        raise InstanceFileError(f"{path}:{n0}: N = {count} declared, {len(order) - 1} vertex lines")
    if decimals is None:
        decimals = 1 if whole else 2
    return {"kind": "mctopmtw", "name": Path(path).stem, "nodes": nodes, "depot": 0, "customers": order[1:],
            "decimals": decimals, "tmax": nodes[0]["close"], "tours": tours, "budget": budget, "caps": caps}


def mctopmtw_windows(node: dict, tour: int) -> list[tuple[Fraction, Fraction]]:
    """The start windows of a vertex on tour `tour` (1-based)."""
    b = node["bounds"]
    windows = [(b[0], b[1]), (b[1], b[2]), (b[2], b[3]), (b[3], b[4])]
    odd = tour % 2 == 1
    first = 0 if odd == node["normal"] else 1
    return [windows[first], windows[first + 2]]


def check_customers(inst: dict, routes: list[list[int]]) -> tuple[list[str], dict[int, int]]:
    """Errors for a route entry that is not a customer or a customer served
    twice, and the route of each customer served."""
    errors: list[str] = []
    customers = set(inst["customers"])
    seen: dict[int, int] = {}
    for r, route in enumerate(routes):
        for c in route:
            if not isinstance(c, int) or c not in customers:
                errors.append(f"route {r + 1}: {c!r} is not a customer of the instance")
            elif c in seen:
                errors.append(f"customer {c} served twice (routes {seen[c] + 1} and {r + 1})")
            else:
                seen[c] = r
    return errors, seen


def evaluate_mctopmtw(inst: dict, routes: list[list[int]]) -> dict:
    nodes = inst["nodes"]
    depot = inst["depot"]
    errors, seen = check_customers(inst, routes)
    used = sum(1 for r in routes if r)
    if errors:
        return {"feasible": False, "errors": errors, "distance": None, "score": None, "vehicles": used, "served": len(seen)}
    if len(routes) > inst["tours"]:
        errors.append(f"{len(routes)} routes, more than the {inst['tours']} tours")
    total = Fraction(0)
    score = Fraction(0)
    d0 = nodes[depot]
    for r, route in enumerate(routes):
        if not route:
            continue
        t = d0["open"]
        at = depot
        for c in route:
            leg = toptw_distance(inst, at, c)
            total += leg
            arrive = t + nodes[at]["service"] + leg
            start = None
            for lo, hi in mctopmtw_windows(nodes[c], r + 1):
                if arrive <= hi:
                    start = max(arrive, lo)
                    break
            if start is None:
                errors.append(f"route {r + 1} (tour {r + 1}): customer {c} arrives at {float(arrive):.4f}, after its last window of that tour closes")
                start = arrive
            score += nodes[c]["score"]
            t, at = start, c
        back = toptw_distance(inst, at, depot)
        total += back
        end = t + nodes[at]["service"] + back
        if end > inst["tmax"]:
            errors.append(f"route {r + 1}: back at the depot at {float(end):.4f}, after Tmax {float(inst['tmax']):g}")
    fees = sum(nodes[c]["fee"] for c in seen)
    if fees > inst["budget"]:
        errors.append(f"entrance fees {float(fees):g}, above the budget {float(inst['budget']):g}")
    for z, cap in enumerate(inst["caps"]):
        count = sum(nodes[c]["types"][z] for c in seen)
        if count > cap:
            errors.append(f"{count} customers of type {z + 1}, above its cap {cap}")
    return {"feasible": not errors, "errors": errors, "distance": float(total),
            "score": int(score) if score.denominator == 1 else float(score),
            "vehicles": used, "served": len(seen), "fees": float(fees)}


def detect(path: str) -> str:
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    head = text[:4000].upper()
    if "VEHICLE" in head and "CUSTOMER" in head:
        return "solomon"
    lines = [l.split() for l in text.splitlines()[:3] if l.split()]
    if len(lines) >= 2 and len(lines[0]) == 13 and len(lines[1]) == 7:
        return "mctopmtw"
    return "toptw"


def read_instance(path: str, fmt: str | None = None) -> dict:
    fmt = fmt or detect(path)
    if fmt == "solomon":
        return read_solomon(path)
    return read_mctopmtw(path) if fmt == "mctopmtw" else read_toptw(path)


def solomon_distance(inst: dict, a: int, b: int) -> float:
    p, q = inst["nodes"][a], inst["nodes"][b]
    return math.hypot(p["x"] - q["x"], p["y"] - q["y"])


def truncated_solomon_distance(inst: dict, a: int, b: int) -> Fraction:
    """The Solomon distance truncated to one decimal (the convention of the exact methods' optima)."""
    p, q = inst["nodes"][a], inst["nodes"][b]
    dx = Fraction(p["x"]).limit_denominator(10**6) - Fraction(q["x"]).limit_denominator(10**6)
    dy = Fraction(p["y"]).limit_denominator(10**6) - Fraction(q["y"]).limit_denominator(10**6)
    squared = (dx * dx + dy * dy) * 100
    return Fraction(math.isqrt(squared.numerator // squared.denominator), 10)


def toptw_distance(inst: dict, a: int, b: int) -> Fraction:
    """floor(10^k * d) / 10^k, exactly: floor(sqrt(x)) == isqrt(floor(x))."""
    p, q = inst["nodes"][a], inst["nodes"][b]
    k = inst["decimals"]
    dx, dy = p["x"] - q["x"], p["y"] - q["y"]
    squared = (dx * dx + dy * dy) * 10 ** (2 * k)
    return Fraction(math.isqrt(squared.numerator // squared.denominator), 10 ** k)


def evaluate(inst: dict, routes: list[list[int]], tours: int | None = None, truncate: int | None = None) -> dict:
    """Checks `routes` (customer numbers, depot left out) and recomputes the objective.

    Solomon with `truncate=1`: every arc (distance and travel time) truncated
    to one decimal, exactly (the rule of the exact methods' proven optima);
    otherwise real Euclidean distances in floating point with TOLERANCE.
    """
    if inst["kind"] == "mctopmtw":
        return evaluate_mctopmtw(inst, routes)
    nodes = inst["nodes"]
    depot = inst["depot"]
    customers = set(inst["customers"])
    routes = [list(r) for r in routes if len(r) > 0]
    errors, seen = check_customers(inst, routes)
    if errors:
        return {"feasible": False, "errors": errors, "distance": None, "score": None,
                "vehicles": len(routes), "served": len(seen)}
    if inst["kind"] == "solomon":
        if len(routes) > inst["vehicles"]:
            errors.append(f"{len(routes)} routes, more than the {inst['vehicles']} vehicles")
        missing = sorted(customers - set(seen))
        if missing:
            errors.append(f"{len(missing)} customers not served: {missing[:20]}")
        if truncate not in (None, 1):
            raise ValueError("Solomon distances are real or truncated to one decimal")
        leg_of = truncated_solomon_distance if truncate == 1 else solomon_distance
        slack = 0 if truncate == 1 else TOLERANCE
        # Exact arithmetic with truncated arcs: the file's times as fractions too.
        num = Fraction if truncate == 1 else float
        total = 0.0
        d0 = nodes[depot]
        for r, route in enumerate(routes):
            load = sum(nodes[c]["demand"] for c in route)
            if load > inst["capacity"]:
                errors.append(f"route {r + 1}: load {load:g} exceeds capacity {inst['capacity']}")
            t = num(d0["ready"])
            at = depot
            for c in route:
                leg = leg_of(inst, at, c)
                total += leg
                arrive = t + num(nodes[at]["service"]) + leg if at != depot else t + leg
                start = max(arrive, num(nodes[c]["ready"]))
                if start > num(nodes[c]["due"]) + slack:
                    errors.append(f"route {r + 1}: customer {c} starts at {float(start):.6f}, after its due date {nodes[c]['due']:g}")
                t, at = start, c
            back = leg_of(inst, at, depot)
            total += back
            end = t + num(nodes[at]["service"]) + back
            if end > num(d0["due"]) + slack:
                errors.append(f"route {r + 1}: back at the depot at {float(end):.6f}, after its due date {d0['due']:g}")
        return {"feasible": not errors, "errors": errors, "distance": float(total), "score": len(seen),
                "vehicles": len(routes), "served": len(seen)}
    # TOPTW
    if tours is None:
        raise ValueError("TOPTW needs the number of tours")
    if len(routes) > tours:
        errors.append(f"{len(routes)} routes, more than the {tours} tours")
    total = Fraction(0)
    score = Fraction(0)
    d0 = nodes[depot]
    for r, route in enumerate(routes):
        t = d0["open"]
        at = depot
        for c in route:
            leg = toptw_distance(inst, at, c)
            total += leg
            arrive = t + nodes[at]["service"] + leg
            start = max(arrive, nodes[c]["open"])
            if start > nodes[c]["close"]:
                errors.append(f"route {r + 1}: customer {c} starts at {float(start):.4f}, after its closing time {float(nodes[c]['close']):g}")
            score += nodes[c]["score"]
            t, at = start, c
        back = toptw_distance(inst, at, depot)
        total += back
        end = t + nodes[at]["service"] + back
        if end > inst["tmax"]:
            errors.append(f"route {r + 1}: back at the depot at {float(end):.4f}, after Tmax {float(inst['tmax']):g}")
    return {"feasible": not errors, "errors": errors, "distance": float(total),
            "score": int(score) if score.denominator == 1 else float(score),
            "vehicles": len(routes), "served": len(seen)}


def truncated_distance(inst: dict, routes: list[list[int]]) -> float:
    """A Solomon solution's distance with each arc truncated to one decimal (for the optima of exact methods)."""
    total = Fraction(0)
    for route in routes:
        if not route:
            continue
        path = [inst["depot"]] + list(route) + [inst["depot"]]
        total += sum(truncated_solomon_distance(inst, a, b) for a, b in zip(path, path[1:]))
    return float(total)


def self_test(data_dir: Path) -> int:
    """Checks the evaluator accepts hand-made feasible solutions and rejects broken ones."""
    failures = 0

    def expect(cond: bool, what: str) -> None:
        nonlocal failures
        print(("ok   " if cond else "FAIL ") + what)
        failures += 0 if cond else 1

    sol = read_solomon(str(data_dir / "solomon/25/C101.25.txt"))
    # One customer per vehicle is feasible in C101.25 only if 25 vehicles suffice: they do (K = 25).
    single = [[c] for c in sol["customers"]]
    v = evaluate(sol, single)
    expect(v["feasible"], f"C101.25, one customer per route: feasible ({v['errors'][:2]})")
    v = evaluate(sol, single[:-1])
    expect(not v["feasible"] and "not served" in " ".join(v["errors"]), "C101.25, a customer left out: rejected")
    v = evaluate(sol, single + [[1]])
    expect(not v["feasible"], "C101.25, a customer twice: rejected")
    v = evaluate(sol, [sol["customers"]])
    expect(not v["feasible"], "C101.25, everyone on one route: rejected (capacity and windows)")
    top = read_toptw(str(data_dir / "toptw/solomon1_100/c101.txt"))
    v = evaluate(top, [[]], tours=1)
    expect(v["feasible"] and v["score"] == 0, "TOPTW c101, empty tour: feasible, score 0")
    v = evaluate(top, [top["customers"][:40]], tours=1)
    expect(not v["feasible"], "TOPTW c101, 40 customers in file order on one tour: rejected")
    v = evaluate(top, [[20], [24]], tours=1)
    expect(not v["feasible"] and "more than the 1 tours" in " ".join(v["errors"]), "TOPTW c101, two routes for m = 1: rejected")
    expect(toptw_distance(top, 0, 1) == Fraction(186, 10), "TOPTW c101: d(0, 1) = 18.6 (sqrt 349 truncated)")
    pr = read_toptw(str(data_dir / "toptw/cordeau_pr01_pr10/pr01.txt"))
    expect(pr["decimals"] == 2 and toptw_distance(pr, 0, 1) == Fraction(4816, 100), "TOPTW pr01: two decimals, d(0, 1) = 48.16")
    failures += self_test_mctopmtw(data_dir, expect)
    return 1 if failures else 0


# A hand-made MC-TOP-MTW instance: 2 tours, Tmax 100, budget 10, at most 1 customer of type 1.
TINY_MCTOPMTW = """2 4 10 1 9 9 9 9 9 9 9 9 9
0 0 0 0 0 0 100
2 3 4 1 10 0 10 20 30 40 1 6 1 0 0 0 0 0 0 0 0 0
3 6 8 1 20 0 10 20 30 40 0 6 1 0 0 0 0 0 0 0 0 0
4 0 5 2 5 0 50 60 70 80 1 3 0 0 0 0 0 0 0 0 0 0
5 0 4 1 7 0 1 2 3 4 0 0 0 0 0 0 0 0 0 0 0 0
"""


def self_test_mctopmtw(data_dir: Path, expect) -> int:
    """MC-TOP-MTW cases; returns 0 (failures are counted by `expect`)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "MCTOPMTW-2-tiny.txt"
        path.write_text(TINY_MCTOPMTW)
        expect(detect(str(path)) == "mctopmtw", "MC-TOP-MTW tiny: recognised from the content")
        tiny = read_instance(str(path))
    expect(tiny["tours"] == 2 and tiny["decimals"] == 1 and toptw_distance(tiny, 2, 4) == Fraction(31, 10),
           "MC-TOP-MTW tiny: M = 2 from the file, one decimal, d(2, 4) = 3.1")
    v = evaluate(tiny, [[], []])
    expect(v["feasible"] and v["score"] == 0, "MC-TOP-MTW tiny: empty tours feasible, score 0")
    v = evaluate(tiny, [[2, 4], []])
    expect(v["feasible"] and v["score"] == 15 and abs(v["distance"] - 13.1) < 1e-9,
           f"MC-TOP-MTW tiny: 2 then 4 on tour 1: feasible, score 15, distance 13.1 ({v['errors']})")
    v = evaluate(tiny, [[5], []])
    expect(v["feasible"] and v["score"] == 7, "MC-TOP-MTW tiny: 5 on tour 1 (E = 0: windows 2 and 4, starts at 4): feasible")
    v = evaluate(tiny, [[], [5]])
    expect(not v["feasible"] and "last window of that tour" in " ".join(v["errors"]),
           "MC-TOP-MTW tiny: 5 on tour 2 (windows 1 and 3 close at 3): rejected")
    v = evaluate(tiny, [[2], [3]])
    text = " ".join(v["errors"])
    expect(not v["feasible"] and "above the budget 10" in text and "type 1, above its cap 1" in text,
           f"MC-TOP-MTW tiny: 2 and 3 (fees 12, two of type 1): rejected for budget and cap ({v['errors']})")
    v = evaluate(tiny, [[2], [], [4]])
    expect(not v["feasible"] and "more than the 2 tours" in " ".join(v["errors"]), "MC-TOP-MTW tiny: three routes for M = 2: rejected")
    v = evaluate(tiny, [[2, 2]])
    expect(not v["feasible"], "MC-TOP-MTW tiny: a customer twice: rejected")
    real = data_dir / "toptw/mctopmtw/Solomon/MCTOPMTW-1-c101.txt"
    if real.exists():
        c101 = read_instance(str(real))
        expect(c101["tours"] == 1 and c101["budget"] == 471 and len(c101["customers"]) == 100 and c101["decimals"] == 1,
               "MC-TOP-MTW c101 (m = 1): 100 customers, budget 471, one decimal")
        expect(mctopmtw_windows(c101["nodes"][2], 1) == [(912, Fraction(9258, 10)), (Fraction(9395, 10), Fraction(9532, 10))],
               "MC-TOP-MTW c101: customer 2 (E = 1) on tour 1 uses windows 1 and 3")
    pr = data_dir / "toptw/mctopmtw/Cordeau/MCTOPMTW-2-pr01.txt"
    if pr.exists():
        p = read_instance(str(pr))
        expect(p["tours"] == 2 and p["decimals"] == 2 and mctopmtw_windows(p["nodes"][2], 1)[0] == (Fraction(3928, 10), Fraction(4315, 10)),
               "MC-TOP-MTW pr01 (m = 2): two decimals; customer 2 (E = 0) on tour 1 uses windows 2 and 4")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("instance", nargs="?")
    ap.add_argument("solution", nargs="?")
    ap.add_argument("--format", choices=["solomon", "toptw", "mctopmtw"])
    ap.add_argument("--tours", type=int)
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--data-dir", default=str(Path(__file__).resolve().parents[3] / "shared" / "vrptw"))
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test(Path(args.data_dir))
    if not args.instance or not args.solution:
        ap.error("give INSTANCE and SOLUTION.json, or --self-test")
    inst = read_instance(args.instance, args.format)
    routes = json.loads(Path(args.solution).read_text())["routes"]
    verdict = evaluate(inst, routes, args.tours)
    print(json.dumps(verdict, indent=2))
    return 0 if verdict["feasible"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
