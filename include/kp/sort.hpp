#pragma once
// kp::sort, kp::sort_by_key, kp::sort_indices: stable radix sorts of
// arithmetic keys on any execution space; kp::sort and kp::sort_by_key with
// a comparator: a stable merge sort of keys of any trivially copyable type.
//
//   kp::sort(space, keys);                        // ascending, in place
//   kp::sort(space, keys, kp::descending);        // descending
//   kp::sort(space, keys, 0, 16);                 // by bits [0, 16) of each key only
//   kp::sort_by_key(space, keys, values);         // values move with their keys
//   kp::sort_indices(space, keys, indices);       // argsort; keys left as they were
//   kp::sort(space, records, comp);               // by comp(a, b), stable (merge sort)
//   kp::sort_by_key(space, keys, values, comp);
// Each radix call also takes a bit range (begin_bit, end_bit) and
// kp::descending, alone or together (the bit range first). Segmented sorts:
// kp/segmented_sort.hpp.
//
// Sorts by a comparator (kp::sort(space, keys, comp), kp::sort_by_key(space,
// keys, values, comp))
// - keys: a rank-1 View of any trivially copyable type, any layout the
//   space can access; values as for sort_by_key below. Arithmetic keys
//   given no comparator take the radix sort; given one, this sort.
// - comp(a, b): a strict weak order on keys, a functor or KOKKOS_LAMBDA
//   callable on the space (device code on a GPU), copied to the kernels;
//   `true` when a goes strictly before b.
// - Stable, like CUB's DeviceMergeSort::StableSortKeys and std::stable_sort:
//   keys equivalent under comp keep their input order (values too). The
//   result is the same on every space, thread count and GPU.
// - Algorithm: a merge sort. Tiles are sorted in place (GPU: a team of 128
//   threads a tile of up to 1024 keys in team scratch, each thread an
//   insertion-sorted run of up to 8 keys, then the team's merges; host: a
//   thread its contiguous share, by insertion into runs of 16 and merges);
//   then ceil(log2(tiles)) merge passes, each thread writing an equal share
//   of the output from where a merge-path (co-rank) binary search puts it,
//   ping-ponging between the keys and a scratch copy.
// - Cost: O(n log n) comparisons; each pass reads and writes the keys (and
//   values) once, plus a binary search of O(log n) comparisons a share.
//   Scratch: a copy of the keys and values from the workspace cache.
// - Errors: values of another length, std::invalid_argument before any
//   work; a comparator not callable as bool(comp(key, key)), or keys or
//   values not trivially copyable, a static_assert. Fences `space`.
//
// Semantics
// - keys: a rank-1 View of any layout that `space` can access, of uint8,
//   int8, uint16, int16, uint32, int32, uint64, int64, float or double.
//   Sorted in place.
// - Order: the usual order of integers. Floats and doubles follow a total
//   order: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN (NaNs of one
//   sign ordered by their payload bits), so NaN keys sort to the ends
//   instead of breaking the sort. kp::descending reverses it.
// - Stable: keys that compare equal keep their input order, in both
//   directions (descending does not reverse equal keys), so values of equal
//   keys stay in input order in sort_by_key.
// - Bit range (begin_bit, end_bit): only bits [begin_bit, end_bit) of the
//   key's order-preserving unsigned image take part (for unsigned integers
//   the key's own bits; for signed integers the sign bit flipped; for
//   floats the sign-magnitude bits turned into the total order above), as
//   in CUB's DeviceRadixSort. Keys equal on those bits keep their order.
//   0 <= begin_bit <= end_bit <= 8 * sizeof(key).
// - sort_by_key: values, a View of any trivially copyable type with as
//   many elements as keys, are permuted as their keys are.
// - sort_indices: indices (int32 or int64, as many as keys) receive the
//   permutation that sorts: keys(indices(0)) is the smallest key, ties in
//   index order. keys are not modified.
// - The call returns once the sort is done (it fences `space`: the number of
//   passes depends on the keys, read back between passes).
//
// Errors: std::invalid_argument, on the host before any work, for a bit
// range outside the key, Views of different lengths, or more keys than
// int32 indices can number. Key types other than the above, values that are
// not trivially copyable, and indices other than int32/int64 are static_asserts.
//
// Determinism: the result is fully determined by the input (the sort is
// stable), identical on every space, thread count and GPU.
//
// Complexity: least-significant-digit radix sort, 8-bit digits: at most
// ceil((end_bit - begin_bit) / 8) passes, each reading the keys twice and
// writing them once (values once each); a pass whose digit is the same for
// every key is skipped. Scratch: one copy of the keys (and values, or the
// indices and a key copy for sort_indices) plus 256 counters a tile, from
// the workspace cache (kp::release_workspaces frees it).
#include <kp/impl/dispatch/merge_sort.hpp>
#include <kp/impl/dispatch/sort.hpp>
#include <type_traits>

namespace kp {

// The tag of the descending sorts.
struct descending_t {
  explicit descending_t() = default;
};
inline constexpr descending_t descending{};

namespace impl {
// Whether a sort's last argument is a comparator (not a tag nor a bit).
template <class Compare>
inline constexpr bool is_comparator =
    !std::is_same_v<std::decay_t<Compare>, descending_t> && !std::is_arithmetic_v<Compare>;
}  // namespace impl

// Sorts keys in place, ascending (stable).
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& space, const KeyView& keys) {
  impl::sort::sort_keys("kp::sort", space, keys, impl::sort::all_bits, impl::sort::no_values,
                        false);
}
// Sorts keys in place, descending (stable: equal keys keep their order).
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& space, const KeyView& keys, descending_t) {
  impl::sort::sort_keys("kp::sort", space, keys, impl::sort::all_bits, impl::sort::no_values, true);
}
// Sorts keys in place by bits [begin_bit, end_bit) of their order-preserving image.
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& space, const KeyView& keys, int begin_bit, int end_bit) {
  impl::sort::sort_keys("kp::sort", space, keys, impl::sort::Bits{begin_bit, end_bit},
                        impl::sort::no_values, false);
}
template <class ExecSpace, class KeyView>
void sort(const ExecSpace& space, const KeyView& keys, int begin_bit, int end_bit, descending_t) {
  impl::sort::sort_keys("kp::sort", space, keys, impl::sort::Bits{begin_bit, end_bit},
                        impl::sort::no_values, true);
}

// Sorts keys in place and permutes values with them (stable).
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& space, const KeyView& keys, const ValueView& values) {
  impl::sort::sort_keys("kp::sort_by_key", space, keys, impl::sort::all_bits, values, false);
}
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& space, const KeyView& keys, const ValueView& values,
                 descending_t) {
  impl::sort::sort_keys("kp::sort_by_key", space, keys, impl::sort::all_bits, values, true);
}
template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& space, const KeyView& keys, const ValueView& values,
                 int begin_bit, int end_bit) {
  impl::sort::sort_keys("kp::sort_by_key", space, keys, impl::sort::Bits{begin_bit, end_bit},
                        values, false);
}

template <class ExecSpace, class KeyView, class ValueView>
void sort_by_key(const ExecSpace& space, const KeyView& keys, const ValueView& values,
                 int begin_bit, int end_bit, descending_t) {
  impl::sort::sort_keys("kp::sort_by_key", space, keys, impl::sort::Bits{begin_bit, end_bit},
                        values, true);
}

// The permutation that sorts keys (argsort), into indices; keys unchanged.
template <class ExecSpace, class KeyView, class IndexView>
void sort_indices(const ExecSpace& space, const KeyView& keys, const IndexView& indices) {
  impl::sort::sort_indices("kp::sort_indices", space, keys, indices, impl::sort::all_bits, false);
}
template <class ExecSpace, class KeyView, class IndexView>
void sort_indices(const ExecSpace& space, const KeyView& keys, const IndexView& indices,
                  descending_t) {
  impl::sort::sort_indices("kp::sort_indices", space, keys, indices, impl::sort::all_bits, true);
}
template <class ExecSpace, class KeyView, class IndexView>
void sort_indices(const ExecSpace& space, const KeyView& keys, const IndexView& indices,
                  int begin_bit, int end_bit) {
  impl::sort::sort_indices("kp::sort_indices", space, keys, indices,
                           impl::sort::Bits{begin_bit, end_bit}, false);
}
template <class ExecSpace, class KeyView, class IndexView>
void sort_indices(const ExecSpace& space, const KeyView& keys, const IndexView& indices,
                  int begin_bit, int end_bit, descending_t) {
  impl::sort::sort_indices("kp::sort_indices", space, keys, indices,
                           impl::sort::Bits{begin_bit, end_bit}, true);
}

// Sorts keys of any trivially copyable type in place by comp, a strict
// weak order callable on the space (stable merge sort).
template <class ExecSpace, class KeyView, class Compare,
          class = std::enable_if_t<impl::is_comparator<Compare>>>
void sort(const ExecSpace& space, const KeyView& keys, const Compare& comp) {
  impl::merge_sort::sort_by("kp::sort", space, keys, impl::sort::no_values, comp);
}
// Sorts keys in place by comp and permutes values with them (stable).
template <class ExecSpace, class KeyView, class ValueView, class Compare,
          class = std::enable_if_t<impl::is_comparator<Compare>>>
void sort_by_key(const ExecSpace& space, const KeyView& keys, const ValueView& values,
                 const Compare& comp) {
  impl::merge_sort::sort_by("kp::sort_by_key", space, keys, values, comp);
}

}  // namespace kp
