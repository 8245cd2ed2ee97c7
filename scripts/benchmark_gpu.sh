#!/usr/bin/env bash
# The GPU job, in stages, each writing its logs and CSV into OUTDIR:
#
#   scripts/benchmark_gpu.sh OUTDIR [--apps LIST] STAGE...
#     arch-compare  reduce at 2^28 built for AMPERE80 (PTX JIT-compiled for the
#                   device) and for HOPPER90 (native sm_90), side by side
#     build         Serial+OpenMP+CUDA build (scripts/build.sh --cuda)
#     test          ctest on the three spaces
#     sanitize      compute-sanitizer memcheck and racecheck over the CUDA variants
#     suite         every application at its default size (results.csv/json)
#     scaling       reduce, scan, minloc from 2^10 to 2^28 (scaling.csv)
#     profile       Nsight Compute speed-of-light of the main CUDA kernels
#     histogram-bins  histogram at 256 to 2^18 bins on the GPU
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: benchmark_gpu.sh OUTDIR [--apps LIST] STAGE...}
shift
apps_args=()
if [ "${1:-}" = --apps ]; then
  apps_args=(--apps "$2")
  shift 2
fi
mkdir -p "$out"
bin=$root/build/serial-openmp-cuda
apps=$bin/apps
log() { echo "[benchmark_gpu] $*" >&2; }

for stage in "$@"; do
  log "stage $stage"
  case $stage in
    arch-compare)
      for arch in AMPERE80 HOPPER90; do
        "$root/scripts/build.sh" --cuda --arch $arch --apps reduce >"$out/build-$arch.log" 2>&1
        "$apps/reduce" --spaces cuda --size 2^28 --csv "$out/arch-$arch.csv" | tee -a "$out/arch-compare.txt"
      done
      ;;
    build)
      nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm \
        --format=csv >"$out/machine.txt" 2>&1 || true
      echo "cores: $(nproc)" >>"$out/machine.txt"
      "$root/scripts/build.sh" --cuda "${apps_args[@]}" >"$out/build.log" 2>&1 ||
        { tail -40 "$out/build.log"; exit 1; }
      ;;
    test)
      ctest --test-dir "$bin" --output-on-failure -j 4 >"$out/ctest.log" 2>&1 || true
      tail -4 "$out/ctest.log"
      ;;
    sanitize)
      small=(--spaces cuda --repeat 1 --warmup 0)
      for tool in memcheck racecheck; do
        for cmd in "reduce --size 2^20" "scan --size 2^20" "minloc --size 2^20" \
          "histogram --size 2^20 --bins 4096" "roulette --size 1000 --draws 100000" \
          "mandelbrot --size 256"; do
          echo "== compute-sanitizer --tool $tool $cmd" >>"$out/sanitizer.log"
          # shellcheck disable=SC2086
          compute-sanitizer --tool $tool --print-limit 10 "$apps"/$cmd "${small[@]}" \
            >>"$out/sanitizer.log" 2>&1 || echo "exit $?" >>"$out/sanitizer.log"
        done
      done
      grep -E "^==|ERROR SUMMARY|RACECHECK SUMMARY|exit " "$out/sanitizer.log"
      ;;
    suite)
      "$apps/suite" --max-time 2 --results "$out" 2>"$out/suite.progress" | tee "$out/suite.txt"
      ;;
    scaling)
      "$root/scripts/scaling.sh" "$bin" "$out/scaling.csv" 28 2>/dev/null
      ;;
    profile)
      # Our whole-array kernels and the CUB ones they are compared with.
      kernels='regex:VectorReduceKernel|ChainedScanTiles|TeamScratchCount|cluster_dsm|Device(Reduce|Scan|Histogram)|DrawBatch|BlockTreeSum'
      for cmd in "reduce --size 2^28" "minloc --size 2^28" "scan --size 2^28" \
        "histogram --size 2^26 --bins 256" "roulette"; do
        echo "== ncu $cmd" >>"$out/ncu.txt"
        # shellcheck disable=SC2086
        ncu --clock-control none --section SpeedOfLight --kernel-name-base demangled \
          --kernel-name "$kernels" --launch-count 12 \
          "$apps"/$cmd --spaces cuda --repeat 1 --warmup 0 >>"$out/ncu.txt" 2>&1 || true
      done
      ;;
    histogram-bins)
      # Bin counts past one block's shared memory: where the cluster variant matters.
      for bins in 256 4096 16384 65536 262144; do
        "$apps/histogram" --spaces cuda --size 2^26 --bins $bins \
          | tee -a "$out/histogram-bins.txt"
      done
      ;;
    *)
      echo "benchmark_gpu.sh: unknown stage '$stage'" >&2
      exit 2
      ;;
  esac
done
