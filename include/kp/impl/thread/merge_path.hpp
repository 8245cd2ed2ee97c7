#pragma once
// Thread level of the merge sorts (kp::sort with a comparator,
// kp::segmented_sort): one thread's share of a stable merge, found by a
// merge-path (co-rank) search, a stable insertion sort of a short run, and
// a thread's whole bottom-up merge sort of a range with a buffer beside it.
// Stability: wherever keys compare equal, the one from the earlier run (or
// the earlier position) is taken first.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <type_traits>

#include <kp/impl/thread/radix_keys.hpp>

namespace kp::impl::merge_sort {

// The "values" of a sort of keys alone.
struct NoValue {};

// Keys, and values that move with them (none where V is NoValue), at the
// same indices.
template <class K, class V>
struct Buffers {
  static constexpr bool kValues = !std::is_same_v<V, NoValue>;
  K* keys = nullptr;
  V* values = nullptr;
  // dst[to] = src[from], key and value.
  KOKKOS_INLINE_FUNCTION void set(std::int64_t to, const Buffers& src, std::int64_t from) const {
    keys[to] = src.keys[from];
    if constexpr (kValues) values[to] = src.values[from];
  }
  // The same buffers from element `offset` on.
  KOKKOS_INLINE_FUNCTION Buffers at(std::int64_t offset) const {
    return Buffers{keys + offset, kValues ? values + offset : values};
  }
  // The value at i (NoValue{} for keys alone).
  KOKKOS_INLINE_FUNCTION V value(std::int64_t i) const {
    if constexpr (kValues) {
      return values[i];
    } else {
      return V{};
    }
  }
};

KOKKOS_INLINE_FUNCTION std::int64_t lesser(std::int64_t a, std::int64_t b) {
  return a < b ? a : b;
}
KOKKOS_INLINE_FUNCTION std::int64_t greater(std::int64_t a, std::int64_t b) {
  return a < b ? b : a;
}

// The co-rank of diagonal d in the merge of a[0, m) and b[0, k): how many
// of the merge's first d elements come from a (ties: a's first).
template <class K, class Comp>
KOKKOS_INLINE_FUNCTION std::int64_t co_rank(const K* a, std::int64_t m, const K* b, std::int64_t k,
                                            std::int64_t d, const Comp& comp) {
  std::int64_t lo = greater(0, d - k), hi = lesser(d, m);
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    // a[mid] goes before b[d - 1 - mid] unless b's is strictly less.
    if (!comp(b[d - 1 - mid], a[mid])) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// dst[out, out + count) = the next count elements of the merge of
// src[ia, a_end) and src[ib, b_end), a's first on ties.
template <class K, class V, class Comp>
KOKKOS_INLINE_FUNCTION void merge_n(const Buffers<K, V>& src, std::int64_t ia, std::int64_t a_end,
                                    std::int64_t ib, std::int64_t b_end, const Buffers<K, V>& dst,
                                    std::int64_t out, std::int64_t count, const Comp& comp) {
  const std::int64_t end = out + count;
  // Both runs have keys left: compare; then the rest of the one that has.
  for (; out < end && ia < a_end && ib < b_end; ++out) {
    const bool take_b = comp(src.keys[ib], src.keys[ia]);
    dst.set(out, src, take_b ? ib++ : ia++);
  }
  for (; out < end && ia < a_end; ++out) dst.set(out, src, ia++);
  for (; out < end; ++out) dst.set(out, src, ib++);
}

// dst[lo, hi) = elements lo .. hi - 1 of one merge pass over src[0, n):
// each pair of consecutive runs of `width` (from 0) merged into one. The
// range may cross pairs; each pair's part starts at its co-rank.
template <class K, class V, class Comp>
KOKKOS_INLINE_FUNCTION void merge_range(const Buffers<K, V>& src, const Buffers<K, V>& dst,
                                        std::int64_t n, std::int64_t width, std::int64_t lo,
                                        std::int64_t hi, const Comp& comp) {
  while (lo < hi) {
    const std::int64_t pair = lo - lo % (2 * width);
    const std::int64_t a_end = lesser(pair + width, n), b_end = lesser(pair + 2 * width, n);
    const std::int64_t part_end = lesser(hi, b_end);
    const std::int64_t d = lo - pair;
    const std::int64_t i =
        co_rank(src.keys + pair, a_end - pair, src.keys + a_end, b_end - a_end, d, comp);
    merge_n(src, pair + i, a_end, a_end + (d - i), b_end, dst, lo, part_end - lo, comp);
    lo = part_end;
  }
}

// Sorts buf[begin, end) stably by insertion (short runs).
template <class K, class V, class Comp>
KOKKOS_INLINE_FUNCTION void insertion_sort(const Buffers<K, V>& buf, std::int64_t begin,
                                           std::int64_t end, const Comp& comp) {
  for (std::int64_t i = begin + 1; i < end; ++i) {
    const K key = buf.keys[i];
    if (!comp(key, buf.keys[i - 1])) continue;
    const V value = buf.value(i);
    std::int64_t j = i;
    for (; j > begin && comp(key, buf.keys[j - 1]); --j) buf.set(j, buf, j - 1);
    buf.keys[j] = key;
    if constexpr (Buffers<K, V>::kValues) buf.values[j] = value;
  }
}

// One thread's stable merge sort of data[0, n), other[0, n) its buffer:
// runs of `run` by insertion, then merge passes between the two. Returns
// whether the result is in `other`.
template <class K, class V, class Comp>
KOKKOS_INLINE_FUNCTION bool sort_sequential(Buffers<K, V> data, Buffers<K, V> other, std::int64_t n,
                                            std::int64_t run, const Comp& comp) {
  for (std::int64_t b = 0; b < n; b += run) insertion_sort(data, b, lesser(b + run, n), comp);
  bool in_other = false;
  for (std::int64_t width = run; width < n; width *= 2) {
    merge_range(data, other, n, width, 0, n, comp);
    const Buffers<K, V> t = data;
    data = other;
    other = t;
    in_other = !in_other;
  }
  return in_other;
}

// The radix sorts' order as a comparator: by the keys' order-preserving
// images (floats in kp::sort's total order), descending by their
// complements; equal images are equivalent.
template <class K>
struct RadixOrder {
  bool descending = false;
  KOKKOS_INLINE_FUNCTION bool operator()(const K& a, const K& b) const {
    return sort::image(a, descending) < sort::image(b, descending);
  }
};

}  // namespace kp::impl::merge_sort
