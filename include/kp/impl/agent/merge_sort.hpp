#pragma once
// Tile level of the merge sorts (kp::sort with a comparator, the short
// segments of kp::segmented_sort): the plan, the tiles sorted in place and
// the merge passes.
//   sort_tiles   each tile (a range given by a Bounds: fixed tiles, or
//                segments) sorted stably where it lies. GPU: a team a tile,
//                in two buffers of team scratch (block/merge_sort.hpp);
//                host: a thread a tile, its bottom-up merge sort with the
//                tile's part of the scratch copy as its buffer.
//   merge_pass   one pass of the merge of pairs of sorted runs, from one
//                buffer into the other; each thread writes an equal share
//                of the output (chunk elements), which starts where its
//                merge path (co-rank) search says.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <climits>
#include <cstdint>

#include <kp/impl/block/merge_sort.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/thread/merge_path.hpp>
#include <kp/impl/tuning/sort.hpp>

namespace kp::impl::merge_sort {

template <class Space>
using Tuned = tuning::Tuned<MergeSortTuning, Space>;

// The shape of one merge sort on a space.
struct MergePlan {
  std::int64_t tile = 1;   // elements a tile sorted in place (host: a thread's share)
  std::int64_t chunk = 1;  // output elements a thread merges in a pass
  int team = 1;            // GPU: threads a team
  int items = 1;           // GPU: elements a thread sorts and merges in a team
  int run = 1;             // host: the insertion sort's runs
  int level = 0;           // GPU: the team scratch level of the tile buffers
  std::size_t shared = 0;  // GPU: bytes of team scratch
  bool teams = false;      // whether tiles are sorted by teams in scratch
};

// Bytes of one tile buffer of `tile` keys and values, aligned.
template <class K, class V>
constexpr std::size_t buffer_bytes(std::int64_t tile) {
  std::size_t bytes = sizeof(K) * static_cast<std::size_t>(tile) + alignof(K);
  if constexpr (Buffers<K, V>::kValues) {
    bytes += sizeof(V) * static_cast<std::size_t>(tile) + alignof(V);
  }
  return bytes;
}

template <class Space, class K, class V>
MergePlan merge_plan(const Space& space, std::int64_t n) {
  using P = Tuned<Space>;
  MergePlan plan;
  if constexpr (is_gpu_space<Space>()) {
    constexpr std::int64_t item_bytes = sizeof(K) + (Buffers<K, V>::kValues ? sizeof(V) : 0);
    plan.team = P::team;
    plan.items = static_cast<int>(
        std::clamp<std::int64_t>(P::buffer_bytes / (P::team * item_bytes), 1, P::max_items));
    plan.tile = std::int64_t{plan.team} * plan.items;
    plan.chunk = plan.items;
    plan.shared = 2 * buffer_bytes<K, V>(plan.tile);
    const auto most = Kokkos::TeamPolicy<Space>(space, 1, plan.team).scratch_size_max(0);
    plan.level = plan.shared <= static_cast<std::size_t>(most) ? 0 : 1;
    plan.teams = true;
  } else {
    const std::int64_t threads = std::max(1, space.concurrency());
    const std::int64_t share = std::max<std::int64_t>(1, (n + threads - 1) / threads);
    plan.tile = std::max(P::min_tile, share);
    plan.chunk = share;
    plan.run = P::run;
  }
  return plan;
}

// Tile t of fixed tiles: [t * tile, min(n, (t + 1) * tile)).
struct FixedTiles {
  std::int64_t n, tile;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t, std::int64_t& begin,
                                         std::int64_t& end) const {
    begin = t * tile;
    end = lesser(n, begin + tile);
  }
};

template <class Space>
using Member = typename Kokkos::TeamPolicy<Space>::member_type;

// GPU: a team a tile (a range of bounds) of `shortest` (at least 2) to
// `limit` elements; others are left (segments that another path sorts). A tile up to plan.tile is
// sorted in two buffers of team scratch; a longer one (segments) by parts
// of plan.tile so, then merged by the team in global memory with its part
// of `other` as the buffer.
template <class Space, class K, class V, class Bounds, class Comp>
struct TeamTileSort {
  Buffers<K, V> data, other;
  Bounds bounds;
  std::int64_t tiles, shortest, limit;
  MergePlan plan;
  Comp comp;

  KOKKOS_INLINE_FUNCTION Buffers<K, V> buffer(const Member<Space>& team) const {
    Buffers<K, V> b;
    auto& scratch = team.team_scratch(plan.level);
    b.keys = static_cast<K*>(scratch.get_shmem_aligned(sizeof(K) * plan.tile, alignof(K)));
    if constexpr (Buffers<K, V>::kValues) {
      b.values = static_cast<V*>(scratch.get_shmem_aligned(sizeof(V) * plan.tile, alignof(V)));
    }
    return b;
  }

  // Sorts part[0, len) (len <= plan.tile) through the scratch buffers a, b.
  KOKKOS_INLINE_FUNCTION void sort_part(const Member<Space>& team, const Buffers<K, V>& part,
                                        std::int64_t len, const Buffers<K, V>& a,
                                        const Buffers<K, V>& b) const {
    for (std::int64_t i = team.team_rank(); i < len; i += team.team_size()) a.set(i, part, i);
    team.team_barrier();
    const Buffers<K, V> sorted = team_merge_sort(team, a, b, len, plan.items, comp) ? b : a;
    for (std::int64_t i = team.team_rank(); i < len; i += team.team_size()) part.set(i, sorted, i);
    team.team_barrier();
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Member<Space>& team) const {
    const Buffers<K, V> a = buffer(team), b = buffer(team);
    for (std::int64_t t = team.league_rank(); t < tiles; t += team.league_size()) {
      std::int64_t begin, end;
      bounds(t, begin, end);
      const std::int64_t len = end - begin;
      if (len < shortest || len > limit) continue;
      const Buffers<K, V> tile = data.at(begin);
      for (std::int64_t p = 0; p < len; p += plan.tile) {
        sort_part(team, tile.at(p), lesser(plan.tile, len - p), a, b);
      }
      if (len <= plan.tile) continue;
      const Buffers<K, V> spare = other.at(begin);
      if (team_merge_passes(team, tile, spare, len, plan.tile, plan.items, comp)) {
        for (std::int64_t i = team.team_rank(); i < len; i += team.team_size()) {
          tile.set(i, spare, i);
        }
        team.team_barrier();
      }
    }
  }
};

// A thread a tile of `shortest` (at least 2) to `limit` elements (host;
// GPU: the short segments), sorted where it lies with its part of `other`
// as the buffer.
template <class K, class V, class Bounds, class Comp>
struct ThreadTileSort {
  Buffers<K, V> data, other;
  Bounds bounds;
  std::int64_t shortest, limit;
  int run;
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    std::int64_t begin, end;
    bounds(t, begin, end);
    const std::int64_t len = end - begin;
    if (len < shortest || len > limit) return;
    const Buffers<K, V> d = data.at(begin), o = other.at(begin);
    if (sort_sequential(d, o, len, run, comp)) {
      for (std::int64_t i = 0; i < len; ++i) d.set(i, o, i);
    }
  }
};

// Sorts each of `tiles` ranges of `bounds` of `shortest` to `limit`
// elements in place, stably (shorter and longer ones are left as they
// are); `other` a buffer as long as data (GPU teams: used only for ranges
// longer than plan.tile).
template <class Space, class K, class V, class Bounds, class Comp>
void sort_tiles(const Space& space, const Buffers<K, V>& data, const Buffers<K, V>& other,
                const Bounds& bounds, std::int64_t tiles, std::int64_t shortest, std::int64_t limit,
                const MergePlan& plan, const Comp& comp) {
  if (tiles == 0 || shortest > limit) return;
  shortest = std::max<std::int64_t>(shortest, 2);
  if (plan.teams) {
    const int league = static_cast<int>(std::min<std::int64_t>(tiles, INT_MAX));
    Kokkos::parallel_for("kp::sort tiles",
                         Kokkos::TeamPolicy<Space>(space, league, plan.team)
                             .set_scratch_size(plan.level, Kokkos::PerTeam(plan.shared)),
                         TeamTileSort<Space, K, V, Bounds, Comp>{data, other, bounds, tiles,
                                                                 shortest, limit, plan, comp});
  } else {
    Kokkos::parallel_for(
        "kp::sort tiles",
        Kokkos::RangePolicy<Space, Kokkos::Schedule<Kokkos::Dynamic>,
                            Kokkos::IndexType<std::int64_t>>(space, 0, tiles),
        ThreadTileSort<K, V, Bounds, Comp>{data, other, bounds, shortest, limit, plan.run, comp});
  }
}

// One merge pass of src's runs of `width` into dst, n elements.
template <class K, class V, class Comp>
struct MergePass {
  Buffers<K, V> src, dst;
  std::int64_t n, width, chunk;
  Comp comp;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t c) const {
    const std::int64_t lo = c * chunk;
    merge_range(src, dst, n, width, lo, lesser(n, lo + chunk), comp);
  }
};

template <class Space, class K, class V, class Comp>
void merge_pass(const Space& space, const Buffers<K, V>& src, const Buffers<K, V>& dst,
                std::int64_t n, std::int64_t width, const MergePlan& plan, const Comp& comp) {
  Kokkos::parallel_for("kp::sort merge",
                       IndexRange<Space>(space, 0, (n + plan.chunk - 1) / plan.chunk),
                       MergePass<K, V, Comp>{src, dst, n, width, plan.chunk, comp});
}

// dst[0, n) = src[0, n), keys and values.
template <class K, class V>
struct CopyBuffers {
  Buffers<K, V> dst, src;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { dst.set(i, src, i); }
};

}  // namespace kp::impl::merge_sort
