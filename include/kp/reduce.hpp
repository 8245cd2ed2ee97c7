#pragma once
// kp::reduce: the sum of a rank-1 View, or its fold by a user operation.
//
//   float s = kp::reduce(Kokkos::DefaultExecutionSpace(), x);
//   double m = kp::reduce(space, x, -HUGE_VAL, Max{});   // a double identity; Max: device-callable
//
// Semantics
// - x: a rank-1 View of any layout that `space` can read. Empty input gives
//   0 for a sum, `identity` for a fold.
// - The forms returning a value fence `space` and return on the host; the
//   forms taking a rank-0 result View write it asynchronously, like
//   Kokkos::parallel_reduce into a View.
//
// Errors: std::invalid_argument, on the host before any work, for an
// `algorithm` the space cannot run (host_lanes on a GPU); kp::ReduceAlgorithm
// holds only the choices reduce has.
// A wrong View rank, value type or memory space is a static_assert.
//
// Determinism: floating-point sums are not bit-identical between a GPU and
// the host, or across algorithms: the summation order differs (each order
// is within the usual n * eps * sum|x| bound). On host spaces the default
// order depends on the indices alone, so a contiguous View's sum has the
// same bits on Serial and OpenMP with any thread count. On a GPU the order
// is fixed by the code and the SM count: a repeated call gives the same
// bits. Integer sums are exact (overflow wraps as the type does).
//
// Complexity: O(n) work, one read of x, one launch; O(n / 16384) partials
// on hosts; on GPUs one per team, and from 512 MiB one per 64 KiB of the
// array's last 1/32, which teams take as they finish. The algorithm for
// each space: docs/API.md, the dispatch table; measurements:
// docs/PERFORMANCE.md.
#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/reduce.hpp>

namespace kp {

// The sum of x (float, double, int32, int64, ...), in x's value type.
template <class ExecSpace, class XView>
typename XView::non_const_value_type reduce(
    const ExecSpace& space, const XView& x,
    ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = typename XView::non_const_value_type;
  static_assert(std::is_arithmetic_v<T>, "kp::reduce: a sum needs arithmetic values");
  return impl::reduce("kp::reduce", space, x, impl::UserOp<T, impl::Plus<T>>{T(0), {}},
                      impl::algorithm_of(algorithm));
}

// The sum of x into `result`, a rank-0 View of x's value type (asynchronous).
template <class ExecSpace, class XView, class ResultView,
          class = std::enable_if_t<Kokkos::is_view<ResultView>::value>>
void reduce(const ExecSpace& space, const XView& x, const ResultView& result,
            ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = typename XView::non_const_value_type;
  static_assert(std::is_arithmetic_v<T>, "kp::reduce: a sum needs arithmetic values");
  impl::check_result_view<ExecSpace, ResultView, T>();
  impl::reduce_into("kp::reduce", space, x, impl::UserOp<T, impl::Plus<T>>{T(0), {}},
                    impl::algorithm_of(algorithm), result);
}

// The fold of x by `op` (op(a, b) -> T, callable on the space, associative
// and commutative) starting from `identity`, which must be op's identity (it
// may be combined any number of times): e.g. -inf for max. Empty input
// gives `identity`.
template <class ExecSpace, class XView, class T, class BinaryOp,
          class = std::enable_if_t<!Kokkos::is_view<T>::value>>
T reduce(const ExecSpace& space, const XView& x, T identity, BinaryOp op,
         ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  return impl::reduce("kp::reduce", space, x, impl::UserOp<T, BinaryOp>{identity, op},
                      impl::algorithm_of(algorithm));
}

// The fold into `result`, a rank-0 View of T (asynchronous).
template <class ExecSpace, class XView, class T, class BinaryOp, class ResultView,
          class = std::enable_if_t<Kokkos::is_view<ResultView>::value>>
void reduce(const ExecSpace& space, const XView& x, T identity, BinaryOp op,
            const ResultView& result, ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  impl::check_result_view<ExecSpace, ResultView, T>();
  impl::reduce_into("kp::reduce", space, x, impl::UserOp<T, BinaryOp>{identity, op},
                    impl::algorithm_of(algorithm), result);
}

}  // namespace kp
