#pragma once
// The algorithm choices of the public calls, their names, their mapping onto
// the implementation's one list of variants (impl::Algorithm), and the
// refusal a call throws for a choice the space cannot run. Each call takes
// its own enum (include/kp/algorithm.hpp documents them), so naming a
// variant a call does not have is a compile error. Defined here so that the
// implementation headers need no public one.
#include <stdexcept>
#include <string>

namespace kp {

// reduce, minloc, maxloc, transform_reduce.
enum class ReduceAlgorithm { automatic, kokkos, vector, host_lanes };
// inclusive_scan, exclusive_scan and their transform forms.
enum class ScanAlgorithm { automatic, kokkos, decoupled_lookback, sequential };
// copy_if, copy_index_if.
enum class CopyIfAlgorithm { automatic, kokkos, decoupled_lookback };
// histogram (kokkos: the same as global_atomics).
enum class HistogramAlgorithm {
  automatic,
  kokkos,
  global_atomics,
  team_scratch,
  private_bins,
  cluster
};
// sample: automatic splits the counts down the items' tree; alias draws
// one by one from an alias table, counted as automatic, private_bins or
// global_atomics say (also AliasTable::sample's choice).
enum class SampleAlgorithm { automatic, alias, private_bins, global_atomics };

namespace impl {

// Every variant of every call, as the implementation dispatches on them.
enum class Algorithm {
  automatic,           // the dispatch table's choice for the space (and bins)
  kokkos,              // the Kokkos pattern: parallel_reduce / parallel_scan / atomics
  vector,              // reduce, minloc: one launch, 16-byte packs, last-team combine
  host_lanes,          // reduce, minloc (host): independent accumulators in SIMD lanes
  decoupled_lookback,  // scan, copy_if: single pass, tile look-back
  sequential,          // scan (host, one thread): one pass in index order
  team_scratch,        // histogram: per-team bins in team scratch (GPU shared memory)
  private_bins,        // histogram, sample (host): per-thread bins, summed at the end
  cluster,             // histogram (Hopper): bins in a thread-block cluster's shared memory
  global_atomics,      // histogram, sample: one atomic add per input into the counts
  alias,               // sample: alias table built on the space
};

// Each call's enum onto Algorithm: tables in the enums' order.
constexpr Algorithm algorithm_of(ReduceAlgorithm a) {
  constexpr Algorithm table[] = {Algorithm::automatic, Algorithm::kokkos, Algorithm::vector,
                                 Algorithm::host_lanes};
  return table[static_cast<int>(a)];
}
constexpr Algorithm algorithm_of(ScanAlgorithm a) {
  constexpr Algorithm table[] = {Algorithm::automatic, Algorithm::kokkos,
                                 Algorithm::decoupled_lookback, Algorithm::sequential};
  return table[static_cast<int>(a)];
}
constexpr Algorithm algorithm_of(CopyIfAlgorithm a) {
  constexpr Algorithm table[] = {Algorithm::automatic, Algorithm::kokkos,
                                 Algorithm::decoupled_lookback};
  return table[static_cast<int>(a)];
}
constexpr Algorithm algorithm_of(HistogramAlgorithm a) {
  constexpr Algorithm table[] = {Algorithm::automatic,      Algorithm::global_atomics,
                                 Algorithm::global_atomics, Algorithm::team_scratch,
                                 Algorithm::private_bins,   Algorithm::cluster};
  return table[static_cast<int>(a)];
}
constexpr Algorithm algorithm_of(SampleAlgorithm a) {
  constexpr Algorithm table[] = {Algorithm::automatic, Algorithm::alias, Algorithm::private_bins,
                                 Algorithm::global_atomics};
  return table[static_cast<int>(a)];
}

inline const char* name(Algorithm a) {
  constexpr const char* names[] = {
      "automatic",  "kokkos",       "vector",       "host-lanes", "decoupled-lookback",
      "sequential", "team-scratch", "private-bins", "cluster",    "global-atomics",
      "alias"};
  return names[static_cast<int>(a)];
}

// A choice the call has but the space cannot run (host_lanes on a GPU, ...).
[[noreturn]] inline void unsupported(const char* call, Algorithm a, const char* space) {
  throw std::invalid_argument(std::string(call) + ": algorithm '" + name(a) +
                              "' is not available on " + space);
}

}  // namespace impl

// The name of a choice: "host-lanes", "decoupled-lookback", ...
template <class CallAlgorithm, class = decltype(impl::algorithm_of(CallAlgorithm{}))>
const char* name(CallAlgorithm a) {
  return impl::name(impl::algorithm_of(a));
}

}  // namespace kp
