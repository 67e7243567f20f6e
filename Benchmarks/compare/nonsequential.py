#!/usr/bin/env python3
"""Would LKH's non-sequential completions pay? An offline search for
improving non-sequential 4-opt moves in routeplan's tours (issue 19,
twenty-fourth round).

    python3 Benchmarks/compare/nonsequential.py --routeplan PATH
        [--instance pr1002] [--seeds 1-12] [--time-limit 1] [--k 10]
        [--self-check 3] [--tsplib-dir DIR]

A sequential move (what a Lin–Kernighan chain of flips builds, however
deep) removes and adds arcs alternately along one closed walk. A
non-sequential 4-opt move is two 2-exchanges that each split the tour
and only together give one tour again:

             t1 ──── t2                 t1     t2
             ╎        ╎                  │      │
    C2 ...   ╎        ╎  ... C1   ⇒   t4 ┘      └ t3      (two cycles)
             t4 ──── t3

  Remove {t1, t2} and {t3, t4}, where t2 follows t1 and t4 follows t3
  in the same direction; adding {t2, t3} and {t4, t1} closes the stretch
  t2 … t3 into one cycle (C1) and t4 … t1 into another (C2). Then remove
  an arc {t5, t6} of C1 and an arc {t7, t8} of C2 and add {t6, t7} and
  {t5, t8}: one tour again. The move's gain is

      c(t1,t2) + c(t3,t4) + c(t5,t6) + c(t7,t8)
    − c(t2,t3) − c(t4,t1) − c(t6,t7) − c(t5,t8).

This script lists every such move with t3 among t2's K nearest and t7
among t6's K nearest (t1 every city, t2 either of its tour neighbours,
t6 every city of the smaller cycle, t5 and t8 either tour neighbour on an
arc of the original tour), and counts those that gain. By symmetry that
covers every such move with a new arc of the first exchange on either
end's list and one of the second on its end's list in the smaller cycle.
LKH's non-sequential completions search moves of this kind on five
α-nearest candidates by default (K nearest by distance, K = 10 by
default, holds more), and non-sequential 5-opt moves too, which this
script does not list.

`--self-check N` first proves the search can find what it looks for: N
times, the shortest tour of the seeds is cut at three random places into
S T U V and rejoined as S V U T (a non-sequential 4-opt move: all four
arcs between the stretches change), and the search must find a move
gaining at least what that cost. The script exits non-zero if it does
not.

Prints, per seed, the tour's length and gap, the improving moves found
and the largest gain, and, when the TSPLIB folder holds NAME.opt.tour,
how the tour differs from that optimal tour: the arcs only it has, split
into components (cities joined by an arc only one of the two tours has),
each with its cities, its excess length and the fewest consecutive tour
positions that hold it.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402  (instance reader, routeplan runner)


# The n × n int64 matrix of a larger instance, with the float arrays
# `Instance.matrix()` builds it from, would pass 1 GB.
MAXIMUM_CITIES = 6_000


def best_nonsequential(tour: list[int], d: np.ndarray, near: np.ndarray) -> tuple[int, int]:
    """(improving moves, largest gain) over the non-sequential 4-opt moves
    described in the module's documentation. O(n · k² · m) for cycles of
    m cities on the smaller side."""
    n = len(tour)
    order = np.asarray(tour, dtype=np.int64)
    pos = np.empty(n, dtype=np.int64)
    pos[order] = np.arange(n)
    k = near.shape[1]
    improving, best = 0, 0
    for t1 in range(n):
        p1 = int(pos[t1])
        for forward in (True, False):
            t2 = int(order[(p1 + 1) % n] if forward else order[(p1 - 1) % n])
            for t3 in near[t2]:
                t3 = int(t3)
                if t3 in (t1, t2):
                    continue
                p3 = int(pos[t3])
                t4 = int(order[(p3 + 1) % n] if forward else order[(p3 - 1) % n])
                if t4 in (t1, t2):
                    continue
                half = int(d[t1, t2] + d[t3, t4] - d[t2, t3] - d[t4, t1])
                # C1 is t2 … t3 read forward along the array (t3 … t2 when
                # going backward); C2 is the rest.
                start = int(pos[t2]) if forward else p3
                end = p3 if forward else int(pos[t2])
                length1 = (end - start) % n + 1
                if length1 * 2 <= n:
                    small_start, small_length = start, length1
                else:
                    small_start, small_length = (end + 1) % n, n - length1
                offsets = np.arange(small_length)
                t6 = order[(small_start + offsets) % n]
                for side in (-1, 1):
                    # t5 beside t6 on an original arc inside the small cycle.
                    inside = offsets + side
                    keep = (inside >= 0) & (inside < small_length)
                    if not keep.any():
                        continue
                    a6 = t6[keep]
                    a5 = order[(small_start + inside[keep]) % n]
                    t7 = near[a6]                                         # (m, k)
                    offset7 = (pos[t7] - small_start) % n
                    other = offset7 >= small_length                       # t7 in the other cycle
                    partial = half + d[a5, a6][:, None] - d[a6[:, None], t7]
                    for side8 in (-1, 1):
                        o8 = offset7 + side8
                        ok = other & (o8 >= small_length) & (o8 < n)      # {t7, t8} an arc of the other cycle
                        t8 = order[(small_start + o8) % n]
                        gain = partial + d[t7, t8] - d[a5[:, None], t8]
                        gain = np.where(ok, gain, 0)
                        improving += int((gain > 0).sum())
                        best = max(best, int(gain.max(initial=0)))
    return improving, best


def perturbed(tour: list[int], rng: random.Random) -> list[int]:
    """S T U V ⇒ S V U T at three random cuts: a non-sequential 4-opt move."""
    a, b, c = sorted(rng.sample(range(1, len(tour)), 3))
    return tour[:a] + tour[c:] + tour[b:c] + tour[a:b]


def difference(tour: list[int], optimal: list[int], d: np.ndarray) -> str:
    """The components of the arcs in exactly one of `tour` and `optimal`,
    largest first: cities, arcs of `tour` not in `optimal`, the length
    they add, and their span in `tour`'s positions."""
    def arcs(t: list[int]) -> set[frozenset[int]]:
        return {frozenset((t[i], t[(i + 1) % len(t)])) for i in range(len(t))}
    ours, theirs = arcs(tour), arcs(optimal)
    only_ours, only_theirs = ours - theirs, theirs - ours
    parent = {c: c for a in only_ours | only_theirs for c in a}

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c
    for a in only_ours | only_theirs:
        x, y = tuple(a)
        parent[root(x)] = root(y)
    members: dict[int, list[int]] = {}
    for c in parent:
        members.setdefault(root(c), []).append(c)
    n = len(tour)
    pos = {c: i for i, c in enumerate(tour)}
    parts = []
    for cities in sorted(members.values(), key=len, reverse=True):
        inside = set(cities)
        mine = [a for a in only_ours if a <= inside]
        excess = sum(int(d[tuple(a)]) for a in mine) - sum(int(d[tuple(a)]) for a in only_theirs if a <= inside)
        ps = sorted(pos[c] for c in cities)
        widest = max((ps[(i + 1) % len(ps)] - ps[i]) % n for i in range(len(ps)))
        parts.append(f"{len(cities)} cities, {len(mine)} arcs, {excess:+d}, span {n - widest + 1}")
    return "; ".join(parts) if parts else "none"


def cut_positions(damaged: list[int], tour: list[int]) -> list[int]:
    """The positions p of `tour` whose arc into p (from p − 1) `damaged`
    does not have: the cuts that made it."""
    n = len(tour)
    arcs = {frozenset((damaged[i], damaged[(i + 1) % n])) for i in range(n)}
    return [p for p in range(n) if frozenset((tour[p - 1], tour[p])) not in arcs]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    compare.add_seed_run_options(ap, instance="pr1002", seeds="1-12", time_limit=1.0)
    ap.add_argument("--k", type=int, default=10, help="nearest neighbours per city (default 10)")
    ap.add_argument("--self-check", type=int, default=3, metavar="N",
                    help="perturbed tours the search must mend first (default 3)")
    args = ap.parse_args()
    path = compare.find_instance_file(args.instance, args.tsplib_dir)
    inst = compare.load_instance(path)
    if inst.n > MAXIMUM_CITIES or inst.n < 8:
        print(f"{path}: {inst.n} cities; this check builds an n × n matrix and takes "
              f"8 to {MAXIMUM_CITIES:,} cities", file=sys.stderr)
        return 2
    if not 1 <= args.k < inst.n:
        print(f"--k {args.k}: give 1 to {inst.n - 1} neighbours per city", file=sys.stderr)
        return 2
    optimum = compare.known_optimum(args.tsplib_dir, inst.name)
    d = inst.matrix()
    near = compare.nearest_lists(d, args.k)
    try:
        tours = compare.seed_tours(args.routeplan, path, inst, compare.seed_range(args.seeds), args.time_limit)
    except RuntimeError as problem:
        print(problem, file=sys.stderr)
        return 1
    rng = random.Random(19)
    _, shortest, shortest_length = min(tours, key=lambda found: found[2])
    lists = [set(map(int, row)) for row in near]
    for i in range(args.self_check):
        damaged = perturbed(shortest, rng)
        damage = inst.evaluate(damaged)[0] - shortest_length
        _, gain = best_nonsequential(damaged, d, near)
        # The repair puts back the four arcs the cuts removed; when each
        # is on both its ends' lists the search covers it, whichever pair
        # of them forms which exchange.
        restored = [(shortest[p - 1], shortest[p]) for p in cut_positions(damaged, shortest)]
        covered = all(b in lists[a] and a in lists[b] for a, b in restored)
        print(f"self-check {i + 1}: S V U T costs {damage}, largest gain found {gain}"
              + ("" if covered else " (the repair's arcs are not all on the lists: not counted)"))
        if covered and gain < damage:
            print("self-check failed: the search missed a non-sequential move it covers", file=sys.stderr)
            return 1
    opt_file = args.tsplib_dir / f"{inst.name}.opt.tour"
    optimal = compare.load_tour(opt_file) if opt_file.exists() else None
    print(f"{inst.name}, {args.time_limit:g} s, K = {args.k}")
    print("| seed | length | gap | improving non-sequential 4-opt moves | largest gain | components where it differs from the optimal tour |")
    print("|---|---|---|---|---|---|")
    for seed, tour, total in tours:
        gap = f"{100 * (total - optimum) / optimum:.3f} %" if optimum else "—"
        improving, gain = best_nonsequential(tour, d, near)
        differs = difference(tour, optimal, d) if optimal else "—"
        print(f"| {seed} | {total} | {gap} | {improving} | {gain} | {differs} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
