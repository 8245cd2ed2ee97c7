#!/usr/bin/env python3
"""Times NumPy's Generator.multinomial (the counts of M weighted draws, the
answer kp::sample gives) on one thread: median, minimum and maximum of
--repeat runs, after one warm-up, in microseconds, as one CSV line:

    numpy_multinomial.py --size N --draws M [--weights uniform|ramp|sparse] [--repeat R]
"""
import time

from kp_rows import ArgumentParser, Failure, main


def run():
    ap = ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--draws", type=int, required=True)
    ap.add_argument("--weights", choices=["uniform", "ramp", "sparse"], default="uniform")
    ap.add_argument("--repeat", type=int, default=9)
    a = ap.parse_args()
    if a.size < 1 or a.draws < 0 or a.repeat < 1:
        ap.error("--size >= 1, --draws >= 0 and --repeat >= 1")
    try:
        import numpy as np
    except ImportError:
        raise Failure("numpy is missing (Debian: python3-numpy, /usr/bin/python3)") from None
    rng = np.random.default_rng(20240501)
    if a.weights == "uniform":
        w = np.ones(a.size)
    elif a.weights == "ramp":
        w = np.arange(1, a.size + 1, dtype=np.float64)
    else:
        w = np.where(rng.random(a.size) < 0.1, rng.random(a.size), 0.0)
        w[0] = 1.0
    p = w / w.sum()
    rng.multinomial(a.draws, p)
    times = []
    for _ in range(a.repeat):
        t = time.perf_counter()
        counts = rng.multinomial(a.draws, p)
        times.append((time.perf_counter() - t) * 1e6)
    if counts.sum() != a.draws:
        raise Failure("the counts do not add up to the draws")
    times.sort()
    print("numpy-multinomial,%d,%d,%s,%.1f,%.1f,%.1f" % (a.size, a.draws, a.weights,
                                                         times[len(times) // 2], times[0], times[-1]))


if __name__ == "__main__":
    main(run)
