#pragma once
// The variant a call runs: each call takes its own enum as its last
// argument, so a variant the call does not have does not compile.
//
//   kp::ReduceAlgorithm     reduce, minloc, maxloc, transform_reduce
//                           automatic, kokkos, vector, host_lanes
//   kp::ScanAlgorithm       the scans and transform scans
//                           automatic, kokkos, decoupled_lookback, sequential
//   kp::CopyIfAlgorithm     copy_if, copy_index_if
//                           automatic, kokkos, decoupled_lookback
//   kp::HistogramAlgorithm  automatic, kokkos (= global_atomics), global_atomics,
//                           team_scratch, private_bins, cluster
//   kp::SampleAlgorithm     sample, AliasTable::sample
//                           automatic, alias, private_bins, global_atomics
//
// `automatic` (the default) picks the fastest correct one for the execution
// space, by the dispatch table in docs/API.md; naming one is for benchmarks
// and tests. A choice the space cannot run (host_lanes or sequential on a
// GPU, cluster off sm_90, ...) throws std::invalid_argument. The fast paths
// read contiguous arrays: a non-contiguous View (strided, say) takes the
// kokkos path of reduce, minloc and scan whatever is named.
// kp::name(a) gives a choice's name ("host-lanes", "decoupled-lookback").
#include <kp/impl/algorithm.hpp>
