#pragma once
// tiled: reduce-then-scan in three launches.
//   1. each team reduces its tile to a tile sum (reads N);
//   2. parallel_scan turns the tile sums into exclusive tile offsets (N / 2048 values);
//   3. each team scans its tile again, starting from its offset (reads N, writes N).
// It moves 3N elements where a single pass moves 2N, but needs no
// communication between running teams.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/block.hpp>
#include <kp/team.hpp>
#include "harness/spaces.hpp"
#include "scan/kokkos_scan.hpp"

namespace bench::scan {

// The array in tiles of team * items consecutive elements, one team a tile.
struct TilePlan {
  int team = 1;            // threads per team
  int items = 1;           // values per thread
  int tile = 1;            // values per tile: team * items
  std::int64_t tiles = 0;  // ceil(n / tile)

  KOKKOS_INLINE_FUNCTION std::int64_t begin(std::int64_t t) const { return t * tile; }
  KOKKOS_INLINE_FUNCTION int count(std::int64_t t, std::int64_t n) const {
    return static_cast<int>(n - begin(t) < tile ? n - begin(t) : tile);
  }
  // Team scratch for a tile of T: only teams of several threads stage it.
  template <class T>
  KOKKOS_INLINE_FUNCTION std::size_t scratch_bytes() const {
    return team > 1 ? kp::block::tile_scratch_size<T>(team, items) : 0;
  }
  template <class T, class Member>
  KOKKOS_INLINE_FUNCTION T* scratch(const Member& member) const {
    return static_cast<T*>(member.team_scratch(0).get_shmem(scratch_bytes<T>()));
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

// The tile shapes of the library's tiled scans (its tuning/scan.hpp): on a
// GPU teams of 256 threads with 8 values each; on the host a team is one
// thread, scanning a tile of 2048 values.
inline constexpr int kGpuTiledTeam = 256;
inline constexpr int kGpuTiledItems = 8;
inline constexpr int kHostTiledTile = 2048;

template <class Space>
TilePlan tile_plan(std::int64_t n) {
  return is_gpu_space<Space>() ? make_tile_plan(n, kGpuTiledTeam, kGpuTiledItems)
                               : make_tile_plan(n, 1, kHostTiledTile);
}

// One team per tile, each with scratch for a tile of T.
template <class Space, class T>
Kokkos::TeamPolicy<Space> tile_policy(const TilePlan& plan) {
  return Kokkos::TeamPolicy<Space>(static_cast<int>(plan.tiles), plan.team)
      .set_scratch_size(0, Kokkos::PerTeam(plan.scratch_bytes<T>()));
}

// Pass 1: sums(t) = sum of tile t, by the same additions as pass 3's tile
// scan (kp::block::tile_reduce), so that both sum the same adjacent ranges
// in the same order.
template <class Space, class T>
struct TileSums {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  View<const T*, Space> in;
  View<T*, Space> sums;
  TilePlan plan;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t t = team.league_rank();
    const T total = kp::block::tile_reduce(team, plan.scratch<T>(team), plan.items,
                                           in.data() + plan.begin(t), plan.count(t, in.extent(0)));
    if (team.team_rank() == 0) sums(t) = total;
  }
};

// Pass 3: the scan of tile t, starting from offsets(t) (kp::team_scan).
template <class Space, class T>
struct ScanTilesFromOffsets {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  View<const T*, Space> in;
  View<T*, Space> out;
  View<const T*, Space> offsets;
  TilePlan plan;
  bool inclusive;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t t = team.league_rank();
    kp::team_scan(team, plan.scratch<T>(team), plan.items, in.data() + plan.begin(t),
                  out.data() + plan.begin(t), plan.count(t, in.extent(0)), offsets(t), inclusive);
  }
};

// Holds the tile sums and offsets, allocated once outside the timed runs.
template <class Space, class T>
class TiledScan {
 public:
  // `plan`: tile_plan<Space>(n), or any team size the space supports.
  TiledScan(const TilePlan& plan, bool inclusive)
      : plan_(plan),
        inclusive_(inclusive),
        sums_("scan tile sums", plan_.tiles),
        offsets_("scan tile offsets", plan_.tiles) {}

  void run(const View<const T*, Space>& in, const View<T*, Space>& out) const {
    if (plan_.tiles == 0) return;
    Kokkos::parallel_for("scan::tiled::sums", tile_policy<Space, T>(plan_),
                         TileSums<Space, T>{in, sums_, plan_});
    kokkos_scan<Space, T>("scan::tiled::offsets", sums_, offsets_, false);
    Kokkos::parallel_for("scan::tiled::scan", tile_policy<Space, T>(plan_),
                         ScanTilesFromOffsets<Space, T>{in, out, offsets_, plan_, inclusive_});
  }

 private:
  TilePlan plan_;
  bool inclusive_;
  View<T*, Space> sums_, offsets_;
};

}  // namespace bench::scan
