#pragma once
// Combine operations for the device-level reductions (vector_reduce.hpp).
// An operation over elements T is a struct with
//   using value_type = ...;                                  // what partial results hold
//   static value_type identity();                            // combines with x to x
//   static value_type lift(const T& x, std::int64_t index);  // one element as a partial
//   static void join(value_type& into, const value_type& from);
// join must be associative and commutative up to what the caller checks: the
// reduction visits elements and partial results in a backend-dependent order.
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace kp::device {

// Addition: the sum of the array (identity 0).
template <class T>
struct Sum {
  using value_type = T;
  KOKKOS_INLINE_FUNCTION static value_type identity() { return T(0); }
  KOKKOS_INLINE_FUNCTION static value_type lift(const T& x, std::int64_t) { return x; }
  KOKKOS_INLINE_FUNCTION static void join(value_type& into, const value_type& from) {
    into += from;
  }
};

}  // namespace kp::device
