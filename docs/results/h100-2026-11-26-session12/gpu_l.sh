#!/bin/bash
# Device run L (a GPU machine's 16-vCPU host, no GPU use): why run K's
# classify passes took ~600 us on 16 threads. dynamic_policy.cpp on 16, 8
# and 2 threads; then build_phases.cpp (uniform, ramp; 16 threads) for
# `.old` (93c0613), this tree (classify's passes on a Dynamic policy of
# chunk 1) and `.alt` (the same passes on the static policy), three passes
# interleaved. Carries `.cache`, `.old` and `.alt`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$PWD/docs/results/h100-2026-11-26-session12
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release 2>/dev/null | head -1)
if [ -z "$K" ]; then
  KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 --apps roulette >/tmp/build.log 2>&1
  log "build rc=$?"
  K=$(ls -d $KP_CACHE/install/3.4.01-*-serial-openmp-none-Release | head -1)
fi
g++ -O3 -fopenmp -std=c++17 -I$K/include $here/dynamic_policy.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/dyn
for b in old new alt; do
  inc=include
  [ $b != new ] && inc=.$b/include
  g++ -O3 -fopenmp -std=c++17 -I$inc -I$K/include $here/build_phases.cpp $K/lib/libkokkoscore.a -ldl -o /tmp/bp_$b
done
log "probes built"
for t in 16 8 2; do
  echo "\$ OMP_NUM_THREADS=$t dynamic_policy" >>"$OUT/dynamic.txt"
  OMP_NUM_THREADS=$t timeout 60 /tmp/dyn >>"$OUT/dynamic.txt" 2>&1
done
log "dynamic"
for pass in 1 2 3; do
  for b in old new alt; do
    for w in uniform ramp; do
      echo "\$ [$b] OMP_NUM_THREADS=16 build_phases $w" >>"$OUT/phases.txt"
      OMP_NUM_THREADS=16 timeout 100 /tmp/bp_$b $w >>"$OUT/phases.txt" 2>&1
    done
  done
  log "phases pass $pass"
done
