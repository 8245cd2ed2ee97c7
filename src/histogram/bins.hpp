#pragma once
// What every histogram variant shares, host and device: the count type and
// the clamp that sends values below 0 to bin 0 and values >= B to bin B-1.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/dispatch/histogram.hpp>

namespace kp::bench::histogram {

using Count = std::uint32_t;

// The library's clamp (kp::histogram's), so that every variant bins alike.
KOKKOS_INLINE_FUNCTION int clamp_bin(std::int32_t value, int bins) {
  return static_cast<int>(impl::clamp_bin(value, std::int64_t{bins}));
}

// Variants that need memory beyond the input and the counts (ScatterView
// copies, CUB's temporary storage) are skipped when they would need more.
constexpr double kExtraBytesBudget = 2.0 * (1 << 30);

}  // namespace kp::bench::histogram
