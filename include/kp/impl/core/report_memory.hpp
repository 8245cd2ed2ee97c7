#pragma once
#include <Kokkos_Core.hpp>

namespace kp::impl {

// Where a build leaves a copy of its WeightTotals for the host to read after
// a fence, with no copy of its own: pinned host memory that a CUDA kernel
// writes directly (instead of a pageable device-to-host copy after the
// fence), the space's own memory elsewhere (host spaces; other GPUs fall
// back to a copy).
template <class Space>
struct ReportMemory {
  using type = typename Space::memory_space;
};
#if defined(KOKKOS_ENABLE_CUDA)
template <>
struct ReportMemory<Kokkos::Cuda> {
  using type = Kokkos::CudaHostPinnedSpace;
};
#endif

// The value a kernel left in a rank-0 View (a ReportMemory one), read after
// the caller's fence: where the host can, directly, with no copy.
template <class ReportView>
typename ReportView::non_const_value_type read_report(const ReportView& report) {
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                           typename ReportView::memory_space>::accessible) {
    return report();
  } else {
    typename ReportView::non_const_value_type value;
    Kokkos::deep_copy(value, report);
    return value;
  }
}

// Resets a report View to its value type's default between calls: directly
// where the host can write it, else by a copy.
template <class ReportView>
void clear_report(const ReportView& report) {
  using T = typename ReportView::non_const_value_type;
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                           typename ReportView::memory_space>::accessible) {
    report() = T{};
  } else {
    Kokkos::deep_copy(report, T{});
  }
}

}  // namespace kp::impl
