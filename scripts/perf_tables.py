#!/usr/bin/env python3
"""Markdown tables for docs/PERFORMANCE.md, straight from kept run outputs.

    scripts/perf_tables.py FILE [--app APP] [--spaces LIST] [--variants LIST]
                                [--versus | --passes | --ranks | --scaling]
                                [--tree NAME]

FILE is the suite's CSV (`--results DIR` writes DIR/results.csv; an optional
leading `pass,tree` pair of columns marks repeated passes), an app's JSON
(a name ending in .json) or a text log of the apps' printed tables, each
block starting with the command as `$ ...` (the scripts under scripts/ write
them so).

  (default)  one table per application: time, GB/s, % of the space's
             measured ceiling, items/s, runs, check
  --versus   our fastest variant against the fastest baseline (the `kind`
             column) of the same computation (app, form, params, size), per
             space; rows without a form (results older than the `form`
             column) are not paired, and a line under the table says so
  --passes   one line per row identity (app, form, params, size, space,
             variant): the median of each pass side by side (repeated
             commands in a log, or `pass` rows)
  --ranks    the apps under mpirun: median ms per rank count, strong
             (--size) and weak (--size-per-rank) scaling apart
  --scaling  FILE is a CSV of scripts/scaling.sh: the CUDA times at 2^20, 2^28

    scripts/perf_tables.py --fill docs/PERFORMANCE.md

rewrites, in place, the table under each line of the report that is a
command of this script in backquotes (and the `- ` lines right under it,
the notes of --versus), so the report's tables are this script's output.
Every figure in the report comes from a kept file. Bad input (a file that
is not results, a column missing, a command in the report that fails) is
one line and exit 2; the report is rewritten whole or not at all.
"""
import contextlib
import io
import re
import shlex
import sys
from collections import defaultdict

from kp_rows import (ArgumentParser, UsageError, has_form, identity, main, number, read_rows, read_text, timed,
                     write_atomic)
from plot_results import ceilings  # the same ceiling the charts draw

KINDS = ("ours", "baseline", "ceiling")
SPACES = ("serial", "openmp", "cuda", "threads")
HEAD = re.compile(r"^(\w[\w-]*): size (\d+), (.*?),? ?median of the timed runs")
KNOWN_APPS = ("bandwidth", "reduce", "scan", "minloc", "histogram", "roulette", "mandelbrot", "sort")
NEED = ("app", "space", "variant", "params", "size", "repeat", "median_s", "gbps", "gitems_per_s", "check")
NUMERIC = ("median_s", "gbps", "gitems_per_s", "bytes")


def parse_text(path):
    """Rows of the apps' printed tables, with the command and pass of each."""
    rows, seen = [], defaultdict(int)
    app = size = params = cmd = tree = None
    names = None  # the leading name columns of the last table header: space, variant[, kind[, form]]
    passno = 0
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if line.startswith("$ "):
            cmd = line[2:]
            tree = None
            m = re.match(r"\[(\w+)\]\s+(.*)", cmd)
            if m:
                tree, cmd = m.groups()
            seen[(tree, cmd)] += 1
            passno = seen[(tree, cmd)]
            words = cmd.split() or [""]
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
        if t[:2] == ["space", "variant"]:
            names = t[:t.index("median")] if "median" in t else None
            continue
        if not t or t[0] not in SPACES:
            continue
        if names:
            cells = dict(zip(names, t))
            v = t[len(names):]
        else:  # no header seen: the oldest tables have no kind column
            kind = t[2] if len(t) >= 12 and t[2] in KINDS else ""
            cells = {"kind": kind}
            v = t[3:] if kind else t[2:]
        if len(v) < 9:
            continue
        gbps, gitems = ("0" if c == "-" else c for c in (v[4], v[6]))  # - where no bytes or items count
        rows.append({"app": app, "form": cells.get("form", ""), "space": t[0], "variant": t[1],
                     "kind": cells.get("kind", ""), "params": params, "size": size, "repeat": v[3],
                     "median_s": v[0], "gbps": gbps, "gitems_per_s": gitems, "check": v[8],
                     "bytes": "0" if v[4] == "-" else "1", "pass": passno, "tree": tree, "cmd": cmd,
                     "_at": f"{path}: line {n}"})
    if not rows:
        raise UsageError(f"{path} holds no result rows (an app's CSV, JSON or printed tables)")
    for r in rows:
        r["median_s"] = number(r, "median_s") * 1e-6
        r["gbps"], r["gitems_per_s"] = number(r, "gbps"), number(r, "gitems_per_s")
    return rows


def load(path):
    if path.endswith((".csv", ".json")):
        return read_rows(path, NEED, NUMERIC)
    return parse_text(path)


def markdown(head, lines):
    """A Markdown table: `head` names the columns (a trailing ':' aligns one right)."""
    print("\n| " + " | ".join(h.rstrip(":") for h in head) + " |")
    print("| " + " | ".join("---:" if h.endswith(":") else "---" for h in head) + " |")
    for cells in lines:
        print("| " + " | ".join(str(c) for c in cells) + " |")


def app_tables(rows, all_rows):
    groups = defaultdict(list)  # one table per app, size and params
    for r in rows:
        groups[(r["app"], r["size"], r["params"])].append(r)
    form = has_form(rows)
    for (app, size, params), group in groups.items():
        ceiling = ceilings(all_rows, app)  # the bandwidth rows, even where --app leaves them out
        if len(groups) > 1:
            print(f"\n#### {app} (size {size}, {params})")
        lines = []
        for r in group:
            gbps = r["gbps"]
            pct = f"{100 * gbps / ceiling[r['space']]:.0f}" if r["space"] in ceiling and gbps else "-"
            kind = r.get("kind") or "-"  # the oldest CSVs have no kind column
            lines.append([r["space"], r["variant"], kind] + [r.get("form") or "-"] * form
                         + [f"{r['median_s'] * 1e6:.1f}", f"{gbps:.1f}", pct, f"{r['gitems_per_s']:.3f}",
                            r["repeat"], r["check"]])
        markdown(["space", "variant", "kind"] + ["form"] * form
                 + ["median us:", "GB/s:", "% ceiling:", "Gitem/s:", "runs:", "check"], lines)


def versus_table(rows):
    """Per computation (app, form, params, size) and space: our fastest passing variant
    against the fastest passing baseline; then one `- ` line for each app whose rows have
    no form and each computation that has nothing to pair."""
    best, formless = {}, defaultdict(set)
    for r in rows:
        if r.get("kind") not in ("ours", "baseline") or r["check"] != "PASS" or not timed(r):
            continue
        if not r.get("form"):
            formless[r["app"]].add(r["kind"])
        else:
            key = (identity(r, without=("space", "variant")), r["space"], r["kind"])
            if key not in best or r["median_s"] < best[key]["median_s"]:
                best[key] = r
    notes = [f"{app}: its rows carry no form column, so ours and baselines are not paired"
             for app, kinds in formless.items() if len(kinds) == 2]
    lines, paired = [], set()
    for computation, space in dict.fromkeys((c, s) for c, s, _ in best):
        ours, base = best.get((computation, space, "ours")), best.get((computation, space, "baseline"))
        if not ours or not base:
            continue
        paired.add(computation)
        ratio = base["median_s"] / ours["median_s"]
        verdict = f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"
        app, form, params, size = computation
        cells = [app, form, size, params, space]
        for r in (ours, base):
            gbps = f"{r['gbps']:.1f}" if float(r.get("bytes", 1)) > 0 else "-"
            cells += [f"`{r['variant']}`", f"{r['median_s'] * 1e6:.0f}", gbps]
        lines.append(cells + [verdict])
    for computation in dict.fromkeys(c for c, _, _ in best):
        if computation not in paired:
            kinds = {k for c, _, k in best if c == computation}
            why = ("ours and baseline ran on different spaces" if len(kinds) == 2 else
                   "no timed, passing baseline of this computation" if "ours" in kinds else
                   "no timed, passing ours row")
            app, form, params, size = computation
            notes.append(f"{app} {form} (size {size}{', ' * bool(params)}{params}): not paired: {why}")
    if lines:  # the notes right under the table, as a list (which ends a Markdown table)
        markdown(["app", "form", "size", "params", "space", "our best", "median us:", "GB/s:",
                  "best baseline", "median us:", "GB/s:", "ours vs baseline"], lines)
    else:
        print()
        notes = notes or ["no timed, passing ours and baseline rows to pair"]
    for note in notes:
        print(f"- {note}")


def passes_table(rows):
    """Each pass's median side by side, one line per row identity."""
    cells = defaultdict(list)
    for r in rows:
        cells[identity(r)].append(r)
    form = has_form(rows)
    lines = []
    for (app, form_, params, size, space, variant), rs in cells.items():
        times = " / ".join(f"{r['median_s'] * 1e6:.1f}" for r in rs)
        gbps = " / ".join(f"{r['gbps']:.1f}" for r in rs)
        check = "PASS" if all(r["check"] == "PASS" for r in rs) else "FAIL"
        lines.append([app] + [form_ or "-"] * form + [size, params, space, variant, times, gbps, check])
    markdown(["app"] + ["form"] * form + ["size", "params", "space", "variant", "median us, each pass:",
                                          "GB/s, each pass:", "check"], lines)


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
        app, form, space, variant = identity(r, without=("params", "size"))
        cells[(app, form, mode, size, other, space, variant)][n] = r
    if not counts:
        raise UsageError("--ranks: no row has ranks=N in its params (not a run under mpirun)")
    counts = sorted(counts)
    form = has_form(rows)
    lines = []
    for (app, form_, mode, size, other, space, variant), by_n in cells.items():
        ms = [by_n[n]["median_s"] * 1e3 if n in by_n else None for n in counts]
        first, last = ms[0], ms[-1]
        ratio = f"{first / last:.2f}x faster" if mode == "strong" and first and last else (
            f"{last / first:.2f}x the time" if first and last else "-")
        # Below a millisecond, to the microsecond.
        cell = lambda v: "-" if v is None else f"{v:.3f}" if v < 1 else f"{v:.1f}"
        lines.append([app] + [form_ or "-"] * form + [mode, size, other, space, variant]
                     + [cell(v) for v in ms] + [ratio])
    markdown(["app"] + ["form"] * form + ["scaling", "size (a rank, if weak)", "params", "space", "variant"]
             + [f"{n} rank{'s' if n > 1 else ''} ms:" for n in counts] + [f"{counts[-1]} vs {counts[0]}:"],
             lines)


def scaling_table(rows):
    cells = {}
    for r in rows:
        if r["space"] == "cuda" and str(r["size"]) in (str(1 << 20), str(1 << 28)):
            cells[identity(r, without=("size",)) + (int(r["size"]),)] = r
    lines = []
    for key in dict.fromkeys(k[:-1] for k in cells):
        small, large = cells.get(key + (1 << 20,)), cells.get(key + (1 << 28,))
        if small and large:
            app, variant = key[0], key[-1]
            lines.append([app, variant, f"{small['median_s'] * 1e6:.1f}", f"{large['median_s'] * 1e6:.1f}",
                          f"{large['gbps']:.0f}"])
    if not lines:
        raise UsageError("--scaling: no cuda row has a time at both 2^20 and 2^28")
    markdown(["app", "variant", "cuda 2^20 us:", "cuda 2^28 us:", "cuda 2^28 GB/s:"], lines)


def tables(argv):
    """Prints the tables that argv (this script's arguments, less --fill) asks for."""
    parser = ArgumentParser(prog="perf_tables.py", description=__doc__.split("\n")[1])
    parser.add_argument("file", nargs="+",
                        help="a suite CSV, an app's JSON or a text log of the apps' tables; "
                             "several: one pass each")
    parser.add_argument("--app", help="only these applications (comma-separated)")
    parser.add_argument("--spaces", help="only these spaces (comma-separated)")
    parser.add_argument("--variants", help="only these variants (comma-separated)")
    parser.add_argument("--tree", help="only the rows of this tree, where a log compares two")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--versus", action="store_true",
                      help="only the table of our best variant against the best baseline "
                           "of the same computation")
    mode.add_argument("--passes", action="store_true", help="each pass's median side by side")
    mode.add_argument("--ranks", action="store_true", help="median per MPI rank count")
    mode.add_argument("--scaling", action="store_true", help="CUDA times at 2^20 and 2^28")
    args = parser.parse_args(argv)
    all_rows = []
    for k, path in enumerate(args.file):
        for r in load(path):
            if len(args.file) > 1:
                r["pass"] = k + 1
            all_rows.append(r)
    rows = all_rows
    for field, option, wanted in (("app", "--app", args.app), ("space", "--spaces", args.spaces),
                                  ("variant", "--variants", args.variants), ("tree", "--tree", args.tree)):
        if wanted:
            rows = [r for r in rows if r.get(field) in wanted.split(",")]
            if not rows:
                raise UsageError(f"{option} {wanted}: no such row in {', '.join(args.file)}")
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


COMMAND = re.compile(r"^`scripts/perf_tables.py (.+)`:?$")


def fill(path):
    """Regenerates the table under each `scripts/perf_tables.py ...` line of a Markdown file."""
    lines, out, i = read_text(path).split("\n"), [], 0
    while i < len(lines):
        out.append(lines[i])
        m = COMMAND.match(lines[i])
        i += 1
        if not m:
            continue
        text = io.StringIO()
        try:
            try:
                argv = shlex.split(m.group(1))
            except ValueError as e:  # an unbalanced quote
                raise UsageError(e) from None
            with contextlib.redirect_stdout(text):
                tables(argv)
        except UsageError as e:
            raise UsageError(f"{path}: line {i}: {e}") from None
        j = i
        while j < len(lines) and lines[j] == "":
            j += 1
        if j < len(lines) and lines[j].startswith(("|", "- ")):  # the old table and its notes
            while j < len(lines) and lines[j].startswith(("|", "- ")):
                j += 1
            i = j
        out += [""] + text.getvalue().strip("\n").split("\n")
    write_atomic(path, lambda f: f.write("\n".join(out).encode()))


def run():
    if sys.argv[1:2] == ["--fill"]:
        if len(sys.argv) != 3:
            raise UsageError("--fill takes one Markdown file: perf_tables.py --fill docs/PERFORMANCE.md")
        fill(sys.argv[2])
    else:
        tables(sys.argv[1:])


if __name__ == "__main__":
    main(run)
