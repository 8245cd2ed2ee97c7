#!/bin/bash
# kp::mpi::sample's pairing on host ranks, 5898940 against its parent: the
# roulette app of the MPI build (scripts/build.sh --mpi --apps roulette),
# `new` built at 5898940, `old` the same folder built with 8a14c9a's
# include/kp/impl/mpi_sample.hpp, copied to /tmp/roulette_mpi_{old,new}.
# 2^20 weights (ramp: every light's heavy found by a search; uniform: no
# searches), 10^6 draws, Serial, 1 and 2 ranks, three passes interleaved;
# median, min, max of the calls in us.
for w in ramp uniform; do
  for p in 1 2 3; do
    for b in old new; do
      for np in 1 2; do
        echo "[$w $b np$np] $(mpiexec -n $np --oversubscribe --allow-run-as-root /tmp/roulette_mpi_$b \
          --size 2^20 --draws 1000000 --weights $w --variants kp --spaces serial --max-time 0.5 2>&1 |
          grep -E '^serial' | awk '{print $4, $5, $6}')"
      done
    done
  done
done
