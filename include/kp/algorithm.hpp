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
//   kp::SegmentedAlgorithm  segmented_reduce, the segmented scans
//                           automatic, thread_per_segment, team_per_segment (reduce),
//                           decoupled_lookback (scans)
//
// `automatic` (the default) picks the fastest correct one for the execution
// space, by the dispatch table in docs/API.md; naming one is for benchmarks
// and tests. A choice the space cannot run (host_lanes or sequential on a
// GPU, cluster off sm_90, ...) throws std::invalid_argument. The fast paths
// read contiguous arrays: a non-contiguous View (strided, say) takes the
// kokkos path of reduce, minloc and scan whatever is named.
// kp::name(a) gives a choice's name ("host-lanes", "decoupled-lookback").
//
// Each enum, its mapping onto the implementation's one list of variants
// (impl::Algorithm) and its names come from one table below: a call's list
// names, for each of its choices, the variant it runs.

namespace kp {
namespace impl {

// Every variant of every call, and its name.
#define KP_ALGORITHMS(X)                                                                           \
  X(automatic, "automatic")   /* the dispatch table's choice for the space (and bins) */           \
  X(kokkos, "kokkos")         /* the Kokkos pattern: parallel_reduce, _scan, atomics */            \
  X(vector, "vector")         /* reduce, minloc: one launch, 16-byte packs */                      \
  X(host_lanes, "host-lanes") /* reduce, minloc (host): accumulators in SIMD lanes */              \
  X(decoupled_lookback, "decoupled-lookback") /* scan, copy_if: one pass, tile look-back */        \
  X(thread_per_segment, "thread-per-segment") /* segmented: a thread a segment */                  \
  X(team_per_segment, "team-per-segment")     /* segmented reduce: a team a segment, chunks */     \
  X(sequential, "sequential")         /* scan (host, one thread): one pass in index order */       \
  X(team_scratch, "team-scratch")     /* histogram: a team's bins in team scratch (GPU) */         \
  X(private_bins, "private-bins")     /* histogram, sample (host): a thread's bins, then summed */ \
  X(cluster, "cluster")               /* histogram (Hopper): bins in a cluster's shared memory */  \
  X(global_atomics, "global-atomics") /* histogram, sample: an atomic add an input */              \
  X(alias, "alias")                   /* sample: an alias table built on the space */

// Each call's choices: (enumerator, the variant it runs).
// clang-format off
#define KP_REDUCE_ALGORITHMS(X) \
  X(automatic, automatic)       \
  X(kokkos, kokkos)             \
  X(vector, vector)             \
  X(host_lanes, host_lanes)
#define KP_SCAN_ALGORITHMS(X)                   \
  X(automatic, automatic)                       \
  X(kokkos, kokkos)                             \
  X(decoupled_lookback, decoupled_lookback)     \
  X(sequential, sequential)
#define KP_COPY_IF_ALGORITHMS(X)                \
  X(automatic, automatic)                       \
  X(kokkos, kokkos)                             \
  X(decoupled_lookback, decoupled_lookback)
#define KP_HISTOGRAM_ALGORITHMS(X)  \
  X(automatic, automatic)           \
  X(kokkos, global_atomics)         \
  X(global_atomics, global_atomics) \
  X(team_scratch, team_scratch)     \
  X(private_bins, private_bins)     \
  X(cluster, cluster)
#define KP_SAMPLE_ALGORITHMS(X)     \
  X(automatic, automatic)           \
  X(alias, alias)                   \
  X(private_bins, private_bins)     \
  X(global_atomics, global_atomics)
#define KP_SEGMENTED_ALGORITHMS(X)              \
  X(automatic, automatic)                       \
  X(thread_per_segment, thread_per_segment)     \
  X(team_per_segment, team_per_segment)         \
  X(decoupled_lookback, decoupled_lookback)
// clang-format on

#define KP_ENUMERATOR(name, ...) name,
enum class Algorithm { KP_ALGORITHMS(KP_ENUMERATOR) };

inline const char* name(Algorithm a) {
  switch (a) {
#define KP_NAME_CASE(enumerator, text) \
  case Algorithm::enumerator:          \
    return text;
    KP_ALGORITHMS(KP_NAME_CASE)
#undef KP_NAME_CASE
  }
  return "unknown";
}

}  // namespace impl

#define KP_ALGORITHM_CASE(choice, variant) \
  case E::choice:                          \
    return Algorithm::variant;
#define KP_CALL_ALGORITHM(Enum, LIST)        \
  enum class Enum { LIST(KP_ENUMERATOR) };   \
  namespace impl {                           \
  constexpr Algorithm algorithm_of(Enum a) { \
    using E = Enum;                          \
    switch (a) { LIST(KP_ALGORITHM_CASE) }   \
    return Algorithm::automatic;             \
  }                                          \
  }

// reduce, minloc, maxloc, transform_reduce.
KP_CALL_ALGORITHM(ReduceAlgorithm, KP_REDUCE_ALGORITHMS)
// inclusive_scan, exclusive_scan and their transform forms.
KP_CALL_ALGORITHM(ScanAlgorithm, KP_SCAN_ALGORITHMS)
// copy_if, copy_index_if.
KP_CALL_ALGORITHM(CopyIfAlgorithm, KP_COPY_IF_ALGORITHMS)
// histogram (kokkos: the same as global_atomics).
KP_CALL_ALGORITHM(HistogramAlgorithm, KP_HISTOGRAM_ALGORITHMS)
// sample: automatic splits the counts down the items' tree; alias draws
// one by one from an alias table, counted as automatic, private_bins or
// global_atomics say (also AliasTable::sample's choice).
KP_CALL_ALGORITHM(SampleAlgorithm, KP_SAMPLE_ALGORITHMS)
// segmented_reduce (automatic, thread_per_segment, team_per_segment) and
// the segmented scans (automatic, thread_per_segment, decoupled_lookback).
KP_CALL_ALGORITHM(SegmentedAlgorithm, KP_SEGMENTED_ALGORITHMS)

#undef KP_CALL_ALGORITHM
#undef KP_ALGORITHM_CASE
#undef KP_ENUMERATOR
#undef KP_SEGMENTED_ALGORITHMS
#undef KP_SAMPLE_ALGORITHMS
#undef KP_HISTOGRAM_ALGORITHMS
#undef KP_COPY_IF_ALGORITHMS
#undef KP_SCAN_ALGORITHMS
#undef KP_REDUCE_ALGORITHMS
#undef KP_ALGORITHMS

// The name of a choice: "host-lanes", "decoupled-lookback", ...
template <class CallAlgorithm, class = decltype(impl::algorithm_of(CallAlgorithm{}))>
const char* name(CallAlgorithm a) {
  return impl::name(impl::algorithm_of(a));
}

}  // namespace kp
