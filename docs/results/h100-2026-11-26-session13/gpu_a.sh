#!/bin/bash
# Device run A (a GPU machine's 16-vCPU host, no GPU use): this tree (host
# reductions' chunks shrinking below 256 chunks, the join run by the last
# worker of run_host_tasks, the value returned without a copy; the private
# rows' slots marked by run number instead of a clearing launch; the alias
# classify's prefixes in its sums' launch) against `.old` (9a63f6e, the
# twelfth session's end), built side by side. build_phases.cpp (session 12)
# on 16 threads, uniform weights; three passes interleaved of reduce,
# minloc, the 256-bin histogram at 2^20 and roulette with baselines; the
# suite at 1/64 of its sizes (2^20 values), three passes a tree. Carries
# `.cache` and `.old`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads OMP_NUM_THREADS=16
probe=$PWD/docs/results/h100-2026-11-26-session12/build_phases.cpp
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/times.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 250 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 250 scripts/build.sh -j 16 >/tmp/build_old.log 2>&1)
log "build old rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
for b in old new; do
  inc=include
  [ $b = old ] && inc=.old/include
  g++ -O3 -fopenmp -std=c++17 -I$inc -I$K/include $probe $K/lib/libkokkoscore.a -ldl -o /tmp/bp_$b
  echo "\$ [$b] build_phases uniform" >>"$OUT/phases.txt"
  timeout 100 /tmp/bp_$b uniform >>"$OUT/phases.txt" 2>&1
done
log "phases"
row() {
  local b=$1; shift
  local A=build/serial-openmp/apps
  [ $b = old ] && A=.old/$A
  echo "\$ [$b] $*" >>"$OUT/apps.txt"
  timeout 60 $A/"$@" --max-time 0.25 >>"$OUT/apps.txt" 2>&1
}
for pass in 1 2 3; do
  for b in old new; do
    row $b reduce --spaces serial,openmp --size 2^20 --variants kp,omp-simd,std-reduce
    row $b reduce --spaces openmp --size 2^24 --variants kp,omp-simd
    row $b minloc --spaces openmp --size 2^20 --variants kp,omp-partials
    row $b histogram --spaces openmp --bins 256 --size 2^20 --variants kp,omp-private
    row $b roulette --spaces serial,openmp --variants kp
  done
  log "apps pass $pass"
done
for pass in 1 2 3; do
  for b in old new; do
    S=build/serial-openmp/apps/suite
    [ $b = old ] && S=.old/$S
    cmd="$S --spaces serial,openmp --max-time 0.2 --scale 64 --apps bandwidth,reduce,scan,minloc,histogram --results /tmp/small_$b"
    echo "\$ [pass $pass] $cmd" >>"$OUT/small.txt"
    timeout 100 $cmd >>"$OUT/small.txt" 2>&1
    sed "s/^/$pass,$b,/" /tmp/small_$b/results.csv >>"$OUT/small.csv"
  done
  log "small pass $pass"
done
