#pragma once
// kp::minloc / kp::maxloc: the extremum of a rank-1 View and the index of
// its FIRST occurrence.
//
//   kp::ValueIndex<float> m = kp::minloc(space, x);   // m.value, m.index
//
// Semantics
// - x: a rank-1 View of arithmetic values, any layout, that `space` can read.
// - Ties go to the smallest index; -0.0 and +0.0 tie (they compare equal).
// - NaN counts as the extremum: the first NaN wins (value NaN, its index),
//   as in NumPy's argmin/argmax.
// - Empty input: index -1, value +inf (min) / -inf (max), or the type's
//   max / lowest for integers.
// - The forms returning a value fence `space` and return on the host; the
//   forms taking a rank-0 result View of ValueIndex<T> are asynchronous,
//   like Kokkos::parallel_reduce.
//
// Errors: std::invalid_argument, on the host before any work, for an
// `algorithm` the space cannot run (as kp::reduce). A wrong View rank, value type or memory space
// is a static_assert.
//
// Determinism: the answer is exact, so identical on every space, algorithm
// and thread count.
//
// Complexity: O(n) work, one read of x, one launch; on hosts a block of
// 32768 values is read a second time (from cache) only where it holds a
// new best. Measurements: docs/PERFORMANCE.md.
#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/value_index.hpp>

namespace kp {

// The forms that write a rank-0 View of ValueIndex<T> (asynchronous).
template <class ExecSpace, class XView, class ResultView,
          class = std::enable_if_t<Kokkos::is_view<ResultView>::value>>
void minloc(const ExecSpace& space, const XView& x, const ResultView& result,
            ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = impl::value_t<XView>;
  impl::check_result_view<ExecSpace, ResultView, ValueIndex<T>>();
  impl::reduce_into("kp::minloc", space, x, impl::FirstLoc<T, false>{},
                    impl::algorithm_of(algorithm), result);
}
template <class ExecSpace, class XView, class ResultView,
          class = std::enable_if_t<Kokkos::is_view<ResultView>::value>>
void maxloc(const ExecSpace& space, const XView& x, const ResultView& result,
            ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = impl::value_t<XView>;
  impl::check_result_view<ExecSpace, ResultView, ValueIndex<T>>();
  impl::reduce_into("kp::maxloc", space, x, impl::FirstLoc<T, true>{},
                    impl::algorithm_of(algorithm), result);
}

template <class ExecSpace, class XView>
ValueIndex<typename XView::non_const_value_type> minloc(
    const ExecSpace& space, const XView& x,
    ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  return impl::extremum<false>("kp::minloc", space, x, impl::algorithm_of(algorithm));
}

template <class ExecSpace, class XView>
ValueIndex<typename XView::non_const_value_type> maxloc(
    const ExecSpace& space, const XView& x,
    ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  return impl::extremum<true>("kp::maxloc", space, x, impl::algorithm_of(algorithm));
}

}  // namespace kp
