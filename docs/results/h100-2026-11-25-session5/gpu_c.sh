#!/bin/bash
# Device run C (H100): Kokkos 4.6.01 + CUDA 13 with the CUDA changes of the
# last two sessions (sample's pinned totals report, minloc's join_later, the
# draw loop's reader): the kp tests on CUDA, and the kp rows of minloc and
# roulette against their apps' best rows.
set -u
export KP_CACHE=$PWD/.cache KP_OFFLINE=1 CMAKE_PREFIX_PATH=$PWD/.cache/deps/usr
export KP_KOKKOS46_TARBALL=$PWD/.cache/kokkos-4.6.01.tar.gz
t0=$SECONDS
log() { echo "$* at $((SECONDS - t0)) s" >>"$OUT/times.txt"; }
timeout 400 scripts/build.sh --cuda --kokkos 4.6 --apps minloc,roulette -j 16 >"$OUT/build.log" 2>&1
log "build rc=$?"
B=build/serial-openmp-cuda-kokkos4.6
(cd $B && OMP_NUM_THREADS=4 timeout 120 ctest -R "^test_kp" -j 4 --output-on-failure) >"$OUT/ctest.txt" 2>&1
log "ctest rc=$?"
{
  for app in minloc roulette; do
    cmd="$B/apps/$app --spaces cuda --size 2^26"
    [ $app = roulette ] && cmd="$cmd --draws 2^26"
    echo "\$ $cmd"; timeout 40 $cmd
  done
} >"$OUT/kp-rows.txt" 2>&1
log "apps rc=$?"
