#!/bin/bash
# 2-core VM, A/B of this session's host changes at 2^26, three passes interleaved.
#   *_old: built before this session's change to that app (histogram: 53fe871;
#   reduce, minloc, bandwidth: 6801789, whose change was the histogram's);
#   histogram_pf: 7d0d4b6
#   (values prefetched, int32 clamp); bandwidth_pf: 22756b3 (prefetch, static
#   split); build/serial-openmp/apps: 732a53d (this session's code).
export OMP_PROC_BIND=spread OMP_PLACES=threads
N=build/serial-openmp/apps
for pass in 1 2 3; do
  echo "== pass $pass"
  for b in /tmp/bandwidth_old /tmp/bandwidth_pf $N/bandwidth; do
    echo "$b: $($b --spaces serial,openmp --variants read --max-time 0.3 | grep -E '^(serial|openmp)' | awk '{print $1, $2, $4 " us", $8 " GB/s"}' | tr '\n' ' ')"
  done
  for app in reduce minloc; do
    for b in /tmp/${app}_old $N/$app; do
      echo "$b: $($b --size 2^26 --spaces serial,openmp --variants kp --max-time 0.3 | grep -E '^(serial|openmp)' | awk '{print $1, $2, $4 " us", $8 " GB/s"}' | tr '\n' ' ')"
    done
  done
  for b in /tmp/histogram_old /tmp/histogram_pf $N/histogram; do
    echo "$b 256 bins: $($b --size 2^26 --bins 256 --spaces serial,openmp --variants kp --max-time 0.3 | grep -E '^(serial|openmp)' | awk '{print $1, $2, $4 " us", $8 " GB/s"}' | tr '\n' ' ')"
  done
done
