#pragma once
// Small pieces every application's input and check code shares.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <kp/impl/core/common.hpp>
#include <limits>
#include <type_traits>

namespace kp::bench {

// SplitMix64 of a counter: a tiny deterministic generator, the same on every
// machine and every backend, so inputs (and random draws indexed by draw
// number) do not depend on thread counts. It is the library's (kp/impl/core/common.hpp).
using impl::splitmix64;

// A value no correct variant produces where a check compares exactly: NaN
// for floating point (it compares unequal to everything), the minimum for
// integers.
template <class T>
T poison_value() {
  if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::quiet_NaN();
  return std::numeric_limits<T>::min();
}

}  // namespace kp::bench
