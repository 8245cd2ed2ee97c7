#!/bin/bash
# Device run T (a GPU machine's 16-vCPU host, no GPU use): the histogram's
# host tasks halving where a thread would get fewer than 4 (this tree)
# against `.old` (93c0613): three passes interleaved of the 256-bin
# histogram at 2^20 and 2^22 (`kp` beside the baselines `omp-private` and
# `scatter-duplicated`), 65536 bins at 2^20 (no change expected: its rows
# keep the tasks whole), and 256 bins at the default size, 16 threads.
# Carries `.cache` and `.old`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps histogram >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps histogram >/tmp/build_old.log 2>&1)
log "build old rc=$?"
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b = old ] && A=.old/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/histogram --spaces openmp --max-time 0.25 "$@" >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3; do
  for b in old new; do
    row $b --bins 256 --size 2^20 --variants kp,omp-private,scatter-duplicated
    row $b --bins 256 --size 2^22 --variants kp,omp-private,scatter-duplicated
    row $b --bins 65536 --size 2^20 --variants kp,omp-private
    row $b --bins 256 --variants kp
  done
  log "pass $pass"
done
