#!/usr/bin/env python3
"""memory_check.py TOLERANCE APP ARGS...: the memory check against the truth.

Asks APP for the host memory it counts for ARGS (--memory-estimate), runs it
with ARGS, and measures its peak resident set (getrusage of the child) minus
that of the same run at --size 1 (the libraries, the threads, and whatever
does not grow with the size, such as roulette's indices of --draws); the
estimate is taken the same way, ARGS' minus --size 1's. Passes when the
estimate is within TOLERANCE (0.15: 15%) of the measured peak.
"""
import os
import resource
import subprocess
import sys


def peak_kib(command):
    """The peak RSS of one run of `command`, in KiB (a fresh child each time)."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"memory_check: {' '.join(command)} exited {code}")
    return usage.ru_maxrss


def at_size_one(args):
    """ARGS with --size 1 in place of its --size (or added)."""
    if "--size" in args:
        i = args.index("--size")
        return [*args[:i + 1], "1", *args[i + 2:]]
    return [*args, "--size", "1"]


def estimate_bytes(app, args):
    return int(subprocess.run([app, *args, "--memory-estimate"], check=True,
                              capture_output=True, text=True).stdout.split()[-1])


def main():
    tolerance, app, args = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
    small = at_size_one(args)
    estimate = estimate_bytes(app, args) - estimate_bytes(app, small)
    baseline = peak_kib([app, *small])
    peak = peak_kib([app, *args])
    measured = (peak - baseline) * 1024
    ratio = estimate / measured if measured > 0 else float("inf")
    print(f"estimate {estimate / 2**20:.1f} MiB, measured {measured / 2**20:.1f} MiB "
          f"(peak {peak / 1024:.1f} - baseline {baseline / 1024:.1f}), ratio {ratio:.3f}")
    return 0 if abs(ratio - 1) <= tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
