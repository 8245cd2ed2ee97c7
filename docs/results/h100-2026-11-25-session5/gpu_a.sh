#!/bin/bash
# Device run A (H100): the CUDA + MPI build with the distributed alias table
# of kp::mpi::sample; its tests on CUDA; roulette's kp row (kp::mpi::sample)
# against alias-parallel on one GPU; and strong and weak scaling of every
# distributed kp row over 1, 2, 4 and 8 CPU ranks (one core each).
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv; nproc; mpirun --version; } >"$OUT/machine.txt" 2>&1
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 320 scripts/build.sh --cuda --mpi --apps reduce,scan,minloc,histogram,roulette -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp-cuda-mpi
(cd $B && OMP_NUM_THREADS=2 timeout 100 ctest -R "test_kp_mpi|mpi_app.roulette|test_kp_sample" --output-on-failure) >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
mpi="mpirun --allow-run-as-root --oversubscribe --bind-to core --map-by core"
{
  for np in 1 2; do
    cmd="$mpi -np $np $B/apps/roulette --spaces cuda --size 2^26 --draws 2^26 --weights ramp --variants kp,alias-parallel"
    echo "\$ $cmd"; OMP_NUM_THREADS=1 timeout 40 $cmd
  done
} >"$OUT/roulette-cuda.txt" 2>&1
log "roulette cuda rc=$?"
{
  for app in reduce scan minloc histogram roulette; do
    size=2^26; extra=""
    [ $app = roulette ] && size=2^22 && extra="--draws 2^22 --weights ramp"
    for np in 1 2 4 8; do
      cmd="$mpi -np $np $B/apps/$app --spaces serial --variants kp --size $size $extra --repeat 7 --warmup 1"
      echo "\$ $cmd"; OMP_NUM_THREADS=1 timeout 40 $cmd
    done
    [ $app = roulette ] && continue  # weak scaling: the arrays' apps
    for np in 1 2 4 8; do
      cmd="$mpi -np $np $B/apps/$app --spaces serial --variants kp --size-per-rank 2^23 --repeat 7 --warmup 1"
      echo "\$ $cmd"; OMP_NUM_THREADS=1 timeout 40 $cmd
    done
  done
} >"$OUT/cpu-ranks.txt" 2>&1
log "cpu ranks rc=$?"
