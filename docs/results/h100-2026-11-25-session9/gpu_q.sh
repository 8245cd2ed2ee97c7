#!/bin/bash
# Device run Q (the H100 machine's 16-core host, no GPU use): the host code
# as the eighth session left it (streaming scan stores, minloc in vector
# packs), whose runs N, O and P did not come back. Host-only build (Serial +
# OpenMP, TBB carried). The CPU suite at its default size (2^26), then
# reduce, scan, minloc and histogram at 2^28 (past the host's 300 MiB L3)
# beside the bandwidth ceilings, then sample_probe.cpp (kp::sample's table
# build and draws timed apart) on 1 to 16 threads.
# Needs `.cache` carried as in run K (docs/results/h100-2026-11-25-session7).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
probes=docs/results/h100-2026-11-25-session8
{ nproc; lscpu | head -24; g++ --version | head -1; getconf -a | grep -i CACHE; git log -1 --format=%H; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "build rc=$?"; tail -3 /tmp/build.log >>"$OUT/times.txt"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
run() { echo "\$ $*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
for pass in 1 2; do
  run $B/bandwidth --spaces serial,openmp --max-time 0.3
  run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos,plain-loop,std-reduce,omp-simd
  run $B/scan --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos,decoupled-lookback,std-scan
  run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos-minloc,std-min-element,omp-partials
  run $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.3 --variants kp,scatter-duplicated,plain-loop,omp-private
  run $B/histogram --size 2^28 --bins 65536 --spaces serial,openmp --max-time 0.3 --variants kp,scatter-duplicated,plain-loop,omp-private
  log "big pass $pass"
done
K=$(ls -d $KP_CACHE/install/*serial-openmp* | head -1)
g++ -DKOKKOS_DEPENDENCE -Iinclude -isystem $K/include -O3 -DNDEBUG -fopenmp -std=c++20 \
  $probes/sample_probe.cpp -o /tmp/sample_probe $K/lib/libkokkoscontainers.a $K/lib/libkokkoscore.a -ldl
for t in 1 2 4 8 16; do OMP_NUM_THREADS=$t timeout 60 /tmp/sample_probe >>"$OUT/sample.txt" 2>&1; done
log "sample probe"
