#!/usr/bin/env python3
"""rss.py CMD...: runs CMD and samples its VmRSS every 0.5 ms; prints the
samples' maximum and when it came, then every 5% of the samples as t:MiB."""
import os
import sys
import time

pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.execv(sys.argv[1], sys.argv[1:])
samples = []
t0 = time.time()
while os.waitpid(pid, os.WNOHANG)[0] == 0:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS"):
                samples.append((time.time() - t0, int(line.split()[1]) // 1024))
    except OSError:
        pass
    time.sleep(0.0005)
peak = max(range(len(samples)), key=lambda k: samples[k][1])
print(f"samples {len(samples)} max {samples[peak][1]} MiB at {samples[peak][0]:.2f}s "
      f"of {samples[-1][0]:.2f}s")
print(" ".join(f"{t:.2f}:{m}" for t, m in samples[::max(1, len(samples) // 20)]))
