#!/bin/bash
# Device run G (a GPU machine's 16-vCPU host, no GPU use): the host scan's
# look-back tiles handed out by run_host_tasks one at a time (this tree:
# 5724e16 with runG/lookback_tasks.patch, not taken into the library)
# instead of a TeamPolicy on Kokkos 3.4's Dynamic schedule (`.old`,
# 5724e16), built side by side. Three passes interleaved of the scan on 16
# threads at 2^20, 2^24, 2^26 and 2^28 (`kp`, `decoupled-lookback`, and the
# baseline `std-scan`). Carries `.cache` and `.old`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps scan >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps scan >/tmp/build_old.log 2>&1)
log "build old rc=$?"
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b = old ] && A=.old/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/"$@" --max-time 0.2 >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3; do
  for b in old new; do
    for s in 2^20 2^24 2^26 2^28; do
      row $b scan --spaces openmp --size $s --variants kp,decoupled-lookback,std-scan
    done
  done
  log "pass $pass"
done
