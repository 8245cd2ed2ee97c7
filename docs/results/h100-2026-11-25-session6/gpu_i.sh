#!/bin/bash
# Device run I (H100): every test of the CUDA build (CUDA, Serial and OpenMP
# spaces) on this session's final code, and the GPU rows of histogram,
# roulette and mandelbrot (the host-path changes must leave them as they were).
BUILD_LIMIT=330
source "$(dirname "$0")/device_env.sh"
build
timeout 200 ctest --test-dir build/serial-openmp-cuda -j 8 --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
for app in histogram roulette mandelbrot; do run $B/$app --spaces cuda --max-time 0.3; done
log "gpu rows"
