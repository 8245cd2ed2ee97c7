#pragma once
// The warp-striped load of a warp's run of 32 x kItems consecutive values:
// round j of the warp reads the run's values 32 j .. 32 j + 31, lane l the
// l-th, so that each round is one coalesced access; a thread ends with the
// values l, l + 32, ..., l + 32 (kItems - 1) of the run.
#include <Kokkos_Core.hpp>

#include <kp/impl/core/common.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// items[j] = in[first + j * kWarp] for every j: `first` is the index of the
// thread's first value (the run's start plus its lane).
template <int kItems, class T>
__device__ __forceinline__ void load_striped(const T* in, int first, T (&items)[kItems]) {
  for (int j = 0; j < kItems; ++j) items[j] = in[first + j * kWarp];
}

// The same for the values below `count` alone (the others keep theirs).
template <int kItems, class T>
__device__ __forceinline__ void load_striped(const T* in, int first, int count,
                                             T (&items)[kItems]) {
#pragma unroll
  for (int j = 0; j < kItems; ++j) {
    if (first + j * kWarp < count) items[j] = in[first + j * kWarp];
  }
}
#endif

}  // namespace kp::impl
