#!/bin/bash
# Device run U (the H100 machine's 16-vCPU host, no GPU use): does
# prefetching the histogram's values ahead of the counting help on this host?
# hist_prefetch.cpp sweeps the distance in a copy of the counting loop; then
# the histogram app of three trees, built side by side and run interleaved at
# 2^28: `.old` (no prefetch, the tree before), this tree (1 KiB ahead) and
# `.alt` (this tree with 4 KiB ahead). Carries `.cache`, `.old` and `.alt`:
#   git archive HEAD -- . ':!docs' | tar -x -C .old      # before the change
#   (working tree copied to .alt, kHistogramAhead = 4096)
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=docs/results/h100-2026-11-25-session10
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ lscpu | grep -E "Model:|L3"; git log -1 --format=%H; } >"$OUT/machine.txt" 2>&1
g++ -O3 -fopenmp -std=c++17 $here/hist_prefetch.cpp -o /tmp/hp && timeout 90 /tmp/hp >"$OUT/hist_prefetch.txt" 2>&1
log "probe rc=$?"
for tree in . .old .alt; do
  (cd $tree && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh --apps histogram,bandwidth -j 16 >/tmp/build.log 2>&1)
  log "build $tree rc=$?"
done
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
for pass in 1 2 3; do
  run build/serial-openmp/apps/bandwidth --spaces serial,openmp --max-time 0.3 --variants read
  for tree in .old . .alt; do
    H=$tree/build/serial-openmp/apps/histogram
    run $H --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp
    run $H --size 2^28 --bins 65536 --spaces openmp --max-time 0.2 --variants kp
  done
  log "pass $pass"
done
