#!/bin/bash
# Device run J (H100): after the draw kernels shared one batch loop
# (draw_range): the CUDA build's kp, roulette and histogram tests, and the
# roulette and histogram GPU rows against run I's.
BUILD_LIMIT=330
source "$(dirname "$0")/device_env.sh"
build --apps histogram,roulette
timeout 200 ctest --test-dir build/serial-openmp-cuda -R "kp|roulette|histogram" -j 8 \
  --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
for app in histogram roulette; do run $B/$app --spaces cuda --max-time 0.3; done
log "gpu rows"
