#!/usr/bin/env python3
"""Does the union of a few routeplan tours hold a shorter tour? An offline
check of tour merging (Applegate, Bixby, Chvátal & Cook) on tours from
independent seeds (issue 19, sixteenth round).

    python3 Benchmarks/compare/union_merge.py --routeplan PATH [--instance pr1002]
        [--seeds 1-8] [--time-limit 1] [--k 2 | --progressive] [--tsplib-dir DIR]

For every seed, `routeplan solve FILE --heuristic --time-limit T --seed K`
gives a tour (re-evaluated with TSPLIB's distances). Then, for every set of
k tours (or, with --progressive, the first tour merged with the second,
that result with the third, and so on), the shortest tour that uses only
arcs of those tours is found exactly: a 0/1 program over the union's arcs
with the degree equations, solved by SCIP (through OR-Tools), and a subtour
cut x(δ(S)) ≥ 2 for every component of the solution until it is one tour.
Prints one line per set: the shortest given tour, the union's size and
the merged tour's length and gap. Needs `ortools` (requirements.txt).
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402  (instance reader, routeplan runner)


def edges_of(tour: list[int]) -> set[tuple[int, int]]:
    n = len(tour)
    return {tuple(sorted((tour[i], tour[(i + 1) % n]))) for i in range(n)}


def shortest_in_union(n: int, edges: set[tuple[int, int]], dist) -> tuple[int, list[int]]:
    """The shortest closed tour on `edges` (which hold at least one) and its length."""
    from ortools.linear_solver import pywraplp
    solver = pywraplp.Solver.CreateSolver("SCIP")
    arcs = sorted(edges)
    x = {e: solver.BoolVar(f"x{e}") for e in arcs}
    incident = [[] for _ in range(n)]
    for e in arcs:
        incident[e[0]].append(x[e])
        incident[e[1]].append(x[e])
    for v in range(n):
        solver.Add(sum(incident[v]) == 2)
    solver.Minimize(sum(dist(*e) * x[e] for e in arcs))
    while True:
        if solver.Solve() != pywraplp.Solver.OPTIMAL:
            raise RuntimeError("the union holds no tour")
        chosen = [e for e in arcs if x[e].solution_value() > 0.5]
        adjacent = [[] for _ in range(n)]
        for a, b in chosen:
            adjacent[a].append(b)
            adjacent[b].append(a)
        seen = [False] * n
        components = []
        for v in range(n):
            if seen[v]:
                continue
            stack, part = [v], set()
            seen[v] = True
            while stack:
                u = stack.pop()
                part.add(u)
                for w in adjacent[u]:
                    if not seen[w]:
                        seen[w] = True
                        stack.append(w)
            components.append(part)
        if len(components) == 1:
            tour, previous = [0], -1
            while len(tour) < n:
                c = tour[-1]
                following = adjacent[c][0] if adjacent[c][0] != previous else adjacent[c][1]
                previous = c
                tour.append(following)
            return sum(dist(*e) for e in chosen), tour
        for part in components:
            solver.Add(sum(x[e] for e in arcs if (e[0] in part) != (e[1] in part)) >= 2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    compare.add_seed_run_options(ap, instance="pr1002", seeds="1-8", time_limit=1.0)
    ap.add_argument("--k", type=int, default=2, help="tours per union (every set of k seeds)")
    ap.add_argument("--progressive", action="store_true",
                    help="merge the tours one after another into the best so far instead")
    args = ap.parse_args()
    path = compare.find_instance_file(args.instance, args.tsplib_dir)
    inst = compare.load_instance(path)
    optimum = int(compare.read_optima(args.tsplib_dir)[inst.name]["opt"])

    def gap(length: int) -> str:
        return f"{100.0 * (length - optimum) / optimum:.3f} %"

    tours = {}
    try:
        for seed, tour, length in compare.seed_tours(args.routeplan, path, inst, compare.seed_range(args.seeds),
                                                     args.time_limit):
            tours[seed] = (tour, length)
            print(f"seed {seed}: {length} ({gap(length)})", flush=True)
    except RuntimeError as problem:
        print(problem, file=sys.stderr)
        return 1
    seeds = list(tours)
    n = len(tours[seeds[0]][0])
    if args.progressive:
        best, best_length = tours[seeds[0]]
        for seed in seeds[1:]:
            best_length, best = shortest_in_union(n, edges_of(best) | edges_of(tours[seed][0]), inst.dist)
            print(f"after seed {seed}: {best_length} ({gap(best_length)})", flush=True)
        return 0
    for group in itertools.combinations(seeds, args.k):
        union = set().union(*(edges_of(tours[s][0]) for s in group))
        started = time.time()
        length, _ = shortest_in_union(n, union, inst.dist)
        shortest = min(tours[s][1] for s in group)
        print(f"{group}: shortest given {shortest}, union {len(union)} arcs, merged {length} ({gap(length)}), "
              f"{time.time() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
