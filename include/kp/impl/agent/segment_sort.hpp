#pragma once
// Tile level of kp::segmented_sort: segments as the merge sort's tiles
// (agent/merge_sort.hpp sorts those up to a tile, a team or a thread
// each), and the list of the longer ones, which the dispatch sorts one by
// one with the radix sort.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>

namespace kp::impl::merge_sort {

// Segment s of CSR offsets (checked before): [offsets(s), offsets(s + 1)).
template <class Offsets>
struct SegmentBounds {
  Offsets offsets;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s, std::int64_t& begin,
                                         std::int64_t& end) const {
    begin = static_cast<std::int64_t>(offsets(s));
    end = static_cast<std::int64_t>(offsets(s + 1));
  }
};

// The segments longer than `limit`, as (begin, end) pairs in list, their
// number in count (zeroed before).
template <class Space, class Offsets>
struct ListLongSegments {
  SegmentBounds<Offsets> bounds;
  std::int64_t limit;
  View<std::int64_t*, Space> list;
  View<std::int64_t, Space> count;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    std::int64_t begin, end;
    bounds(s, begin, end);
    if (end - begin <= limit) return;
    const std::int64_t at = Kokkos::atomic_fetch_add(&count(), std::int64_t(1));
    list(2 * at) = begin;
    list(2 * at + 1) = end;
  }
};

template <class Space>
struct LongSegmentScratch {
  View<std::int64_t*, Space> list;
  View<std::int64_t, Space> count;
};

// The segments of n keys longer than `limit`, in the order they lie (fences
// `space`): at most n / (limit + 1) of them.
template <class Space, class Offsets>
std::vector<std::pair<std::int64_t, std::int64_t>> long_segments(const Space& space,
                                                                 const Offsets& offsets,
                                                                 std::int64_t segments,
                                                                 std::int64_t n,
                                                                 std::int64_t limit) {
  const std::int64_t most = n / (limit + 1);
  if (most == 0) return {};
  using S = LongSegmentScratch<Space>;
  const auto s = workspace<S>(
      space, [&](const S& w) { return static_cast<std::int64_t>(w.list.extent(0)) >= 2 * most; },
      [&] {
        return S{View<std::int64_t*, Space>(
                     Kokkos::view_alloc(Kokkos::WithoutInitializing, "kp::segmented_sort longs"),
                     2 * most),
                 View<std::int64_t, Space>("kp::segmented_sort long count")};
      });
  Kokkos::deep_copy(space, s->count, 0);
  Kokkos::parallel_for("kp::segmented_sort long segments", IndexRange<Space>(space, 0, segments),
                       ListLongSegments<Space, Offsets>{{offsets}, limit, s->list, s->count});
  std::int64_t count = 0;
  Kokkos::deep_copy(space, count, s->count);
  space.fence();
  std::vector<std::pair<std::int64_t, std::int64_t>> longs(static_cast<std::size_t>(count));
  if (count == 0) return longs;
  const auto listed = Kokkos::create_mirror_view_and_copy(
      Kokkos::HostSpace(), Kokkos::subview(s->list, std::make_pair(std::int64_t(0), 2 * count)));
  for (std::int64_t i = 0; i < count; ++i) longs[i] = {listed(2 * i), listed(2 * i + 1)};
  std::sort(longs.begin(), longs.end());
  return longs;
}

}  // namespace kp::impl::merge_sort
