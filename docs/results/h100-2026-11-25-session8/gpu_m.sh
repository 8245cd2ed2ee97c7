#!/bin/bash
# Device run M (the H100 machine's 16-core host, no GPU use): two probes.
# hist_probe2.cpp: the host histogram's counting loop in scalar forms and
# AVX-512 forms (lane-private gather/scatter, conflict detection), uniform
# and geometric data. scan_probe.cpp: a tiled host scan with regular against
# non-temporal stores, beside memcpy and copy loops.
set -u
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$(dirname "$0")
{ nproc; lscpu | head -24; g++ --version | head -1; getconf -a | grep -i CACHE; } >"$OUT/machine.txt" 2>&1
for p in scan_probe hist_probe2; do
  g++ -O3 -fopenmp -std=c++17 "$here/$p.cpp" -o /tmp/$p 2>/dev/null && timeout 250 /tmp/$p >"$OUT/$p.txt" 2>&1
  echo "$p rc=$?" >>"$OUT/times.txt"
done
