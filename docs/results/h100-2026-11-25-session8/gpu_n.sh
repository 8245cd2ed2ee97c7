#!/bin/bash
# Device run N (the H100 machine's 16-core host, no GPU use): host-only
# build (Serial + OpenMP, TBB carried) of the tree with streaming scan
# stores; the bandwidth ceilings, scan, reduce and roulette side by side,
# twice; then sample_probe.cpp (kp::sample's table build and draws timed
# apart) on 1, 2, 4, 8 and 16 threads. Needs `.cache` carried as in run K.
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
for pass in 1 2; do
  cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,roulette"
  echo "$cmd" >>"$OUT/suite.cmd"
  timeout 150 $cmd >"$OUT/suite$pass.txt" 2>&1
  log "suite $pass rc=$?"
done
K=$(ls -d $KP_CACHE/install/*serial-openmp* | head -1)
g++ -DKOKKOS_DEPENDENCE -Iinclude -isystem $K/include -O3 -DNDEBUG -fopenmp -std=c++20 \
  "$here/sample_probe.cpp" -o /tmp/sample_probe $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -ldl
for t in 1 2 4 8 16; do OMP_NUM_THREADS=$t timeout 60 /tmp/sample_probe >>"$OUT/sample_probe.txt" 2>&1; done
log "sample probe"
