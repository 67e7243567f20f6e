#!/usr/bin/env python3
"""Independent evaluator for Solomon VRPTW and TOPTW solutions.

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

Usage:
  schedule_eval.py INSTANCE SOLUTION.json [--format solomon|toptw] [--tours M]
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


def read_instance(path: str, fmt: str | None = None) -> dict:
    if fmt is None:
        head = Path(path).read_text(encoding="utf-8", errors="replace")[:4000].upper()
        fmt = "solomon" if "VEHICLE" in head and "CUSTOMER" in head else "toptw"
    return read_solomon(path) if fmt == "solomon" else read_toptw(path)


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
    errors: list[str] = []
    nodes = inst["nodes"]
    depot = inst["depot"]
    customers = set(inst["customers"])
    seen: dict[int, int] = {}
    routes = [list(r) for r in routes if len(r) > 0]
    for r, route in enumerate(routes):
        for c in route:
            if not isinstance(c, int) or c not in customers:
                errors.append(f"route {r + 1}: {c!r} is not a customer of the instance")
            elif c in seen:
                errors.append(f"customer {c} served twice (routes {seen[c] + 1} and {r + 1})")
            else:
                seen[c] = r
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
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("instance", nargs="?")
    ap.add_argument("solution", nargs="?")
    ap.add_argument("--format", choices=["solomon", "toptw"])
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
