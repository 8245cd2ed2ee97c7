#!/bin/bash
# Device run F (the GPU machine: CUDA + MPI build, Kokkos 3.4.01, CUDA 13,
# the machine's Open MPI): after 5898940 (kp::mpi::sample's pairing in
# chunks with forward searches on hosts, one column a thread with a plain
# binary search on GPUs), the distributed tests on 1-3 ranks and the MPI
# roulette app's tests, on the CUDA, Serial and OpenMP spaces. Carries
# `.cache`.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export LD_LIBRARY_PATH=$PWD/.cache/deps/usr/lib/x86_64-linux-gnu
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
nvidia-smi --query-gpu=name --format=csv,noheader >"$OUT/times.txt" 2>&1
timeout 360 scripts/build.sh --cuda --mpi --apps roulette -j 16 >"$OUT/build.log" 2>&1
log "cuda mpi build rc=$?"
(cd build/serial-openmp-cuda-mpi && OMP_NUM_THREADS=2 timeout 200 ctest -R "test_kp_mpi|mpi_app.roulette" --output-on-failure) >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
