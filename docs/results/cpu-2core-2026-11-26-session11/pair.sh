#!/bin/bash
# The 2-core build machine: the alias pairing kernel by chunks (the tree of
# 860de23) against a column an index (dd7e83b): sample_phases.cpp built
# against each tree's headers (/tmp/sp_new: dd7e83b, /tmp/sp_new2: the
# pairing by chunks), three passes interleaved, one and two threads.
export OMP_PROC_BIND=spread OMP_PLACES=threads
for pass in 1 2 3; do
  for b in new new2; do
    for t in 1 2; do
      echo "\$ OMP_NUM_THREADS=$t sp_$b"
      OMP_NUM_THREADS=$t /tmp/sp_$b
    done
  done
done
