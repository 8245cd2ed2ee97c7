#!/bin/bash
# Device run H (a GPU machine's 16-vCPU host, no GPU use): hist_parts.cpp
# (the histogram loop's parts, values in L1, 16 threads and one), twice,
# with hist_window.cpp between them. No Kokkos: nothing carried.
set -u
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=docs/results/h100-2026-11-26-session11
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
g++ -O3 -fopenmp -std=c++17 $here/hist_parts.cpp -o /tmp/parts
g++ -O3 -fopenmp -std=c++17 $here/hist_window.cpp -o /tmp/window
log "built"
timeout 120 /tmp/parts >"$OUT/parts.txt" 2>&1
timeout 120 /tmp/window >"$OUT/window.txt" 2>&1
timeout 120 /tmp/parts >>"$OUT/parts.txt" 2>&1
log "done"
