#pragma once
// The operations the tiled scans combine with. A scan operation is any
// copyable `op(a, b) -> T`, associative, where `a` holds earlier elements
// than `b`: the scans never swap its operands, so it need not commute, and
// it has no identity. Where a partial result may be empty (the first
// element of an inclusive scan without initial value) the code carries a
// Running value with its own "empty" flag instead of an identity element.
// The sum (ScanSum) is an operation like any other; only the host tile scan
// treats it apart, summing signed integers in their unsigned type.
//
// Values are loaded through a Load functor (Identity for the plain scans,
// the user's unary functor for the transform scans): load(x) is what enters
// the scan for input element x, computed as it is read, never stored.
#include <Kokkos_Core.hpp>
#include <type_traits>

namespace kp {
template <class T>
struct plus;  // ops.hpp
}  // namespace kp

namespace kp::impl {

template <class T>
struct ScanSum {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const { return a + b; }
};

template <class Op>
inline constexpr bool is_scan_sum = false;
template <class T>
inline constexpr bool is_scan_sum<ScanSum<T>> = true;

// kp::plus of an arithmetic type scans as the sum, on the sum's paths (the
// host tiles' lanes and blocks): the same values, up to floating-point
// rounding, which any grouping of a sum may change.
template <class Op, class T>
inline constexpr bool is_arithmetic_plus =
    std::is_same_v<Op, kp::plus<T>>&& std::is_arithmetic_v<T>;

struct Identity {
  template <class X>
  KOKKOS_INLINE_FUNCTION X operator()(const X& x) const {
    return x;
  }
};

// The combination of the elements so far, or none yet.
template <class T>
struct Running {
  T value;
  bool any;

  // `x` after everything so far.
  template <class Op>
  KOKKOS_INLINE_FUNCTION T then(const Op& op, const T& x) const {
    return any ? op(value, x) : x;
  }
};

// Appends x to `run`. The sum's runs are never empty (they start at 0), so
// it adds without the test.
template <class Op, class T>
KOKKOS_INLINE_FUNCTION void push(const Op& op, Running<T>& run, const T& x) {
  if constexpr (is_scan_sum<Op>) {
    run.value += x;
  } else {
    run.value = run.then(op, x);
    run.any = true;
  }
}

// What the tiled scans accept as element type: copied byte-wise between
// threads and tiles, default-constructed as scratch.
template <class T>
inline constexpr bool is_scan_value =
    std::is_trivially_copyable_v<T>&& std::is_default_constructible_v<T>;

}  // namespace kp::impl
