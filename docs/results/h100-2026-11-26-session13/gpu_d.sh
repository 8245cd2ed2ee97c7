#!/bin/bash
# Device run D (the GPU machine: CUDA build with Kokkos 3.4.01, CUDA 13):
# the library's, reduce's, minloc's, histogram's and roulette's tests on the
# CUDA, Serial and OpenMP spaces after this session's changes (kp::reduce's
# value on GPUs keeps its copy from device memory; the rest is host code).
# Carries `.cache`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
nvidia-smi --query-gpu=name --format=csv,noheader >"$OUT/times.txt" 2>&1
timeout 330 scripts/build.sh --cuda -j 16 --apps reduce,minloc,histogram,roulette >"$OUT/build.log" 2>&1
log "cuda build rc=$?"
timeout 200 ctest --test-dir build/serial-openmp-cuda -R '^test_kp|^test_roulette|^test_reduce|^test_minloc|^test_histogram' -j 8 --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
