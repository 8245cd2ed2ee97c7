#!/usr/bin/env python3
"""Charts and a table of a size sweep (scripts/sweep.sh): for each primitive,
median time and GB/s against size (log-log), one line per variant, and on
stdout a Markdown table of kp's time against the other variant at each size
(ratio < 1: kp faster).

    scripts/plot_sweep.py SWEEP/*.csv --out SWEEP       # sweep-<primitive>.png, table on stdout

Needs matplotlib for the charts (Debian: python3-matplotlib); the table
is printed without it.
"""
import argparse
import csv
import os
import re
import sys
from collections import defaultdict


def primitive(row):
    """The primitive a row belongs to: the app, and the histogram's bins."""
    if row["app"] == "histogram":
        m = re.search(r"bins=(\d+)", row["params"])
        return f"histogram-{m.group(1)}" if m else "histogram"
    return "sample" if row["app"] == "roulette" else row["app"]


def load(paths):
    rows = []
    for path in paths:
        try:
            with open(path, newline="") as f:
                rows.extend(r for r in csv.DictReader(f) if r.get("app") and r.get("median_s"))
        except (OSError, UnicodeDecodeError, csv.Error) as e:
            sys.exit(f"plot_sweep.py: cannot read {path}: {e}")
    if not rows:
        sys.exit("plot_sweep.py: no rows")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    series = defaultdict(lambda: defaultdict(dict))  # primitive -> variant -> size -> row
    for r in load(a.csv):
        series[primitive(r)][r["variant"]][int(r["size"])] = r
    print("| primitive | size | kp us | other | other us | kp / other | checks |")
    print("| --- | ---: | ---: | --- | ---: | ---: | --- |")
    for prim, by_variant in sorted(series.items()):
        others = [v for v in by_variant if v != "kp"]
        for size in sorted(by_variant.get("kp", {})):
            kp = by_variant["kp"][size]
            for other in others:
                o = by_variant[other].get(size)
                if not o:
                    continue
                t_kp, t_o = float(kp["median_s"]) * 1e6, float(o["median_s"]) * 1e6
                checks = "PASS" if kp["check"] == o["check"] == "PASS" else f"{kp['check']}/{o['check']}"
                label = f"2^{size.bit_length() - 1}" if size & (size - 1) == 0 else str(size)
                print(f"| {prim} | {label} | {t_kp:.1f} | {other} | {t_o:.1f} | "
                      f"{t_kp / t_o:.2f} | {checks} |")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_sweep.py: matplotlib missing: no charts", file=sys.stderr)
        return
    os.makedirs(a.out, exist_ok=True)
    for prim, by_variant in series.items():
        fig, (ax_t, ax_b) = plt.subplots(1, 2, figsize=(10, 4))
        for variant, by_size in sorted(by_variant.items()):
            sizes = sorted(by_size)
            ax_t.loglog(sizes, [float(by_size[s]["median_s"]) * 1e6 for s in sizes], "o-", label=variant)
            ax_b.loglog(sizes, [float(by_size[s]["gbps"]) for s in sizes], "o-", label=variant)
        ax_t.set(xlabel="size (elements)", ylabel="median time (us)", title=f"{prim}: time")
        ax_b.set(xlabel="size (elements)", ylabel="GB/s", title=f"{prim}: throughput")
        for ax in (ax_t, ax_b):
            ax.set_xscale("log", base=2)
            ax.grid(True, which="both", alpha=0.3)
            ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(a.out, f"sweep-{prim}.png"), dpi=90)
        plt.close(fig)


if __name__ == "__main__":
    main()
