#!/usr/bin/env python3
"""The heuristic at scale (issue 19): routeplan against fast-tsp at equal
threads on pr1002, pcb3038 and fnl4461, and routeplan alone on usa13509 and
pla85900 against the figures quoted in the issue.

    /work/venv-fasttsp/bin/python Benchmarks/compare/scale.py --routeplan PATH [flags]

Every tour is re-evaluated by compare.py's evaluator (TSPLIB distances), and
the gap is taken to the optimum in optima.tsv. routeplan is run as
`routeplan solve FILE --heuristic --time-limit T --seed K --format json`
(its time covers reading the file; its lower bound is recorded too, with its
distance below the optimum); fast-tsp as `find_tour(D, duration_seconds=T,
max_threads=THREADS)` on the integer matrix (the matrix is built before the
clock starts), run K = 1, 2, … as repeated runs (fast-tsp takes no seed).
Peak memory of each routeplan process is read from wait4's rusage.

Writes `scale.md` and `scale.json` into --out (default
Benchmarks/compare/results/), rewritten after every cell. `--plan midsize`
runs the symmetric TSPLIB instances of 400–1,100 stops that compare.py's
peer table leaves out instead (1 s, six runs each) and writes `midsize.md`
and `midsize.json`. `--runs N` gives every cell N runs (seeds 1–N) instead
of the plan's; with `--stem NAME` the files are NAME.md and NAME.json, so
such a run leaves the committed comparison alone. `--only` keeps
instances (`pcb3038`) or single cells (`fnl4461@10`), and `--append` keeps
the rows already in the output for the cells not run now, so one cell of
a long run can be redone. Each row also counts
the runs k in which routeplan's tour (seed k) is shorter than fast-tsp's
(run k), the pairs run back to back.

Every timed run waits `--pause` seconds first (default 3) and records the
CPU time the hypervisor took from the machine's cores while it ran (the
`steal` column of /proc/stat; 0 on bare metal). On this project's
Firecracker machines the guest kernel hands freed memory back to the host
(free page reporting, 8 MB blocks, about 2 s after the free), and right
after fast-tsp's process exits with its matrix the host took up to 110 ms
of the two cores' time from the next routeplan run: fnl4461 at 1 s then
ended up to 1.078 s after it started. After a pause of 3 s, 16 of 16 such
runs had at most 20 ms taken and ended within 1.012 s
(`Benchmarks/README.md`, twenty-eighth round).

Install fast-tsp outside the repository, pinned in requirements-scale.txt:

    python3 -m venv /work/venv-fasttsp
    /work/venv-fasttsp/bin/pip install -r Benchmarks/compare/requirements-scale.txt
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402  (the evaluator, instance reader, fast-tsp runner, machine info)

# (instance, budget seconds, runs, peers?) — the issue's plan.
PLAN = [
    ("pr1002", 1, 12, True),
    ("pcb3038", 1, 5, True), ("pcb3038", 10, 5, True),
    ("fnl4461", 1, 5, True), ("fnl4461", 10, 5, True),
    ("usa13509", 30, 5, False),
    ("pla85900", 120, 1, False),
]
# The issue's targets (gap %, at most) and its figures for routeplan before.
TARGETS = {("pr1002", 1): "optimal 12/12", ("pcb3038", 1): "≤ 0.13 % and below fast-tsp",
           ("fnl4461", 1): "≤ 0.28 % and below fast-tsp", ("pcb3038", 10): "≤ 0.05 %",
           ("fnl4461", 10): "≤ 0.08 %", ("usa13509", 30): "≤ 0.15 %", ("pla85900", 120): "≤ 0.5 %, ≤ 1 GB"}
# The symmetric TSPLIB instances of 400–1,100 stops that the peer table of
# compare.py leaves out, at 1 s: where the matrix path's α lists are used.
MIDSIZE = [(name, 1, 6, True) for name in
           ("rd400", "fl417", "gr431", "pr439", "d493", "u574", "rat575", "p654", "d657", "gr666", "u724",
            "u1060", "vm1084")]
PLANS = {"issue": ("scale", "The heuristic at scale: routeplan and fast-tsp", PLAN),
         "midsize": ("midsize", "The heuristic on 400–1,100 stops: routeplan and fast-tsp", MIDSIZE)}
BEFORE = {("pr1002", 1): "optimal 6/12", ("pcb3038", 1): "0.34–0.40 %", ("fnl4461", 1): "0.38–0.46 %",
          ("usa13509", 30): "0.26 %", ("pla85900", 120): "0.85 %"}


def stolen_ms() -> int | None:
    """CPU time the hypervisor has taken from this machine's cores since boot,
    in ms (the `steal` field of /proc/stat's `cpu` line, in clock ticks), or
    None where it cannot be read."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) * 1000 // os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def timed(pause: float, run, *args) -> dict:
    """Waits `pause` seconds (for the machine to settle after the run
    before), then runs run(*args) and adds the CPU time stolen meanwhile
    (`stolen_ms`) to its result."""
    time.sleep(pause)
    before = stolen_ms()
    res = run(*args)
    after = stolen_ms()
    if before is not None and after is not None:
        res["stolen_ms"] = after - before
    return res


def run_routeplan_rss(binary: str, path: Path, budget: float, seed: int, hard_cap: float) -> dict:
    """run_routeplan with the child's own peak resident memory (wait4)."""
    cmd = [binary, "solve", str(path), "--heuristic", "--time-limit", repr(float(budget)),
           "--seed", str(seed), "--format", "json"]
    out_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"scale-{os.getpid()}.json"
    t0 = time.perf_counter()
    with open(out_path, "w") as out_file:
        proc = subprocess.Popen(cmd, stdout=out_file, stderr=subprocess.DEVNULL)
        deadline = t0 + hard_cap
        status, rusage = 0, None
        while True:
            pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                os.wait4(proc.pid, 0)
                return {"tour": None, "error": f"killed at the hard cap of {hard_cap:g} s"}
            time.sleep(0.005)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    res = {"seconds": wall, "command": " ".join(cmd), "exit_status": proc.returncode,
           "peak_rss_mib": round(rusage.ru_maxrss / 1024, 1),
           "cpu_seconds": rusage.ru_utime + rusage.ru_stime}
    text = out_path.read_text()
    out_path.unlink(missing_ok=True)
    if proc.returncode != 0:
        res.update(tour=None, error=f"exit {proc.returncode}")
        return res
    js = json.loads(text)
    res.update(tour=[v - 1 for v in js["tour"]], claimed_length=js.get("length"),
               lower_bound=js.get("lowerBound"), own_seconds=js.get("seconds"))
    return res


def summarise(cells: list[dict]) -> dict:
    gaps = [c["gap_percent"] for c in cells if c.get("gap_percent") is not None]
    if not gaps:
        return {}
    return {"mean": statistics.mean(gaps), "min": min(gaps), "max": max(gaps),
            "optimal": sum(1 for g in gaps if g == 0), "runs": len(gaps)}


def fmt(x: float | None) -> str:
    return "—" if x is None else f"{x:.3f}"


def output_stem(args) -> str:
    """The name of the output files: --stem, else the plan's."""
    return args.stem or PLANS[args.plan][0]


def write(out_dir: Path, info: dict, rows: list[dict], args, partial: bool):
    out_dir.mkdir(parents=True, exist_ok=True)
    _, title, _ = PLANS[args.plan]
    stem = output_stem(args)
    (out_dir / f"{stem}.json").write_text(json.dumps({"machine": info, "rows": rows, "partial": partial},
                                                      indent=1))
    extra = [f"- fast-tsp: `find_tour(D, duration_seconds=T, max_threads={args.threads})`; "
             f"routeplan: `solve --heuristic --time-limit T --seed K` (its own threads: two searches "
             f"and the lower bound), time counting the read of the file",
             "- Gap: % above the optimum in optima.tsv, each tour re-evaluated by compare.py; "
             "bound: % below the optimum of routeplan's reported lower bound",
             f"- Each timed run starts after a pause of {args.pause:g} s; stolen: CPU time the hypervisor "
             f"took from the cores during a routeplan run (`steal` in /proc/stat)"]
    if partial:
        extra.append("- **Partial results** (the run was stopped or is still going)")
    lines = compare.header_md(title, info, extra)
    # The issue's plan has targets and earlier figures; the mid-size one does not.
    issue = args.plan == "issue"
    lines += ["| instance | budget | runs | routeplan gap % mean (min–max) | optimal | fast-tsp gap % mean (min–max) "
              "| fast-tsp optimal | routeplan below fast-tsp (run k against run k) "
              "| routeplan bound below opt % | routeplan s (max) | stolen ms (max) | peak MiB (max) "
              + ("| target | before (issue 19) |" if issue else "|"),
              "|---|---|---|---|---|---|---|---|---|---|---|---" + ("|---|---|" if issue else "|")]
    for row in rows:
        rp, ft = summarise(row["routeplan"]), summarise(row.get("fast_tsp", []))
        bounds = [c["bound_below_percent"] for c in row["routeplan"] if c.get("bound_below_percent") is not None]
        secs = [c["seconds"] for c in row["routeplan"] if c.get("seconds") is not None]
        rss = [c["peak_rss_mib"] for c in row["routeplan"] if c.get("peak_rss_mib") is not None]
        stolen = [c["stolen_ms"] for c in row["routeplan"] if c.get("stolen_ms") is not None]
        rp_cell = f"{fmt(rp.get('mean'))} ({fmt(rp.get('min'))}–{fmt(rp.get('max'))})" if rp else "—"
        ft_cell = f"{fmt(ft.get('mean'))} ({fmt(ft.get('min'))}–{fmt(ft.get('max'))})" if ft else "—"
        ft_optimal = f"{ft['optimal']}/{ft['runs']}" if ft else "—"
        pairs = [(a["gap_percent"], b["gap_percent"]) for a, b in zip(row["routeplan"], row.get("fast_tsp", []))
                 if a.get("gap_percent") is not None and b.get("gap_percent") is not None]
        lower = f"{sum(1 for a, b in pairs if a < b)}/{len(pairs)} (ties {sum(1 for a, b in pairs if a == b)})" \
            if pairs else "—"
        key = (row["instance"], row["budget"])
        lines.append(
            f"| {row['instance']} | {row['budget']:g} s | {rp.get('runs', 0)} | {rp_cell} "
            f"| {rp.get('optimal', 0)}/{rp.get('runs', 0)} | {ft_cell} "
            f"| {ft_optimal} | {lower} "
            f"| {fmt(statistics.mean(bounds)) if bounds else '—'} | {max(secs):.3f} "
            f"| {max(stolen) if stolen else '—'} | "
            f"{max(rss) if rss else '—'} |"
            + (f" {TARGETS.get(key, '')} | {BEFORE.get(key, '—')} |" if issue else ""))
    (out_dir / f"{stem}.md").write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routeplan", default=os.environ.get("ROUTEPLAN_BIN"), required=False)
    ap.add_argument("--tsplib-dir", type=Path, default=Path(compare.default_tsplib_dir()))
    ap.add_argument("--out", type=Path, default=compare.HERE / "results")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2,
                    help="fast-tsp's max_threads (default: all cores, as routeplan uses)")
    ap.add_argument("--plan", choices=sorted(PLANS), default="issue",
                    help="issue: issue 19's instances (writes scale.*); midsize: the symmetric TSPLIB "
                         "instances of 400–1,100 stops outside compare.py's table, 1 s, 6 runs (writes midsize.*)")
    ap.add_argument("--only", default="",
                    help="comma-separated cells to keep from the plan: an instance name (all its budgets) "
                         "or NAME@SECONDS (that budget only)")
    ap.add_argument("--append", action="store_true",
                    help="keep the rows already in the output's JSON for the cells not run now (to redo one "
                         "cell of a long run)")
    ap.add_argument("--runs", type=int, default=0,
                    help="runs per cell (0: the plan's); more than the plan's gives better-powered means "
                         "than the issue's five")
    ap.add_argument("--stem", default="",
                    help="name of the output files instead of the plan's (so that a run with --runs or "
                         "--only does not overwrite the committed comparison)")
    ap.add_argument("--budget-scale", type=float, default=1.0,
                    help="multiply every budget (a cut-down smoke run; the figures are then not the issue's)")
    ap.add_argument("--no-peers", action="store_true", help="routeplan only")
    ap.add_argument("--pause", type=float, default=3.0,
                    help="seconds to wait before every timed run, so that the memory the run before freed "
                         "has been handed back to the host (see above); 0 runs them back to back")
    args = ap.parse_args()
    if not args.routeplan:
        ap.error("--routeplan PATH (or $ROUTEPLAN_BIN) is required")
    optima = compare.read_optima(args.tsplib_dir)
    keep = set(filter(None, args.only.split(",")))
    info = compare.machine_info(args.routeplan)
    plan = [cell for cell in PLANS[args.plan][2]
            if not keep or cell[0] in keep or f"{cell[0]}@{cell[1]:g}" in keep]
    rows: list[dict] = []
    stem = output_stem(args)
    if args.append and (args.out / f"{stem}.json").exists():
        redone = {(name, float(budget * args.budget_scale)) for name, budget, _, _ in plan}
        rows = [row for row in json.loads((args.out / f"{stem}.json").read_text())["rows"]
                if (row["instance"], float(row["budget"])) not in redone]
    for name, budget, runs, peers in plan:
        budget = budget * args.budget_scale
        runs = args.runs or runs
        path = compare.find_instance_file(name, args.tsplib_dir)
        inst = compare.load_instance(path)
        opt = int(optima[name]["opt"])
        row = {"instance": name, "budget": budget, "optimum": opt, "routeplan": [], "fast_tsp": []}
        rows.append(row)
        hard_cap = 3 * budget + 60
        for k in range(1, runs + 1):
            rp = timed(args.pause, run_routeplan_rss, args.routeplan, path, budget, k, hard_cap)
            length, why = (None, rp.get("error")) if rp.get("tour") is None else inst.evaluate(rp["tour"])
            rp.pop("tour", None)
            rp.update(seed=k, length=length, invalid=why, gap_percent=compare.gap_percent(length, opt))
            if rp.get("lower_bound") is not None:
                rp["bound_below_percent"] = 100.0 * (opt - rp["lower_bound"]) / opt
            row["routeplan"].append(rp)
            print(f"{name} {budget:g}s routeplan seed {k}: gap {fmt(rp['gap_percent'])} % "
                  f"in {rp.get('seconds', 0):.3f} s", file=sys.stderr)
            write(args.out, info, rows, args, partial=True)
            if peers and not args.no_peers:
                ft = timed(args.pause, compare.isolated, hard_cap, compare.run_fast_tsp, inst, budget, args.threads)
                length, why = (None, ft.get("error", ft.get("skipped"))) if ft.get("tour") is None \
                    else inst.evaluate(ft["tour"])
                ft.pop("tour", None)
                ft.update(run=k, length=length, invalid=why, gap_percent=compare.gap_percent(length, opt))
                row["fast_tsp"].append(ft)
                print(f"{name} {budget:g}s fast-tsp run {k}: gap {fmt(ft['gap_percent'])} %", file=sys.stderr)
                write(args.out, info, rows, args, partial=True)
    write(args.out, info, rows, args, partial=False)


if __name__ == "__main__":
    main()
