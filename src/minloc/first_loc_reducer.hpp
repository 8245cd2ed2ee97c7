#pragma once
// FirstLoc: a Kokkos reducer with the interface of Kokkos::MinLoc/MaxLoc whose
// join prefers the smaller index between equal values.
//
// Why it exists: Kokkos 3.4's MinLoc::join is `if (src.val < dest.val) dest =
// src;` (MaxLoc the same with `>`): equal values keep whichever partial
// result happens to be `dest`, so the index returned for a tied extremum
// depends on how the backend splits and combines the range (on CUDA, a
// thread's strided iterations and the tree order of the block reduction).
// Making the join a total order on (value, index) makes the answer the first
// extremum whatever the order. The identity is +/-inf with the largest index
// (MinLoc uses FLT_MAX, which beats an all-+inf input), so every element,
// +/-inf included, replaces it.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "minloc/order.hpp"

namespace bench::minloc {

template <class O, class Space>
struct FirstLoc {
  using reducer = FirstLoc<O, Space>;
  using value_type = ValLoc;
  using result_view_type = Kokkos::View<value_type, Space>;
  using Prefer = ValueThenIndex<O>;

 private:
  result_view_type value_;
  bool references_scalar_;

 public:
  KOKKOS_INLINE_FUNCTION FirstLoc(value_type& value) : value_(&value), references_scalar_(true) {}
  KOKKOS_INLINE_FUNCTION FirstLoc(const result_view_type& value)
      : value_(value), references_scalar_(false) {}

  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const {
    if (Prefer::prefer(src, dest)) dest = src;
  }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest,
                                   const volatile value_type& src) const {
    value_type s, d;
    s.val = src.val;
    s.loc = src.loc;
    d.val = dest.val;
    d.loc = dest.loc;
    if (Prefer::prefer(s, d)) dest = s;
  }
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const {
    v.val = O::identity();
    v.loc = INT64_MAX;
  }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return *value_.data(); }
  KOKKOS_INLINE_FUNCTION result_view_type view() const { return value_; }
  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return references_scalar_; }
};

}  // namespace bench::minloc
