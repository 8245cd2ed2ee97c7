#!/bin/bash
# Device run R (a GPU machine's 16-vCPU host, no GPU use): run Q again, with
# run_host_tasks running the tasks as a plain loop on one thread (this
# tree). Five passes interleaved of the histogram (256 bins; Serial and 16
# threads at the default size 2^26, 16 threads at 2^28) and roulette
# (Serial and 16 threads) for `.old` (93c0613), this tree and
# `.alt` (run Q's: d0ee286 with the private rows' tasks on Kokkos' Dynamic
# schedule again). Carries `.cache`, `.old` and `.alt`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
apps=histogram,roulette
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps $apps >/tmp/build.log 2>&1
log "build rc=$?"
for t in old alt; do
  (cd .$t && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps $apps >/tmp/build_$t.log 2>&1)
  log "build $t rc=$?"
done
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b != new ] && A=.$b/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/"$@" --max-time 0.3 --variants kp >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3 4 5; do
  for b in old new alt; do
    row $b histogram --spaces serial,openmp --bins 256
    row $b histogram --spaces openmp --bins 256 --size 2^28
    row $b roulette --spaces serial,openmp
  done
  log "pass $pass"
done
