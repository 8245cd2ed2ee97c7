#pragma once
// Input values and the sequential reference histogram, made once on the host.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <string>

#include "harness/benchmark.hpp"
#include "harness/npy.hpp"
#include "histogram/bins.hpp"

namespace bench::histogram {

using HostValues = Kokkos::View<std::int32_t*, Kokkos::HostSpace>;
using HostCounts = Kokkos::View<Count*, Kokkos::HostSpace>;

struct Input {
  HostValues values;
  int bins = 0;
  HostCounts reference;                // bins counts, by a sequential loop
  npy::FirstResult* output = nullptr;  // --output: check_counts offers it the counts (uint64)
};

// "uniform": values spread evenly over [-m, B + m), m = max(1, B/16), so a
// few fall below 0 and a few at or above B (the clamped ends).
// "skewed": 90% of the values in 4 hot bins (contention on a few counters),
// the rest as in "uniform".
Input make_input(std::uint64_t n, int bins, const std::string& dist);

// The reference for given values (used by make_input and by tests that
// build adversarial data themselves).
Input input_from_values(HostValues values, int bins);

// Exact, bin by bin; the detail names the first differing bin.
Check check_counts(const Input& input, const HostCounts& counts);

}  // namespace bench::histogram
