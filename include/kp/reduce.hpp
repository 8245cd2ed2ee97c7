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
// Reproducible sums (issue 57): kp::reduce(space, x, kp::reproducible[, a])
// for float and double x returns the CORRECTLY ROUNDED sum: the exact sum of
// the values, rounded once to nearest, ties to even. It depends on the values
// alone: the same bits on Serial, OpenMP with any thread count, CUDA with any
// team size, with every algorithm, for contiguous, offset and strided Views,
// whatever order the elements come in.
// - Special values: a NaN, or +inf with -inf, gives NaN (the canonical quiet
//   NaN, payloads are not kept); infinities of one sign give that infinity;
//   a finite exact sum that rounds past the largest finite value gives the
//   infinity of its sign (never an overflow of a partial sum: there are none).
// - Zeros: an exact zero is +0.0, except that a sum of -0.0s only is -0.0
//   (IEEE's rule for -0.0 + -0.0); empty input is +0.0.
// - How: each element goes exactly into a fixed-point accumulator over the
//   whole exponent range (impl/thread/exact_sum.hpp: 32-bit digits in int64
//   limbs, 66 limbs for double, 10 for float, carries propagated every 1023
//   or 127 additions); partials join limb by limb, exactly; the host
//   rounds the joined accumulator once.
// - Cost: O(n) work, one read of x, as a sum; a per-element cost of about 20
//   integer operations and one or two indexed adds instead of one add, and
//   partials of 544 (double) or 96 (float) bytes instead of 8 or 4: slower
//   than the plain sum where that one is not memory bound (docs/API.md).
//
// Complexity: O(n) work, one read of x, one launch; O(n / 16384) partials
// on hosts; on GPUs one per team, and from 512 MiB one per 64 KiB of the
// array's last 1/32, which teams take as they finish. The algorithm for
// each space: docs/API.md, the dispatch table; measurements:
// docs/PERFORMANCE.md.
#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/ops.hpp>

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

// The correctly rounded sum of float or double x (kp::reproducible above).
template <class ExecSpace, class XView>
typename XView::non_const_value_type reduce(
    const ExecSpace& space, const XView& x, Reproducible,
    ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = typename XView::non_const_value_type;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "kp::reduce(..., kp::reproducible): float or double values");
  return impl::reproducible_sum("kp::reduce", space, x, impl::ExactSumOp<T>{},
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
