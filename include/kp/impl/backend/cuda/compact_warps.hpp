#pragma once
// kp::copy_if's CUDA tiles (CompactTiles, agent/compact_tiles.hpp, with
// `by_warps`): each warp compacts its own run of the tile, the selection of
// each 32-value round one ballot, a popcount the positions, and the
// selected values of a round go to consecutive positions.
//  - compact_staged: the run copied into team scratch asynchronously (no
//    registers hold the tile, so a tile is 32 KiB), read back in rounds;
//  - compact_by_warps: values that such copies do not suit, held in
//    registers (warp/load.hpp's striped load), 16 rounds a warp.
// The warps' counts meet in scratch and warp 0 looks back for the tile
// (place_warp). C is the CompactTiles whose tile this is.
#include <cstddef>
#include <cstdint>

#include <kp/impl/backend/cuda/async_copy.hpp>
#include <kp/impl/backend/cuda/lookback.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/tuning/copy_if.hpp>
#include <kp/impl/warp/load.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// Where a warp's selected values go: what precedes the tile, the count of
// the tile's earlier warps, and the tile's count.
template <class Count>
struct WarpPlace {
  Count before, before_warp, selected;
};

// Each warp's count (`warp_count`, the same in every lane) meets the
// others' in `shared` (warp_scratch_bytes), warp 0 looks back for the
// tile, and every thread gets its warp's place. Two barriers.
template <class C, class Member, class Count>
__device__ WarpPlace<Count> place_warp(const C& c, const Member& team, Count* shared,
                                       std::int32_t tile, int warp_count) {
  const int rank = team.team_rank();
  const int warp = rank / kWarp, warps = team.team_size() / kWarp;
  if (rank % kWarp == 0) shared[warp] = warp_count;
  team.team_barrier();
  Count before_warp = 0, selected = 0;
  for (int w = 0; w < warps; ++w) {
    const Count count = shared[w];
    before_warp += w < warp ? count : 0;
    selected += count;
  }
  if (rank < kWarp) {
    const Count before = LookbackTeam<Kokkos::Cuda>::warp_look_back(c.tiles, tile, selected).value;
    if (rank == 0) shared[warps] = before;
  }
  team.team_barrier();
  return {shared[warps], before_warp, selected};
}

// The warp's `count` values from `from` into scratch at `to`, visible to
// the whole warp on return: 16-byte copies where the run is whole and
// 16-byte aligned, else 4-byte ones (X is 4-byte aligned), asynchronous
// (async_copy.hpp).
template <int kItems, class X>
__device__ void stage_run(char* to, const X* from, int count, int lane) {
  constexpr int kRunBytes = kWarp * kItems * static_cast<int>(sizeof(X));
  const char* const bytes = reinterpret_cast<const char*>(from);
  const int size = count * static_cast<int>(sizeof(X));
  if (size == kRunBytes && reinterpret_cast<std::uintptr_t>(bytes) % 16 == 0) {
#pragma unroll
    for (int b = lane * 16; b < kRunBytes; b += kWarp * 16) copy_async<16>(to + b, bytes + b);
  } else {
    for (int b = lane * 4; b < size; b += kWarp * 4) copy_async<4>(to + b, bytes + b);
  }
  wait_async_copies();
  __syncwarp();
}

// Warp w of the team compacts the tile's values [w, w + 1) x 32 x
// staged_items<X> (CopyIfTuning): its run, copied into scratch asynchronously (16 bytes
// a copy where the run is whole and 16-byte aligned, else 4), read back
// in rounds of 32 values (round j: lane l the l-th), the selection kept
// as one bit a round. The warps' counts meet in scratch, warp 0 looks
// back for the tile, and each warp writes its selected values in order:
// a round's go to consecutive positions.
template <class C, class Member>
__device__ void compact_staged(const C& c, const Member& team, std::int32_t tile) {
  using X = typename C::value_type;
  using O = typename C::out_type;
  using Count = typename C::count_type;
  constexpr int kItems = GpuCopyIfTuning::staged_items<X>;
  const int rank = team.team_rank();
  const int lane = rank % kWarp, warp = rank / kWarp;
  const std::size_t tile_bytes = static_cast<std::size_t>(team.team_size()) * kItems * sizeof(X);
  char* const scratch = static_cast<char*>(team.team_scratch(0).get_shmem_aligned(
      tile_bytes + C::warp_scratch_bytes(team.team_size()), C::kStagedAlign));
  X* const run = reinterpret_cast<X*>(scratch) + warp * kWarp * kItems;
  auto* const shared = reinterpret_cast<Count*>(scratch + tile_bytes);
  const std::int64_t n = c.tiles.in.extent(0);
  const std::int64_t first = c.tiles.plan.begin(tile) + std::int64_t{warp} * kWarp * kItems;
  const int valid = first >= n                   ? 0
                    : n - first < kWarp * kItems ? static_cast<int>(n - first)
                                                 : kWarp * kItems;
  stage_run<kItems>(reinterpret_cast<char*>(run), c.tiles.in.data() + first, valid, lane);
  unsigned bits = 0;  // bit j: this lane's value of round j is selected
#pragma unroll 8
  for (int j = 0; j < kItems; ++j) {
    const int i = j * kWarp + lane;
    bits |= (i < valid && c.tiles.load.pred(run[i]) ? 1u : 0u) << j;
  }
  const int warp_count = __reduce_add_sync(0xffffffffu, __popc(bits));
  const auto [before, before_warp, selected] = place_warp(c, team, shared, tile, warp_count);
  if (warp_count != 0) {
    Count k = before + before_warp;
    const unsigned lower = (1u << lane) - 1u;
#pragma unroll 4
    for (int j = 0; j < kItems; ++j) {
      const unsigned lanes = __ballot_sync(0xffffffffu, bits >> j & 1u);
      if (bits >> j & 1u) {
        const Count at = k + __popc(lanes & lower);
        const int i = j * kWarp + lane;
        if (at < c.room) c.out[at] = C::emit::template value<O>(first + i, run[i]);
      }
      k += __popc(lanes);
    }
  }
  if (tile == c.tiles.plan.tiles - 1 && rank == 0) c.total() = before + selected;
}

// Values that compact_staged does not take: warp w of the team holds the
// tile's values [w, w + 1) x 32 x register_items (CopyIfTuning) in registers, round j
// the 32 consecutive values j (lane l the l-th), all rounds' loads first,
// the selection kept as one bit a round.
template <class C, class Member>
__device__ void compact_by_warps(const C& c, const Member& team, std::int32_t tile) {
  using X = typename C::value_type;
  using O = typename C::out_type;
  using Count = typename C::count_type;
  constexpr int kItems = GpuCopyIfTuning::register_items;
  const int rank = team.team_rank();
  const int lane = rank % kWarp, warp = rank / kWarp;
  const std::int64_t n = c.tiles.in.extent(0);
  const std::int64_t begin = c.tiles.plan.begin(tile);
  const int count = static_cast<int>(n - begin < c.tiles.plan.tile ? n - begin : c.tiles.plan.tile);
  const X* const x = c.tiles.in.data() + begin;
  const int base = warp * kWarp * kItems + lane;
  X v[kItems];
  load_striped(x, base, count, v);
  unsigned bits = 0;
#pragma unroll
  for (int j = 0; j < kItems; ++j) {
    bits |= (base + j * kWarp < count && c.tiles.load.pred(v[j]) ? 1u : 0u) << j;
  }
  const int warp_count = __reduce_add_sync(0xffffffffu, __popc(bits));
  auto* const shared =
      static_cast<Count*>(team.team_scratch(0).get_shmem(C::warp_scratch_bytes(team.team_size())));
  const auto [before, before_warp, selected] = place_warp(c, team, shared, tile, warp_count);
  Count k = before + before_warp;
  const unsigned lower = (1u << lane) - 1u;
#pragma unroll
  for (int j = 0; j < kItems; ++j) {
    const unsigned lanes = __ballot_sync(0xffffffffu, bits >> j & 1u);
    if (bits >> j & 1u) {
      const Count at = k + __popc(lanes & lower);
      if (at < c.room) c.out[at] = C::emit::template value<O>(begin + base + j * kWarp, v[j]);
    }
    k += __popc(lanes);
  }
  if (tile == c.tiles.plan.tiles - 1 && rank == 0) c.total() = before + selected;
}
#endif

}  // namespace kp::impl
