#!/bin/bash
# Device run F2 (H100 machine's 16-core host): a stand-alone probe, no
# Kokkos: the host histogram's inner loop (256 bins from memory or cache,
# 65536 bins prefetched) and the alias draws' loop (thresholds all "keep",
# random, random without a branch) on 1 to 16 threads, each thread timed on
# its own (fastest and slowest thread printed). Run from this folder.
set -eu
g++ -O3 -fopenmp -std=c++17 scal.cpp -o "$OUT/scal"
OMP_PROC_BIND=spread OMP_PLACES=threads "$OUT/scal" | tee "$OUT/scal.txt"
