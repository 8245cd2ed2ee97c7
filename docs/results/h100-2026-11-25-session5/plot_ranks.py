#!/usr/bin/python3
"""Time against MPI ranks from device run A's runA/cpu-ranks.txt: each
`$ mpirun -np N .../apps/APP ... --size S` (strong) or `--size-per-rank S`
(weak) line followed by the app's `serial kp ...` row (median us in the
fourth column). Writes ranks.png beside this script.

    /usr/bin/python3 docs/results/h100-2026-11-25-session5/plot_ranks.py
"""
import os
import re
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

here = os.path.dirname(os.path.abspath(__file__))
runs = {"strong": defaultdict(dict), "weak": defaultdict(dict)}
key = None
for line in open(os.path.join(here, "runA", "cpu-ranks.txt")):
    m = re.match(r"\$ .* -np (\d+) \S+/apps/(\w+) .*--(size|size-per-rank) ", line)
    if m:
        key = (int(m.group(1)), m.group(2), "weak" if m.group(3) == "size-per-rank" else "strong")
    elif key and line.startswith("serial  kp"):
        np_, app, kind = key
        runs[kind][app][np_] = float(line.split()[3]) / 1e3  # ms
        key = None

fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
for ax, kind in zip(axes, ("strong", "weak")):
    for app, times in sorted(runs[kind].items()):
        ranks = sorted(times)
        line, = ax.plot(ranks, [times[r] for r in ranks], "o-", label=app)
        if kind == "strong":
            ax.plot(ranks, [times[1] / r for r in ranks], ":", color=line.get_color(), lw=1)
    ax.set_xscale("log", base=2)
    ax.set_xticks([1, 2, 4, 8])
    ax.set_xticklabels(["1", "2", "4", "8"])
    ax.set_xlabel("MPI ranks (one core each, Serial)")
    if kind == "strong":
        ax.set_yscale("log")
        ax.set_title("strong: 2^26 elements (roulette 2^22), dotted = ideal")
    else:
        ax.set_title("weak: 2^23 elements per rank")
    ax.set_ylabel("median time of the kp::mpi call (ms)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
fig.suptitle("kp::mpi on the H100 machine's 16-core host (device run A)")
fig.tight_layout()
fig.savefig(os.path.join(here, "ranks.png"), dpi=110)
