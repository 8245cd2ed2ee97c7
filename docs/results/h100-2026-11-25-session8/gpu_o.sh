#!/bin/bash
# Device run O (the H100 machine's 16-core host, no GPU use). That host has
# a 300 MiB L3 (run M's machine.txt), so the suite's default 2^26 elements
# (256 MiB of floats) are partly served from cache: read rows above the
# read ceiling. Here reduce, scan, minloc and histogram run at 2^28 (1 GiB,
# as large as the bandwidth rows' arrays), ours beside the baselines, twice.
# Then hist_probe3.cpp (the counting loop at depths 1 to 16) and
# sample_probe.cpp at 1000 and 100000 weights on 1 and 16 threads.
# Needs `.cache` carried as in run K.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$(dirname "$0")
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
run() { echo "$*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
for pass in 1 2; do
  run $B/bandwidth --spaces serial,openmp --max-time 0.3
  run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos,plain-loop,std-reduce,omp-simd
  run $B/scan --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos,decoupled-lookback,std-scan
  run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos-minloc,std-min-element,omp-partials
  run $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.3 --variants kp,scatter-duplicated,plain-loop,omp-private
  run $B/histogram --size 2^28 --bins 65536 --spaces serial,openmp --max-time 0.3 --variants kp,scatter-duplicated,plain-loop,omp-private
  log "big pass $pass"
done
g++ -O3 -fopenmp -std=c++17 "$here/hist_probe3.cpp" -o /tmp/hist_probe3 && timeout 150 /tmp/hist_probe3 >"$OUT/hist_probe3.txt" 2>&1
log "hist probe rc=$?"
K=$(ls -d $KP_CACHE/install/*serial-openmp* | head -1)
g++ -DKOKKOS_DEPENDENCE -Iinclude -isystem $K/include -O3 -DNDEBUG -fopenmp -std=c++20 \
  "$here/sample_probe.cpp" -o /tmp/sample_probe $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -ldl
for t in 1 16 1 16; do OMP_NUM_THREADS=$t timeout 60 /tmp/sample_probe >>"$OUT/sample_probe.txt" 2>&1; done
log "sample probe"
