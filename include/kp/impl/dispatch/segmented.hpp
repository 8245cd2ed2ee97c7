#pragma once
// Segmented reduce and scans behind kp::segmented_reduce and
// kp::segmented_inclusive_scan / exclusive_scan. Segment s is
// [offsets(s), offsets(s + 1)) of the input (CSR offsets). Here: the
// arguments' checks, the choice of variant (kp::SegmentedAlgorithm), the
// workspace, the launches and the check's report. The variants:
//  - thread_per_segment (hosts; Views that are not contiguous): one thread
//    a segment, handed out dynamically, as their lengths differ
//    (agent/segment_in_order.hpp); the offsets checked by a pass before.
//  - team_per_segment (GPU reductions): a team a segment, long segments'
//    chunks queued for a wave of teams (agent/segment_teams.hpp); the
//    offsets checked in the kernel.
//  - decoupled_lookback (GPU scans): one pass of the look-back over
//    (value, segment head) parts, whatever the lengths
//    (agent/segment_lookback.hpp); the offsets checked in the kernel.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/algorithm.hpp>
#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/agent/segment_common.hpp>
#include <kp/impl/agent/segment_in_order.hpp>
#include <kp/impl/agent/segment_lookback.hpp>
#include <kp/impl/agent/segment_teams.hpp>
#include <kp/impl/agent/tile_plan.hpp>
#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/thread/scan_op.hpp>

namespace kp::impl {

// The Views' ranks and spaces, and the offsets' type, at compile time.
template <class Space, class In, class Offsets, class Out>
constexpr void check_segmented_views() {
  check_view<Space, In>();
  check_view<Space, Offsets>();
  check_view<Space, Out>();
  static_assert(std::is_integral_v<value_t<Offsets>>, "kp: segment offsets are integers");
}

inline std::invalid_argument bad_offsets(const char* call, std::int64_t n) {
  return std::invalid_argument(std::string(call) +
                               ": offsets must not decrease and must lie in [0, " +
                               std::to_string(n) + "]");
}

// Segments of a CSR offsets View: one fewer than its entries (none for an
// empty View).
template <class Offsets>
std::int64_t segment_count(const Offsets& offsets) {
  return offsets.extent(0) == 0 ? 0 : static_cast<std::int64_t>(offsets.extent(0)) - 1;
}

// Refuses offsets that are not a CSR partition of [0, n) prefix: they must
// not decrease, and lie within [0, n]. One pass over them (fences `space`).
// Returns the number of segments.
template <class Space, class Offsets>
std::int64_t check_offsets(const char* call, const Space& space, const Offsets& offsets,
                           std::int64_t n) {
  const std::int64_t segments = segment_count(offsets);
  if (segments == 0) return 0;
  std::int64_t bad = 0;
  Kokkos::parallel_reduce("kp::segmented check offsets", IndexRange<Space>(space, 0, segments + 1),
                          OffsetsCheck<Offsets>{offsets, segments, n}, bad);
  if (bad != 0) throw bad_offsets(call, n);
  return segments;
}

// The variant a segmented reduction runs (automatic: teams on GPUs, a
// thread a segment on hosts). Teams need contiguous Views and at most
// INT_MAX segments (a league); other Views take a thread a segment,
// whatever is named.
template <class Space, class In, class Out>
Algorithm segmented_reduce_variant(const char* call, Algorithm algorithm, std::int64_t segments,
                                   const In& in, const Out& out) {
  if (algorithm == Algorithm::automatic) {
    algorithm = is_gpu_space<Space>() ? Algorithm::team_per_segment : Algorithm::thread_per_segment;
  }
  if (algorithm != Algorithm::thread_per_segment && algorithm != Algorithm::team_per_segment) {
    unsupported(call, algorithm, Space::name());
  }
  const bool teams = segments <= INT_MAX && is_contiguous(in) && is_contiguous(out);
  return algorithm == Algorithm::team_per_segment && teams ? algorithm
                                                           : Algorithm::thread_per_segment;
}

// The variant a segmented scan runs (automatic: the single pass on GPUs, a
// thread a segment on hosts). The single pass needs contiguous Views;
// other Views take a thread a segment, whatever is named.
template <class Space, class In, class Out>
Algorithm segmented_scan_variant(const char* call, Algorithm algorithm, const In& in,
                                 const Out& out) {
  if (algorithm == Algorithm::automatic) {
    algorithm =
        is_gpu_space<Space>() ? Algorithm::decoupled_lookback : Algorithm::thread_per_segment;
  }
  if (algorithm != Algorithm::thread_per_segment && algorithm != Algorithm::decoupled_lookback) {
    unsupported(call, algorithm, Space::name());
  }
  const bool single_pass = is_contiguous(in) && is_contiguous(out);
  return algorithm == Algorithm::decoupled_lookback && single_pass ? algorithm
                                                                   : Algorithm::thread_per_segment;
}

// What a segmented reduction by teams needs besides its Views: the long
// segments' list ((segment, first chunk) pairs, in the order they were
// queued), each chunk's place in that list, a ticket a listed segment
// (chunks done, 0 between calls), a partial a chunk, the counters: [0] the
// listed segments << 40 | their chunks, [1] the next chunk to take, [2] the
// chunk teams done (all 0 between calls), and the report.
template <class Space>
struct SegmentReduceScratch {
  View<std::int64_t*, Space> longs;
  View<unsigned*, Space> owners;
  View<unsigned*, Space> tickets;
  View<char*, Space> partials;
  View<SegmentCounter*, Space> counters;
  SegmentReportView<Space> report;
};

// The most segments (max_long) and chunks (max_chunks) a reduction of n
// values by `plan` can queue; none where no segment can be long.
struct SegmentQueueBounds {
  bool queue;
  std::int64_t max_long, max_chunks;
  SegmentQueueBounds(std::int64_t n, const SegmentPlan& plan)
      : queue(n >= plan.long_from),
        max_long(queue ? n / plan.long_from + 1 : 0),
        max_chunks(queue ? n / plan.chunk + max_long : 0) {}
};

template <class Space, class T>
auto segment_reduce_workspace(const Space& space, const SegmentQueueBounds& q) {
  const std::size_t partial_bytes = sizeof(T) * static_cast<std::size_t>(q.max_chunks);
  return workspace<SegmentReduceScratch<Space>>(
      space,
      [&](const SegmentReduceScratch<Space>& w) {
        return static_cast<std::int64_t>(w.tickets.extent(0)) >= q.max_long &&
               static_cast<std::int64_t>(w.owners.extent(0)) >= q.max_chunks &&
               w.partials.extent(0) >= partial_bytes;
      },
      [&] {
        const auto uninitialized = [](const std::string& label) {
          return Kokkos::view_alloc(Kokkos::WithoutInitializing, label);
        };
        return SegmentReduceScratch<Space>{
            View<std::int64_t*, Space>(uninitialized("kp::segmented_reduce longs"), 2 * q.max_long),
            View<unsigned*, Space>(uninitialized("kp::segmented_reduce owners"), q.max_chunks),
            View<unsigned*, Space>("kp::segmented_reduce tickets", q.max_long),
            View<char*, Space>(uninitialized("kp::segmented_reduce partials"), partial_bytes),
            View<SegmentCounter*, Space>("kp::segmented_reduce counters", 3),
            SegmentReportView<Space>("kp::segmented_reduce report")};
      });
}

// The chunk wave, which drains what the segment teams queued: one wave of
// chunk_wave_threads a multiprocessor, in teams of `team`.
template <class Space, class X, class Offsets, class Op>
void drain_segment_chunks(const char* call, const Space& space,
                          const SegmentReduceViews<X, Offsets, Op>& views,
                          const SegmentReduceScratch<Space>& ws, std::int64_t max_chunks,
                          int team) {
  using Chunks = SegmentChunksReduce<Space, X, Offsets, Op>;
  using T = typename Op::value_type;
  const int league = static_cast<int>(std::max<std::int64_t>(
      1, std::min<std::int64_t>(
             max_chunks, processors(space) * SegmentedTuned<Space>::chunk_wave_threads / team)));
  const Chunks chunks{views,
                      ws.longs.data(),
                      ws.owners.data(),
                      ws.tickets.data(),
                      reinterpret_cast<T*>(ws.partials.data()),
                      ws.counters.data()};
  launch_segment_chunks(call, space, chunks, league, team);
}

// A thread a segment; a checked call checks the offsets first.
template <class Space, class In, class Offsets, class Out, class Op>
void reduce_in_order(const char* call, const Space& space, const In& in, const Offsets& offsets,
                     const Out& out, const Op& op, bool checked) {
  if (checked) check_offsets(call, space, offsets, static_cast<std::int64_t>(in.extent(0)));
  Kokkos::parallel_for(
      call,
      Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                          Kokkos::IndexType<std::int64_t>>(space, 0, segment_count(offsets)),
      SegmentInOrder<Space, In, Out, Offsets, Op>{in, out, offsets, op});
}

// A team a segment, then the chunk wave. Where n / segments is long_from or
// more, a segment is most likely long (the longest is at least the mean),
// and the wave follows at once; else, in a checked call, it launches only
// if the report says a segment was queued, after the fence the call makes
// anyway, so that segments shorter than long_from cost one launch, not two
// (and queued ones a fence more). An unchecked call has no report to wait
// for: its wave follows at once wherever a segment can be long.
template <class Space, class In, class Offsets, class Out, class Op>
void reduce_by_teams(const char* call, const Space& space, const In& in, const Offsets& offsets,
                     const Out& out, const Op& op, bool checked, const SegmentTeamShape& shape) {
  using X = value_t<In>;
  const std::int64_t n = in.extent(0);
  const std::int64_t segments = segment_count(offsets);
  const SegmentPlan plan = segment_plan<Space, X>(n / segments, shape);
  const SegmentQueueBounds q(n, plan);
  const auto ws = segment_reduce_workspace<Space, typename Op::value_type>(space, q);
  const SegmentReduceViews<X, Offsets, Op> views{in.data(), out.data(), offsets, op, plan};
  const SegmentTeamsReduce<Space, X, Offsets, Op> teams{views,
                                                        n,
                                                        ws->longs.data(),
                                                        ws->owners.data(),
                                                        ws->counters.data(),
                                                        checked ? ws->report.data() : nullptr};
  launch_segment_teams(call, space, teams, segments, plan.team);
  const auto drain = [&] {
    drain_segment_chunks(call, space, views, *ws, q.max_chunks, chunk_wave_team<Space>(shape.team));
  };
  const bool likely_queued = q.queue && n / segments >= plan.long_from;
  if (likely_queued || (q.queue && !checked)) drain();
  if (!checked) return;
  space.fence();
  const SegmentReport report = read_report(ws->report);
  if (q.queue && !likely_queued && report.queued != 0) {
    drain();
    space.fence();
  }
  if (report.bad != 0 || report.queued != 0) clear_report(ws->report);
  if (report.bad != 0) throw bad_offsets(call, n);
}

// out(s) = the fold of segment s by op (UserOp / TransformOp), by
// `algorithm` (impl::algorithm_of a kp::SegmentedAlgorithm). `checked`:
// offsets that are not a partition throw, after a fence; else the call is
// asynchronous, and their segments fold as empty. `shape`: the teams'
// (tests; 0: the tuning's).
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_reduce(const char* call, const Space& space, const In& in, const Offsets& offsets,
                      const Out& out, const Op& op, Algorithm algorithm = Algorithm::automatic,
                      bool checked = true, const SegmentTeamShape& shape = {}) {
  check_segmented_views<Space, In, Offsets, Out>();
  const std::int64_t segments = segment_count(offsets);
  if (static_cast<std::int64_t>(out.extent(0)) != segments) {
    throw std::invalid_argument(std::string(call) + ": out has " + std::to_string(out.extent(0)) +
                                " elements for " + std::to_string(segments) + " segments");
  }
  algorithm = segmented_reduce_variant<Space>(call, algorithm, segments, in, out);
  if (segments == 0) return;
  if (algorithm == Algorithm::team_per_segment) {
    reduce_by_teams(call, space, in, offsets, out, op, checked, shape);
  } else {
    reduce_in_order(call, space, in, offsets, out, op, checked);
  }
}

// The teams of `shape` on any space, for contiguous Views (tests).
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_reduce(const char* call, const Space& space, const In& in, const Offsets& offsets,
                      const Out& out, const Op& op, const SegmentTeamShape& shape,
                      bool checked = true) {
  segmented_reduce(call, space, in, offsets, out, op, Algorithm::team_per_segment, checked, shape);
}

// What the single-pass segmented scan needs besides its Views: the
// look-back's tile status and counter, and the tiles' first heads.
template <class Space, class T>
struct SegmentScanScratch {
  DecoupledLookbackScan<Space, SegmentPart<T>> scan;
  View<std::int64_t*, Space> firsts;
  SegmentReportView<Space> report;
};

template <class Space, class T>
auto segment_scan_workspace(const Space& space, const TilePlan& plan) {
  return workspace<SegmentScanScratch<Space, T>>(
      space,
      [&](const SegmentScanScratch<Space, T>& w) {
        return w.scan.capacity() >= plan.tiles &&
               static_cast<std::int64_t>(w.firsts.extent(0)) > plan.tiles;
      },
      [&] {
        return SegmentScanScratch<Space, T>{
            DecoupledLookbackScan<Space, SegmentPart<T>>(plan.tiles),
            View<std::int64_t*, Space>(
                Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::segmented scan tile heads"),
                plan.tiles + 1),
            SegmentReportView<Space>("kp::segmented scan report")};
      });
}

// The single-pass segmented scan of in into out by tiles of `plan`, in
// place allowed. `checked`: the kernel checks the offsets, and the call
// fences `space` and throws for invalid ones (out is then unspecified);
// else it is asynchronous, and invalid offsets leave out unspecified.
template <class Space, class T, class Offsets, class Op>
void segmented_scan_lookback(const char* call, const Space& space, const T* in, T* out,
                             std::int64_t n, const Offsets& offsets, std::int64_t segments,
                             bool inclusive, const Running<T>& init, const Op& op,
                             const TilePlan& plan, bool checked) {
  using Scan = SegmentLookbackScan<Space, T, Offsets, Op>;
  using Part = SegmentPart<T>;
  if (plan.items > kSegmentLookbackItemsOf<Space, T>) {
    throw std::logic_error("kp::impl::segmented_scan_lookback: more than kSegmentLookbackItemsOf");
  }
  if (Scan::kInRegisters && plan.team % kWarp != 0) {
    throw std::logic_error("kp::impl::segmented_scan_lookback: CUDA teams are whole warps");
  }
  const auto ws = segment_scan_workspace<Space, T>(space, plan);
  std::int64_t* const firsts = ws->firsts.data();
  // The tiles' first heads; a checked call's offsets check in the same launch.
  const std::int64_t entries = segments + 1;
  Kokkos::parallel_for(
      "kp::segmented scan tile heads",
      IndexRange<Space>(space, 0, checked ? std::max(plan.tiles + 1, entries) : plan.tiles + 1),
      SegmentTileFirsts<Offsets>{offsets, entries, plan.tile, plan.tiles, firsts, n,
                                 checked ? ws->report.data() : nullptr});
  ws->scan.launch(
      space, plan, Scan::scratch(plan), "kp::segmented scan",
      [&](const TileStatus<Space, Part>& status, const View<std::int32_t, Space>& next_tile) {
        const typename Scan::Tiles tiles{{},     {},    status, next_tile, plan, inclusive,
                                         Part{}, false, false,  false,     {op}, {}};
        return Scan{{tiles, in, out, n, offsets, segments, firsts, init}};
      });
  if (!checked) return;
  space.fence();
  if (read_report(ws->report).bad != 0) {
    clear_report(ws->report);
    throw bad_offsets(call, n);
  }
}

// The single pass's tiles: teams of lookback_team threads with
// kSegmentLookbackItemsOf<Space, T> values each.
template <class Space, class T>
TilePlan segment_lookback_plan(std::int64_t n) {
  return make_tile_plan(n, SegmentedTuned<Space>::lookback_team, kSegmentLookbackItemsOf<Space, T>);
}

// Each segment's scan by op, from `init` (empty: an inclusive scan from the
// segment's first value), by `algorithm` (impl::algorithm_of a
// kp::SegmentedAlgorithm). `checked`: offsets that are not a partition
// throw, after a fence; else none is made. The single pass checks them in
// its kernel, and its results are unspecified where they are invalid; a
// thread a segment checks them before, and (unchecked) leaves a segment
// whose offsets are invalid unwritten.
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_scan(const char* call, const Space& space, const In& in, const Offsets& offsets,
                    const Out& out, bool inclusive, const Running<value_t<Out>>& init, const Op& op,
                    Algorithm algorithm = Algorithm::automatic, bool checked = true) {
  check_segmented_views<Space, In, Offsets, Out>();
  using T = value_t<Out>;
  static_assert(std::is_same_v<value_t<In>, T>, "kp: scan input and output value types differ");
  const std::int64_t n = in.extent(0);
  if (static_cast<std::int64_t>(out.extent(0)) != n) {
    throw std::invalid_argument(std::string(call) + ": in has " + std::to_string(n) +
                                " elements, out " + std::to_string(out.extent(0)));
  }
  algorithm = segmented_scan_variant<Space>(call, algorithm, in, out);
  const std::int64_t segments = segment_count(offsets);
  if (segments == 0) return;
  if (algorithm == Algorithm::decoupled_lookback) {
    segmented_scan_lookback(call, space, in.data(), out.data(), n, offsets, segments, inclusive,
                            init, op, segment_lookback_plan<Space, T>(n), checked);
    return;
  }
  if (checked) check_offsets(call, space, offsets, n);
  Kokkos::parallel_for(call,
                       Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                                           Kokkos::IndexType<std::int64_t>>(space, 0, segments),
                       SegmentScanInOrder<In, Out, Offsets, T, Op>{
                           in, out, offsets, init, inclusive, op,
                           !is_gpu_space<Space>() && is_contiguous(in) && is_contiguous(out)});
}

}  // namespace kp::impl
