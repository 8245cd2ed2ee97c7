#!/bin/bash
# Device run L (H100): the seventh session's final code in the CUDA build
# (Kokkos 3.4.01, CUDA 13): the library's tests on the CUDA, Serial and
# OpenMP spaces (the histogram's host loop changed; the par_unseq set-up is
# not in CUDA builds), then the host histogram at 256 and 65536 bins with
# its final depth rule on the 16-core host, twice.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 400 scripts/build.sh --cuda -j 16 --apps histogram >"$OUT/build.log" 2>&1
log "build rc=$?"
timeout 150 ctest --test-dir build/serial-openmp-cuda -R '^test_kp' -j 8 --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
for bins in 256 65536 256 65536; do
  timeout 60 build/serial-openmp-cuda/apps/histogram --spaces serial,openmp,cuda --bins $bins \
    --max-time 0.3 >>"$OUT/histogram.txt" 2>&1
done
log "histogram"
