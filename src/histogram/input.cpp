#include "histogram/input.hpp"

#include "harness/data.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

namespace bench::histogram {

Input make_input(std::uint64_t n, int bins, const std::string& dist) {
  HostValues values(Kokkos::view_alloc(Kokkos::WithoutInitializing, "histogram input"), n);
  const std::int64_t margin = std::max(1, bins / 16);
  const std::uint64_t range = static_cast<std::uint64_t>(bins + 2 * margin);
  const bool skewed = dist == "skewed";
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = splitmix64(i);
    // Low bits pick the value, the top bits decide hot or not.
    if (skewed && (r >> 40) % 10 < 9) {
      const std::int64_t hot = (r >> 36) & 3;  // one of 4 bins, spread over [0, B)
      values(i) = static_cast<std::int32_t>((2 * hot + 1) * bins / 8);
    } else {
      values(i) = static_cast<std::int32_t>(static_cast<std::int64_t>(r % range) - margin);
    }
  }
  return input_from_values(values, bins);
}

Input input_from_values(HostValues values, int bins) {
  Input input{values, bins, HostCounts("histogram reference", bins)};
  for (std::size_t i = 0; i < values.extent(0); ++i) ++input.reference(clamp_bin(values(i), bins));
  return input;
}

Check check_counts(const Input& input, const HostCounts& counts) {
  std::int64_t wrong = 0, first = -1;
  for (int b = 0; b < input.bins; ++b) {
    if (counts(b) == input.reference(b)) continue;
    if (first < 0) first = b;
    ++wrong;
  }
  std::ostringstream detail;
  if (wrong == 0) {
    detail << "all " << input.bins << " bins exact";
  } else {
    detail << wrong << " of " << input.bins << " bins differ; bin " << first << ": "
           << counts(first) << " ref " << input.reference(first);
  }
  if (input.output && input.output->pending()) {
    const std::vector<std::uint64_t> wide(counts.data(), counts.data() + input.bins);
    input.output->offer(wrong == 0, wide.data(), {wide.size()});
  }
  return {wrong == 0, detail.str()};
}

}  // namespace bench::histogram
