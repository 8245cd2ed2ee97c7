#!/usr/bin/env python3
"""Compares two runs' JSON results (an app's --json, or the suite's results.json).

For each row in both files, the same row being the same identity (app, form,
params, size, space, variant; results older than the `form` field have form
""): the old and new medians, their ratio new/old, and a verdict that allows
for noise: when the min..max ranges of the two runs overlap the row is
"same", else "faster" or "slower"; a row with a time that is not a finite
number (the apps write "nan" for a run that did not time) is "not compared".
Rows in one file only are listed after the table. Exit code: 0 when no row
got slower by more than --threshold, 1 when one did, 2 for a missing or
malformed file, or two files with no row in common.

    scripts/compare.py old/results.json new/results.json
    scripts/compare.py old.json new.json --threshold 0.10
"""
import math

from kp_rows import IDENTITY, ArgumentParser, UsageError, has_form, identity, main, read_rows

KEYS = ("app", "space", "variant", "median_s", "min_s", "max_s")
TIMES = ("median_s", "min_s", "max_s")


def load(path):
    """The rows of a JSON results file by identity: their (median, min, max) times."""
    rows = read_rows(path, KEYS, TIMES)
    return {identity(r): [r[k] for k in TIMES] for r in rows}, has_form(rows)


def verdict(old, new):
    _, old_min, old_max = old
    _, new_min, new_max = new
    if new_min <= old_max and old_min <= new_max:
        return "same"
    return "faster" if new[0] < old[0] else "slower"


def run():
    parser = ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", help="JSON results of the earlier run")
    parser.add_argument("new", help="JSON results of the later run")
    parser.add_argument("--threshold", type=float, default=0.05,
                        help="a slower row fails when new/old exceeds 1 + this (default 0.05)")
    args = parser.parse_args()
    if not args.threshold >= 0:
        raise UsageError("--threshold must be non-negative")
    (old, old_forms), (new, new_forms) = load(args.old), load(args.new)
    common = [k for k in old if k in new]
    if not common:
        why = " (one has a form field and the other not: results of different versions)"
        raise UsageError(f"{args.old} and {args.new} have no row (app, form, params, size, space, variant) "
                         f"in common{why * (old_forms != new_forms)}")
    header = IDENTITY + ("old us", "new us", "new/old", "verdict")
    lines = []
    regressions = 0
    for key in common:
        names = tuple(c or "-" for c in key) + (f"{old[key][0] * 1e6:.1f}", f"{new[key][0] * 1e6:.1f}")
        if not all(math.isfinite(t) for t in old[key] + new[key]):
            lines.append(names + ("-", "not compared"))
            continue
        ratio = new[key][0] / old[key][0] if old[key][0] > 0 else float("inf")
        word = verdict(old[key], new[key])
        if word == "slower" and ratio > 1 + args.threshold:
            word = f"SLOWER > {args.threshold:.0%}"
            regressions += 1
        lines.append(names + (f"{ratio:.3f}", word))
    widths = [max(len(str(row[c])) for row in [header] + lines) for c in range(len(header))]
    left = [c < len(IDENTITY) or c == len(header) - 1 for c in range(len(header))]  # names and the verdict
    for row in [header] + lines:
        print("  ".join(str(cell).ljust(w) if left[c] else str(cell).rjust(w)
                        for c, (cell, w) in enumerate(zip(row, widths))).rstrip())
    for path, rows, other in ((args.old, old, new), (args.new, new, old)):
        for key in rows:
            if key not in other:
                print(f"only in {path}: {' '.join(c or '-' for c in key)}")
    if regressions:
        print(f"{regressions} row(s) slower than the threshold ({args.threshold:.0%})")
        return 1
    return 0


if __name__ == "__main__":
    main(run)
