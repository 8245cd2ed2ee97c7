#pragma once
// kp::segmented_sort: each segment of a key array sorted on its own, in
// place, segment s being keys(offsets(s)) .. keys(offsets(s + 1) - 1) (CSR
// offsets, CUB's DeviceSegmentedSort layout); empty segments allowed.
//
//   kp::segmented_sort(space, keys, offsets);                  // each segment ascending
//   kp::segmented_sort(space, keys, offsets, kp::descending);  // descending
//   kp::segmented_sort(space, keys, offsets, values);          // values move with their keys
//   kp::segmented_sort(space, keys, offsets, values, kp::descending);
//
// Semantics
// - keys: a rank-1 View of any layout that `space` can access, of the radix
//   sort's key types (uint8 .. int64, float, double; kp/sort.hpp), in the
//   order of kp::sort: integers as usual, floats in the total order
//   -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN; kp::descending
//   reverses it.
// - offsets: an integer View of S + 1 entries for S segments (none or one
//   entry: no segments). Segments need not cover keys: keys outside every
//   segment are neither read nor written.
// - Stable: keys of equal order keep their input order within their
//   segment (descending too), so values (any trivially copyable type, as
//   many as keys) follow the stable permutation.
// - The call returns once the segments are sorted (it fences `space`).
//
// Errors: std::invalid_argument, on the host before any work, for offsets
// that decrease or leave [0, keys.extent(0)] (the check of the segmented
// reductions and scans, kp/segmented.hpp: one pass that fences `space`), or
// values of another length. Other key types are a static_assert.
//
// Determinism: the result is fully determined by the input, identical on
// every space, thread count and GPU.
//
// Complexity: a segment of up to 16384 keys (GPU) or 65536 (host) is sorted
// by one team (GPU: its tiles of 1024 4-byte keys in team scratch, then
// merged in global memory) or one thread (host) by a stable merge sort of
// the keys' images: O(L log L) comparisons for L keys. Longer segments are
// sorted one after another by kp::sort's radix sort over the whole space
// (each a few launches and a fence, O(L) a pass). Scratch: a copy of the
// keys (and values), the long segments' list, the radix sort's. What
// bounds it: many segments just over the bound each pay a whole radix
// sort's launches, one after another; on a GPU a team per segment runs
// even for empty ones, and one segment of 16384 keys is one team's work.
#include <kp/impl/dispatch/segmented_sort.hpp>
#include <kp/sort.hpp>
#include <type_traits>

namespace kp {

// Sorts each segment of keys in place, ascending (stable).
template <class ExecSpace, class KeyView, class OffsetsView>
void segmented_sort(const ExecSpace& space, const KeyView& keys, const OffsetsView& offsets) {
  impl::merge_sort::segmented_sort("kp::segmented_sort", space, keys, offsets,
                                   impl::sort::no_values, false);
}
// Sorts each segment of keys in place, descending (stable).
template <class ExecSpace, class KeyView, class OffsetsView>
void segmented_sort(const ExecSpace& space, const KeyView& keys, const OffsetsView& offsets,
                    descending_t) {
  impl::merge_sort::segmented_sort("kp::segmented_sort", space, keys, offsets,
                                   impl::sort::no_values, true);
}
// Sorts each segment of keys in place and permutes values with them.
template <class ExecSpace, class KeyView, class OffsetsView, class ValueView,
          class = std::enable_if_t<Kokkos::is_view<ValueView>::value>>
void segmented_sort(const ExecSpace& space, const KeyView& keys, const OffsetsView& offsets,
                    const ValueView& values) {
  impl::merge_sort::segmented_sort("kp::segmented_sort", space, keys, offsets, values, false);
}
template <class ExecSpace, class KeyView, class OffsetsView, class ValueView,
          class = std::enable_if_t<Kokkos::is_view<ValueView>::value>>
void segmented_sort(const ExecSpace& space, const KeyView& keys, const OffsetsView& offsets,
                    const ValueView& values, descending_t) {
  impl::merge_sort::segmented_sort("kp::segmented_sort", space, keys, offsets, values, true);
}

}  // namespace kp
