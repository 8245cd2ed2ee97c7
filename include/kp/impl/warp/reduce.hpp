#pragma once
// A warp's values combined into one by shuffles (CUDA), for any combine
// operation (combine_ops.hpp).
#include <kp/impl/warp/shuffle.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// Lane 0 ends with the warp's combined value (the other lanes hold partial
// combinations: lanes past the end receive their own value back).
template <class Op>
__device__ typename Op::value_type warp_combine(typename Op::value_type value, const Op& op) {
  for (int delta = kWarp / 2; delta > 0; delta /= 2) op.join(value, shuffle_down(value, delta));
  return value;
}

// The same in lane order, for an operation that need not be commutative:
// steps of 1, 2, 4, 8 and 16 lanes, so that lane 0 joins contiguous runs of
// lanes, the lower run on the left, and ends with v_0 op v_1 op ... op v_31
// (the other lanes hold partial combinations).
template <class Op>
__device__ typename Op::value_type warp_combine_in_order(typename Op::value_type value,
                                                         const Op& op) {
  for (int delta = 1; delta < kWarp; delta *= 2) op.join(value, shuffle_down(value, delta));
  return value;
}

// warp_combine_in_order where InOrder, else warp_combine.
template <bool InOrder, class Op>
__device__ typename Op::value_type warp_combine(typename Op::value_type value, const Op& op) {
  if constexpr (InOrder) {
    return warp_combine_in_order(value, op);
  } else {
    return warp_combine(value, op);
  }
}

// warp_combine among the `width` lanes of `lanes` (a power of two up to a warp):
// the first lane of each group ends with the group's value.
template <class Op>
__device__ typename Op::value_type group_combine(typename Op::value_type value, const Op& op,
                                                 unsigned lanes, int width) {
  for (int delta = width / 2; delta > 0; delta /= 2) {
    op.join(value, shuffle_down(value, delta, lanes, width));
  }
  return value;
}
#endif

}  // namespace kp::impl
