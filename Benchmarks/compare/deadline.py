#!/usr/bin/env python3
"""Does `routeplan solve --time-limit T` end by T? Wall time of whole
processes at short budgets, for one binary or two side by side.

    python3 Benchmarks/compare/deadline.py --routeplan PATH [--baseline PATH]
        [--instances pr1002,pcb3038,fnl4461,usa13509] [--budgets 0.2,0.3,0.5,1]
        [--seeds 1-3] [--tsplib-dir DIR] [--out DIR]

Each cell runs `routeplan solve FILE --heuristic --time-limit T --seed K
--format json` once per seed; with --baseline, the two binaries' runs
alternate (baseline first), so both see the same machine. The time limit
covers the whole command, starting the process and reading the file
included, and the promise is to end within 5 % of it. Recorded per run:
the wall time measured here (process start to exit), the command's own
`seconds`, the tour's gap to the optimum in optima.tsv (re-evaluated by
compare.py), and whether a lower bound was reported.

Writes `deadline.md` and `deadline.json` into --out (default
Benchmarks/compare/results/).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402  (instance reader, evaluator, routeplan runner, machine info)

TOLERANCE = 1.05


def run_one(binary: str, path: Path, inst: compare.Instance, opt: int, budget: float, seed: int) -> dict:
    res = compare.run_routeplan(binary, path, budget, seed=seed, hard_cap=10 * budget + 30)
    tour = res.pop("tour", None)
    length, why = (None, res.get("error") or res.get("timeout")) if tour is None else inst.evaluate(tour)
    res.update(seed=seed, length=length, invalid=why, gap_percent=compare.gap_percent(length, opt))
    return res


def summary(cells: list[dict], budget: float) -> str:
    walls = [c["seconds"] for c in cells]
    gaps = [c["gap_percent"] for c in cells if c.get("gap_percent") is not None]
    bounds = sum(1 for c in cells if c.get("lower_bound") is not None)
    over = sum(1 for w in walls if w > TOLERANCE * budget)
    gap = f"{statistics.mean(gaps):.3f}" if gaps else "—"
    return (f"{max(walls):.3f} s ({max(walls) / budget:.2f}×) | {over}/{len(walls)} "
            f"| {gap} | {bounds}/{len(cells)}")


def write(out: Path, info: dict, rows: list[dict], binaries: dict[str, str], partial: bool):
    out.mkdir(parents=True, exist_ok=True)
    (out / "deadline.json").write_text(json.dumps({"machine": info, "binaries": binaries, "rows": rows,
                                                   "partial": partial}, indent=1))
    extra = ["- `routeplan solve FILE --heuristic --time-limit T --seed K --format json`, wall time of the "
             "whole process measured by the script; over: runs that took more than 1.05 × T",
             "- " + "; ".join(f"{label}: `{path}`" for label, path in binaries.items())]
    if partial:
        extra.append("- **Partial results** (the run was stopped or is still going)")
    lines = compare.header_md("Time limits at short budgets", info, extra)
    labels = list(binaries)
    head = "| instance | budget | " + " | ".join(
        f"{label}: longest run | over | gap % | bound" for label in labels) + " |"
    lines += [head, "|---|---|" + "---|---|---|---|" * len(labels)]
    for row in rows:
        cells = " | ".join(summary(row[label], row["budget"]) if row[label] else "— | — | — | —"
                           for label in labels)
        lines.append(f"| {row['instance']} | {row['budget']:g} s | {cells} |")
    (out / "deadline.md").write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routeplan", required=True)
    ap.add_argument("--baseline", help="a second binary, run alternately with --routeplan")
    ap.add_argument("--instances", default="pr1002,pcb3038,fnl4461,usa13509")
    ap.add_argument("--budgets", default="0.2,0.3,0.5,1")
    ap.add_argument("--seeds", default="1-3")
    ap.add_argument("--tsplib-dir", type=Path, default=Path(compare.default_tsplib_dir()))
    ap.add_argument("--out", type=Path, default=compare.HERE / "results")
    args = ap.parse_args()
    binaries = {"baseline": args.baseline, "routeplan": args.routeplan} if args.baseline \
        else {"routeplan": args.routeplan}
    optima = compare.read_optima(args.tsplib_dir)
    info = compare.machine_info(args.routeplan)
    rows: list[dict] = []
    for name in filter(None, args.instances.split(",")):
        path = compare.find_instance_file(name, args.tsplib_dir)
        inst = compare.load_instance(path)
        opt = int(optima[name]["opt"])
        for budget in (float(b) for b in args.budgets.split(",")):
            row = {"instance": name, "budget": budget, **{label: [] for label in binaries}}
            rows.append(row)
            for seed in compare.seed_range(args.seeds):
                for label, binary in binaries.items():
                    res = run_one(binary, path, inst, opt, budget, seed)
                    row[label].append(res)
                    print(f"{name} {budget:g}s {label} seed {seed}: {res['seconds']:.3f} s", file=sys.stderr)
                write(args.out, info, rows, binaries, partial=True)
    write(args.out, info, rows, binaries, partial=False)


if __name__ == "__main__":
    main()
