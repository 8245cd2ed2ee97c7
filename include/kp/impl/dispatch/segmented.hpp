#pragma once
// Segmented reduce and scans behind kp::segmented_reduce and
// kp::segmented_inclusive_scan / exclusive_scan. Segment s is
// [offsets(s), offsets(s + 1)) of the input (CSR offsets).
//  - GPU, contiguous Views: a reduction takes one team a segment (a group
//    of 1 to 16 threads of a block for short segments), each thread
//    folding its strided 16-byte packs (vector_reduce.hpp), then the
//    team's (team_combine); long segments are queued instead, in chunks
//    that a second launch's wave of teams takes one at a time, a segment's
//    last chunk joining the chunks' partials in order (tuning/segmented.hpp).
//    The reduction checks the offsets in its kernel. A scan is one pass of
//    the decoupled look-back over (value, segment head) parts, whatever the
//    lengths, the tile in registers on CUDA.
//  - Hosts, and other Views: one thread a segment (a reduction in
//    kSegmentLanes interleaved lanes, a scan in index order); the segments
//    handed out dynamically, as their lengths differ.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/thread/combine_ops.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/agent/host_scan.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/impl/core/report_memory.hpp>
#include <kp/impl/dispatch/scan.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/block/team_combine.hpp>
#include <kp/impl/tuning/segmented.hpp>
#include <kp/impl/agent/vector_reduce.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

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

// Whether offsets entry e (of segments + 1) lies out of [0, n] or above
// the next entry.
template <class Offsets>
KOKKOS_INLINE_FUNCTION bool bad_offset(const Offsets& offsets, std::int64_t e,
                                       std::int64_t segments, std::int64_t n) {
  const auto at = static_cast<std::int64_t>(offsets(e));
  return at < 0 || at > n || (e < segments && static_cast<std::int64_t>(offsets(e + 1)) < at);
}

// The offsets' check: how many entries are out of [0, n] or decrease.
template <class Offsets>
struct OffsetsCheck {
  using value_type = std::int64_t;
  Offsets offsets;
  std::int64_t segments, n;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s, std::int64_t& bad) const {
    bad += bad_offset(offsets, s, segments, n) ? 1 : 0;
  }
};

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

// GPU team size for reductions of segments of mean length `mean` whose
// loads move `width` values each: a group of up to kSegmentGroupMost
// threads with about kSegmentGroupLoads loads a thread, a warp, 256 or
// kSegmentHugeTeam threads (tuning/segmented.hpp).
inline int segment_reduce_team(std::int64_t mean, std::int64_t width) {
  if (mean >= kSegmentHugeTeamFrom) return kSegmentHugeTeam;
  if (mean >= kSegmentReduceBlockFrom) return 256;
  if (mean >= kSegmentReduceWarpLoads * width) return kWarp;
  int group = 1;
  while (group < kSegmentGroupMost && group * kSegmentGroupLoads * width < mean) group *= 2;
  return group;
}

// Segment s's [begin, end) of an array of n values; an unchecked call's
// segment whose offsets are not a partition of [0, n) is empty.
template <class Offsets>
KOKKOS_INLINE_FUNCTION void segment_bounds(const Offsets& offsets, std::int64_t s, std::int64_t n,
                                           std::int64_t& begin, std::int64_t& end) {
  begin = static_cast<std::int64_t>(offsets(s));
  end = static_cast<std::int64_t>(offsets(s + 1));
  if (begin < 0 || end < begin || end > n) begin = end = 0;
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
    std::int64_t i, end;
    segment_bounds(offsets, s, static_cast<std::int64_t>(in.extent(0)), i, end);
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

// Elements of type X fold as 16-byte packs (vector_reduce.hpp) when whole
// elements fill a pack.
template <class X>
inline constexpr bool kSegmentPacks = (sizeof(X) <= kPackBytes) && (kPackBytes % sizeof(X) == 0);

// How a GPU segmented reduction runs: a team of `team` threads a segment,
// but segments of `long_from` values or more go to a queue of chunks of
// `chunk` values, which one wave of teams of kSegmentChunkTeam drains (so
// that a few long segments, or one long among many short, still fill the
// GPU).
struct SegmentPlan {
  int team = 32;
  std::int64_t chunk = 0;
  std::int64_t long_from = 0;
  // The chunks of a segment of `length` values.
  KOKKOS_INLINE_FUNCTION std::int64_t chunks(std::int64_t length) const {
    return (length + chunk - 1) / chunk;
  }
};

template <class X>
SegmentPlan segment_plan(std::int64_t mean, int team = 0, std::int64_t chunk = 0) {
  SegmentPlan plan;
  // Elements one load moves: a round of a team's loads is team x kUnroll
  // of them.
  const std::int64_t width = kSegmentPacks<X> ? kPackBytes / sizeof(X) : 1;
  plan.team = team > 0 ? team : segment_reduce_team(mean, width);
  plan.chunk =
      chunk > 0 ? chunk : std::int64_t{kSegmentChunkTeam} * kUnroll * width * kSegmentChunkRounds;
  plan.long_from = std::min(kSegmentLongChunks * plan.chunk,
                            std::int64_t{plan.team} * kUnroll * width * kSegmentLongRounds);
  return plan;
}

inline constexpr int kSegmentListShift = 40;
// The counters' type: unsigned long long, which every Kokkos (3.4 too) adds
// atomically with the GPU's own instruction; std::uint64_t is unsigned long
// on Linux, which Kokkos 3.4 adds by a compare-and-swap loop that many teams
// on one counter serialize.
using SegmentCounter = unsigned long long;
// counters[0]'s low bits: the chunks queued so far.
inline constexpr SegmentCounter kSegmentChunkMask = (SegmentCounter{1} << kSegmentListShift) - 1;

// What the segment teams tell the host: offsets that are not a CSR
// partition (`bad`), and whether any segment was queued (`queued`, raised by
// the team that listed the first one).
struct SegmentReport {
  unsigned bad = 0;
  unsigned queued = 0;
};

// What a GPU segmented reduction needs besides its Views: the long
// segments' list ((segment, first chunk) pairs, in the order they were
// queued), each chunk's place in that list, a ticket a listed segment
// (chunks done, 0 between calls), a partial a chunk, the counters: [0] the
// listed segments << 40 | their chunks, [1] the next chunk to take, [2] the
// chunk teams done (all 0 between calls), and the report, which the host
// reads after its fence with no copy (ReportMemory: pinned host memory on
// CUDA).
template <class Space>
struct SegmentReduceScratch {
  View<std::int64_t*, Space> longs;
  View<unsigned*, Space> owners;
  View<unsigned*, Space> tickets;
  View<char*, Space> partials;
  View<SegmentCounter*, Space> counters;
  Kokkos::View<SegmentReport, Kokkos::Device<Space, typename ReportMemory<Space>::type>> report;
};

// The thread's fold of in[lo, hi) in a team of `step` threads: 16-byte
// packs, kLoads of them loaded before any is folded, or kSegmentTeamLanes
// loads in flight each into its own fold (the op commutes).
template <int kLoads, class Op, class X>
KOKKOS_INLINE_FUNCTION typename Op::value_type segment_fold(const Op& op, const X* in,
                                                            std::int64_t lo, std::int64_t hi,
                                                            std::int64_t rank, std::int64_t step) {
  using T = typename Op::value_type;
  if constexpr (kSegmentPacks<X>) {
    return fold_packs<true, kLoads>(op, in + lo, split_into_packs(in + lo, hi - lo), lo, rank,
                                    step);
  } else {
    T lane[kSegmentTeamLanes];
    for (int j = 0; j < kSegmentTeamLanes; ++j) lane[j] = op.identity();
    std::int64_t i = lo + rank;
    for (; i + (kSegmentTeamLanes - 1) * step < hi; i += kSegmentTeamLanes * step) {
      for (int j = 0; j < kSegmentTeamLanes; ++j) {
        op.join(lane[j], op.lift(in[i + j * step], i + j * step));
      }
    }
    for (; i < hi; i += step) op.join(lane[0], op.lift(in[i], i));
    for (int j = 1; j < kSegmentTeamLanes; ++j) op.join(lane[0], lane[j]);
    return lane[0];
  }
}

// What both GPU reduction kernels read and write.
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

// One team a segment (GPUs, contiguous Views). Each team checks its
// segment's offsets (every offset is offsets(s) or offsets(s + 1) of some
// team's segment), folds invalid ones as empty and raises report->bad
// (where there is a report: unchecked calls have none). A
// segment of long_from values or more is queued: one atomic on counters[0]
// gives its place in the list and its first chunk, so that the chunks'
// numbers grow with the list; the team writes that place for each of its
// chunks (owners), so a chunk team finds its segment in one read. The team
// that lists the first raises report->queued.
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

  // Segment team.league_rank()'s work, for a Kokkos team or a CUDA block
  // (segment_teams_cuda).
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
      const auto chunks = static_cast<SegmentCounter>(this->plan.chunks(end - begin));
      if (team.team_rank() == 0) {
        *slot = Kokkos::atomic_fetch_add(&counters[0],
                                         (SegmentCounter{1} << kSegmentListShift) + chunks);
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
      return;
    }
    T acc =
        segment_fold<kUnroll>(this->op, this->in, begin, end, team.team_rank(), team.team_size());
    acc = team_combine(team, shared, acc, this->op);
    if (team.team_rank() == 0) this->out[s] = acc;
  }
};

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
// Work's run(team, shared, slot) (the segment teams', the chunk wave's) on
// a block of kThreads: team_combine's values and the slot rank 0 hands to
// the block, in shared memory.
template <int kThreads, class Work>
__device__ void run_on_block(const Work& work) {
  using T = typename Work::T;
  __shared__ alignas(T) unsigned char warps[sizeof(T) * (kThreads / kWarp)];
  __shared__ SegmentCounter slot;
  work.run(CudaBlock<kThreads>{}, reinterpret_cast<T*>(warps), &slot);
}

// The segment teams as a bare CUDA kernel, a block of kThreads a segment,
// launched directly (<<<segments, kThreads>>> on the space's stream) and
// compiled for kSegmentBlockThreadsPerSM threads an SM (warps: for
// kSegmentWarpsPerSM blocks). Through a Kokkos TeamPolicy the same work
// took 6-10% longer at 2^12 and 2^14 equal segments of 2^26 floats on an
// H200 (docs/results/h200-2026-11-28/segmented-bare/).
template <int kThreads, class Teams>
__global__ void __launch_bounds__(kThreads, kThreads == kWarp
                                                ? kSegmentWarpsPerSM
                                                : kSegmentBlockThreadsPerSM / kThreads)
    segment_teams_cuda(Teams teams) {
  run_on_block<kThreads>(teams);
}

// The segment teams as groups of kGroup threads (CudaGroup) in blocks of
// kSegmentGroupBlock, for segments too short to keep a warp's loads busy:
// the block's groups take consecutive segments, so its warps' loads run
// side by side, and the blocks fill the SM as teams of 256 do.
template <int kGroup, class Teams>
__global__ void __launch_bounds__(kSegmentGroupBlock,
                                  kSegmentBlockThreadsPerSM / kSegmentGroupBlock)
    segment_groups_cuda(Teams teams, int segments) {
  using Group = CudaGroup<kSegmentGroupBlock, kGroup>;
  __shared__ SegmentCounter slots[Group::kTeams];
  const Group group;
  // The last block's groups past the segments leave. Their numbers stay
  // below 2^31: segments < 2^31 and kTeams is a power of two, so blocks x
  // kTeams <= 2^31.
  if (group.league_rank() >= segments) return;
  teams.run(group, nullptr, &slots[static_cast<int>(threadIdx.x) / kGroup]);
}

template <int kGroup, class Teams>
void launch_segment_groups(const Teams& teams, std::int64_t segments, cudaStream_t stream) {
  constexpr int kTeams = kSegmentGroupBlock / kGroup;
  const auto blocks = static_cast<unsigned>((segments + kTeams - 1) / kTeams);
  segment_groups_cuda<kGroup>
      <<<blocks, kSegmentGroupBlock, 0, stream>>>(teams, static_cast<int>(segments));
}
#endif

// Launches the segment teams as segment_teams_cuda (a warp, 256, 512) or
// segment_groups_cuda (groups of 1 to 16) where the space is CUDA;
// false where it did not (another space or team size).
template <class Space, class Teams>
bool launch_segment_teams_bare([[maybe_unused]] const Space& space,
                               [[maybe_unused]] const Teams& teams,
                               [[maybe_unused]] std::int64_t segments, [[maybe_unused]] int team) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    const auto blocks = static_cast<unsigned>(segments);
    const cudaStream_t stream = space.cuda_stream();
    switch (team) {
      case 1:
        launch_segment_groups<1>(teams, segments, stream);
        break;
      case 2:
        launch_segment_groups<2>(teams, segments, stream);
        break;
      case 4:
        launch_segment_groups<4>(teams, segments, stream);
        break;
      case 8:
        launch_segment_groups<8>(teams, segments, stream);
        break;
      case 16:
        launch_segment_groups<16>(teams, segments, stream);
        break;
      case kWarp:
        segment_teams_cuda<kWarp><<<blocks, kWarp, 0, stream>>>(teams);
        break;
      case 256:
        segment_teams_cuda<256><<<blocks, 256, 0, stream>>>(teams);
        break;
      case 512:
        segment_teams_cuda<512><<<blocks, 512, 0, stream>>>(teams);
        break;
      default:
        return false;
    }
    check_cuda_launch("kp::segmented_reduce");
    return true;
  }
#endif
  return false;
}

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

  // The wave's work, for a Kokkos team or a CUDA block (segment_chunks_cuda).
  template <class Team>
  KOKKOS_INLINE_FUNCTION void run(const Team& team, T* shared, SegmentCounter* taken) const {
    // Written by the segment teams' launch, which ended before this one.
    const SegmentCounter word = counters[0];
    const SegmentCounter chunks = word & kSegmentChunkMask;
    // Nothing queued (no segment was long): no grab, no count to reset.
    if (chunks == 0) return;
    for (;;) {
      if (team.team_rank() == 0) *taken = Kokkos::atomic_fetch_add(&counters[1], SegmentCounter{1});
      team.team_barrier();
      const SegmentCounter g = *taken;
      if (g >= chunks) break;
      const std::int64_t lo = owners[g];  // the listed segment whose chunks hold g
      const std::int64_t s = longs[2 * lo];
      const auto first = static_cast<SegmentCounter>(longs[2 * lo + 1]);
      const std::int64_t begin = static_cast<std::int64_t>(this->offsets(s));
      const std::int64_t end = static_cast<std::int64_t>(this->offsets(s + 1));
      const std::int64_t from = begin + static_cast<std::int64_t>(g - first) * this->plan.chunk;
      const std::int64_t to = end - from < this->plan.chunk ? end : from + this->plan.chunk;
      T acc = segment_fold<kSegmentChunkLoads>(this->op, this->in, from, to, team.team_rank(),
                                               team.team_size());
      acc = team_combine(team, shared, acc, this->op);  // ends with a barrier: *taken is free
      if (team.team_rank() != 0) continue;
      partials[g] = acc;
      const auto count = static_cast<unsigned>(this->plan.chunks(end - begin));
      if (!last_ticket(&tickets[lo], count)) continue;
      T total = this->op.identity();
      for (unsigned k = 0; k < count; ++k)
        this->op.join(total, volatile_read(&partials[first + k]));
      this->out[s] = total;
      tickets[lo] = 0;  // ready for the next call (calls on a space are ordered)
    }
    if (team.team_rank() == 0 && Kokkos::atomic_fetch_add(&counters[2], SegmentCounter{1}) ==
                                     static_cast<SegmentCounter>(team.league_size() - 1)) {
      counters[0] = counters[1] = counters[2] = 0;
    }
  }
};

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
// Kernels built for Hopper (KOKKOS_ARCH_HOPPER, sm_90) let the chunk wave
// launch before the segment teams end (programmatic dependent launch,
// which needs sm_90; other builds launch it as usual): its blocks become
// resident as the segment teams' last ones leave and wait for them with
// griddepcontrol.wait, so the wave's launch is hidden: where nothing was
// queued it adds 0.4-0.7 us after the teams rather than a launch's 2.2-2.6
// (H200, docs/results/h200-2026-11-28/segmented-fence/).
#if defined(KOKKOS_ARCH_HOPPER)
inline constexpr bool kChunkWaveEarly = true;
#else
inline constexpr bool kChunkWaveEarly = false;
#endif

// The chunk wave as a bare CUDA kernel of blocks of kSegmentChunkTeam.
template <class Chunks>
__global__ void __launch_bounds__(kSegmentChunkTeam, kSegmentChunkWaveThreads / kSegmentChunkTeam)
    segment_chunks_cuda(Chunks chunks) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if constexpr (kChunkWaveEarly) asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
  run_on_block<kSegmentChunkTeam>(chunks);
}
#endif

// Launches the chunk wave (`league` teams of `team`) as segment_chunks_cuda
// where the space is CUDA and the team kSegmentChunkTeam, right after the
// segment teams' launch; false where it did not.
template <class Space, class Chunks>
bool launch_segment_chunks_bare([[maybe_unused]] const Space& space,
                                [[maybe_unused]] const Chunks& chunks, [[maybe_unused]] int league,
                                [[maybe_unused]] int team) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    if (team != kSegmentChunkTeam) return false;
    cudaLaunchAttribute early;
    early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    early.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(static_cast<unsigned>(league));
    config.blockDim = dim3(kSegmentChunkTeam);
    config.stream = space.cuda_stream();
    config.attrs = kChunkWaveEarly ? &early : nullptr;
    config.numAttrs = kChunkWaveEarly ? 1 : 0;
    check_cuda(cudaLaunchKernelEx(&config, segment_chunks_cuda<Chunks>, chunks),
               "kp::segmented_reduce: kernel launch failed");
    return true;
  }
#endif
  return false;
}

// The single-pass segmented scan: the decoupled look-back's scan of
// (value, head) parts, where head says that a segment starts at the value
// (Schwartz's segmented scan as one scan). A part combines with the parts
// before it unless it holds a head, so every tile's scan and look-back
// stops at its segment's start, and the scan's cost does not depend on the
// segments' lengths.
// The head is as wide as T's alignment (4 or 8 bytes), so that no padding
// travels through the tile status and shuffles as indeterminate bytes.
template <class T>
struct SegmentPart {
  T value;
  std::conditional_t<(alignof(T) >= 8), std::uint64_t, std::uint32_t> head;
};

// The single pass's values a thread: kSegmentLookbackBytes of parts, 1 to
// kSegmentLookbackItems of them.
template <class T>
inline constexpr int kSegmentLookbackItemsOf = std::max<int>(
    1, std::min<int>(kSegmentLookbackItems,
                     static_cast<int>(kSegmentLookbackBytes / sizeof(SegmentPart<T>))));

// (a, b) -> b's value where b holds a head, else a's combined with b's;
// associative where op is, and it never swaps op's operands.
template <class T, class Op>
struct SegmentPartOp {
  Op op;
  KOKKOS_INLINE_FUNCTION SegmentPart<T> operator()(const SegmentPart<T>& a,
                                                   const SegmentPart<T>& b) const {
    return SegmentPart<T>{b.head ? b.value : op(a.value, b.value), a.head | b.head};
  }
};

// The part of the tile's value i, which the tile scan loads through its
// head flag heads[i] (team scratch): a segment's first value enters after
// `init` where there is one.
template <class T, class Op>
struct SegmentPartLoad {
  const T* values;  // the tile's
  const unsigned char* heads;
  Running<T> init;
  Op op;
  KOKKOS_INLINE_FUNCTION SegmentPart<T> operator()(const unsigned char& head) const {
    return part(values[&head - heads], head);
  }
  KOKKOS_INLINE_FUNCTION SegmentPart<T> part(const T& x, unsigned char head) const {
    return SegmentPart<T>{head && init.any ? op(init.value, x) : x, head};
  }
};

// Writes the tile's results that lie in a segment ([lo, hi) of the input):
// the value part, or, in an exclusive scan, `init` at a segment's start.
template <class T>
struct SegmentPartStore {
  T* out;  // the tile's
  const unsigned char* heads;
  std::int64_t lo, hi;  // relative to the tile
  bool inclusive;
  T init;
  KOKKOS_INLINE_FUNCTION void operator()(int i, const SegmentPart<T>& part) const {
    if (i < lo || i >= hi) return;
    out[i] = !inclusive && heads[i] ? init : part.value;
  }
};

// firsts[t]: the first offsets entry at or past tile t's start (a binary
// search), so that tile t's heads are the entries [firsts[t], firsts[t + 1]).
// A checked call's (report): entry t is checked too, and report->bad
// raised where it lies out of [0, n] or above the next.
template <class Offsets>
struct SegmentTileFirsts {
  Offsets offsets;
  std::int64_t entries;
  std::int64_t tile;
  std::int64_t tiles;
  std::int64_t* firsts;
  std::int64_t n;
  SegmentReport* report;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    if (report != nullptr && t < entries && bad_offset(offsets, t, entries - 1, n)) {
      report->bad = 1;
    }
    if (t > tiles) return;
    const std::int64_t at = t * tile;
    std::int64_t lo = 0, hi = entries;
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (static_cast<std::int64_t>(offsets(mid)) < at) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    firsts[t] = lo;
  }
};

// A team a tile: it marks the tile's heads (every offsets entry is one;
// values before the first entry form no segment, nor do those from the
// last), scans the parts, looks back over the tiles before it, and writes
// the values that lie in segments.
//  - CUDA: the tile in registers (scan_in_registers).
//  - Elsewhere: the parts staged in scratch with a head flag a value, and
//    scanned by block_scan.hpp's TileScan.
template <class Space, class T, class Offsets, class Op>
struct SegmentLookbackScan {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Part = SegmentPart<T>;
  using PartOp = SegmentPartOp<T, Op>;
  using Load = SegmentPartLoad<T, Op>;
  using Tiles = ChainedScanTiles<Space, Part, PartOp, unsigned char, Load>;
  Tiles tiles;  // the tile status, counter, plan, kind and op; its in and out are not used
  const T* in;
  T* out;
  std::int64_t n;
  Offsets offsets;
  std::int64_t segments;
  const std::int64_t* firsts;
  Running<T> init;

  // A class-scope constant: nvcc does not let device code call the
  // constexpr host function is_cuda_space itself.
  static constexpr bool kInRegisters = is_cuda_space<Space>();

  // Team scratch, each piece rounded as get_shmem rounds it.
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t rounded(std::size_t bytes) {
    return (bytes + 7) / 8 * 8;
  }
  static std::size_t scratch(const TilePlan& plan) {
    if constexpr (kInRegisters) {
      return partial_bytes(plan) + rounded(sizeof(int)) + exchange_bytes(plan) + head_bits(plan);
    } else {
      return tile_scratch_bytes<Part>(plan.tile, plan.team) + head_bytes(plan);
    }
  }
  // Staged: a head flag a value.
  KOKKOS_INLINE_FUNCTION static int head_bytes(const TilePlan& plan) {
    return static_cast<int>(rounded(plan.tile));
  }
  // In registers: the warps' totals and the tile prefix; the values' exchange
  // (a slot of padding every 32 values); a head bit a value, and a word more
  // (a thread reads two words from its first value's).
  KOKKOS_INLINE_FUNCTION static std::size_t partial_bytes(const TilePlan& plan) {
    return rounded(sizeof(Part) * (plan.team / kWarp + 1));
  }
  KOKKOS_INLINE_FUNCTION static std::size_t exchange_bytes(const TilePlan& plan) {
    return rounded(sizeof(T) * (padded_index(plan.tile) + 1));
  }
  KOKKOS_INLINE_FUNCTION static std::size_t head_bits(const TilePlan& plan) {
    return rounded(sizeof(std::uint32_t) * (plan.tile / kWarp + 2));
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int32_t tile = tiles.take_ticket(team);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if constexpr (kInRegisters) {
      scan_in_registers(team, tile);
      return;
    }
#endif
    if constexpr (!kInRegisters) scan_staged(team, tile);
  }

  // The tile's offsets entries, [first, last) (each a head), and the
  // thread's first of them, returned to be loaded early (-1: none).
  KOKKOS_INLINE_FUNCTION std::int64_t tile_heads(std::int32_t tile, int rank, std::int64_t& first,
                                                 std::int64_t& last) const {
    first = firsts[tile];
    last = firsts[tile + 1];
    return first + rank < last ? static_cast<std::int64_t>(offsets(first + rank)) : -1;
  }

  // mark(i) for each of the tile's entries that lies at its value i (the
  // tile: [begin, begin + count) of the input), the entries shared among
  // the team's threads; `at`: tile_heads'.
  template <class Mark>
  KOKKOS_INLINE_FUNCTION void mark_heads(const Member& team, std::int64_t first, std::int64_t last,
                                         std::int64_t at, std::int64_t begin, int count,
                                         const Mark& mark) const {
    const int rank = team.team_rank();
    for (std::int64_t e = first + rank; e < last; e += team.team_size()) {
      if (e > first + rank) at = static_cast<std::int64_t>(offsets(e));
      if (at >= begin && at - begin < count) mark(static_cast<int>(at - begin));
    }
  }

  // The tile's values, [begin, begin + count) of the input.
  KOKKOS_INLINE_FUNCTION std::int64_t tile_values(std::int32_t tile, int& count) const {
    const TilePlan& plan = tiles.plan;
    const std::int64_t begin = plan.begin(tile);
    count = static_cast<int>(n - begin < plan.tile ? n - begin : plan.tile);
    return begin;
  }

  // Where out may be written, relative to the tile at `begin`: [lo, hi).
  KOKKOS_INLINE_FUNCTION void in_segments(std::int64_t begin, std::int64_t& lo,
                                          std::int64_t& hi) const {
    lo = static_cast<std::int64_t>(offsets(0)) - begin;
    hi = static_cast<std::int64_t>(offsets(segments)) - begin;
  }

  KOKKOS_INLINE_FUNCTION void scan_staged(const Member& team, std::int32_t tile) const {
    const TilePlan& plan = tiles.plan;
    int count;
    const std::int64_t begin = tile_values(tile, count);
    const int rank = team.team_rank(), size = team.team_size();
    Part* const shared = static_cast<Part*>(
        team.team_scratch(0).get_shmem(tile_scratch_bytes<Part>(plan.tile, plan.team)));
    auto* const heads =
        static_cast<unsigned char*>(team.team_scratch(0).get_shmem(head_bytes(plan)));
    // The thread's values (striped), the tile's heads' entries and the
    // first round of them, loaded before anything waits on them: plan.items
    // + 2 loads in flight a thread while the heads are cleared.
    constexpr int kItems = kSegmentLookbackItemsOf<T>;
    T x[kItems];
    for (int j = 0; j < kItems; ++j) {
      const int i = j * size + rank;
      if (j < plan.items && i < count) x[j] = in[begin + i];
    }
    std::int64_t first, last;
    const std::int64_t at = tile_heads(tile, rank, first, last);
    for (int i = rank; i < plan.tile; i += size) heads[i] = 0;
    team.team_barrier();
    mark_heads(team, first, last, at, begin, count, [&](int i) { heads[i] = 1; });
    team.team_barrier();
    const Load load{in + begin, heads, init, tiles.op.op};
    const TileScan<Part, Member, PartOp, unsigned char, Load> scan(team, shared, plan.items, heads,
                                                                   count, tiles.op, load);
    for (int j = 0; j < kItems; ++j) {
      const int i = j * size + rank;
      if (j < plan.items) scan.slot(i) = i < count ? load.part(x[j], heads[i]) : Part{};
    }
    team.team_barrier();
    Part tile_sum{};
    const Part thread_prefix = scan.exclusive_prefix(scan.fold_staged(), tile_sum);
    const Running<Part> tile_prefix = tiles.team_look_back(team, scan, tile, tile_sum);
    std::int64_t lo, hi;
    in_segments(begin, lo, hi);
    scan.scan_and_store(
        scan.start(tile_prefix, thread_prefix), tiles.inclusive,
        SegmentPartStore<T>{out + begin, heads, lo, hi, tiles.inclusive, init.value});
  }

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  // The tile in registers: warp w's run of 32 x items values is loaded
  // warp-striped (coalesced) and passes through the exchange, so that each
  // thread holds `items` consecutive values; the heads are bits. Each
  // thread folds its values after its last head, block_exclusive_scan
  // gives its prefix in the tile, warp 0 looks back, and each thread scans
  // its values from its prefix and hands them back through the exchange to
  // striped stores. Four barriers: two for the heads, one for the warps'
  // totals, one for the tile prefix. Whole tiles of the plan's
  // kSegmentLookbackItemsOf<T> a thread run without a bound a value.
  __device__ void scan_in_registers(const Member& team, std::int32_t tile) const {
    int count;
    const std::int64_t begin = tile_values(tile, count);
    if (count == tiles.plan.tile && tiles.plan.items == kSegmentLookbackItemsOf<T>) {
      tile_in_registers<true>(team, tile, begin, count);
    } else {
      tile_in_registers<false>(team, tile, begin, count);
    }
  }

  template <bool kWhole>
  __device__ void tile_in_registers(const Member& team, std::int32_t tile, std::int64_t begin,
                                    int count) const {
    constexpr int kItems = kSegmentLookbackItemsOf<T>;
    static_assert(kItems <= kWarp, "a thread's head bits span at most two words");
    const TilePlan& plan = tiles.plan;
    const int items = kWhole ? kItems : plan.items;
    const int rank = team.team_rank(), size = team.team_size(), lane = rank % kWarp;
    const auto& scratch = team.team_scratch(0);
    Part* const partial = static_cast<Part*>(scratch.get_shmem(partial_bytes(plan)));
    int* const prefix_any = static_cast<int*>(scratch.get_shmem(rounded(sizeof(int))));
    T* const exchange = static_cast<T*>(scratch.get_shmem(exchange_bytes(plan)));
    auto* const bits = static_cast<std::uint32_t*>(scratch.get_shmem(head_bits(plan)));
    // The warp's value j of this lane is the tile's run + j x 32 + lane;
    // the thread's consecutive values start at `mine`.
    const int run = rank / kWarp * kWarp * items, mine = rank * items;
    const auto held = [&](int j) { return kWhole || j < items; };
    const auto striped = [&](int j) {
      return held(j) && (kWhole || run + j * kWarp + lane < count);
    };
    T* const lane_slots = exchange + padded_index(run) + lane;  // value j at j x 33
    // The warp's values, and the tile's first offsets entry, loaded before
    // the head bits are cleared.
    T x[kItems];
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      x[j] = striped(j) ? in[begin + run + lane + j * kWarp] : T{};
    }
    std::int64_t first, last;
    const std::int64_t at = tile_heads(tile, rank, first, last);
    std::int64_t lo, hi;
    in_segments(begin, lo, hi);
    for (int w = rank; w < plan.tile / kWarp + 2; w += size) bits[w] = 0;
    team.team_barrier();
    mark_heads(team, first, last, at, begin, count,
               [&](int i) { atomicOr(&bits[i / kWarp], 1u << (i % kWarp)); });
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      if (held(j)) lane_slots[j * (kWarp + 1)] = x[j];
    }
    __syncwarp();
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      if (held(j)) x[j] = exchange[padded_index(mine + j)];
    }
    team.team_barrier();
    const auto heads = static_cast<std::uint32_t>(
        (static_cast<std::uint64_t>(bits[mine / kWarp + 1]) << kWarp | bits[mine / kWarp]) >>
        (mine % kWarp));
    const auto head = [&](int j) { return (heads >> j & 1) != 0; };
    const Op& op = tiles.op.op;
    if (init.any) {  // a segment's first value enters after init
#pragma unroll
      for (int j = 0; j < kItems; ++j) {
        if (held(j) && head(j)) x[j] = op(init.value, x[j]);
      }
    }
    // The thread's part: its values from its last head on, and whether it
    // holds a head.
    T fold = x[0];
#pragma unroll
    for (int j = 1; j < kItems; ++j) {
      if (held(j)) fold = head(j) ? x[j] : op(fold, x[j]);
    }
    const std::uint32_t own = items == kWarp ? ~0u : (1u << items) - 1;
    Part tile_sum{};
    const Part before = block_exclusive_scan(team, Part{fold, (heads & own) != 0}, partial,
                                             (count + items - 1) / items, tiles.op, tile_sum);
    if (rank < kWarp) {
      const Running<Part> prefix = tiles.warp_look_back(tile, tile_sum);
      if (rank == 0) {
        partial[size / kWarp] = prefix.value;
        *prefix_any = prefix.any;
      }
    }
    team.team_barrier();
    Running<Part> start{partial[size / kWarp], *prefix_any != 0};
    if (rank > 0) push(tiles.op, start, before);
    // The thread's scan from `start`, into the exchange.
    bool any = start.any;
    T value = start.value.value;
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      if (!held(j)) continue;
      const T exclusive = head(j) ? init.value : value;
      value = head(j) || !any ? x[j] : op(value, x[j]);
      any = true;
      exchange[padded_index(mine + j)] = tiles.inclusive ? value : exclusive;
    }
    __syncwarp();
    const bool inside = lo <= 0 && hi >= count;  // every value in a segment
#pragma unroll
    for (int j = 0; j < kItems; ++j) {
      const int i = run + lane + j * kWarp;
      if (striped(j) && (inside || (i >= lo && i < hi))) {
        out[begin + i] = lane_slots[j * (kWarp + 1)];
      }
    }
  }
#endif
};

// What the single-pass segmented scan needs besides its Views: the
// look-back's tile status and counter, and the tiles' first heads.
template <class Space, class T>
struct SegmentScanScratch {
  DecoupledLookbackScan<Space, SegmentPart<T>> scan;
  View<std::int64_t*, Space> firsts;
  Kokkos::View<SegmentReport, Kokkos::Device<Space, typename ReportMemory<Space>::type>> report;
};

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
  if (plan.items > kSegmentLookbackItemsOf<T>) {
    throw std::logic_error("kp::impl::segmented_scan_lookback: more than kSegmentLookbackItemsOf");
  }
  if (Scan::kInRegisters && plan.team % kWarp != 0) {
    throw std::logic_error("kp::impl::segmented_scan_lookback: CUDA teams are whole warps");
  }
  const auto ws = workspace<SegmentScanScratch<Space, T>>(
      space,
      [&](const SegmentScanScratch<Space, T>& w) {
        return w.scan.capacity() >= plan.tiles &&
               static_cast<std::int64_t>(w.firsts.extent(0)) > plan.tiles;
      },
      [&] {
        return SegmentScanScratch<Space, T>{
            DecoupledLookbackScan<Space, Part>(plan.tiles),
            View<std::int64_t*, Space>(
                Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::segmented scan tile heads"),
                plan.tiles + 1),
            Kokkos::View<SegmentReport, Kokkos::Device<Space, typename ReportMemory<Space>::type>>(
                "kp::segmented scan report")};
      });
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
        return Scan{tiles, in, out, n, offsets, segments, firsts, init};
      });
  if (!checked) return;
  space.fence();
  if (read_report(ws->report).bad != 0) {
    clear_report(ws->report);
    throw bad_offsets(call, n);
  }
}

// The single pass's tiles: a GPU's team of kRegisterTeam threads with
// kSegmentLookbackItemsOf<T> values each.
template <class T>
TilePlan segment_lookback_plan(std::int64_t n) {
  return make_tile_plan(n, kRegisterTeam, kSegmentLookbackItemsOf<T>);
}

// GPUs take a team a segment for contiguous Views, up to a league's size.
template <class Space, class In, class Out>
bool segments_by_teams(std::int64_t segments, const In& in, const Out& out) {
  return is_gpu_space<Space>() && segments <= INT_MAX && is_contiguous(in) && is_contiguous(out);
}

// out(s) = the fold of segment s by op (UserOp / TransformOp). `team` > 0:
// teams of that size on any space, for contiguous Views (tests).
// `checked`: offsets that are not a partition throw, after a fence; else
// the call is asynchronous, and their segments fold as empty.
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_reduce(const char* call, const Space& space, const In& in, const Offsets& offsets,
                      const Out& out, const Op& op, int team = 0, std::int64_t chunk = 0,
                      bool checked = true) {
  check_segmented_views<Space, In, Offsets, Out>();
  const std::int64_t n = in.extent(0);
  const std::int64_t segments = segment_count(offsets);
  if (static_cast<std::int64_t>(out.extent(0)) != segments) {
    throw std::invalid_argument(std::string(call) + ": out has " + std::to_string(out.extent(0)) +
                                " elements for " + std::to_string(segments) + " segments");
  }
  if (segments == 0) return;
  using T = typename Op::value_type;
  using X = value_t<In>;
  if (!(team > 0 || segments_by_teams<Space>(segments, in, out))) {
    if (checked) check_offsets(call, space, offsets, n);
    Kokkos::parallel_for(call,
                         Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                                             Kokkos::IndexType<std::int64_t>>(space, 0, segments),
                         SegmentInOrder<In, Out, Offsets, Op>{in, out, offsets, op});
    return;
  }
  // Teams. The offsets are checked in the kernel, whose flag is read after.
  const SegmentPlan plan = segment_plan<X>(n / segments, team, chunk);
  // The chunk wave's teams: a given team size but a GPU group's (whose
  // Kokkos teams would be part of a warp).
  const int chunk_team =
      team > 0 && (team >= kWarp || !is_gpu_space<Space>()) ? team : kSegmentChunkTeam;
  const bool queue = n >= plan.long_from;  // else no segment can be long
  const std::int64_t max_long = queue ? n / plan.long_from + 1 : 0;
  const std::int64_t max_chunks = queue ? n / plan.chunk + max_long : 0;
  const std::size_t partial_bytes = sizeof(T) * static_cast<std::size_t>(max_chunks);
  const auto ws = workspace<SegmentReduceScratch<Space>>(
      space,
      [&](const SegmentReduceScratch<Space>& w) {
        return static_cast<std::int64_t>(w.tickets.extent(0)) >= max_long &&
               static_cast<std::int64_t>(w.owners.extent(0)) >= max_chunks &&
               w.partials.extent(0) >= partial_bytes;
      },
      [&] {
        return SegmentReduceScratch<Space>{
            View<std::int64_t*, Space>(
                Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::segmented_reduce longs"),
                2 * max_long),
            View<unsigned*, Space>(
                Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::segmented_reduce owners"),
                max_chunks),
            View<unsigned*, Space>("kp::segmented_reduce tickets", max_long),
            View<char*, Space>(
                Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::segmented_reduce partials"),
                partial_bytes),
            View<SegmentCounter*, Space>("kp::segmented_reduce counters", 3),
            Kokkos::View<SegmentReport, Kokkos::Device<Space, typename ReportMemory<Space>::type>>(
                "kp::segmented_reduce report")};
      });
  using Teams = SegmentTeamsReduce<Space, X, Offsets, Op>;
  const Teams teams{{in.data(), out.data(), offsets, op, plan},
                    n,
                    ws->longs.data(),
                    ws->owners.data(),
                    ws->counters.data(),
                    checked ? ws->report.data() : nullptr};
  if (!launch_segment_teams_bare(space, teams, segments, plan.team)) {
    Kokkos::parallel_for(call,
                         Kokkos::TeamPolicy<Space>(space, static_cast<int>(segments), plan.team)
                             .set_scratch_size(0, Kokkos::PerTeam(Teams::scratch(plan.team))),
                         teams);
  }
  // The chunk wave drains what the segment teams queued. Where n / segments
  // is long_from or more, a segment is most likely long (the longest is at
  // least the mean), and the wave follows at once; else, in a checked call,
  // it launches only if the report says a segment was queued, after the
  // fence the call makes anyway, so that segments shorter than long_from
  // cost one launch, not two (and queued ones a fence more). An unchecked
  // call has no report to wait for: its wave follows at once wherever a
  // segment can be long.
  const auto drain = [&] {
    using Chunks = SegmentChunksReduce<Space, X, Offsets, Op>;
    // One wave: kSegmentChunkWaveThreads a multiprocessor.
    const int league = static_cast<int>(std::max<std::int64_t>(
        1, std::min<std::int64_t>(max_chunks,
                                  processors(space) * kSegmentChunkWaveThreads / chunk_team)));
    const Chunks chunks{{in.data(), out.data(), offsets, op, plan},
                        ws->longs.data(),
                        ws->owners.data(),
                        ws->tickets.data(),
                        reinterpret_cast<T*>(ws->partials.data()),
                        ws->counters.data()};
    if (!launch_segment_chunks_bare(space, chunks, league, chunk_team)) {
      Kokkos::parallel_for(call,
                           Kokkos::TeamPolicy<Space>(space, league, chunk_team)
                               .set_scratch_size(0, Kokkos::PerTeam(Chunks::scratch(chunk_team))),
                           chunks);
    }
  };
  const bool likely_queued = queue && n / segments >= plan.long_from;
  if (likely_queued || (queue && !checked)) drain();
  if (!checked) return;
  space.fence();
  const SegmentReport report = read_report(ws->report);
  if (queue && !likely_queued && report.queued != 0) {
    drain();
    space.fence();
  }
  if (report.bad != 0 || report.queued != 0) clear_report(ws->report);
  if (report.bad != 0) throw bad_offsets(call, n);
}

// Each segment's scan by op, from `init` (empty: an inclusive scan from the
// segment's first value). `checked`: offsets that are not a partition
// throw, after a fence; else none is made. GPUs, contiguous Views: the
// single pass, which checks them in its kernel and whose results are
// unspecified where they are invalid; elsewhere a check before a thread a
// segment, which (unchecked) leaves a segment whose offsets are invalid
// unwritten.
template <class Space, class In, class Offsets, class Out, class Op>
void segmented_scan(const char* call, const Space& space, const In& in, const Offsets& offsets,
                    const Out& out, bool inclusive, const Running<value_t<Out>>& init, const Op& op,
                    bool checked = true) {
  check_segmented_views<Space, In, Offsets, Out>();
  using T = value_t<Out>;
  static_assert(std::is_same_v<value_t<In>, T>, "kp: scan input and output value types differ");
  const std::int64_t n = in.extent(0);
  if (static_cast<std::int64_t>(out.extent(0)) != n) {
    throw std::invalid_argument(std::string(call) + ": in has " + std::to_string(n) +
                                " elements, out " + std::to_string(out.extent(0)));
  }
  const std::int64_t segments = segment_count(offsets);
  if (segments == 0) return;
  if (is_gpu_space<Space>() && is_contiguous(in) && is_contiguous(out)) {
    segmented_scan_lookback(call, space, in.data(), out.data(), n, offsets, segments, inclusive,
                            init, op, segment_lookback_plan<T>(n), checked);
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
