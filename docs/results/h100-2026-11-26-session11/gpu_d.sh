#!/bin/bash
# Device run D (a GPU machine's 16-vCPU host, no GPU use): this tree's whole
# CPU suite at its default size; then, interleaved, three passes of the
# roulette app (`kp`, Serial and 16 threads) and the 65536-bin histogram at
# 2^28 for this tree, the tree before the session's change (`.old`) and this
# tree with draw tasks of 8192 (`.alt`, roulette only), the read ceiling and
# minloc at 2^28; then this tree's roulette `kp` on 1, 2, 4, 8, 16 threads.
# First, hist_window.cpp: the histogram's loop with its values from memory,
# L2 or L1, on 16 threads and one.
# Carries `.cache`, `.old` and `.alt`:
#   git archive 03b366a -- . ':!docs' | tar -x -C .old   # the tree before
#   git archive HEAD -- . ':!docs' | tar -x -C .alt      # then kDrawTask = 8192
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
g++ -O3 -fopenmp -std=c++17 docs/results/h100-2026-11-26-session11/hist_window.cpp -o /tmp/hw && timeout 120 /tmp/hw >"$OUT/hist_window.txt" 2>&1
log "hist_window rc=$?"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build . rc=$?"
for tree in .old .alt; do
  (cd $tree && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh --apps roulette,histogram -j 16 >/tmp/build.log 2>&1)
  log "build $tree rc=$?"
done
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
for pass in 1 2 3; do
  run $B/bandwidth --spaces openmp --max-time 0.3 --variants read
  run $B/minloc --size 2^28 --spaces openmp --max-time 0.2 --variants kp
  for tree in .old . .alt; do
    run $tree/$B/roulette --spaces serial,openmp --max-time 0.3 --variants kp
  done
  for tree in .old .; do
    run $tree/$B/histogram --size 2^28 --bins 65536 --spaces openmp --max-time 0.2 --variants kp
  done
  log "pass $pass"
done
for t in 1 2 4 8 16; do
  echo "\$ OMP_NUM_THREADS=$t $B/roulette --spaces openmp --max-time 0.3 --variants kp" >>"$OUT/threads.txt"
  OMP_NUM_THREADS=$t timeout 60 $B/roulette --spaces openmp --max-time 0.3 --variants kp >>"$OUT/threads.txt" 2>&1
done
log "threads"
