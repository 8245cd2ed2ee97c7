#!/bin/bash
# Device run E (a GPU machine's 16-vCPU host, no GPU use): on the 2-core VM
# da05538's Serial kp::reduce of 2^20 floats was 44 us against 9a63f6e's 36
# (docs/results/cpu-2core-2026-11-26-session13): its 4096-value chunks
# stopped prefetching a quarter of each chunk before its end. This tree
# prefetches up to the array's end; `.alt` is this tree with chunks of at
# least 16384 values. Three passes interleaved with `.old` (9a63f6e) of
# reduce at 2^20 (Serial and 16 threads, beside omp-simd), 2^24 and 2^28
# (16 threads). Carries `.cache`, `.old`, `.alt`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
for b in new old alt; do
  d=.
  [ $b != new ] && d=.$b
  (cd $d && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 --apps reduce >/tmp/build_$b.log 2>&1)
  log "build $b rc=$?"
done
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b != new ] && A=.$b/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/"$@" --max-time 0.25 >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3; do
  for b in old new alt; do
    row $b reduce --spaces serial,openmp --size 2^20 --variants kp,omp-simd --repeat 100
    row $b reduce --spaces openmp --size 2^24 --variants kp,omp-simd
    row $b reduce --spaces openmp --size 2^28 --variants kp
  done
  log "pass $pass"
done
