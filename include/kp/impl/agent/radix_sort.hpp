#pragma once
// Tile level of the radix sorts: the kernels of one pass, over tiles of
// consecutive keys.
//   histograms  every pass's digit counts over all keys, in one read (the
//               dispatch skips the passes whose digit is the same for all)
//   count       each tile's digit counts for one pass, digit-major
//               (counts[d * tiles + t]), so that their exclusive scan is
//               where tile t's keys of digit d go
//   scatter     each tile's keys (and values) to those places, in their
//               input order within a digit: the pass is stable
// Host spaces: a tile is a thread's contiguous share, scattered in index
// order by that thread. CUDA: a tile is 8 warps' runs of 16 rounds of 32
// consecutive keys; a key's place among its tile's keys of its digit comes
// from the warp's match of equal digits (__match_any_sync) and counters a
// warp in shared memory, so a round's keys of one digit go to consecutive
// places.
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/radix_keys.hpp>
#include <kp/impl/tuning/sort.hpp>

namespace kp::impl::sort {

// The digits of the passes a sort may run (at most 8: 64-bit keys).
struct Passes {
  Digit digit[8];
  int count = 0;
};

// Tiles of one sort: `count` tiles of `size` keys (the last may be shorter).
struct Tiles {
  std::int64_t n = 0;
  std::int64_t size = 1;
  std::int64_t count = 0;
  int team = 1;
  KOKKOS_INLINE_FUNCTION std::int64_t begin(std::int64_t t) const { return t * size; }
  KOKKOS_INLINE_FUNCTION std::int64_t end(std::int64_t t) const {
    return n < (t + 1) * size ? n : (t + 1) * size;
  }
};

template <class Space>
Tiles tiles_for(const Space& space, std::int64_t n) {
  Tiles tiles;
  tiles.n = n;
  if constexpr (is_gpu_space<Space>()) {
    using Policy = tuning::Tuned<SortTuning, Space>;
    tiles.size = Policy::tile;
    tiles.team = Policy::team;
  } else {
    const std::int64_t threads = std::max(1, space.concurrency());
    tiles.size = std::max(tuning::Tuned<SortTuning, Space>::min_tile, (n + threads - 1) / threads);
  }
  tiles.count = std::max<std::int64_t>(1, (n + tiles.size - 1) / tiles.size);
  return tiles;
}

template <class Space>
using Member = typename Kokkos::TeamPolicy<Space>::member_type;
// Whether teams of the space count with atomics (GPU teams share their
// counters; a host team is one thread).
template <class Space>
struct SharedCounters : std::bool_constant<is_gpu_space<Space>()> {};
// A team's counters: 32-bit in GPU shared memory (a team counts at most a
// few million keys), 64-bit on a host thread (which may count them all).
template <class Space>
using TeamCount = std::conditional_t<SharedCounters<Space>::value, std::uint32_t, std::int64_t>;

// Counts a key of digit d (none where !valid): GPU teams share their
// counters (a shared-memory atomic add; CUB's histograms do the same, and
// it costs less than aggregating a warp's equal digits with
// __match_any_sync first), a host team is one thread.
template <bool kShared, class Count>
KOKKOS_INLINE_FUNCTION void count_key(Count* counters, std::uint32_t d, bool valid) {
  if (!valid) return;
  if constexpr (kShared) {
    atomic_count(counters + d, Count(1));
  } else {
    ++counters[d];
  }
}

// Keys a thread reads before it counts them, so that its loads are in
// flight together instead of one at a time between the counts.
template <class Space>
inline constexpr int keys_in_flight = tuning::Tuned<SortTuning, Space>::keys_in_flight;

// f(key, valid) for each key of [begin, end), each team thread taking every
// team_size()-th in batches of Batch keys read before any is handed on.
template <int Batch, class Member, class Keys, class F>
KOKKOS_INLINE_FUNCTION void for_each_key(const Member& team, const Keys& keys, std::int64_t begin,
                                         std::int64_t end, const F& f) {
  using K = typename Keys::non_const_value_type;
  const std::int64_t step = team.team_size();
  for (std::int64_t base = begin + team.team_rank(); base < end; base += step * Batch) {
    K key[Batch];
    for (int j = 0; j < Batch; ++j) {
      const std::int64_t i = base + j * step;
      key[j] = i < end ? keys(i) : K();
    }
    for (int j = 0; j < Batch; ++j) f(key[j], base + j * step < end);
  }
}

// histogram(p * kDigits + d) += the keys whose pass-p digit is d (zeroed first).
// The counts are uint64: the GPU's native 64-bit atomic add (atomic_count);
// a compare-and-swap loop, which Kokkos 3.4 runs for int64, made this
// merge of every team's counters cost milliseconds.
template <class Space, class K>
void histograms(const Space& space, const View<const K*, Space>& keys, const Tiles& tiles,
                const Passes& passes, const View<std::uint64_t*, Space>& histogram) {
  using Count = TeamCount<Space>;
  constexpr bool kShared = SharedCounters<Space>::value;
  Kokkos::deep_copy(space, histogram, 0);
  const int bins = passes.count * kDigits;
  const std::size_t bytes = sizeof(Count) * static_cast<std::size_t>(bins);
  const int league = static_cast<int>(
      std::min<std::int64_t>(tiles.count, std::max(1, space.concurrency() / tiles.team)));
  const Tiles t = tiles;
  Kokkos::parallel_for(
      "kp::sort histograms",
      Kokkos::TeamPolicy<Space>(space, league, tiles.team)
          .set_scratch_size(0, Kokkos::PerTeam(bytes)),
      KOKKOS_LAMBDA(const Member<Space>& team) {
        Count* counts = static_cast<Count*>(team.team_scratch(0).get_shmem(bytes));
        for (int i = team.team_rank(); i < bins; i += team.team_size()) counts[i] = 0;
        team.team_barrier();
        for (std::int64_t tile = team.league_rank(); tile < t.count; tile += team.league_size()) {
          for_each_key<keys_in_flight<Space>>(
              team, keys, t.begin(tile), t.end(tile), [&](const K key, const bool valid) {
                for (int p = 0; p < passes.count; ++p) {
                  count_key<kShared>(counts + p * kDigits, passes.digit[p](key), valid);
                }
              });
        }
        team.team_barrier();
        for (int i = team.team_rank(); i < bins; i += team.team_size()) {
          if (counts[i] != 0) atomic_count(&histogram(i), std::uint64_t(counts[i]));
        }
      });
}

// counts(d * tiles.count + t) = the keys of tile t whose digit is d.
template <class Space, class K>
void count_tiles(const Space& space, const View<const K*, Space>& keys, const Tiles& tiles,
                 const Digit digit, const View<std::int64_t*, Space>& counts) {
  using Count = TeamCount<Space>;
  constexpr bool kShared = SharedCounters<Space>::value;
  const std::size_t bytes = sizeof(Count) * kDigits;
  const Tiles t = tiles;
  Kokkos::parallel_for(
      "kp::sort count",
      Kokkos::TeamPolicy<Space>(space, static_cast<int>(tiles.count), tiles.team)
          .set_scratch_size(0, Kokkos::PerTeam(bytes)),
      KOKKOS_LAMBDA(const Member<Space>& team) {
        Count* local = static_cast<Count*>(team.team_scratch(0).get_shmem(bytes));
        for (int d = team.team_rank(); d < kDigits; d += team.team_size()) local[d] = 0;
        team.team_barrier();
        const std::int64_t tile = team.league_rank();
        for_each_key<keys_in_flight<Space>>(
            team, keys, t.begin(tile), t.end(tile),
            [&](const K key, const bool valid) { count_key<kShared>(local, digit(key), valid); });
        team.team_barrier();
        for (int d = team.team_rank(); d < kDigits; d += team.team_size()) {
          counts(d * t.count + tile) = static_cast<std::int64_t>(local[d]);
        }
      });
}

// Values that go with the keys (sort_by_key), or none (a View of nothing).
template <class V, class Space>
struct Payload {
  View<const V*, Space> in;
  View<V*, Space> out;
  bool moves = false;
};

// Host spaces: each thread scatters its tile in index order.
template <class Space, class K, class V>
void scatter_host(const Space& space, const View<const K*, Space>& in, const View<K*, Space>& out,
                  const Payload<V, Space>& values, const Tiles& tiles, const Digit digit,
                  const View<const std::int64_t*, Space>& offsets) {
  const Tiles t = tiles;
  Kokkos::parallel_for(
      "kp::sort scatter", Kokkos::RangePolicy<Space>(space, 0, tiles.count),
      KOKKOS_LAMBDA(const std::int64_t tile) {
        std::int64_t next[kDigits];
        for (int d = 0; d < kDigits; ++d) next[d] = offsets(d * t.count + tile);
        const std::int64_t end = t.end(tile);
        for (std::int64_t i = t.begin(tile); i < end; ++i) {
          const K key = in(i);
          const std::int64_t to = next[digit(key)]++;
          out(to) = key;
          if (values.moves) values.out(to) = values.in(i);
        }
      });
}

// One pass's scatter on `space`: each thread scatters its tile in index
// order (host spaces); backends specialize it (backend/cuda/radix_scatter.hpp).
template <class Space>
struct PassScatter {
  static_assert(!is_gpu_space<Space>(), "kp::sort: GPUs other than CUDA are not supported yet");
  template <class K, class V>
  static void run(const Space& space, const View<const K*, Space>& in, const View<K*, Space>& out,
                  const Payload<V, Space>& values, const Tiles& tiles, const Digit digit,
                  const View<const std::int64_t*, Space>& offsets) {
    scatter_host(space, in, out, values, tiles, digit, offsets);
  }
};

template <class Space, class K, class V>
void scatter(const Space& space, const View<const K*, Space>& in, const View<K*, Space>& out,
             const Payload<V, Space>& values, const Tiles& tiles, const Digit digit,
             const View<const std::int64_t*, Space>& offsets) {
  PassScatter<Space>::template run<K, V>(space, in, out, values, tiles, digit, offsets);
}

}  // namespace kp::impl::sort

#if defined(KOKKOS_ENABLE_CUDA)
#include <kp/impl/backend/cuda/radix_scatter.hpp>
#endif
