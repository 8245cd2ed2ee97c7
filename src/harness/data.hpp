#pragma once
// Small pieces every application's input and check code shares.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace kp {

// SplitMix64 of a counter: a tiny deterministic generator, the same on every
// machine and every backend, so inputs (and random draws indexed by draw
// number) do not depend on thread counts.
KOKKOS_INLINE_FUNCTION constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A value no correct variant produces where a check compares exactly: NaN
// for floating point (it compares unequal to everything), the minimum for
// integers.
template <class T>
T poison_value() {
  if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::quiet_NaN();
  return std::numeric_limits<T>::min();
}

}  // namespace kp
