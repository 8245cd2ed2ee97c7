#!/usr/bin/env python3
"""Charts and a table of a size sweep (scripts/sweep.sh): for each primitive,
median time and GB/s against size (log-log), one line per variant, and on
stdout a Markdown table of kp's time against the other variant at each size
(ratio < 1: kp faster).

    scripts/plot_sweep.py SWEEP/*.csv --out SWEEP       # sweep-<primitive>.png, table on stdout

Needs matplotlib for the charts (Debian: python3-matplotlib); the table
is printed without it. The table pairs rows of one computation only (the
same app, form, params, size and space; a line under it names those that
differ); two rows of one primitive, variant and size that are different
computations are refused (exit 2), as are names that would make a chart
outside --out.
"""
import os
import re
import sys
from collections import defaultdict

from kp_rows import (ArgumentParser, UsageError, file_name, identity, main, output_folder, read_rows, timed,
                     whole, write_atomic)

NEED = ("app", "space", "variant", "params", "size", "median_s", "gbps", "check")


def primitive(row):
    """The primitive a row belongs to: the app, its form where that is not the app's
    main one, and the histogram's bins."""
    name = "sample" if row["app"] == "roulette" else row["app"]
    if row.get("form") and row["form"] not in (row["app"], "counts"):
        name += f"-{row['form']}"
    if row["app"] == "histogram":
        m = re.search(r"bins=(\d+)", row["params"])
        name += f"-{m.group(1)}" if m else ""
    if row["app"] == "sort":
        m = re.search(r"type=(\w+)", row["params"])
        name += f"-{m.group(1)}" if m else ""
    return file_name(name, "primitive")


def ours(by_variant):
    """The library's row of a primitive: `kp`, else its one `kp-` variant (kp-pairs)."""
    if "kp" in by_variant:
        return "kp"
    named = [v for v in by_variant if v.startswith("kp-")]
    return named[0] if len(named) == 1 else None


def load(paths):
    """{primitive: {variant: {size: row}}}: one computation at each place (a later pass
    of the same row replaces an earlier one)."""
    series = defaultdict(lambda: defaultdict(dict))
    for path in paths:
        for r in read_rows(path, NEED, ("median_s", "gbps")):
            size = whole(r, "size")
            by_size = series[primitive(r)][r["variant"]]
            if size in by_size and identity(by_size[size]) != identity(r):
                raise UsageError(f"{r['_at']}: another computation than {by_size[size]['_at']} "
                                 f"({' '.join(identity(r))} against {' '.join(identity(by_size[size]))})")
            by_size[size] = r
    return series


def run():
    ap = ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    series = load(a.csv)
    output_folder(a.out)
    print("| primitive | size | kp us | other | other us | kp / other | checks |")
    print("| --- | ---: | ---: | --- | ---: | ---: | --- |")
    notes = []
    for prim, by_variant in sorted(series.items()):
        mine = ours(by_variant)
        others = [v for v in by_variant if v != mine]
        for size in sorted(by_variant.get(mine, {})):
            kp = by_variant[mine][size]
            for other in others:
                o = by_variant[other].get(size)
                if not o:
                    continue
                label = f"2^{size.bit_length() - 1}" if size & (size - 1) == 0 else str(size)
                if identity(kp, without=("variant",)) != identity(o, without=("variant",)):
                    notes.append(f"- {prim} {label}: kp and {other} are different computations, not paired")
                    continue
                t_kp, t_o = kp["median_s"] * 1e6, o["median_s"] * 1e6
                ratio = f"{t_kp / t_o:.2f}" if timed(kp) and timed(o) else "-"
                checks = "PASS" if kp["check"] == o["check"] == "PASS" else f"{kp['check']}/{o['check']}"
                print(f"| {prim} | {label} | {t_kp:.1f} | {other} | {t_o:.1f} | {ratio} | {checks} |")
    print("\n".join(notes), end="\n" * bool(notes))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_sweep.py: matplotlib missing: no charts", file=sys.stderr)
        return
    for prim, by_variant in series.items():
        fig, (ax_t, ax_b) = plt.subplots(1, 2, figsize=(10, 4))
        for variant, by_size in sorted(by_variant.items()):
            sizes = [s for s in sorted(by_size) if timed(by_size[s])]
            ax_t.loglog(sizes, [by_size[s]["median_s"] * 1e6 for s in sizes], "o-", label=variant)
            ax_b.loglog(sizes, [by_size[s]["gbps"] for s in sizes], "o-", label=variant)
        ax_t.set(xlabel="size (elements)", ylabel="median time (us)", title=f"{prim}: time")
        ax_b.set(xlabel="size (elements)", ylabel="GB/s", title=f"{prim}: throughput")
        for ax in (ax_t, ax_b):
            ax.set_xscale("log", base=2)
            ax.grid(True, which="both", alpha=0.3)
            ax.legend()
        fig.tight_layout()
        write_atomic(os.path.join(a.out, f"sweep-{prim}.png"), lambda f: fig.savefig(f, format="png", dpi=90))
        plt.close(fig)


if __name__ == "__main__":
    main(run)
