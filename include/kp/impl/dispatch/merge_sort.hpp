#pragma once
// Dispatch of kp::sort and kp::sort_by_key with a comparator
// (include/kp/sort.hpp): the checks, the contiguous working copies where a
// user's View is strided (sort.hpp's Working), the scratch copy from the
// workspace cache, and the stable merge sort (agent/merge_sort.hpp): tiles
// sorted in place, then merge passes ping-ponging between the keys and the
// scratch copy.
#include <Kokkos_Core.hpp>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <kp/impl/agent/merge_sort.hpp>
#include <kp/impl/core/common.hpp>
#include <kp/impl/core/views.hpp>
#include <kp/impl/core/workspace.hpp>
#include <kp/impl/dispatch/sort.hpp>
#include <kp/impl/thread/merge_path.hpp>

namespace kp::impl::merge_sort {

// The scratch copy of a merge sort of n K keys with V values (none where
// V is NoValue) on a space.
template <class Space, class K, class V>
struct Scratch {
  using Stored = std::conditional_t<Buffers<K, V>::kValues, V, char>;
  View<K*, Space> keys;
  View<Stored*, Space> values;
  Buffers<K, V> buffers() const {
    Buffers<K, V> b;
    b.keys = keys.data();
    if constexpr (Buffers<K, V>::kValues) b.values = values.data();
    return b;
  }
};

template <class Space, class K, class V>
std::shared_ptr<Scratch<Space, K, V>> scratch_for(const Space& space, std::int64_t n) {
  const std::int64_t value_size = Buffers<K, V>::kValues ? n : 0;
  using S = Scratch<Space, K, V>;
  return workspace<S>(
      space,
      [&](const S& s) {
        return static_cast<std::int64_t>(s.keys.extent(0)) >= n &&
               static_cast<std::int64_t>(s.values.extent(0)) >= value_size;
      },
      [&] {
        const auto alloc = [&](const std::string& label) {
          return Kokkos::view_alloc(space, Kokkos::WithoutInitializing, label);
        };
        return S{View<K*, Space>(alloc("kp::sort merge keys"), n),
                 View<typename S::Stored*, Space>(alloc("kp::sort merge values"), value_size)};
      });
}

// Sorts data[0, n) stably by comp in the space's memory (contiguous), by
// `plan` (tests give small tiles; else the space's).
template <class Space, class K, class V, class Comp>
void merge_sort(const Space& space, const Buffers<K, V>& data, std::int64_t n, const Comp& comp,
                const MergePlan& plan) {
  if (n <= 1) return;
  const auto scratch = scratch_for<Space, K, V>(space, n);
  Buffers<K, V> from = data, to = scratch->buffers();
  const std::int64_t tiles = (n + plan.tile - 1) / plan.tile;
  sort_tiles(space, from, to, FixedTiles{n, plan.tile}, tiles, 2, plan.tile, plan, comp);
  for (std::int64_t width = plan.tile; width < n; width *= 2) {
    merge_pass(space, from, to, n, width, plan, comp);
    std::swap(from, to);
  }
  if (from.keys != data.keys) {
    Kokkos::parallel_for("kp::sort copy", IndexRange<Space>(space, 0, n),
                         CopyBuffers<K, V>{data, from});
  }
  space.fence();  // the scratch may be another call's once this returns
}
template <class Space, class K, class V, class Comp>
void merge_sort(const Space& space, const Buffers<K, V>& data, std::int64_t n, const Comp& comp) {
  merge_sort(space, data, n, comp, merge_plan<Space, K, V>(space, n));
}

// The user's View's data as Buffers (NoValues: keys alone).
template <class K, class V, class KeyData, class ValueData>
Buffers<K, V> buffers_of(const KeyData& keys, const ValueData& values) {
  Buffers<K, V> b;
  b.keys = keys.data();
  if constexpr (Buffers<K, V>::kValues) b.values = values.data();
  return b;
}

// Calls run(buffers) with the keys (and values) as contiguous Buffers in
// the space's memory: the user's, or copies written back after (sort.hpp's
// Working); fences `space`.
template <class ExecSpace, class KeyView, class ValueView, class Run>
void with_buffers(const ExecSpace& space, const KeyView& keys, const ValueView& values,
                  const Run& run) {
  using K = value_t<KeyView>;
  sort::Working<ExecSpace, KeyView> k(space, keys, true);
  if constexpr (!std::is_same_v<ValueView, sort::NoValues>) {
    sort::Working<ExecSpace, ValueView> v(space, values, true);
    run(buffers_of<K, value_t<ValueView>>(k.data, v.data));
    v.finish(space);
  } else {
    run(buffers_of<K, NoValue>(k.data, k.data));
  }
  k.finish(space);
  space.fence();
}

// kp::sort(space, keys, comp) and kp::sort_by_key(space, keys, values,
// comp) (values: sort::no_values for keys alone).
template <class ExecSpace, class KeyView, class ValueView, class Comp>
void sort_by(const char* call, const ExecSpace& space, const KeyView& keys, const ValueView& values,
             const Comp& comp) {
  check_view<ExecSpace, KeyView>();
  using K = value_t<KeyView>;
  static_assert(std::is_trivially_copyable_v<K>, "kp::sort: keys must be trivially copyable");
  static_assert(!std::is_const_v<typename KeyView::value_type>,
                "kp::sort: keys are sorted in place");
  static_assert(std::is_invocable_r_v<bool, const Comp&, const K&, const K&>,
                "kp::sort: the comparator is called as comp(a, b) on two keys, returning bool");
  const auto n = static_cast<std::int64_t>(keys.extent(0));
  sort::check_values<ExecSpace>(call, values, keys.extent(0));
  if (n <= 1) return;
  with_buffers(space, keys, values, [&](const auto& data) { merge_sort(space, data, n, comp); });
}

}  // namespace kp::impl::merge_sort
