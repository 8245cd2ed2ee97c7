#!/usr/bin/env python3
"""Markdown tables for docs/PERFORMANCE.md, straight from the suite's CSV.

    scripts/perf_tables.py results.csv [--scaling scaling.csv]

One table per application (time, GB/s, % of the space's measured ceiling,
items/s, check) and, with --scaling, the CUDA times at 2^20 and 2^28; with
--versus, only our fastest variant against the fastest baseline per app and
space (the `kind` column). Every figure in the document comes from a named
run, not by hand.
"""
import argparse
import csv
from collections import defaultdict

from plot_results import ceilings  # the same ceiling the charts draw


def app_tables(rows):
    by_app = defaultdict(list)
    for r in rows:
        by_app[r["app"]].append(r)
    for app, app_rows in by_app.items():
        ceiling = ceilings(rows, app)
        print(f"\n#### {app} (size {app_rows[0]['size']}, {app_rows[0]['params']})\n")
        print("| space | variant | kind | median us | GB/s | % ceiling | Gitem/s | runs | check |")
        print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for r in app_rows:
            gbps = float(r["gbps"])
            pct = f"{100 * gbps / ceiling[r['space']]:.0f}" if r["space"] in ceiling and gbps else "-"
            # CSVs written before the kind column (docs/results/h100-*) have none.
            kind = r.get("kind") or "-"
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv")
    parser.add_argument("--scaling")
    parser.add_argument("--versus", action="store_true",
                        help="only the table of our best variant against the best baseline")
    args = parser.parse_args()
    with open(args.csv, newline="") as f:
        rows = list(csv.DictReader(f))
    if args.versus:
        versus_table(rows)
        return
    app_tables(rows)
    if args.scaling:
        with open(args.scaling, newline="") as f:
            scaling_table(list(csv.DictReader(f)))


if __name__ == "__main__":
    main()
