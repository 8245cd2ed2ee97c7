#!/bin/bash
# Device run A (a GPU machine's 16-vCPU host, no GPU use): where kp::sample's
# time goes on 1-16 threads (sample_phases.cpp, each kernel timed through
# Kokkos' tool callbacks), and three forms of the histogram's counting loop
# (hist_forms.cpp). Then the roulette and histogram apps at the sizes
# PERFORMANCE.md's targets use. Carries `.cache` (Kokkos' source and the
# Debian packages the build needs) as the tenth session's runs did.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=docs/results/h100-2026-11-26-session11
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; cat /sys/kernel/mm/transparent_hugepage/enabled; } >"$OUT/machine.txt" 2>&1
g++ -O3 -fopenmp -std=c++17 $here/hist_forms.cpp -o /tmp/hf && timeout 120 /tmp/hf >"$OUT/hist_forms.txt" 2>&1
log "hist_forms rc=$?"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh --apps roulette,histogram -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
g++ -O3 -fopenmp -std=c++17 -Iinclude -I$K/include $here/sample_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/sp
log "probe build rc=$?"
for t in 16 1 2 4 8 16; do
  echo "\$ OMP_NUM_THREADS=$t sample_phases" >>"$OUT/phases.txt"
  OMP_NUM_THREADS=$t timeout 60 /tmp/sp >>"$OUT/phases.txt" 2>&1
done
log "phases"
B=build/serial-openmp/apps
big() { echo "\$ $*" >>"$OUT/apps.txt"; timeout 60 "$@" >>"$OUT/apps.txt" 2>&1; }
big $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp
big $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp
log "apps"
