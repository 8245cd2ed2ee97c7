#pragma once
// Dispatch of kp::segmented_sort (include/kp/segmented_sort.hpp): the
// checks (the offsets by the segmented calls' check, dispatch/segmented.hpp),
// the contiguous working copies, then two paths by a segment's length, both
// stable and in the radix sorts' order (thread/radix_keys.hpp):
//  - up to SegmentSortTuning::thread_max: the merge sort's tile sort
//    (agent/merge_sort.hpp), a team (GPU: its tiles in team scratch, then
//    merged in global memory) or a thread a segment, by the keys'
//    order-preserving images;
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

// The longest segment a team (GPU) or a thread (host) sorts by itself.
template <class Space>
std::int64_t segment_limit() {
  return tuning::Tuned<SegmentSortTuning, Space>::thread_max;
}

// data[begin, end) as a View, for the radix sort (none for NoValue).
template <class Space, class T>
View<T*, Space> part(T* data, std::int64_t begin, std::int64_t end) {
  return View<T*, Space>(data + begin, end - begin);
}

// Sorts each segment of data[0, n) (contiguous, in the space's memory).
template <class Space, class K, class V, class Offsets>
void sort_segments(const Space& space, const Buffers<K, V>& data, std::int64_t n,
                   const Offsets& offsets, std::int64_t segments, const sort::Passes& passes,
                   bool descending) {
  const MergePlan plan = merge_plan<Space, K, V>(space, n);
  const std::int64_t limit = segment_limit<Space>();
  const auto scratch = scratch_for<Space, K, V>(space, n);
  sort_tiles(space, data, scratch->buffers(), SegmentBounds<Offsets>{offsets}, segments, limit,
             plan, RadixOrder<K>{descending});
  for (const auto& [begin, end] : long_segments(space, offsets, segments, n, limit)) {
    if constexpr (Buffers<K, V>::kValues) {
      sort::radix_sort(space, part<Space>(data.keys, begin, end),
                       part<Space>(data.values, begin, end), true, passes);
    } else {
      sort::radix_sort(space, part<Space>(data.keys, begin, end), View<char*, Space>(), false,
                       passes);
    }
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
