#pragma once
// CUDA warp shuffles of any trivially copyable value whose size is a
// multiple of 4 bytes, word by word.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>

#include <kp/impl/core/common.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// The value of the lane `delta` above among the `width` lanes of `lanes`.
template <class V>
__device__ V shuffle_down(const V& value, int delta, unsigned lanes = 0xffffffffu,
                          int width = kWarp) {
  static_assert(sizeof(V) % sizeof(std::uint32_t) == 0, "values travel as 32-bit words");
  constexpr int kWords = sizeof(V) / sizeof(std::uint32_t);
  std::uint32_t words[kWords];
  memcpy(words, static_cast<const void*>(&value), sizeof(V));
  for (int k = 0; k < kWords; ++k) words[k] = __shfl_down_sync(lanes, words[k], delta, width);
  V out;
  memcpy(static_cast<void*>(&out), words, sizeof(V));
  return out;
}

// The value of the lane `delta` below (a lane below delta gets its own).
template <class T>
__device__ T shuffle_up(const T& value, int delta) {
  static_assert(sizeof(T) % sizeof(std::uint32_t) == 0, "values travel as 32-bit words");
  constexpr int kWords = sizeof(T) / sizeof(std::uint32_t);
  std::uint32_t words[kWords];
  memcpy(words, &value, sizeof(T));
  for (int k = 0; k < kWords; ++k) words[k] = __shfl_up_sync(0xffffffffu, words[k], delta);
  T out;
  memcpy(&out, words, sizeof(T));
  return out;
}

// The value of lane `lane`, in every lane.
template <class T>
__device__ T shuffle_from(const T& value, int lane) {
  constexpr int kWords = sizeof(T) / sizeof(std::uint32_t);
  std::uint32_t words[kWords];
  memcpy(words, &value, sizeof(T));
  for (int k = 0; k < kWords; ++k) words[k] = __shfl_sync(0xffffffffu, words[k], lane);
  T out;
  memcpy(&out, words, sizeof(T));
  return out;
}
#endif

}  // namespace kp::impl
