#!/bin/bash
# Device run P (the H100 machine's 16-core host, no GPU use): the final host
# code (streaming scan stores, minloc in vector packs) in a host-only build
# with TBB carried. The whole CPU suite at its default size (2^26) as in
# run K2, then reduce, scan, minloc and histogram at 2^28 (past the host's
# 300 MiB L3) beside the bandwidth ceilings, as in run O.
# Needs `.cache` carried as in run K.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 300 scripts/build.sh -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >"$OUT/suite.cmd"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
run() { echo "$*" >>"$OUT/big.txt"; timeout 60 "$@" >>"$OUT/big.txt" 2>&1; }
run $B/bandwidth --spaces serial,openmp --max-time 0.3
run $B/reduce --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos,plain-loop,std-reduce,omp-simd
run $B/scan --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos,decoupled-lookback,std-scan
run $B/minloc --size 2^28 --spaces serial,openmp --max-time 0.3 --variants kp,kokkos-minloc,std-min-element,omp-partials
run $B/histogram --size 2^28 --bins 256 --spaces serial,openmp --max-time 0.3 --variants kp,scatter-duplicated,plain-loop,omp-private
run $B/histogram --size 2^28 --bins 65536 --spaces serial,openmp --max-time 0.3 --variants kp,scatter-duplicated,plain-loop,omp-private
log "big"
