#pragma once
// The weights and draw count of a roulette run, made once on the host, and
// the check of a variant's counts against them.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/benchmark.hpp"
#include "harness/npy.hpp"

namespace bench::roulette {

using Weight = double;
using Count = std::uint64_t;  // --draws goes up to 2^40

struct Weights {
  Kokkos::View<Weight*, Kokkos::HostSpace> values;
  std::uint64_t last_positive = 0;  // index of the last non-zero weight
  std::uint64_t zeros = 0;          // how many weights are zero
};

struct Problem {
  Weights weights;
  std::uint64_t draws = 0;
  std::uint64_t seed = 0;
  npy::FirstResult* output = nullptr;  // --output: check_counts offers it the counts (uint64)
  npy::FirstResult* indices_output = nullptr;  // --output-indices: kp-indices' draws (uint32)
  // The variants that run (empty: all): buffers that only some variants use
  // are allocated only for them.
  std::vector<std::string> variants{};
  bool runs(const char* variant) const;
};

// Whether `variant` is among `variants` (empty: every variant runs).
inline bool variant_runs(const std::vector<std::string>& variants, const char* variant) {
  return variants.empty() || std::find(variants.begin(), variants.end(), variant) != variants.end();
}
inline bool Problem::runs(const char* variant) const {
  return variant_runs(variants, variant);
}

// Whether any of `variants` builds the host alias table (Vose's algorithm on
// the host, its table copied over): alias, alias-atomic.
inline bool builds_host_alias(const std::vector<std::string>& variants) {
  return variant_runs(variants, "alias") || variant_runs(variants, "alias-atomic");
}

// Whether any of `variants` counts through the ScatterView (a copy of the
// counts a thread on OpenMP): classic, alias, alias-parallel.
inline bool counts_through_scatter(const std::vector<std::string>& variants) {
  return variant_runs(variants, "classic") || variant_runs(variants, "alias") ||
         variant_runs(variants, "alias-parallel");
}

// Generated weights, all valid:
//   "uniform": every weight 1 (the uniform distribution);
//   "ramp":    weight i is i + 1 (item n - 1 is drawn n times as often as item 0);
//   "sparse":  about 9 in 10 weights zero, the rest random in (0, 1] (at least
//              one non-zero), to prove that zero-weight items are never drawn.
// Throws UsageError for n = 0 or n >= 2^32 (the alias table stores 32-bit items).
Weights make_weights(std::uint64_t n, const std::string& kind);

// One weight per line; blank lines and lines starting with '#' are skipped.
// A path ending in .npy is read as a 1-D NumPy array instead (harness/npy.hpp),
// each weight validated the same way.
// Throws UsageError naming the file and line for a line that is not a finite,
// non-negative number, and for a file that cannot be read, has no weights, or
// has only zero weights, or weights adding up to more than DBL_MAX / 2.
Weights read_weights_file(const std::string& path);
// The same in two steps: the validated values (no Kokkos needed: the app
// reads them before Kokkos starts, so that the memory check knows their
// number), then Weights holding them.
std::vector<Weight> read_weight_values(const std::string& path);
Weights weights_from_values(const std::vector<Weight>& values);

// Passes when the counts add up to exactly `draws`, every zero-weight item has
// count 0, and a chi-square goodness-of-fit test against the weights does not
// reject at significance 1e-6 (see chi_square.hpp). draws = 0 is valid: every
// count must be 0.
Check check_counts(const Problem& problem, const Count* counts);

}  // namespace bench::roulette
