#!/bin/bash
# Device run K (H100 machine's 16-core host, no GPU use): the seventh
# session's host code in a host-only build (Serial + OpenMP, no CUDA), so
# that the std::execution::par_unseq (TBB) baselines are in the table: the
# CUDA build the earlier 16-core runs used leaves them out. Needs `.cache`
# carried: the patched Kokkos source (0007 lets that machine's newer g++
# build it), Catch2, and deps/usr with CLI11, nlohmann/json, stb and TBB
# (headers, CMake files, runtime libraries) from this machine's Debian packages.
# Then: the histogram probe (old and new counting loop), the CPU suite, and
# the histogram at 256 and 65536 bins twice more. The tests are not built
# (CI runs them; the CUDA build's were run on that machine in run I).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
here=$(dirname "$0")
{ nproc; lscpu | head -20; g++ --version | head -1; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
g++ -O3 -fopenmp -std=c++17 "$here/hist_probe.cpp" -o /tmp/hist_probe && /tmp/hist_probe >"$OUT/probe.txt" 2>&1
log "probe rc=$?"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >"$OUT/suite.cmd"
timeout 230 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
for bins in 256 65536 256 65536; do
  timeout 60 $B/histogram --spaces serial,openmp --bins $bins --max-time 0.3 >>"$OUT/histogram.txt" 2>&1
done
log "histogram"
# Added for run K2: reduce, scan and minloc against the par_unseq baselines
# twice more, on 16 threads.
for pass in 1 2; do
  for app in reduce scan minloc; do
    timeout 60 $B/$app --spaces openmp --max-time 0.3 >>"$OUT/repeats.txt" 2>&1
  done
done
log "repeats"
