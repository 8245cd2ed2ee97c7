#!/usr/bin/python3
"""Round trip through NumPy: arrays NumPy saves are read by our reader
(npy_tool read), and arrays our writer saves load in NumPy unchanged.

Usage: numpy_roundtrip.py NPY_TOOL WORK_DIR. Exits 77 (ctest: skipped) when
NumPy is not installed (apt-get install python3-numpy)."""
import os
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is not installed for", sys.executable, "(apt-get install python3-numpy)")
    sys.exit(77)

tool, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
failures = []


def read_back(path):
    out = subprocess.run([tool, "read", path], capture_output=True, text=True)
    if out.returncode != 0:
        failures.append(f"{path}: npy_tool read exited {out.returncode}: {out.stderr.strip()}")
        return None, []
    lines = out.stdout.split()
    return lines[0], [float(v) for v in lines[2:]]


cases = {
    "float32": np.array([1.5, -2.25, np.inf, 3e38], dtype="<f4"),
    "float64": np.array([0.1, -1e300, 2.0**60], dtype="<f8"),
    "int32": np.array([-(2**31), 0, 2**31 - 1], dtype="<i4"),
    "int64": np.array([-(2**62), 5, 2**53], dtype="<i8"),
}
for name, array in cases.items():
    for version in [(1, 0), (2, 0), (3, 0)]:
        for order in ["C", "F"]:
            path = os.path.join(work, f"{name}-v{version[0]}-{order}.npy")
            with open(path, "wb") as f:
                np.lib.format.write_array(f, np.asarray(array, order=order), version=version)
            dtype, values = read_back(path)
            if dtype is None:
                continue
            if dtype != name or values != [float(v) for v in array]:
                failures.append(f"{path}: read {dtype} {values}, saved {name} {list(array)}")

# Plain np.save of a column slice (non-contiguous in memory, saved contiguous).
path = os.path.join(work, "slice.npy")
np.save(path, np.arange(12, dtype=np.float64).reshape(3, 4)[:, 1])
dtype, values = read_back(path)
if values != [1.0, 5.0, 9.0]:
    failures.append(f"{path}: read {values}")

# What NumPy writes and we refuse.
for name, array, why in [
    ("2d", np.zeros((2, 3), dtype="<f4"), "is 2-D"),
    ("big-endian", np.zeros(3, dtype=">f8"), "big-endian"),
    ("uint8", np.zeros(3, dtype="u1"), "not supported"),
    ("object", np.array([1, "a"], dtype=object), "Python objects"),
]:
    path = os.path.join(work, f"refuse-{name}.npy")
    np.save(path, array, allow_pickle=True)
    out = subprocess.run([tool, "read", path], capture_output=True, text=True)
    if out.returncode != 2 or why not in out.stderr:
        failures.append(f"{path}: expected exit 2 with '{why}', got {out.returncode}: {out.stderr}")

# Our writer, NumPy's reader.
written = [
    ("float32", "4", "1.5,-2,0,7", np.float32),
    ("float64", "3", "0.1,-1e300,3", np.float64),
    ("int32", "3", "-2147483648,0,2147483647", np.int32),
    ("int64", "2", "-9223372036854775808,9223372036854775807", np.int64),
    ("uint32", "2x3", "1,2,3,4,5,6", np.uint32),
    ("uint64", "2", "0,18446744073709551615", np.uint64),
]
for name, shape, text, dtype in written:
    path = os.path.join(work, f"ours-{name}.npy")
    subprocess.run([tool, "write", path, name, shape, text], check=True)
    loaded = np.load(path)
    dims = tuple(int(d) for d in shape.split("x"))
    expected = np.array([dtype(int(v)) if "int" in name else dtype(float(v)) for v in text.split(",")],
                        dtype=dtype).reshape(dims)
    if loaded.dtype != np.dtype(dtype) or loaded.shape != dims or not np.array_equal(loaded, expected):
        failures.append(f"{path}: NumPy loaded {loaded.dtype} {loaded.shape} {loaded.tolist()}")

for failure in failures:
    print("FAIL:", failure)
print(f"numpy round trip: {len(failures)} failures")
sys.exit(1 if failures else 0)
