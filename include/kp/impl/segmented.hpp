#pragma once
// Segmented reduce and scans behind kp::segmented_reduce and
// kp::segmented_inclusive_scan / exclusive_scan. Segment s is
// [offsets(s), offsets(s + 1)) of the input (CSR offsets).
//  - GPU, contiguous Views: one team a segment. A reduction folds each
//    thread's strided values, then the team's (team_combine); a scan walks
//    the segment in rounds of team x kSegmentScanItems values (the team
//    scan of block_scan.hpp), each round after the ones before.
//  - Hosts, and other Views: one thread a segment (a reduction in
//    kSegmentLanes interleaved lanes, a scan in index order); the segments
//    handed out dynamically, as their lengths differ.
#include <Kokkos_Core.hpp>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/impl/block_scan.hpp>
#include <kp/impl/combine_ops.hpp>
#include <kp/impl/common.hpp>
#include <kp/impl/scan_op.hpp>
#include <kp/impl/team_combine.hpp>
#include <kp/impl/tuning/segmented.hpp>
#include <kp/impl/views.hpp>

namespace kp::impl {

// The Views' ranks and spaces, and the offsets' type, at compile time.
template <class Space, class In, class Offsets, class Out>
constexpr void check_segmented_views() {
  check_view<Space, In>();
  check_view<Space, Offsets>();
  check_view<Space, Out>();
  static_assert(std::is_integral_v<value_t<Offsets>>, "kp: segment offsets are integers");
}

// Refuses offsets that are not a CSR partition of [0, n) prefix: they must
// not decrease, and lie within [0, n]. One pass over them (fences `space`).
template <class Space, class Offsets>
std::int64_t check_offsets(const char* call, const Space& space, const Offsets& offsets,
                           std::int64_t n) {
  const std::int64_t segments =
      offsets.extent(0) == 0 ? 0 : static_cast<std::int64_t>(offsets.extent(0)) - 1;
  if (segments == 0) return 0;
  std::int64_t bad = 0;
  Kokkos::parallel_reduce(
      "kp::segmented check offsets", IndexRange<Space>(space, 0, segments + 1),
      KOKKOS_LAMBDA(std::int64_t s, std::int64_t & count) {
        const std::int64_t at = static_cast<std::int64_t>(offsets(s));
        const bool out_of_range = at < 0 || at > n;
        const bool decreasing = s < segments && static_cast<std::int64_t>(offsets(s + 1)) < at;
        count += out_of_range || decreasing ? 1 : 0;
      },
      bad);
  if (bad != 0) {
    throw std::invalid_argument(std::string(call) +
                                ": offsets must not decrease and must lie in [0, " +
                                std::to_string(n) + "] (" + std::to_string(bad) + " do not)");
  }
  return segments;
}

// The segmented calls' sum: signed integers add in their unsigned type.
// Lanes and teams combine elements in another grouping than the sequence's,
// whose partial sums may overflow where no prefix sum does; they wrap
// instead, and the final sums are the sequential ones.
template <class T>
struct WrappingSum {
  KOKKOS_INLINE_FUNCTION T operator()(const T& a, const T& b) const {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    } else {
      return a + b;
    }
  }
};

// GPU team size for segments of mean length `mean` (tuning/segmented.hpp).
inline int segment_team(std::int64_t mean) {
  return mean >= kSegmentLargeTeamFrom ? 256 : mean >= kSegmentMidTeamFrom ? 128 : 32;
}
inline int segment_reduce_team(std::int64_t mean) {
  return mean >= kSegmentHugeTeamFrom ? kSegmentHugeTeam : segment_team(mean);
}

// One thread a segment: the reduction (out(s)) in lanes, or the scan in
// index order.
template <class In, class Out, class Offsets, class Op>
struct SegmentInOrder {
  using T = typename Op::value_type;
  In in;
  Out out;
  Offsets offsets;
  Op op;  // UserOp: identity and join
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    // kSegmentLanes independent folds (the op commutes), so that a
    // floating-point sum is not one chain of dependent adds.
    T lane[kSegmentLanes];
    for (int j = 0; j < kSegmentLanes; ++j) lane[j] = op.identity();
    const std::int64_t end = offsets(s + 1);
    std::int64_t i = offsets(s);
    for (; i + kSegmentLanes <= end; i += kSegmentLanes) {
      for (int j = 0; j < kSegmentLanes; ++j) op.join(lane[j], op.lift(in(i + j), i + j));
    }
    for (int j = 0; i < end; ++i, ++j) op.join(lane[j], op.lift(in(i), i));
    for (int j = 1; j < kSegmentLanes; ++j) op.join(lane[0], lane[j]);
    out(s) = lane[0];
  }
};

template <class In, class Out, class Offsets, class T, class Op>
struct SegmentScanInOrder {
  In in;
  Out out;
  Offsets offsets;
  Running<T> init;
  bool inclusive;
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    Running<T> run = init;
    for (std::int64_t i = offsets(s); i < static_cast<std::int64_t>(offsets(s + 1)); ++i) {
      const T x = in(i);  // read before out(i) is written: in place allowed
      if (!inclusive) out(i) = run.value;
      push(op, run, x);
      if (inclusive) out(i) = run.value;
    }
  }
};

// One team a segment (GPUs, contiguous Views).
template <class Space, class X, class Offsets, class Op>
struct SegmentTeamsReduce {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using T = typename Op::value_type;
  const X* in;
  T* out;
  Offsets offsets;
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t s = team.league_rank();
    const std::int64_t end = offsets(s + 1);
    // kSegmentTeamLanes loads in flight a thread, each into its own fold
    // (the op commutes).
    const std::int64_t step = team.team_size();
    T lane[kSegmentTeamLanes];
    for (int j = 0; j < kSegmentTeamLanes; ++j) lane[j] = op.identity();
    std::int64_t i = offsets(s) + team.team_rank();
    for (; i + (kSegmentTeamLanes - 1) * step < end; i += kSegmentTeamLanes * step) {
      for (int j = 0; j < kSegmentTeamLanes; ++j) {
        op.join(lane[j], op.lift(in[i + j * step], i + j * step));
      }
    }
    for (; i < end; i += step) op.join(lane[0], op.lift(in[i], i));
    T acc = lane[0];
    for (int j = 1; j < kSegmentTeamLanes; ++j) op.join(acc, lane[j]);
    T* const shared =
        static_cast<T*>(team.team_scratch(0).get_shmem(team_combine_scratch<T>(team.team_size())));
    acc = team_combine(team, shared, acc, op);
    if (team.team_rank() == 0) out[s] = acc;
  }
};

template <class Space, class T, class Offsets, class Op>
struct SegmentTeamsScan {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  const T* in;
  T* out;
  Offsets offsets;
  Running<T> init;
  bool inclusive;
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t s = team.league_rank();
    const std::int64_t end = offsets(s + 1);
    const int round = team.team_size() * kSegmentScanItems;
    T* const shared = static_cast<T*>(
        team.team_scratch(0).get_shmem(tile_scratch_bytes<T>(round, team.team_size())));
    Running<T> prefix = init;
    for (std::int64_t at = offsets(s); at < end; at += round) {
      const int count = static_cast<int>(end - at < round ? end - at : round);
      const TileScan<T, Member, Op> tile(team, shared, kSegmentScanItems, in + at, count, op);
      T total{};
      const T thread_prefix = tile.exclusive_prefix(tile.load(), total);
      tile.scan_and_store(tile.start(prefix, thread_prefix), inclusive, out + at);
      push(op, prefix, total);
    }
  }
};

// GPUs take a team a segment for contiguous Views, up to a league's size.
template <class Space, class In, class Out>
bool segments_by_teams(std::int64_t segments, const In& in, const Out& out) {
  return is_gpu_space<Space>() && segments <= INT_MAX && is_contiguous(in) && is_contiguous(out);
}

// out(s) = the fold of segment s by op (UserOp / TransformOp). `team` > 0:
// teams of that size on any space, for contiguous Views (tests).
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_reduce(const char* call, const Space& space, const In& in, const Offsets& offsets,
                      const Out& out, const Op& op, int team = 0) {
  check_segmented_views<Space, In, Offsets, Out>();
  const std::int64_t n = in.extent(0);
  const std::int64_t segments = check_offsets(call, space, offsets, n);
  if (static_cast<std::int64_t>(out.extent(0)) != segments) {
    throw std::invalid_argument(std::string(call) + ": out has " + std::to_string(out.extent(0)) +
                                " elements for " + std::to_string(segments) + " segments");
  }
  if (segments == 0) return;
  using T = typename Op::value_type;
  if (team > 0 || segments_by_teams<Space>(segments, in, out)) {
    if (team == 0) team = segment_reduce_team(n / segments);
    Kokkos::parallel_for(
        call,
        Kokkos::TeamPolicy<Space>(space, static_cast<int>(segments), team)
            .set_scratch_size(0, Kokkos::PerTeam(team_combine_scratch<T>(team))),
        SegmentTeamsReduce<Space, value_t<In>, Offsets, Op>{in.data(), out.data(), offsets, op});
    return;
  }
  Kokkos::parallel_for(call,
                       Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                                           Kokkos::IndexType<std::int64_t>>(space, 0, segments),
                       SegmentInOrder<In, Out, Offsets, Op>{in, out, offsets, op});
}

// Each segment's scan by op, from `init` (empty: an inclusive scan from the
// segment's first value). `team`: as for segmented_reduce.
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_scan(const char* call, const Space& space, const In& in, const Offsets& offsets,
                    const Out& out, bool inclusive, const Running<value_t<Out>>& init, const Op& op,
                    int team = 0) {
  check_segmented_views<Space, In, Offsets, Out>();
  using T = value_t<Out>;
  static_assert(std::is_same_v<value_t<In>, T>, "kp: scan input and output value types differ");
  const std::int64_t n = in.extent(0);
  if (static_cast<std::int64_t>(out.extent(0)) != n) {
    throw std::invalid_argument(std::string(call) + ": in has " + std::to_string(n) +
                                " elements, out " + std::to_string(out.extent(0)));
  }
  const std::int64_t segments = check_offsets(call, space, offsets, n);
  if (segments == 0) return;
  if (team > 0 || segments_by_teams<Space>(segments, in, out)) {
    if (team == 0) team = segment_team(n / segments);
    Kokkos::parallel_for(call,
                         Kokkos::TeamPolicy<Space>(space, static_cast<int>(segments), team)
                             .set_scratch_size(0, Kokkos::PerTeam(tile_scratch_bytes<T>(
                                                      team * kSegmentScanItems, team))),
                         SegmentTeamsScan<Space, T, Offsets, Op>{in.data(), out.data(), offsets,
                                                                 init, inclusive, op});
    return;
  }
  Kokkos::parallel_for(
      call,
      Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                          Kokkos::IndexType<std::int64_t>>(space, 0, segments),
      SegmentScanInOrder<In, Out, Offsets, T, Op>{in, out, offsets, init, inclusive, op});
}

}  // namespace kp::impl
