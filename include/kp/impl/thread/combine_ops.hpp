#pragma once
// Combine operations for the device-level reductions (vector_reduce.hpp).
// An operation over elements T is a copyable struct (static or member functions)
//   using value_type = ...;                                  // what partial results hold
//   value_type identity() const;                             // combines with x to x
//   value_type lift(const T& x, std::int64_t index) const;   // one element as a partial
//   void join(value_type& into, const value_type& from) const;
// join must be associative and commutative up to what the caller checks: the
// reduction visits elements and partial results in a backend-dependent order.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include <kp/impl/core/value_index.hpp>

namespace kp::impl {

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

// Whether Op adds an element into a partial itself (op.add(acc, x)): an
// operation whose partials are too large to lift one per element
// (exact_sum.hpp's accumulator).
template <class Op, class X, class = void>
struct has_add : std::false_type {};
template <class Op, class X>
struct has_add<Op, X,
               std::void_t<decltype(std::declval<const Op&>().add(
                   std::declval<typename Op::value_type&>(), std::declval<const X&>()))>>
    : std::true_type {};

// Element x at `index` folded into acc: op.add where the operation has it,
// else op.join(acc, op.lift(x, index)). Every reduction's fold goes through it.
template <class Op, class X>
KOKKOS_INLINE_FUNCTION void fold_in(const Op& op, typename Op::value_type& acc, const X& x,
                                    std::int64_t index) {
  if constexpr (has_add<Op, X>::value) {
    (void)index;
    op.add(acc, x);
  } else {
    op.join(acc, op.lift(x, index));
  }
}

// A user's binary operation `op(a, b)` with its identity, on values of T.
template <class T, class BinaryOp>
struct UserOp {
  using value_type = T;
  T identity_value;
  BinaryOp op;
  KOKKOS_INLINE_FUNCTION value_type identity() const { return identity_value; }
  template <class X>
  KOKKOS_INLINE_FUNCTION value_type lift(const X& x, std::int64_t) const {
    return static_cast<T>(x);
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& into, const value_type& from) const {
    into = op(into, from);
  }
};

// UserOp on f(x) for each element x, computed as it is read (transform_reduce).
template <class T, class BinaryOp, class UnaryOp>
struct TransformOp : UserOp<T, BinaryOp> {
  UnaryOp f;
  template <class X>
  KOKKOS_INLINE_FUNCTION T lift(const X& x, std::int64_t) const {
    return static_cast<T>(f(x));
  }
};

// +inf of float or double, on host and device (from its bits: std's
// numeric_limits functions are host-only under nvcc).
template <class T>
KOKKOS_INLINE_FUNCTION T infinity() {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const Bits bits = sizeof(T) == 4 ? Bits(0x7f800000u) : Bits(0x7ff0000000000000ull);
  T value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

// NaN test that needs no <cmath> on the device and no floating-point type.
template <class T>
KOKKOS_INLINE_FUNCTION bool is_nan(const T& x) {
  if constexpr (std::numeric_limits<T>::has_quiet_NaN) {
    return x != x;
  } else {
    (void)x;
    return false;
  }
}

// The first extremum as a total order on (value, index) pairs: a better
// value wins, equal values (-0.0 == +0.0) go to the smaller index. NaN is
// better than every number and equal to every NaN, so the first NaN wins, as
// in NumPy's argmin/argmax. The answer is therefore the sequential one,
// whatever order a backend combines partial results in.
template <class T, bool kMax>
struct FirstLoc {
  using value_type = ValueIndex<T>;
  // The worst value with an index past every element: any element beats it
  // or ties with it and wins by its index.
  static constexpr std::int64_t kNone = INT64_MAX;
  static constexpr bool is_max = kMax;
  KOKKOS_INLINE_FUNCTION static value_type identity() {
    value_type v{};
    if constexpr (std::numeric_limits<T>::has_infinity) {
      v.value = kMax ? -infinity<T>() : infinity<T>();
    } else {  // Kokkos' identities are callable on the device, std's are not
      v.value = kMax ? Kokkos::reduction_identity<T>::max() : Kokkos::reduction_identity<T>::min();
    }
    v.index = kNone;
    return v;
  }
  // No element: the identity's value, index -1.
  static value_type empty() {
    value_type v = identity();
    v.index = -1;
    return v;
  }
  KOKKOS_INLINE_FUNCTION static value_type lift(const T& x, std::int64_t index) {
    value_type v{};
    v.value = x;
    v.index = index;
    return v;
  }
  // One select per pair, no branches: NaN only costs its two self-compares.
  KOKKOS_INLINE_FUNCTION static void join(value_type& into, const value_type& from) {
    const T a = from.value, b = into.value;
    const bool a_nan = is_nan(a), b_nan = is_nan(b);
    const bool earlier = from.index < into.index;
    const bool better = kMax ? a > b : a < b;
    const bool take =
        (a_nan | b_nan) ? (a_nan & (!b_nan | earlier)) : (better | ((a == b) & earlier));
    if (take) into = from;
  }
  // Joins element x at `index`, which comes after every element `into` has
  // seen (one thread walking its elements in index order): the first-index
  // rule then needs no index compare, only "strictly better, or the first
  // NaN". `into` still the identity takes any element (which may tie its value).
  KOKKOS_INLINE_FUNCTION static void join_later(value_type& into, const T& x, std::int64_t index) {
    const T b = into.value;
    const bool take = (kMax ? x > b : x < b) | (is_nan(x) & !is_nan(b)) | (into.index == kNone);
    if (take) into = lift(x, index);
  }
  // Joins the W elements x[0, W) at indices first.., all after every element
  // `into` has seen: the pack's extreme first (a NaN the most extreme), and
  // only where it wins its first lane. Past a thread's first packs a pack
  // rarely wins, so an element costs a compare and a select (join_later's
  // index select and kNone compare are paid once a pack), and the lane
  // search is a branch rarely taken. The same answer as join_later on each.
  template <int W>
  KOKKOS_INLINE_FUNCTION static void join_pack_later(value_type& into, const T (&x)[W],
                                                     std::int64_t first) {
    T m = x[0];
    for (int j = 1; j < W; ++j) m = ((kMax ? x[j] > m : x[j] < m) | is_nan(x[j])) ? x[j] : m;
    const T b = into.value;
    if ((kMax ? m > b : m < b) | (is_nan(m) & !is_nan(b)) | (into.index == kNone)) {
      // The first lane holding m (equal to it, or a NaN if m is), by selects:
      // an index into x would put the pack in local memory.
      into = lift(x[W - 1], first + (W - 1));
      for (int j = W - 2; j >= 0; --j) {
        if ((x[j] == m) | (is_nan(x[j]) & is_nan(m))) into = lift(x[j], first + j);
      }
    }
  }
  // The first extremum of an array cut into consecutive slices, from each
  // slice's own (`.best`, its index within the slice) and `.size`, in order;
  // empty slices take no part: identity() when all are empty. Host code.
  template <class Slices>
  static value_type join_slices(const Slices& slices) {
    value_type best = identity();
    std::int64_t offset = 0;
    for (const auto& slice : slices) {
      if (slice.size > 0) join(best, lift(slice.best.value, offset + slice.best.index));
      offset += slice.size;
    }
    return best;
  }
};

template <class Op>
struct is_first_loc : std::false_type {};
template <class T, bool kMax>
struct is_first_loc<FirstLoc<T, kMax>> : std::true_type {};

// What a reduction of no elements gives: op.empty() where the operation
// defines one (FirstLoc: index -1), its identity otherwise.
template <class Op>
auto empty_result(const Op& op) -> decltype(op.empty()) {
  return op.empty();
}
template <class Op, class... Ignored>
typename Op::value_type empty_result(const Op& op, const Ignored&...) {
  return op.identity();
}

}  // namespace kp::impl
