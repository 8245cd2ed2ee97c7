#!/bin/bash
# Device run B (H100): after the window-slot fix, kp::mpi::sample on one GPU
# against alias-parallel, at 2^26 weights and draws, for the three weight
# kinds; its tests on CUDA again.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 320 scripts/build.sh --cuda --mpi --apps roulette -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp-cuda-mpi
mpi="mpirun --allow-run-as-root --oversubscribe --bind-to core --map-by core"
{
  for w in ramp sparse uniform; do
    cmd="$mpi -np 1 $B/apps/roulette --spaces cuda --size 2^26 --draws 2^26 --weights $w --variants kp,alias-parallel"
    echo "\$ $cmd"; OMP_NUM_THREADS=1 timeout 40 $cmd
  done
} >"$OUT/roulette-cuda.txt" 2>&1
log "roulette cuda rc=$?"
(cd $B && OMP_NUM_THREADS=2 timeout 100 ctest -R "test_kp_mpi|mpi_app.roulette|test_kp_sample|test_roulette" --output-on-failure) >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
