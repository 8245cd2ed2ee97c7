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

An app's JSON (a name ending in .json) plots as its CSV does. One chart
per app, size and params (app.png; app-1.png, app-2.png, ... where an app
has several); each is written whole or not at all, into --out only: an app
name that is not a plain file name is refused (exit 2) before any chart.

Needs matplotlib (Debian: python3-matplotlib; scripts/setup.sh --plots).
"""
import math
import os
import sys
from collections import defaultdict

from kp_rows import (ArgumentParser, Failure, file_name, identity, main, output_folder, read_rows, timed, whole,
                     write_atomic)

NEED = ("app", "space", "variant", "params", "size", "median_s", "gbps")


def load(paths):
    return [r for path in paths for r in read_rows(path, NEED, ("median_s", "gbps"))]


def time_ms(r):
    """The row's median in ms; 0, no bar, where the run did not time (nan, 0)."""
    return r["median_s"] * 1e3 if timed(r) else 0


def gbps(r):
    return r["gbps"] if timed(r) and math.isfinite(r["gbps"]) else 0


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
        if math.isfinite(float(r["gbps"])):
            best[r["space"]] = max(best.get(r["space"], 0.0), float(r["gbps"]))
    return best


def label(r):
    """The variant's name, marked where it is a baseline (a `kind` column, if the CSV has one)."""
    return r["variant"] + (" (baseline)" if r.get("kind") == "baseline" else "")


def plot_app(plt, app, rows, ceiling, path):
    spaces = sorted({r["space"] for r in rows}, key=["serial", "openmp", "cuda"].index
                    if all(s in ("serial", "openmp", "cuda") for s in {r["space"] for r in rows})
                    else str)
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    by = {(r["space"], r["variant"]): r for r in rows}
    fig, (ax_t, ax_b) = plt.subplots(1, 2, figsize=(max(8, 1.2 * len(variants) * len(spaces) / 2 + 6), 4.5))
    width = 0.8 / len(spaces)
    for i, space in enumerate(spaces):
        xs = [v + i * width for v in range(len(variants))]
        times = [time_ms(by[(space, v)]) if (space, v) in by else 0 for v in variants]
        rates = [gbps(by[(space, v)]) if (space, v) in by else 0 for v in variants]
        ax_t.bar(xs, times, width, label=space)
        bars = ax_b.bar(xs, rates, width, label=space)
        if space in ceiling:
            ax_b.axhline(ceiling[space], color=bars.patches[0].get_facecolor(), linestyle="--",
                         linewidth=1, label=f"{space} ceiling {ceiling[space]:.0f} GB/s")
    for ax, title in ((ax_t, "median time (ms, log)"), (ax_b, "GB/s (compulsory bytes)")):
        ax.set_xticks([v + 0.4 - width / 2 for v in range(len(variants))])
        kinds = {r["variant"]: r for r in rows}
        ax.set_xticklabels([label(kinds[v]) for v in variants], rotation=30, ha="right")
        ax.set_title(f"{app}: {title}")
        ax.grid(axis="y", alpha=0.3)
    if any(times for times in map(time_ms, rows)):  # a log scale of no bar is an error
        ax_t.set_yscale("log")
    ax_b.legend(fontsize=8)
    params = rows[0]["params"]
    fig.suptitle(f"{app}, size {rows[0]['size']}" + (f", {params}" if params else ""), fontsize=10)
    save(plt, fig, path)


def save(plt, fig, path):
    fig.tight_layout()
    write_atomic(path, lambda f: fig.savefig(f, format="png", dpi=110))
    plt.close(fig)
    print(path)


def plot_scaling(plt, rows, out):
    """Median time against size, log-log, one panel per application."""
    apps = list(dict.fromkeys(r["app"] for r in rows))
    fig, axes = plt.subplots(1, len(apps), figsize=(5.5 * len(apps), 4.5), squeeze=False)
    for ax, app in zip(axes[0], apps):
        series = defaultdict(list)
        for r in rows:
            if r["app"] == app and timed(r):
                series[identity(r, without=("size",))].append((whole(r, "size"), r["median_s"]))
        for (_, _, _, space, variant), points in sorted(series.items()):
            points.sort()
            style = {"serial": ":", "openmp": "--", "cuda": "-"}.get(space, "-.")
            ax.loglog([p[0] for p in points], [p[1] * 1e6 for p in points], style, marker=".",
                      label=f"{space} {variant}")
        ax.set_title(f"{app}: median time vs size")
        ax.set_xlabel("elements")
        ax.set_ylabel("microseconds")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=7)
    save(plt, fig, os.path.join(out, "scaling.png"))


def charts(rows, out):
    """The chart of each app, size and params: {path: rows}, every path inside `out`."""
    groups = defaultdict(list)
    for r in rows:
        groups[identity(r, without=("form", "space", "variant"))].append(r)
    apps = [app for app, _, _ in groups]
    paths = {}
    for k, ((app, _, _), group) in enumerate(groups.items()):
        number = f"-{apps[:k].count(app) + 1}" if apps.count(app) > 1 else ""
        paths[os.path.join(out, f"{file_name(app, 'app')}{number}.png")] = group
    return paths


def run():
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", nargs="+", help="results.csv files")
    parser.add_argument("--out", default="charts", help="folder for the PNG files")
    parser.add_argument("--scaling", action="store_true",
                        help="the CSV comes from scripts/scaling.sh: plot time against size")
    args = parser.parse_args()
    rows = load(args.csv)  # every refusal before matplotlib and the first chart
    paths = {"scaling": [whole(r, "size") for r in rows]} if args.scaling else charts(rows, args.out)
    output_folder(args.out)
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
        raise Failure("matplotlib missing (apt-get install python3-matplotlib)")
    if args.scaling:
        plot_scaling(plt, rows, args.out)
        return
    for path, group in paths.items():
        plot_app(plt, group[0]["app"], group, ceilings(rows, group[0]["app"]), path)


if __name__ == "__main__":
    main(run)
