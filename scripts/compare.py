#!/usr/bin/env python3
"""Compares two runs' JSON results (an app's --json, or the suite's results.json).

For each row (app, params, space, variant) in both files: the old and new
medians, their ratio new/old, and a verdict that allows for noise: when the
min..max ranges of the two runs overlap the row is "same", else "faster" or
"slower"; a row with a time that is not a finite number (the apps write "nan"
for a run that did not time) is "not compared". Exit code: 0 when no row got
slower by more than --threshold, 1 when one did, 2 for a missing or malformed
file.

    scripts/compare.py old/results.json new/results.json
    scripts/compare.py old.json new.json --threshold 0.10
"""
import argparse
import json
import math
import sys

KEYS = ("app", "space", "variant", "median_s", "min_s", "max_s")


def fail(message):
    print(f"compare.py: error: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            rows = json.load(f)
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except (ValueError, RecursionError) as e:  # JSONDecodeError, UnicodeDecodeError
        fail(f"{path} is not JSON: {e}")
    if not isinstance(rows, list):
        fail(f"{path}: expected a list of result rows")
    table = {}
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or any(k not in row for k in KEYS):
            fail(f"{path}: row {i} lacks one of {', '.join(KEYS)}")
        if any(not isinstance(row.get(k, ""), str) for k in ("app", "space", "variant", "params")):
            fail(f"{path}: row {i}: app, space, variant and params must be strings")
        try:
            times = [float(row[k]) for k in ("median_s", "min_s", "max_s")]
        except (TypeError, ValueError, OverflowError):
            fail(f"{path}: row {i} has a non-numeric time")
        key = (row["app"], row.get("params", ""), row["space"], row["variant"])
        table[key] = times
    return table


def verdict(old, new):
    _, old_min, old_max = old
    _, new_min, new_max = new
    if new_min <= old_max and old_min <= new_max:
        return "same"
    return "faster" if new[0] < old[0] else "slower"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", help="JSON results of the earlier run")
    parser.add_argument("new", help="JSON results of the later run")
    parser.add_argument("--threshold", type=float, default=0.05,
                        help="a slower row fails when new/old exceeds 1 + this (default 0.05)")
    args = parser.parse_args()
    if not args.threshold >= 0:
        fail("--threshold must be non-negative")
    old, new = load(args.old), load(args.new)
    common = [k for k in old if k in new]
    if not common:
        fail(f"{args.old} and {args.new} have no row (app, params, space, variant) in common")
    header = ("app", "space", "variant", "old us", "new us", "new/old", "verdict")
    lines = []
    regressions = 0
    for key in common:
        app, params, space, variant = key
        if not all(math.isfinite(t) for t in old[key] + new[key]):
            lines.append((app, space, variant, f"{old[key][0] * 1e6:.1f}",
                          f"{new[key][0] * 1e6:.1f}", "-", "not compared"))
            continue
        ratio = new[key][0] / old[key][0] if old[key][0] > 0 else float("inf")
        word = verdict(old[key], new[key])
        if word == "slower" and ratio > 1 + args.threshold:
            word = f"SLOWER > {args.threshold:.0%}"
            regressions += 1
        lines.append((app, space, variant, f"{old[key][0] * 1e6:.1f}", f"{new[key][0] * 1e6:.1f}",
                      f"{ratio:.3f}", word))
    widths = [max(len(str(row[c])) for row in [header] + lines) for c in range(len(header))]
    for row in [header] + lines:
        print("  ".join(str(cell).ljust(w) if c < 3 or c == 6 else str(cell).rjust(w)
                        for c, (cell, w) in enumerate(zip(row, widths))).rstrip())
    for key in old:
        if key not in new:
            print(f"only in {args.old}: {' '.join(key[i] for i in (0, 2, 3))}")
    for key in new:
        if key not in old:
            print(f"only in {args.new}: {' '.join(key[i] for i in (0, 2, 3))}")
    if regressions:
        print(f"{regressions} row(s) slower than the threshold ({args.threshold:.0%})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
