#!/bin/bash
# Device run U (the GPU machine: CUDA build with Kokkos 3.4.01, CUDA 13):
# after ebdbb6a (count_below's comparison moved into is_below, which GPU
# threads run too), the library's and roulette's tests on the CUDA, Serial
# and OpenMP spaces. Carries `.cache`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nvidia-smi --query-gpu=name --format=csv,noheader; echo "tree: 931c361"; } >"$OUT/times.txt" 2>&1
timeout 300 scripts/build.sh --cuda -j 16 --apps roulette >"$OUT/build.log" 2>&1
log "cuda build rc=$?"
timeout 200 ctest --test-dir build/serial-openmp-cuda -R '^test_kp|^test_roulette' -j 8 --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
