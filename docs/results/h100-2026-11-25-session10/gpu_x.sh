#!/bin/bash
# Device run X (the H100 machine's 16-vCPU host, no GPU use): the final
# tree's CPU suite at its default size (2^26), then the bandwidth ceilings
# and reduce, scan, minloc and histogram at 2^28 (past the L3), roulette on
# 1-16 threads, and cpu_probe.cpp's compute-bound scaling (part A) on the
# same machine. Carries `.cache` as run Q (docs/results/h100-2026-11-25-session9).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=docs/results/h100-2026-11-25-session10
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3|Thread|Core"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
big() { echo "\$ $*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
big $B/bandwidth --spaces serial,openmp --max-time 0.3
big $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-reduce,omp-simd
big $B/scan --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,decoupled-lookback,std-scan
big $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-min-element
big $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp,omp-private,plain-loop
big $B/histogram --size 2^28 --bins 65536 --spaces serial,openmp --max-time 0.2 --variants kp,scatter-duplicated
big $B/bandwidth --spaces serial,openmp --max-time 0.3 --variants read,triad
big $B/roulette --spaces serial --max-time 0.3 --variants kp
for t in 1 2 4 8 16; do
  OMP_NUM_THREADS=$t big $B/roulette --spaces openmp --max-time 0.3 --variants kp
done
log "big"
g++ -O3 -fopenmp -pthread -std=c++17 $here/cpu_probe.cpp -o /tmp/probe && timeout 60 /tmp/probe A >"$OUT/probe.txt" 2>&1
log "probe rc=$?"
