#pragma once
// The first-extremum combine operation for the device-level reduction
// (primitives/device/vector_reduce.hpp): partial results are (value, index)
// pairs and join keeps the better value, equal values the smaller index
// (ValueThenIndex). That is a total order on the pairs, so the answer is the
// sequential first extremum whatever order the backend combines in.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "minloc/order.hpp"

namespace bench::minloc {

template <class O>
struct FirstLocOp {
  using value_type = ValLoc;
  // Worse than every element: an element equal to the identity value
  // (+inf for min) still wins by its index.
  KOKKOS_INLINE_FUNCTION static value_type identity() {
    value_type v;
    v.val = O::identity();
    v.loc = INT64_MAX;
    return v;
  }
  KOKKOS_INLINE_FUNCTION static value_type lift(float x, std::int64_t index) {
    value_type v;
    v.val = x;
    v.loc = index;
    return v;
  }
  KOKKOS_INLINE_FUNCTION static void join(value_type& into, const value_type& from) {
    if (ValueThenIndex<O>::prefer(from, into)) into = from;
  }
};

}  // namespace bench::minloc
