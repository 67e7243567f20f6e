#!/usr/bin/env python3
"""Heuristic solves of matrices whose arcs are mostly forbidden, through
`routeplan serve`'s POST /v1/solve (where such matrices come from: `null`
legs a routing engine could not answer).

Each instance is n random points in a 10 km square. Allowed arcs: every
point's 6 nearest neighbours, both ways, plus the legs of a hidden tour (the
points in angle order around the centre), so that a route exists; every
other arc is `null`. Costs are metres (Euclidean, rounded). With
`--asymmetric`, each allowed arc costs 0-30 % more one way (as uphill or
one-way detours would), and a tenth of the neighbour arcs are allowed one
way only.

Each binary serves on its own port; every instance and seed is sent to each
in turn, so both see the same machine load. The table gives the mean length
above the best length any binary found for that instance and seed, the
longest answer time, and answers without a route.

    python3 sparse.py --routeplan BIN [--baseline BIN] [--sizes 200,1000]
        [--seeds 1-3] [--time-limit 1] [--asymmetric]
"""
import argparse, json, math, os, random, socket, statistics, subprocess, sys, time, urllib.request


def instance(n, seed, asymmetric):
    rng = random.Random(seed * 7919 + n)
    pts = [(rng.uniform(0, 10_000), rng.uniform(0, 10_000)) for _ in range(n)]
    allowed = set()
    for i, (x, y) in enumerate(pts):
        near = sorted(range(n), key=lambda j: (pts[j][0] - x) ** 2 + (pts[j][1] - y) ** 2)[1:7]
        for j in near:
            allowed.add((i, j))
            if not (asymmetric and rng.random() < 0.1):
                allowed.add((j, i))
    ring = sorted(range(n), key=lambda i: math.atan2(pts[i][1] - 5_000, pts[i][0] - 5_000))
    for a, b in zip(ring, ring[1:] + ring[:1]):
        allowed.add((a, b))
        if not asymmetric:
            allowed.add((b, a))
    costs = [[None] * n for _ in range(n)]
    for i in range(n):
        costs[i][i] = 0
    for (i, j) in allowed:
        d = math.dist(pts[i], pts[j])
        costs[i][j] = round(d * (1 + rng.uniform(0, 0.3)) if asymmetric else d)
    if not asymmetric:
        for (i, j) in allowed:
            costs[j][i] = costs[i][j]
    return costs


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def serve(binary):
    port = free_port()
    proc = subprocess.Popen([binary, 'serve', '--port', str(port), '--threads', '1', '--max-stops', '100000',
                             '--max-body', '256M', '--log-level', 'error'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=1)
            return proc, port
        except Exception:
            time.sleep(0.05)
    raise SystemExit(f'{binary} did not start serving')


def solve(port, body, seed, limit):
    url = f'http://127.0.0.1:{port}/v1/solve?strategy=heuristic&timeLimit={limit}&seed={seed}'
    request = urllib.request.Request(url, data=body, headers={'Content-Type': 'application/json'})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            result = json.loads(answer.read())
    except urllib.error.HTTPError as error:
        result = {'status': error.code, 'error': error.read().decode()[:200]}
    return result, time.perf_counter() - started


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--routeplan', required=True)
    ap.add_argument('--baseline')
    ap.add_argument('--sizes', default='200,1000')
    ap.add_argument('--seeds', default='1-3')
    ap.add_argument('--time-limit', default='1')
    ap.add_argument('--asymmetric', action='store_true')
    a = ap.parse_args()
    lo, hi = map(int, a.seeds.split('-'))
    binaries = [b for b in (a.baseline, a.routeplan) if b]
    servers = [serve(b) for b in binaries]
    rows = {}
    try:
        for n in map(int, a.sizes.split(',')):
            for seed in range(lo, hi + 1):
                costs = instance(n, seed, a.asymmetric)
                body = json.dumps({'costs': costs}).encode()
                found = []
                for binary, (_, port) in zip(binaries, servers):
                    result, seconds = solve(port, body, seed, a.time_limit)
                    length = result.get('length')
                    if length is not None:  # re-check the tour on the allowed arcs
                        tour = result['tour']
                        legs = [costs[x][y] for x, y in zip(tour, tour[1:] + tour[:1])]
                        assert sorted(tour) == list(range(n)) and None not in legs and sum(legs) == length
                    found.append((length, seconds))
                    print(f'n={n} seed={seed} {os.path.basename(binary)}: {length} in {seconds:.2f} s'
                          + ('' if length is not None else f' ({result})'), file=sys.stderr, flush=True)
                best = min((l for l, _ in found if l is not None), default=None)
                for binary, (length, seconds) in zip(binaries, found):
                    r = rows.setdefault((n, binary), {'gaps': [], 'times': [], 'none': 0})
                    r['times'].append(seconds)
                    if length is None:
                        r['none'] += 1
                    else:
                        r['gaps'].append(100.0 * (length - best) / best)
    finally:
        for proc, _ in servers:
            proc.terminate()
            proc.wait()
    kind = 'asymmetric' if a.asymmetric else 'symmetric'
    print(f'| stops ({kind}, {a.time_limit} s, seeds {a.seeds}) | binary | above the best found | longest answer | no route |')
    print('|---|---|---|---|---|')
    for n in map(int, a.sizes.split(',')):
        for binary in binaries:
            r = rows[(n, binary)]
            gap = f'{statistics.mean(r["gaps"]):.3f} %' if r['gaps'] else '–'
            print(f'| {n} | {os.path.basename(binary)} | {gap} | {max(r["times"]):.2f} s | {r["none"]} |')


if __name__ == '__main__':
    main()
