#pragma once
// Block (team) level scan of one tile of team_size() * items consecutive
// values, staged through team scratch:
//   load     the team copies the tile from global memory into scratch in
//            striped order (consecutive threads touch consecutive addresses:
//            coalesced on a GPU), and each thread sums the `items`
//            consecutive values it owns (blocked order);
//   combine  Kokkos team_scan gives each thread the exclusive prefix of the
//            threads' sums, and the tile total (any other operation: a
//            doubling scan in scratch, as Kokkos' team_scan only adds);
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

#include <kp/impl/core/common.hpp>
#include <kp/impl/thread/scan_op.hpp>
#include <kp/impl/warp/scan.hpp>

namespace kp::impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
// The exclusive scan by `op` of the team's values, one a thread, in rank
// order: a warp scan a warp, whose totals meet in `partial` (a T a warp; one
// barrier), each thread putting the earlier warps' on the left. Threads
// from `active` on come after every thread that holds a value, so their
// partials reach no result that counts; `total` gets the first `active`
// threads' combination (through partial[0] where that is not all of them:
// two barriers more). Rank 0 gets T{}. The team size is a multiple of 32;
// returns without a barrier after reading `partial`.
template <class Member, class T, class Op>
__device__ T block_exclusive_scan(const Member& team, const T& value, T* partial, int active,
                                  const Op& op, T& total) {
  const int rank = team.team_rank(), size = team.team_size();
  const int lane = rank % kWarp, warp = rank / kWarp;
  const T inclusive = warp_inclusive_scan(value, lane, op);
  if (lane == kWarp - 1) partial[warp] = inclusive;
  team.team_barrier();
  T before = partial[0];
  for (int w = 1; w < warp; ++w) before = op(before, partial[w]);
  const T mine = warp > 0 ? op(before, inclusive) : inclusive;
  const T lower = shuffle_up(mine, 1);
  const T prefix = lane > 0 ? lower : warp > 0 ? before : T{};
  if (active == size) {
    T all = partial[0];
    for (int w = 1; w < size / kWarp; ++w) all = op(all, partial[w]);
    total = all;
  } else {
    team.team_barrier();  // the warps' totals read before partial[0] is rewritten
    if (rank == active - 1) partial[0] = mine;
    team.team_barrier();
    total = active > 0 ? partial[0] : T{};
  }
  return prefix;
}
#endif

// One scratch slot of padding every 32 values, so that the blocked accesses
// (thread t touches t * items + j) fall in distinct shared-memory banks.
KOKKOS_INLINE_FUNCTION constexpr int padded_index(int i) {
  return i + (i >> 5);
}

// Team scratch for a tile of `tile_size` values of T and one value per
// thread of a team of `team_size` (the threads' scan under an operation
// other than the sum), rounded up to the 8 bytes by which Kokkos' get_shmem
// rounds every request.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr std::size_t tile_scratch_bytes(int tile_size, int team_size) {
  return (sizeof(T) * static_cast<std::size_t>(padded_index(tile_size) + 1 + team_size) + 7) / 8 *
         8;
}

// The scan of one tile by `op` (scan_op.hpp), each value entering as
// load(in[i]).
template <class T, class Member, class Op = ScanSum<T>, class In = T, class Load = Identity>
class TileScan {
  static constexpr bool kSum = is_scan_sum<Op>;

 public:
  // The tile is the `count` <= team_size() * items values at `in`; `shared`
  // holds tile_scratch_bytes<T>(team_size() * items, team_size()) of team
  // scratch.
  KOKKOS_INLINE_FUNCTION TileScan(const Member& team, T* shared, int items, const In* in, int count,
                                  const Op& op = Op(), const Load& load = Load())
      : team_(team), shared_(shared), in_(in), items_(items), count_(count), op_(op), load_(load) {}

  // Returns the combination of this thread's values (of none: meaningless
  // but for the sum, 0). Teams of several threads copy the tile into
  // scratch first (past the end: zeros for the sum, else the first value).
  KOKKOS_INLINE_FUNCTION T load() const {
    if (alone()) {
      if (count_ == 0) return T{};
      T sum = get(0);
      for (int i = 1; i < count_; ++i) sum = op_(sum, get(i));
      return sum;
    }
    const int tile = team_.team_size() * items_;
    const T fill = kSum || count_ == 0 ? T{} : get(0);
    for (int i = team_.team_rank(); i < tile; i += team_.team_size()) {
      shared_[padded_index(i)] = i < count_ ? get(i) : fill;
    }
    team_.team_barrier();
    return fold_staged();
  }

  // A team that stages the tile itself writes value i to slot(i), for i <
  // team_size() * items (past the count: 0 for the sum, else any value),
  // then passes a barrier and takes its thread's combination from
  // fold_staged(), instead of load().
  KOKKOS_INLINE_FUNCTION T& slot(int i) const { return shared_[padded_index(i)]; }
  KOKKOS_INLINE_FUNCTION T fold_staged() const {
    const int left = count_ - first();
    const int valid = kSum || left > items_ ? items_ : left;
    T sum = valid > 0 ? shared_[padded_index(first())] : T{};
    for (int j = 1; j < valid; ++j) sum = op_(sum, shared_[padded_index(first() + j)]);
    return sum;
  }

  // Returns the combination of the lower-ranked threads' values (rank 0:
  // meaningless but for the sum, 0); every thread gets the tile's in
  // `tile_total` (of no values: T{}).
  KOKKOS_INLINE_FUNCTION T exclusive_prefix(const T& thread_sum, T& tile_total) const {
    if constexpr (kSum) {
      const T prefix = team_.team_scan(thread_sum);
      tile_total = prefix + thread_sum;
      team_.team_broadcast(tile_total, team_.team_size() - 1);
      return prefix;
    } else {
      if (alone()) {
        tile_total = thread_sum;
        return T{};
      }
      return threads_scan(thread_sum, tile_total);
    }
  }

  // Rank 0's `value` in every thread, through the scratch after the tile
  // (Kokkos' host team_broadcast copies through volatile, which a struct
  // does not allow).
  KOKKOS_INLINE_FUNCTION Running<T> broadcast(const Running<T>& value) const {
    if (alone()) return value;
    T* const slot = after_tile();
    bool* const any = reinterpret_cast<bool*>(slot + 1);
    team_.team_barrier();
    if (team_.team_rank() == 0) {
      slot[0] = value.value;
      *any = value.any;
    }
    team_.team_barrier();
    const Running<T> result{slot[0], *any};
    team_.team_barrier();  // read before the slots are reused
    return result;
  }

  // Where this thread's values start: after `tile_prefix` (what precedes
  // the tile) and `thread_prefix` (exclusive_prefix's).
  KOKKOS_INLINE_FUNCTION Running<T> start(const Running<T>& tile_prefix,
                                          const T& thread_prefix) const {
    if (team_.team_rank() == 0) return tile_prefix;
    return Running<T>{tile_prefix.then(op_, thread_prefix), true};
  }

  // Writes this thread's scan, starting after `prefix` (inclusive: each
  // value included in its own result, exclusive: not; an exclusive scan's
  // prefix is never empty), and stores the tile to `out`. A team of one
  // thread reads its tile again from `in`: from cache, as load() has just
  // read it.
  KOKKOS_INLINE_FUNCTION void scan_and_store(Running<T> prefix, bool inclusive, T* out) const {
    scan_and_store(prefix, inclusive, StoreTo{out});
  }
  KOKKOS_INLINE_FUNCTION void scan_and_store(const T& prefix, bool inclusive, T* out) const {
    scan_and_store(Running<T>{prefix, true}, inclusive, out);
  }

  // The same, each result handed to store(i, result) for the tile's value
  // i instead (the segmented scan's, which writes only the value part).
  template <class Store>
  KOKKOS_INLINE_FUNCTION void scan_and_store(Running<T> prefix, bool inclusive,
                                             const Store& store) const {
    if (alone()) {
      for (int i = 0; i < count_; ++i) {
        T result;
        scan_step(get(i), prefix, inclusive, result);
        store(i, result);
      }
      return;
    }
    for (int j = 0; j < items_; ++j) {
      T& slot = shared_[padded_index(first() + j)];
      scan_step(slot, prefix, inclusive, slot);
    }
    team_.team_barrier();
    for (int i = team_.team_rank(); i < count_; i += team_.team_size()) {
      store(i, shared_[padded_index(i)]);
    }
    team_.team_barrier();  // the scratch may be reused right after
  }

 private:
  struct StoreTo {
    T* out;
    KOKKOS_INLINE_FUNCTION void operator()(int i, const T& value) const { out[i] = value; }
  };

  KOKKOS_INLINE_FUNCTION T get(int i) const { return static_cast<T>(load_(in_[i])); }

  // `value` is read before `result` is written: they may be the same slot.
  KOKKOS_INLINE_FUNCTION void scan_step(const T& value, Running<T>& prefix, bool inclusive,
                                        T& result) const {
    const T x = value;
    if (!inclusive) result = prefix.value;
    push(op_, prefix, x);
    if (inclusive) result = prefix.value;
  }

  // The threads holding values, in rank order, by doubling steps (Hillis &
  // Steele) in the scratch after the tile: each step combines a thread's
  // partial with the one `d` ranks lower, lower first.
  KOKKOS_INLINE_FUNCTION T threads_scan(const T& thread_sum, T& tile_total) const {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
    if constexpr (sizeof(T) % sizeof(std::uint32_t) == 0) {
      if (team_.team_size() % kWarp == 0) return warps_scan(thread_sum, tile_total);
    }
#endif
    const int rank = team_.team_rank();
    const int active = active_threads();
    T* const partial = after_tile();
    partial[rank] = thread_sum;
    team_.team_barrier();
    for (int d = 1; d < active; d *= 2) {
      const bool take = rank >= d && rank < active;
      T lower{};
      if (take) lower = partial[rank - d];
      team_.team_barrier();
      if (take) partial[rank] = op_(lower, partial[rank]);
      team_.team_barrier();
    }
    tile_total = active > 0 ? partial[active - 1] : T{};
    const T prefix = rank > 0 && rank <= active ? partial[rank - 1] : T{};
    team_.team_barrier();  // read before a next tile writes
    return prefix;
  }

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  // The same on CUDA by shuffles (block_exclusive_scan).
  __device__ T warps_scan(const T& thread_sum, T& tile_total) const {
    const T prefix =
        block_exclusive_scan(team_, thread_sum, after_tile(), active_threads(), op_, tile_total);
    team_.team_barrier();  // read before a next tile writes
    return prefix;
  }
#endif

  KOKKOS_INLINE_FUNCTION bool alone() const {
    return team_.team_size() == 1;
  }
  KOKKOS_INLINE_FUNCTION int first() const {
    return team_.team_rank() * items_;
  }
  // The scratch after the tile (a slot of padding past it): the threads'
  // partials, or rank 0's broadcast.
  KOKKOS_INLINE_FUNCTION T* after_tile() const {
    return shared_ + padded_index(team_.team_size() * items_) + 1;
  }
  // The threads that hold values of the tile.
  KOKKOS_INLINE_FUNCTION int active_threads() const {
    return (count_ + items_ - 1) / items_;
  }

  const Member& team_;
  T* shared_;
  const In* in_;
  int items_;
  int count_;
  Op op_;
  Load load_;
};

}  // namespace kp::impl
