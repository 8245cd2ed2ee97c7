#!/bin/bash
# Device run H (a GPU machine's 16-vCPU host, no GPU use): this session's
# own figures for why the histogram's and roulette's targets stay unmet.
# ../h100-2026-11-26-session11/hist_parts.cpp (the library's 256-bin
# counting loop and its parts, every value in L1, 16 threads and one),
# twice, beside the read ceiling (bandwidth app, 16 threads); roulette `kp`
# on one OpenMP thread and on 16 with 10^3 weights (table and counts in L1)
# and 10^5, three passes. Carries `.cache`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
g++ -O3 -fopenmp -std=c++17 docs/results/h100-2026-11-26-session11/hist_parts.cpp -o /tmp/parts
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps bandwidth,roulette >/tmp/build.log 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
for pass in 1 2; do
  echo "\$ hist_parts.cpp" >>"$OUT/parts.txt"
  timeout 120 /tmp/parts >>"$OUT/parts.txt" 2>&1
  echo "\$ $B/bandwidth --spaces openmp --variants read --max-time 0.3" >>"$OUT/parts.txt"
  OMP_NUM_THREADS=16 timeout 60 $B/bandwidth --spaces openmp --variants read --max-time 0.3 >>"$OUT/parts.txt" 2>&1
done
log "parts"
for pass in 1 2 3; do
  for w in 1000 100000; do
    for t in 1 16; do
      echo "\$ OMP_NUM_THREADS=$t $B/roulette --spaces openmp --size $w --variants kp --max-time 0.3" >>"$OUT/roulette.txt"
      OMP_NUM_THREADS=$t timeout 60 $B/roulette --spaces openmp --size $w --variants kp --max-time 0.3 >>"$OUT/roulette.txt" 2>&1
    done
  done
done
log "roulette"
