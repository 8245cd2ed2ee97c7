#!/bin/bash
# The 2-core build machine: the tree before this session's change (`.old`,
# 03b366a, its apps built with `KP_CMAKE_ARGS=-DKP_BUILD_TESTS=OFF
# scripts/build.sh --apps roulette,histogram` in .old) against this tree
# (dd7e83b), three passes interleaved: kp::sample's kernels
# (sample_phases.cpp, built against each tree's headers as /tmp/sp_old and
# /tmp/sp_new, see its header) on one and two threads, the roulette app and
# the 65536-bin histogram.
export OMP_PROC_BIND=spread OMP_PLACES=threads
for pass in 1 2 3; do
  for tree in old new; do
    for t in 1 2; do
      echo "\$ OMP_NUM_THREADS=$t sp_$tree"
      OMP_NUM_THREADS=$t /tmp/sp_$tree
    done
  done
  for tree in .old .; do
    echo "\$ $tree roulette"
    $tree/build/serial-openmp/apps/roulette --spaces serial,openmp --max-time 0.3 --variants kp
    echo "\$ $tree histogram 65536"
    $tree/build/serial-openmp/apps/histogram --size 2^26 --bins 65536 --spaces serial,openmp --max-time 0.2 --variants kp
  done
done
