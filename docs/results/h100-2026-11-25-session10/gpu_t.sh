#!/bin/bash
# Device run T (the H100 machine's 16-vCPU host, no GPU use): what bounds
# the host rows that miss issue 8's targets. cpu_probe.cpp (compute-bound
# scaling over 1-16 threads, vCPU pairs, one-thread streaming forms of
# minloc) built for x86-64 and for -march=native; then the suite's host-only
# build, default and --native, run interleaved at 2^28 (minloc, reduce,
# histogram) and at the default size (roulette), beside the ceilings.
# Needs `.cache` carried as in run Q (docs/results/h100-2026-11-25-session9).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=docs/results/h100-2026-11-25-session10
{
  nproc
  lscpu
  for c in 0 1 8; do
    echo "cpu$c siblings: $(cat /sys/devices/system/cpu/cpu$c/topology/thread_siblings_list)"
  done
  grep MHz /proc/cpuinfo | sort | uniq -c
  git log -1 --format=%H
} >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
g++ -O3 -fopenmp -pthread -std=c++17 $here/cpu_probe.cpp -o /tmp/probe
g++ -O3 -fopenmp -pthread -std=c++17 -march=native $here/cpu_probe.cpp -o /tmp/probe_native
{
  echo "== x86-64 build"
  timeout 90 /tmp/probe ABC
  echo "== -march=native build"
  timeout 60 /tmp/probe_native AC
} >"$OUT/probe.txt" 2>&1
log "probe rc=$?"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
tail -2 /tmp/build.log >>"$OUT/times.txt"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 150 scripts/build.sh --native -j 16 >/tmp/build_native.log 2>&1
log "native build rc=$?"
tail -2 /tmp/build_native.log >>"$OUT/times.txt"
run() { echo "\$ $*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
for pass in 1 2; do
  run build/serial-openmp/apps/bandwidth --spaces serial,openmp --max-time 0.3 --variants read,triad
  for B in build/serial-openmp/apps build/serial-openmp-native/apps; do
    run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-min-element
    run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.2 --variants kp,std-reduce
    run $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.2 --variants kp,omp-private
    run $B/histogram --size 2^28 --bins 65536 --spaces openmp --max-time 0.2 --variants kp
    run $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp,alias-parallel
  done
  log "pass $pass"
done
