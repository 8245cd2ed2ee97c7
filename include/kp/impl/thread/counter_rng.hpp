#pragma once
// Counter-based random numbers for the roulette kernels.
//
// Draw i uses the i-th output of SplitMix64 (a generator that passes
// BigCrush), computed directly from i rather than by stepping a state. So a
// draw's random number is the same on every space and thread count (runs are
// reproducible across backends, not only for one space and thread count as
// with Kokkos::Random_XorShift64_Pool), and kernels need no generator state:
// no pool to allocate, no state locks on the GPU.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/core/common.hpp>

namespace kp::impl {

// The stream for --seed starts at a mixed point, so that seeds 1 and 2 do not
// give streams shifted by one draw.
inline std::uint64_t stream_start(std::uint64_t seed) {
  return splitmix64(seed);
}

// 64 random bits for draw `i` of the stream that starts at `start`.
KOKKOS_INLINE_FUNCTION std::uint64_t random_bits(std::uint64_t start, std::uint64_t i) {
  return splitmix64(start + i * 0x9e3779b97f4a7c15ull);
}

// A uniform double in [0, 1) from the top 53 bits.
KOKKOS_INLINE_FUNCTION double unit_interval(std::uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

}  // namespace kp::impl
