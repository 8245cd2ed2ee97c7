#pragma once
// kp::inclusive_scan / kp::exclusive_scan: prefix sums of a rank-1 View, or
// its prefix combinations by any associative operation.
//
//   kp::inclusive_scan(space, in, out);        // out(i) = in(0) + ... + in(i)
//   kp::exclusive_scan(space, in, out, init);  // out(i) = init + in(0) + ... + in(i-1)
//   kp::inclusive_scan(space, in, out, op);    // out(i) = op(...op(in(0), in(1))..., in(i))
//   kp::exclusive_scan(space, in, out, init, op);
//
// `in` and `out` have the same length and value type (a multiple of 4
// bytes: int8 and int16 Views do not compile) and may be the same View (in
// place). Asynchronous on `space`, like a Kokkos dispatch. Partial
// results combine adjacent ranges only, earlier on the left, so `op` need
// not commute: integer scans, and any exact operation's, equal the
// sequential scan; floating-point sums differ from it by rounding (and may
// give +0.0 where it gives -0.0). See docs/API.md for max/min with NaN,
// determinism and cost.
#include <type_traits>

#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/scan.hpp>

namespace kp {

template <class ExecSpace, class InView, class OutView>
void inclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                    ScanAlgorithm algorithm = ScanAlgorithm::automatic) {
  impl::scan("kp::inclusive_scan", space, in, out, true, impl::value_t<OutView>(0),
             impl::algorithm_of(algorithm));
}

template <class ExecSpace, class InView, class OutView>
void exclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                    typename OutView::non_const_value_type init,
                    ScanAlgorithm algorithm = ScanAlgorithm::automatic) {
  impl::scan("kp::exclusive_scan", space, in, out, false, init, impl::algorithm_of(algorithm));
}

// The scan by `op`: op(a, b) -> T, associative, callable on the space, `a`
// the earlier elements' combination. T (the Views' value type) is any
// trivially copyable, default-constructible type of a multiple of 4 bytes
// (pairs, small structs).
template <class ExecSpace, class InView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void inclusive_scan(const ExecSpace& space, const InView& in, const OutView& out, BinaryOp op,
                    ScanAlgorithm algorithm = ScanAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  static_assert(std::is_same_v<impl::value_t<InView>, T>,
                "kp: scan input and output value types differ");
  impl::scan("kp::inclusive_scan", space, in, out, true, impl::Running<T>{T{}, false}, op,
             impl::Identity(), impl::algorithm_of(algorithm));
}

// out(i) = op(...op(init, in(0))..., in(i - 1)), out(0) = init.
template <class ExecSpace, class InView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void exclusive_scan(const ExecSpace& space, const InView& in, const OutView& out,
                    typename OutView::non_const_value_type init, BinaryOp op,
                    ScanAlgorithm algorithm = ScanAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  static_assert(std::is_same_v<impl::value_t<InView>, T>,
                "kp: scan input and output value types differ");
  impl::scan("kp::exclusive_scan", space, in, out, false, impl::Running<T>{init, true}, op,
             impl::Identity(), impl::algorithm_of(algorithm));
}

}  // namespace kp
