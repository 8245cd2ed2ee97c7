#!/bin/bash
# Device run G (the GPU machine, CUDA build: Kokkos 3.4.01, CUDA 13): the
# session's final code's library and roulette tests on the CUDA, Serial and
# OpenMP spaces (the alias build's kernels now take a chunk of items an
# index, one on GPUs), then the roulette app's `kp` row on all three spaces
# for this tree and the tree before (`.old`, 03b366a), three passes
# interleaved. Carries `.cache` and `.old`:
#   git archive 03b366a -- . ':!docs' | tar -x -C .old
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nvidia-smi --query-gpu=name --format=csv,noheader; nproc; } >"$OUT/machine.txt" 2>&1
timeout 330 scripts/build.sh --cuda -j 16 --apps roulette >"$OUT/build.log" 2>&1
log "build rc=$?"
timeout 120 ctest --test-dir build/serial-openmp-cuda -R '^test_kp|^test_roulette' -j 8 --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
(cd .old && KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 150 scripts/build.sh --cuda -j 16 --apps roulette >/tmp/build_old.log 2>&1)
log "build .old rc=$?"
for pass in 1 2 3; do
  for tree in .old .; do
    echo "\$ $tree roulette" >>"$OUT/ab.txt"
    timeout 40 $tree/build/serial-openmp-cuda/apps/roulette --spaces cuda,openmp,serial --max-time 0.3 --variants kp >>"$OUT/ab.txt" 2>&1
  done
done
log "ab"
