#!/bin/bash
# The 2-core build machine: the alias build's totals by chunks of 512
# weights (860de23 with SumWeights looping over a chunk with its sums in a
# local copy, a change measured here and not kept: no faster) against a
# weight an index (860de23): sample_phases.cpp built against each tree's
# headers (/tmp/sp_new2: 860de23, /tmp/sp_new3: the totals by chunks),
# three passes interleaved, one and two threads.
export OMP_PROC_BIND=spread OMP_PLACES=threads
for pass in 1 2 3; do
  for b in new2 new3; do
    for t in 1 2; do
      echo "\$ OMP_NUM_THREADS=$t sp_$b"
      OMP_NUM_THREADS=$t /tmp/sp_$b
    done
  done
done
