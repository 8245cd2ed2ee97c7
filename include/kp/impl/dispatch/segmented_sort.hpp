#pragma once
// Dispatch of kp::segmented_sort (include/kp/segmented_sort.hpp): the
// checks (the offsets by the segmented calls' check, dispatch/segmented.hpp),
// the contiguous working copies, then paths by a segment's length
// (tuning::SegmentSortTuning), all stable and in the radix sorts' order
// (thread/radix_keys.hpp):
//  - up to lone_max, on a GPU: a thread a segment, an insertion sort;
//  - up to thread_max (team_max where many segments are longer): the merge
//    sort's tile sort (agent/merge_sort.hpp), a team (GPU: its tiles in
//    team scratch, then merged in global memory) or a thread a segment, by
//    the keys' order-preserving images;
//  - longer: the radix sort of the whole space on the segment, one segment
//    after another (listed by agent/segment_sort.hpp).
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

#include <kp/impl/agent/merge_sort.hpp>
#include <kp/impl/agent/segment_sort.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/dispatch/merge_sort.hpp>
#include <kp/impl/dispatch/segmented.hpp>
#include <kp/impl/dispatch/sort.hpp>
#include <kp/impl/thread/merge_path.hpp>
#include <kp/impl/thread/radix_keys.hpp>
#include <kp/impl/tuning/sort.hpp>

namespace kp::impl::merge_sort {

// data[begin, end) as a View, for the radix sort (none for NoValue).
template <class Space, class T>
View<T*, Space> part(T* data, std::int64_t begin, std::int64_t end) {
  return View<T*, Space>(data + begin, end - begin);
}

template <class Space, class K, class V>
void radix_sort_part(const Space& space, const Buffers<K, V>& data, std::int64_t begin,
                     std::int64_t end, const sort::Passes& passes) {
  if constexpr (Buffers<K, V>::kValues) {
    sort::radix_sort(space, part<Space>(data.keys, begin, end),
                     part<Space>(data.values, begin, end), true, passes);
  } else {
    sort::radix_sort(space, part<Space>(data.keys, begin, end), View<char*, Space>(), false,
                     passes);
  }
}

// Sorts each segment of data[0, n) (contiguous, in the space's memory).
template <class Space, class K, class V, class Offsets>
void sort_segments(const Space& space, const Buffers<K, V>& data, std::int64_t n,
                   const Offsets& offsets, std::int64_t segments, const sort::Passes& passes,
                   bool descending) {
  using P = tuning::Tuned<SegmentSortTuning, Space>;
  const MergePlan plan = merge_plan<Space, K, V>(space, n);
  const auto scratch = scratch_for<Space, K, V>(space, n);
  const SegmentBounds<Offsets> bounds{offsets};
  const RadixOrder<K> order{descending};
  const auto longs = long_segments(space, offsets, segments, n, P::thread_max);
  const std::int64_t limit = longs.size() >= P::many_long ? P::team_max : P::thread_max;
  std::int64_t shortest = 2;
  if (plan.teams) {  // the short segments: a thread each, before the teams
    MergePlan lone = plan;
    lone.teams = false;
    lone.run = static_cast<int>(P::lone_max);
    sort_tiles(space, data, scratch->buffers(), bounds, segments, shortest, P::lone_max, lone,
               order);
    shortest = P::lone_max + 1;
  }
  sort_tiles(space, data, scratch->buffers(), bounds, segments, shortest, limit, plan, order);
  for (const auto& [begin, end] : longs) {
    if (end - begin > limit) radix_sort_part(space, data, begin, end, passes);
  }
  space.fence();
}

// kp::segmented_sort(space, keys, offsets[, values][, descending]) (values:
// sort::no_values for keys alone).
template <class ExecSpace, class KeyView, class OffsetsView, class ValueView>
void segmented_sort(const char* call, const ExecSpace& space, const KeyView& keys,
                    const OffsetsView& offsets, const ValueView& values, bool descending) {
  check_view<ExecSpace, KeyView>();
  check_view<ExecSpace, OffsetsView>();
  using K = value_t<KeyView>;
  static_assert(sort::is_radix_key<K>,
                "kp::segmented_sort: keys are 8- to 64-bit integers, float or double");
  static_assert(!std::is_const_v<typename KeyView::value_type>,
                "kp::segmented_sort: keys are sorted in place");
  static_assert(std::is_integral_v<value_t<OffsetsView>>, "kp: segment offsets are integers");
  const auto n = static_cast<std::int64_t>(keys.extent(0));
  sort::check_values<ExecSpace>(call, values, keys.extent(0));
  const sort::Passes passes = sort::plan_passes<K>(call, sort::all_bits, descending);
  const std::int64_t segments = check_offsets(call, space, offsets, n);
  if (segments == 0 || n <= 1) return;
  with_buffers(space, keys, values, [&](const auto& data) {
    sort_segments(space, data, n, offsets, segments, passes, descending);
  });
}

}  // namespace kp::impl::merge_sort
