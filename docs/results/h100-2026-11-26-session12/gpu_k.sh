#!/bin/bash
# Device run K (a GPU machine's 16-vCPU host, no GPU use): the alias build's
# classify as chunk sums + prefixes + classify on multi-thread host spaces,
# and the pairing's forward searches (this tree), against `.old` (the tree
# of 93c0613, session 11's end), built side by side. Three passes
# interleaved: build_phases.cpp for uniform and ramp weights on 16 threads,
# then the roulette app's `kp` row (Serial and 16 OpenMP threads) for
# uniform and ramp weights. Carries `.cache` and `.old`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session12
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps roulette >/tmp/build.log 2>&1
log "build rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps roulette >/tmp/build_old.log 2>&1)
log "build old rc=$?"
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
g++ -O3 -fopenmp -std=c++17 -Iinclude -I$K/include $here/build_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/bp_new
g++ -O3 -fopenmp -std=c++17 -I.old/include -I$K/include $here/build_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/bp_old
log "probes built"
for pass in 1 2 3; do
  for b in old new; do
    for w in uniform ramp; do
      echo "\$ [$b] OMP_NUM_THREADS=16 build_phases $w" >>"$OUT/phases.txt"
      OMP_NUM_THREADS=16 timeout 100 /tmp/bp_$b $w >>"$OUT/phases.txt" 2>&1
    done
  done
  log "phases pass $pass"
done
for pass in 1 2 3; do
  for b in old new; do
    R=build/serial-openmp/apps/roulette
    [ $b = old ] && R=.old/$R
    for w in uniform ramp; do
      echo "\$ [$b] roulette --weights $w --spaces serial,openmp --variants kp" >>"$OUT/apps.txt"
      OMP_NUM_THREADS=16 timeout 60 $R --weights $w --spaces serial,openmp --max-time 0.4 --variants kp >>"$OUT/apps.txt" 2>&1
    done
  done
  log "apps pass $pass"
done
