#!/usr/bin/env python3
"""Would recombining routeplan's tours pay? An offline check of EAX's
AB-cycle children (Nagata & Kobayashi) on tours from independent seeds
(issue 19, tenth round).

    python3 Benchmarks/compare/recombine.py --routeplan PATH [--instance pcb3038]
        [--seeds 1-4] [--time-limit 10] [--pairs] [--tsplib-dir DIR] [--out DIR]

For every seed, `routeplan solve FILE --heuristic --time-limit T --seed K`
gives a tour (re-evaluated with TSPLIB's distances). Then for every ordered
pair (A, B) of those tours:

1. The arcs in exactly one of A and B split into AB-cycles: closed walks
   that alternate an arc of A and an arc of B (every city has as many of
   each, so the split always succeeds; the walk is randomised, seeded).
2. Each AB-cycle gives a child: A without the cycle's A-arcs, with its
   B-arcs (with --pairs, also every pair of cycles at once, an E-set of
   two). That is a set of subtours; the smallest is joined to another
   by the cheapest exchange of one arc of each (2-opt-like, over each
   city's 10 nearest), until one tour is left.
3. The child is repaired by 2-opt and one-city Or-opt on the 10-nearest
   lists, from the cities whose arcs changed (a much weaker repair than
   routeplan's own search, so a gain here is a lower estimate).

A child shorter than A is a recombination gain no kick of A had found.
The table gives, per pair, the AB-cycles, the children shorter than A
before and after repair, and the best gain, then the same for the
two-cycle children. Writes `recombine.md` into
--out (default Benchmarks/compare/results/).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402  (instance reader, routeplan runner)

NEAREST = 10


def neighbours_of(tour: list[int]) -> list[list[int]]:
    n = len(tour)
    adj = [[0, 0] for _ in range(n)]
    for i, c in enumerate(tour):
        adj[c] = [tour[i - 1], tour[(i + 1) % n]]
    return adj


def canonical(tour: list[int]) -> list[int]:
    """The tour from city 0, towards the smaller of its two neighbours, so
    that the same cycle is always read the same way and the seeded walks
    through the AB-cycles repeat for the same tours. (Runs under a time
    limit may end on different tours of equal length.)"""
    i = tour.index(0)
    tour = tour[i:] + tour[:i]
    return tour if tour[1] < tour[-1] else [0] + tour[:0:-1]


def ab_cycles(a_tour: list[int], b_tour: list[int], rng: random.Random) -> list[list[int]]:
    """The AB-cycles of A and B, each as its cities c0, c1, …, c2k = c0,
    where (c0, c1) is an arc of A, (c1, c2) one of B, and so on."""
    n = len(a_tour)
    a_adj, b_adj = neighbours_of(a_tour), neighbours_of(b_tour)
    in_a = {frozenset(p) for p in zip(a_tour, a_tour[1:] + a_tour[:1])}
    in_b = {frozenset(p) for p in zip(b_tour, b_tour[1:] + b_tour[:1])}
    only_a = [[x for x in a_adj[v] if frozenset((v, x)) not in in_b] for v in range(n)]
    only_b = [[x for x in b_adj[v] if frozenset((v, x)) not in in_a] for v in range(n)]
    cycles = []
    starts = [v for v in range(n) if only_a[v]]
    rng.shuffle(starts)
    for s in starts:
        while only_a[s]:
            walk = [s]
            # Where each city sits in the walk at an even index (about to take an A-arc).
            even_at = {s: 0}
            cur, take_a = s, True
            while True:
                arcs = only_a if take_a else only_b
                x = rng.choice(arcs[cur])
                arcs[cur].remove(x)
                arcs[x].remove(cur)
                walk.append(x)
                cur, take_a = x, not take_a
                if take_a and cur in even_at:
                    i = even_at[cur]
                    cycles.append(walk[i:])
                    for c in walk[i + 2:-1:2]:
                        even_at.pop(c, None)
                    walk = walk[:i + 1]
                    if len(walk) == 1:
                        break
                    cur = walk[-1]
                elif take_a:
                    even_at[cur] = len(walk) - 1
    return cycles


def child(a_tour: list[int], cycles: list[list[int]], dist, near) -> tuple[list[int], int, set[int]]:
    """A with the cycles' arcs exchanged (an E-set of one or more
    AB-cycles) and its subtours joined; returns the tour, its length minus
    A's, and the cities whose arcs changed."""
    n = len(a_tour)
    adj = [list(p) for p in neighbours_of(a_tour)]
    delta = 0
    touched = set()
    for cycle in cycles:
        touched |= set(cycle)
        for i in range(len(cycle) - 1):
            u, v = cycle[i], cycle[i + 1]
            if i % 2 == 0:
                adj[u].remove(v); adj[v].remove(u); delta -= dist(u, v)
            else:
                adj[u].append(v); adj[v].append(u); delta += dist(u, v)
    while True:
        component = [-1] * n
        subtours = []
        for s in range(n):
            if component[s] >= 0:
                continue
            seq, prev, cur = [s], -1, s
            component[s] = len(subtours)
            while True:
                nxt = adj[cur][0] if adj[cur][0] != prev else adj[cur][1]
                if nxt == s:
                    break
                component[nxt] = len(subtours)
                seq.append(nxt)
                prev, cur = cur, nxt
            subtours.append(seq)
        if len(subtours) == 1:
            return subtours[0], delta, touched
        smallest = min(subtours, key=len)
        own = component[smallest[0]]
        best = None
        for u in smallest:
            for u2 in adj[u]:
                for v in near[u]:
                    if component[v] == own:
                        continue
                    for v2 in adj[v]:
                        base = -dist(u, u2) - dist(v, v2)
                        for cost, pairs in ((base + dist(u, v) + dist(u2, v2), ((u, v), (u2, v2))),
                                            (base + dist(u, v2) + dist(u2, v), ((u, v2), (u2, v)))):
                            if best is None or cost < best[0]:
                                best = (cost, (u, u2), (v, v2), pairs)
        if best is None:
            raise RuntimeError("a subtour with no listed neighbour outside it")
        cost, (u, u2), (v, v2), pairs = best
        adj[u].remove(u2); adj[u2].remove(u); adj[v].remove(v2); adj[v2].remove(v)
        for x, y in pairs:
            adj[x].append(y); adj[y].append(x)
        delta += cost
        touched |= {u, u2, v, v2}


def repair(tour: list[int], start: set[int], dist, near) -> tuple[list[int], int]:
    """2-opt and one-city Or-opt on the nearest lists, from `start`
    (don't-look bits); returns the tour and what it saved."""
    n = len(tour)
    tour = list(tour)
    pos = [0] * n
    for i, c in enumerate(tour):
        pos[c] = i

    def succ(c): return tour[(pos[c] + 1) % n]
    def pred(c): return tour[pos[c] - 1]

    def reverse(i: int, j: int):  # positions i … j, forward, wrapping
        for k in range(((j - i) % n + 1) // 2):
            x, y = (i + k) % n, (j - k) % n
            tour[x], tour[y] = tour[y], tour[x]
            pos[tour[x]], pos[tour[y]] = x, y

    saved = 0
    queue, queued = list(start), set(start)
    while queue:
        a = queue.pop()
        queued.discard(a)
        changed: list[int] = []
        for forward in (True, False):
            b = succ(a) if forward else pred(a)
            for c in near[a]:
                g = dist(a, b) - dist(a, c)
                if g <= 0:
                    break
                d = succ(c) if forward else pred(c)
                if c == b or d == a:
                    continue
                gain = g + dist(c, d) - dist(b, d)
                if gain > 0:
                    reverse(pos[b], pos[c]) if forward else reverse(pos[c], pos[b])
                    saved += gain
                    changed = [a, b, c, d]
                    break
            if changed:
                break
        if not changed:
            p, q = pred(a), succ(a)
            removal = dist(p, a) + dist(a, q) - dist(p, q)
            for c in near[a]:
                if c in (p, q):
                    continue
                for e in (succ(c), pred(c)):
                    if e == a:
                        continue
                    gain = removal - (dist(c, a) + dist(a, e) - dist(c, e))
                    if gain > 0:
                        rest = [x for x in tour if x != a]
                        i, j = rest.index(c), rest.index(e)
                        rest.insert(max(i, j) if abs(i - j) == 1 else 0, a)
                        tour[:] = rest
                        for k, x in enumerate(tour):
                            pos[x] = k
                        saved += gain
                        changed = [a, p, q, c, e]
                        break
                if changed:
                    break
        for x in changed:
            if x not in queued:
                queue.append(x)
                queued.add(x)
    return tour, saved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    compare.add_seed_run_options(ap, instance="pcb3038", seeds="1-4", time_limit=10.0)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    ap.add_argument("--pairs", action="store_true",
                    help="also every child of two AB-cycles at once (some 20 s more on pcb3038)")
    args = ap.parse_args()
    path = compare.find_instance_file(args.instance, args.tsplib_dir)
    inst = compare.load_instance(path)
    optimum = compare.known_optimum(args.tsplib_dir, inst.name)
    dist = inst.dist
    near = compare.nearest_lists(inst.matrix(), NEAREST).tolist()
    tours, lengths = [], []
    seeds = compare.seed_range(args.seeds)
    try:
        for seed, tour, length in compare.seed_tours(args.routeplan, path, inst, seeds, args.time_limit):
            tours.append(canonical(tour))
            lengths.append(length)
            print(f"seed {seed}: {lengths[-1]}", file=sys.stderr, flush=True)
    except RuntimeError as problem:
        print(problem, file=sys.stderr)
        return 1
    rng = random.Random(1)
    rows = []
    for i, a in enumerate(tours):
        for j, b in enumerate(tours):
            if i == j:
                continue
            cycles = ab_cycles(a, b, rng)
            before, after = [], []
            for cycle in cycles:
                tour, delta, touched = child(a, [cycle], dist, near)
                before.append(delta)
                after.append(delta - repair(tour, touched, dist, near)[1])
            # E-sets of two cycles (EAX's multi-cycle children), repaired.
            pairs = []
            if args.pairs:
                for x in range(len(cycles)):
                    for y in range(x + 1, len(cycles)):
                        tour, delta, touched = child(a, [cycles[x], cycles[y]], dist, near)
                        pairs.append(delta - repair(tour, touched, dist, near)[1])
            rows.append((i, j, len(cycles), sum(1 for x in before if x < 0), sum(1 for x in after if x < 0),
                         min(after, default=0), len(pairs), sum(1 for x in pairs if x < 0), min(pairs, default=0)))
            print(f"A = seed {seeds[i]}, B = seed {seeds[j]}: {rows[-1][2:]}", file=sys.stderr, flush=True)
    gap = (lambda L: f"{100.0 * (L - optimum) / optimum:.3f} %") if optimum else (lambda L: "–")
    lines = [f"# AB-cycle children of routeplan's tours: {inst.name}, {args.time_limit:g} s, "
             f"seeds {args.seeds}", "",
             f"`{' '.join(sys.argv)}`", "",
             "| seed | length | gap |", "|---|---|---|"]
    lines += [f"| {seeds[k]} | {L} | {gap(L)} |" for k, L in enumerate(lengths)]
    lines += ["", "| A (seed) | B (seed) | AB-cycles | children shorter than A | after repair | "
              "best child − A after repair | two-cycle children | shorter after repair | best − A |",
              "|---|---|---|---|---|---|---|---|---|"]
    lines += [f"| {seeds[i]} ({lengths[i]}) | {seeds[j]} | {n} | {x} | {y} | {best} | "
              + (f"{m} | {z} | {best2} |" if args.pairs else "– | – | – |")
              for i, j, n, x, y, best, m, z, best2 in rows]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "recombine.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
