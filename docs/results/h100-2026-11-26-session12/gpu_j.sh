#!/bin/bash
# Device run J (a GPU machine's 16-vCPU host, no GPU use): build_phases.cpp
# on 16, 8 and 1 OpenMP threads (uniform weights), 16 with ramp weights, and
# 16 with OMP_WAIT_POLICY=active and =passive. Carries `.cache` (Kokkos'
# source; scripts/build.sh installs Kokkos from it, as in session 11).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session12
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps roulette >/tmp/build.log 2>&1
log "build rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
g++ -O3 -fopenmp -std=c++17 -Iinclude -I$K/include $here/build_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/bp
log "probe built rc=$?"
run() { echo "\$ $*" >>"$OUT/phases.txt"; env "$@" timeout 100 /tmp/bp ${ARG:-} >>"$OUT/phases.txt" 2>&1; log "$*"; }
run OMP_NUM_THREADS=16
run OMP_NUM_THREADS=8
run OMP_NUM_THREADS=1
ARG=ramp run OMP_NUM_THREADS=16
run OMP_NUM_THREADS=16 OMP_WAIT_POLICY=active
run OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive
B=build/serial-openmp/apps
for p in 1 2; do
  for w in "" active; do
    echo "\$ ${w:+OMP_WAIT_POLICY=$w }roulette --spaces serial,openmp --variants kp" >>"$OUT/apps.txt"
    env ${w:+OMP_WAIT_POLICY=$w} timeout 60 $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp >>"$OUT/apps.txt" 2>&1
  done
done
log "apps"
