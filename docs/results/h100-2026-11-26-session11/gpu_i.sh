#!/bin/bash
# Device run I (a GPU machine's 16-vCPU host, no GPU use): hist_avx2.cpp,
# the histogram's 256-bin loop built for the x86-64 baseline (SSE2) and, per
# task, for AVX2, from memory and from L1, 16 threads and one; twice. No
# Kokkos: nothing carried.
set -u
export OMP_PROC_BIND=spread OMP_PLACES=threads
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
g++ -O3 -fopenmp -std=c++17 docs/results/h100-2026-11-26-session11/hist_avx2.cpp -o /tmp/ha
timeout 120 /tmp/ha >"$OUT/avx2.txt" 2>&1
timeout 120 /tmp/ha >>"$OUT/avx2.txt" 2>&1
