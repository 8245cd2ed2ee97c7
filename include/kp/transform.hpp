#pragma once
// Transform on load: reduce and scan f(x(i)) instead of x(i), with f applied
// to each element as it is read (nothing materialised).
//
//   double ss = kp::transform_reduce(space, x, 0.0, kp::plus<double>{}, Square{});
//   kp::transform_inclusive_scan(space, flags, positions, kp::plus<std::int64_t>{}, IsOne{});
//   kp::transform_exclusive_scan(space, in, out, init, op, f);
//
// f: a copyable unary functor callable on the space; its result converts to
// the operation's type T (the reduction's identity's type, the output
// View's value type). The input View may have another value type. The rest
// is that of kp::reduce's and kp::inclusive_scan's operator forms: same
// algorithms, determinism and errors. f may be called more than once per
// element (a host tile is read twice), so it must be pure.
#include <type_traits>
#include <utility>

#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/impl/dispatch/scan.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/ops.hpp>

namespace kp {

// The fold by `op` (associative, commutative; `identity` its identity) of
// f(x(i)). Returns to the host (fences `space`); empty input gives identity.
template <class ExecSpace, class XView, class T, class BinaryOp, class UnaryOp>
T transform_reduce(const ExecSpace& space, const XView& x, T identity, BinaryOp op, UnaryOp f,
                   ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  return impl::reduce("kp::transform_reduce", space, x,
                      impl::TransformOp<T, BinaryOp, UnaryOp>{{identity, op}, f},
                      impl::algorithm_of(algorithm));
}

// The correctly rounded sum of f(x(i)), in f's type (float or double).
// Returns to the host (fences `space`); empty input gives +0.0.
template <class ExecSpace, class XView, class UnaryOp>
auto transform_reduce(const ExecSpace& space, const XView& x, Reproducible, UnaryOp f,
                      ReduceAlgorithm algorithm = ReduceAlgorithm::automatic) {
  impl::check_view<ExecSpace, XView>();
  using T = std::decay_t<decltype(f(std::declval<impl::value_t<XView>>()))>;
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "kp::transform_reduce(..., kp::reproducible, f): f returns float or double");
  return impl::reproducible_sum("kp::transform_reduce", space, x,
                                impl::ExactTransformOp<T, UnaryOp>{{}, f},
                                impl::algorithm_of(algorithm));
}

// out(i) = op(...op(f(in(0)), f(in(1)))..., f(in(i))); op associative.
template <class ExecSpace, class InView, class OutView, class BinaryOp, class UnaryOp>
void transform_inclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                              BinaryOp op, UnaryOp f,
                              ScanAlgorithm algorithm = ScanAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::scan("kp::transform_inclusive_scan", space, in, out, true, impl::Running<T>{T{}, false}, op,
             f, impl::algorithm_of(algorithm));
}

// out(i) = op(...op(init, f(in(0)))..., f(in(i - 1))), out(0) = init.
template <class ExecSpace, class InView, class OutView, class BinaryOp, class UnaryOp>
void transform_exclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                              typename OutView::non_const_value_type init, BinaryOp op, UnaryOp f,
                              ScanAlgorithm algorithm = ScanAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::scan("kp::transform_exclusive_scan", space, in, out, false, impl::Running<T>{init, true},
             op, f, impl::algorithm_of(algorithm));
}

}  // namespace kp
