#!/bin/bash
# Device run P (the GPU machine: CUDA build with Kokkos 3.4.01, CUDA 13, and
# its 16-vCPU host): the session's final code. The library's tests and the
# roulette, reduce and minloc tests on the CUDA, Serial and OpenMP spaces
# (the pairing's forward searches run on GPUs too, one search a thread);
# then the whole CPU suite from the host build, and roulette `kp` on 1 to
# 16 threads. Carries `.cache`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
export OMP_PROC_BIND=spread OMP_PLACES=threads
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
{ nvidia-smi --query-gpu=name --format=csv,noheader; nproc; lscpu | grep -E "Model|L2|L3"; } >"$OUT/machine.txt" 2>&1
timeout 300 scripts/build.sh --cuda -j 16 --apps roulette,reduce,minloc >"$OUT/build.log" 2>&1
log "cuda build rc=$?"
timeout 150 ctest --test-dir build/serial-openmp-cuda -R '^test_kp|^test_roulette|^test_reduce|^test_minloc' -j 8 --output-on-failure >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF timeout 200 scripts/build.sh -j 16 >/tmp/build.log 2>&1
log "host build rc=$?"
B=build/serial-openmp/apps
cmd="$B/suite --spaces serial,openmp --max-time 0.3 --apps bandwidth,reduce,scan,minloc,histogram,roulette,mandelbrot --results $OUT/suite"
echo "$cmd" >>"$OUT/times.txt"
timeout 200 $cmd >"$OUT/suite.txt" 2>&1
log "suite rc=$?"
for t in 1 2 4 8 16; do
  echo "\$ OMP_NUM_THREADS=$t $B/roulette --spaces openmp --max-time 0.3 --variants kp" >>"$OUT/threads.txt"
  OMP_NUM_THREADS=$t timeout 60 $B/roulette --spaces openmp --max-time 0.3 --variants kp >>"$OUT/threads.txt" 2>&1
done
for pass in 1 2 3; do
  echo "\$ $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp" >>"$OUT/threads.txt"
  timeout 60 $B/roulette --spaces serial,openmp --max-time 0.3 --variants kp >>"$OUT/threads.txt" 2>&1
done
log "threads"
