#!/bin/bash
# Device run C (a GPU machine's 16-vCPU host, no GPU use), this tree:
#  - kp::sample's kernels on 1 and 16 threads for 10^3 .. 10^6 weights
#    (sample_phases.cpp): does the draw kernel scale where the table and
#    the rows fit in L1, and lose where they leave L2?
#  - the histogram (256 bins) and the reduce at 2^25 (128 MiB, within this
#    host's L3 when it has 300 MiB) and 2^28 (1 GiB), the read ceiling at
#    both sizes: does the histogram run faster with its values in cache?
# Carries `.cache` as runs A and B.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session11
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh --apps histogram,reduce,bandwidth -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
g++ -O3 -fopenmp -std=c++17 -Iinclude -I$K/include $here/sample_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/sp
log "probe build rc=$?"
for n in 1000 10000 100000 1000000; do
  for t in 16 1; do
    echo "\$ OMP_NUM_THREADS=$t sample_phases $n" >>"$OUT/phases.txt"
    OMP_NUM_THREADS=$t timeout 60 /tmp/sp $n >>"$OUT/phases.txt" 2>&1
  done
done
log "phases"
B=build/serial-openmp/apps
run() { echo "\$ $*" >>"$OUT/sizes.txt"; timeout 60 "$@" >>"$OUT/sizes.txt" 2>&1; }
for pass in 1 2; do
  for s in 25 28; do
    run $B/bandwidth --size 2^$((s - 1)) --spaces openmp --max-time 0.3 --variants read
    run $B/reduce --size 2^$s --spaces openmp --max-time 0.2 --variants kp
    run $B/histogram --size 2^$s --bins 256 --spaces openmp --max-time 0.2 --variants kp
  done
done
log "sizes"
