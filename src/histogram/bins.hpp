#pragma once
// What every histogram variant shares, host and device: the count type and
// the clamp that sends values below 0 to bin 0 and values >= B to bin B-1.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/histogram.hpp>

namespace bench::histogram {

using Count = std::uint32_t;

// kp::histogram's clamp (kp/histogram.hpp), so that every variant bins alike.
KOKKOS_INLINE_FUNCTION int clamp_bin(std::int32_t value, int bins) {
  return value < 0 ? 0 : (value >= bins ? bins - 1 : value);
}

// Variants that need memory beyond the input and the counts (ScatterView
// copies, CUB's temporary storage) are skipped when they would need more.
constexpr double kExtraBytesBudget = 2.0 * (1 << 30);

}  // namespace bench::histogram
