#!/usr/bin/env bash
# The GPU job: builds Serial+OpenMP+CUDA, runs every test on the three
# spaces, then the whole suite at default sizes and the extra sweeps that the
# performance notes quote, leaving logs and CSV/JSON in OUTDIR.
#
#   scripts/benchmark_gpu.sh OUTDIR [--apps LIST] [--skip-tests]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: benchmark_gpu.sh OUTDIR [--apps LIST] [--skip-tests]}
shift
apps="" skip_tests=0
while [ $# -gt 0 ]; do
  case $1 in
    --apps) apps=$2; shift ;;
    --skip-tests) skip_tests=1 ;;
    *) echo "benchmark_gpu.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
build_args=(--cuda)
[ -n "$apps" ] && build_args+=(--apps "$apps")
nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm --format=csv >"$out/machine.txt" 2>&1 || true
echo "cores: $(nproc)" >>"$out/machine.txt"
"$root/scripts/build.sh" "${build_args[@]}" >"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
bin=$root/build/serial-openmp-cuda
if [ $skip_tests = 0 ]; then
  ctest --test-dir "$bin" --output-on-failure -j 4 >"$out/ctest.log" 2>&1 || true
  tail -4 "$out/ctest.log"
fi
"$bin/apps/suite" --results "$out" 2>"$out/suite.progress" | tee "$out/suite.txt"
