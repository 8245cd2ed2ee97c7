#!/bin/bash
# Device run C (H100): Kokkos 3.4 CUDA build; the suite's kp rows against
# every variant on CUDA; the consumer project (find_package and
# add_subdirectory) against the CUDA build.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export OMP_PROC_BIND=spread OMP_PLACES=threads
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv; nproc; lscpu | head -20; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 330 scripts/build.sh --cuda -j 16 >"$OUT/build_cuda.log" 2>&1
log "build cuda rc=$?"
B=build/serial-openmp-cuda
cmd="$B/apps/suite --spaces cuda --apps bandwidth,reduce,scan,minloc,histogram,roulette --results $OUT/suite-cuda"
echo "$cmd" >"$OUT/suite-cuda.cmd"
timeout 110 $cmd >"$OUT/suite-cuda.txt" 2>&1
log "suite rc=$?"
(cd $B && timeout 140 ctest -R "^consumer$" --output-on-failure -V) >"$OUT/consumer.txt" 2>&1
log "consumer rc=$?"
