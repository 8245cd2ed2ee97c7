#pragma once
// How a public entry takes a user's View: rank 1, any layout (a strided
// subview too), in any memory space the execution space can access. The
// fast kernels take contiguous arrays in the space's memory; a View whose
// elements are adjacent becomes one of those without a copy, and the others
// run the generic (Kokkos pattern) path.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

#include <kp/impl/core/common.hpp>

namespace kp::impl {

template <class V>
using value_t = typename V::non_const_value_type;

template <class Space, class V>
constexpr void check_view() {
  static_assert(Kokkos::is_execution_space<Space>::value,
                "kp: the first argument must be an execution space instance");
  static_assert(Kokkos::is_view<V>::value, "kp: arrays are passed as Kokkos::View");
  static_assert(V::rank == 1, "kp: arrays are rank-1 Views");
  static_assert(Kokkos::SpaceAccessibility<Space, typename V::memory_space>::accessible,
                "kp: the View's memory space is not accessible from the execution space");
}

template <class V>
bool is_contiguous(const V& v) {
  return v.extent(0) <= 1 || v.stride_0() == 1;
}

// The same elements as a contiguous View of the space (unmanaged: the user's
// View keeps the allocation alive for the call).
template <class Space, class V>
View<const value_t<V>*, Space> contiguous_in(const V& v) {
  return View<const value_t<V>*, Space>(v.data(), v.extent(0));
}
template <class Space, class V>
View<value_t<V>*, Space> contiguous_out(const V& v) {
  return View<value_t<V>*, Space>(v.data(), v.extent(0));
}

template <class Space>
using IndexRange = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;

}  // namespace kp::impl
