#pragma once
// tiled: reduce-then-scan in three launches.
//   1. each team reduces its tile to a tile sum (reads N);
//   2. parallel_scan turns the tile sums into exclusive tile offsets (N / 2048 values);
//   3. each team scans its tile again, starting from its offset (reads N, writes N).
// It moves 3N elements where a single pass moves 2N, but needs no
// communication between running teams.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/block/block_scan.hpp>
#include <kp/impl/agent/tile_plan.hpp>
#include "harness/spaces.hpp"
#include "scan/kokkos_scan.hpp"

namespace kp::bench::scan {

// The library's tile shapes (kp/impl/agent/tile_plan.hpp).
using impl::make_tile_plan;
using impl::tile_plan;
using impl::tile_policy;
using impl::tile_scan;
using impl::TilePlan;

// Pass 1: sums(t) = sum of tile t. Through the same tile scan as pass 3, so
// that both sum the same adjacent ranges in the same order.
template <class Space, class T>
struct TileSums {
  using Member = typename Kokkos::TeamPolicy<Space>::member_type;
  View<const T*, Space> in;
  View<T*, Space> sums;
  TilePlan plan;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const auto scan = tile_scan(team, plan, team.league_rank(), in.data(), in.extent(0));
    T total = 0;
    scan.exclusive_prefix(scan.load(), total);
    if (team.team_rank() == 0) sums(team.league_rank()) = total;
  }
};

// Pass 3: the scan of tile t, starting from offsets(t).
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
    const auto scan = tile_scan(team, plan, t, in.data(), in.extent(0));
    T total = 0;
    const T prefix = scan.exclusive_prefix(scan.load(), total);
    scan.scan_and_store(offsets(t) + prefix, inclusive, out.data() + plan.begin(t));
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

}  // namespace kp::bench::scan
