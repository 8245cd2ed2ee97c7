#pragma once
// How the tiled scans cut the array: tiles of team_size * items consecutive
// elements, one team per tile: ScanTuning's tiled_team threads with
// tiled_items values each (tuning/scan.hpp; on the host a team is one
// thread, scanning a tile).
#include <Kokkos_Core.hpp>
#include <cstddef>
#include <cstdint>

#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/tuning/scan.hpp>

namespace kp::impl {

struct TilePlan {
  int team = 1;            // threads per team
  int items = 1;           // values per thread
  int tile = 1;            // values per tile: team * items
  std::int64_t tiles = 0;  // ceil(n / tile)

  KOKKOS_INLINE_FUNCTION std::int64_t begin(std::int64_t t) const { return t * tile; }
  // Team scratch for a tile of T: only teams of several threads stage it.
  template <class T>
  KOKKOS_INLINE_FUNCTION std::size_t scratch_bytes() const {
    return team > 1 ? tile_scratch_bytes<T>(tile, team) : 0;
  }
};

// `team` must be a power of two (Kokkos team_scan on CUDA needs it).
inline TilePlan make_tile_plan(std::int64_t n, int team, int items) {
  TilePlan plan;
  plan.team = team;
  plan.items = items;
  plan.tile = team * items;
  plan.tiles = (n + plan.tile - 1) / plan.tile;
  return plan;
}

template <class Space>
TilePlan tile_plan(std::int64_t n) {
  using Tuning = tuning::Tuned<tuning::ScanTuning, Space>;
  return make_tile_plan(n, Tuning::tiled_team, Tuning::tiled_items);
}

// One team per tile, each with scratch for a tile of T.
template <class Space, class T>
Kokkos::TeamPolicy<Space> tile_policy(const TilePlan& plan) {
  return Kokkos::TeamPolicy<Space>(static_cast<int>(plan.tiles), plan.team)
      .set_scratch_size(0, Kokkos::PerTeam(plan.scratch_bytes<T>()));
}

// The team-level scan by `op` of tile `t` of `in` (the last tile may be
// partial), each value entering as load(in[i]).
template <class T, class Op, class Load, class In, class Member>
KOKKOS_INLINE_FUNCTION TileScan<T, Member, Op, In, Load> tile_scan(const Member& team,
                                                                   const TilePlan& plan,
                                                                   std::int64_t t, const In* in,
                                                                   std::int64_t n, const Op& op,
                                                                   const Load& load) {
  const std::int64_t begin = plan.begin(t);
  const int count = static_cast<int>(n - begin < plan.tile ? n - begin : plan.tile);
  T* shared = static_cast<T*>(team.team_scratch(0).get_shmem(plan.scratch_bytes<T>()));
  return TileScan<T, Member, Op, In, Load>(team, shared, plan.items, in + begin, count, op, load);
}

// The sum's.
template <class T, class Member>
KOKKOS_INLINE_FUNCTION TileScan<T, Member> tile_scan(const Member& team, const TilePlan& plan,
                                                     std::int64_t t, const T* in, std::int64_t n) {
  return tile_scan<T>(team, plan, t, in, n, ScanSum<T>(), Identity());
}

}  // namespace kp::impl
