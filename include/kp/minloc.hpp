#pragma once
// kp::minloc / kp::maxloc: the extremum of a rank-1 View and the index of
// its FIRST occurrence, identical on every space and thread count.
//
//   kp::ValueIndex<float> m = kp::minloc(space, x);   // m.value, m.index
//
// - Ties go to the smallest index; -0.0 and +0.0 tie (they compare equal).
// - NaN counts as the extremum: the first NaN wins (value NaN, its index),
//   as in NumPy's argmin/argmax.
// - Empty input: index -1, value +inf (min) / -inf (max), or the type's
//   max / lowest for integers.
// Returns to the host (the call fences `space`); the forms taking a
// rank-0 result View instead are asynchronous, like Kokkos::parallel_reduce.
#include <kp/algorithm.hpp>
#include <kp/impl/combine_ops.hpp>
#include <kp/impl/reduce.hpp>
#include <kp/value_index.hpp>

namespace kp {

namespace impl {
template <bool kMax, class ExecSpace, class XView>
ValueIndex<value_t<XView>> extremum(const char* call, const ExecSpace& space, const XView& x,
                                    Algorithm algorithm) {
  check_view<ExecSpace, XView>();
  using T = value_t<XView>;
  static_assert(std::is_arithmetic_v<T>, "kp::minloc/maxloc: arithmetic values");
  return reduce(call, space, x, FirstLoc<T, kMax>{}, algorithm);
}
}  // namespace impl

// The forms that write a rank-0 View of ValueIndex<T> (asynchronous).
template <class ExecSpace, class XView, class ResultView,
          class = std::enable_if_t<Kokkos::is_view<ResultView>::value>>
void minloc(const ExecSpace& space, const XView& x, const ResultView& result,
            Algorithm algorithm = Algorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = impl::value_t<XView>;
  impl::check_result_view<ExecSpace, ResultView, ValueIndex<T>>();
  impl::reduce_into("kp::minloc", space, x, impl::FirstLoc<T, false>{}, algorithm, result);
}
template <class ExecSpace, class XView, class ResultView,
          class = std::enable_if_t<Kokkos::is_view<ResultView>::value>>
void maxloc(const ExecSpace& space, const XView& x, const ResultView& result,
            Algorithm algorithm = Algorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = impl::value_t<XView>;
  impl::check_result_view<ExecSpace, ResultView, ValueIndex<T>>();
  impl::reduce_into("kp::maxloc", space, x, impl::FirstLoc<T, true>{}, algorithm, result);
}

template <class ExecSpace, class XView>
ValueIndex<typename XView::non_const_value_type> minloc(
    const ExecSpace& space, const XView& x, Algorithm algorithm = Algorithm::automatic) {
  return impl::extremum<false>("kp::minloc", space, x, algorithm);
}

template <class ExecSpace, class XView>
ValueIndex<typename XView::non_const_value_type> maxloc(
    const ExecSpace& space, const XView& x, Algorithm algorithm = Algorithm::automatic) {
  return impl::extremum<true>("kp::maxloc", space, x, algorithm);
}

}  // namespace kp
