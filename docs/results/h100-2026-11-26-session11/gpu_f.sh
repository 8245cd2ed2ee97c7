#!/bin/bash
# Device run F (a GPU machine's 16-vCPU host, no GPU use): the session's
# final tree. Its whole CPU suite at the default size; three passes of the
# read ceiling, reduce, minloc and the histogram (256 and 65536 bins) at
# 2^28; roulette `kp` on 1, 2, 4, 8 and 16 threads; kp::sample's kernels on
# 16 threads and one (sample_phases.cpp). Carries `.cache` as run A.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session11
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
big() { echo "\$ $*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
for pass in 1 2 3; do
  big $B/bandwidth --spaces openmp --max-time 0.3 --variants read
  big $B/reduce --size 2^28 --spaces openmp --max-time 0.2 --variants kp
  big $B/minloc --size 2^28 --spaces openmp --max-time 0.2 --variants kp
  big $B/histogram --size 2^28 --bins 256 --spaces openmp --max-time 0.2 --variants kp
  big $B/histogram --size 2^28 --bins 65536 --spaces openmp --max-time 0.2 --variants kp
  log "pass $pass"
done
for t in 1 2 4 8 16; do
  echo "\$ OMP_NUM_THREADS=$t $B/roulette --spaces openmp --max-time 0.3 --variants kp" >>"$OUT/threads.txt"
  OMP_NUM_THREADS=$t timeout 60 $B/roulette --spaces openmp --max-time 0.3 --variants kp >>"$OUT/threads.txt" 2>&1
done
big $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp
log "threads"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
g++ -O3 -fopenmp -std=c++17 -Iinclude -I$K/include $here/sample_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/sp
for t in 16 1; do
  echo "\$ OMP_NUM_THREADS=$t sample_phases" >>"$OUT/phases.txt"
  OMP_NUM_THREADS=$t timeout 60 /tmp/sp >>"$OUT/phases.txt" 2>&1
done
log "phases"
