#pragma once
// Segmented reduce and scans: many independent reductions or scans at once,
// segment s being in(offsets(s)) .. in(offsets(s + 1) - 1) (CSR offsets,
// CUB's DeviceSegmentedReduce layout); empty segments allowed.
//
//   kp::segmented_reduce(space, in, offsets, sums);                    // sums(s): segment s's sum
//   kp::segmented_reduce(space, in, offsets, maxima, -inf, kp::maximum<float>{});
//   kp::segmented_reduce(space, in, offsets, sums, kp::unchecked_offsets);  // no fence
//   kp::segmented_inclusive_scan(space, in, offsets, out);            // each segment's prefix sums
//   kp::segmented_exclusive_scan(space, in, offsets, out, init, op);  // each from init
//   kp::segmented_inclusive_scan(space, in, offsets, out, kp::unchecked_offsets);
//
// Arguments: rank-1 Views the space can access; `offsets` of an integer
// type, S + 1 entries for S segments (none or one entry: no segments).
// Segments need not cover `in`: values outside every segment are neither
// read nor (scans) written. `out` has S elements (reduce) or in's length
// (scans; it may be `in`).
//
// Operations: reduce's `op` is associative and commutative with `identity`
// its identity (an empty segment gives `identity`, or 0 for a sum); the
// scans' `op` associative only, combined in sequence order within a
// segment (kp::inclusive_scan's rules), so integer and other exact
// operations give the sequential answer on every space.
//
// Errors: std::invalid_argument for offsets that decrease or leave
// [0, in.extent(0)], and for an `out` of the wrong length. On hosts and
// for strided Views one pass over the offsets checks them and fences
// `space` before any work, which is then enqueued asynchronously. A GPU
// reduction or scan (contiguous Views) checks them in its kernel and
// fences `space` to read the check back; when it throws, out's values are
// unspecified.
//
// Unchecked calls: segmented_reduce(..., kp::unchecked_offsets) and the
// scans' (..., kp::unchecked_offsets) make no check that needs a fence and
// return at once, like a Kokkos parallel operation (an `out` of the wrong
// length still throws, on the host). The offsets are then the caller's
// promise: a segment whose offsets decrease or leave [0, in.extent(0)]
// gives `identity` (0 for a sum) in a reduction, and nothing says so. A
// scan on a host or of strided Views leaves such a segment unwritten
// (where segments overlap, its results there are unspecified); on a GPU
// any invalid offset leaves all of `out` unspecified. Nothing outside `in`
// and `out` is read or written. On a GPU this saves the check and the
// fence that reads it back. With valid offsets the results are the
// checked call's bits.
//
// Cost: one read of each segment and one write per segment (reduce) or
// element (scans). GPU reductions (contiguous Views): a team a segment, its
// size from the mean length (impl/tuning/segmented.hpp); long segments are
// cut into chunks that a wave of teams shares, joined in chunk order, so
// one very long segment among short ones spreads over the GPU. GPU scans:
// one single pass of kp::inclusive_scan's look-back over (value, segment
// start) parts, whose time does not depend on the lengths.
// Hosts, and strided Views: one thread a segment (a reduction in 8 lanes),
// handed out dynamically.
//
// Algorithm: each call takes a kp::SegmentedAlgorithm last (kp/algorithm.hpp;
// default automatic, the choice above for the space): thread_per_segment,
// team_per_segment (segmented_reduce) or decoupled_lookback (the scans) on
// any space, for benchmarks and tests. A choice the call does not have
// throws std::invalid_argument; Views that are not contiguous (and, for
// team_per_segment, more than INT_MAX segments) take thread_per_segment
// whatever is named. Integer and other exact operations give the same
// answer by every choice.
#include <kp/algorithm.hpp>
#include <kp/impl/dispatch/segmented.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <type_traits>

namespace kp {

// The tag of the unchecked, asynchronous segmented reductions.
struct UncheckedOffsets {
  explicit UncheckedOffsets() = default;
};
inline constexpr UncheckedOffsets unchecked_offsets{};

template <class ExecSpace, class InView, class OffsetsView, class OutView>
void segmented_reduce(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                      const OutView& out,
                      SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_reduce("kp::segmented_reduce", space, in, offsets, out,
                         impl::UserOp<T, impl::WrappingSum<T>>{T(0), {}},
                         impl::algorithm_of(algorithm));
}

template <class ExecSpace, class InView, class OffsetsView, class OutView, class T, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void segmented_reduce(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                      const OutView& out, T identity, BinaryOp op,
                      SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  static_assert(std::is_same_v<impl::value_t<OutView>, T>,
                "kp::segmented_reduce: out's value type must be the identity's");
  impl::segmented_reduce("kp::segmented_reduce", space, in, offsets, out,
                         impl::UserOp<T, BinaryOp>{identity, op}, impl::algorithm_of(algorithm));
}

template <class ExecSpace, class InView, class OffsetsView, class OutView>
void segmented_reduce(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                      const OutView& out, UncheckedOffsets,
                      SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_reduce("kp::segmented_reduce", space, in, offsets, out,
                         impl::UserOp<T, impl::WrappingSum<T>>{T(0), {}},
                         impl::algorithm_of(algorithm), /*checked=*/false);
}

template <class ExecSpace, class InView, class OffsetsView, class OutView, class T, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void segmented_reduce(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                      const OutView& out, T identity, BinaryOp op, UncheckedOffsets,
                      SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  static_assert(std::is_same_v<impl::value_t<OutView>, T>,
                "kp::segmented_reduce: out's value type must be the identity's");
  impl::segmented_reduce("kp::segmented_reduce", space, in, offsets, out,
                         impl::UserOp<T, BinaryOp>{identity, op}, impl::algorithm_of(algorithm),
                         /*checked=*/false);
}

template <class ExecSpace, class InView, class OffsetsView, class OutView>
void segmented_inclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_inclusive_scan", space, in, offsets, out, true,
                       impl::Running<T>{T{}, false}, impl::WrappingSum<T>{},
                       impl::algorithm_of(algorithm));
}

template <class ExecSpace, class InView, class OffsetsView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void segmented_inclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, BinaryOp op,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_inclusive_scan", space, in, offsets, out, true,
                       impl::Running<T>{T{}, false}, op, impl::algorithm_of(algorithm));
}

template <class ExecSpace, class InView, class OffsetsView, class OutView>
void segmented_exclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, typename OutView::non_const_value_type init,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_exclusive_scan", space, in, offsets, out, false,
                       impl::Running<T>{init, true}, impl::WrappingSum<T>{},
                       impl::algorithm_of(algorithm));
}

// out(i) = op(... op(init, in(b)) ..., in(i - 1)) for i in segment [b, e).
template <class ExecSpace, class InView, class OffsetsView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void segmented_exclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, typename OutView::non_const_value_type init,
                              BinaryOp op,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_exclusive_scan", space, in, offsets, out, false,
                       impl::Running<T>{init, true}, op, impl::algorithm_of(algorithm));
}

// The unchecked, asynchronous segmented scans: no check of the offsets and
// no fence (see the header's comment).
template <class ExecSpace, class InView, class OffsetsView, class OutView>
void segmented_inclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, UncheckedOffsets,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_inclusive_scan", space, in, offsets, out, true,
                       impl::Running<T>{T{}, false}, impl::WrappingSum<T>{},
                       impl::algorithm_of(algorithm), /*checked=*/false);
}

template <class ExecSpace, class InView, class OffsetsView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void segmented_inclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, BinaryOp op, UncheckedOffsets,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_inclusive_scan", space, in, offsets, out, true,
                       impl::Running<T>{T{}, false}, op, impl::algorithm_of(algorithm),
                       /*checked=*/false);
}

template <class ExecSpace, class InView, class OffsetsView, class OutView>
void segmented_exclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, typename OutView::non_const_value_type init,
                              UncheckedOffsets,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_exclusive_scan", space, in, offsets, out, false,
                       impl::Running<T>{init, true}, impl::WrappingSum<T>{},
                       impl::algorithm_of(algorithm), /*checked=*/false);
}

template <class ExecSpace, class InView, class OffsetsView, class OutView, class BinaryOp,
          class = std::enable_if_t<!std::is_enum_v<BinaryOp>>>
void segmented_exclusive_scan(const ExecSpace& space, const InView& in, const OffsetsView& offsets,
                              const OutView& out, typename OutView::non_const_value_type init,
                              BinaryOp op, UncheckedOffsets,
                              SegmentedAlgorithm algorithm = SegmentedAlgorithm::automatic) {
  using T = impl::value_t<OutView>;
  impl::segmented_scan("kp::segmented_exclusive_scan", space, in, offsets, out, false,
                       impl::Running<T>{init, true}, op, impl::algorithm_of(algorithm),
                       /*checked=*/false);
}

}  // namespace kp
