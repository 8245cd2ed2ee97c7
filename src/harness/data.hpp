#pragma once
// Small pieces every application's input and check code shares.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <kp/random.hpp>
#include <limits>
#include <type_traits>

namespace bench {

// SplitMix64 of a counter: a tiny deterministic generator, the same on every
// machine and every backend, so inputs (and random draws indexed by draw
// number) do not depend on thread counts. It is the library's (kp/random.hpp).
using kp::splitmix64;

// +inf of float or double, callable on the device (std::numeric_limits'
// members are not, without relaxed constexpr).
template <class T>
KOKKOS_INLINE_FUNCTION T infinity() {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const Bits bits = sizeof(T) == 4 ? Bits(0x7f800000u) : Bits(0x7ff0000000000000ull);
  T value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

// A value no correct variant produces where a check compares exactly: NaN
// for floating point (it compares unequal to everything), the minimum for
// integers.
template <class T>
T poison_value() {
  if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::quiet_NaN();
  return std::numeric_limits<T>::min();
}

}  // namespace bench
