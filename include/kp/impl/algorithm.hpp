#pragma once
// kp::Algorithm's definition, its names and the refusal every call throws
// (documented in include/kp/algorithm.hpp); here so that the
// implementation headers need no public one.
#include <stdexcept>
#include <string>

namespace kp {

enum class Algorithm {
  automatic,           // the dispatch table's choice for the space (and bins)
  kokkos,              // the Kokkos pattern: parallel_reduce / parallel_scan / atomics
  vector,              // reduce, minloc: one launch, 16-byte packs, last-team combine
  host_lanes,          // reduce, minloc (host): independent accumulators in SIMD lanes
  decoupled_lookback,  // scan: single pass, tile look-back
  sequential,          // scan (host, one thread): one pass in index order
  team_scratch,        // histogram: per-team bins in team scratch (GPU shared memory)
  private_bins,        // histogram, sample (host): per-thread bins, summed at the end
  cluster,             // histogram (Hopper): bins in a thread-block cluster's shared memory
  global_atomics,      // histogram, sample: one atomic add per input into the counts
  alias,               // sample: alias table built on the space
};

inline const char* name(Algorithm a) {
  switch (a) {
    case Algorithm::automatic:
      return "automatic";
    case Algorithm::kokkos:
      return "kokkos";
    case Algorithm::vector:
      return "vector";
    case Algorithm::host_lanes:
      return "host-lanes";
    case Algorithm::decoupled_lookback:
      return "decoupled-lookback";
    case Algorithm::sequential:
      return "sequential";
    case Algorithm::team_scratch:
      return "team-scratch";
    case Algorithm::private_bins:
      return "private-bins";
    case Algorithm::cluster:
      return "cluster";
    case Algorithm::global_atomics:
      return "global-atomics";
    case Algorithm::alias:
      return "alias";
  }
  return "?";
}

namespace impl {
[[noreturn]] inline void unsupported(const char* call, Algorithm a, const char* space) {
  throw std::invalid_argument(std::string(call) + ": algorithm '" + name(a) +
                              "' is not available on " + space);
}
}  // namespace impl

}  // namespace kp
