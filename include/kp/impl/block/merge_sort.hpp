#pragma once
// Block level of the merge sorts: a team's stable sort of a tile that it
// holds in two buffers (GPU shared memory). Each thread sorts a run of
// `items` consecutive elements by insertion; then each merge pass doubles
// the runs, every thread writing `items` elements of the merged output,
// found by their merge path, into the other buffer. The same passes merge
// a longer range's sorted tiles in global memory (team_merge_passes).
#include <Kokkos_Core.hpp>
#include <cstdint>

#include <kp/impl/thread/merge_path.hpp>

namespace kp::impl::merge_sort {

// Merges a[0, len), sorted in runs of `width`, into one run, each pass
// from one buffer into the other, every thread writing `items` outputs at a
// time; every thread of the team calls it with the same arguments. Returns
// whether the result is in b. Ends with a barrier.
template <class Member, class K, class V, class Comp>
KOKKOS_INLINE_FUNCTION bool team_merge_passes(const Member& team, Buffers<K, V> a, Buffers<K, V> b,
                                              std::int64_t len, std::int64_t width, int items,
                                              const Comp& comp) {
  const std::int64_t chunks = (len + items - 1) / items;
  bool in_b = false;
  for (; width < len; width *= 2) {
    for (std::int64_t c = team.team_rank(); c < chunks; c += team.team_size()) {
      merge_range(a, b, len, width, c * items, lesser(len, (c + 1) * items), comp);
    }
    team.team_barrier();
    const Buffers<K, V> t = a;
    a = b;
    b = t;
    in_b = !in_b;
  }
  return in_b;
}

// Sorts a[0, len) stably by comp, b a buffer of as many; every thread of
// the team calls it with the same arguments. Returns whether the result is
// in b. Ends with a barrier.
template <class Member, class K, class V, class Comp>
KOKKOS_INLINE_FUNCTION bool team_merge_sort(const Member& team, Buffers<K, V> a, Buffers<K, V> b,
                                            std::int64_t len, int items, const Comp& comp) {
  const std::int64_t runs = (len + items - 1) / items;
  for (std::int64_t r = team.team_rank(); r < runs; r += team.team_size()) {
    insertion_sort(a, r * items, lesser(len, (r + 1) * items), comp);
  }
  team.team_barrier();
  return team_merge_passes(team, a, b, len, items, items, comp);
}

}  // namespace kp::impl::merge_sort
