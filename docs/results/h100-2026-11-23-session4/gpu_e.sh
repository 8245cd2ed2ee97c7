#!/bin/bash
# Device run E (H100, experiment): kp::sample's draw kernel by batch size,
# next to kp and alias-parallel, three repeats.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 330 scripts/build.sh --cuda -j 16 --apps roulette >"$OUT/build_cuda.log" 2>&1
log "build rc=$?"
for r in 1 2 3; do
  timeout 60 build/serial-openmp-cuda/apps/roulette --spaces cuda >>"$OUT/roulette.txt" 2>&1
  timeout 60 build/serial-openmp-cuda/apps/roulette --spaces cuda --size 2^22 --draws 2^27 >>"$OUT/roulette.txt" 2>&1
done
log "runs"
