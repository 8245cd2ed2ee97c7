#!/usr/bin/env python3
"""Markdown tables for docs/PERFORMANCE.md, straight from kept run outputs.

    scripts/perf_tables.py FILE [--app APP] [--spaces LIST] [--variants LIST]
                                [--versus | --passes | --ranks | --scaling]
                                [--tree NAME]

FILE is the suite's CSV (`--results DIR` writes DIR/results.csv; an optional
leading `pass,tree` pair of columns marks repeated passes) or a text log of
the apps' printed tables, each block starting with the command as `$ ...`
(the scripts under scripts/ write them so).

  (default)  one table per application: time, GB/s, % of the space's
             measured ceiling, items/s, runs, check
  --versus   our fastest variant against the fastest baseline, per app and
             space (the `kind` column)
  --passes   one line per app, size, space and variant: the median of each
             pass side by side (repeated commands in a log, or `pass` rows)
  --ranks    the apps under mpirun: median ms per rank count, strong
             (--size) and weak (--size-per-rank) scaling apart
  --scaling  FILE is a CSV of scripts/scaling.sh: the CUDA times at 2^20, 2^28

    scripts/perf_tables.py --fill docs/PERFORMANCE.md

rewrites, in place, the table under each line of the report that is a
command of this script in backquotes, so the report's tables are this
script's output. Every figure in the report comes from a kept file.
"""
import argparse
import csv
import re
import shlex
import subprocess
import sys
from collections import defaultdict

from plot_results import ceilings  # the same ceiling the charts draw

KINDS = ("ours", "baseline", "ceiling")
HEAD = re.compile(r"^(\w[\w-]*): size (\d+), (.*?),? ?median of the timed runs")


def parse_text(path):
    """Rows of the apps' printed tables, with the command and pass of each."""
    rows, seen = [], defaultdict(int)
    app = size = params = cmd = tree = None
    passno = 0
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("$ "):
                cmd = line[2:]
                tree = None
                m = re.match(r"\[(\w+)\]\s+(.*)", cmd)
                if m:
                    tree, cmd = m.groups()
                seen[(tree, cmd)] += 1
                passno = seen[(tree, cmd)]
                words = cmd.split()
                app = next((w.rsplit("/", 1)[-1] for w in words if "/apps/" in w or w in KNOWN_APPS),
                           words[0].rsplit("/", 1)[-1])
                m = re.search(r"--size(?:-per-rank)? (\S+)", cmd)
                size, params = (m.group(1) if m else "default"), ""
                continue
            m = HEAD.match(line)
            if m:
                app, size, params = m.group(1), m.group(2), m.group(3).rstrip(",")
                continue
            t = line.split()
            if not t or t[0] not in ("serial", "openmp", "cuda", "threads"):
                continue
            kind = t[2] if len(t) >= 12 and t[2] in KINDS else ""
            v = t[3:] if kind else t[2:]
            if len(v) < 9:
                continue
            rows.append({"app": app, "space": t[0], "variant": t[1], "kind": kind, "params": params,
                         "size": size, "repeat": v[3], "median_s": float(v[0]) * 1e-6,
                         "gbps": v[4], "gitems_per_s": v[6], "check": v[8], "bytes": "1",
                         "pass": passno, "tree": tree, "cmd": cmd})
    return rows


KNOWN_APPS = ("bandwidth", "reduce", "scan", "minloc", "histogram", "roulette", "mandelbrot")


def load(path):
    if path.endswith(".csv"):
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    return parse_text(path)


def app_tables(rows, all_rows):
    by_app = defaultdict(list)
    for r in rows:
        by_app[r["app"]].append(r)
    for app, app_rows in by_app.items():
        ceiling = ceilings(all_rows, app)  # the bandwidth rows, even where --app leaves them out
        if len(by_app) > 1:
            print(f"\n#### {app} (size {app_rows[0]['size']}, {app_rows[0]['params']})")
        print()
        print("| space | variant | kind | median us | GB/s | % ceiling | Gitem/s | runs | check |")
        print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for r in app_rows:
            gbps = float(r["gbps"])
            pct = f"{100 * gbps / ceiling[r['space']]:.0f}" if r["space"] in ceiling and gbps else "-"
            kind = r.get("kind") or "-"  # the oldest CSVs have no kind column
            print(f"| {r['space']} | {r['variant']} | {kind} | {float(r['median_s']) * 1e6:.1f} | "
                  f"{gbps:.1f} | {pct} | {float(r['gitems_per_s']):.3f} | {r['repeat']} | {r['check']} |")


def versus_table(rows):
    """Per app and space: our fastest variant against the fastest baseline (the `kind` column)."""
    print("\n| app | space | our best | median us | GB/s | best baseline | median us | GB/s | ours vs baseline |")
    print("| --- | --- | --- | ---: | ---: | --- | ---: | ---: | --- |")
    best = {}
    for r in rows:
        if r["check"] != "PASS" or r.get("kind") not in ("ours", "baseline"):
            continue
        key = (r["app"], r["space"], r["kind"])
        if key not in best or float(r["median_s"]) < float(best[key]["median_s"]):
            best[key] = r
    for app, space in dict.fromkeys((a, s) for a, s, _ in best):
        ours, base = best.get((app, space, "ours")), best.get((app, space, "baseline"))
        if not ours or not base:
            continue
        ratio = float(base["median_s"]) / float(ours["median_s"])
        verdict = f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"
        cells = []
        for r in (ours, base):
            gbps = f"{float(r['gbps']):.1f}" if float(r["bytes"]) > 0 else "-"
            cells.append(f"`{r['variant']}` | {float(r['median_s']) * 1e6:.0f} | {gbps}")
        print(f"| {app} | {space} | {cells[0]} | {cells[1]} | {verdict} |")


def us(r):
    return f"{float(r['median_s']) * 1e6:.1f}"


def passes_table(rows):
    """Each pass's median side by side, one line per app, size, params, space and variant."""
    cells = defaultdict(list)
    for r in rows:
        cells[(r["app"], r["size"], r["params"], r["space"], r["variant"])].append(r)
    print("\n| app | size | params | space | variant | median us, each pass | GB/s, each pass | check |")
    print("| --- | --- | --- | --- | --- | ---: | ---: | --- |")
    for (app, size, params, space, variant), rs in cells.items():
        times = " / ".join(us(r) for r in rs)
        gbps = " / ".join(f"{float(r['gbps']):.1f}" for r in rs)
        check = "PASS" if all(r["check"] == "PASS" for r in rs) else "FAIL"
        print(f"| {app} | {size} | {params} | {space} | {variant} | {times} | {gbps} | {check} |")


def ranks_table(rows):
    """Median ms per rank count (params carry ranks=N), strong and weak scaling apart."""
    cells, counts = defaultdict(dict), set()
    for r in rows:
        m = re.search(r"ranks=(\d+)", r["params"])
        if not m:
            continue
        n = int(m.group(1))
        counts.add(n)
        m = re.search(r"--size(-per-rank)? (\S+)", r.get("cmd") or "")
        mode, size = ("weak" if m.group(1) else "strong", m.group(2)) if m else ("strong", r["size"])
        # The other parameters (weights, draws, ...) tell cases of one size apart.
        other = ",".join(p for p in r["params"].split(",") if not p.startswith(("ranks=", "seed=")))
        key = (r["app"], mode, size, other, r["space"], r["variant"])
        cells[key][n] = r
    counts = sorted(counts)
    print("\n| app | scaling | size (a rank, if weak) | params | space | variant | "
          + " | ".join(f"{n} rank{'s' if n > 1 else ''} ms" for n in counts) + f" | {counts[-1]} vs {counts[0]} |")
    print("| --- | --- | --- | --- | --- | --- | " + " | ".join("---:" for _ in counts) + " | ---: |")
    for (app, mode, size, other, space, variant), by_n in cells.items():
        ms = [float(by_n[n]["median_s"]) * 1e3 if n in by_n else None for n in counts]
        first, last = ms[0], ms[-1]
        ratio = f"{first / last:.2f}x faster" if mode == "strong" and first and last else (
            f"{last / first:.2f}x the time" if first and last else "-")
        # Below a millisecond, to the microsecond.
        cell = lambda v: "-" if v is None else f"{v:.3f}" if v < 1 else f"{v:.1f}"
        print(f"| {app} | {mode} | {size} | {other} | {space} | {variant} | "
              + " | ".join(cell(v) for v in ms) + f" | {ratio} |")


def scaling_table(rows):
    print("\n| app | variant | cuda 2^20 us | cuda 2^28 us | cuda 2^28 GB/s |")
    print("| --- | --- | ---: | ---: | ---: |")
    cells = {}
    for r in rows:
        if r["space"] == "cuda":
            cells[(r["app"], r["variant"], int(r["size"]))] = r
    for app, variant in dict.fromkeys((a, v) for a, v, _ in cells):
        small, large = cells.get((app, variant, 1 << 20)), cells.get((app, variant, 1 << 28))
        if small and large:
            print(f"| {app} | {variant} | {float(small['median_s']) * 1e6:.1f} | "
                  f"{float(large['median_s']) * 1e6:.1f} | {float(large['gbps']):.0f} |")


COMMAND = re.compile(r"^`scripts/perf_tables.py (.+)`:?$")


def fill(path):
    """Regenerates the table under each `scripts/perf_tables.py ...` line of a Markdown file."""
    lines, out, i = open(path).read().split("\n"), [], 0
    while i < len(lines):
        out.append(lines[i])
        m = COMMAND.match(lines[i])
        i += 1
        if not m:
            continue
        table = subprocess.run([sys.executable, __file__] + shlex.split(m.group(1)), check=True,
                               capture_output=True, text=True).stdout.strip("\n").split("\n")
        j = i
        while j < len(lines) and lines[j] == "":
            j += 1
        if j < len(lines) and lines[j].startswith("|"):
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            i = j
        out += [""] + table
    with open(path, "w") as f:
        f.write("\n".join(out))


def main():
    if sys.argv[1:2] == ["--fill"]:
        fill(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="+",
                        help="a suite CSV or a text log of the apps' tables; several: one pass each")
    parser.add_argument("--app", help="only these applications (comma-separated)")
    parser.add_argument("--spaces", help="only these spaces (comma-separated)")
    parser.add_argument("--variants", help="only these variants (comma-separated)")
    parser.add_argument("--tree", help="only the rows of this tree, where a log compares two")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--versus", action="store_true",
                      help="only the table of our best variant against the best baseline")
    mode.add_argument("--passes", action="store_true", help="each pass's median side by side")
    mode.add_argument("--ranks", action="store_true", help="median per MPI rank count")
    mode.add_argument("--scaling", action="store_true", help="CUDA times at 2^20 and 2^28")
    args = parser.parse_args()
    all_rows = []
    for k, path in enumerate(args.file):
        for r in load(path):
            if len(args.file) > 1:
                r["pass"] = k + 1
            all_rows.append(r)
    rows = all_rows
    for field, wanted in (("app", args.app), ("space", args.spaces), ("variant", args.variants),
                          ("tree", args.tree)):
        if wanted:
            rows = [r for r in rows if r.get(field) in wanted.split(",")]
    if args.versus:
        versus_table(rows)
    elif args.passes:
        passes_table(rows)
    elif args.ranks:
        ranks_table(rows)
    elif args.scaling:
        scaling_table(rows)
    else:
        app_tables(rows, all_rows)


if __name__ == "__main__":
    main()
