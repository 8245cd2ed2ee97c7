#!/bin/bash
# Device runs F (main at 8b5f2a6) and H (main at 9da51f9), H100: the whole
# suite on CUDA twice.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 330 scripts/build.sh --cuda -j 16 >"$OUT/build_cuda.log" 2>&1
log "build rc=$?"
for r in 1 2; do
  cmd="build/serial-openmp-cuda/apps/suite --spaces cuda --apps bandwidth,reduce,scan,minloc,histogram,roulette --results $OUT/suite-cuda-$r"
  echo "$cmd" >"$OUT/suite-cuda-$r.cmd"
  timeout 100 $cmd >"$OUT/suite-cuda-$r.txt" 2>&1
  log "suite $r rc=$?"
done
