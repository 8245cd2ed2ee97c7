#pragma once
// The single-pass segmented scan (SegmentedAlgorithm::decoupled_lookback):
// the decoupled look-back's scan of (value, head) parts, where head says
// that a segment starts at the value (Schwartz's segmented scan as one
// scan). A part combines with the parts before it unless it holds a head,
// so every tile's scan and look-back stops at its segment's start, and the
// scan's cost does not depend on the segments' lengths.
//
// SegmentLookbackScan is a team a tile: here the parts staged in team
// scratch with a head flag a value and scanned by block_scan.hpp's
// TileScan; on CUDA the tile in registers (its specialization for
// Kokkos::Cuda, backend/cuda/segment_lookback.hpp).
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/agent/segment_common.hpp>
#include <kp/impl/agent/tile_plan.hpp>
#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/thread/scan_op.hpp>

namespace kp::impl {

// The head is as wide as T's alignment (4 or 8 bytes), so that no padding
// travels through the tile status and shuffles as indeterminate bytes.
template <class T>
struct SegmentPart {
  T value;
  std::conditional_t<(alignof(T) >= 8), std::uint64_t, std::uint32_t> head;
};

// The single pass's values a thread on Space: lookback_bytes of parts, 1 to
// lookback_items of them.
template <class Space, class T>
inline constexpr int kSegmentLookbackItemsOf =
    std::max<int>(1, std::min<int>(SegmentedTuned<Space>::lookback_items,
                                   static_cast<int>(SegmentedTuned<Space>::lookback_bytes /
                                                    sizeof(SegmentPart<T>))));

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

// What a tile's team reads, and the steps every tile scan shares: it marks
// the tile's heads (every offsets entry is one; values before the first
// entry form no segment, nor do those from the last), scans the parts,
// looks back over the tiles before it, and writes the values that lie in
// segments.
template <class Space, class T, class Offsets, class Op>
struct SegmentLookbackTiles {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Part = SegmentPart<T>;
  using PartOp = SegmentPartOp<T, Op>;
  using Load = SegmentPartLoad<T, Op>;
  using Tiles = ChainedScanTiles<Space, Part, PartOp, unsigned char, Load>;
  static constexpr int kItems = kSegmentLookbackItemsOf<Space, T>;
  Tiles tiles;  // the tile status, counter, plan, kind and op; its in and out are not used
  const T* in;
  T* out;
  std::int64_t n;
  Offsets offsets;
  std::int64_t segments;
  const std::int64_t* firsts;
  Running<T> init;

  // Team scratch, each piece rounded as get_shmem rounds it.
  KOKKOS_INLINE_FUNCTION static constexpr std::size_t rounded(std::size_t bytes) {
    return (bytes + 7) / 8 * 8;
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
};

// A team a tile, the parts staged in team scratch with a head flag a value.
template <class Space, class T, class Offsets, class Op>
struct SegmentLookbackScan : SegmentLookbackTiles<Space, T, Offsets, Op> {
  using Base = SegmentLookbackTiles<Space, T, Offsets, Op>;
  using typename Base::Load;
  using typename Base::Member;
  using typename Base::Part;
  using typename Base::PartOp;
  static constexpr bool kInRegisters = false;

  static std::size_t scratch(const TilePlan& plan) {
    return tile_scratch_bytes<Part>(plan.tile, plan.team) + head_bytes(plan);
  }
  // A head flag a value.
  KOKKOS_INLINE_FUNCTION static int head_bytes(const TilePlan& plan) {
    return static_cast<int>(Base::rounded(plan.tile));
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    scan_staged(team, this->tiles.take_ticket(team));
  }

  KOKKOS_INLINE_FUNCTION void scan_staged(const Member& team, std::int32_t tile) const {
    const TilePlan& plan = this->tiles.plan;
    int count;
    const std::int64_t begin = this->tile_values(tile, count);
    const int rank = team.team_rank(), size = team.team_size();
    Part* const shared = static_cast<Part*>(
        team.team_scratch(0).get_shmem(tile_scratch_bytes<Part>(plan.tile, plan.team)));
    auto* const heads =
        static_cast<unsigned char*>(team.team_scratch(0).get_shmem(head_bytes(plan)));
    // The thread's values (striped), the tile's heads' entries and the
    // first round of them, loaded before anything waits on them: plan.items
    // + 2 loads in flight a thread while the heads are cleared.
    T x[Base::kItems];
    for (int j = 0; j < Base::kItems; ++j) {
      const int i = j * size + rank;
      if (j < plan.items && i < count) x[j] = this->in[begin + i];
    }
    std::int64_t first, last;
    const std::int64_t at = this->tile_heads(tile, rank, first, last);
    for (int i = rank; i < plan.tile; i += size) heads[i] = 0;
    team.team_barrier();
    this->mark_heads(team, first, last, at, begin, count, [&](int i) { heads[i] = 1; });
    team.team_barrier();
    const Load load{this->in + begin, heads, this->init, this->tiles.op.op};
    const TileScan<Part, Member, PartOp, unsigned char, Load> scan(team, shared, plan.items, heads,
                                                                   count, this->tiles.op, load);
    for (int j = 0; j < Base::kItems; ++j) {
      const int i = j * size + rank;
      if (j < plan.items) scan.slot(i) = i < count ? load.part(x[j], heads[i]) : Part{};
    }
    team.team_barrier();
    Part tile_sum{};
    const Part thread_prefix = scan.exclusive_prefix(scan.fold_staged(), tile_sum);
    const Running<Part> tile_prefix = this->tiles.team_look_back(team, scan, tile, tile_sum);
    std::int64_t lo, hi;
    this->in_segments(begin, lo, hi);
    scan.scan_and_store(scan.start(tile_prefix, thread_prefix), this->tiles.inclusive,
                        SegmentPartStore<T>{this->out + begin, heads, lo, hi, this->tiles.inclusive,
                                            this->init.value});
  }
};

}  // namespace kp::impl

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#include <kp/impl/backend/cuda/segment_lookback.hpp>
#endif
