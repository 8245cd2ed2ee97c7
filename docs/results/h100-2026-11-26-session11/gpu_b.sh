#!/bin/bash
# Device run B (a GPU machine's 16-vCPU host, no GPU use): the sum of the
# private rows by column blocks and the classifying scan by chunks of 512
# (this tree) against the tree before (`.old`), and this tree with draw
# tasks of 8192 draws instead of 32768 (`.alt`), built side by side and run
# interleaved: sample_phases.cpp on 16 threads, the roulette app, and the
# histogram at 2^28 (256 and 65536 bins), with the read ceiling each pass.
# Carries `.cache`, `.old` and `.alt`:
#   git archive HEAD -- . ':!docs' | tar -x -C .old   # the tree before
#   (working tree copied to .alt, kDrawTask = 8192)
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session11
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
for tree in . .old .alt; do
  (cd $tree && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 240 scripts/build.sh --apps roulette,histogram,bandwidth -j 16 >/tmp/build.log 2>&1)
  log "build $tree rc=$?"
done
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
for tree in . .old .alt; do
  g++ -O3 -fopenmp -std=c++17 -I$tree/include -I$K/include $here/sample_phases.cpp $K/lib/libkokkoscore.a -ldl -o $tree/sp
done
log "probes built"
run() { echo "\$ $*" >>"$OUT/ab.txt"; timeout 60 "$@" >>"$OUT/ab.txt" 2>&1; }
for pass in 1 2 3; do
  run build/serial-openmp/apps/bandwidth --spaces openmp --max-time 0.3 --variants read
  for tree in .old . .alt; do
    echo "# tree $tree" >>"$OUT/phases.txt"
    timeout 60 $tree/sp >>"$OUT/phases.txt" 2>&1
    run $tree/build/serial-openmp/apps/roulette --spaces serial,openmp --max-time 0.3 --variants kp
  done
  for tree in .old .; do
    H=$tree/build/serial-openmp/apps/histogram
    run $H --size 2^28 --bins 256 --spaces openmp --max-time 0.2 --variants kp
    run $H --size 2^28 --bins 65536 --spaces openmp --max-time 0.2 --variants kp
  done
  log "pass $pass"
done
