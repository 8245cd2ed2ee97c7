#pragma once
// Block (team) level scan of one tile of team_size() * items consecutive
// values, staged through team scratch:
//   load     the team copies the tile from global memory into scratch in
//            striped order (consecutive threads touch consecutive addresses:
//            coalesced on a GPU), and each thread sums the `items`
//            consecutive values it owns (blocked order);
//   combine  Kokkos team_scan gives each thread the exclusive prefix of the
//            threads' sums, and the tile total;
//   store    each thread rewrites its values in scratch as prefix sums
//            starting from a prefix the caller chooses, and the team copies
//            them back out, striped again.
// Every sum combines adjacent ranges of the tile, so integer-valued data that
// is exact in a sequential scan is exact here, and integers never overflow
// where a sequential scan would not.
//
// A team of one thread (the host backends) skips the staging: it scans its
// tile straight from global memory, reading it twice from L1 (the tile is
// small) and from DRAM once.
#include <Kokkos_Core.hpp>
#include <cstddef>

namespace kp::impl {

// One scratch slot of padding every 32 values, so that the blocked accesses
// (thread t touches t * items + j) fall in distinct shared-memory banks.
KOKKOS_INLINE_FUNCTION constexpr int padded_index(int i) {
  return i + (i >> 5);
}

// Team scratch for a tile of `tile_size` values of T, rounded up to the
// 8 bytes by which Kokkos' get_shmem rounds every request.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t tile_scratch_bytes(int tile_size) {
  return (sizeof(T) * static_cast<std::size_t>(padded_index(tile_size) + 1) + 7) / 8 * 8;
}

template <class T, class Member>
class TileScan {
 public:
  // The tile is the `count` <= team_size() * items values at `in`; `shared`
  // holds tile_scratch_bytes<T>(team_size() * items) of team scratch.
  KOKKOS_INLINE_FUNCTION TileScan(const Member& team, T* shared, int items, const T* in, int count)
      : team_(team), shared_(shared), in_(in), items_(items), count_(count) {}

  // Returns the sum of this thread's values. Teams of several threads copy
  // the tile into scratch (zeros past the end) first.
  KOKKOS_INLINE_FUNCTION T load() const {
    T sum = 0;
    if (alone()) {
      for (int i = 0; i < count_; ++i) sum += in_[i];
      return sum;
    }
    const int tile = team_.team_size() * items_;
    for (int i = team_.team_rank(); i < tile; i += team_.team_size()) {
      shared_[padded_index(i)] = i < count_ ? in_[i] : T(0);
    }
    team_.team_barrier();
    for (int j = 0; j < items_; ++j) sum += shared_[padded_index(first() + j)];
    return sum;
  }

  // Returns the sum of the lower-ranked threads' values; every thread gets
  // the tile's total in `tile_total`.
  KOKKOS_INLINE_FUNCTION T exclusive_prefix(const T& thread_sum, T& tile_total) const {
    const T prefix = team_.team_scan(thread_sum);
    tile_total = prefix + thread_sum;
    team_.team_broadcast(tile_total, team_.team_size() - 1);
    return prefix;
  }

  // Writes this thread's prefix sums, starting at `prefix` (inclusive: each
  // value included in its own sum, exclusive: not), and stores the tile to
  // `out`. A team of one thread reads its tile again from `in`: from cache,
  // as load() has just read it.
  KOKKOS_INLINE_FUNCTION void scan_and_store(T prefix, bool inclusive, T* out) const {
    if (alone()) {
      for (int i = 0; i < count_; ++i) scan_step(in_[i], prefix, inclusive, out[i]);
      return;
    }
    for (int j = 0; j < items_; ++j) {
      T& slot = shared_[padded_index(first() + j)];
      scan_step(slot, prefix, inclusive, slot);
    }
    team_.team_barrier();
    for (int i = team_.team_rank(); i < count_; i += team_.team_size()) {
      out[i] = shared_[padded_index(i)];
    }
    team_.team_barrier();  // the scratch may be reused right after
  }

 private:
  // `value` is read before `result` is written: they may be the same slot.
  KOKKOS_INLINE_FUNCTION static void scan_step(const T& value, T& prefix, bool inclusive,
                                               T& result) {
    const T x = value;
    if (!inclusive) result = prefix;
    prefix += x;
    if (inclusive) result = prefix;
  }
  KOKKOS_INLINE_FUNCTION bool alone() const { return team_.team_size() == 1; }
  KOKKOS_INLINE_FUNCTION int first() const { return team_.team_rank() * items_; }

  const Member& team_;
  T* shared_;
  const T* in_;
  int items_;
  int count_;
};

}  // namespace kp::impl
