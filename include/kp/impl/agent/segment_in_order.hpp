#pragma once
// A thread a segment (SegmentedAlgorithm::thread_per_segment: hosts, and
// Views that are not contiguous): a reduction in interleaved lanes, a scan
// in index order (on hosts, contiguous Views: the host tile scan's blocks).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

#include <kp/impl/agent/host_scan.hpp>
#include <kp/impl/agent/segment_common.hpp>
#include <kp/impl/thread/scan_op.hpp>

namespace kp::impl {

// out(s) = segment s's fold, in SegmentedTuning's `lanes` independent
// folds (the op commutes), so that a floating-point sum is not one chain of
// dependent adds.
template <class Space, class In, class Out, class Offsets, class Op>
struct SegmentInOrder {
  using T = typename Op::value_type;
  static constexpr int kLanes = SegmentedTuned<Space>::lanes;
  In in;
  Out out;
  Offsets offsets;
  Op op;  // UserOp: identity and join
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    T lane[kLanes];
    for (int j = 0; j < kLanes; ++j) lane[j] = op.identity();
    std::int64_t i, end;
    segment_bounds(offsets, s, static_cast<std::int64_t>(in.extent(0)), i, end);
    for (; i + kLanes <= end; i += kLanes) {
      for (int j = 0; j < kLanes; ++j) op.join(lane[j], op.lift(in(i + j), i + j));
    }
    for (int j = 0; i < end; ++i, ++j) op.join(lane[j], op.lift(in(i), i));
    for (int j = 1; j < kLanes; ++j) op.join(lane[0], lane[j]);
    out(s) = lane[0];
  }
};

// Segment s's scan, from `init`, in index order.
template <class In, class Out, class Offsets, class T, class Op>
struct SegmentScanInOrder {
  In in;
  Out out;
  Offsets offsets;
  Running<T> init;
  bool inclusive;
  Op op;
  bool tiled;  // host, contiguous Views: the host tile scan's blocks (host_scan.hpp)
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    Running<T> run = init;
    std::int64_t begin, end;
    segment_bounds(offsets, s, static_cast<std::int64_t>(in.extent(0)), begin, end);
    if (tiled) {
      // Sums as ScanSum: blocks of independent adds, not one chain.
      if constexpr (std::is_same_v<Op, WrappingSum<T>> || is_arithmetic_plus<Op, T>) {
        HostTileScan<T>().scan(in.data() + begin, end - begin, run, inclusive, out.data() + begin);
      } else {
        HostTileScan<T, Op>(op).scan(in.data() + begin, end - begin, run, inclusive,
                                     out.data() + begin);
      }
      return;
    }
    for (std::int64_t i = begin; i < end; ++i) {
      const T x = in(i);  // read before out(i) is written: in place allowed
      if (!inclusive) out(i) = run.value;
      push(op, run, x);
      if (inclusive) out(i) = run.value;
    }
  }
};

}  // namespace kp::impl
