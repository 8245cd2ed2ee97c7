#pragma once
// What every segmented kernel shares: the segmented sum, a segment's bounds
// and the offsets' check, the report a kernel's check leaves for the host,
// and the tuning a space's kernels read (tuning/segmented.hpp).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

#include <kp/impl/core/common.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/tuning/segmented.hpp>

namespace kp::impl {

// The segmented calls' policy on Space.
template <class Space>
using SegmentedTuned = tuning::Tuned<SegmentedTuning, Space>;

// The segmented calls' sum: signed integers add in their unsigned type.
// Lanes and teams combine elements in another grouping than the sequence's,
// whose partial sums may overflow where no prefix sum does; they wrap
// instead, and the final sums are the sequential ones.
template <class T>
struct WrappingSum {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    } else {
      return a + b;
    }
  }
};

// Whether offsets entry e (of segments + 1) lies out of [0, n] or above
// the next entry.
template <class Offsets>
KOKKOS_INLINE_FUNCTION bool bad_offset(const Offsets& offsets, std::int64_t e,
                                       std::int64_t segments, std::int64_t n) {
  const auto at = static_cast<std::int64_t>(offsets(e));
  return at < 0 || at > n || (e < segments && static_cast<std::int64_t>(offsets(e + 1)) < at);
}

// The offsets' check: how many entries are out of [0, n] or decrease.
template <class Offsets>
struct OffsetsCheck {
  using value_type = std::int64_t;
  Offsets offsets;
  std::int64_t segments, n;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s, std::int64_t& bad) const {
    bad += bad_offset(offsets, s, segments, n) ? 1 : 0;
  }
};

// Segment s's [begin, end) of an array of n values; an unchecked call's
// segment whose offsets are not a partition of [0, n) is empty.
template <class Offsets>
KOKKOS_INLINE_FUNCTION void segment_bounds(const Offsets& offsets, std::int64_t s, std::int64_t n,
                                           std::int64_t& begin, std::int64_t& end) {
  begin = static_cast<std::int64_t>(offsets(s));
  end = static_cast<std::int64_t>(offsets(s + 1));
  if (begin < 0 || end < begin || end > n) begin = end = 0;
}

// What a GPU kernel's check tells the host: offsets that are not a CSR
// partition (`bad`), and (reductions) whether any segment was queued
// (`queued`, raised by the team that listed the first one).
struct SegmentReport {
  unsigned bad = 0;
  unsigned queued = 0;
};

// The report, which the host reads after its fence with no copy
// (ReportMemory: pinned host memory on CUDA).
template <class Space>
using SegmentReportView =
    Kokkos::View<SegmentReport, Kokkos::Device<Space, typename ReportMemory<Space>::type>>;

}  // namespace kp::impl
