#!/usr/bin/env python3
"""Turns the suite's results.csv (or any app's --csv output) into PNG charts.

For each application: median time per variant, grouped by execution space
(log scale), and achieved GB/s per variant; where the results hold a
`bandwidth` row (the streams that measure the machine's ceiling) for a
space, that ceiling is drawn as a line: the best stream, counting the
read-only one for reduce and minloc only. Baseline variants (the CSV's
`kind` column) are marked in the labels.

    scripts/plot_results.py results/serial-openmp/results.csv --out charts
    scripts/plot_results.py a.csv b.csv --out charts     # several runs side by side

Needs matplotlib (Debian: python3-matplotlib; scripts/setup.sh --plots).
"""
import argparse
import csv
import os
import sys
from collections import defaultdict


def load(paths):
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            rows.extend(csv.DictReader(f))
    if not rows:
        sys.exit(f"plot_results.py: error: no rows in {', '.join(paths)}")
    return rows


# The apps whose compulsory traffic is a read of the input alone: held to the
# bandwidth app's read-only stream too (src/harness/report.cpp, reads_only).
READS_ONLY = ("reduce", "minloc")


def ceilings(rows, app=None):
    """Best GB/s of the bandwidth app per space: the measured ceiling of `app`.

    The `read` stream counts only for the read-only apps (and the bandwidth
    rows themselves), the random reads (`gather`) only for the bandwidth rows,
    as in the suite's %ceil column.
    """
    best = {}
    for r in rows:
        if r["app"] != "bandwidth":
            continue
        if r["variant"] == "read" and app not in READS_ONLY + ("bandwidth",):
            continue
        if r["variant"] == "gather" and app != "bandwidth":
            continue
        best[r["space"]] = max(best.get(r["space"], 0.0), float(r["gbps"]))
    return best


def label(r):
    """The variant's name, marked where it is a baseline (a `kind` column, if the CSV has one)."""
    return r["variant"] + (" (baseline)" if r.get("kind") == "baseline" else "")


def plot_app(plt, app, rows, ceiling, out):
    spaces = sorted({r["space"] for r in rows}, key=["serial", "openmp", "cuda"].index
                    if all(s in ("serial", "openmp", "cuda") for s in {r["space"] for r in rows})
                    else str)
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    by = {(r["space"], r["variant"]): r for r in rows}
    fig, (ax_t, ax_b) = plt.subplots(1, 2, figsize=(max(8, 1.2 * len(variants) * len(spaces) / 2 + 6), 4.5))
    width = 0.8 / len(spaces)
    for i, space in enumerate(spaces):
        xs = [v + i * width for v in range(len(variants))]
        times = [float(by[(space, v)]["median_s"]) * 1e3 if (space, v) in by else 0 for v in variants]
        gbps = [float(by[(space, v)]["gbps"]) if (space, v) in by else 0 for v in variants]
        ax_t.bar(xs, times, width, label=space)
        bars = ax_b.bar(xs, gbps, width, label=space)
        if space in ceiling:
            ax_b.axhline(ceiling[space], color=bars.patches[0].get_facecolor(), linestyle="--",
                         linewidth=1, label=f"{space} ceiling {ceiling[space]:.0f} GB/s")
    for ax, title in ((ax_t, "median time (ms, log)"), (ax_b, "GB/s (compulsory bytes)")):
        ax.set_xticks([v + 0.4 - width / 2 for v in range(len(variants))])
        kinds = {r["variant"]: r for r in rows}
        ax.set_xticklabels([label(kinds[v]) for v in variants], rotation=30, ha="right")
        ax.set_title(f"{app}: {title}")
        ax.grid(axis="y", alpha=0.3)
    ax_t.set_yscale("log")
    ax_b.legend(fontsize=8)
    params = rows[0]["params"]
    fig.suptitle(f"{app}, size {rows[0]['size']}" + (f", {params}" if params else ""), fontsize=10)
    fig.tight_layout()
    path = os.path.join(out, f"{app}.png")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_scaling(plt, rows, out):
    """Median time against size, log-log, one panel per application."""
    apps = list(dict.fromkeys(r["app"] for r in rows))
    fig, axes = plt.subplots(1, len(apps), figsize=(5.5 * len(apps), 4.5), squeeze=False)
    for ax, app in zip(axes[0], apps):
        series = defaultdict(list)
        for r in rows:
            if r["app"] == app:
                series[(r["space"], r["variant"])].append((int(r["size"]), float(r["median_s"])))
        for (space, variant), points in sorted(series.items()):
            points.sort()
            style = {"serial": ":", "openmp": "--", "cuda": "-"}.get(space, "-.")
            ax.loglog([p[0] for p in points], [p[1] * 1e6 for p in points], style, marker=".",
                      label=f"{space} {variant}")
        ax.set_title(f"{app}: median time vs size")
        ax.set_xlabel("elements")
        ax.set_ylabel("microseconds")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    path = os.path.join(out, "scaling.png")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", nargs="+", help="results.csv files")
    parser.add_argument("--out", default="charts", help="folder for the PNG files")
    parser.add_argument("--scaling", action="store_true",
                        help="the CSV comes from scripts/scaling.sh: plot time against size")
    args = parser.parse_args()
    for path in args.csv:
        if not os.path.isfile(path):
            parser.error(f"no such file: {path}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        # Debian's matplotlib belongs to the system interpreter, which may not
        # be the first python3 on PATH (pyenv, venvs): retry with it once.
        system = "/usr/bin/python3"
        if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system):
            os.execv(system, [system] + sys.argv)
        sys.exit("plot_results.py: error: matplotlib missing (apt-get install python3-matplotlib)")
    rows = load(args.csv)
    os.makedirs(args.out, exist_ok=True)
    if args.scaling:
        print(plot_scaling(plt, rows, args.out))
        return
    by_app = defaultdict(list)
    for r in rows:
        by_app[r["app"]].append(r)
    for app, app_rows in by_app.items():
        print(plot_app(plt, app, app_rows, ceilings(rows, app), args.out))


if __name__ == "__main__":
    main()
