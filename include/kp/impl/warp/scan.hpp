#pragma once
// A warp's inclusive scan by shuffles (CUDA): Kogge-Stone over the 32 lanes
// by shuffles up. Every partial it forms covers adjacent lanes, so
// integer-valued data stays exact wherever a sequential scan is.
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/warp/shuffle.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// Lane i gets the combination by `op` of lanes 0..i (all 32 lanes must
// call it). kReversed: the lanes hold the sequence backwards (lane 0 its
// last element), so a lower lane's partial goes on the right.
template <bool kReversed = false, class T, class Op = ScanSum<T>>
__device__ T warp_inclusive_scan(T value, int lane, const Op& op = Op()) {
  for (int delta = 1; delta < kWarp; delta *= 2) {
    const T lower = shuffle_up(value, delta);
    if (lane >= delta) value = kReversed ? op(value, lower) : op(lower, value);
  }
  return value;
}
#endif

}  // namespace kp::impl
