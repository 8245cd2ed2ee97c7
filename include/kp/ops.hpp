#pragma once
// Binary operations for kp's scans and reductions, callable on every space.
//
//   kp::inclusive_scan(space, x, running_max, kp::maximum<float>{});
//
// maximum / minimum propagate NaN: a combination holding a NaN is the
// earliest NaN of its elements (bit for bit), so a max-scan is NaN from the
// first NaN on. Otherwise ties keep the earlier value, so -0.0 and +0.0
// come out as the sequential scan's. Infinities order as usual. Each
// result is one of its operands, so every grouping gives the sequential
// answer exactly. Both are associative; neither needs an identity.
#include <Kokkos_Core.hpp>

namespace kp {

// kp::reproducible selects the correctly rounded sum of floats or doubles
// (kp::reduce, kp::transform_reduce): the exact sum rounded once, the same
// bits on every space, thread count, team size and View layout.
struct Reproducible {
  explicit Reproducible() = default;
};
inline constexpr Reproducible reproducible{};

template <class T>
struct plus {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const { return a + b; }
};

template <class T>
struct maximum {
  // b when a is a number (NaN alone is unequal to itself) and b is not at
  // most a (larger, or NaN): two compares and a select.
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const {
    return a == a && !(b <= a) ? b : a;
  }
};

template <class T>
struct minimum {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const {
    return a == a && !(b >= a) ? b : a;
  }
};

}  // namespace kp
