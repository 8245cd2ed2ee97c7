#!/bin/bash
# Device run B (a GPU machine's 16-vCPU host, no GPU use): run A's Serial
# histogram at 2^20 took 571-573 us in this tree against 504-506 in `.old`
# (9a63f6e). Which change? `.alt` is this tree with one thread's tasks run
# through a RangePolicy again (the finish in a launch of its own); `.alt2`
# this tree with the private rows a cache line into their workspace, where
# the per-slot flags used to put them. Five passes interleaved of the
# 256-bin histogram (Serial at 2^20 and at its default size, 16 threads at
# 2^20), reduce and minloc on Serial at 2^20, roulette (Serial, 16
# threads). Carries `.cache`, `.old`, `.alt`, `.alt2`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
apps=histogram,reduce,minloc,roulette
for b in new old alt alt2; do
  d=.
  [ $b != new ] && d=.$b
  (cd $d && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps $apps >/tmp/build_$b.log 2>&1)
  log "build $b rc=$?"
done
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b != new ] && A=.$b/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/"$@" --max-time 0.25 --variants kp >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3 4 5; do
  for b in old new alt alt2; do
    row $b histogram --spaces serial --bins 256 --size 2^20
    row $b histogram --spaces serial --bins 256
    row $b histogram --spaces openmp --bins 256 --size 2^20
    row $b reduce --spaces serial --size 2^20
    row $b minloc --spaces serial --size 2^20
    row $b roulette --spaces serial,openmp
  done
  log "pass $pass"
done
