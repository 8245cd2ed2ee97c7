#pragma once
// Stream compaction behind kp::copy_if and kp::copy_index_if: one pass of
// the decoupled look-back (decoupled_lookback.hpp) over the counts of
// selected elements, each tile writing its selected elements, in order,
// from the count of those before it. On the host a team is one thread,
// which counts its tile (in L2 afterwards), looks back, and copies the
// tile's selected elements. On CUDA each warp copies its run of the tile
// into team scratch with asynchronous copies (compact_staged: no registers
// hold the tile, so a tile is 32 KiB), reads it back in rounds of 32
// values, a ballot a round gives the selection, a popcount the positions,
// and the selected values of a round are written to consecutive positions.
// Values that such copies do not suit stay in registers, 16 rounds a warp
// (compact_by_warps). Other teams stage the tile's 0/1 flags in scratch,
// scan them, and each thread copies its own run of elements.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/backend/cuda/async_copy.hpp>
#include <kp/impl/core/algorithm.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/dispatch/reduce.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/tuning/copy_if.hpp>

namespace kp::impl {

using CompactCount = std::int64_t;

// 1 for a selected element, else 0: what the look-back sums.
template <class Pred, class Count = CompactCount>
struct SelectFlag {
  Pred pred;
  template <class X>
  KOKKOS_INLINE_FUNCTION Count operator()(const X& x) const {
    return pred(x) ? 1 : 0;
  }
};

// What a selected element at `index` writes: itself, or its index.
struct EmitValue {
  template <class O, class X>
  KOKKOS_INLINE_FUNCTION static O value(std::int64_t, const X& x) {
    return x;
  }
};
struct EmitIndex {
  template <class O, class X>
  KOKKOS_INLINE_FUNCTION static O value(std::int64_t index, const X&) {
    return static_cast<O>(index);
  }
};

template <class Space, class X, class O, class Pred, class Emit, class Count = CompactCount>
struct CompactTiles {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  using Sum = ScanSum<Count>;
  using Tiles = ChainedScanTiles<Space, Count, Sum, X, SelectFlag<Pred, Count>>;
  Tiles tiles;  // the input, tile status and plan; its `out` is not used
  O* out;
  std::int64_t room;         // out's length: selected elements past it are counted only
  View<Count, Space> total;  // the number selected, written by the last tile
  bool by_warps;             // CUDA: compact_staged or compact_by_warps

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int32_t tile = tiles.take_ticket(team);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      if (by_warps) {
        if constexpr (kStaged) {
          compact_staged(team, tile);
        } else {
          compact_by_warps(team, tile);
        }
        return;
      }
    }
#endif
    const std::int64_t n = tiles.in.extent(0);
    const std::int64_t begin = tiles.plan.begin(tile);
    const int count = static_cast<int>(n - begin < tiles.plan.tile ? n - begin : tiles.plan.tile);
    const X* const x = tiles.in.data() + begin;
    if constexpr (Tiles::kHost) {
      if (team.team_size() == 1) {
        const Count selected =
            HostTileScan<Count, Sum, X, SelectFlag<Pred, Count>>(Sum(), tiles.load).total(x, count);
        const Count before = tiles.look_back(tile, selected).value;
        const Count end = before + selected;
        copy_unbranched(x, begin, count, before, end < room ? end : room);
        if (tile == tiles.plan.tiles - 1) total() = before + selected;
        return;
      }
    }
    const auto scan =
        tile_scan<Count>(team, tiles.plan, tile, tiles.in.data(), n, Sum(), tiles.load);
    Count selected = 0;
    const Count thread_prefix = scan.exclusive_prefix(scan.load(), selected);
    const Count before = tiles.team_look_back(team, scan, tile, selected).value;
    const int first = team.team_rank() * tiles.plan.items;
    const int last = first + tiles.plan.items < count ? first + tiles.plan.items : count;
    copy(x, begin, first, last, before + thread_prefix);
    if (tile == tiles.plan.tiles - 1 && team.team_rank() == 0) total() = before + selected;
  }

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  // Warp w of the team compacts the tile's values [w, w + 1) x 32 x
  // GpuCopyIfTuning::staged_items<X>: its run, copied into scratch asynchronously (16 bytes
  // a copy where the run is whole and 16-byte aligned, else 4), read back
  // in rounds of 32 values (round j: lane l the l-th), the selection kept
  // as one bit a round. The warps' counts meet in scratch, warp 0 looks
  // back for the tile, and each warp writes its selected values in order:
  // a round's go to consecutive positions.
  __device__ void compact_staged(const Member& team, std::int32_t tile) const {
    constexpr int kWarpSize = 32;
    constexpr int kItems = GpuCopyIfTuning::staged_items<X>;
    const int rank = team.team_rank();
    const int lane = rank % kWarpSize, warp = rank / kWarpSize;
    const std::size_t tile_bytes = static_cast<std::size_t>(team.team_size()) * kItems * sizeof(X);
    char* const scratch = static_cast<char*>(team.team_scratch(0).get_shmem_aligned(
        tile_bytes + warp_scratch_bytes(team.team_size()), kStagedAlign));
    X* const run = reinterpret_cast<X*>(scratch) + warp * kWarpSize * kItems;
    auto* const shared = reinterpret_cast<Count*>(scratch + tile_bytes);
    const std::int64_t n = tiles.in.extent(0);
    const std::int64_t first = tiles.plan.begin(tile) + std::int64_t{warp} * kWarpSize * kItems;
    const int valid = first >= n                       ? 0
                      : n - first < kWarpSize * kItems ? static_cast<int>(n - first)
                                                       : kWarpSize * kItems;
    stage_run(reinterpret_cast<char*>(run), tiles.in.data() + first, valid, lane);
    unsigned bits = 0;  // bit j: this lane's value of round j is selected
#pragma unroll 8
    for (int j = 0; j < kItems; ++j) {
      const int i = j * kWarpSize + lane;
      bits |= (i < valid && tiles.load.pred(run[i]) ? 1u : 0u) << j;
    }
    const int warp_count = __reduce_add_sync(0xffffffffu, __popc(bits));
    const auto [before, before_warp, selected] = place_warp(team, shared, tile, warp_count);
    if (warp_count != 0) {
      Count k = before + before_warp;
      const unsigned lower = (1u << lane) - 1u;
#pragma unroll 4
      for (int j = 0; j < kItems; ++j) {
        const unsigned lanes = __ballot_sync(0xffffffffu, bits >> j & 1u);
        if (bits >> j & 1u) {
          const Count at = k + __popc(lanes & lower);
          const int i = j * kWarpSize + lane;
          if (at < room) out[at] = Emit::template value<O>(first + i, run[i]);
        }
        k += __popc(lanes);
      }
    }
    if (tile == tiles.plan.tiles - 1 && rank == 0) total() = before + selected;
  }

  // Where a warp's selected values go: what precedes the tile, the count of
  // the tile's earlier warps, and the tile's count.
  struct WarpPlace {
    Count before, before_warp, selected;
  };

  // Each warp's count (`warp_count`, the same in every lane) meets the
  // others' in `shared` (warp_scratch_bytes), warp 0 looks back for the
  // tile, and every thread gets its warp's place. Two barriers.
  __device__ WarpPlace place_warp(const Member& team, Count* shared, std::int32_t tile,
                                  int warp_count) const {
    constexpr int kWarpSize = 32;
    const int rank = team.team_rank();
    const int warp = rank / kWarpSize, warps = team.team_size() / kWarpSize;
    if (rank % kWarpSize == 0) shared[warp] = warp_count;
    team.team_barrier();
    Count before_warp = 0, selected = 0;
    for (int w = 0; w < warps; ++w) {
      const Count c = shared[w];
      before_warp += w < warp ? c : 0;
      selected += c;
    }
    if (rank < kWarpSize) {
      const Count before = tiles.warp_look_back(tile, selected).value;
      if (rank == 0) shared[warps] = before;
    }
    team.team_barrier();
    return {shared[warps], before_warp, selected};
  }

  // The warp's `count` values from `from` into scratch at `to`, visible to
  // the whole warp on return: 16-byte copies where the run is whole and
  // 16-byte aligned, else 4-byte ones (X is 4-byte aligned), asynchronous
  // (async_copy.hpp).
  __device__ static void stage_run(char* to, const X* from, int count, int lane) {
    constexpr int kWarpSize = 32;
    constexpr int kRunBytes =
        kWarpSize * GpuCopyIfTuning::staged_items<X> * static_cast<int>(sizeof(X));
    const char* const bytes = reinterpret_cast<const char*>(from);
    const int size = count * static_cast<int>(sizeof(X));
    if (size == kRunBytes && reinterpret_cast<std::uintptr_t>(bytes) % 16 == 0) {
#pragma unroll
      for (int b = lane * 16; b < kRunBytes; b += kWarpSize * 16) copy_async<16>(to + b, bytes + b);
    } else {
      for (int b = lane * 4; b < size; b += kWarpSize * 4) copy_async<4>(to + b, bytes + b);
    }
    wait_async_copies();
    __syncwarp();
  }

  // Values that compact_staged does not take: warp w of the team holds the
  // tile's values [w, w + 1) x 32 x GpuCopyIfTuning::register_items in registers, round j
  // the 32 consecutive values j (lane l the l-th), all rounds' loads first,
  // the selection kept as one bit a round.
  __device__ void compact_by_warps(const Member& team, std::int32_t tile) const {
    constexpr int kWarpSize = 32;
    const int rank = team.team_rank();
    const int lane = rank % kWarpSize, warp = rank / kWarpSize;
    const std::int64_t n = tiles.in.extent(0);
    const std::int64_t begin = tiles.plan.begin(tile);
    const int count = static_cast<int>(n - begin < tiles.plan.tile ? n - begin : tiles.plan.tile);
    const X* const x = tiles.in.data() + begin;
    const int base = warp * kWarpSize * GpuCopyIfTuning::register_items + lane;
    X v[GpuCopyIfTuning::register_items];
#pragma unroll
    for (int j = 0; j < GpuCopyIfTuning::register_items; ++j) {
      if (base + j * kWarpSize < count) v[j] = x[base + j * kWarpSize];
    }
    unsigned bits = 0;
#pragma unroll
    for (int j = 0; j < GpuCopyIfTuning::register_items; ++j) {
      bits |= (base + j * kWarpSize < count && tiles.load.pred(v[j]) ? 1u : 0u) << j;
    }
    const int warp_count = __reduce_add_sync(0xffffffffu, __popc(bits));
    auto* const shared =
        static_cast<Count*>(team.team_scratch(0).get_shmem(warp_scratch_bytes(team.team_size())));
    const auto [before, before_warp, selected] = place_warp(team, shared, tile, warp_count);
    Count k = before + before_warp;
    const unsigned lower = (1u << lane) - 1u;
#pragma unroll
    for (int j = 0; j < GpuCopyIfTuning::register_items; ++j) {
      const unsigned lanes = __ballot_sync(0xffffffffu, bits >> j & 1u);
      if (bits >> j & 1u) {
        const Count at = k + __popc(lanes & lower);
        if (at < room) out[at] = Emit::template value<O>(begin + base + j * kWarpSize, v[j]);
      }
      k += __popc(lanes);
    }
    if (tile == tiles.plan.tiles - 1 && rank == 0) total() = before + selected;
  }
#endif

  // compact_staged takes X (kStaged); its scratch starts kStagedAlign-aligned.
  static constexpr bool kStaged = GpuCopyIfTuning::stages<X>;
  static constexpr std::size_t kStagedAlign = 16;

  // Scratch of compact_by_warps: each warp's count and the tile's prefix.
  KOKKOS_INLINE_FUNCTION static std::size_t warp_scratch_bytes(int team) {
    return static_cast<std::size_t>(team / 32 + 1) * sizeof(Count);
  }
  // Of the CUDA kernel: compact_staged's also holds the tile (and the slack
  // that aligns it).
  static std::size_t by_warps_scratch_bytes(int team) {
    return kStaged
               ? kStagedAlign +
                     static_cast<std::size_t>(team) * GpuCopyIfTuning::staged_items<X> * sizeof(X) +
                     warp_scratch_bytes(team)
               : warp_scratch_bytes(team);
  }

  // The tile's selected elements, from position k on, below `limit` (the
  // end of the tile's positions, or of out): each element is written at k
  // and k advances only past a selected one, with no branch on the
  // selection, which a random one would mispredict half the time.
  KOKKOS_INLINE_FUNCTION void copy_unbranched(const X* x, std::int64_t begin, int count, Count k,
                                              Count limit) const {
    for (int i = 0; i < count && k < limit; ++i) {
      const X value = x[i];
      out[k] = Emit::template value<O>(begin + i, value);
      k += tiles.load.pred(value) ? 1 : 0;
    }
  }

  // The selected ones of x[from, to) (tile-relative), from position k on.
  KOKKOS_INLINE_FUNCTION void copy(const X* x, std::int64_t begin, int from, int to,
                                   Count k) const {
    for (int i = from; i < to; ++i) {
      const X value = x[i];
      if (tiles.load.pred(value)) {
        if (k < room) out[k] = Emit::template value<O>(begin + i, value);
        ++k;
      }
    }
  }
};

// The generic path: Kokkos' parallel_scan over the 0/1 flags, any View.
template <class In, class Out, class Pred, class Emit>
struct KokkosCompactFunctor {
  In in;
  Out out;
  Pred pred;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i, CompactCount& k, bool final) const {
    const auto value = in(i);
    if (!pred(value)) return;
    if (final && k < static_cast<CompactCount>(out.extent(0))) {
      out(k) = Emit::template value<typename Out::non_const_value_type>(i, value);
    }
    ++k;
  }
};

// The tiles of the look-back of values X: on CUDA a team of the scan's
// register tile (ScanTuning's team), CopyIfTuning's staged_items<X> values
// each (compact_staged) or register_items (compact_by_warps); elsewhere the
// scan's.
template <class Space, class X>
TilePlan compact_plan(std::int64_t n) {
  if constexpr (!is_cuda_space<Space>()) {
    return lookback_plan<Space, CompactCount>(n);
  } else {
    using Tuning = tuning::Tuned<tuning::CopyIfTuning, Space>;
    return make_tile_plan(
        n, GpuScanTuning::team,
        Tuning::template stages<X> ? Tuning::template staged_items<X> : Tuning::register_items);
  }
}

// The number of elements of `in` that satisfy pred; the first
// out.extent(0) of them (or their indices) written to out, in order.
// `tiles`: another tile plan for the look-back (tests), else lookback_plan.
template <class Emit, class Space, class In, class Out, class Pred>
std::int64_t compact(const char* call, const Space& space, const In& in, const Out& out,
                     const Pred& pred, Algorithm algorithm, const TilePlan* tiles = nullptr) {
  check_view<Space, In>();
  check_view<Space, Out>();
  using X = value_t<In>;
  using O = value_t<Out>;
  static_assert(std::is_same_v<typename Out::value_type, O>, "kp: the output must be writable");
  const std::int64_t n = in.extent(0);
  if (algorithm == Algorithm::automatic) algorithm = Algorithm::decoupled_lookback;
  if (algorithm != Algorithm::decoupled_lookback && algorithm != Algorithm::kokkos) {
    unsupported(call, algorithm, Space::name());
  }
  if (n == 0) return 0;
  const bool contiguous = is_contiguous(in) && is_contiguous(out);
  // On CUDA counts below 2^31 travel as 32-bit values: the look-back's
  // status then packs flag and count in one 64-bit word (no fences).
  const auto lookback = [&](auto count_type) -> std::int64_t {
    using Count = decltype(count_type);
    const TilePlan plan = tiles ? *tiles : compact_plan<Space, X>(n);
    using Compact = CompactTiles<Space, X, O, Pred, Emit, Count>;
    const bool by_warps = is_cuda_space<Space>() && plan.items == compact_plan<Space, X>(0).items &&
                          plan.team % 32 == 0 && plan.team <= GpuScanTuning::team;
    using Scan = DecoupledLookbackScan<Space, Count>;
    const auto scanner = workspace<Scan>(
        space, [&](const Scan& s) { return s.capacity() >= plan.tiles; },
        [&] { return Scan(plan.tiles); });
    const auto slot = workspace<ResultSlot<Space>>(
        space, [](const ResultSlot<Space>& s) { return s.bytes.extent(0) >= sizeof(Count); },
        [] { return ResultSlot<Space>{View<char*, Space>("kp::copy_if count", 256)}; });
    const View<Count, Space> total(reinterpret_cast<Count*>(slot->bytes.data()));
    const auto in_c = contiguous_in<Space>(in);
    const auto out_c = contiguous_out<Space>(out);
    scanner->launch(
        space, plan,
        by_warps ? Compact::by_warps_scratch_bytes(plan.team) : plan.scratch_bytes<Count>(), call,
        [&](const auto& status, const auto& next_tile) {
          using Tiles = ChainedScanTiles<Space, Count, ScanSum<Count>, X, SelectFlag<Pred, Count>>;
          const Tiles tiles{in_c, {},   status, next_tile, plan, false,
                            0,    true, false,  false,     {},   SelectFlag<Pred, Count>{pred}};
          return Compact{tiles, out_c.data(), static_cast<std::int64_t>(out.extent(0)), total,
                         by_warps};
        });
    Count count = 0;
    Kokkos::deep_copy(space, Kokkos::View<Count, Kokkos::HostSpace>(&count), total);
    space.fence();
    return count;
  };
  if (algorithm == Algorithm::decoupled_lookback && contiguous) {
    if constexpr (is_cuda_space<Space>()) {
      if (n <= std::numeric_limits<std::int32_t>::max()) return lookback(std::int32_t{});
    }
    return lookback(CompactCount{});
  }
  CompactCount count = 0;
  Kokkos::parallel_scan(call, IndexRange<Space>(space, 0, n),
                        KokkosCompactFunctor<In, Out, Pred, Emit>{in, out, pred}, count);
  space.fence();
  return count;
}

}  // namespace kp::impl
