#!/usr/bin/env python3
"""Runs one command when the machine is quiet and reports how much CPU other
processes used meanwhile (in cores): /proc/stat busy time minus the command's own.

    scripts/quiet_run.py OUT COMMAND [ARGS...]

The command's output goes to OUT, one line a try to OUT.quiet; up to four tries,
until other processes used under 0.10 cores. Exit code: the last try's, 1 when
it failed; 2 when the command cannot be run or OUT cannot be written."""
import argparse
import os
import shutil
import subprocess
import sys
import time

from kp_rows import ArgumentParser, UsageError, main

HZ = os.sysconf("SC_CLK_TCK")


def busy():
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return sum(fields[i] for i in (0, 1, 2, 5, 6, 7)) / HZ  # user nice system irq softirq steal


def wait_quiet(limit):
    start = time.time()
    while time.time() - start < limit:
        b0 = busy()
        time.sleep(3)
        load = (busy() - b0) / 3
        if load < 0.15:
            return load
    return None


def run():
    ap = ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="file for the command's output")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="the command and its arguments")
    a = ap.parse_args()
    if not a.command:
        raise UsageError("no command to run: quiet_run.py OUT COMMAND [ARGS...]")
    if not shutil.which(a.command[0]):
        raise UsageError(f"{a.command[0]}: no such command")
    if not os.path.isdir(os.path.dirname(a.out) or ".") or os.path.isdir(a.out):
        raise UsageError(f"{a.out}: not a file in an existing folder")
    for attempt in range(1, 5):
        if wait_quiet(300) is None:
            print(f"attempt {attempt}: machine not quiet for 300 s, running anyway", file=sys.stderr)
        b0, t0 = busy(), time.time()
        with open(a.out, "w") as o:
            p = subprocess.Popen(a.command, stdout=o, stderr=subprocess.STDOUT)
            _, status, ru = os.wait4(p.pid, 0)
        elapsed = time.time() - t0
        foreign = (busy() - b0) - (ru.ru_utime + ru.ru_stime)
        share = foreign / elapsed
        code = os.waitstatus_to_exitcode(status)
        line = (f"attempt {attempt}: {elapsed:.1f} s, exit {code}, "
                f"other processes used {share:.2f} cores on average")
        print(line, file=sys.stderr)
        with open(a.out + ".quiet", "a") as q:
            q.write(line + "\n")
        if share < 0.10:
            break
    return 1 if code else 0


if __name__ == "__main__":
    main(run)
