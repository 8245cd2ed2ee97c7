#pragma once
// Kokkos Primitives: device-wide reduce, minloc/maxloc, scans, histogram,
// weighted sampling and sorts (radix, by a comparator, segmented) on any
// Kokkos execution space, each dispatching to the fastest correct algorithm
// for that space; plus the team, block and warp level pieces they are
// built from and their counter-based random numbers. See docs/API.md.
//
// Every call takes an execution space instance first and rank-1 Views of any
// layout in a memory space that space can access:
//
//   #include <kp/kp.hpp>
//   Kokkos::View<float*> x("x", n);
//   float sum = kp::reduce(Kokkos::DefaultExecutionSpace(), x);
#include <kp/algorithm.hpp>
#include <kp/block.hpp>
#include <kp/copy_if.hpp>
#include <kp/histogram.hpp>
#include <kp/minloc.hpp>
#include <kp/ops.hpp>
#include <kp/random.hpp>
#include <kp/reduce.hpp>
#include <kp/sample.hpp>
#include <kp/scan.hpp>
#include <kp/segmented.hpp>
#include <kp/segmented_sort.hpp>
#include <kp/sort.hpp>
#include <kp/team.hpp>
#include <kp/transform.hpp>
#include <kp/value_index.hpp>
#include <kp/version.hpp>
#include <kp/warp.hpp>
#include <kp/workspace.hpp>
