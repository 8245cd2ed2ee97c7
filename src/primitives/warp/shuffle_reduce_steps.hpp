#pragma once
// The warp shuffle-down reduction: at offsets W/2, W/4, ..., 1 every lane
// adds the value of the lane `offset` above it; lane 0 ends with the sum.
//
// On CUDA the exchange is a register shuffle (__shfl_down_sync) and needs no
// memory. Elsewhere the exchange goes through a buffer of W values with a
// barrier after the write and after the read: exactly what a shuffle does,
// so both orders of additions are the same and the results agree bit for bit.
#include <Kokkos_Core.hpp>

namespace bench::warp {

template <class T>
struct ShuffleReduceSteps {
  KOKKOS_INLINE_FUNCTION static constexpr int count(int width) {
    int steps = 0;
    while ((1 << steps) < width) ++steps;
    return steps;
  }
  KOKKOS_INLINE_FUNCTION static constexpr int offset(int s, int width) { return width >> (s + 1); }

  // Emulated exchange, phase 1 (then barrier): publish this lane's value.
  KOKKOS_INLINE_FUNCTION static void publish(int lane, const T& value, T* exchange) {
    exchange[lane] = value;
  }
  // Phase 2 (then barrier): read the lane `offset` above. Lanes past the end
  // read nothing, as __shfl_down_sync returns the caller's own value there and
  // the sum of lane 0 never depends on them.
  KOKKOS_INLINE_FUNCTION static void gather(int s, int lane, int width, T& value,
                                            const T* exchange) {
    const int source = lane + offset(s, width);
    if (source < width) value += exchange[source];
  }
};

// Sequential evaluation of the same exchange pattern: the reference.
template <class T>
T shuffle_reduce_reference(const T* lanes, int width) {
  T value[1024];
  T exchange[1024];
  for (int lane = 0; lane < width; ++lane) value[lane] = lanes[lane];
  for (int s = 0; s < ShuffleReduceSteps<T>::count(width); ++s) {
    for (int lane = 0; lane < width; ++lane)
      ShuffleReduceSteps<T>::publish(lane, value[lane], exchange);
    for (int lane = 0; lane < width; ++lane)
      ShuffleReduceSteps<T>::gather(s, lane, width, value[lane], exchange);
  }
  return value[0];
}

}  // namespace bench::warp
