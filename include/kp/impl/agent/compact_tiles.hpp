#pragma once
// kp::copy_if and kp::copy_index_if's tiles: one pass of the decoupled
// look-back (decoupled_lookback.hpp) over the counts of selected elements,
// each tile writing its selected elements, in order, from the count of
// those before it. On the host a team is one thread, which counts its tile
// (in L2 afterwards), looks back, and copies the tile's selected elements.
// On CUDA each warp compacts its own run of the tile
// (backend/cuda/compact_warps.hpp). Other teams stage the tile's 0/1 flags
// in scratch, scan them, and each thread copies its own run of elements.
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kp/impl/agent/decoupled_lookback.hpp>
#include <kp/impl/backend/cuda/compact_warps.hpp>
#include <kp/impl/core/common.hpp>
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

  // For the CUDA tiles (backend/cuda/compact_warps.hpp).
  using value_type = X;
  using out_type = O;
  using count_type = Count;
  using emit = Emit;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int32_t tile = tiles.take_ticket(team);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      if (by_warps) {
        if constexpr (kStaged) {
          compact_staged(*this, team, tile);
        } else {
          compact_by_warps(*this, team, tile);
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

  // compact_staged takes X (kStaged); its scratch starts kStagedAlign-aligned.
  static constexpr bool kStaged = GpuCopyIfTuning::stages<X>;
  static constexpr std::size_t kStagedAlign = 16;

  // Scratch of compact_by_warps: each warp's count and the tile's prefix.
  KOKKOS_INLINE_FUNCTION static std::size_t warp_scratch_bytes(int team) {
    return static_cast<std::size_t>(team / kWarp + 1) * sizeof(Count);
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

}  // namespace kp::impl
