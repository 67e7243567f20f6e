#!/usr/bin/env python3
"""How often `routeplan solve --exact` proves itinerary-like instances
optimal within a time limit (issue 18's "itinerary-like" row).

Each instance: n random points in a 10 km × 10 km box (around 48.85° N),
great-circle (haversine) walking seconds at 1.35 m/s, each ordered pair then
multiplied by its own random factor in [0.9, 1.1] (one-way differences, as
road matrices have), rounded to whole seconds; written as a TSPLIB ATSP
FULL_MATRIX file and solved as a whole process.

    itinerary_proofs.py [--sizes 30,40,60,100] [--count 10] [--time-limit 5] [--seed 1] [--exact-engine E]

Prints a Markdown table: stops, instances, proven within the limit, median
and maximum seconds of the proven ones, and the mean gap of the others.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import tempfile
import time

EARTH_RADIUS_M = 6_371_008.8
WALKING_M_PER_S = 1.35


def haversine(a: tuple[float, float], b: tuple[float, float]) -> float:
    (la1, lo1), (la2, lo2) = (tuple(math.radians(v) for v in p) for p in (a, b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


def instance(n: int, rng: random.Random) -> list[list[int]]:
    lat0, lon0 = 48.85, 2.30
    dlat = 10_000 / 111_195  # degrees per 10 km north
    dlon = dlat / math.cos(math.radians(lat0))
    points = [(lat0 + rng.random() * dlat, lon0 + rng.random() * dlon) for _ in range(n)]
    return [[0 if i == j else max(1, round(haversine(points[i], points[j]) / WALKING_M_PER_S * rng.uniform(0.9, 1.1)))
             for j in range(n)] for i in range(n)]


def write_atsp(path: str, name: str, d: list[list[int]]) -> None:
    with open(path, "w") as f:
        f.write(f"NAME: {name}\nTYPE: ATSP\nDIMENSION: {len(d)}\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                "EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n")
        for row in d:
            f.write(" ".join(map(str, row)) + "\n")
        f.write("EOF\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routeplan", default=os.environ.get("ROUTEPLAN_BIN", ".build/release/routeplan"))
    ap.add_argument("--sizes", default="30,40,60,100")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exact-engine", default=None,
                    help="passed to routeplan (branch-and-cut, branch-and-cut-arcs, branch-and-cut-doubled)")
    args = ap.parse_args()
    print("| stops | instances | proven within the limit | median s (proven) | max s (proven) | mean gap % (the others) |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as work:
        for n in (int(s) for s in args.sizes.split(",")):
            rng = random.Random(args.seed * 1_000_003 + n)
            proven_times, gaps = [], []
            for k in range(args.count):
                path = os.path.join(work, f"it{n}_{k}.atsp")
                write_atsp(path, f"itinerary{n}_{k}", instance(n, rng))
                started = time.monotonic()
                engine = ["--exact-engine", args.exact_engine] if args.exact_engine else []
                run = subprocess.run([args.routeplan, "solve", path, "--exact", "--time-limit", str(args.time_limit),
                                      "--format", "json"] + engine, capture_output=True, text=True)
                elapsed = time.monotonic() - started
                if run.returncode != 0:
                    raise SystemExit(f"n={n} #{k}: {run.stderr.strip()[:200]}")
                out = json.loads(run.stdout)
                if out.get("provenOptimal"):
                    proven_times.append(elapsed)
                else:
                    gaps.append(out.get("gapPercent") or float("nan"))
            med = f"{statistics.median(proven_times):.2f}" if proven_times else "–"
            top = f"{max(proven_times):.2f}" if proven_times else "–"
            gap = f"{statistics.mean(gaps):.2f}" if gaps else "–"
            print(f"| {n} | {args.count} | {len(proven_times)}/{args.count} | {med} | {top} | {gap} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
