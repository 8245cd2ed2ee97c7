#pragma once
// A GPU segmented reduction's teams (SegmentedAlgorithm::team_per_segment):
// a team a segment (a group of 1 to 16 threads of a block for short
// segments), each thread folding its strided 16-byte packs
// (vector_reduce.hpp), then the team's (team_combine); segments of
// long_from values or more are queued instead, in chunks that a second
// launch's wave of teams takes one at a time, a segment's last chunk
// joining the chunks' partials in order (tuning/segmented.hpp). The teams
// check the offsets as they read them.
//
// Both launches go through launch_segment_teams and launch_segment_chunks:
// Kokkos teams here, bare kernels on CUDA (backend/cuda/segment_teams.hpp,
// overloads for Kokkos::Cuda).
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>

#include <kp/impl/agent/segment_common.hpp>
#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/tuning/reduce.hpp>

namespace kp::impl {

// Elements of type X fold as 16-byte packs (vector_reduce.hpp) when whole
// elements fill a pack.
template <class X>
inline constexpr bool kSegmentPacks = (sizeof(X) <= kPackBytes) && (kPackBytes % sizeof(X) == 0);

// A reduction's teams as a test forces them: `team` threads a segment and
// chunks of `chunk` values (0: the tuning's).
struct SegmentTeamShape {
  int team = 0;
  std::int64_t chunk = 0;
};

// How a segmented reduction by teams runs: a team of `team` threads a
// segment, but segments of `long_from` values or more go to a queue of
// chunks of `chunk` values, which one wave of teams drains (so that a few
// long segments, or one long among many short, still fill the GPU).
struct SegmentPlan {
  int team = 32;
  std::int64_t chunk = 0;
  std::int64_t long_from = 0;
  // The chunks of a segment of `length` values.
  KOKKOS_INLINE_FUNCTION std::int64_t chunks(std::int64_t length) const {
    return (length + chunk - 1) / chunk;
  }
};

// The team for segments of mean length `mean` whose loads move `width`
// values each: on a GPU a group of up to group_most threads with about
// group_loads loads a thread, a warp, block_team or huge_team threads; on a
// host the policy's team.
template <class Space>
int segment_reduce_team(std::int64_t mean, std::int64_t width) {
  using Tuning = SegmentedTuned<Space>;
  if constexpr (!is_gpu_space<Space>()) {
    return Tuning::team;
  } else {
    if (mean >= Tuning::huge_team_from) return Tuning::huge_team;
    if (mean >= Tuning::block_from) return Tuning::block_team;
    if (mean >= Tuning::warp_loads * width) return kWarp;
    int group = 1;
    while (group < Tuning::group_most && group * Tuning::group_loads * width < mean) group *= 2;
    return group;
  }
}

template <class Space, class X>
SegmentPlan segment_plan(std::int64_t mean, const SegmentTeamShape& shape) {
  using Tuning = SegmentedTuned<Space>;
  SegmentPlan plan;
  // Elements one load moves: a round of a team's loads is team x unroll
  // of them.
  const std::int64_t width = kSegmentPacks<X> ? kPackBytes / sizeof(X) : 1;
  plan.team = shape.team > 0 ? shape.team : segment_reduce_team<Space>(mean, width);
  plan.chunk = shape.chunk > 0 ? shape.chunk
                               : std::int64_t{Tuning::chunk_team} * Tuning::unroll * width *
                                     Tuning::chunk_rounds;
  plan.long_from = std::min(Tuning::long_chunks * plan.chunk,
                            std::int64_t{plan.team} * Tuning::unroll * width * Tuning::long_rounds);
  return plan;
}

// The chunk wave's team: a forced team (but a GPU group's, whose Kokkos
// teams would be part of a warp), else the policy's.
template <class Space>
int chunk_wave_team(int forced) {
  if (forced > 0 && (forced >= kWarp || !is_gpu_space<Space>())) return forced;
  if constexpr (is_gpu_space<Space>()) {
    return SegmentedTuned<Space>::chunk_team;
  } else {
    return SegmentedTuned<Space>::team;
  }
}

inline constexpr int kSegmentListShift = 40;
// The counters' type: unsigned long long, which every Kokkos (3.4 too) adds
// atomically with the GPU's own instruction; std::uint64_t is unsigned long
// on Linux, which Kokkos 3.4 adds by a compare-and-swap loop that many teams
// on one counter serialize.
using SegmentCounter = unsigned long long;
// counters[0]'s low bits: the chunks queued so far.
inline constexpr SegmentCounter kSegmentChunkMask = (SegmentCounter{1} << kSegmentListShift) - 1;

// The thread's fold of in[lo, hi) in a team of `step` threads: 16-byte
// packs, kLoads of them loaded before any is folded, or kLanes loads in
// flight each into its own fold (the op commutes).
template <int kLoads, int kLanes, class Op, class X>
KOKKOS_INLINE_FUNCTION typename Op::value_type segment_fold(const Op& op, const X* in,
                                                            std::int64_t lo, std::int64_t hi,
                                                            std::int64_t rank, std::int64_t step) {
  using T = typename Op::value_type;
  if constexpr (kSegmentPacks<X>) {
    return fold_packs<true, kLoads>(op, in + lo, split_into_packs(in + lo, hi - lo), lo, rank,
                                    step);
  } else {
    T lane[kLanes];
    for (int j = 0; j < kLanes; ++j) lane[j] = op.identity();
    std::int64_t i = lo + rank;
    for (; i + (kLanes - 1) * step < hi; i += kLanes * step) {
      for (int j = 0; j < kLanes; ++j) op.join(lane[j], op.lift(in[i + j * step], i + j * step));
    }
    for (; i < hi; i += step) op.join(lane[0], op.lift(in[i], i));
    for (int j = 1; j < kLanes; ++j) op.join(lane[0], lane[j]);
    return lane[0];
  }
}

// What both reduction kernels read and write.
template <class X, class Offsets, class Op>
struct SegmentReduceViews {
  const X* in;
  typename Op::value_type* out;
  Offsets offsets;
  Op op;
  SegmentPlan plan;

  // Team scratch bytes of both kernels' Kokkos teams: team_combine's
  // values, then a counter that rank 0 hands to the team.
  static std::size_t scratch(int team) {
    return team_combine_scratch<typename Op::value_type>(team) + sizeof(SegmentCounter);
  }
};

// One team a segment. Each team checks its segment's offsets (every offset
// is offsets(s) or offsets(s + 1) of some team's segment), folds invalid
// ones as empty and raises report->bad (where there is a report: unchecked
// calls have none). A segment of long_from values or more is queued: one
// atomic on counters[0] gives its place in the list and its first chunk,
// so that the chunks' numbers grow with the list; the team writes that
// place for each of its chunks (owners), so a chunk team finds its segment
// in one read. The team that lists the first raises report->queued.
template <class Space, class X, class Offsets, class Op>
struct SegmentTeamsReduce : SegmentReduceViews<X, Offsets, Op> {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using T = typename Op::value_type;
  std::int64_t n;
  std::int64_t* longs;
  unsigned* owners;
  SegmentCounter* counters;
  SegmentReport* report;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    T* const shared =
        static_cast<T*>(team.team_scratch(0).get_shmem(team_combine_scratch<T>(team.team_size())));
    auto* const slot =
        static_cast<SegmentCounter*>(team.team_scratch(0).get_shmem(sizeof(SegmentCounter)));
    run(team, shared, slot);
  }

  // Segment team.league_rank()'s work, for a Kokkos team or a CUDA block.
  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, T* shared, SegmentCounter* slot) const {
    const std::int64_t s = team.league_rank();
    std::int64_t begin = static_cast<std::int64_t>(this->offsets(s));
    std::int64_t end = static_cast<std::int64_t>(this->offsets(s + 1));
    if (begin < 0 || end < begin || end > n) {
      if (team.team_rank() == 0 && report != nullptr) report->bad = 1;
      begin = end = 0;
    }
    if (end - begin >= this->plan.long_from) {
      enqueue(team, s, begin, end, slot);
      return;
    }
    T acc = segment_fold<SegmentedTuned<Space>::unroll, SegmentedTuned<Space>::team_lanes>(
        this->op, this->in, begin, end, team.team_rank(), team.team_size());
    acc = team_combine(team, shared, acc, this->op);
    if (team.team_rank() == 0) this->out[s] = acc;
  }

  // Lists segment s, [begin, end), and marks its chunks as its.
  template <class Team>
  KOKKOS_INLINE_FUNCTION void enqueue(const Team& team, std::int64_t s, std::int64_t begin,
                                      std::int64_t end, SegmentCounter* slot) const {
    const auto chunks = static_cast<SegmentCounter>(this->plan.chunks(end - begin));
    if (team.team_rank() == 0) {
      *slot =
          Kokkos::atomic_fetch_add(&counters[0], (SegmentCounter{1} << kSegmentListShift) + chunks);
    }
    team.team_barrier();
    const SegmentCounter word = *slot;
    const SegmentCounter at = word >> kSegmentListShift;
    const SegmentCounter first = word & kSegmentChunkMask;
    if (team.team_rank() == 0) {
      longs[2 * at] = s;
      longs[2 * at + 1] = static_cast<std::int64_t>(first);
      if (at == 0 && report != nullptr) report->queued = 1;
    }
    for (SegmentCounter k = team.team_rank(); k < chunks; k += team.team_size()) {
      owners[first + k] = static_cast<unsigned>(at);
    }
  }
};

// The queued segments' chunks, taken one at a time by a wave of teams. A
// chunk's partial goes to partials[chunk]; the segment's last chunk to
// finish (its ticket) joins its partials in chunk order, so the result does
// not depend on which team took which chunk. The last team to leave
// resets the counters for the next call.
template <class Space, class X, class Offsets, class Op>
struct SegmentChunksReduce : SegmentReduceViews<X, Offsets, Op> {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using T = typename Op::value_type;
  const std::int64_t* longs;
  const unsigned* owners;
  unsigned* tickets;
  T* partials;
  SegmentCounter* counters;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    T* const shared =
        static_cast<T*>(team.team_scratch(0).get_shmem(team_combine_scratch<T>(team.team_size())));
    auto* const taken =
        static_cast<SegmentCounter*>(team.team_scratch(0).get_shmem(sizeof(SegmentCounter)));
    run(team, shared, taken);
  }

  // The wave's work, for a Kokkos team or a CUDA block.
  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, T* shared, SegmentCounter* taken) const {
    // Written by the segment teams' launch, which ended before this one.
    const SegmentCounter chunks = counters[0] & kSegmentChunkMask;
    // Nothing queued (no segment was long): no grab, no count to reset.
    if (chunks == 0) return;
    for (;;) {
      if (team.team_rank() == 0) *taken = Kokkos::atomic_fetch_add(&counters[1], SegmentCounter{1});
      team.team_barrier();
      const SegmentCounter g = *taken;
      if (g >= chunks) break;
      chunk(team, shared, g);
    }
    if (team.team_rank() == 0 && Kokkos::atomic_fetch_add(&counters[2], SegmentCounter{1}) ==
                                     static_cast<SegmentCounter>(team.league_size() - 1)) {
      counters[0] = counters[1] = counters[2] = 0;
    }
  }

  // Chunk g's fold into partials[g]; the segment's last chunk to finish
  // writes its result.
  template <class Team>
  KOKKOS_INLINE_FUNCTION void chunk(const Team& team, T* shared, SegmentCounter g) const {
    using Tuning = SegmentedTuned<Space>;
    const std::int64_t lo = owners[g];  // the listed segment whose chunks hold g
    const std::int64_t s = longs[2 * lo];
    const auto first = static_cast<SegmentCounter>(longs[2 * lo + 1]);
    const std::int64_t begin = static_cast<std::int64_t>(this->offsets(s));
    const std::int64_t end = static_cast<std::int64_t>(this->offsets(s + 1));
    const std::int64_t from = begin + static_cast<std::int64_t>(g - first) * this->plan.chunk;
    const std::int64_t to = end - from < this->plan.chunk ? end : from + this->plan.chunk;
    T acc = segment_fold<Tuning::chunk_loads, Tuning::team_lanes>(
        this->op, this->in, from, to, team.team_rank(), team.team_size());
    acc = team_combine(team, shared, acc, this->op);  // ends with a barrier: *taken is free
    if (team.team_rank() != 0) return;
    partials[g] = acc;
    const auto count = static_cast<unsigned>(this->plan.chunks(end - begin));
    if (!last_ticket(&tickets[lo], count)) return;
    T total = this->op.identity();
    for (unsigned k = 0; k < count; ++k) this->op.join(total, volatile_read(&partials[first + k]));
    this->out[s] = total;
    tickets[lo] = 0;  // ready for the next call (calls on a space are ordered)
  }
};

// The segment teams as Kokkos teams of `team` threads, a team a segment.
template <class Space, class Teams>
void launch_segment_teams_kokkos(const char* call, const Space& space, const Teams& teams,
                                 std::int64_t segments, int team) {
  Kokkos::parallel_for(call,
                       Kokkos::TeamPolicy<Space>(space, static_cast<int>(segments), team)
                           .set_scratch_size(0, Kokkos::PerTeam(Teams::scratch(team))),
                       teams);
}

template <class Space, class Teams>
void launch_segment_teams(const char* call, const Space& space, const Teams& teams,
                          std::int64_t segments, int team) {
  launch_segment_teams_kokkos(call, space, teams, segments, team);
}

// The chunk wave as `league` Kokkos teams of `team` threads.
template <class Space, class Chunks>
void launch_segment_chunks_kokkos(const char* call, const Space& space, const Chunks& chunks,
                                  int league, int team) {
  Kokkos::parallel_for(call,
                       Kokkos::TeamPolicy<Space>(space, league, team)
                           .set_scratch_size(0, Kokkos::PerTeam(Chunks::scratch(team))),
                       chunks);
}

template <class Space, class Chunks>
void launch_segment_chunks(const char* call, const Space& space, const Chunks& chunks, int league,
                           int team) {
  launch_segment_chunks_kokkos(call, space, chunks, league, team);
}

}  // namespace kp::impl

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#include <kp/impl/backend/cuda/segment_teams.hpp>
#endif
