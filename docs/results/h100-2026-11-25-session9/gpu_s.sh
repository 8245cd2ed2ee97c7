#!/bin/bash
# Device run S (the H100 machine's 16-core host, no GPU use): the final
# tree's host-only build (as run Q, `.cache` carried); the suite's bandwidth,
# reduce, scan and minloc at 2^26 and the three at 2^28; then the eighth
# session's hist_probe2.cpp (run M's output was lost) cut to 256 bins,
# uniform data: the library's scalar counting loop against AVX-512 forms
# (lane-private gather/scatter, conflict detection) on 1 and 16 threads.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
sed -e 's/binlist = {256, 4096, 65536}/binlist = {256}/' -e 's/skew < 2;/skew < 1;/' \
  docs/results/h100-2026-11-25-session8/hist_probe2.cpp >/tmp/hp2.cpp
g++ -O3 -fopenmp -std=c++17 /tmp/hp2.cpp -o /tmp/hp2 && timeout 60 /tmp/hp2 >"$OUT/hist_probe2.txt" 2>&1
log "probe rc=$?"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 100 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
run() { echo "\$ $*" >>"$OUT/big.txt"; timeout 40 "$@" >>"$OUT/big.txt" 2>&1; }
run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-reduce,omp-simd
run $B/scan --size 2^28 --spaces openmp --max-time 0.2 --variants kp,decoupled-lookback,std-scan
run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-min-element
log "big"
